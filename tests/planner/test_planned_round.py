"""The planner answers a typed round (issue 39 point 4): tables and byes as entries of their own
types, which the edit layer writes as YAML (:func:`ingest.edit.new_round.round_entry`) and the
command line shows (:mod:`ingest.cli.pair_output`)."""

from __future__ import annotations

from dataclasses import replace

import yaml

from ingest.checks.event_files import parse_event_text
from ingest.cli.pair_output import describe_plan, pair_document
from ingest.core.model import Event
from ingest.edit.new_round import RoundEdit, apply_plan, round_entry
from ingest.edit.next_round import pair_edit
from ingest.planner.outcome import (
    ByeReason,
    LateLoss,
    PlannedBye,
    PlannedGame,
    PlannedGameBye,
    PlannedRound,
    PlannedTable,
    RoundClock,
)
from ingest.planner.plan import plan_next_round
from ingest.source.project import Project
from ingest.wot import WotSide
from tests.builders import ROOT

HEAD = "name: Plan\ndate: 2026-12-01\ngame: {game}\nformat: {fmt}\nseed: 42\nstructure: {structure}\n"


def event_of(text: str) -> Event:
    _doc, event, diags = parse_event_text(text, "events/e.yaml", Project(ROOT))
    assert event is not None, [d.render() for d in diags]
    return event


def swiss(players: str, rounds: str = "rounds: []\n", structure: str = "{pairing: swiss, swiss_rounds: 3}") -> str:
    return HEAD.format(game="mtg", fmt="modern", structure=structure) + "players:\n" + players + rounds


def planned(text: str) -> PlannedRound:
    plan = plan_next_round(event_of(text))
    assert isinstance(plan, PlannedRound), plan
    return plan


def test_a_swiss_round_is_typed_tables_and_an_awarded_bye() -> None:
    # MTR 10.4 (awarded byes first): dee's awarded bye covers round 1; five others pair at two tables.
    roster = "".join(f"  - {{id: {p}, name: {p.title()}}}\n" for p in ("ana", "ben", "cem", "eve"))
    plan = planned(swiss(roster + "  - {id: dee, name: Dee, byes: 1}\n"))
    assert plan.stage == "rounds" and plan.number == 1 and plan.unit_key == "players"
    assert all(isinstance(t, PlannedTable) and not t.rematch for t in plan.tables)
    assert [t.number for t in plan.tables] == [1, 2]
    assert sorted(p for t in plan.tables if isinstance(t, PlannedTable) for p in (t.first, t.second)) == [
        "ana",
        "ben",
        "cem",
        "eve",
    ]
    assert plan.byes == (PlannedBye("dee", ByeReason.AWARDED),)


def test_a_forced_rematch_is_flagged_on_its_table_and_in_the_notes() -> None:
    # Two players left after one round together: the only pairing is a rematch (MTR 10.4 allows it then).
    rounds = "rounds:\n  - round: 1\n    matches:\n      - {table: 1, players: [ana, ben], games: 2-0}\n"
    plan = planned(swiss("  - {id: ana, name: Ana}\n  - {id: ben, name: Ben}\n", rounds))
    assert plan.tables == (PlannedTable(1, "ana", "ben", rematch=True),)
    assert plan.notes == ("1 rematch(es): no pairing of everyone without one exists",)
    assert describe_plan(plan, event_of(swiss("  - {id: ana, name: Ana}\n  - {id: ben, name: Ben}\n", rounds))) == (
        "Round 2\n  table 1: Ana vs Ben (rematch)\nnote: 1 rematch(es): no pairing of everyone without one exists"
    )


def test_a_late_entry_added_by_hand_gets_typed_losses_written_into_the_earlier_rounds() -> None:
    rounds = (
        "rounds:\n  - round: 1\n    matches:\n      - {table: 1, players: [ana, ben], games: 2-0}\n"
        "      - {table: 2, players: [cem, dee], games: 2-0}\n"
    )
    roster = "".join(f"  - {{id: {p}, name: {p.title()}}}\n" for p in ("ana", "ben", "cem", "dee", "eve", "fay"))
    text = swiss(roster, rounds)
    plan = planned(text)
    assert plan.late_losses == (LateLoss(1, "eve"), LateLoss(1, "fay"))
    written = yaml.safe_load(apply_plan(text, plan))
    assert {"loss": "eve"} in written["rounds"][0]["matches"] and {"loss": "fay"} in written["rounds"][0]["matches"]
    assert written["rounds"][1]["round"] == 2


