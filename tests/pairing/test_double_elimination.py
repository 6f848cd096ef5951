"""Double elimination and effective rounds (ingest.pairing.double_elimination)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing.double_elimination import (
    DoubleEliminationEntrant,
    DoubleEliminationRound,
    effective_rounds,
    pair_double_elimination,
)


def run_event(
    n: int, seed: int, *, top: int | None = None, draw_rate: float = 0.1
) -> list[tuple[list[DoubleEliminationEntrant], DoubleEliminationRound]]:
    """Play a whole event with random results; return each round's input and pairing."""
    rng = random.Random(seed)
    ids = [f"f{i:02d}" for i in range(n)]
    wins = dict.fromkeys(ids, 0)
    losses = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {i: set() for i in ids}
    tie = {i: rng.random() for i in ids}
    log = []
    for number in range(1, 4 * n):
        order = sorted(ids, key=lambda i: (losses[i], -wins[i], tie[i]))
        players = [
            DoubleEliminationEntrant(i, wins[i], losses[i], r, frozenset(met[i]), byes[i])
            for r, i in enumerate(order, start=1)
        ]
        result = pair_double_elimination(players, seed=seed, round_number=number, top=top)
        log.append((players, result))
        if result.finished:
            return log
        for t in result.tables:
            met[t.player1].add(t.player2)
            met[t.player2].add(t.player1)
            x = rng.random()
            if x < draw_rate:  # a draw is a loss for both (Bushiroad 3.2.2)
                losses[t.player1] += 1
                losses[t.player2] += 1
            else:
                winner, loser = (t.player1, t.player2) if x < 0.55 else (t.player2, t.player1)
                wins[winner] += 1
                losses[loser] += 1
        for b in result.byes:
            wins[b.player] += 1
            byes[b.player] += 1
    raise AssertionError("event did not finish")


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10_000), st.floats(0, 0.3))
def test_invariants(n: int, seed: int, draw_rate: float) -> None:
    log = run_event(n, seed, draw_rate=draw_rate)
    for players, result in log:
        record = {p.id: (p.wins, p.losses) for p in players}
        active = [p.id for p in players if p.losses < 2]
        seated = [x for t in result.tables for x in (t.player1, t.player2)]
        seated += [b.player for b in result.byes]
        if not result.finished:
            assert sorted(seated) == sorted(active)  # everyone left plays, once
            assert len(result.byes) <= 1
        assert all(record[x][1] < 2 for x in seated)  # out at two losses
        assert set(result.eliminated) == {p.id for p in players if p.losses >= 2}
        if players[0].wins or players[0].losses:
            assert not any(t.rematch for t in result.tables) or any(r.method == "full-rematches" for r in result.pods)
    players, final = log[-1]
    assert final.finished
    undefeated = [p.id for p in players if p.losses == 0]
    if len(undefeated) == 1:
        assert final.winners == tuple(undefeated)
    else:
        assert len([p for p in players if p.losses < 2]) <= 1


def test_equal_records_meet_when_possible() -> None:
    players = [
        DoubleEliminationEntrant("a", 2, 0, 1, frozenset({"x", "y"})),
        DoubleEliminationEntrant("b", 2, 0, 2, frozenset({"z", "w"})),
        DoubleEliminationEntrant("c", 1, 1, 3, frozenset({"x", "z"})),
        DoubleEliminationEntrant("d", 1, 1, 4, frozenset({"y", "w"})),
        DoubleEliminationEntrant("e", 0, 2, 5, frozenset({"a", "b"})),
    ]
    result = pair_double_elimination(players, seed=1, round_number=3)
    assert {(t.player1, t.player2) for t in result.tables} == {("a", "b"), ("c", "d")}
    assert result.eliminated == ("e",)
    assert not result.byes


def test_one_undefeated_left_wins() -> None:
    players = [
        DoubleEliminationEntrant("a", 3, 0, 1),
        DoubleEliminationEntrant("b", 2, 1, 2),
        DoubleEliminationEntrant("c", 2, 1, 3),
    ]
    result = pair_double_elimination(players, seed=1, round_number=4)
    assert result.finished
    assert result.winners == ("a",)
    assert result.tables == ()


def test_first_round_is_random_and_seeded() -> None:
    players = [DoubleEliminationEntrant(f"p{i}", 0, 0, i) for i in range(1, 11)]
    a = pair_double_elimination(players, seed=5, round_number=1)
    b = pair_double_elimination(list(reversed(players)), seed=5, round_number=1)
    c = pair_double_elimination(players, seed=6, round_number=1)
    assert a == b
    assert a.tables != c.tables
    assert a.pods[0].method == "random"


@pytest.mark.parametrize("seed", range(8))
def test_top_x_keeps_undefeated_apart(seed: int) -> None:
    log = run_event(37, seed, top=4, draw_rate=0.05)
    for players, result in log:
        record = {p.id: p.losses for p in players}
        undefeated = [p for p in players if p.losses == 0]
        if result.finished:
            assert len(undefeated) <= 4
            assert result.winners == tuple(p.id for p in undefeated)
        else:
            assert len(undefeated) > 4
            for t in result.tables:
                assert (record[t.player1] == 0) == (record[t.player2] == 0)


def test_validation() -> None:
    with pytest.raises(ValueError, match="top"):
        pair_double_elimination([], seed=1, round_number=1, top=0)
    with pytest.raises(ValueError, match="negative"):
        pair_double_elimination([DoubleEliminationEntrant("a", -1, 0, 1)], seed=1, round_number=1)


class TestEffectiveRounds:
    """Bushiroad 3.2.2.2: the lowest of three counts."""

    def test_second_loss(self) -> None:
        assert effective_rounds(["loss", "win", "draw"], total_rounds=5) == 3
        assert effective_rounds(["loss", "loss"], total_rounds=5) == 2

    def test_dropped_without_losses_adds_two(self) -> None:
        assert effective_rounds(["win", "win"], total_rounds=7, dropped=True) == 4

    def test_dropped_with_one_loss_adds_one(self) -> None:
        assert effective_rounds(["win", "loss", "bye"], total_rounds=7, dropped=True) == 4

    def test_capped_by_the_event(self) -> None:
        assert effective_rounds(["win", "win", "win"], total_rounds=4, dropped=True) == 4
        assert effective_rounds(["win", "loss", "win", "win"], total_rounds=4) == 4

    def test_still_in_at_the_end(self) -> None:
        assert effective_rounds(["win", "loss", "win"], total_rounds=3) == 3

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match="outcome"):
            effective_rounds(["tie"], total_rounds=3)  # type: ignore[list-item]
        with pytest.raises(ValueError, match="total_rounds"):
            effective_rounds([], total_rounds=0)
