"""Event night at the venue under load: 300 phones on the live event page, 150 results reported
from phones within a minute. Prints figures; not a test (no timing is asserted anywhere).

The real server (``scorekeeper venue``) runs in its own process on loopback with a 300-player
event (150 tables, round 1 paired). This script plays the phones with asyncio (the players'
forms with httpx, the 300 readers in plain HTTP/1.1, so that they cost little of the machine):

* 300 phones hold the event page's live stream (server-sent events) open; told that their
  page changed, each fetches the page again (as a browser reloads it; its assets are cached);
* over one minute, each of the 150 tables reports: one player sends the result, a second
  later the other confirms it from their own phone (300 submissions). Results both players
  agree on are accepted at once (the venue's default).

It prints:

* reports lost: acknowledged submissions missing from the venue's database (budget: 0);
* the time to acknowledge a submission, p50 and p99 (every acknowledgement means "stored");
* the time from a result being accepted (the confirmation acknowledged) to every phone's
  page showing it, p50, p99 and the slowest (budget: 2 s at p99);
* CPU seconds of the server and of the phones beside the wall time.

    python benchmarks/venue.py                      # 300 phones, 150 tables, 60 s
    python benchmarks/venue.py --phones 50 --tables 30 --seconds 20   # quick
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import re
import resource
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.checks.event_files import load_event  # noqa: E402
from ingest.source.project import Project  # noqa: E402

EVENT = "events/2026/2026-11-27-big-night.yaml"
SLUG = "2026-11-27-big-night"
PAGE = f"/events/{SLUG}/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_project(root: Path, tables: int) -> Path:
    """A project with one event of ``2 * tables`` players, round 1 paired and started."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    players = [{"id": f"p{i:03d}", "name": f"Player {i:03d}"} for i in range(2 * tables)]
    doc = {
        "name": "Big Night", "date": "2026-11-27", "game": "mtg", "format": "modern", "rules": "mtr", "seed": 11,
        "structure": {"pairing": "swiss", "swiss_rounds": 8, "best_of": 3, "round_minutes": 50},
        "players": players, "rounds": [],
    }  # fmt: skip
    path = root / EVENT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    run = [sys.executable, "-m", "ingest", "--root", str(root), "pair", str(path), "--start", "now"]
    subprocess.run(run, check=True, capture_output=True)
    return path


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and its children (the venue's build process;
    Linux /proc)."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            total += cpu_seconds(int(child))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return total + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def results_on(page: str) -> set[int]:
    """The tables whose result the live pairings of an event page show."""
    live = page.split('<section class="sk-live"', 1)[-1].split("</section>", 1)[0]
    rows = re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", live, re.S)
    return {int(table) for table, row in rows if "sk-pending" not in row}


@dataclass
class Phone:
    """A phone on the event page: when it saw each table's result."""

    seen: dict[int, float] = field(default_factory=dict)
    fetches: int = 0


