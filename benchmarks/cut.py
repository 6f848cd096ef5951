"""Cut calculator benchmark: a 2,048-player event before its last Swiss round.

Prints figures; it is not a test. Times the calculator alone (the standings it starts
from are computed once beforehand, as the site and the CLI already have them) and the
whole ``cut_outlook`` call, median of several runs.

    python benchmarks/cut.py [--players 2048] [--rounds 11] [--top 8] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.standings import simulated_event
from ingest.core.model import PlayoffSpec
from ingest.core.rounds import MatchKind
from ingest.rules.standings import compute_standings
from ingest.summary.cut import cut_outlook, outlook_paired, outlook_unpaired
from ingest.summary.cut_verdicts import Points, Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    played = simulated_event(args.players, args.rounds)
    # The last round as paired, with no result in yet.
    last = played.rounds[-1]
    pending = tuple(replace(m, score=None) if m.kind is MatchKind.PLAYED else m for m in last.matches)
    event = replace(
        played,
        rounds=(*played.rounds[:-1], replace(last, matches=pending)),
        structure=replace(played.structure, playoff=PlayoffSpec(args.top)),
    )
    before = compute_standings(event, after_round=args.rounds - 1)
    points = {row.player: row.record.points for row in before.rows}
    order = [row.player for row in before.rows]
    w = Points()
    tables = [Table(m.players, ((3, 0), (1, 1), (0, 3)) if m.kind is MatchKind.PLAYED else ((3,),)) for m in pending]

    def timed(fn: object) -> float:
        assert callable(fn)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    paired = timed(lambda: outlook_paired(points, tables, order, args.top, rules=w, order=order))
    unpaired = timed(lambda: outlook_unpaired(points, order, args.top, 1, field=len(order), rules=w, order=order))
    whole = timed(lambda: cut_outlook(event))
    outlook = cut_outlook(event)
    assert outlook is not None and outlook.paired and len(outlook.verdicts) == args.players
    counts = {
        v: sum(1 for x in outlook.verdicts if x.verdict == v)
        for v in dict.fromkeys(x.verdict for x in outlook.verdicts)
    }
    print(f"{args.players} players, top {args.top}, before round {args.rounds} of {args.rounds}: {counts}")
    print(f"  paired round (exact):     median {paired * 1000:.1f} ms over {args.runs} runs")
    print(f"  unpaired round (bounds):  median {unpaired * 1000:.1f} ms")
    print(f"  cut_outlook(event) whole: median {whole * 1000:.1f} ms (standings included)")


if __name__ == "__main__":
    main()
