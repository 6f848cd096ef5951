"""The TO's desk from the terminal: ``inbox`` lists what phones sent that waits, ``accept`` and
``reject`` decide it (an accepted result written at once, through report's edit), the venue
running or not; ``venue`` without an event file runs the ones dated today."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.site.i18n import use
from ingest.source.project import Project
from ingest.venue.codes import VenueKeys, load_key, new_token
from ingest.venue.desk import Desk
from ingest.venue.events import Events
from ingest.venue.server import open_store
from tests.builders import run_cli
from tests.venue.support import make_event


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An event whose phones sent: a dispute at table 1, one report at table 2, nothing at table 3."""
    root = tmp_path / "project"
    path = make_event(root)
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    project = Project(root)
    desk = Desk(Events(project, [path], VenueKeys(load_key(data / "scorekeeper"))),
                open_store(data / "scorekeeper", project), wake=lambda: None, changed=lambda: None)  # fmt: skip
    live = desk.events.all()[0]
    one, two = (next(t for t in live.tables if t.table == n) for n in (1, 2))
    with use("en"):
        desk.claim(live, one, one.sides[0], {"result": "2-0"}, key=new_token(), device="a")
        desk.claim(live, one, one.sides[1], {"result": "2-1"}, key=new_token(), device="b")
        desk.claim(live, two, two.sides[1], {"result": "2-1"}, key=new_token(), device="c")
    return root, path


def test_inbox_lists_what_waits_with_the_claims_numbers(night: tuple[Path, Path]) -> None:
    root, path = night
    code, out = run_cli(root, "inbox", str(path))
    assert code == 0, out
    assert out.splitlines()[0] == f"events/2026/{path.name}: Round 1: 1 disputed, 1 reported, 1 missing"
    assert re.search(r"table 1: disputed\n    #1  Alice Example reported Alice Example 2-0 \S+ \S+ at \d\d:\d\d\n"
                     r"    #2  \S+ \S+ reported Alice Example 1-2 \S+ \S+ at", out), out  # fmt: skip
    assert "table 2: reported\n    #3" in out and "nobody has reported table 3" in out


def test_accept_writes_the_result_and_reject_sends_it_back(night: tuple[Path, Path]) -> None:
    root, path = night
    code, out = run_cli(root, "accept", str(path), "2")
    assert code == 0, out
    assert "Round 1, table 1: Alice Example 1-2" in out
    event = load_event(path, Project(root)).event
    assert event is not None and event.rounds[0].matches[0].score is not None
    assert event.rounds[0].matches[0].score.notation() == "1-2"
    code, out = run_cli(root, "reject", str(path), "3")
    assert code == 0 and "claim 3 rejected" in out
    code, out = run_cli(root, "inbox", str(path))
    assert out.splitlines()[0].endswith("Round 1: 2 missing, 1 recorded") and "disputed" not in out, out
    code, out = run_cli(root, "accept", str(path), "1")
    assert code == 1 and "Result 1 is not waiting for a decision any more." in out
    code, out = run_cli(root, "accept", str(path), "99")
    assert code == 1 and "There is no result 99 at this venue." in out


def test_accept_does_not_replace_a_recorded_result_without_replace(night: tuple[Path, Path]) -> None:
    root, path = night
    assert run_cli(root, "report", str(path), "--table", "2", "0-2")[0] == 0
    code, out = run_cli(root, "accept", str(path), "3")
    assert code == 1 and "already has a result" in out and "--replace" in out
    code, out = run_cli(root, "accept", str(path), "3", "--replace")
    assert code == 0, out
    event = load_event(path, Project(root)).event
    assert event is not None and event.rounds[0].matches[1].score is not None
    assert event.rounds[0].matches[1].score.notation() == "1-2"  # the second player's 2-1


def test_venue_without_a_file_needs_an_event_dated_today(tmp_path: Path) -> None:
    make_event(tmp_path / "project")
    code, out = run_cli(tmp_path / "project", "venue", "--today", "2026-12-25")
    assert code == 2 and "no event file is dated 2026-12-25; name the event file(s) to run" in out
    code, out = run_cli(tmp_path / "project", "venue", "--lan", "--host", "10.0.0.1")
    assert code == 2 and "give --lan or --host, not both" in out


def test_a_claim_of_another_event_is_refused_before_anything_is_decided(
    night: tuple[Path, Path], tmp_path: Path
) -> None:
    root, path = night
    code, out = run_cli(root, "new", "--name", "Saturday Venue", "--date", "2026-11-28", "--game", "mtg",
                        "--format", "modern", "--rounds", "3")  # fmt: skip
    assert code == 0, out
    other = root / "events" / "2026" / "2026-11-28-saturday-venue.yaml"
    for name in ("Ann", "Ben", "Cid", "Dee"):
        assert run_cli(root, "add-player", str(other), "--name", name)[0] == 0
    assert run_cli(root, "pair", str(other))[0] == 0
    data = tmp_path / "data" / "scorekeeper"
    project = Project(root)
    store = open_store(data, project)
    desk = Desk(Events(project, [other], VenueKeys(load_key(data))), store, wake=lambda: None, changed=lambda: None)
    live = desk.events.all()[0]
    table = next(t for t in live.tables if t.table == 1)
    with use("en"):
        desk.claim(live, table, table.sides[0], {"result": "2-0"}, key=new_token(), device="d")
    claim = max(s.id for s in store.of_event(live.slug))
    for command in ("accept", "reject"):
        code, out = run_cli(root, command, str(path), str(claim))
        assert code == 1 and f"claim {claim} is about another event (2026-11-28-saturday-venue)" in out, out
        assert store.get(claim).state == "pending"  # type: ignore[union-attr]
    code, out = run_cli(root, "accept", str(path), "99999999999999999999")
    assert code == 1 and "There is no result 99999999999999999999 at this venue." in out, out
    code, out = run_cli(root, "accept", str(other), str(claim))
    assert code == 0 and re.search(r"Round 1, table 1: \S+ 2-0", out), out
