"""Whether a pairing found on a sparse graph is optimal: lower bounds on its float levels.

A sparse result (:mod:`ingest.pairing.sparse_graphs`) is accepted only if it pairs
everyone without a rematch, gives the bye to the first player in the bye order, and its
float levels equal a lower bound that holds for every pairing of the unit. Three bounds
are tried, cheapest first: the parity of the point groups (``parity``); that plus the
rematch structure of small runs of groups, crossings that small groups cannot absorb and
players forced to float far (``rematches``); and that with the top and bottom groups of the
standings paired exactly by a small matching (``tails``). The bound itself is
:func:`~ingest.pairing.costs.float_lower_bound`; this module gives it what it knows.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import rustworkx as rx

from .costs import FloatLadder, Window, float_lower_bound
from .matching_weights import UnitProblem

WINDOW_LIMIT = 64
"""Runs of groups with at most this many players get an exact rematch check."""

WINDOW_GROUPS = 3
"""Longest run of consecutive groups examined for the lower bound."""

FORCED_LIMIT = 8
"""Players of groups up to this size are checked for being forced to float far."""

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
        self.simple = float_lower_bound(problem.ladder, counts)
        """The parity bound (``parity``)."""
        self.strong: tuple[int, int, int] | None = None
        """The parity bound with rematches and far floats (``rematches``), once computed."""
        self.strong_done = False
        self.tails: tuple[int, tuple[int, int, int]] | None = None
        """(budget, bound) of the last tail bound computed."""

    def proof_for(self, floats: tuple[int, int, int]) -> tuple[tuple[int, int, int], str] | None:
        """The bound a pairing with these float levels meets, and its name; None if none does.

        ``floats`` are the float steps, squared gap and float height of a rematch-free
        pairing of everyone with the bye where it belongs. The bounds are tried cheapest
        first: ``parity``, ``rematches``, ``tails``.
        """
        if floats == self.simple:
            return self.simple, "parity"
        if not self.strong_done:
            self.strong_done = True
            surplus, passing = self._forced()
            try:
                steps, squares, height = float_lower_bound(self.problem.ladder, self.counts, self._windows(), passing)
            except ValueError:  # pragma: no cover - constraints a pairing met cannot clash
                pass
            else:
                self.strong = (steps, squares + surplus, height)
        if floats == self.strong:
            return self.strong, "rematches"
        if self.tails is None or self.tails[0] < floats[0]:
            self.tails = (floats[0], self._tail_bound(floats[0]))
        if floats == self.tails[1]:
            return self.tails[1], "tails"
        return None

    def _tail_bound(self, budget: int) -> tuple[int, int, int]:
        """Bound with the top and bottom of the standings solved exactly.

        The few players of the top (and bottom) groups are paired exactly by a
        small matching in which ``x`` of them may leave the region, each paying
        its float down to the first group outside; the groups in between are
        bounded by :func:`float_lower_bound` with ``x`` crossings coming in.
        The smallest total over ``x`` (and the bottom's ``y``) is a lower bound:
        every pairing splits that way, and the parts it leaves out (products of
        gaps between the regions) are never negative. Each exit floats at least
        one step, so counts above ``budget`` (the candidate's steps) are skipped:
        the result is exact whenever it does not exceed ``budget`` steps, and
        otherwise only says that no pairing within the budget exists.
        """
        ladder, met = self.problem.ladder, self.problem.met
        nonempty = [g for g, c in enumerate(self.counts) if c > 0]
        pools = [[v for v in self.members[g] if v != self.first_bye] for g in nonempty]
        k = len(nonempty)
        top, seen = -1, 0
        while top + 2 < k and seen + len(pools[top + 1]) <= TAIL_LIMIT:
            top += 1
            seen += len(pools[top])
        bottom, seen = k, 0
        while bottom - 2 > top and seen + len(pools[bottom - 1]) <= TAIL_LIMIT:
            bottom -= 1
            seen += len(pools[bottom])
        points = self.problem.points
        none: dict[int | None, tuple[int, int, int]] = {None: (0, 0, 0)}
        heads = none
        if top >= 0:
            region = [v for pool in pools[: top + 1] for v in pool]
            anchor = ladder.values[nonempty[top + 1]]
            heads = {
                x: cost
                for x in range(len(region) % 2, min(len(region), budget) + 1, 2)
                if (cost := _region_cost(region, anchor, x, points, met, ladder)) is not None
            }
        tails = none
        if bottom < k:
            region = [v for pool in pools[bottom:] for v in pool]
            anchor = ladder.values[nonempty[bottom]]
            tails = {
                y: cost
                for y in range(len(region) % 2, min(len(region), budget) + 1, 2)
                if (cost := _region_cost(region, anchor, y, points, met, ladder)) is not None
            }
        if top < 0 and bottom == k:
            return self.strong or self.simple
        upper = nonempty[top] if top >= 0 else -1
        lower = nonempty[bottom] if bottom < k else len(ladder.values)
        windows = [w for w in self._windows() if upper < w.first and w.last < lower]
        passing = {g: n for g, n in self._forced()[1].items() if upper < g < lower}
        best: tuple[int, int, int] | None = None
        for x, head in heads.items():
            for y, tail in tails.items():
                try:
                    middle = float_lower_bound(
                        ladder,
                        self.counts,
                        windows,
                        passing,
                        top=None if x is None else (upper, x),
                        bottom=None if y is None else (lower, y),
                    )
                except ValueError:
                    continue
                total = (
                    head[0] + middle[0] + tail[0],
                    head[1] + middle[1] + tail[1],
                    head[2] + middle[2] + tail[2],
                )
                if best is None or total < best:
                    best = total
        return best if best is not None else (budget + 1, 0, 0)

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

    def _forced(self) -> tuple[int, dict[int, int]]:
        """Players whose nearest possible partner is two or more groups away.

        Such a player's pair passes over the groups in between; when only one
        direction is possible, those groups get a known passing pair (players
        floating the same way from the same side cannot be each other's
        partner, so each side's count is a count of distinct pairs). A pair
        spanning boundaries with gaps ``a1..am`` has squared gap
        ``(a1 + ... + am) ** 2``; the bound counts the squares and the products
        of neighbouring gaps, so a path of three or more boundaries adds the
        remaining products, summed over players whose pairs must differ (they
        have met, or their paths cannot overlap).

        Returns:
            The squared-gap surplus and the known passing pairs per ladder group.
        """
        met = self.problem.met
        values = self.problem.ladder.values
        nonempty = [g for g, c in enumerate(self.counts) if c > 0]
        gaps = [values[a] - values[b] for a, b in itertools.pairwise(nonempty)]
        pools = [[v for v in self.members[g] if v != self.first_bye] for g in nonempty]
        forced: list[tuple[int, int, frozenset[int]]] = []
        from_above: dict[int, int] = {}
        from_below: dict[int, int] = {}
        for k, pool in enumerate(pools):
            if len(pool) > FORCED_LIMIT:
                continue
            for x in pool:
                if any(y != x and y not in met[x] for y in pool):
                    continue
                options: list[tuple[int, frozenset[int], range]] = []
                for step in (-1, 1):
                    j = k + step
                    while 0 <= j < len(pools) and all(y in met[x] for y in pools[j]):
                        j += step
                    if 0 <= j < len(pools):
                        path = range(min(j, k), max(j, k))
                        between = range(min(j, k) + 1, max(j, k))
                        far = _far_products([gaps[b] for b in path])
                        options.append((far, frozenset(path), between))
                if len(options) == 1:
                    side = from_above if options[0][2].start == k + 1 else from_below
                    for position in options[0][2]:
                        side[position] = side.get(position, 0) + 1
                surplus = min((far for far, _, _ in options), default=0)
                if surplus:
                    reach = frozenset().union(*(path for _, path, _ in options))
                    forced.append((surplus, x, reach))
        chosen: list[tuple[int, int, frozenset[int]]] = []
        for item in sorted(forced, reverse=True):
            _, x, reach = item
            if all(y in met[x] or not (reach & other) for _, y, other in chosen):
                chosen.append(item)
        passing = {
            nonempty[position]: max(from_above.get(position, 0), from_below.get(position, 0))
            for position in from_above.keys() | from_below.keys()
        }
        return sum(c for c, _, _ in chosen), passing


def _region_cost(
    region: Sequence[int],
    anchor: int,
    exits: int,
    points: Sequence[int],
    met: Sequence[frozenset[int]],
    ladder: FloatLadder,
) -> tuple[int, int, int] | None:
    """Exact cost of pairing ``region`` with ``exits`` players leaving it.

    A player leaving pays the float from its group to the group with
    ``anchor`` points (the first group outside the region). Returns None if no
    rematch-free pairing of that shape exists.
    """
    size = len(region) + exits
    if size % 2:
        return None
    edges: list[tuple[int, int, tuple[int, int, int]]] = []
    for i, u in enumerate(region):
        for j in range(i + 1, len(region)):
            v = region[j]
            if v not in met[u]:
                edges.append((i, j, ladder.pair_cost(points[u], points[v])))
        leave = ladder.pair_cost(points[u], anchor)
        edges.extend((i, len(region) + e, leave) for e in range(exits))
    if not edges:
        return (0, 0, 0) if size == 0 else None
    pairs = size // 2 + 1
    height = max(c[2] for _, _, c in edges)
    square = pairs * height + 1
    step = pairs * max(c[1] for _, _, c in edges) * square + square
    base = pairs * max(c[0] for _, _, c in edges) * step + step
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(size))
    graph.add_edges_from([(i, j, base - (c[0] * step + c[1] * square + c[2])) for i, j, c in edges])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matching) != size:
        return None
    cost = {(i, j): c for i, j, c in edges}
    total = [0, 0, 0]
    for a, b in matching:
        c = cost[(min(a, b), max(a, b))]
        for level in range(3):
            total[level] += c[level]
    return (total[0], total[1], total[2])


def _far_products(gaps: Sequence[int]) -> int:
    """Twice the sum of ``gaps[i] * gaps[j]`` over ``j >= i + 2``."""
    total = sum(gaps)
    squares = sum(g * g for g in gaps)
    neighbours = sum(a * b for a, b in itertools.pairwise(gaps))
    return total * total - squares - 2 * neighbours


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
