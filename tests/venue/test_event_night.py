"""A small event from round 1 to the final at the venue: the real server in its own process,
players reporting from their phones (HTTP clients with their own sessions), a dispute the
TO settles on the TO page, the round clock paused and extended, the next rounds paired from
the TO page, the pages following within seconds, and the published site afterwards free of
anything the venue keeps."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import httpx
import pytest

from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.core.rounds import GameScore
from ingest.source.project import Project
from tests.builders import run_cli
from tests.venue.support import Phone, Venue, codes_of, csrf_of, make_event, status_text

T = TypeVar("T")

ENOUGH = 30.0
"""Seconds a test waits for the venue to show something (it takes about one; a busy machine more)."""


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("night") / "project"
    path = make_event(root)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _event(venue: Venue) -> Event:
    event = load_event(venue.files[0], Project(venue.root)).event
    assert event is not None
    return event


def _until(check: Callable[[], T], what: str) -> T:
    """What ``check`` gives once it is something (it is asked again until then)."""
    deadline = time.monotonic() + ENOUGH
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {ENOUGH} s: {what}")


def _showing(get: Callable[[], str], text: str) -> str:
    """The page ``get`` fetches, once it shows ``text``."""
    return _until(lambda: (lambda page: page if text in page else "")(get()), f"a page with {text!r}")


def _tables(venue: Venue) -> dict[int, tuple[str, str]]:
    """The current round's tables: number -> (first player's id, second player's id)."""
    rnd = _event(venue).rounds[-1]
    return {m.table: (m.players[0], m.players[1]) for m in rnd.matches if m.table is not None}


def _listen(venue: Venue, page: str, tag: str, heard: list[str]) -> threading.Thread:
    """A phone's live stream for ``page``: the events it hears go into ``heard``."""

    def run() -> None:
        with (
            httpx.Client(base_url=venue.url, timeout=None) as http,
            http.stream("GET", "/__venue/events", params={"page": page, "tag": tag}) as r,
        ):
            for line in r.iter_lines():
                if line.startswith("event: "):
                    heard.append(line[7:])
                    if line == "event: page":
                        return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_small_event_from_round_one_to_the_final(venue: Venue) -> None:
    to = venue.to_client()
    event_page = "/events/2026-11-27-friday-night-venue/"
    page = venue.client().get(event_page).text
    tag = re.search(r'"tag":"([0-9a-f]+)"', page)
    assert tag and "/__venue/venue.js" in page  # the site's page, with the live client in it
    heard: list[str] = []
    listener = _listen(venue, event_page, tag[1], heard)

    # Round 1. Table 1: one player reports, the other confirms on their own phone.
    codes = round_one = codes_of(to.get("/to").text)
    tables = _tables(venue)
    assert sorted(codes) == [1, 2, 3]
    first, second = Phone(venue), Phone(venue)
    assert "Who are you?" in first.open(codes[1]).text
    first.i_am(tables[1][0])
    answer = first.send(result="2-1")
    assert answer["ok"] is True and answer["state"] == "reported"
    assert "Received: you reported" in status_text(first.page) and "Waiting for" in status_text(first.page)
    second.open(codes[1])
    second.i_am(tables[1][1])
    assert re.search(r"reported .* 2-1 .*\. Is that right\?", status_text(second.page))
    assert second.confirm()["ok"] is True
    _until(lambda: _event(venue).rounds[0].matches[0].score or None, "table 1's result in the event file")
    assert "Recorded:" in _showing(first.refresh, "Recorded")
    # The event page's phone heard that its page changed, and the new page has the result.
    listener.join(ENOUGH)
    assert "page" in heard, heard

    # Table 2: a dispute. Each says they won; the TO sees both claims and accepts one.
    a, b = Phone(venue), Phone(venue)
    a.open(codes[2])
    a.i_am(tables[2][0])
    a.send(result="2-0")
    b.open(codes[2])
    b.i_am(tables[2][1])
    assert b.send(result="2-1")["state"] == "disputed"
    assert "The TO decides" in status_text(a.refresh()) or "The TO decides" in a.refresh()
    desk = to.get("/to").text
    row = desk.split('id="t-2026-11-27-friday-night-venue-rounds/1/2"', 1)[1].split("</tr>", 1)[0]
    assert "disputed" in row and "2-0" in row and "1-2" in row  # both claims, each in the first player's terms
    accept = r'name="id" value="(\d+)"><button class="md-button md-button--primary" type="submit">Accept'
    claims = re.findall(accept, row)
    assert len(claims) == 2
    r = to.post("/to/accept", data={"csrf": csrf_of(desk), "id": claims[1], "key": "to-key-table-2"})
    assert r.status_code == 200 and "accepted" in r.text
    _until(lambda: _event(venue).rounds[0].matches[1].score is not None, "table 2 recorded")
    assert _event(venue).rounds[0].matches[1].score == GameScore(1, 2)
    assert "Recorded:" in a.refresh()

    # The clock: paused for a deck check, extended, running again.
    desk = to.get("/to").text
    slug = "2026-11-27-friday-night-venue"
    to.post("/to/clock", data={"csrf": csrf_of(desk), "slug": slug, "clock": "pause"})
    assert _event(venue).rounds[0].paused_at
    to.post("/to/clock", data={"csrf": csrf_of(desk), "slug": slug, "clock": "extend", "minutes": "5"})
    # The projector and the desk read the time left as served, before (or without) their script:
    # never the bare start time, which a room reads as the time left.
    paused = re.compile(r'<span class="sk-clock sk-paused"[^>]*>(\d+):\d\d left, paused</span>')
    on_screen = paused.search(venue.client().get("/screen").text)
    on_desk = paused.search(to.get("/to").text)
    assert on_screen and on_desk and int(on_screen[1]) == int(on_desk[1]) and 50 <= int(on_screen[1]) <= 54
    to.post("/to/clock", data={"csrf": csrf_of(desk), "slug": slug, "clock": "resume"})
    rnd = _event(venue).rounds[0]
    assert (rnd.extra_minutes, rnd.paused_at) == (5, "") and rnd.paused_seconds >= 0
    page = _showing(lambda: venue.client().get(event_page).text, 'data-extra="5"')
    assert 'data-minutes="50"' in page

    # Table 3 from the terminal while the venue runs: the same file, the same lock.
    assert run_cli(venue.root, "report", str(venue.files[0]), "--table", "3", "2-0")[0] == 0
    desk = _showing(lambda: to.get("/to").text, "Pair the next round")

    # Rounds 2 and 3: paired from the TO page, every table reported from phones.
    for number in (2, 3):
        r = to.post("/to/pair", data={"csrf": csrf_of(desk), "slug": slug, "start": "1"})
        assert "wrote round" in r.text, r.text[:3000]
        event = _event(venue)
        assert len(event.rounds) == number and event.rounds[-1].started
        desk = to.get("/to").text
        codes = codes_of(desk)
        for table, (p1, p2) in _tables(venue).items():
            x, y = Phone(venue), Phone(venue)
            x.open(codes[table])
            x.i_am(p1)
            x.send(result="2-0")
            y.open(codes[table])
            y.i_am(p2)
            y.confirm()
        desk = _showing(lambda: to.get("/to").text, "Pair the next round" if number < 3 else "The event is over")
    assert "Pair the next round" not in desk  # three rounds, no playoff: nothing left to pair
    event = _event(venue)
    assert all(m.reported for r in event.rounds for m in r.matches)
    # A slip of round 1 still opens its table, which says the round is over.
    late = Phone(venue)
    late.open(round_one[3])
    late.i_am(tables[3][0])
    assert status_text(late.page) == "Recorded: " + status_text(late.page).split(": ", 1)[1]
    answer = late.send(result="0-2")
    assert answer["ok"] is False and answer["error"] == "Round 1 is over: its results are now taken by the TO."
    assert _event(venue).rounds[0].matches[2].score == GameScore(2, 0)


