"""WoT cycle pairing: hand-made histories for the special cases.

The histories are written by hand rather than taken from the engine, and the expected
pairings are worked out in the comments (WoT rules, Running the Event, Between Games,
Between Cycles, Expanded Set-Up Rules). Notation: (game points, tie-breaking points).
"""

from __future__ import annotations

import pytest

from ingest.wot import WotBye, WotEndedBy, WotRound, WotSide, pair_wot_game
from tests.wot.wot_builders import early, goal, kill, tie

H, V = WotSide.HERO, WotSide.VILLAIN
FIVE = ["a", "b", "c", "d", "e"]


def test_first_game_deals_the_shuffled_pile() -> None:
    pairing = pair_wot_game([], ["d", "a", "c", "b"], 5, 1)
    order = pairing.ranking
    assert sorted(order) == ["a", "b", "c", "d"]
    assert pairing.tables == ((order[0], order[1]), (order[2], order[3]))
    assert pairing.bye is None


def test_first_game_odd_player_out_gets_a_hero_bye() -> None:
    pairing = pair_wot_game([], ["a", "b", "c"], 5, 1)
    assert pairing.bye == (pairing.ranking[-1], H)
    assert pairing.tables == ((pairing.ranking[0], pairing.ranking[1]),)


def test_first_game_shuffle_depends_on_the_seed_only() -> None:
    players = [f"p{i}" for i in range(10)]
    shuffles = {pair_wot_game([], players, seed, 1).ranking for seed in range(8)}
    assert len(shuffles) > 1
    assert pair_wot_game([], players, 3, 1) == pair_wot_game([], players[::-1], 3, 1)


def test_history_must_hold_exactly_the_previous_games() -> None:
    with pytest.raises(ValueError, match="needs the results of 1 games"):
        pair_wot_game([], ["a", "b"], 1, 2)
    with pytest.raises(ValueError, match="twice"):
        pair_wot_game([], ["a", "a"], 1, 1)


# A 5-player event where the rules' own choices would force a second bye in game 4,
# and the engine swaps decks at one table of game 3 to avoid it.
#
# Game 1: a(H)-b(V), c(H)-d(V), e has the Hero bye.
#   b wins on a Last Battle kill with 2: b +2, a -2. c wins 6-1 by goal: c +5, d -5.
#   e's bye: Hero positives {5} -> 5/3.
FIVE_1 = WotRound(
    (
        kill(1, "a", "b", "villain", villain_final=2),
        goal(2, "c", "d", "hero", 6, 1),
    ),
    (WotBye("e"),),
)
# Game 2: Hero pile c (2,5), e (2,5/3), a (0,-2); Villain pile b (2,2), d (0,-5).
#   a, lowest Hero, takes the bye as Villain. c meets b (b Hero now), e meets d.
#   b and c tie. e wins 6-2 by goal: e +4, d -4. a's Villain bye: positives {4} -> 4/3.
FIVE_2 = WotRound(
    (tie(1, "b", "c"), goal(2, "d", "e", "villain", 2, 6)),
    (WotBye("a"),),
)
# Totals: e (4,17/3), c (3,5), b (3,2), a (2,-2/3), d (0,-9).
# Game 3: the bye goes to the lowest Villain of game 2. In rank order they are e, c, a
#   (a's bye counted as Villain). a and e have had a bye, so it goes to c (Hero).
#   e-b and a-d have never met: e(H)-b(V), a(H)-d(V).
#   Byes would then be a, e, c: only b and d could take game 4's bye, and game 4's bye
#   must come from game 3's Heroes (e, a and c's bye), who all have had one. So the
#   table of the lowest-ranked such Villain, d, swaps decks: d(H)-a(V). d and a have
#   never met, so the swap repeats nothing.


def test_deck_swap_keeps_the_next_bye_fair() -> None:
    pairing = pair_wot_game([FIVE_1, FIVE_2], FIVE, 9, 3)
    assert pairing.ranking == ("e", "c", "b", "a", "d")
    assert pairing.bye == ("c", H)
    assert pairing.tables == (("e", "b"), ("d", "a"))
    assert pairing.notes == (
        "bye: a has had more byes than others; it passes up to c",
        "table 2: d plays Hero instead of the higher-ranked a, so that the next bye can go "
        "to a player with the fewest byes",
    )


# Game 3 as paired: e wins 5-1 by goal (+4 / -4); d and a tie; c's Hero bye: {4} -> 4/3.
FIVE_3 = WotRound(
    (goal(1, "e", "b", "hero", 5, 1), tie(2, "d", "a")),
    (WotBye("c"),),
)
# Totals: e (6,29/3), c (5,19/3), a (3,-2/3), b (3,-2), d (1,-9).
# Game 4: Hero pile e, c, d; Villain pile a, b. d, the lowest Hero and without a bye,
#   takes it as Villain. e (Villain now) and c are left against a and b (Hero now).
#   e-a would leave c-b: b(H)-c(V) repeats game 2 with the same decks.
#   e-b is a rematch with other decks (game 3 was e(H)-b(V)), and c-a never met.
#   One rematch beats a same-deck repeat, so a moves down: b(H)-e(V), a(H)-c(V).


