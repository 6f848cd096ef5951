"""The venue as its tests run it: a small event made with the command line, and the real
server (``scorekeeper venue``) in its own process on a free port, driven over HTTP.

The server's data folder (its key and database) and cache are the test's own
(``XDG_DATA_HOME``, ``XDG_CACHE_HOME``); its clock is the computer's.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.builders import ROOT, run_cli

EVENT = "events/2026/2026-11-27-friday-night-venue.yaml"
TODAY = "2026-11-27"
PLAYERS = ("Alice Example", "Bob Builder", "Carol Chen", "Dan Dorn", "Erin Eve", "Fay Fox")


def make_event(root: Path, players: Sequence[str] = PLAYERS, *, pair: bool = True, extra: Sequence[str] = ()) -> Path:
    """A Swiss event of ``players`` (best of three, 50-minute rounds, three rounds), round 1
    paired and its clock started when ``pair``; returns the event file."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out = run_cli(
        root, "new", "--name", "Friday Night Venue", "--date", TODAY, "--game", "mtg", "--format", "modern",
        "--rounds", "3", "--round-minutes", "50", *extra,
    )  # fmt: skip
    assert code == 0, out
    path = root / EVENT
    for name in players:
        code, out = run_cli(root, "add-player", str(path), "--name", name)
        assert code == 0, out
    if pair:
        code, out = run_cli(root, "pair", str(path), "--start", "now")
        assert code == 0, out
    return path


@dataclass
class Venue:
    """A running ``scorekeeper venue`` process."""

    root: Path
    files: tuple[Path, ...]
    data: Path
    args: tuple[str, ...] = ()
    process: subprocess.Popen[str] | None = None
    url: str = ""
    token: str = ""
    said: list[str] = field(default_factory=list)

    def start(self, timeout: float = 120.0) -> Venue:
        """Starts the server and waits until it listens (its terminal says where)."""
        env = {**os.environ, "XDG_DATA_HOME": str(self.data), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "ingest", "--root", str(self.root), "venue", *map(str, self.files)]
        command += ["--port", "0", "--today", TODAY, *self.args]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=self.root
        )
        assert self.process.stderr is not None
        deadline = time.monotonic() + timeout
        self.said = []
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            self.said.append(line.rstrip("\n"))
            found = re.search(r"TO page \(yours alone; open it on your phone\): (http://[^/]+)/to\?token=(\S+)", line)
            if found:
                self.url, self.token = found[1], found[2]
                self._drain()
                return self
        raise AssertionError("the venue did not start:\n" + "\n".join(self.said))

    def _drain(self) -> None:
        """Keeps reading the server's terminal (a full pipe would stop it)."""
        import threading

        process = self.process
        assert process is not None and process.stderr is not None
        stream = process.stderr

        def read() -> None:
            for line in stream:
                self.said.append(line.rstrip("\n"))

        threading.Thread(target=read, daemon=True).start()

    def client(self) -> httpx.Client:
        """A phone: its own cookies (session), following redirects."""
        return httpx.Client(base_url=self.url, follow_redirects=True, timeout=30)

    def to_client(self) -> httpx.Client:
        """The TO's phone, signed in with the token the terminal printed."""
        to = self.client()
        assert to.get(f"/to?token={self.token}").status_code == 200
        return to

    def stop(self) -> None:
        """Stops the server as Ctrl+C does."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self) -> None:
        """Kills the server at once (``SIGKILL``: no cleanup, as a power cut)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, page[:2000]
    return found[1]


def key_of(page: str) -> str:
    found = re.search(r'name="key" value="([^"]+)"', page)
    assert found, page[:2000]
    return found[1]


def codes_of(to_page: str) -> dict[int, str]:
    """Each table's code, as the TO page lists them (table number -> code)."""
    rows = re.findall(r'<tr id="t-[^"]+-rounds/\d+/(\d+)">.*?sk-venue-code-small">([0-9A-Z-]+)<', to_page, re.S)
    return {int(table): code for table, code in rows}


def status_text(page: str) -> str:
    """The status sentence of a report form (tags taken out)."""
    found = re.search(r'<div class="sk-venue-status[^>]*>\s*<p>(.*?)</p>', page, re.S)
    return re.sub(r"<[^>]+>", "", found[1]).strip() if found else ""


class Phone:
    """A player's phone at the venue: opens their table's code, says who they are, reports."""

    def __init__(self, venue: Venue) -> None:
        self.http = venue.client()
        self.page = ""
        self.code = ""

    def open(self, code: str) -> httpx.Response:
        self.code = code.replace("-", "")
        r = self.http.get(f"/report/{self.code}")
        self.page = r.text
        return r

    def i_am(self, player: str) -> httpx.Response:
        """Chooses ``player`` (a player's id) on the "Who are you?" page."""
        r = self.http.post(f"/report/{self.code}/me", data={"csrf": csrf_of(self.page), "side": player})
        self.page = r.text
        return r

    def send(self, **fields: str) -> dict[str, object]:
        """Sends the report form (as the page's script does: JSON back); returns the answer."""
        data = {"csrf": csrf_of(self.page), "key": key_of(self.page), **fields}
        r = self.http.post(f"/report/{self.code}", data=data, headers={"Accept": "application/json"})
        doc: dict[str, object] = r.json()
        self.refresh()
        return doc

    def confirm(self) -> dict[str, object]:
        """Taps "Confirm" on the opponent's claim."""
        claim = re.search(r'name="confirm" value="(\d+)"', self.page)
        key = re.search(r'name="key" value="([^"]+-c)"', self.page)
        assert claim and key, self.page[:3000]
        data = {"csrf": csrf_of(self.page), "key": key[1], "confirm": claim[1]}
        r = self.http.post(f"/report/{self.code}", data=data, headers={"Accept": "application/json"})
        doc: dict[str, object] = r.json()
        self.refresh()
        return doc

    def refresh(self) -> str:
        self.page = self.http.get(f"/report/{self.code}").text
        return status_text(self.page)
