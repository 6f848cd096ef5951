"""Floated pairs on random mid-event states: how many players the engine pairs outside their point group.

Run from the repository root::

    python benchmarks/floats.py                  # 200 states of 16-128 players
    python benchmarks/floats.py --states 50 --seed 7 --verbose

Each state is made without the engine, so that two versions of the engine are
judged on the same states: a field of 16 to 128 players (a quarter of them under
Bushiroad's 1/0 points, the rest under MTR's 3/1/0 with draws) has played
between one round and one short of its rounds (log2 of the field, rounded
up, as in MTR Appendix E and Bushiroad 3.2.1.1), each round paired by a simple greedy rule (down the standings, each
player with the next one not met yet), results and drops at random from the
seed. The engine then pairs the next round. Prints, over all states: tables,
floated pairs (tables whose players have different points; players paired
outside their group are twice that), rematches, and how each unit was solved
(``full``: complete graph, the rule up to 64 players; ``sparse``/``dense``/
``denser``: a sparse graph proved optimal; a larger unit that reaches ``full``
fell back to the complete graph).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ingest.pairing.swiss import Entrant, pair_swiss


@dataclass(frozen=True, slots=True)
class State:
    """A field before its next Swiss round."""

    entrants: tuple[Entrant, ...]
    round_number: int
    rules: str


def mid_event_state(seed: int) -> State:
    """One seeded state, made without the engine."""
    rng = random.Random(f"floats/{seed}")
    n = rng.randint(16, 128)
    bushiroad = rng.random() < 0.25
    win, draw = (1, 0) if bushiroad else (3, 1)
    draw_rate = 0.0 if bushiroad else 0.05
    total = math.ceil(math.log2(n))  # the rounds of a Swiss event without a cut, as the rules tables give
    played = rng.randint(1, total - 1)
    ids = [f"p{i:03d}" for i in range(n)]
    tie = {i: rng.random() for i in ids}
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {i: set() for i in ids}
    active = list(ids)
    for _ in range(played):
        order = sorted(active, key=lambda i: (-points[i], tie[i]))
        if len(order) % 2:
            bye = max((i for i in order if byes[i] == min(byes[j] for j in order)), key=order.index)
            order.remove(bye)
            points[bye] += win
            byes[bye] += 1
        while order:
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            met[a].add(b)
            met[b].add(a)
            x = rng.random()
            if x < draw_rate:
                points[a] += draw
                points[b] += draw
            else:
                points[a if x < (1 + draw_rate) / 2 else b] += win
        active = [i for i in active if rng.random() >= 0.02]
    order = sorted(active, key=lambda i: (-points[i], tie[i]))
    entrants = tuple(Entrant(i, points[i], r, frozenset(met[i]), byes[i]) for r, i in enumerate(order, start=1))
    return State(entrants, played + 1, "bushiroad" if bushiroad else "mtr")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="first state's seed")
    parser.add_argument("--verbose", action="store_true", help="one line per state")
    args = parser.parse_args(argv)
    tables = floated = rematches = 0
    methods: Counter[str] = Counter()
    elapsed = 0.0
    for seed in range(args.seed, args.seed + args.states):
        state = mid_event_state(seed)
        points = {p.id: p.points for p in state.entrants}
        start = time.perf_counter()
        result = pair_swiss(state.entrants, seed=seed, round_number=state.round_number)
        elapsed += time.perf_counter() - start
        here = sum(1 for t in result.tables if points[t.player1] != points[t.player2])
        tables += len(result.tables)
        floated += here
        rematches += len(result.rematches)
        for pod in result.pods:
            size = "large" if pod.players > 64 else "small"
            methods[f"{size} {pod.method}" + (f"/{pod.proof}" if pod.proof else "")] += 1
        if args.verbose:
            print(
                f"state {seed:>4}: {state.rules:<9} {len(state.entrants):>3} players, round {state.round_number},"
                f" {len(set(points.values())):>2} groups: {here} floated pairs, {result.pods[0].method}"
            )
    print(f"{args.states} states (seeds {args.seed}-{args.seed + args.states - 1}), {tables} tables")
    print(f"floated pairs: {floated} ({2 * floated} players paired outside their point group)")
    print(f"rematches: {rematches}")
    print("units by size and method: " + ", ".join(f"{k} {v}" for k, v in sorted(methods.items())))
    print(f"pairing time: {elapsed:.2f} s in all")


if __name__ == "__main__":
    main()
