"""Registration and check-in at the venue, the real server in its own process: phones register at
the join page (what the venue's QR codes open), get their player code, check in; the TO approves
and refuses on the TO page; round 1 pairs the checked-in players. Many phones registering at
once lose nothing and store nothing twice."""

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
from ingest.source.project import Project
from tests.venue.support import Venue, csrf_of, key_of, make_event

T = TypeVar("T")
ENOUGH = 30.0


def _until(check: Callable[[], T], what: str) -> T:
    deadline = time.monotonic() + ENOUGH
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not within {ENOUGH} s: {what}")


def _text(page: str) -> str:
    """The join page's own part, as words."""
    start = page.find('<div class="sk-venue-entry">')
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page[start : page.find("</article>", start)]))


def _players(venue: Venue) -> dict[str, tuple[str, bool]]:
    event = load_event(venue.files[0], Project(venue.root)).event
    assert event is not None
    return {p.id: (p.name, p.checked_in) for p in event.players}


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("join") / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False, extra=("--check-in",))
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _register(phone: httpx.Client, name: str) -> httpx.Response:
    page = phone.get("/join").text
    event = re.search(r'name="event" value="([^"]+)"', page)
    assert event, page[:2000]
    return phone.post("/join", data={"csrf": csrf_of(page), "key": key_of(page), "event": event[1], "name": name})


def test_register_check_in_refuse_and_pair(venue: Venue) -> None:
    _until(lambda: any("players register and check in at http://" in line for line in venue.said), "the terminal")
    to = venue.to_client()
    # A player registers: their entry opens at their own code, and waits for the TO.
    alice = venue.client()
    r = _register(alice, "<script>alert(1)</script>")
    assert r.status_code == 200 and re.search(r"/join/[0-9A-Z]{8}$", str(r.url))
    code = str(r.url).rsplit("/", 1)[1]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text and "<script>alert(1)" not in r.text
    assert "waits for the TO to accept it" in _text(r.text)
    assert f"{code[:4]}-{code[4:]}" in r.text  # the code, shown to keep
    # Her phone says so again at /join (the session remembers her entry).
    assert f"{code[:4]}-{code[4:]}" in alice.get("/join").text
    # Another registers with a name that is a template.
    bob = venue.client()
    r = _register(bob, "{{ 7*7 }}")
    # (the page also shows Bob's code, random letters and digits that may hold a 49: it is
    # taken out before looking for the template's value)
    shown = re.sub(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}\b", "", _text(r.text))
    assert "{{ 7*7 }}" in shown and "49" not in shown
    # The TO sees both and approves Alice, refuses Bob with a reason.
    desk = to.get("/to").text
    waiting = r'<li id="r-[^"]+-(\d+)">\s*<p><span class="sk-muted">#\d+</span> <strong>([^<]+)</strong>'
    ids = dict(re.findall(waiting, desk))
    assert set(ids.values()) == {"&lt;script&gt;alert(1)&lt;/script&gt;", "{{ 7*7 }}"}
    first, second = sorted(ids, key=int)
    r = to.post("/to/approve", data={"csrf": csrf_of(desk), "id": first})
    assert "approved" in r.text
    r = to.post("/to/refuse", data={"csrf": csrf_of(desk), "id": second, "reason": "Registration closed at 19:00"})
    assert "refused" in r.text
    _until(lambda: "script-alert-1-script" in _players(venue), "Alice written into the event file")
    page = _until(lambda: (lambda p: p if "Check in when you are here" in p else "")(alice.get(f"/join/{code}").text),
                  "Alice offered the check-in")  # fmt: skip
    # Bob's phone reads the refusal in a sentence, with the TO's words.
    refused = _text(bob.get("/join").text)
    assert "The TO did not accept the registration of {{ 7*7 }} for Friday Night Venue. Please see the TO." in refused
    assert "The TO says: Registration closed at 19:00" in refused
    # Alice checks in; Carol checks in at the desk (the TO page); Dan does not come.
    r = alice.post(f"/join/{code}/check-in", data={"csrf": csrf_of(page), "key": key_of(page)})
    assert r.status_code == 200
    _until(lambda: _players(venue)["script-alert-1-script"][1], "Alice checked in")
    desk = to.get("/to").text
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", desk))
    assert "3 players on the roster, 1 checked in; round 1 pairs the players checked in." in words
    r = to.post("/to/check-in", data={"csrf": csrf_of(desk), "slug": venue.files[0].stem, "player": "carol-chen"})
    assert "Carol Chen (carol-chen) checked in" in r.text
    # Round 1 pairs the two who checked in; Dan is taken off the roster, as the TO page says.
    desk = to.get("/to").text
    r = to.post("/to/pair", data={"csrf": csrf_of(desk), "slug": venue.files[0].stem})
    assert "not checked in, so not paired and taken off the roster (MTR 2.10" in r.text and "Dan Dorn" in r.text
    assert set(_players(venue)) == {"carol-chen", "script-alert-1-script"}
    event = load_event(venue.files[0], Project(venue.root)).event
    assert event is not None and {p for m in event.rounds[0].matches for p in m.players} == set(_players(venue))
    # Check-in is over; the entry says where the table is.
    assert "Your table is on the pairings" in _until(
        lambda: (lambda t: t if "pairings" in t else "")(_text(alice.get(f"/join/{code}").text)), "paired"
    )
    # Her own code opened her entry on this phone, so it leads to her own match without the
    # slip: the entry names table and opponent and links the report form, and /report (the
    # live page's "Report your result") opens her match, her side already chosen.
    entry = _until(lambda: (lambda p: p if "against Carol Chen" in p else "")(alice.get(f"/join/{code}").text), "table")
    assert "Round 1: table 1, against Carol Chen." in _text(entry)
    link = re.search(r'href="(/report/[0-9A-Z]{8})">Report the result of my match', entry)
    assert link is not None
    r = alice.get("/report")
    assert str(r.url).endswith(link[1]) and "You are &lt;script&gt;alert(1)&lt;/script&gt;." in r.text
    # Another phone, without her code, is asked for a slip's code as before.
    assert "/report/" not in str(venue.client().get("/report").url)


