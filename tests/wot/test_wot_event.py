"""A 9-player, 2-cycle (4-game) Wheel of Time event replayed game by game.

Everything after the Game 1 shuffle is derived by hand from the rules (WoT rules,
Scoring, Between Games, Between Cycles, Expanded Set-Up Rules). The derivation is
written next to each assertion. Notation: (game points, tie-breaking points);
"H"/"V" = Hero/Villain deck. Results were chosen so that no ranking that matters has
a tie (the rules break those at random), so the expected pairings follow from the
text alone.

What the event exercises: every kind of result; a rematch avoided in Game 2 (a
different-deck rematch, rules: Between Games); a same-deck repeat and a rematch
avoided in Game 3 (Expanded Set-Up Rules: move the lower-ranked player down); a bye
passed up twice in Game 3 and once in Game 4 (second byes); a same-deck repeat
avoided in Game 4; a shared final rank.
"""

from __future__ import annotations

from fractions import Fraction as F

from ingest.wot import (
    WotBye,
    WotEndedBy,
    WotPairing,
    WotRound,
    WotSide,
    pair_wot_game,
    score_game_round,
    wot_standings,
    wot_totals,
)
from tests.wot.wot_builders import EARLY, LB, both_lose, early, goal, kill, points, tie

PLAYERS = ["alice", "bob", "carol", "dan", "erin", "fay", "gus", "hal", "ivy"]
SEED = 2026
H, V = WotSide.HERO, WotSide.VILLAIN

# ---- Game 1 (cycle 1, game 1) -----------------------------------------------------------
# The seeded shuffle of the score sheets (the one machine-made input of this test) gives:
#   bob, dan, gus, hal, ivy, carol, erin, fay, alice
# Expanded Set-Up Rules: 1st Hero / 2nd Villain at table 1, 3rd/4th at table 2, ...;
# the odd ninth player, alice, gets the bye and counts as Hero.
GAME_1 = WotRound(
    (
        goal(1, "bob", "dan", "hero", 7, 2),  # bob +5 (7-2), dan 0 GP and -5
        early(2, "gus", "hal", "villain"),  # Villain early kill: average (below)
        kill(3, "ivy", "carol", "villain", hero_final=0, villain_final=3),  # carol +3, ivy -3
        goal(4, "erin", "fay", "hero", 5, 4),  # erin +1 (5-4), fay -1
    ),
    (WotBye("alice"),),
)
# Fixed Villain values: dan -5, carol +3, fay -1 -> positives {3}: hal (3+0+0)/3 = +1,
# gus -1 and -1 GP (lost before the Last Battle).
# alice's Hero bye: Hero positives {bob 5, erin 1} -> (5+1+0)/3 = +2.
GAME_1_POINTS = {
    "bob": (2, F(5)),
    "dan": (0, F(-5)),
    "gus": (-1, F(-1)),
    "hal": (2, F(1)),
    "ivy": (0, F(-3)),
    "carol": (2, F(3)),
    "erin": (2, F(1)),
    "fay": (0, F(-1)),
    "alice": (2, F(2)),
}

# ---- Game 2 (cycle 1, game 2) -----------------------------------------------------------
# Hero pile (game-1 Heroes and alice's Hero bye), by total score:
#   bob (2,5), alice (2,2), erin (2,1), ivy (0,-3), gus (-1,-1)
# Villain pile: carol (2,3), hal (2,1), fay (0,-1), dan (0,-5)
# Bye: the lowest Hero, gus (no bye yet); he counts as Villain.
# Decks switch: the Hero pile plays Villain, the Villain pile plays Hero. Rank k meets k:
#   bob-carol, alice-hal, erin-fay, ivy-dan
# erin and fay met at game 1 (erin H, fay V). Now it would be fay H / erin V: different
# decks, but Between Games asks for no second meeting if at all possible. fay (0,-1) is
# lower-ranked than erin (2,1), so fay moves down one place: erin meets dan, fay meets ivy.
# Neither pair has met. Tables in order (Hero first):
GAME_2_TABLES = (("carol", "bob"), ("hal", "alice"), ("dan", "erin"), ("fay", "ivy"))
GAME_2 = WotRound(
    (
        goal(1, "carol", "bob", "hero", 6, 4),  # carol +2, bob 0 GP -2
        both_lose(2, "hal", "alice", EARLY),  # both -1 GP, minus the game average
        both_lose(3, "dan", "erin", LB, 2, 3),  # dan -3 (erin's 3), erin -2 (dan's 2), 0 GP
        kill(4, "fay", "ivy", "villain", hero_final=1, villain_final=4),  # ivy +4, fay -4
    ),
    (WotBye("gus"),),
)
# Fixed values of the other players: carol +2, bob -2, dan -3, erin -2, fay -4, ivy +4.
# hal and alice: positives {4, 2} -> (4+2+0)/3 = 2, so -2 each.
# gus's Villain bye: Villain positives {ivy 4} (bob -2, erin -2) -> 4/3.
GAME_2_POINTS = {
    "carol": (2, F(2)),
    "bob": (0, F(-2)),
    "hal": (-1, F(-2)),
    "alice": (-1, F(-2)),
    "dan": (0, F(-3)),
    "erin": (0, F(-2)),
    "fay": (0, F(-4)),
    "ivy": (2, F(4)),
    "gus": (2, F(4, 3)),
}
# Totals after game 2, ranked:
#   carol (4,5), bob (2,3), ivy (2,1), erin (2,-1), gus (1,1/3), alice (1,0), hal (1,-1),
#   fay (0,-5), dan (0,-8)
RANKING_AFTER_2 = ("carol", "bob", "ivy", "erin", "gus", "alice", "hal", "fay", "dan")

