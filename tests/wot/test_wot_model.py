"""WoT game records: enum round-trips, cycle arithmetic and validation problems as data."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ingest.wot import (
    WotBye,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotRound,
    WotSeverity,
    WotSide,
    WotWinner,
    cycle_of,
    default_bye_side,
    validate_game,
    validate_round,
)
from tests.wot.wot_builders import EARLY, LB, both_lose, early, goal, kill, override, tie


@pytest.mark.parametrize("enum", [WotSide, WotWinner, WotEnded, WotEndedBy])
def test_enum_values_round_trip(enum: type[WotSide]) -> None:
    # The YAML spelling is the enum value: parse with Enum(value), print with .value.
    for member in enum:
        assert enum(member.value) is member


def test_yaml_spellings() -> None:
    assert WotWinner("both-lose") is WotWinner.BOTH_LOSE
    assert WotEnded("before-last-battle") is WotEnded.BEFORE_LAST_BATTLE
    assert [b.value for b in WotEndedBy] == ["goal", "kill", "concession", "forfeit", "time"]


def test_cycles_and_default_bye_sides() -> None:
    assert [cycle_of(g) for g in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    sides = [default_bye_side(g) for g in range(1, 5)]
    assert sides == [WotSide.HERO, WotSide.VILLAIN, WotSide.HERO, WotSide.VILLAIN]
    assert WotBye("a").resolved_side(2) is WotSide.VILLAIN
    assert WotBye("a", WotSide.HERO).resolved_side(2) is WotSide.HERO
    with pytest.raises(ValueError, match="start at 1"):
        cycle_of(0)


@pytest.mark.parametrize(
    "game",
    [
        goal(1, "a", "b", "hero", 5, 0),
        goal(1, "a", "b", "villain", 2, 9),
        kill(1, "a", "b", "hero", hero_final=0),
        kill(1, "a", "b", "villain", villain_final=3, by=WotEndedBy.CONCESSION),
        early(1, "a", "b", "hero"),
        early(1, "a", "b", "villain", by=WotEndedBy.FORFEIT),
        tie(1, "a", "b"),
        both_lose(1, "a", "b", LB, 1, 2),
        both_lose(1, "a", "b", EARLY),
    ],
)
def test_possible_games_have_no_problems(game: WotGame) -> None:
    assert validate_game(game) == ()


def _codes(game: WotGame) -> list[str]:
    return [p.code for p in validate_game(game)]


def test_goal_before_last_battle_is_impossible() -> None:
    game = WotGame(3, "a", "b", WotWinner.HERO, EARLY, WotEndedBy.GOAL)
    (problem,) = validate_game(game)
    assert (problem.code, problem.severity, problem.table) == (
        "goal-before-last-battle",
        WotSeverity.ERROR,
        3,
    )


def test_time_implies_a_tie_in_the_last_battle() -> None:
    game = WotGame(1, "a", "b", WotWinner.HERO, EARLY, WotEndedBy.TIME)
    assert _codes(game) == ["time-not-tie", "time-before-last-battle"]


def test_a_tie_needs_time() -> None:
    assert _codes(replace(tie(1, "a", "b"), by=WotEndedBy.KILL)) == ["tie-not-time"]


def test_both_cannot_lose_by_goal() -> None:
    game = replace(both_lose(1, "a", "b", LB, 5, 5), by=WotEndedBy.GOAL)
    assert _codes(game) == ["both-lose-by-goal"]


def test_finals_needed_by_last_battle_scoring() -> None:
    assert _codes(replace(goal(1, "a", "b", "hero", 6, 2), villain_final=None)) == ["missing-final"]
    # A kill reads only the winner's final.
    assert _codes(kill(1, "a", "b", "villain", hero_final=4)) == ["missing-final"]
    assert _codes(both_lose(1, "a", "b", LB, hero_final=1)) == ["missing-final"]
    # Early results and ties need none.
    assert _codes(early(1, "a", "b", "hero")) == []
    assert _codes(replace(tie(1, "a", "b"), hero_final=None, villain_final=None)) == []
    # An override makes the finals unnecessary.
    overridden = replace(kill(1, "a", "b", "hero", by=WotEndedBy.CONCESSION), tiebreak_override=override(3, -3))
    assert _codes(overridden) == []


def test_goal_needs_five() -> None:
    assert _codes(goal(1, "a", "b", "hero", 4, 0)) == ["goal-not-reached"]


def test_goal_margin_not_positive_is_a_warning() -> None:
    (problem,) = validate_game(goal(1, "a", "b", "hero", 5, 6))
    assert (problem.code, problem.severity) == ("goal-margin-not-positive", WotSeverity.WARNING)


def test_override_warnings() -> None:
    game = replace(goal(1, "a", "b", "hero", 6, 1), tiebreak_override=override(1, -1, " "))
    problems = validate_game(game)
    assert [p.code for p in problems] == ["override-without-concession", "override-without-note"]
    assert {p.severity for p in problems} == {WotSeverity.WARNING}


def test_same_player_and_bad_table() -> None:
    assert _codes(tie(0, "a", "a")) == ["bad-table", "same-player"]


def test_round_problems() -> None:
    record = WotRound(
        (tie(1, "a", "b"), tie(1, "c", "a"), goal(2, "d", "x", "hero", 4, 0)),
        (WotBye("e"), WotBye("f")),
    )
    problems = validate_round(record, ["a", "b", "c", "d", "e", "f"])
    assert [p.code for p in problems] == [
        "goal-not-reached",
        "player-twice",
        "table-twice",
        "unknown-player",
        "several-byes",
    ]
    assert problems[1].player == "a"
    assert problems[3].player == "x"
    assert problems[4].severity is WotSeverity.WARNING


def test_round_players_in_record_order() -> None:
    record = WotRound((tie(2, "c", "d"), tie(1, "a", "b")), (WotBye("e"),))
    assert record.players() == ("c", "d", "a", "b", "e")
