"""The top and the bottom of the standings paired exactly, for the ``tails`` bound.

:mod:`ingest.pairing.optimality_proof` bounds the few players of the top (and bottom)
groups by a small matching, for each way floats may cross the region's edge: by the
groups the floats leave (at the top) or enter (at the bottom), so that the bound follows
each float from its own group, as a late round's fewest floats can take a player at the
top of the standings a dozen groups down (the region's edge alone prices it as if it
started there). When the ways are too many, only their count is priced, from the edge.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import rustworkx as rx

from .costs import FloatLadder, Floats
from .float_constraints import Crossings, Tail

__all__ = ["CROSSINGS_LIMIT", "level_units", "region_cost", "region_tail"]

CROSSINGS_LIMIT = 4096
"""Most ways (the groups the floats leave or enter) a tail region is priced for one by one."""


def region_tail(
    pools: Sequence[tuple[int, Sequence[int]]],
    anchor: int,
    most: int,
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    ladder: FloatLadder,
    *,
    at_top: bool,
    by_group: bool,
) -> Tail:
    """A tail region's cost for each way at most ``most`` floats may cross its edge.

    Args:
        pools: the region's groups from the top, each as (ladder index, its players to pair).
        anchor: points of the group the floats are priced to (:func:`region_cost`).
        most: the most floats crossing the edge that matter (each is a floated pair).
        points, met, ladder: the unit's players.
        at_top: the region is the top of the standings (floats leave it downwards and
            count as floated pairs here), else the bottom (floats enter it).
        by_group: price each choice of the groups the floats leave or enter (up to
            :data:`CROSSINGS_LIMIT` choices, the groups nearest the edge named by the
            edge group when there are more); otherwise only their count, each float
            named by the edge group.

    Ways that cost more than another way of as many floats, each of them no nearer the
    edge, are left out: the bound is never lower for them.
    """
    outward = list(reversed(pools)) if at_top else list(pools)  # from the edge outwards
    edge = outward[0][0]
    region = [v for _, pool in pools for v in pool]
    most = min(most, len(region))
    # The groups nearest the edge are named by it (their floats followed from the edge) until
    # the ways are few enough; with them all named by it, only the count is left.
    merged = 1 if by_group else len(outward)
    while (counts := _crossing_counts(_sizes(outward, merged), most, len(region) % 2, merged < len(outward))) is None:
        merged += 1
    near = frozenset(ladder.values[g] for g, _ in outward[:merged])
    named = [(edge, near)] + [(g, frozenset((ladder.values[g],))) for g, _ in outward[merged:]]
    found: dict[Crossings, Floats] = {}
    for vector in counts:
        key = tuple(sorted(g for (g, _), m in zip(named, vector, strict=True) for _ in range(m)))
        leaving = [allowed for (_, allowed), m in zip(named, vector, strict=True) for _ in range(m)]
        cost = region_cost(region, anchor, leaving, points, met, ladder, exits_float=at_top)
        if cost is not None:
            found[key] = cost
    return Tail(edge, _undominated(found, edge))


def _sizes(outward: Sequence[tuple[int, Sequence[int]]], merged: int) -> list[int]:
    """Players per group from the edge outwards, the nearest ``merged`` groups counted as one."""
    return [sum(len(pool) for _, pool in outward[:merged])] + [len(pool) for _, pool in outward[merged:]]


def _crossing_counts(sizes: Sequence[int], most: int, parity: int, capped: bool) -> list[tuple[int, ...]] | None:
    """Every count per group (up to its size) with a total of at most ``most`` and that parity.

    None when ``capped`` and there are more than :data:`CROSSINGS_LIMIT` (twice that before
    the parity).
    """
    found: list[tuple[int, ...]] = [()]
    for size in sizes:
        found = [(*v, m) for v in found for m in range(min(size, most - sum(v)) + 1)]
        if capped and len(found) > 2 * CROSSINGS_LIMIT:
            return None
    kept = [v for v in found if sum(v) % 2 == parity]
    return None if capped and len(kept) > CROSSINGS_LIMIT else kept


def _undominated(costs: Mapping[Crossings, Floats], edge: int) -> dict[Crossings, Floats]:
    """The ways not beaten by another of as many floats that costs no more and whose floats
    are each (in order of distance) no farther from the edge: two different ways of one
    region never have the same distances, so no two ways beat each other."""
    far = {key: sorted(abs(g - edge) for g in key) for key in costs}
    return {
        key: cost
        for key, cost in costs.items()
        if not any(
            other != key
            and len(other) == len(key)
            and rival <= cost
            and all(a <= b for a, b in zip(far[other], far[key], strict=True))
            for other, rival in costs.items()
        )
    }


def region_cost(
    region: Sequence[int],
    anchor: int,
    leaving: Sequence[Collection[int]],
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    ladder: FloatLadder,
    *,
    exits_float: bool,
) -> Floats | None:
    """Exact float levels of pairing ``region`` with one player leaving it for each entry of
    ``leaving``, a player with one of the entry's point totals.

    A player leaving pays the float from its group to the group with ``anchor``
    points (the first group outside the region, or the region's own first group at
    the bottom), and counts as a floated pair only if ``exits_float``. Returns None
    if no rematch-free pairing of that shape exists.
    """
    size = len(region) + len(leaving)
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
        edges.extend((i, len(region) + e, leave) for e, allowed in enumerate(leaving) if points[u] in allowed)
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
