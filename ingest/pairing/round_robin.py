"""Round robin by the circle method (recommended for 2-4 players, Bushiroad 3.2.1.1).

Everyone meets everyone once. With an odd number of players a bye joins the
circle, so each player sits out exactly one round. The order of players around
the circle comes from the event seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .swiss import Seed, Table

__all__ = ["RoundRobinRound", "round_robin_schedule"]


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """One round of a round-robin schedule."""

    round_number: int
    """1-based round number."""
    tables: tuple[Table, ...]
    """The matches of the round, numbered from 1."""
    bye: str | None
    """The player sitting out (odd fields only)."""


def round_robin_schedule(players: Sequence[str], *, seed: Seed) -> tuple[RoundRobinRound, ...]:
    """Schedule a full round robin.

    Args:
        players: player ids (any order: they are sorted, then shuffled by the seed).
        seed: the event seed.

    Returns:
        ``n - 1`` rounds for an even count ``n``, ``n`` rounds for an odd count.

    Raises:
        ValueError: fewer than two players or duplicate ids.

    >>> rounds = round_robin_schedule(["a", "b", "c"], seed=1)
    >>> len(rounds), sorted(r.bye for r in rounds)
    (3, ['a', 'b', 'c'])
    """
    ids = sorted(players)
    if len(ids) < 2:
        raise ValueError("a round robin needs at least two players")
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    rng = random.Random(f"scorekeeper/round-robin/{seed!s}")
    rng.shuffle(ids)
    circle: list[str | None] = [*ids, None] if len(ids) % 2 else list(ids)
    n = len(circle)
    fixed, rotating = circle[0], circle[1:]
    schedule = []
    for number in range(1, n):
        seats = [fixed, *rotating]
        pairs = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        if number % 2 == 0:  # the fixed seat alternates sides, as in a Berger table
            pairs[0] = (pairs[0][1], pairs[0][0])
        tables: list[Table] = []
        bye = None
        for a, b in pairs:
            if a is None or b is None:
                bye = a if b is None else b
            else:
                tables.append(Table(len(tables) + 1, a, b))
        schedule.append(RoundRobinRound(number, tuple(tables), bye))
        rotating = [rotating[-1], *rotating[:-1]]
    return tuple(schedule)
