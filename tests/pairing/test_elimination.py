"""Single-elimination playoffs and finalist selection (ingest.pairing.elimination)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing.elimination import (
    Candidate,
    PlayoffFinding,
    PlayoffResult,
    Seeding,
    advance_playoff,
    bracket_order,
    playoff_placings,
    seed_bracket,
    select_finalists,
)

SEEDS = [f"s{i}" for i in range(1, 17)]


def first_round(n: int, seeding: Seeding = "standings") -> list[tuple[str, str]]:
    bracket = seed_bracket(SEEDS[:n], seeding)
    state = advance_playoff(bracket)
    assert state.current is not None
    return [(m.player1, m.player2) for m in state.current.matches]


class TestSeeding:
    def test_two(self) -> None:
        assert first_round(2) == [("s1", "s2")]

    def test_four(self) -> None:
        # MTR 10.4: 1v4 and 2v3.
        assert bracket_order(4) == (1, 4, 2, 3)
        assert first_round(4) == [("s1", "s4"), ("s2", "s3")]

    def test_eight(self) -> None:
        # MTR 10.4: 1v8, 4v5, 2v7, 3v6; winners of 1/8 and 4/5 meet.
        assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
        assert first_round(8) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]

    def test_sixteen(self) -> None:
        assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)

    def test_six_gives_byes_to_the_top_seeds(self) -> None:
        bracket = seed_bracket(SEEDS[:6])
        state = advance_playoff(bracket)
        assert state.current is not None
        assert [(m.player1, m.player2) for m in state.current.matches] == [
            ("s4", "s5"),
            ("s3", "s6"),
        ]
        assert state.current.byes == ("s1", "s2")
        state = advance_playoff(bracket, [PlayoffResult.win(1, "s5", "s4"), PlayoffResult.win(1, "s3", "s6")])
        assert [(m.player1, m.player2) for m in state.pending] == [("s1", "s5"), ("s2", "s3")]

    def test_draft_seats(self) -> None:
        # MTR 10.4 booster draft playoff: 1v5 2v6 3v7 4v8; 1/5 meets 3/7.
        assert first_round(8, "draft-seats") == [
            ("s1", "s5"),
            ("s3", "s7"),
            ("s2", "s6"),
            ("s4", "s8"),
        ]
        with pytest.raises(ValueError, match="power-of-two"):
            seed_bracket(SEEDS[:6], "draft-seats")

    def test_draft_seats_with_a_ranking(self) -> None:
        ranking = ["s8", "s7", "s6", "s5", "s4", "s3", "s2", "s1"]
        bracket = seed_bracket(SEEDS[:8], "draft-seats", ranking=ranking)
        state = advance_playoff(bracket)
        assert state.current is not None
        assert state.current.matches[0].player1 == "s5"  # better ranked than seat 1

    @pytest.mark.parametrize("size", [3, 5, 7, 12, 16, 24])
    def test_every_seed_once(self, size: int) -> None:
        bracket = seed_bracket(SEEDS[:size] + [f"t{i}" for i in range(max(0, size - 16))])
        players = [p for p in bracket.slots if p is not None]
        assert sorted(players) == sorted(bracket.seeds)
        byes = len(bracket.slots) - size
        # The byes go to the top seeds: their first-round partner slot is empty.
        for seed in bracket.seeds[:byes]:
            pos = bracket.slots.index(seed)
            assert bracket.slots[pos ^ 1] is None

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match="two players"):
            seed_bracket(["a"])
        with pytest.raises(ValueError, match="duplicate"):
            seed_bracket(["a", "a"])
        with pytest.raises(ValueError, match="ranking"):
            seed_bracket(["a", "b"], ranking=["a", "c"])
        with pytest.raises(ValueError, match="power of two"):
            bracket_order(6)


def play_out(bracket_size: int, seed: int) -> tuple[list[PlayoffResult], str | None]:
    """Play a bracket to the end with random winners."""
    rng = random.Random(seed)
    bracket = seed_bracket(SEEDS[:bracket_size])
    results: list[PlayoffResult] = []
    while True:
        state = advance_playoff(bracket, results)
        if state.finished:
            return results, state.champion
        for m in state.pending:
            winner, loser = (m.player1, m.player2) if rng.random() < 0.5 else (m.player2, m.player1)
            results.append(PlayoffResult.win(m.round, winner, loser))


class TestAdvancing:
    def test_full_bracket_and_placings(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        results = [
            PlayoffResult.win(1, "s1", "s8"),
            PlayoffResult.win(1, "s5", "s4"),
            PlayoffResult.win(1, "s2", "s7"),
            PlayoffResult.win(1, "s6", "s3"),
        ]
        state = advance_playoff(bracket, results)
        assert [(m.player1, m.player2) for m in state.pending] == [("s1", "s5"), ("s2", "s6")]
        results += [PlayoffResult.win(2, "s5", "s1"), PlayoffResult.win(2, "s2", "s6")]
        state = advance_playoff(bracket, results)
        assert [(m.player1, m.player2) for m in state.pending] == [("s2", "s5")]
        results.append(PlayoffResult.win(3, "s5", "s2"))
        state = advance_playoff(bracket, results)
        assert state.finished
        assert state.champion == "s5"
        assert playoff_placings(bracket, results) == (
            ("s5",),
            ("s2",),
            ("s1", "s6"),
            ("s3", "s4", "s7", "s8"),
        )

    @settings(max_examples=40, deadline=None)
    @given(st.integers(2, 16), st.integers(0, 10_000))
    def test_any_bracket_finishes_with_everyone_placed(self, size: int, seed: int) -> None:
        results, champion = play_out(size, seed)
        bracket = seed_bracket(SEEDS[:size])
        placings = playoff_placings(bracket, results)
        assert placings[0] == (champion,)
        assert sorted(p for group in placings for p in group) == sorted(SEEDS[:size])
        assert len(placings[1]) == 1

    def test_double_loss_gives_the_next_opponent_a_bye(self) -> None:
        # Bushiroad 3.2.3: a time-out loses for both; the next opponent advances.
        bracket = seed_bracket(SEEDS[:4])
        results = [PlayoffResult.double_loss(1, "s1", "s4"), PlayoffResult.win(1, "s3", "s2")]
        state = advance_playoff(bracket, results, policy="bushiroad")
        assert state.finished
        assert state.champion == "s3"
        assert state.rounds[-1].byes == ("s3",)
        assert playoff_placings(bracket, results, policy="bushiroad") == (
            ("s3",),
            (),
            ("s1", "s2", "s4"),
        )

    def test_double_loss_in_the_final(self) -> None:
        bracket = seed_bracket(SEEDS[:2])
        results = [PlayoffResult.double_loss(1, "s2", "s1")]
        assert advance_playoff(bracket, results).champion is None
        assert playoff_placings(bracket, results) == ((), ("s1", "s2"))

    def test_draw_is_a_finding_and_keeps_the_match_open(self) -> None:
        bracket = seed_bracket(SEEDS[:2])
        state = advance_playoff(bracket, [PlayoffResult.drawn(1, "s1", "s2")])
        assert state.findings == (PlayoffFinding("draw", 1, ("s1", "s2")),)
        assert not state.finished
        assert [(m.player1, m.player2) for m in state.pending] == [("s1", "s2")]

    def test_unexpected_and_duplicate_results(self) -> None:
        bracket = seed_bracket(SEEDS[:4])
        state = advance_playoff(
            bracket,
            [
                PlayoffResult.win(1, "s1", "s4"),
                PlayoffResult.win(1, "s4", "s1"),
                PlayoffResult.win(1, "s1", "s2"),
                PlayoffResult.win(2, "s1", "s2"),
            ],
        )
        assert [f.kind for f in state.findings] == [
            "duplicate-result",
            "unexpected-result",
            "unexpected-result",
        ]

    def test_unfinished_placings_raise(self) -> None:
        with pytest.raises(ValueError, match="not finished"):
            playoff_placings(seed_bracket(SEEDS[:4]), [])

    def test_result_validation(self) -> None:
        with pytest.raises(ValueError, match="did not play"):
            PlayoffResult(1, "a", "b", winner="c")
        with pytest.raises(ValueError, match="no winner"):
            PlayoffResult(1, "a", "b", winner="a", draw=True)


class TestDropsAfterTheCut:
    def test_aequitas_opponent_gets_the_bye(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        state = advance_playoff(bracket, drops={"s5": 1}, policy="aequitas")
        assert state.current is not None
        assert [(m.player1, m.player2) for m in state.current.matches] == [
            ("s1", "s8"),
            ("s2", "s7"),
            ("s3", "s6"),
        ]
        assert state.current.byes == ("s4",)

    def test_mtr_highest_ranked_remaining_gets_the_bye(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        state = advance_playoff(bracket, drops={"s5": 1}, policy="mtr")
        assert state.current is not None
        assert [(m.player1, m.player2) for m in state.current.matches] == [
            ("s4", "s8"),
            ("s2", "s7"),
            ("s3", "s6"),
        ]
        assert state.current.byes == ("s1",)
        results = [
            PlayoffResult.win(1, "s8", "s4"),
            PlayoffResult.win(1, "s2", "s7"),
            PlayoffResult.win(1, "s3", "s6"),
        ]
        state = advance_playoff(bracket, results, drops={"s5": 1}, policy="mtr")
        assert [(m.player1, m.player2) for m in state.pending] == [("s1", "s8"), ("s2", "s3")]

    def test_drop_of_the_top_seeds_opponent_is_the_same_under_both(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        mtr = advance_playoff(bracket, drops={"s8": 1}, policy="mtr")
        aequitas = advance_playoff(bracket, drops={"s8": 1}, policy="aequitas")
        assert mtr.current == aequitas.current
        assert mtr.current is not None
        assert mtr.current.byes == ("s1",)

    def test_semifinal_drop(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        quarter = [
            PlayoffResult.win(1, "s1", "s8"),
            PlayoffResult.win(1, "s4", "s5"),
            PlayoffResult.win(1, "s2", "s7"),
            PlayoffResult.win(1, "s3", "s6"),
        ]
        mtr = advance_playoff(bracket, quarter, drops={"s3": 2}, policy="mtr")
        assert [(m.player1, m.player2) for m in mtr.pending] == [("s2", "s4")]
        assert mtr.current is not None
        assert mtr.current.byes == ("s1",)
        aequitas = advance_playoff(bracket, quarter, drops={"s3": 2}, policy="aequitas")
        assert [(m.player1, m.player2) for m in aequitas.pending] == [("s1", "s4")]
        assert aequitas.current is not None
        assert aequitas.current.byes == ("s2",)
        # The dropped player places with the semifinal losers.
        final = [*quarter, PlayoffResult.win(2, "s2", "s4"), PlayoffResult.win(3, "s2", "s1")]
        assert playoff_placings(bracket, final, drops={"s3": 2}, policy="mtr") == (
            ("s2",),
            ("s1",),
            ("s3", "s4"),
            ("s5", "s6", "s7", "s8"),
        )

    def test_two_drops_in_one_round_under_mtr(self) -> None:
        bracket = seed_bracket(SEEDS[:8])
        state = advance_playoff(bracket, drops={"s5": 1, "s6": 1}, policy="mtr")
        assert state.current is not None
        assert state.current.byes == ("s1", "s2")
        # Stranded players are served by ranking: s3 takes s1's opponent s8,
        # then s4 takes s2's opponent s7.
        assert sorted((m.player1, m.player2) for m in state.current.matches) == [
            ("s3", "s8"),
            ("s4", "s7"),
        ]

    def test_drop_in_the_final_crowns_the_opponent(self) -> None:
        bracket = seed_bracket(SEEDS[:2])
        for policy in ("mtr", "aequitas", "bushiroad"):
            state = advance_playoff(bracket, drops={"s1": 1}, policy=policy)
            assert state.finished
            assert state.champion == "s2"

    def test_unknown_policy(self) -> None:
        with pytest.raises(ValueError, match="policy"):
            advance_playoff(seed_bracket(SEEDS[:2]), policy="wot")  # type: ignore[arg-type]


class TestFinalists:
    def test_ranking_skips_players_who_declined(self) -> None:
        field = [Candidate(f"p{i}", i) for i in range(1, 11)]
        field[2] = Candidate("p3", 3, declined=True)
        assert select_finalists(field, 4) == ("p1", "p2", "p4", "p5")

    def test_nation_clan_steps(self) -> None:
        field = [
            Candidate("a", 1, 0, "x"),
            Candidate("b", 2, 0, "y"),
            Candidate("c", 3, 1, "x"),
            Candidate("d", 4, 1, "z"),
            Candidate("e", 5, 1, "y"),
            Candidate("f", 6, 1, "w"),
            Candidate("g", 7, 2, "v"),
        ]
        # Full wins, then one-loss decks unused by full-win players (z, w),
        # then decks used once (x, y) by ranking.
        assert select_finalists(field, 5, method="nation-clan") == ("a", "b", "c", "d", "f")
        assert select_finalists(field, 3, method="title") == ("a", "b", "d")
        # Never more than the rule yields: two-loss players are not selected.
        assert select_finalists(field, 7, method="nation-clan") == tuple("abcdef")

    def test_more_full_wins_than_places(self) -> None:
        field = [Candidate(x, r, 0, "x") for r, x in enumerate("abcde", start=1)]
        assert select_finalists(field, 4, method="title") == ("a", "b", "c", "d")

    def test_deck_groups_count_by_full_win_use(self) -> None:
        field = [
            Candidate("a", 1, 0, "x"),
            Candidate("b", 2, 0, "x"),
            Candidate("c", 3, 0, "y"),
            Candidate("d", 4, 1, "x"),  # used by two full-win players
            Candidate("e", 5, 1, "y"),  # used by one
            Candidate("f", 6, 1, "x", declined=True),
        ]
        assert select_finalists(field, 4, method="nation-clan") == ("a", "b", "c", "e")
        assert select_finalists(field, 5, method="nation-clan") == ("a", "b", "c", "d", "e")

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match="deck group"):
            select_finalists([Candidate("a", 1)], 1, method="title")
        with pytest.raises(ValueError, match="count"):
            select_finalists([Candidate("a", 1)], 0)
        with pytest.raises(ValueError, match="duplicate"):
            select_finalists([Candidate("a", 1), Candidate("a", 2)], 1)
