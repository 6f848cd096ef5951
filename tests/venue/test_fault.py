"""Nothing lost, nothing twice: a storm of reports from phones (concurrent clients, each
submission with its idempotency key, sent again whenever no answer came), the server killed
with SIGKILL in the middle of it and started again, and then the count: every report a
phone was told "received" is in the database (and, agreed, in the event file), and none is
stored or written twice."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest
import yaml

from ingest.checks.event_files import load_event
from ingest.source.project import Project
from tests.builders import ROOT, run_cli
from tests.venue.support import EVENT, Venue, codes_of, csrf_of, key_of

TABLES = 24


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _event(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    path = root / EVENT
    path.parent.mkdir(parents=True)
    players = [{"id": f"p{i:02d}", "name": f"Player {i:02d}"} for i in range(2 * TABLES)]
    doc = {
        "name": "Storm", "date": "2026-11-27", "game": "mtg", "format": "modern", "rules": "mtr", "seed": 7,
        "structure": {"pairing": "swiss", "swiss_rounds": 3, "best_of": 3, "round_minutes": 50},
        "players": players, "rounds": [],
    }  # fmt: skip
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    code, out = run_cli(root, "pair", str(path), "--start", "now")
    assert code == 0, out
    return path


class Storm:
    """Phones sending their reports at once, each again until it is acknowledged."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.acked: dict[str, int] = {}
        """Idempotency key -> the submission's number the server acknowledged."""
        self.lock = threading.Lock()
        self.retries = 0

    def send(self, http: httpx.Client, code: str, form: dict[str, str]) -> None:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                r = http.post(
                    f"{self.url}/report/{code}", data=form, headers={"Accept": "application/json"}, timeout=10
                )
            except httpx.TransportError:
                with self.lock:
                    self.retries += 1
                time.sleep(0.2)
                continue
            doc = r.json()
            assert doc["ok"] is True, doc
            with self.lock:
                self.acked[form["key"]] = 1
            return
        raise AssertionError("a report was never acknowledged")


@pytest.mark.slow
def test_a_server_killed_during_a_storm_of_reports_loses_none_and_doubles_none(tmp_path: Path) -> None:
    path = _event(tmp_path / "project")
    port = _free_port()
    venue = Venue(tmp_path / "project", (path,), tmp_path / "data", ("--port", str(port))).start()
    url = f"http://127.0.0.1:{port}"
    event = load_event(path, Project(venue.root)).event
    assert event is not None
    codes = codes_of(venue.to_client().get("/to").text)
    # Every phone opens its table, says who it is, and holds its form (session, CSRF token, key).
    phones: list[tuple[httpx.Client, str, dict[str, str]]] = []
    for match in event.rounds[0].matches:
        assert match.table is not None
        code = codes[match.table].replace("-", "")
        for side, result in ((0, "2-1"), (1, "1-2")):
            http = httpx.Client(base_url=url, follow_redirects=True, timeout=30)
            page = http.get(f"/report/{code}").text
            page = http.post(f"/report/{code}/me", data={"csrf": csrf_of(page), "side": match.players[side]}).text
            phones.append((http, code, {"csrf": csrf_of(page), "key": key_of(page), "result": result}))
    storm = Storm(url)
    threads = [threading.Thread(target=storm.send, args=phone, daemon=True) for phone in phones]
    for t in threads:
        t.start()
    # Kill the server once a third of the reports are in and the others on their way.
    deadline = time.monotonic() + 60
    while len(storm.acked) < len(phones) // 3 and time.monotonic() < deadline:
        time.sleep(0.005)
    venue.kill()
    killed_after = len(storm.acked)
    venue.start()
    for t in threads:
        t.join(200)
    assert len(storm.acked) == len(phones)
    assert 0 < killed_after < len(phones)

    # Every agreed result reaches the event file (what was accepted before the kill and not
    # written is written at the restart).
    def recorded() -> int:
        loaded = load_event(path, Project(venue.root)).event
        assert loaded is not None
        return sum(1 for m in loaded.rounds[0].matches if m.score is not None)

    deadline = time.monotonic() + 60
    while recorded() < TABLES and time.monotonic() < deadline:
        time.sleep(0.2)
    venue.stop()
    db = next((tmp_path / "data" / "scorekeeper" / "venue").glob("*.sqlite3"))
    con = sqlite3.connect(db)
    rows = con.execute("SELECT key, subject, side, state, applied FROM submissions").fetchall()
    con.close()
    stored = {key for key, *_ in rows}
    lost = [key for key in storm.acked if key not in stored]
    per_phone = Counter((subject, side) for _, subject, side, _, _ in rows)
    duplicated = sum(n - 1 for n in per_phone.values())
    print(f"\n{len(phones)} reports, server killed after {killed_after} acknowledged, {storm.retries} retries; "
          f"lost {len(lost)}, duplicated {duplicated}")  # fmt: skip
    assert lost == [] and duplicated == 0
    assert len(rows) == len(phones) and all(state == "accepted" and applied for _, _, _, state, applied in rows)
    loaded = load_event(path, Project(venue.root)).event
    assert loaded is not None
    assert [m.score.notation() if m.score else None for m in loaded.rounds[0].matches] == ["2-1"] * TABLES
    assert run_cli(venue.root, "validate", str(path))[0] == 0