def test_a_playoff_round_carries_its_name_and_the_cut_it_was_seeded_from() -> None:
    roster = "".join(f"  - {{id: p{i}, name: P{i}}}\n" for i in range(4))
    rounds = (
        "rounds:\n  - round: 1\n    matches:\n      - {table: 1, players: [p0, p1], games: 2-0}\n"
        "      - {table: 2, players: [p2, p3], games: 2-0}\n"
    )
    plan = planned(swiss(roster, rounds, "{pairing: swiss, swiss_rounds: 1, playoff: {top: 4}}"))
    assert plan.stage == "playoff" and plan.name == "Semifinals" and len(plan.cut) == 4
    # MTR 10.4: seed 1 plays seed 4, seed 2 plays seed 3.
    cut = plan.cut
    assert {frozenset((t.first, t.second)) for t in plan.tables if isinstance(t, PlannedTable)} == {
        frozenset((cut[0], cut[3])),
        frozenset((cut[1], cut[2])),
    }
    entry = round_entry(plan)
    assert list(entry) == ["round", "name", "cut", "matches"]
    assert entry["cut"] == list(cut) and entry["name"] == "Semifinals"


def test_a_wheel_of_time_game_is_hero_and_villain_tables_and_a_sided_bye() -> None:
    roster = "".join(f"  - {{id: {p}, name: {p.title()}}}\n" for p in ("ana", "ben", "cem"))
    text = HEAD.format(game="wot", fmt="sealed", structure="{pairing: wot-cycles}") + "players:\n" + roster
    plan = planned(text)
    assert len(plan.tables) == 1 and isinstance(plan.tables[0], PlannedGame)
    (bye,) = plan.byes
    # WoT rules, Expanded Set-Up Rules: the bye of a Cycle's first Game counts as Hero, which the file need not say.
    assert isinstance(bye, PlannedGameBye) and bye.side is WotSide.HERO and not bye.side_stated
    assert round_entry(plan)["matches"] == [
        {"table": 1, "hero": plan.tables[0].hero, "villain": plan.tables[0].villain},
        {"bye": bye.player},
    ]
    stated = replace(plan, byes=(PlannedGameBye(bye.player, WotSide.VILLAIN, side_stated=True),))
    assert round_entry(stated)["matches"][-1] == {"bye": bye.player, "side": "villain"}  # type: ignore[index]
    assert describe_plan(stated, event_of(text)).splitlines()[-1] == f"  bye: {bye.player.title()} (counts as Villain)"


def test_a_round_paired_again_keeps_its_drops_where_they_were_written() -> None:
    plan = PlannedRound("rounds", 3, "players", (PlannedTable(1, "a", "b"),), (PlannedBye("c"),), drops=("d",))
    # Without a clock the drops stay after the matches, where `drop` writes them ...
    assert list(round_entry(plan)) == ["round", "matches", "drops"]
    # ... with one, before the clock, which comes before the matches.
    clocked = replace(plan, clock=RoundClock("19:30", extra_minutes=5, paused_at="19:40:00"))
    entry = round_entry(clocked)
    assert list(entry) == ["round", "drops", "started", "extra_minutes", "paused_at", "matches"]
    assert entry["matches"] == [{"table": 1, "players": ["a", "b"]}, {"bye": "c"}]


def test_pair_edit_carries_the_typed_round_and_the_json_document_is_made_from_it() -> None:
    roster = "".join(f"  - {{id: {p}, name: {p.title()}}}\n" for p in ("ana", "ben", "cem"))
    text = swiss(roster)
    event = event_of(text)
    done = pair_edit(text, event, parse=lambda t, lenient=False: event_of(t), started="19:30")
    assert isinstance(done, RoundEdit) and done.plan is not None and done.planned_on is not None
    assert done.plan.clock == RoundClock("19:30") and done.description == "wrote round 1"
    doc = pair_document(done.plan, done.planned_on, shown="events/e.yaml", written=False)
    written = yaml.safe_load(done.text)["rounds"][0]
    assert doc["round"] == written and written["started"] == "19:30"
    assert doc["lines"][-1] == f"bye: {done.plan.byes[0].unit.title()}"  # type: ignore[union-attr]
