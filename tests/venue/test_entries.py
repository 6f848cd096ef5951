"""The registration desk without the server: registrations stored and decided, written into the
event file by add-player's edit (and players.yaml with the naming chosen), check-ins, refusals
with the TO's words, late entries, and the CLI's inbox, accept and reject on registrations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.core.rounds import MatchKind
from ingest.site.i18n import use
from ingest.source.project import Project
from ingest.venue.codes import VenueKeys, load_key, new_token
from ingest.venue.desk import Refused
from ingest.venue.entries import Entries
from ingest.venue.entry_writing import write_entry
from ingest.venue.events import Events, LiveEvent
from ingest.venue.guard import REGISTRATIONS, Guard
from ingest.venue.server import open_store
from ingest.venue.store import Store
from tests.builders import event_at, run_cli, run_ok
from tests.venue.support import make_event

REGISTRY = """\
players:
  - {id: alice-example, name: Alice Example}
  - {id: oona, name: Oona Ueda, handle: TheOracle}
  - {id: p-0042, name: Bram Quist, display: initials}
"""


def _entries(root: Path, path: Path, data: Path) -> Entries:
    events = Events(Project(root), [path], VenueKeys(bytes(range(32))))
    return Entries(events, Store(data / "venue.sqlite3"), wake=lambda: None, changed=lambda: None)


@pytest.fixture
def entries(tmp_path: Path) -> Entries:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False, extra=("--check-in",))
    return _entries(root, path, tmp_path / "data")


def _live(entries: Entries) -> LiveEvent:
    return entries.events.all()[0]


def _register(entries: Entries, name: str, device: str = "phone-a", **kw: str) -> int:
    with use("en"):
        sent = entries.register(_live(entries), name, key=new_token(), device=device, **kw)
    return sent.id


def _write(entries: Entries, sid: int) -> None:
    sub = entries.store.get(sid)
    assert sub is not None
    write_entry(entries.events, entries.store, sub.event, sub.subject)


def _players(entries: Entries) -> dict[str, tuple[str, bool]]:
    event = event_at(_live(entries).path, entries.events.project.root)
    return {p.id: (p.name, p.checked_in) for p in event.players}


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "{{ 7*7 }}", "Smith, John", "Ñandú Málaga"])
def test_a_registration_waits_for_the_to_then_is_written_as_add_player_writes_it(entries: Entries, name: str) -> None:
    sid = _register(entries, name)
    entry = entries.entry(_live(entries), entries.store.get(sid).side)  # type: ignore[union-attr]
    assert entry is not None and entry.state == "pending"
    _write(entries, sid)  # nothing is written before the TO approves
    assert len(_players(entries)) == 2
    entries.approve(sid)
    _write(entries, sid)
    pid = entries.store.get(sid).side  # type: ignore[union-attr]
    assert _players(entries)[pid] == (name, False)  # stored exactly as typed
    assert entries.entry(_live(entries), pid).state == "registered"  # type: ignore[union-attr]
    # The player's code opens their entry, and no one else's.
    code = entries.code_of(_live(entries), pid)
    assert entries.find_code(_live(entries), code) == pid
    assert entries.find_code(_live(entries), entries.code_of(_live(entries), "carol-chen")) == "carol-chen"
    # Written once: the applier running again (a restart) changes nothing.
    text = _live(entries).path.read_text()
    _write(entries, sid)
    assert _live(entries).path.read_text() == text


def test_the_id_is_add_players_and_a_taken_name_is_refused(entries: Entries) -> None:
    sid = _register(entries, "Erin Eve")
    assert entries.store.get(sid).side == "erin-eve"  # type: ignore[union-attr]
    with use("en"), pytest.raises(Refused, match="A player with a name like erin EVE is already registered"):
        _register(entries, "erin  EVE", device="phone-b")  # another phone: it would take her code
    with use("en"), pytest.raises(Refused, match="A player with a name like Carol Chen is already registered"):
        _register(entries, "Carol Chen", device="phone-b")  # on the roster already
    with use("en"), pytest.raises(Refused, match="Write your name"):
        _register(entries, "   ", device="phone-b")
    with use("en"), pytest.raises(Refused, match="cannot have"):
        _register(entries, "Eve\u202eil", device="phone-b")


def test_refused_with_the_tos_words_and_the_check_in_goes_with_it(entries: Entries) -> None:
    sid = _register(entries, "Fay Fox")
    live = _live(entries)
    with use("en"):
        entries.check_in(live, "fay-fox", key=new_token(), device="phone-a")
    assert entries.entry(live, "fay-fox").check_in_sent  # type: ignore[union-attr]
    entries.refuse(sid, "The event is full   tonight")
    entry = entries.entry(live, "fay-fox")
    assert entry is not None and entry.state == "refused" and entry.reason == "The event is full tonight"
    assert entries.find_code(live, entries.code_of(live, "fay-fox")) == "fay-fox"  # her phone is told
    _write(entries, sid)
    assert "fay-fox" not in _players(entries)
    with use("en"), pytest.raises(Refused, match="not accepted, so you cannot check in"):
        entries.check_in(live, "fay-fox", key=new_token(), device="phone-a")


def test_a_check_in_sent_before_approval_is_written_after_it(entries: Entries) -> None:
    sid = _register(entries, "Gus Gray")
    live = _live(entries)
    with use("en"):
        entries.check_in(live, "gus-gray", key=new_token(), device="phone-a")
    assert write_entry(entries.events, entries.store, live.slug, "players/gus-gray") is None  # waits
    entries.approve(sid)
    _write(entries, sid)
    assert _players(entries)["gus-gray"] == ("Gus Gray", True)


def test_at_once_writes_registrations_as_they_arrive(entries: Entries) -> None:
    waiting = _register(entries, "Hal Hart")
    entries.set_mode("at-once")  # what waited is approved with the change, as results' agreed mode does
    assert entries.store.get(waiting).state == "accepted"  # type: ignore[union-attr]
    sid = _register(entries, "Ida Ito", device="phone-b")
    assert entries.store.get(sid).state == "accepted"  # type: ignore[union-attr]
    _write(entries, sid)
    assert "ida-ito" in _players(entries)


def test_players_yaml_pick_yourself_or_choose_how_you_are_named(tmp_path: Path) -> None:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False)
    (root / "players.yaml").write_text(REGISTRY)
    entries = _entries(root, path, tmp_path / "data")
    live = _live(entries)
    assert [p.id for p in entries.candidates(live, " alice  example")] == ["alice-example"]
    assert [p.id for p in entries.candidates(live, "theoracle")] == ["oona"]
    # Picked from players.yaml: their id there, nothing added to it.
    sid = _register(entries, "TheOracle", known="oona")
    entries.approve(sid)
    _write(entries, sid)
    assert _players(entries)["oona"] == ("Oona Ueda", False)
    # A new player chooses initials: an id that does not spell their name, and players.yaml says so.
    sid = _register(entries, "Kim Kowalski", device="phone-b", display="initials")
    pid = entries.store.get(sid).side  # type: ignore[union-attr]
    assert re.fullmatch(r"p-[0-9a-f]{6}", pid)
    entries.approve(sid)
    _write(entries, sid)
    assert f"  - {{id: {pid}, name: Kim Kowalski, display: initials}}\n" in (root / "players.yaml").read_text()
    assert _players(entries)[pid] == ("Kim Kowalski", False)
    # A handle: the id is made from the handle.
    sid = _register(entries, "Lou Lamb", device="phone-c", display="handle", handle="Lucky Lou")
    assert entries.store.get(sid).side == "lucky-lou"  # type: ignore[union-attr]
    # Someone claiming a person of players.yaml under another name is refused.
    with use("en"), pytest.raises(Refused, match="Choose yourself"):
        _register(entries, "Mallory", device="phone-d", known="alice-example")
    # The site names them as they chose.
    run_ok(root, "build")
    page = (root / "build" / "site" / "events").rglob("index.html")
    text = "".join(p.read_text(encoding="utf-8") for p in page)
    assert "K. K." in text and "Kim Kowalski" not in text


def test_a_registration_after_round_1_is_a_late_entry(tmp_path: Path) -> None:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn", "Erin Eve", "Fay Fox"))
    entries = _entries(root, path, tmp_path / "data")
    with use("en"):
        assert "match loss for each round already paired (1)" in entries.late_words(_live(entries))
    sid = _register(entries, "Gus Late")
    entries.approve(sid)
    _write(entries, sid)
    assert "a late entry: a match loss for Round 1" in entries.store.get(sid).outcome  # type: ignore[union-attr]
    event = event_at(path, root)
    assert any(m.kind is MatchKind.LOSS and m.players == ("gus-late",) for m in event.rounds[0].matches)


def test_a_bracket_takes_no_one_after_round_1(tmp_path: Path) -> None:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn", "Erin Eve", "Fay Fox"), pair=False)
    text = path.read_text().replace("pairing: swiss", "pairing: single-elimination").replace("  swiss_rounds: 3\n", "")
    path.write_text(text)
    run_ok(root, "pair", str(path))
    entries = _entries(root, path, tmp_path / "data")
    with use("en"), pytest.raises(Refused, match="takes no more players"):
        _register(entries, "Gus Late")


def test_registrations_are_limited_per_address() -> None:
    guard = Guard(VenueKeys(bytes(32)), "token", clock=lambda: 0.0)
    assert all(guard.may_register("10.0.0.5") for _ in range(REGISTRATIONS))
    assert not guard.may_register("10.0.0.5")
    assert guard.may_register("10.0.0.6")


def test_inbox_accept_and_reject_registrations_from_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False, extra=("--check-in",))
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    project = Project(root)
    events = Events(project, [path], VenueKeys(load_key(data / "scorekeeper")))
    entries = Entries(events, open_store(data / "scorekeeper", project), wake=lambda: None, changed=lambda: None)
    one = _register(entries, "Erin Eve")
    two = _register(entries, "<b>Fay</b>", device="phone-b")
    out = run_ok(root, "inbox", str(path))
    assert out.startswith(f"events/2026/{path.name}: no round yet: no result sent yet\n")
    assert re.search(rf"#{one}  registration: Erin Eve \(erin-eve\), shown by name, at \d\d:\d\d: waiting for you", out)
    assert "check-in: 0 of 2 players" in out
    out = run_ok(root, "accept", str(path), str(one))
    assert "added Erin Eve (erin-eve)" in out
    out = run_ok(root, "reject", str(path), str(two), "--reason", "Not a member")
    assert "registration 2 of <b>Fay</b> refused (Not a member)" in out
    assert entries.entry(_live(entries), entries.store.get(two).side).reason == "Not a member"  # type: ignore[union-attr]
    code, out = run_cli(root, "accept", str(path), str(two))
    assert code == 1 and "not waiting for a decision" in out
    out = run_ok(root, "check-in", str(path), "erin-eve")
    assert "checked in (1 of 3 players)" in out


def test_a_player_left_out_of_round_1_is_told_and_may_join_late(entries: Entries) -> None:
    from ingest.venue.join_pages import entry_words

    sid = _register(entries, "Nia Noon")
    entries.approve(sid)
    _write(entries, sid)
    root, path = entries.events.project.root, _live(entries).path
    run_ok(root, "check-in", str(path), "carol-chen", "dan-dorn")
    assert "Nia Noon (nia-noon)" in run_ok(root, "pair", str(path))  # left out: she did not check in
    live = _live(entries)
    entry = entries.entry(live, "nia-noon")
    assert entry is not None and entry.state == "left-out"
    with use("en"):
        assert "was not checked in when round 1 was paired" in entry_words(live, entry)["message"]
        with pytest.raises(Refused, match="check-in is over"):
            entries.check_in(live, "nia-noon", key=new_token(), device="phone-a")
    again = _register(entries, "Nia Noon")  # from her phone: a late entry
    entries.approve(again)
    _write(entries, again)
    assert "a late entry: a match loss for Round 1" in entries.store.get(again).outcome  # type: ignore[union-attr]
    assert entries.entry(_live(entries), "nia-noon").state == "registered"  # type: ignore[union-attr]