def test_the_published_site_holds_nothing_the_venue_keeps(venue: Venue, tmp_path: Path) -> None:
    """After the night, `scorekeeper build` publishes the permanent record: no code, no
    token, no address of the venue, nothing from its database."""
    import sqlite3

    from ingest.venue.codes import VenueKeys, load_key
    from ingest.venue.events import Events

    db = next((venue.data / "scorekeeper" / "venue").glob("*.sqlite3"))
    con = sqlite3.connect(db)
    rows = con.execute("SELECT key, device FROM submissions").fetchall()
    con.close()
    assert rows, "the night stored nothing"
    keys = VenueKeys(load_key(venue.data / "scorekeeper"))
    live = Events(Project(venue.root), list(venue.files), keys).all()[0]
    secrets = {code for code, _ in live.codes} | {venue.token, venue.url.split("//")[1], "__venue", "/report/"}
    secrets |= {k for k, _ in rows} | {d for _, d in rows if d != "to"}
    code, out = run_cli(venue.root, "build", "--today", "2026-11-27")
    assert code == 0, out
    found = []
    for folder in ("build/site", "build/docs", "build/fragments"):
        for path in (venue.root / folder).rglob("*"):
            if path.is_file():
                text = path.read_bytes().decode("utf-8", errors="replace")
                found += [f"{path}: {s}" for s in secrets if s in text or s.replace("-", "") in text]
                found += [f"{path}: code {c}" for c, _ in live.codes if f"{c[:4]}-{c[4:]}" in text]
    assert found == []
    assert not list(venue.root.rglob("*.sqlite3")) and not list(venue.root.rglob("venue.key"))