# ---- Game 3 (cycle 2, game 1) -----------------------------------------------------------
# Bye: the lowest-scoring Villain of game 2. Game-2 Villains, ranked: bob, ivy, erin,
# gus (bye, counted Villain), alice. alice had a bye (game 1): the player immediately
# above, gus, had one too (game 2), so it goes to erin, who counts as Hero.
# One list: carol, bob, ivy, gus, alice, hal, fay, dan; 1v2, 3v4, ..., higher plays Hero.
#   carol-bob: carol H / bob V is exactly game 2, table 1: same decks again -> bob moves
#     down. carol-ivy: they met at game 1 (ivy H, carol V); other decks but a rematch,
#     avoidable -> ivy moves down too. carol-gus: never met.
#   bob-ivy (bob and ivy keep their order): never met.
#   alice-hal: met at game 2 (hal H, alice V) -> hal moves down; alice-fay: never met.
#   hal-dan: never met. (hal (1,-1) is above dan (0,-8): hal plays Hero.)
GAME_3_TABLES = (("carol", "gus"), ("bob", "ivy"), ("alice", "fay"), ("hal", "dan"))
GAME_3 = WotRound(
    (
        goal(1, "carol", "gus", "hero", 5, 1),  # carol +4, gus 0 GP -4
        goal(2, "bob", "ivy", "villain", 3, 6),  # ivy +3 (6-3), bob -3
        early(3, "alice", "fay", "villain", by=WotEndedBy.CONCESSION),  # alice concedes early
        tie(4, "hal", "dan"),  # 1 GP each, 0
    ),
    (WotBye("erin"),),
)
# fay: Villain positives {ivy 3} (gus -4, dan 0 is not positive) -> 3/3 = +1; alice -1 GP -1.
# erin's Hero bye: Hero positives {carol 4} (bob -3, hal 0) -> 4/3.
GAME_3_POINTS = {
    "carol": (2, F(4)),
    "gus": (0, F(-4)),
    "bob": (0, F(-3)),
    "ivy": (2, F(3)),
    "alice": (-1, F(-1)),
    "fay": (2, F(1)),
    "hal": (1, F(0)),
    "dan": (1, F(0)),
    "erin": (2, F(4, 3)),
}
# Totals after game 3, ranked:
#   carol (6,9), ivy (4,4), erin (4,1/3), bob (2,0), hal (2,-1), fay (2,-4),
#   gus (1,-11/3), dan (1,-8), alice (0,-1)
RANKING_AFTER_3 = ("carol", "ivy", "erin", "bob", "hal", "fay", "gus", "dan", "alice")

# ---- Game 4 (cycle 2, game 2) -----------------------------------------------------------
# Hero pile (game-3 Heroes and erin's Hero bye): carol, erin, bob, hal, alice
# Villain pile: ivy, fay, gus, dan
# Bye: the lowest Hero, alice, already had one -> the player immediately above, hal
# (none yet), gets it as Villain.
# Left: carol, erin, bob, alice (now Villain) against ivy, fay, gus, dan (now Hero).
#   Rank 1: carol-ivy would be ivy H / carol V, as at game 1: same decks. ivy (4,4) is
#     below carol (6,9) and moves down; carol-fay never met.
#   Next tops: erin (4,1/3) and ivy (4,4): ivy is higher and takes erin (never met).
#   bob-gus: never met. dan-alice: never met.
GAME_4_TABLES = (("fay", "carol"), ("ivy", "erin"), ("gus", "bob"), ("dan", "alice"))
GAME_4 = WotRound(
    (
        kill(1, "fay", "carol", "villain", hero_final=2, villain_final=4),  # carol +4, fay -4
        goal(2, "ivy", "erin", "hero", 7, 3),  # ivy +4, erin 0 GP -4
        early(3, "gus", "bob", "villain"),  # bob early kill: Villain average
        tie(4, "dan", "alice"),
    ),
    (WotBye("hal"),),
)
# bob: Villain positives {carol 4} (erin -4, alice 0) -> 4/3; gus -1 GP and -4/3.
# hal's Villain bye: the same pool -> 4/3.
GAME_4_POINTS = {
    "fay": (0, F(-4)),
    "carol": (2, F(4)),
    "ivy": (2, F(4)),
    "erin": (0, F(-4)),
    "gus": (-1, F(-4, 3)),
    "bob": (2, F(4, 3)),
    "dan": (1, F(0)),
    "alice": (1, F(0)),
    "hal": (2, F(4, 3)),
}
# Final totals (WoT rules, Final Score):
#   1 carol (8,13), 2 ivy (6,8), 3 bob (4,4/3), 4 hal (4,1/3), 5 erin (4,-11/3),
#   6 fay (2,-8) and dan (2,-8) share 6th, 8 alice (1,-1), 9 gus (0,-5)


