"""Round robin by the circle method (ingest.pairing.round_robin)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from ingest.pairing.round_robin import round_robin_schedule


@pytest.mark.parametrize("n", range(2, 12))
def test_everyone_meets_everyone_once(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin_schedule(players, seed="rr")
    assert len(rounds) == (n if n % 2 else n - 1)
    met = Counter(frozenset((t.player1, t.player2)) for r in rounds for t in r.tables)
    assert set(met) == {frozenset(c) for c in combinations(players, 2)}
    assert set(met.values()) == {1}
    for r in rounds:  # each player once per round
        seated = [x for t in r.tables for x in (t.player1, t.player2)] + ([r.bye] if r.bye else [])
        assert sorted(seated) == sorted(players)
        assert [t.number for t in r.tables] == list(range(1, len(r.tables) + 1))
    byes = [r.bye for r in rounds]
    if n % 2:
        assert sorted(b for b in byes if b) == sorted(players)
    else:
        assert byes == [None] * len(rounds)


def test_seeded_order() -> None:
    players = ["a", "b", "c", "d"]
    assert round_robin_schedule(players, seed=1) == round_robin_schedule(list(reversed(players)), seed=1)
    schedules = {
        tuple((t.player1, t.player2) for t in round_robin_schedule(players, seed=s)[0].tables) for s in range(10)
    }
    assert len(schedules) > 1


def test_errors() -> None:
    with pytest.raises(ValueError, match="two players"):
        round_robin_schedule(["a"], seed=1)
    with pytest.raises(ValueError, match="duplicate"):
        round_robin_schedule(["a", "a"], seed=1)