def test_a_wrong_player_code_is_refused_and_counted(venue: Venue) -> None:
    phone = venue.client()
    r = phone.get("/join/ZZZZ-ZZZZ")
    assert r.status_code == 404 and "This code opens no entry" in r.text


def test_a_form_without_its_token_is_refused(venue: Venue) -> None:
    phone = venue.client()
    page = phone.get("/join").text
    event = re.search(r'name="event" value="([^"]+)"', page)
    assert event
    r = phone.post("/join", data={"key": key_of(page), "event": event[1], "name": "Mallory"})
    assert r.status_code == 403 and "This form has expired" in r.text
    assert "mallory" not in _players(venue)


@pytest.fixture
def at_once(tmp_path: Path) -> Iterator[Venue]:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False, extra=("--check-in",))
    running = Venue(root, (path,), tmp_path / "data", ("--register", "at-once")).start()
    yield running
    running.stop()


def test_many_phones_register_at_once_none_lost_none_twice(at_once: Venue) -> None:
    """Forty phones (each its own address on the loopback network, as phones on the venue's
    Wi-Fi) register at the same moment, each sending its form twice (a double tap, a retry);
    every registration is in the event file once, and every phone's code opens its own entry."""
    phones = 40
    names = [f"Player {n:02d}" for n in range(phones)]
    opened: list[tuple[httpx.Client, str]] = []
    for n in range(phones):
        phone = httpx.Client(
            base_url=at_once.url,
            follow_redirects=True,
            timeout=60,
            transport=httpx.HTTPTransport(local_address=f"127.0.{n // 200}.{n % 200 + 10}"),
        )
        opened.append((phone, phone.get("/join").text))
    event = re.search(r'name="event" value="([^"]+)"', opened[0][1])
    assert event
    start = threading.Barrier(phones)
    codes: dict[str, set[str]] = {}
    problems: list[str] = []

    def register(n: int) -> None:
        phone, page = opened[n]
        data = {"csrf": csrf_of(page), "key": key_of(page), "event": event[1], "name": names[n]}
        start.wait()
        for _ in range(2):
            try:
                r = phone.post("/join", data=data)
            except httpx.HTTPError as exc:
                problems.append(f"{names[n]}: {exc!r}")
                continue
            found = re.search(r"/join/([0-9A-Z]{8})$", str(r.url))
            if found is None:
                problems.append(f"{names[n]}: {r.status_code} {_text(r.text)[:200]}")
            else:
                codes.setdefault(names[n], set()).add(found[1])

    threads = [threading.Thread(target=register, args=(n,)) for n in range(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not problems, problems
    assert all(len(codes[name]) == 1 for name in names)  # the same entry, however often sent
    players = _until(lambda: (lambda p: p if len(p) == phones + 2 else {})(_players(at_once)), "every registration")
    registered = sorted(name for name, _ in players.values() if name.startswith("Player "))
    assert registered == names  # none lost, none twice
    for n, (phone, _page) in enumerate(opened):
        (code,) = codes[names[n]]
        assert f"{names[n]} is registered for Friday Night Venue" in _text(phone.get(f"/join/{code}").text)
        phone.close()
