"""Benchmark the Swiss pairing engine on simulated seeded tournaments.

Run from the repository root::

    python benchmarks/pairing.py                 # N = 8, 32, 128, 512, 2048
    python benchmarks/pairing.py --sizes 512 --repeats 5
    python benchmarks/pairing.py --sizes 16384 --repeats 5   # the 16,384-player rounds
    python benchmarks/pairing.py --sizes 2000 --rounds 30 --repeats 1 --show 1,8,15,22,30

Each event plays the number of Swiss rounds MTR Appendix E gives for its size
(3 for 8 players), or ``--rounds`` of them (late rounds: the players at the top have met
each other and float far), with random results from the seed (``--draw-rate`` of the
matches drawn) and its own tiny standings: points, then a seeded random tie
order; ``--drop-rate`` of the players drop after each round, so odd fields and
byes occur. Every round is paired ``--repeats`` times and the median times are
kept.

Columns: time (median wall-clock seconds), cpu (median CPU seconds of this
process), of which build (the field prepared and the graphs made), match (CPU in the
maximum-weight matchings, every graph tried) and proof (CPU in the lower bounds that prove
a sparse result optimal; see ``benchmarks/pairing_stages.py``), nodes and edges (the last
graph matched), method and proof
(how the optimum was reached and which lower bound proved it), rem (rematches), fl
(floated pairs: tables whose players have different points), lb (the lower bound's first float level when a sparse graph
was proved against it: floated pairs), steps (float steps), sq (total squared
point gap), 2nd (pairing byes to a player with more byes than someone who
played: a repeated bye), bvb (tables where both players have had a bye), x0
(X-0 players paired with 0-X players). Below the rounds: the slowest round's CPU
against round 1's (paired at random) and the median round's, and per stage a fit of round
r's cost as a + b*r and as a + c*r^2, with the exponent k of r (1 linear, 2 quadratic). Budgets (DESIGN §8): 2,048
players <= 1 s and 512 players <= 0.2 s per round (median).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import pairing_stages
from ingest.pairing.round_counts import mtr_rounds
from ingest.pairing.swiss import Entrant, SwissRound, pair_swiss

pairing_stages.install()
SPENT = pairing_stages.SPENT


def rounds_for(players: int) -> int:
    plan = mtr_rounds(players)
    if plan is None:
        return 3
    return plan.rounds  # single elimination for 5-8 players: play 3 Swiss rounds instead


class RoundStats(TypedDict):
    """The figures of one paired round (the columns of the report)."""

    round: int
    time: float
    cpu: float
    build: float
    match: float
    proof_cpu: float
    nodes: int
    edges: int
    floated: int
    method: str
    rematches: int
    steps: int
    bound: int | None
    squared: int
    second_byes: int
    both_byes: int
    proof: str
    x0: int
    players: int
    groups: Counter[int]


def simulate(
    players: int, *, seed: int, repeats: int, draw_rate: float, drop_rate: float, rounds: int | None = None
) -> list[RoundStats]:
    """Play one event (``rounds`` Swiss rounds, or MTR Appendix E's count); return per-round statistics."""
    rng = random.Random(f"bench/{seed}/{players}")
    ids = [f"p{i:05d}" for i in range(players)]
    tie = {i: rng.random() for i in ids}
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {i: set() for i in ids}
    stats: list[RoundStats] = []
    total = rounds or rounds_for(players)
    active = list(ids)
    for number in range(1, total + 1):
        order = sorted(active, key=lambda i: (-points[i], tie[i]))
        entrants = [Entrant(i, points[i], r, frozenset(met[i]), byes[i]) for r, i in enumerate(order, start=1)]
        timings = []
        cpu = []
        spent: list[tuple[float, float, float]] = []
        result: SwissRound | None = None
        for _ in range(repeats):
            before = dict(SPENT)
            start, start_cpu = time.perf_counter(), time.process_time()
            result = pair_swiss(entrants, seed=seed, round_number=number)
            timings.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            spent.append(tuple(SPENT[k] - before[k] for k in ("build", "match", "proof")))  # type: ignore[arg-type]
        assert result is not None
        fewest = min(byes[i] for i in active)
        second = sum(1 for b in result.byes if byes[b.player] > fewest)
        both_byes = sum(1 for t in result.tables if byes[t.player1] and byes[t.player2])
        perfect = 3 * (number - 1)
        x0 = sum(1 for t in result.tables if number > 1 and {points[t.player1], points[t.player2]} == {perfect, 0})
        pod = result.pods[0]
        stats.append(
            {
                "round": number,
                "time": statistics.median(timings),
                "cpu": statistics.median(cpu),
                "build": statistics.median(b for b, _, _ in spent),
                "match": statistics.median(m for _, m, _ in spent),
                "proof_cpu": statistics.median(p for _, _, p in spent),
                "nodes": pairing_stages.GRAPH["nodes"],
                "edges": pairing_stages.GRAPH["edges"],
                "floated": sum(1 for t in result.tables if points[t.player1] != points[t.player2]),
                "method": pod.method,
                "rematches": len(result.rematches),
                "steps": result.float_steps,
                "bound": _bound_floats(pod.bound),
                "squared": result.squared_gap,
                "second_byes": second,
                "both_byes": both_byes,
                "proof": pod.proof or "-",
                "x0": x0,
                "players": len(active),
                "groups": Counter(points[i] for i in active),
            }
        )
        for t in result.tables:
            a, b = t.player1, t.player2
            met[a].add(b)
            met[b].add(a)
            x = rng.random()
            if x < draw_rate:
                points[a] += 1
                points[b] += 1
            else:
                points[a if x < draw_rate + (1 - draw_rate) / 2 else b] += 3
        for bye in result.byes:
            points[bye.player] += 3
            byes[bye.player] += 1
        active = [i for i in active if rng.random() >= drop_rate]
    return stats


def _bound_floats(bound: tuple[int, ...] | None) -> int | None:
    """The first float level of a proof's bound (floated pairs; float steps before they were a level)."""
    return None if bound is None else bound[0]


def report(players: int, stats: list[RoundStats], show: set[int] | None = None) -> None:
    print(f"\n== {players} players, {len(stats)} rounds")
    print(
        " rnd  players     time      cpu    build    match    proof  nodes   edges  method  proof"
        "        rem    fl   lb  steps     sq  2nd  bvb  x0"
    )
    for s in stats:
        if show is not None and s["round"] not in show:
            continue
        bound = "-" if s["bound"] is None else s["bound"]
        print(
            f" {s['round']:>3} {s['players']:>8} {s['time']:8.4f} {s['cpu']:8.4f} {s['build']:8.4f} {s['match']:8.4f}"
            f" {s['proof_cpu']:8.4f} {s['nodes']:>6} {s['edges']:>7}  {s['method']:<7}"
            f" {s['proof']:<11}"
            f" {s['rematches']:>4} "
            f"{s['floated']:>5} {bound!s:>4} {s['steps']:>6} {s['squared']:>6} {s['second_byes']:>4}"
            f" {s['both_byes']:>4} {s['x0']:>3}"
        )
    later = stats[1:] or stats[:1]
    wall = [s["time"] for s in later]
    cpu = [s["cpu"] for s in later]
    print(
        f" median per round (rounds 2+): {statistics.median(wall):.4f} s wall, {statistics.median(cpu):.4f} s CPU;"
        f" max {max(wall):.4f} s wall, {max(cpu):.4f} s CPU; all rounds {sum(s['cpu'] for s in stats):.2f} s CPU,"
        f" of which matching {sum(s['match'] for s in stats):.2f} s"
        f" and proof {sum(s['proof_cpu'] for s in stats):.2f} s"
    )
    slowest = max(stats, key=lambda s: s["cpu"])
    first = stats[0]["cpu"]
    against_first = f"{slowest['cpu'] / first:.0f}x round 1's {first:.4f} s ({stats[0]['method']})" if first else "-"
    print(
        f" slowest round {slowest['round']}: {slowest['cpu']:.4f} s CPU (matching {slowest['match']:.4f} s,"
        f" proof {slowest['proof_cpu']:.4f} s), {against_first},"
        f" {slowest['cpu'] / statistics.median(cpu):.1f}x the median round 2+"
    )
    rounds = [s["round"] for s in later]
    for label, key in (("cpu", "cpu"), ("build", "build"), ("match", "match"), ("proof", "proof_cpu")):
        print(f" fit of {label:5} per round (rounds 2+): {pairing_stages.fit(rounds, [float(s[key]) for s in later])}")  # type: ignore[literal-required]
    methods = Counter(f"{s['method']}/{s['proof']}" for s in stats[1:])
    print(
        f" rounds 2+ by method/proof: {', '.join(f'{k} {v}' for k, v in sorted(methods.items()))};"
        f" floated pairs {sum(s['floated'] for s in stats[1:])}"
    )
    last = stats[-1]
    groups = last["groups"]
    assert isinstance(groups, Counter)
    top = sorted(groups.items(), reverse=True)
    print(
        f" late-round focus, round {last['round']} of {len(stats)}: "
        f"{len(top)} point groups; top groups (points x players): "
        + ", ".join(f"{p}x{c}" for p, c in top[:6])
        + f"; floated pairs {last['floated']}, float steps {last['steps']},"
        + f" squared gap {last['squared']}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8,32,128,512,2048")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--draw-rate", type=float, default=0.04)
    parser.add_argument("--drop-rate", type=float, default=0.01, help="per player and round")
    parser.add_argument("--rounds", type=int, help="Swiss rounds to play (default: MTR Appendix E's count)")
    parser.add_argument("--show", help="rounds to print, comma-separated (default: every round)")
    args = parser.parse_args(argv)
    for players in (int(x) for x in args.sizes.split(",")):
        stats = simulate(
            players,
            seed=args.seed,
            repeats=args.repeats,
            draw_rate=args.draw_rate,
            drop_rate=args.drop_rate,
            rounds=args.rounds,
        )
        report(players, stats, None if args.show is None else {int(x) for x in args.show.split(",")})


if __name__ == "__main__":
    main()
