"""Late-round states of Swiss events, made up directly (not played): the test data of the sparse
pairing's proofs in the rounds where the leaders, and the last players, have met each other."""

from __future__ import annotations

import random

from ingest.pairing.swiss import Entrant


def late_round(seed: int, players: int, rounds: int, *, draw_rate: float = 0.0, bye_rate: float = 0.1) -> list[Entrant]:
    """The entrants of a round after ``rounds`` rounds of a ``players``-player Swiss event.

    Each player's points are a seeded number of wins out of ``rounds`` (each winning with a seeded
    chance of its own, so that a few lead alone and a few trail alone) and, with
    ``draw_rate``, draws; each has met two players anywhere (the first rounds, paired at random or
    nearly) and the rest of ``rounds`` players near it in the standings, as Swiss pairing
    makes them meet, so that the few at the top and at the bottom have met each other, and
    some of each other: they float far, and not to everyone. A share ``bye_rate`` of them
    has had a bye (an odd field gives one more).
    Players who dropped are simply not among the entrants.
    """
    rng = random.Random(seed)
    ids = [f"q{i:03d}" for i in range(players)]
    points: dict[str, int] = {}
    for i in ids:
        strength = rng.random()
        draws = sum(1 for _ in range(rounds) if rng.random() < draw_rate)
        wins = sum(1 for _ in range(rounds - draws) if rng.random() < strength)
        points[i] = 3 * wins + draws
    tie = {i: rng.random() for i in ids}
    order = sorted(ids, key=lambda i: (-points[i], tie[i]))
    met: dict[str, set[str]] = {i: set() for i in ids}
    for _ in range(2):
        shuffled = rng.sample(ids, len(ids))
        for a, b in zip(shuffled[::2], shuffled[1::2], strict=False):
            met[a].add(b)
            met[b].add(a)
    reach = rounds + 4
    for k, i in enumerate(order):
        near = order[max(0, k - reach) : k] + order[k + 1 : k + 1 + reach]
        for other in rng.sample(near, min(len(near), max(0, rounds - len(met[i])))):
            if len(met[other]) < rounds + 2:
                met[i].add(other)
                met[other].add(i)
    byes = {i: int(rng.random() < bye_rate) for i in ids}
    return [Entrant(i, points[i], r, frozenset(met[i]), byes[i]) for r, i in enumerate(order, start=1)]
