"""Whether a pairing found on a sparse graph is optimal: lower bounds on its float levels.

A sparse result (:mod:`ingest.pairing.sparse_graphs`) is accepted only if it pairs
everyone without a rematch, gives the bye to the first player in the bye order, and its
float levels equal a lower bound that holds for every pairing of the unit. Six bounds
are tried (the last three in the order ``whole-tails``, ``entries``, ``whole-gaps``): the
parity of the point groups (``parity``); that plus the rematch structure
of small runs of groups, crossings that small groups cannot absorb and
players forced to float far (``rematches``); that with the top and bottom groups of the
standings paired exactly by a small matching (``tails``); the ``rematches`` bound with
every float's squared gap priced whole, however many groups it passes over (``whole-gaps``:
the others follow a float only :data:`~ingest.pairing.float_bound.AGE_LIMIT` boundaries
back, and in late rounds the fewest floats can mean one across a dozen groups); the
``tails`` bound with each float that leaves the top groups, or enters the bottom ones,
followed from the group it leaves or enters and priced whole (``whole-tails``: in late
rounds the few players at the top have met each other and float a dozen groups down,
which ``tails`` prices as if they started at the top groups' edge); and that with each
float entering the bottom groups only in a group whose players its own group's have not
all met (``entries``: those leaders have met some of the last players too, and the longest
float does not always take the shallowest place; :mod:`ingest.pairing.float_ends`). The bound itself is
:func:`~ingest.pairing.float_bound.float_lower_bound`; this module gives it what it knows.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import rustworkx as rx

from .costs import Floats
from .float_bound import LongFloat, Window, float_lower_bound
from .matching_weights import UnitProblem
from .tail_regions import RegionPricing, naming_levels

WINDOW_LIMIT = 64
"""Runs of groups with at most this many players get an exact rematch check."""

WINDOW_GROUPS = 3
"""Longest run of consecutive groups examined for the lower bound."""

FORCED_LIMIT = 8
"""Players of groups up to this size are checked for being forced to float far."""

LONG_FLOAT_LIMIT = 4
"""Players forced to float three or more boundaries whose float the bound follows (the longest)."""

TAIL_LIMIT = 32
"""Players at the top (and at the bottom) of the standings bounded by exact matching."""


class LowerBounds:
    """The lower bounds a sparse result of one large unit is checked against, computed lazily."""

    def __init__(self, problem: UnitProblem, members: Sequence[Sequence[int]], first_bye: int | None) -> None:
        self.problem = problem
        self.members = members
        """The nodes of each ladder group."""
        self.first_bye = first_bye
        """The node first in the bye order when the unit is odd (it should get the bye)."""
        counts = [len(m) for m in members]
        if first_bye is not None:
            counts[problem.groups[first_bye]] -= 1
        self.counts = counts
        """Players to pair in each ladder group, the bye receiver left out."""
        simple = float_lower_bound(problem.ladder, counts)
        assert simple is not None  # no limit: a value or an error
        self.simple = simple
        """The parity bound (``parity``)."""
        self._found: dict[str, tuple[Floats, Floats | None]] = {}
        self._forced_found: tuple[dict[int, int], list[LongFloat]] | None = None

    def proof_for(self, floats: Floats) -> tuple[Floats, str] | None:
        """The bound a pairing with these float levels meets, and its name; None if none does.

        ``floats`` are the float levels of a rematch-free pairing of everyone with the
        bye where it belongs. The bounds are tried cheapest first: ``parity``,
        ``rematches``, ``tails``, then ``whole-tails`` and ``entries`` before
        ``whole-gaps``, which follows every float whole through the rematch structure of
        the top and bottom groups as well and can cost seconds where ``whole-tails`` costs
        a fraction of one (round 29 of the 2,000-player benchmark event: 3.1 s and 0.19 s
        of CPU; round 28 of the 2,048-player event of ``benchmarks/big_event.py --growth``:
        4.1 s for whole-gaps, which falls short, 1.9 s for entries, which proves it).
        """
        if floats == self.simple:
            return self.simple, "parity"
        bounds: list[tuple[str, Callable[[Floats], Floats | None]]] = [
            ("rematches", self._rematch_bound),
            ("tails", self._tail_bound),
            ("whole-tails", self._whole_tail_bound),
            ("entries", self._entry_bound),
            ("whole-gaps", self._whole_gap_bound),
        ]
        if _tail_regions(self._sizes()) == (-1, len(self._sizes())):  # no regions: as rematches and whole-gaps
            bounds = [b for b in bounds if b[0] not in ("tails", "whole-tails", "entries")]
        for name, compute in bounds:
            if floats == self.bound(name, floats, compute):
                return floats, name
        return None

    def bound(self, name: str, limit: Floats, compute: Callable[[Floats], Floats | None]) -> Floats | None:
        """The bound ``name`` where it is at most ``limit``, None where it is above.

        A bound is computed for a candidate's levels (``limit``) and kept: it is
        exact up to the limit it was computed for, so it is computed again only
        for a candidate beyond that.
        """
        found = self._found.get(name)
        if found is None or (found[1] is None and limit > found[0]):
            found = self._found[name] = (limit, compute(limit))
        value = found[1]
        return value if value is not None and value <= limit else None

    def _rematch_bound(self, limit: Floats) -> Floats | None:
        """The parity bound with rematches inside small runs of groups and long floats (``rematches``)."""
        passing, long_floats = self._forced()
        return float_lower_bound(
            self.problem.ladder, self.counts, self._windows(), passing, long_floats, self._blocked(), limit=limit
        )

    def _whole_gap_bound(self, limit: Floats) -> Floats | None:
        """The ``rematches`` bound with every float followed over all the boundaries it
        crosses, so its squared gap is priced whole (``whole-gaps``)."""
        passing, long_floats = self._forced()
        ladder = self.problem.ladder
        return float_lower_bound(
            ladder,
            self.counts,
            self._windows(),
            passing,
            long_floats,
            self._blocked(),
            limit=limit,
            ages=len(ladder.values),
        )

    def _tail_bound(self, limit: Floats) -> Floats | None:
        """Bound with the top and bottom of the standings solved exactly (``tails``).

        The few players of the top (and bottom) groups are paired exactly by a
        small matching in which ``x`` of them may leave the region, each paying
        its float to the first group outside (at the top, also as a floated pair:
        the bound in between counts only the pairs that start there, so a pair
        that enters the bottom region is counted where it starts); the groups in
        between are bounded by :func:`float_lower_bound` with ``x`` crossings
        coming in, which takes the cheapest ``x`` (and the bottom's ``y``). That
        is a lower bound: every pairing splits that way, and the parts it leaves
        out (products of gaps across the regions' edges) are never negative.
        Each exit is a floated pair of its own, so counts above ``limit``'s
        floated pairs are skipped.
        """
        return self._tails(limit, whole=False)

    def _whole_tail_bound(self, limit: Floats) -> Floats | None:
        """The ``tails`` bound with each float crossing a region's edge followed from its own
        group over every boundary it crosses (``whole-tails``).

        The regions are matched once for each choice of the groups the floats leave (or
        enter), so no part is left out: a float from the top region is followed on from
        the group it leaves, and one entering the bottom region pays its gap above the
        region times its depth in it, twice, the longest floats matched with the
        shallowest depths (:mod:`ingest.pairing.tail_regions`). In a late round the
        fewest floats take the few players at the top, who have met each other, a dozen
        groups down, which the region's edge alone prices as if they started there.
        """
        return self._tails(limit, whole=True)

    def _entry_bound(self, limit: Floats) -> Floats | None:
        """The ``whole-tails`` bound with each float entering the bottom region matched with a
        group of it it may enter (``entries``).

        A float from a group whose players have all met the players of a small group of the
        bottom region does not enter it there (:mod:`ingest.pairing.float_ends`): in late
        rounds the leaders float to the last players, and have met some of them already, so
        that the longest float does not always take the shallowest place, as ``whole-tails``
        prices it. Tried after ``whole-tails``: its floats are told apart by where they may
        enter as well as by their age, so more relaxed pairings are kept.
        """
        return self._tails(limit, whole=True, entries=True)

    def _tails(self, limit: Floats, *, whole: bool, entries: bool = False) -> Floats | None:
        """The ``tails`` bound, with the floats crossing the regions' edges followed ``whole`` or not.

        Followed whole, the regions name on their own first the few groups farthest from
        their edges, then more (:func:`~ingest.pairing.tail_regions.naming_levels`), until
        the bound meets ``limit`` or every group the ways allow is named: each naming gives
        a lower bound (a float named by the edge is followed from there, never priced more
        than it costs), and the finer ones price many more ways.
        """
        ladder, met = self.problem.ladder, self.problem.met
        nonempty = [g for g, c in enumerate(self.counts) if c > 0]
        pools = [[v for v in self.members[g] if v != self.first_bye] for g in nonempty]
        top, bottom = _tail_regions(self._sizes())
        k = len(nonempty)
        if top < 0 and bottom == k:  # no tail regions: the bound without them
            return self.bound("whole-gaps", limit, self._whole_gap_bound) if whole else self._rematch_bound(limit)
        points = self.problem.points
        head: RegionPricing | None = None
        if top >= 0:
            region = list(zip(nonempty[: top + 1], pools[: top + 1], strict=True))
            anchor = ladder.values[nonempty[top + 1]]
            head = RegionPricing(region, anchor, limit[0], points, met, ladder, at_top=True)
        tail: RegionPricing | None = None
        if bottom < k:
            region = list(zip(nonempty[bottom:], pools[bottom:], strict=True))
            anchor = ladder.values[nonempty[bottom]]
            tail = RegionPricing(region, anchor, limit[0], points, met, ladder, at_top=False)
        upper = nonempty[top] if top >= 0 else -1
        lower = nonempty[bottom] if bottom < k else len(ladder.values)
        windows = [w for w in self._windows() if upper < w.first and w.last < lower]
        passing, long_floats = self._forced()
        passing = {g: n for g, n in passing.items() if upper < g < lower}
        regions = {side: region for side, region in (("top", head), ("bottom", tail)) if region is not None}
        apart = self._blocked() if entries else []
        found: Floats | None = None
        for naming in naming_levels(list(regions.values())) if whole else [[0] * len(regions)]:
            tails = {side: region.tail(n, apart) for (side, region), n in zip(regions.items(), naming, strict=True)}
            found = float_lower_bound(
                ladder,
                self.counts,
                windows,
                passing,
                long_floats,
                top=tails.get("top"),
                bottom=tails.get("bottom"),
                limit=limit,
                ages=len(ladder.values) if whole else None,
                apart=apart,
            )
            if found == limit:
                break
        return found

    def _sizes(self) -> list[int]:
        """Players to pair in each non-empty group, from the top."""
        return [c for c in self.counts if c > 0]

    def _windows(self) -> list[Window]:
        """Rematch-forced exits of short runs of small groups."""
        windows: list[Window] = []
        nonempty = [g for g, c in enumerate(self.counts) if c > 0]
        met = self.problem.met
        for i, first in enumerate(nonempty):
            nodes: list[int] = []
            for last in nonempty[i : i + WINDOW_GROUPS]:
                nodes.extend(v for v in self.members[last] if v != self.first_bye)
                if len(nodes) > WINDOW_LIMIT:
                    break
                leaving = len(nodes) - 2 * _max_matching(nodes, met)
                if leaving > len(nodes) % 2:
                    windows.append(Window(first, last, leaving))
        return windows

    def _blocked(self) -> list[tuple[int, int]]:
        """Pairs of small groups whose players have all met each other: no float joins them."""
        met = self.problem.met
        small = [
            (g, [v for v in self.members[g] if v != self.first_bye])
            for g, c in enumerate(self.counts)
            if 0 < c <= FORCED_LIMIT
        ]
        return [
            (g, h)
            for (g, upper), (h, lower) in itertools.combinations(small, 2)
            if all(v in met[u] for u in upper for v in lower)
        ]

    def _forced(self) -> tuple[dict[int, int], list[LongFloat]]:
        """Players whose nearest possible partner is two or more groups away.

        Such a player's pair passes over the groups in between. When only one
        direction is possible, those groups get a known passing pair (players
        floating the same way from the same side cannot be each other's partner,
        so each side's count is a count of distinct pairs), and a float over
        three or more boundaries is followed by the bound (:class:`LongFloat`,
        the longest :data:`LONG_FLOAT_LIMIT` of them), which prices its squared
        gap whole.

        Returns:
            The known passing pairs per ladder group, and the long floats.
        """
        if self._forced_found is not None:
            return self._forced_found
        met = self.problem.met
        nonempty = [g for g, c in enumerate(self.counts) if c > 0]
        pools = [[v for v in self.members[g] if v != self.first_bye] for g in nonempty]
        from_above: dict[int, int] = {}
        from_below: dict[int, int] = {}
        long_floats: list[tuple[int, LongFloat]] = []
        for k, pool in enumerate(pools):
            if len(pool) > FORCED_LIMIT:
                continue
            for x in pool:
                if any(y != x and y not in met[x] for y in pool):
                    continue
                options: list[int] = []
                for step in (-1, 1):
                    j = k + step
                    while 0 <= j < len(pools) and all(y in met[x] for y in pools[j]):
                        j += step
                    if 0 <= j < len(pools):
                        options.append(j)
                if len(options) != 1:
                    continue
                (j,) = options
                side = from_above if j > k else from_below
                for position in range(min(j, k) + 1, max(j, k)):
                    side[position] = side.get(position, 0) + 1
                if abs(j - k) >= 3:
                    long_floats.append((abs(j - k), LongFloat(nonempty[k], nonempty[j])))
        passing = {
            nonempty[position]: max(from_above.get(position, 0), from_below.get(position, 0))
            for position in from_above.keys() | from_below.keys()
        }
        chosen = [lf for _, lf in sorted(long_floats, key=lambda item: -item[0])[:LONG_FLOAT_LIMIT]]
        self._forced_found = (passing, chosen)
        return self._forced_found


def _tail_regions(sizes: Sequence[int]) -> tuple[int, int]:
    """The top and bottom regions of the ``tails`` bounds, by position among the non-empty
    groups (of ``sizes`` players): groups down to ``top`` and from ``bottom`` on, each
    region at most :data:`TAIL_LIMIT` players and two groups at least between them (-1
    and ``len(sizes)`` for none)."""
    k = len(sizes)
    top, seen = -1, 0
    while top + 2 < k and seen + sizes[top + 1] <= TAIL_LIMIT:
        top += 1
        seen += sizes[top]
    bottom, seen = k, 0
    while bottom - 2 > top and seen + sizes[bottom - 1] <= TAIL_LIMIT:
        bottom -= 1
        seen += sizes[bottom]
    return top, bottom


def _max_matching(nodes: Sequence[int], met: Sequence[frozenset[int]]) -> int:
    """Size of a maximum rematch-free matching among ``nodes``."""
    inside = set(nodes)
    if all(not (met[v] & inside) for v in nodes):
        return len(nodes) // 2
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(len(nodes)))
    graph.add_edges_from_no_data(
        [(i, j) for i in range(len(nodes)) for j in range(i + 1, len(nodes)) if nodes[j] not in met[nodes[i]]]
    )
    return len(rx.max_weight_matching(graph, max_cardinality=True))