def _pair(history: list[WotRound], game_number: int) -> WotPairing:
    return pair_wot_game(history, PLAYERS, SEED, game_number)


def _score(record: WotRound, game_number: int) -> dict[str, tuple[int, F]]:
    return points(score_game_round(record.games, record.byes, game_number))


def test_game_1_pairing() -> None:
    pairing = _pair([], 1)
    assert pairing.ranking == ("bob", "dan", "gus", "hal", "ivy", "carol", "erin", "fay", "alice")
    assert pairing.tables == (("bob", "dan"), ("gus", "hal"), ("ivy", "carol"), ("erin", "fay"))
    assert pairing.bye == ("alice", H)
    assert tuple((g.hero, g.villain) for g in GAME_1.games) == pairing.tables


def test_game_1_scores() -> None:
    assert _score(GAME_1, 1) == GAME_1_POINTS


def test_game_2_pairing() -> None:
    pairing = _pair([GAME_1], 2)
    assert pairing.tables == GAME_2_TABLES
    assert pairing.bye == ("gus", V)
    assert pairing.notes == ("table 3: erin plays dan instead of fay, who moves down to avoid a rematch",)


def test_game_2_scores() -> None:
    assert _score(GAME_2, 2) == GAME_2_POINTS
    totals = wot_totals([GAME_1, GAME_2])
    ranked = sorted(totals, key=lambda p: (-totals[p].game_points, -totals[p].tiebreak_points))
    assert tuple(ranked) == RANKING_AFTER_2


def test_game_3_pairing() -> None:
    pairing = _pair([GAME_1, GAME_2], 3)
    assert pairing.ranking == RANKING_AFTER_2
    assert pairing.bye == ("erin", H)
    assert pairing.tables == GAME_3_TABLES
    assert pairing.notes == (
        "bye: alice has had more byes than others; it passes up to erin",
        "table 1: carol plays gus instead of bob, who moves down to avoid a rematch",
        "table 3: alice plays fay instead of hal, who moves down to avoid a rematch",
    )


def test_game_3_scores() -> None:
    assert _score(GAME_3, 3) == GAME_3_POINTS


def test_game_4_pairing() -> None:
    pairing = _pair([GAME_1, GAME_2, GAME_3], 4)
    assert pairing.ranking == RANKING_AFTER_3
    assert pairing.bye == ("hal", V)
    assert pairing.tables == GAME_4_TABLES
    assert pairing.notes == (
        "bye: alice has had more byes than others; it passes up to hal",
        "table 1: carol plays fay instead of ivy, who moves down to avoid a rematch",
    )


def test_game_4_scores() -> None:
    assert _score(GAME_4, 4) == GAME_4_POINTS


def test_final_standings() -> None:
    rows = wot_standings([GAME_1, GAME_2, GAME_3, GAME_4], PLAYERS, SEED)
    table = [(r.rank, r.player, r.game_points, r.tiebreak_points) for r in rows]
    assert table[:5] == [
        (1, "carol", 8, F(13)),
        (2, "ivy", 6, F(8)),
        (3, "bob", 4, F(4, 3)),
        (4, "hal", 4, F(1, 3)),
        (5, "erin", 4, F(-11, 3)),
    ]
    assert sorted(table[5:7]) == [(6, "dan", 2, F(-8)), (6, "fay", 2, F(-8))]
    assert table[7:] == [(8, "alice", 1, F(-1)), (9, "gus", 0, F(-5))]
    # Four byes, four different players; everyone else played all four games.
    assert {r.player for r in rows if r.byes} == {"alice", "gus", "erin", "hal"}
    assert all(r.games_played + r.byes == 4 and r.byes <= 1 for r in rows)


def test_every_player_plays_each_deck_once_per_cycle() -> None:
    rounds = [GAME_1, GAME_2, GAME_3, GAME_4]
    for cycle in (0, 1):
        for player in PLAYERS:
            sides = []
            for offset in (0, 1):
                number = 2 * cycle + offset + 1
                record = rounds[number - 1]
                sides += [H for g in record.games if g.hero == player]
                sides += [V for g in record.games if g.villain == player]
                sides += [b.resolved_side(number) for b in record.byes if b.player == player]
            assert sorted(s.value for s in sides) == ["hero", "villain"], (player, cycle)