def test_same_deck_repeat_costs_more_than_a_plain_rematch() -> None:
    pairing = pair_wot_game([FIVE_1, FIVE_2, FIVE_3], FIVE, 9, 4)
    assert pairing.bye == ("d", V)
    assert pairing.tables == (("b", "e"), ("a", "c"))
    assert pairing.notes == (
        "table 1: e plays b instead of a, who moves down to avoid a rematch",
        "table 1: b (Hero) and e (Villain) meet again",
    )


def test_second_bye_once_everyone_has_had_one() -> None:
    # Three players; byes so far: c (game 1), a (game 2), b (game 3). In game 4 the
    # bye comes from game 3's Heroes (b's bye and the table Hero); everyone has one,
    # so the lowest of them takes a second.
    history = [
        WotRound((goal(1, "a", "b", "hero", 5, 0),), (WotBye("c"),)),
        WotRound((goal(1, "b", "c", "hero", 5, 0),), (WotBye("a"),)),
        WotRound((goal(1, "a", "c", "hero", 9, 0),), (WotBye("b"),)),
    ]
    # Totals: a (6,14), b (4,3), c (2,-37/3). Game 3's Heroes are a and b (his bye);
    # both have had a bye, as has everyone, so the lower of them, b, takes a second.
    pairing = pair_wot_game(history, ["a", "b", "c"], 1, 4)
    assert pairing.bye == ("b", V)
    assert pairing.tables == (("c", "a"),)


def test_forfeited_player_is_not_paired_again() -> None:
    history = [
        WotRound(
            (
                kill(1, "a", "b", "hero", hero_final=3, by=WotEndedBy.FORFEIT),
                goal(2, "c", "d", "hero", 6, 1),
            )
        )
    ]
    pairing = pair_wot_game(history, ["a", "b", "c", "d"], 1, 2)
    seated = {p for table in pairing.tables for p in table}
    assert "b" not in seated
    # Piles: Heroes a, c; Villains d. Three players: the lowest Hero takes the bye.
    # a (2,3) is below c (2,5), so a has the bye and c (Villain now) meets d (Hero now).
    assert pairing.bye == ("a", V)
    assert pairing.tables == (("d", "c"),)


def test_dropped_villain_leaves_the_bye_to_the_larger_pile() -> None:
    # Game 1: a-b, c-d, e-f (all Hero wins, margins 1, 2, 3). f drops.
    history = [
        WotRound(
            (
                goal(1, "a", "b", "hero", 5, 4),
                goal(2, "c", "d", "hero", 5, 3),
                goal(3, "e", "f", "hero", 5, 2),
            )
        )
    ]
    pairing = pair_wot_game(history, ["a", "b", "c", "d", "e"], 1, 2)
    # Hero pile e (2,3), c (2,2), a (2,1); Villain pile b (0,-1), d (0,-2).
    # Five players: the bye goes to the larger pile's lowest, a, as Villain.
    # e-b would leave c-d, who met at game 1 (other decks now, still a rematch); e-d and
    # c-b have never met, so b moves down.
    assert pairing.bye == ("a", V)
    assert pairing.tables == (("d", "e"), ("b", "c"))


def test_piles_two_apart_are_evened_out() -> None:
    # Game 1: four tables; three Villains drop before game 2.
    history = [
        WotRound(
            tuple(
                goal(t, h, v, "hero", 5 + t, 0)
                for t, (h, v) in enumerate([("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")], 1)
            )
        )
    ]
    pairing = pair_wot_game(history, ["a", "c", "e", "g", "h"], 1, 2)
    # Hero pile g (2,9), e (2,8), c (2,7), a (2,6); Villain pile h (0,-9). Five players:
    # a, the lowest Hero, has the bye as Villain. Piles 3 v 1: c, the lowest left,
    # crosses to the Villain pile and plays Hero again. g (Villain now) takes the top of
    # that pile, c; e meets h. Nobody has met.
    assert pairing.bye == ("a", V)
    assert "c moves to the Villain pile to even out the piles and plays Hero again" in pairing.notes
    assert pairing.tables == (("c", "g"), ("h", "e"))


def test_late_entrant_joins_the_smaller_pile() -> None:
    history = [WotRound((goal(1, "a", "b", "hero", 6, 0),), (WotBye("c"),))]
    pairing = pair_wot_game(history, ["a", "b", "c", "z"], 1, 2)
    # Hero pile a (2,6), c (2,2: his bye); Villain pile b (0,-6). z joins the smaller,
    # Villain pile and plays Hero; at (0,0) he ranks above b. Four players, no bye:
    # a meets z, c meets b.
    assert pairing.bye is None
    assert "z did not play the previous game and joins the Villain pile (plays Hero)" in pairing.notes
    assert pairing.tables == (("z", "a"), ("b", "c"))


def test_early_game_results_do_not_need_finals_for_pairing() -> None:
    history = [WotRound((early(1, "a", "b", "villain"), early(2, "c", "d", "hero")))]
    pairing = pair_wot_game(history, ["a", "b", "c", "d"], 1, 2)
    # Early wins with nothing to average give 0 tie-breaking points: Heroes c (2,0),
    # a (-1,0); Villains b (2,0), d (-1,0). c and b are level (seeded order), but either
    # way c meets b and a meets d; none of them has met.
    assert pairing.tables == (("b", "c"), ("d", "a"))
