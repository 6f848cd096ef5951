"""The top and the bottom of the standings paired exactly, for the ``tails`` bound.

:mod:`ingest.pairing.optimality_proof` bounds the few players of the top (and bottom)
groups by a small matching, for each way floats may cross the region's edge.
"""

from __future__ import annotations

from collections.abc import Sequence

import rustworkx as rx

from .costs import FloatLadder, Floats

__all__ = ["level_units", "region_cost"]


def region_cost(
    region: Sequence[int],
    anchor: int,
    exits: int,
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    ladder: FloatLadder,
    *,
    exits_float: bool,
) -> Floats | None:
    """Exact float levels of pairing ``region`` with ``exits`` players leaving it.

    A player leaving pays the float from its group to the group with ``anchor``
    points (the first group outside the region, or the region's own first group at
    the bottom), and counts as a floated pair only if ``exits_float``. Returns None
    if no rematch-free pairing of that shape exists.
    """
    size = len(region) + exits
    if size % 2:
        return None
    edges: list[tuple[int, int, Floats]] = []
    for i, u in enumerate(region):
        for j in range(i + 1, len(region)):
            v = region[j]
            if v not in met[u]:
                edges.append((i, j, ladder.pair_cost(points[u], points[v])))
        _, steps, squares, height = ladder.pair_cost(points[u], anchor)
        leave = (1 if exits_float else 0, steps, squares, height)
        edges.extend((i, len(region) + e, leave) for e in range(exits))
    if not edges:
        return (0, 0, 0, 0) if size == 0 else None
    units = level_units(size // 2 + 1, [c for _, _, c in edges])
    base = units[0] * (max(c[0] for _, _, c in edges) + 1)
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(size))
    graph.add_edges_from(
        [(i, j, base - sum(u * level for u, level in zip(units, c, strict=True))) for i, j, c in edges]
    )
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matching) != size:
        return None
    cost = {(i, j): c for i, j, c in edges}
    total = [0, 0, 0, 0]
    for a, b in matching:
        c = cost[(min(a, b), max(a, b))]
        for level in range(4):
            total[level] += c[level]
    return (total[0], total[1], total[2], total[3])


def level_units(pairs: int, costs: Sequence[Floats]) -> list[int]:
    """Weight units of the four float levels: each beats ``pairs`` times the most of the levels below."""
    units = [1, 1, 1, 1]
    below = 0
    for level in range(3, -1, -1):
        units[level] = pairs * below + 1
        below += units[level] * max(c[level] for c in costs)
    return units
