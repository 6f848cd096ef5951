"""WoT scoring: every case of the Expanded Scoring Example, plus the readings we made.

Numbers are worked out by hand from WoT rules, Scoring and Expanded Scoring Example;
each test's comment shows the arithmetic.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction as F

import pytest

from ingest.wot import (
    BYE_POINTS,
    LOSS_BEFORE_LAST_BATTLE_POINTS,
    LOSS_IN_LAST_BATTLE_POINTS,
    TIE_POINTS,
    WIN_POINTS,
    TiebreakBasis,
    WotBye,
    WotEndedBy,
    WotGame,
    WotInputError,
    WotOutcome,
    WotSide,
    average_of_top_three,
    score_game_round,
)
from tests.wot.wot_builders import EARLY, LB, both_lose, by_player, early, goal, kill, override, points, tie


def test_points_table_is_pinned() -> None:
    # WoT rules, Game Points: win 2, loss in the Last Battle 0, loss before it -1, tie 1, bye 2.
    assert (WIN_POINTS, LOSS_IN_LAST_BATTLE_POINTS, LOSS_BEFORE_LAST_BATTLE_POINTS) == (2, 0, -1)
    assert (TIE_POINTS, BYE_POINTS) == (1, 2)


# --- Expanded Scoring Example, one test per case --------------------------------------


def test_win_by_goal_in_last_battle() -> None:
    # Hero reaches 7 support, Villain ends on 3 opposition: winner 7 - 3 = +4, loser -4.
    result = by_player(score_game_round([goal(1, "alice", "bob", "hero", 7, 3)], [], 1))
    assert (result["alice"].game_points, result["alice"].tiebreak_points) == (2, F(4))
    assert (result["bob"].game_points, result["bob"].tiebreak_points) == (0, F(-4))
    assert result["alice"].outcome is WotOutcome.WIN
    assert result["bob"].outcome is WotOutcome.LOSS
    assert result["alice"].basis is TiebreakBasis.GOAL_MARGIN


def test_win_by_goal_for_the_villain() -> None:
    # Villain 6 opposition, Hero 1 support: Villain +5, Hero -5.
    assert points(score_game_round([goal(1, "alice", "bob", "villain", 1, 6)], [], 1)) == {
        "alice": (0, F(-5)),
        "bob": (2, F(5)),
    }


def test_win_by_kill_in_last_battle() -> None:
    # Hero kills the Forsaken while holding 3 support: winner +3 (his final only), loser -3.
    # The loser's final (4) plays no part.
    game = kill(1, "alice", "bob", "hero", hero_final=3, villain_final=4)
    result = by_player(score_game_round([game], [], 1))
    assert (result["alice"].game_points, result["alice"].tiebreak_points) == (2, F(3))
    assert (result["bob"].game_points, result["bob"].tiebreak_points) == (0, F(-3))
    assert result["alice"].basis is TiebreakBasis.WINNER_FINAL


def test_win_by_concession_in_last_battle() -> None:
    # The Hero concedes during the Last Battle with the Villain on 2 opposition:
    # scored as a kill in that turn, Villain +2, Hero -2 and 0 game points.
    game = kill(1, "alice", "bob", "villain", villain_final=2, by=WotEndedBy.CONCESSION)
    assert points(score_game_round([game], [], 1)) == {"alice": (0, F(-2)), "bob": (2, F(2))}


def test_win_by_forfeit_in_last_battle_scores_as_a_kill() -> None:
    game = kill(1, "alice", "bob", "hero", hero_final=4, by=WotEndedBy.FORFEIT)
    assert points(score_game_round([game], [], 1)) == {"alice": (2, F(4)), "bob": (0, F(-4))}


def _busy_round() -> list[WotGame]:
    """Five fixed results around the early games of the next tests.

    Hero values: alice +4 (goal 7-3), erin +8 (goal 9-1), gus +2 (kill on 2), ivy 0 (tie),
    kim +1 (goal 5-4). Villain values: the losers' negatives, hal 0 (tie), and
    nick +6 (kill on 6) at table 6.
    """
    return [
        goal(1, "alice", "bob", "hero", 7, 3),
        goal(2, "erin", "fay", "hero", 9, 1),
        kill(3, "gus", "hank", "hero", hero_final=2),
        tie(4, "ivy", "hal"),
        goal(5, "kim", "lee", "hero", 5, 4),
        kill(6, "mo", "nick", "villain", villain_final=6),
    ]


def test_win_by_kill_before_last_battle() -> None:
    # Hero "pat" kills early. Other Heroes' positive values: 8, 4, 2, 1 (ivy's 0 is not
    # positive). Top three 8, 4, 2 -> (8 + 4 + 2) / 3 = 14/3. Nick's +6 is a Villain: ignored.
    round_ = [*_busy_round(), early(7, "pat", "quinn", "hero")]
    result = by_player(score_game_round(round_, [], 1))
    assert (result["pat"].game_points, result["pat"].tiebreak_points) == (2, F(14, 3))
    assert (result["quinn"].game_points, result["quinn"].tiebreak_points) == (-1, F(-14, 3))
    assert result["pat"].basis is TiebreakBasis.SIDE_AVERAGE
    assert result["pat"].averaged == (F(8), F(4), F(2))


def test_early_win_pads_with_zeros() -> None:
    # Villain "quinn" kills early. The only positive Villain value is nick's +6:
    # (6 + 0 + 0) / 3 = 2.
    round_ = [*_busy_round(), early(7, "pat", "quinn", "villain")]
    result = by_player(score_game_round(round_, [], 1))
    assert (result["quinn"].game_points, result["quinn"].tiebreak_points) == (2, F(2))
    assert (result["pat"].game_points, result["pat"].tiebreak_points) == (-1, F(-2))
    assert result["quinn"].averaged == (F(6), F(0), F(0))


def test_early_win_with_no_positive_scores_on_its_side() -> None:
    # Alone in the Game: nothing to average, 0 + 0 + 0.
    result = by_player(score_game_round([early(1, "pat", "quinn", "hero")], [], 1))
    assert (result["pat"].game_points, result["pat"].tiebreak_points) == (2, F(0))
    assert (result["quinn"].game_points, result["quinn"].tiebreak_points) == (-1, F(0))


def test_win_by_concession_before_last_battle() -> None:
    # Same as an early kill: Heroes' top three 8, 4, 2 -> 14/3; the conceding Villain -1 and -14/3.
    round_ = [*_busy_round(), early(7, "pat", "quinn", "hero", by=WotEndedBy.CONCESSION)]
    assert points(score_game_round(round_, [], 1))["pat"] == (2, F(14, 3))
    assert points(score_game_round(round_, [], 1))["quinn"] == (-1, F(-14, 3))


def test_win_by_forfeit_before_last_battle() -> None:
    round_ = [*_busy_round(), early(7, "pat", "quinn", "villain", by=WotEndedBy.FORFEIT)]
    assert points(score_game_round(round_, [], 1))["quinn"] == (2, F(2))
    assert points(score_game_round(round_, [], 1))["pat"] == (-1, F(-2))


def test_both_killed_in_last_battle() -> None:
    # Hero ends on 3 support, Villain on 2 opposition: each records the OPPONENT's final
    # as negative. Hero -2, Villain -3, both 0 game points.
    game = both_lose(1, "alice", "bob", LB, hero_final=3, villain_final=2)
    result = by_player(score_game_round([game], [], 1))
    assert (result["alice"].game_points, result["alice"].tiebreak_points) == (0, F(-2))
    assert (result["bob"].game_points, result["bob"].tiebreak_points) == (0, F(-3))
    assert result["alice"].outcome is WotOutcome.LOSS
    assert result["alice"].basis is TiebreakBasis.OPPONENT_FINAL


def test_both_killed_before_last_battle() -> None:
    # All other players, both sides: positives 8, 6, 4, 2, 1 -> top three 8, 6, 4 -> 18/3 = 6.
    # Both get -1 game points and -6.
    round_ = [*_busy_round(), both_lose(7, "pat", "quinn", EARLY)]
    result = by_player(score_game_round(round_, [], 1))
    assert (result["pat"].game_points, result["pat"].tiebreak_points) == (-1, F(-6))
    assert (result["quinn"].game_points, result["quinn"].tiebreak_points) == (-1, F(-6))
    assert result["pat"].basis is TiebreakBasis.GAME_AVERAGE
    assert result["pat"].averaged == (F(8), F(6), F(4))


def test_both_killed_before_last_battle_counts_both_sides() -> None:
    # Others: Hero +4 (goal 7-3) and Villain +5 (goal 5-0): (5 + 4 + 0) / 3 = 3, negated.
    round_ = [
        goal(1, "alice", "bob", "hero", 7, 3),
        goal(2, "kim", "lee", "villain", 0, 5),
        both_lose(3, "pat", "quinn", EARLY),
    ]
    assert points(score_game_round(round_, [], 1))["pat"] == (-1, F(-3))


def test_both_killed_before_last_battle_in_thirds() -> None:
    # Others: +4 (goal 7-3) and +1 (goal 5-4): (4 + 1 + 0) / 3 = 5/3, negated for both.
    round_ = [
        goal(1, "alice", "bob", "hero", 7, 3),
        goal(2, "kim", "lee", "hero", 5, 4),
        both_lose(3, "pat", "quinn", EARLY),
    ]
    assert points(score_game_round(round_, [], 1))["quinn"] == (-1, F(-5, 3))


def test_tie() -> None:
    # Time called, final Last Battle turn completed, no winner: 1 game point each, 0 tie-breaking.
    result = by_player(score_game_round([tie(1, "alice", "bob")], [], 1))
    assert (result["alice"].game_points, result["alice"].tiebreak_points) == (1, F(0))
    assert (result["bob"].game_points, result["bob"].tiebreak_points) == (1, F(0))
    assert result["alice"].outcome is WotOutcome.TIE


def test_bye_in_first_game_of_cycle_counts_as_hero() -> None:
    # Game 1: the bye is a Hero (Expanded Set-Up Rules). Heroes' top three 8, 4, 2 -> 14/3.
    result = by_player(score_game_round(_busy_round(), [WotBye("zed")], 1))
    assert result["zed"].side is WotSide.HERO
    assert (result["zed"].game_points, result["zed"].tiebreak_points) == (2, F(14, 3))
    assert result["zed"].outcome is WotOutcome.BYE
    assert result["zed"].opponent is None


def test_bye_in_second_game_of_cycle_counts_as_villain() -> None:
    # Game 2 (and 4, ...): the bye is a Villain. Only nick's +6 -> 6/3 = 2.
    result = by_player(score_game_round(_busy_round(), [WotBye("zed")], 4))
    assert result["zed"].side is WotSide.VILLAIN
    assert (result["zed"].game_points, result["zed"].tiebreak_points) == (2, F(2))


def test_bye_side_given_in_the_record_wins_over_the_default() -> None:
    result = by_player(score_game_round(_busy_round(), [WotBye("zed", WotSide.VILLAIN)], 1))
    assert result["zed"].tiebreak_points == F(2)


# --- Readings of the text --------------------------------------------------------------


def test_averages_ignore_other_average_based_results() -> None:
    # Two early Hero wins and a Hero bye in one Game, one fixed Hero value (+3, goal 6-3).
    # Each early winner and the bye average only the fixed +3: (3 + 0 + 0) / 3 = 1. If
    # averages fed each other, the result would depend on table order.
    round_ = [
        goal(1, "alice", "bob", "hero", 6, 3),
        early(2, "carol", "dan", "hero"),
        early(3, "erin", "fay", "hero"),
    ]
    result = points(score_game_round(round_, [WotBye("gus")], 1))
    assert result["carol"] == result["erin"] == (2, F(1))
    assert result["gus"] == (2, F(1))


def test_double_loss_before_last_battle_ignores_early_wins_and_byes() -> None:
    # Fixed values: +2 (kill on 2). The early winner's 2/3 and the bye's are left out.
    round_ = [
        kill(1, "alice", "bob", "hero", hero_final=2),
        early(2, "carol", "dan", "hero"),
        both_lose(3, "erin", "fay", EARLY),
    ]
    result = points(score_game_round(round_, [WotBye("gus")], 1))
    assert result["erin"] == result["fay"] == (-1, F(-2, 3))
    assert result["carol"] == (2, F(2, 3))


def test_override_replaces_tiebreak_and_keeps_note_and_game_points() -> None:
    game = kill(1, "alice", "bob", "hero", hero_final=1, by=WotEndedBy.CONCESSION)
    game = replace(game, tiebreak_override=override(4, -4, "stalling"))
    result = by_player(score_game_round([game], [], 1))
    assert (result["alice"].game_points, result["alice"].tiebreak_points) == (2, F(4))
    assert (result["bob"].game_points, result["bob"].tiebreak_points) == (0, F(-4))
    assert result["alice"].basis is TiebreakBasis.OVERRIDE
    assert result["alice"].note == result["bob"].note == "stalling"


def test_override_of_an_early_concession_counts_as_a_fixed_value() -> None:
    # The judge sets the early winner to +6; another early Hero win then averages it:
    # (6 + 0 + 0) / 3 = 2.
    conceded = early(1, "alice", "bob", "hero", by=WotEndedBy.CONCESSION)
    conceded = replace(conceded, tiebreak_override=override(6, -6))
    result = points(score_game_round([conceded, early(2, "carol", "dan", "hero")], [], 1))
    assert result["alice"] == (2, F(6))
    assert result["carol"] == (2, F(2))


def test_scoring_does_not_depend_on_table_order() -> None:
    round_ = [*_busy_round(), early(7, "pat", "quinn", "hero"), both_lose(8, "r", "s", EARLY)]
    expected = score_game_round(round_, [WotBye("zed")], 1)
    shuffled = list(round_)
    random.Random(3).shuffle(shuffled)
    assert score_game_round(shuffled, [WotBye("zed")], 1) == expected


def test_results_come_in_table_order_then_byes() -> None:
    round_ = [tie(2, "c", "d"), tie(1, "a", "b")]
    result = score_game_round(round_, [WotBye("e")], 1)
    assert [r.player for r in result] == ["a", "b", "c", "d", "e"]
    assert [r.side for r in result[:2]] == [WotSide.HERO, WotSide.VILLAIN]


def test_invalid_game_is_refused_with_all_problems() -> None:
    bad = early(1, "a", "a", "hero", by=WotEndedBy.GOAL)
    with pytest.raises(WotInputError) as caught:
        score_game_round([bad], [], 1)
    assert {p.code for p in caught.value.problems} == {"same-player", "goal-before-last-battle"}


def test_average_of_top_three() -> None:
    assert average_of_top_three([]) == (F(0), (F(0), F(0), F(0)))
    assert average_of_top_three([F(-3), F(0)]) == (F(0), (F(0), F(0), F(0)))
    assert average_of_top_three([F(1), F(1), F(1), F(1)]) == (F(1), (F(1), F(1), F(1)))
    assert average_of_top_three([F(5, 2), F(1)])[0] == F(7, 6)
