"""The top and the bottom of the standings paired exactly, for the ``tails`` bound.

:mod:`ingest.pairing.optimality_proof` bounds the few players of the top (and bottom)
groups by a small matching, for each way floats may cross the region's edge: by the
groups the floats leave (at the top) or enter (at the bottom), so that the bound follows
each float from its own group, as a late round's fewest floats can take a player at the
top of the standings a dozen groups down (the region's edge alone prices it as if it
started there). The groups nearest the edge may be named by it (:meth:`RegionPricing.tail`):
the bound is then lower, and the ways fewer; the bound names the farthest groups first
(:func:`naming_levels`), and with every group named by the edge only the floats' count is
priced.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import rustworkx as rx

from .costs import FloatLadder, Floats
from .float_constraints import Crossings, Tail

__all__ = ["CROSSINGS_LIMIT", "FIRST_WAYS", "RegionPricing", "level_units", "naming_levels"]

CROSSINGS_LIMIT = 4096
"""Most ways (the groups the floats leave or enter) a tail region is priced for one by one."""

FIRST_WAYS = 512
"""Ways of each tail region priced at the first naming tried (:func:`naming_levels`): their
matchings cost about what the bound's programme costs once, so that a bound met there costs
little more."""

Leaving = tuple[frozenset[int], ...]
"""One entry per player leaving a region: the point totals it may have."""


class RegionPricing:
    """A tail region's exact matchings: its players' pairs weighed once, each way of leaving
    the region matched once (:meth:`cost`), for every naming of its groups (:meth:`tail`).

    Args:
        pools: the region's groups from the top, each as (ladder index, its players to pair).
        anchor: points of the group the floats are priced to: the first group below the
            region at the top, the region's own first group at the bottom.
        most: the most floats crossing the edge that matter (each is a floated pair).
        points, met, ladder: the unit's players.
        at_top: the region is the top of the standings (floats leave it downwards and
            count as floated pairs here), else the bottom (floats enter it).
    """

    def __init__(
        self,
        pools: Sequence[tuple[int, Sequence[int]]],
        anchor: int,
        most: int,
        points: Sequence[int],
        met: Sequence[frozenset[int]],
        ladder: FloatLadder,
        *,
        at_top: bool,
    ) -> None:
        self.outward = list(reversed(pools)) if at_top else list(pools)
        """The region's groups from the edge outwards."""
        self.ladder = ladder
        region = [v for _, pool in pools for v in pool]
        self.size = len(region)
        self.most = min(most, len(region))
        pair_cost = ladder.pair_cost
        self.pairs: dict[tuple[int, int], Floats] = {}
        """(i, j) with i < j, positions in the region -> the float levels of that pair."""
        for i, u in enumerate(region):
            for j in range(i + 1, len(region)):
                if region[j] not in met[u]:
                    self.pairs[(i, j)] = pair_cost(points[u], points[region[j]])
        exits = 1 if at_top else 0
        self.leave: list[Floats] = []
        """Per position, what leaving the region costs that player: its float to ``anchor``."""
        self.by_points: dict[int, list[int]] = {}
        """Point total -> the positions of the region's players with it."""
        for i, u in enumerate(region):
            _, steps, squares, height = pair_cost(points[u], anchor)
            self.leave.append((exits, steps, squares, height))
            self.by_points.setdefault(points[u], []).append(i)
        every = [*self.pairs.values(), *self.leave]
        self.units = level_units((self.size + self.most) // 2 + 1, every) if every else [1, 1, 1, 1]
        self.base = self.units[0] * (max((c[0] for c in every), default=0) + 1)
        self.graph = rx.PyGraph(multigraph=False)
        self.graph.add_nodes_from(range(self.size))
        self.graph.add_edges_from([(i, j, self._weight(c)) for (i, j), c in self.pairs.items()])
        self.leave_weights = [self._weight(c) for c in self.leave]
        self._priced: dict[Leaving, Floats | None] = {}
        self._named: dict[int, tuple[int, list[tuple[int, ...]]]] = {}

    def _weight(self, cost: Floats) -> int:
        return self.base - sum(u * level for u, level in zip(self.units, cost, strict=True))

    def named_most(self) -> int:
        """The most groups :meth:`tail` names on their own (ways within :data:`CROSSINGS_LIMIT`)."""
        merged, _ = self._ways(len(self.outward))
        return len(self.outward) - merged

    def ways(self, named: int) -> int:
        """How many ways :meth:`tail` prices with ``named`` groups named on their own."""
        return len(self._ways(named)[1])

    def tail(self, named: int, apart: Collection[tuple[int, int]] = ()) -> Tail:
        """The region's cost for each way at most ``most`` floats may cross its edge.

        The ``named`` groups farthest from the edge (at most :meth:`named_most`) are named
        on their own, their floats followed from their own group; the floats of the others
        are named by the edge group, which keeps the bound lower, never higher
        (:class:`~ingest.pairing.float_constraints.Tail`, whose ``covers`` says which). With
        ``named`` 0, only the floats' count is priced.

        Ways that cost more than another way of as many floats, each of them no nearer the
        edge, are left out: the bound is never lower for them. With ``apart`` ((upper, lower)
        ladder groups whose players have all met), only where each of the other way's floats
        may go wherever its counterpart may (the bound matches floats with the groups they
        may end in: :class:`~ingest.pairing.float_ends.EntryPricing`).
        """
        outward, ladder = self.outward, self.ladder
        edge = outward[0][0]
        merged, counts = self._ways(named)
        near = frozenset(ladder.values[g] for g, _ in outward[:merged])
        named_groups = [(edge, near)] + [(g, frozenset((ladder.values[g],))) for g, _ in outward[merged:]]
        found: dict[Crossings, Floats] = {}
        for vector in counts:
            key = tuple(sorted(g for (g, _), m in zip(named_groups, vector, strict=True) for _ in range(m)))
            leaving = tuple(allowed for (_, allowed), m in zip(named_groups, vector, strict=True) for _ in range(m))
            cost = self.cost(leaving)
            if cost is not None:
                found[key] = cost
        covers = {edge: frozenset(g for g, _ in outward[:merged])}
        stands = [*covers.items(), *((g, frozenset((g,))) for g, _ in outward[merged:])]
        barred = {g: _barred(groups, apart) for g, groups in stands}
        return Tail(edge, _undominated(found, edge, barred), covers)

    def _ways(self, named: int) -> tuple[int, list[tuple[int, ...]]]:
        """How many groups nearest the edge are named by it (all but ``named``, and more
        while the ways are more than :data:`CROSSINGS_LIMIT`), and the ways: how many
        floats cross the edge from each group named, the edge's first."""
        groups = len(self.outward)
        fewest = max(1, groups - named)
        if fewest not in self._named:
            merged = fewest
            while (
                counts := _crossing_counts(_sizes(self.outward, merged), self.most, self.size % 2, merged < groups)
            ) is None:
                merged += 1
            self._named[fewest] = (merged, counts)
        return self._named[fewest]

    def cost(self, leaving: Leaving) -> Floats | None:
        """Exact float levels of pairing the region with one player leaving it for each
        entry of ``leaving``, a player with one of the entry's point totals.

        A player leaving pays the float from its group to the group with ``anchor``
        points, and counts as a floated pair only at the top. None if no rematch-free
        pairing of that shape exists.

        Raises:
            ValueError: more players leave than ``most``.
        """
        if len(leaving) > self.most:
            raise ValueError(f"{len(leaving)} players leave the region, at most {self.most} may")
        if leaving in self._priced:
            return self._priced[leaving]
        found = self._priced[leaving] = self._match(leaving)
        return found

    def _match(self, leaving: Leaving) -> Floats | None:
        size = self.size + len(leaving)
        if size % 2:
            return None
        if size == 0:
            return (0, 0, 0, 0)
        graph = self.graph.copy()
        graph.add_nodes_from(range(len(leaving)))
        weights = self.leave_weights
        graph.add_edges_from(
            [
                (i, self.size + e, weights[i])
                for e, allowed in enumerate(leaving)
                for value in sorted(allowed)
                for i in self.by_points.get(value, ())
            ]
        )
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if 2 * len(matching) != size:
            return None
        total = [0, 0, 0, 0]
        for a, b in matching:
            i, j = min(a, b), max(a, b)
            c = self.leave[i] if j >= self.size else self.pairs[(i, j)]
            for level in range(4):
                total[level] += c[level]
        return (total[0], total[1], total[2], total[3])


def naming_levels(regions: Sequence[RegionPricing]) -> list[list[int]]:
    """How many groups of each tail region :meth:`RegionPricing.tail` names, naming by
    naming, for a bound computed until one meets its candidate: in each region the most
    groups whose ways are at most :data:`FIRST_WAYS`, then at most four times as many each
    time, up to the finest naming.

    Late in a draw-heavy event the regions hold many small groups, and the ways multiply
    with them, while the floats whose price decides the bound are the long ones, from the
    groups farthest from the edge, often in one region only: round 27 of the 2,000-player
    benchmark event has 3,460 ways at the finest naming, and 696 with four groups named at
    the top and three at the bottom, which prove it.
    """
    finest = [region.named_most() for region in regions]
    levels: list[list[int]] = []
    budget = FIRST_WAYS
    while not levels or levels[-1] != finest:
        level = [
            max((named for named in range(most + 1) if region.ways(named) <= budget), default=0)
            for region, most in zip(regions, finest, strict=True)
        ]
        if not levels or level != levels[-1]:
            levels.append(level)
        budget = 4 * max(budget, 1)
    return levels


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


def _undominated(
    costs: Mapping[Crossings, Floats], edge: int, barred: Mapping[int, frozenset[int]] | None = None
) -> dict[Crossings, Floats]:
    """The ways not beaten by another of as many floats that costs no more and whose floats
    are each (in order of distance) no farther from the edge, and kept from no group it is
    not (``barred``: per key group, the ladder groups whose players its players have all met).

    Two different ways of one region never have the same distances, so no two ways beat
    each other, and a way that beats another comes before it in the order of (cost,
    distances): each way is checked against the unbeaten ways before it only (one that
    beats it beaten in turn, the way that beats that one beats it too).
    """
    bars = barred or {}
    ways: dict[int, list[tuple[Floats, list[int], list[frozenset[int]], Crossings]]] = {}
    for key, cost in costs.items():
        by_distance = sorted((abs(g - edge), g) for g in key)
        far = [d for d, _ in by_distance]
        ways.setdefault(len(key), []).append((cost, far, [bars.get(g, frozenset()) for _, g in by_distance], key))
    kept: set[Crossings] = set()
    for same_count in ways.values():
        same_count.sort(key=lambda way: (way[0], way[1]))
        front: list[tuple[list[int], list[frozenset[int]]]] = []
        for _, far, bar, key in same_count:
            if any(
                all(a <= b for a, b in zip(other, far, strict=True))
                and all(x <= y for x, y in zip(other_bar, bar, strict=True))
                for other, other_bar in front
            ):
                continue
            front.append((far, bar))
            kept.add(key)
    return {key: cost for key, cost in costs.items() if key in kept}


def _barred(groups: frozenset[int], apart: Collection[tuple[int, int]]) -> frozenset[int]:
    """The ladder groups every one of ``groups`` is ``apart`` from (its players met all theirs)."""
    each = [frozenset(b if a == g else a for a, b in apart if g in (a, b)) for g in groups]
    return frozenset.intersection(*each) if each else frozenset()


def level_units(pairs: int, costs: Sequence[Floats]) -> list[int]:
    """Weight units of the four float levels: each beats ``pairs`` times the most of the levels below."""
    units = [1, 1, 1, 1]
    below = 0
    for level in range(3, -1, -1):
        units[level] = pairs * below + 1
        below += units[level] * max(c[level] for c in costs)
    return units
