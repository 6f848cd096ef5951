"""Where a Swiss round's CPU goes: the pairing engine's stages, timed in this process.

Imported by ``benchmarks/pairing.py`` (the engine) and run as a script by
``benchmarks/big_event.py --growth`` (the whole ``scorekeeper pair`` command in a new process,
its figures printed as one JSON line on standard error). Not a test.

Stages, each the CPU spent in its functions and not in a stage nested inside it:

- ``build``: the field prepared for the solver (each pod's order, who met whom, the bye
  order) and the graphs made (cores, sparse edges, complete edges);
- ``match``: the maximum-weight matchings of every graph tried;
- ``proof``: the lower bounds that prove a sparse result optimal;
- ``plan``: the rest of planning the round (standings, history, the planner's own work);
- ``other``: the rest of the command (reading and checking the file, writing the round).

The graph's size is the last graph matched (the one accepted): its players (nodes, the
pairs fixed beforehand left out) and edges.

    python benchmarks/pairing_stages.py --root DIR pair events/big.yaml
"""

from __future__ import annotations

import atexit
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SPENT: dict[str, float] = {"build": 0.0, "match": 0.0, "proof": 0.0, "plan": 0.0}
"""CPU seconds spent so far per stage, exclusive of the stages nested inside."""

GRAPH: dict[str, int] = {"nodes": 0, "edges": 0, "graphs": 0}
"""The last graph matched (nodes, edges) and how many graphs were matched so far."""

_STACK: list[list[Any]] = []
"""The stages running, innermost last: [key, CPU at its start or resumption]."""


def _timed(owner: Any, name: str, key: str, on_call: Callable[..., None] | None = None) -> None:
    """Counts the CPU time of ``owner.name`` into ``SPENT[key]``, less the stages it calls."""
    inner = getattr(owner, name)
    if getattr(inner, "_stage", None):
        return

    def timed(*args: Any, **kwargs: Any) -> Any:
        if on_call is not None:
            on_call(*args, **kwargs)
        now = time.process_time()
        if _STACK:
            outer = _STACK[-1]
            SPENT[outer[0]] += now - outer[1]
        _STACK.append([key, now])
        try:
            return inner(*args, **kwargs)
        finally:
            now = time.process_time()
            done = _STACK.pop()
            SPENT[done[0]] += now - done[1]
            if _STACK:
                _STACK[-1][1] = now

    timed._stage = True  # type: ignore[attr-defined]
    setattr(owner, name, timed)


def _graph_size(_self: Any, nodes: Sequence[int], edges: Sequence[Any], *_args: Any, **_kwargs: Any) -> None:
    GRAPH["nodes"] = len(nodes)
    GRAPH["edges"] = len(edges)
    GRAPH["graphs"] += 1


def install() -> None:
    """Times the engine's stages from now on (whatever of them this version of the engine has)."""
    from ingest.pairing import matching, matching_weights, optimality_proof, sparse_graphs, swiss
    from ingest.planner import plan

    _timed(plan, "plan_next_round", "plan")
    _timed(swiss, "_contexts", "build")
    for name in ("__init__", "_core", "_edges"):
        if hasattr(sparse_graphs.SparseAttempts, name):
            _timed(sparse_graphs.SparseAttempts, name, "build")
    if hasattr(matching, "_complete_edges"):
        _timed(matching, "_complete_edges", "build")
    _timed(matching_weights.UnitProblem, "match", "match", _graph_size)
    _timed(optimality_proof.LowerBounds, "proof_for", "proof")
    # The planner module bound plan_next_round by name: the command calls it from there.
    from ingest.edit import next_round

    next_round.plan_next_round = plan.plan_next_round  # type: ignore[attr-defined]


def fit(rounds: Sequence[int], costs: Sequence[float]) -> str:
    """How one stage's cost per round grows with the round: least-squares fits of
    ``a + b*r`` and ``a + c*r**2`` (their root-mean-square residuals: the smaller fits
    better), the exponent ``k`` of ``A * r**k`` (a straight line on log-log axes; 1 is
    linear, 2 quadratic) and the last round's cost over the first's."""
    lin = _least_squares([float(r) for r in rounds], costs)
    square = _least_squares([float(r * r) for r in rounds], costs)
    positive = [(r, c) for r, c in zip(rounds, costs, strict=True) if c > 0]
    k = float("nan")
    if len(positive) > 1:
        k = _least_squares([math.log(r) for r, _ in positive], [math.log(c) for _, c in positive])[1]
    ratio = costs[-1] / costs[0] if costs[0] else float("nan")
    return (
        f"a+b*r: b={lin[1]:.5f} rms {lin[2]:.4f}; a+c*r^2: c={square[1]:.6f} rms {square[2]:.4f};"
        f" k={k:.2f}; r{rounds[-1]}/r{rounds[0]} {ratio:.1f}"
    )


def _least_squares(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """Intercept, slope and root-mean-square residual of the least-squares line through the points."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    intercept = my - slope * mx
    rms = math.sqrt(sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys, strict=True)) / n)
    return intercept, slope, rms


def snapshot() -> dict[str, float]:
    """The stages' CPU so far, and the last graph's size."""
    return {**SPENT, **GRAPH}


def _report() -> None:
    cpu = time.process_time()
    figures = snapshot()
    figures["cpu"] = cpu
    print("pairing-stages " + json.dumps(figures), file=sys.stderr)


def main() -> None:
    """``scorekeeper`` with the stages timed; their figures on standard error at exit."""
    install()
    atexit.register(_report)
    from ingest.cli.main import main as command

    command(prog_name="scorekeeper")


if __name__ == "__main__":
    main()
