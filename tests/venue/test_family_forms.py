"""Each family reports in its own terms at the venue: Wheel of Time the winning side, how and
when the game ended and the finals; a team match one result per seat (MTR 8.2, Bushiroad
5.2); the scores a best-of-three can have, and none a playoff cannot (MTR 2.4) or an event's
rules forbid (Bushiroad 4.4). Whatever the form takes is what ``report`` takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.site.i18n import use
from ingest.source.project import Project
from ingest.venue.apply import write_result
from ingest.venue.codes import VenueKeys, new_token
from ingest.venue.desk import Desk, Refused
from ingest.venue.events import Events
from ingest.venue.match_form import possible_scores
from ingest.venue.store import Store
from ingest.wot.wot_entry import wot_entries
from tests.builders import run_cli


def _desk(root: Path, path: Path) -> Desk:
    events = Events(Project(root), [path], VenueKeys(bytes(32)))
    return Desk(events, Store(root.parent / "venue.sqlite3"), wake=lambda: None, changed=lambda: None)


def _new(root: Path, *args: str) -> Path:
    code, out = run_cli(root, "new", "--name", "Night", "--date", "2026-11-27", *args)
    assert code == 0, out
    return root / "events" / "2026" / "2026-11-27-night.yaml"


def test_wheel_of_time_reports_the_winning_side_how_and_when(tmp_path: Path) -> None:
    root = tmp_path / "p"
    path = _new(root, "--game", "wot", "--format", "sealed")
    for name in ("Ana", "Ben", "Cem", "Dee"):
        assert run_cli(root, "add-player", str(path), "--name", name)[0] == 0
    assert run_cli(root, "pair", str(path))[0] == 0
    desk = _desk(root, path)
    live = desk.events.all()[0]
    table = next(t for t in live.tables if t.table == 1)
    hero, villain = table.sides
    assert (table.kind, hero.role, villain.role, table.label) == ("wot", "Hero", "Villain", "Game 1")
    with use("en"):
        # The Villain's player reports that the Hero won in the Last Battle, by goal, 7-3.
        sent = desk.claim(live, table, villain, {"winner": "hero", "ended": "last-battle", "by": "goal",
                                                  "hero_final": "7", "villain_final": "3"},
                          key=new_token(), device="v")  # fmt: skip
        assert sent.state.state == "reported"
        with pytest.raises(Refused, match="needs the final support and opposition"):
            desk.claim(live, table, hero, {"winner": "hero", "ended": "last-battle", "by": "goal"},
                       key=new_token(), device="h")  # fmt: skip
        # "²" is a digit to str.isdigit but not a number to int(): refused in words, not a failure.
        with pytest.raises(Refused, match="numbers from 0 to 99"):
            desk.claim(live, table, hero, {"winner": "hero", "ended": "last-battle", "by": "goal",
                                           "hero_final": "²", "villain_final": "3"},
                       key=new_token(), device="h")  # fmt: skip
        # What cannot have happened is refused with report's own reason (WoT rules, Scoring).
        with pytest.raises(Refused, match=r"This result cannot be recorded: .*cannot be"):
            desk.claim(live, table, hero, {"winner": "hero", "ended": "before-last-battle", "by": "goal"},
                       key=new_token(), device="h")  # fmt: skip
        same = {"winner": "hero", "ended": "last-battle", "by": "goal", "hero_final": "7", "villain_final": "3"}
        assert desk.claim(live, table, hero, same, key=new_token(), device="h").state.state == "accepted"
        assert desk.state(table).history[0].payload["words"] == ["hero"]
    write_result(desk.events, desk.store, live.slug, table.subject)
    event = load_event(path, Project(root)).event
    assert event is not None
    game = wot_entries(event.rounds[0])[0].game
    assert game is not None
    assert (game.winner.value, game.ended.value, game.by.value, game.hero_final, game.villain_final) == (
        "hero", "last-battle", "goal", 7, 3,
    )  # fmt: skip


def test_a_team_match_reports_one_result_per_seat_from_the_reporting_team(tmp_path: Path) -> None:
    root = tmp_path / "p"
    path = _new(root, "--game", "vanguard", "--format", "standard", "--teams", "trio", "--rounds", "2")
    for team in ("Red", "Blue", "Gold", "Jade"):
        members = [a for n in (1, 2, 3) for a in ("--member", f"{team} {n}")]
        assert run_cli(root, "add-team", str(path), "--name", team, *members)[0] == 0
    assert run_cli(root, "pair", str(path))[0] == 0
    desk = _desk(root, path)
    live = desk.events.all()[0]
    table = next(t for t in live.tables if t.table == 1)
    first, second = table.sides
    assert table.kind == "team" and [s[0] for s in table.seats] == ["first", "second", "third"]
    with use("en"):
        with pytest.raises(Refused, match="Choose a result for every seat"):
            desk.claim(live, table, second, {"seat1": "1-0", "seat2": "0-1"}, key=new_token(), device="b")
        # The second team's captain: won the first seat, lost the others (from their side).
        desk.claim(live, table, second, {"seat1": "1-0", "seat2": "0-1", "seat3": "0-1"}, key=new_token(), device="b")
        state = desk.claim(live, table, first, {"seat1": "0-1", "seat2": "1-0", "seat3": "1-0"},
                           key=new_token(), device="a").state  # fmt: skip
        assert state.state == "accepted"
    write_result(desk.events, desk.store, live.slug, table.subject)
    event = load_event(path, Project(root)).event
    assert event is not None
    seats = event.rounds[0].team_matches[0].seats
    assert [s.score.notation() if s.score else None for s in seats] == ["0-1", "1-0", "1-0"]


def test_the_scores_offered_are_the_ones_a_match_can_have(tmp_path: Path) -> None:
    root = tmp_path / "p"
    path = _new(root, "--game", "mtg", "--format", "modern", "--top", "4")
    event = load_event(path, Project(root)).event
    assert event is not None
    swiss = [s.notation() for s in possible_scores(event, playoff=False)]
    assert swiss[:4] == ["2-0", "2-1", "1-2", "0-2"]  # the decided results first, a big win first
    assert {"1-1-1", "0-0-3", "1-0", "1-1", "0-0-1"} <= set(swiss) and "3-0" not in swiss and "2-2" not in swiss
    playoff = [s.notation() for s in possible_scores(event, playoff=True)]
    assert "1-1-1" not in playoff and "0-0-3" not in playoff and "2-1-1" in playoff  # MTR 2.4: no drawn playoff
    bushiroad = _new(tmp_path / "b", "--game", "vanguard", "--format", "standard")
    fights = load_event(bushiroad, Project(tmp_path / "b")).event
    assert fights is not None
    offered = [s.notation() for s in possible_scores(fights, playoff=False)]
    assert "0-0-3" not in offered and "0-0-1" in offered  # Bushiroad 4.4: no intentional draw