async def fetch(port: int, path: str) -> str:
    """A page as a phone's browser gets it (gzipped), over a connection of its own. The phones
    speak plain HTTP/1.1 on asyncio streams: three hundred of them must cost this script little
    of the machine the server runs on."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n".encode()
    )
    data = await reader.read(-1)
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    if b"content-encoding: gzip" in head.lower():
        body = gzip.decompress(body)
    return body.decode("utf-8", errors="replace")


async def watch(port: int, phone: Phone, stop: asyncio.Event, ready: asyncio.Semaphore) -> None:
    """Holds the page's live stream; fetches the page again whenever the server says it changed."""
    first = await fetch(port, PAGE)
    tag = re.search(r'"tag":"([0-9a-f]+)"', first)
    assert tag, "the event page has no live client"
    for table in results_on(first):
        phone.seen.setdefault(table, time.monotonic())
    current = tag[1]
    announced = False
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        query = f"page={PAGE}&tag={current}"
        writer.write(f"GET /__venue/events?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        if not announced:
            ready.release()
            announced = True
        try:
            while not stop.is_set():
                line = await reader.readline()
                if not line:
                    break
                if line.strip() != b"event: page":
                    continue
                page = await fetch(port, PAGE)  # the browser reloads: a new stream from the new page
                phone.fetches += 1
                now = time.monotonic()
                for table in results_on(page):
                    phone.seen.setdefault(table, now)
                found = re.search(r'"tag":"([0-9a-f]+)"', page)
                if found:
                    current = found[1]
                break
        finally:
            writer.close()


@dataclass
class Reports:
    acked: dict[str, float] = field(default_factory=dict)
    """Idempotency key -> seconds to acknowledge."""
    accepted: dict[int, float] = field(default_factory=dict)
    """Table -> when its result was accepted (the confirmation acknowledged)."""


async def player(url: str, code: str, side: str) -> tuple[httpx.AsyncClient, dict[str, str]]:
    """A player's phone with their table open and the form ready (session, CSRF token, key)."""
    http = httpx.AsyncClient(base_url=url, follow_redirects=True, timeout=60)
    page = (await http.get(f"/report/{code}")).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    page = (await http.post(f"/report/{code}/me", data={"csrf": csrf[1], "side": side})).text
    key = re.search(r'name="key" value="([^"]+)"', page)
    assert key
    return http, {"csrf": csrf[1], "key": key[1]}


async def send(http: httpx.AsyncClient, code: str, form: dict[str, str], reports: Reports) -> dict[str, object]:
    """Sends until acknowledged (the same key every time); records the time to acknowledge."""
    while True:
        start = time.monotonic()
        try:
            r = await http.post(f"/report/{code}", data=form, headers={"Accept": "application/json"})
        except httpx.TransportError:
            await asyncio.sleep(0.2)
            continue
        doc: dict[str, object] = r.json()
        assert doc["ok"], doc
        reports.acked[form["key"]] = time.monotonic() - start
        return doc


async def table_reports(
    url: str, table: int, code: str, sides: tuple[str, str], delay: float, reports: Reports
) -> None:
    first, form = await player(url, code, sides[0])
    second, form2 = await player(url, code, sides[1])
    await asyncio.sleep(delay)
    await send(first, code, {**form, "result": "2-1"}, reports)
    await asyncio.sleep(1.0)
    page = (await second.get(f"/report/{code}")).text
    claim = re.search(r'name="confirm" value="(\d+)"', page)
    key = re.search(r'name="key" value="([^"]+-c)"', page)
    assert claim and key, page[:2000]
    doc = await send(second, code, {"csrf": form2["csrf"], "key": key[1], "confirm": claim[1]}, reports)
    assert doc["state"] in ("accepted", "recorded"), doc
    reports.accepted[table] = time.monotonic()
    await first.aclose()
    await second.aclose()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def night(
    root: Path, url: str, token: str, phones: int, tables: int, seconds: float
) -> tuple[Reports, list[Phone]]:
    async with httpx.AsyncClient(base_url=url, follow_redirects=True) as to:
        desk = (await to.get(f"/to?token={token}")).text
    rows = re.findall(r'<tr id="t-[^"]+-rounds/\d+/(\d+)">.*?sk-venue-code-small">([0-9A-Z-]+)<', desk, re.S)
    codes = {int(t): c.replace("-", "") for t, c in rows}
    event = load_event(root / EVENT, Project(root)).event
    assert event is not None
    seats = {m.table: (m.players[0], m.players[1]) for m in event.rounds[0].matches if m.table}
    stop = asyncio.Event()
    ready = asyncio.Semaphore(0)
    watching = [Phone() for _ in range(phones)]
    port = int(url.rsplit(":", 1)[1])
    watchers = [asyncio.create_task(watch(port, p, stop, ready)) for p in watching]
    for _ in range(phones):
        await ready.acquire()
    print(f"{phones} phones on the event page's live stream")
    reports = Reports()
    spacing = seconds / tables
    jobs = [
        table_reports(url, t, codes[t], seats[t], i * spacing, reports) for i, t in enumerate(sorted(codes)[:tables])
    ]
    await asyncio.gather(*jobs)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(len(p.seen) < tables for p in watching):
        await asyncio.sleep(0.2)
    stop.set()
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return reports, watching


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--tables", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (4096, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        make_project(root, args.tables)
        port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": f"{tmp}/data", "XDG_CACHE_HOME": f"{tmp}/cache"}
        command = [sys.executable, "-m", "ingest", "--root", str(root), "venue", str(root / EVENT), "--port",
                   str(port), "--today", "2026-11-27"]  # fmt: skip
        server = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        assert server.stderr is not None
        token = ""
        for line in server.stderr:
            found = re.search(r"/to\?token=(\S+)", line)
            if found:
                token = found[1]
                break
        assert token, "the venue did not start"
        url = f"http://127.0.0.1:{port}"
        try:
            server_cpu, own_cpu, start = cpu_seconds(server.pid), time.process_time(), time.monotonic()
            reports, phones = asyncio.run(night(root, url, token, args.phones, args.tables, args.seconds))
            wall = time.monotonic() - start
            server_cpu, own_cpu = cpu_seconds(server.pid) - server_cpu, time.process_time() - own_cpu
        finally:
            server.terminate()
            server.wait(timeout=30)
        db = next(Path(f"{tmp}/data/scorekeeper/venue").glob("*.sqlite3"))
        with sqlite3.connect(db) as con:
            stored = {k for (k,) in con.execute("SELECT key FROM submissions")}
    lost = [k for k in reports.acked if k not in stored]
    acks = list(reports.acked.values())
    shown = [
        phone.seen[table] - accepted
        for table, accepted in reports.accepted.items()
        for phone in phones
        if table in phone.seen
    ]
    missing = sum(1 for table in reports.accepted for phone in phones if table not in phone.seen)
    fetches = sum(p.fetches for p in phones)
    results = len(reports.accepted)
    print(f"{len(acks)} submissions, {results} results in {args.seconds:.0f} s; reports lost: {len(lost)}")
    print(
        f"acknowledged (stored): p50 {pct(acks, 50) * 1000:.0f} ms, p99 {pct(acks, 99) * 1000:.0f} ms, "
        f"slowest {max(acks) * 1000:.0f} ms"
    )
    print(
        f"accepted result on every phone's page: p50 {pct(shown, 50):.2f} s, p99 {pct(shown, 99):.2f} s, "
        f"slowest {max(shown):.2f} s (budget: p99 <= 2 s); never seen: {missing}; page fetches: {fetches}"
    )
    print(
        f"wall {wall:.1f} s; CPU: server {server_cpu:.1f} s (its build process included), "
        f"phones (this script) {own_cpu:.1f} s; machine: {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
