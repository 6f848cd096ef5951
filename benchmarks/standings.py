"""Standings benchmark: 2,048 players x 15 Swiss rounds, standings after every round.

Prints figures; it is not a test. Budget (issue 3): at most 0.5 s for all 15 standings,
median of 5 runs, on the 2-core reference machine.

    python benchmarks/standings.py [--players 2048] [--rounds 15] [--runs 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import time

from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player, Structure
from ingest.core.rounds import GameScore, Match, MatchKind, Round
from ingest.rules.final_standings import final_standings
from ingest.rules.standings import standings_by_round


def simulated_event(players: int, rounds: int, seed: int = 7) -> Event:
    """A Swiss-like event: each round pairs neighbours in the current points order."""
    rng = random.Random(seed)
    ids = [PlayerId(f"p{i:05d}") for i in range(players)]
    points = dict.fromkeys(ids, 0)
    out = []
    for r in range(1, rounds + 1):
        order = sorted(ids, key=lambda p: (-points[p], rng.random()))
        matches = []
        if len(order) % 2:
            bye = order.pop()
            points[bye] += 3
            matches.append(Match(MatchKind.BYE, (bye,)))
        for t in range(0, len(order), 2):
            a, b = order[t], order[t + 1]
            score = rng.choice([GameScore(2, 0), GameScore(2, 1), GameScore(1, 2), GameScore(0, 2), GameScore(1, 1, 1)])
            w = score.winner
            if w is None:
                points[a] += 1
                points[b] += 1
            else:
                points[(a, b)[w]] += 3
            matches.append(Match(MatchKind.PLAYED, (a, b), score, t // 2 + 1))
        out.append(Round(r, tuple(matches)))
    return Event(
        path="benchmark.yaml",
        slug="benchmark",
        name="Benchmark",
        date=dt.date(2026, 1, 1),
        game="mtg",
        format="modern",
        rules="mtr",
        seed=seed,
        structure=Structure(swiss_rounds=rounds),
        players=tuple(Player(p, p) for p in ids),
        rounds=tuple(out),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    event = simulated_event(args.players, args.rounds)
    for rules in ("mtr", "bushiroad", "mtr-melee"):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            tables = standings_by_round(event, rules)
            times.append(time.perf_counter() - start)
        assert len(tables) == args.rounds
        med = statistics.median(times)
        print(
            f"{rules:>10}: standings after each of {args.rounds} rounds for {args.players} players: "
            f"median {med:.3f} s ({med / args.rounds * 1000:.1f} ms/round) over {args.runs} runs"
        )
    start = time.perf_counter()
    final_standings(event, "mtr")
    print(f"       mtr: final standings once: {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
