"""WoT standings (WoT rules, Final Score) and forfeits (Standard Tournament Floor Rules)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from ingest.wot import (
    WotBye,
    WotEndedBy,
    WotInputError,
    WotRound,
    removed_players,
    wot_standings,
    wot_totals,
)
from tests.wot.wot_builders import EARLY, both_lose, early, goal, kill, tie

PLAYERS = ["ann", "ben", "cat", "dov", "eve"]


def _rounds() -> list[WotRound]:
    # Game 1: ann beats ben 7-3 (+4 / -4); cat and dov tie; eve's Hero bye averages the
    # Hero positives {4}: 4/3.
    # Game 2: dov beats ann on a kill with 4 opposition (+4 / -4); ben and eve tie;
    # cat's Villain bye averages the Villain positives {4}: 4/3.
    return [
        WotRound((goal(1, "ann", "ben", "hero", 7, 3), tie(2, "cat", "dov")), (WotBye("eve"),)),
        WotRound(
            (kill(1, "ann", "dov", "villain", villain_final=4), tie(2, "ben", "eve")),
            (WotBye("cat"),),
        ),
    ]


def test_totals() -> None:
    totals = wot_totals(_rounds())
    assert (totals["ann"].game_points, totals["ann"].tiebreak_points) == (2, F(0))
    assert (totals["cat"].game_points, totals["cat"].tiebreak_points) == (3, F(4, 3))
    assert (totals["eve"].game_points, totals["eve"].tiebreak_points) == (3, F(4, 3))
    assert (totals["dov"].game_points, totals["dov"].tiebreak_points) == (3, F(4))


def test_ranking_by_game_points_then_tiebreak_with_shared_ranks() -> None:
    # dov 3 / +4; cat and eve 3 / +4/3 (shared 2nd); ann 2 / 0; ben 1 / -4.
    rows = wot_standings(_rounds(), PLAYERS, seed=1)
    assert [(r.rank, r.game_points, r.tiebreak_points) for r in rows] == [
        (1, 3, F(4)),
        (2, 3, F(4, 3)),
        (2, 3, F(4, 3)),
        (4, 2, F(0)),
        (5, 1, F(-4)),
    ]
    assert rows[0].player == "dov"
    assert {rows[1].player, rows[2].player} == {"cat", "eve"}
    assert [r.player for r in rows[3:]] == ["ann", "ben"]
    assert (rows[0].games_played, rows[0].byes) == (2, 0)
    cat = next(r for r in rows if r.player == "cat")
    assert (cat.games_played, cat.byes) == (1, 1)


def test_shared_rank_display_order_follows_the_seed() -> None:
    orders = {tuple(r.player for r in wot_standings(_rounds(), PLAYERS, seed=s)[1:3]) for s in range(20)}
    assert orders == {("cat", "eve"), ("eve", "cat")}
    again = wot_standings(_rounds(), PLAYERS, seed=7)
    assert again == wot_standings(_rounds(), list(reversed(PLAYERS)), seed=7)


def test_players_without_games_are_listed_with_zero() -> None:
    rows = wot_standings([], ["b", "a"], seed=0)
    assert [(r.rank, r.game_points, r.tiebreak_points) for r in rows] == [(1, 0, F(0))] * 2


def test_forfeit_removes_the_player_and_his_points() -> None:
    # Game 2: ben is declared forfeit in the Last Battle; ann scores it as a kill on 5.
    rounds = [
        WotRound((goal(1, "ben", "ann", "hero", 8, 0),)),
        WotRound((kill(1, "ann", "ben", "hero", hero_final=5, by=WotEndedBy.FORFEIT),)),
    ]
    assert removed_players(rounds) == {"ben"}
    rows = wot_standings(rounds, ["ann", "ben"], seed=0)
    assert [(r.rank, r.player, r.game_points, r.tiebreak_points, r.removed) for r in rows] == [
        (1, "ann", 2, F(-3), False),
        (None, "ben", 0, F(0), True),
    ]
    assert rows[1].games_played == 2


def test_both_forfeit_removes_both() -> None:
    game = replace(both_lose(1, "a", "b", EARLY), by=WotEndedBy.FORFEIT)
    assert removed_players([WotRound((game,))]) == {"a", "b"}


def test_concession_does_not_remove() -> None:
    game = early(1, "a", "b", "hero", by=WotEndedBy.CONCESSION)
    assert removed_players([WotRound((game,))]) == set()


def test_unknown_player_is_an_error() -> None:
    with pytest.raises(WotInputError, match="zed is not a player"):
        wot_standings([WotRound((tie(1, "ann", "zed"),))], PLAYERS, seed=0)
