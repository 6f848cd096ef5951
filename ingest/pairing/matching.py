"""Optimal pairing of one unit (a pod, or the whole field) by maximum-weight matching.

This is the machinery behind Swiss rounds (MTR 10.4, Bushiroad 3.2.1) and the
later rounds of double elimination (Bushiroad 3.2.2.1). The caller passes the
players already in a seeded random order: node order is the only source of
randomness, so that equal-weight edges (pairs inside one point group) are
resolved by the seed and the edge weights take very few distinct values, which
keeps the blossom algorithm fast.

Strategy:

* Small units (``FULL_GRAPH_LIMIT`` players or fewer) use the complete graph.
* Larger units start from a sparse graph: every player is joined to a seeded
  random subset of its point group (a circulant over the shuffled order) and
  to a few players of the nearby groups (tiny groups reach further, until
  enough players lie in the way); the bye node is joined to the first few
  players in the bye order. The surplus of a big group beyond a core of
  players is paired among itself beforehand, in seeded order.
* A sparse result is accepted only if it *proves* itself optimal: everyone is
  paired without a rematch, the bye went to the first player in the bye order,
  and the float levels equal a lower bound. Three bounds are tried, cheapest
  first (``proof`` in the result): the parity of the point groups
  (``parity``); that plus the rematch structure of small runs of groups,
  crossings that small groups cannot absorb and players forced to float far
  (``rematches``); and that with the top and bottom groups of the standings
  paired exactly by a small matching (``tails``). See
  :func:`~ingest.pairing.costs.float_lower_bound`.
* Otherwise a denser graph is tried, and finally the complete graph (exact).
  The complete graph is the slow path: about a minute for 2,048 players on the
  reference machine, a second for 512; the simulations in the tests and the
  benchmark show it is almost never needed for more than 64 players.
* If even the complete graph has no rematch-free pairing of everyone, rematch
  edges are added with a penalty above every other level, so that the fewest
  rematches are used, and the result says so.

The edge weights and the matching of one graph are in
:mod:`ingest.pairing.matching_weights`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import rustworkx as rx

from .costs import FloatLadder, PairingCost, Window, float_lower_bound
from .matching_weights import UnitProblem, UnitSolution

__all__ = ["Density", "solve_unit"]

FULL_GRAPH_LIMIT = 64
"""Units of at most this many players use the complete graph outright."""

WINDOW_LIMIT = 64
"""Runs of groups with at most this many players get an exact rematch check."""

WINDOW_GROUPS = 3
"""Longest run of consecutive groups examined for the lower bound."""

FORCED_LIMIT = 8
"""Players of groups up to this size are checked for being forced to float far."""

TAIL_LIMIT = 32
"""Players at the top (and at the bottom) of the standings bounded by exact matching."""


@dataclass(frozen=True, slots=True)
class Density:
    """How many edges a sparse graph keeps."""

    name: str
    """Label reported in the result (``sparse``, ``dense``)."""
    in_group: int
    """Neighbours of each player inside its own point group."""
    across: int
    """Neighbours of each player in each nearby point group."""
    reach: int
    """How many groups away a player is always joined (1 = neighbouring groups)."""
    span: int
    """Beyond ``reach``, groups are joined until this many players lie in the way,
    so that players of tiny groups at the top or bottom still find partners."""
    bye_candidates: int
    """Players (first in the bye order) joined to the bye node."""
    complete_product: int
    """Two groups whose sizes multiply to at most this are joined completely."""
    core: int | None
    """Players per point group kept in the graph; the surplus of a bigger group is
    paired among itself beforehand (None: keep everyone)."""


DENSITIES: tuple[Density, ...] = (
    Density("sparse", 24, 4, 1, 8, bye_candidates=8, complete_product=256, core=64),
    Density("dense", 48, 12, 2, 32, bye_candidates=32, complete_product=2048, core=256),
    Density("denser", 96, 24, 3, 96, bye_candidates=128, complete_product=8192, core=None),
)
"""Graphs tried, sparsest first, before the complete graph."""


def solve_unit(
    points: Sequence[int],
    bye_order: Sequence[int],
    met: Sequence[frozenset[int]],
) -> UnitSolution:
    """Pair one unit optimally.

    Args:
        points: points of each node, in the seeded random node order.
        bye_order: each node's position in the bye order (0 = first to get a
            bye); a permutation of ``range(len(points))``.
        met: for each node, the nodes it has already played (symmetric).

    Returns:
        The pairing with the lowest :class:`PairingCost`, with at most one bye
        (exactly one when the count is odd).

    >>> met = [frozenset({1}), frozenset({0}), frozenset(), frozenset()]
    >>> solution = solve_unit([3, 3, 0, 0], [3, 2, 1, 0], met)
    >>> solution.cost.float_steps, solution.cost.rematches
    (2, 0)
    """
    n = len(points)
    if len(bye_order) != n or len(met) != n:
        raise ValueError("points, bye_order and met must have the same length")
    if sorted(bye_order) != list(range(n)):
        raise ValueError("bye_order must be a permutation of the node indices")
    if n == 0:
        return UnitSolution((), None, PairingCost(0, 0, 0, 0, 0), "full", None)
    if n == 1:
        return UnitSolution((), 0, PairingCost(0, 0, 0, 0, 0), "full", None)
    problem = UnitProblem(points, bye_order, met)
    if n > FULL_GRAPH_LIMIT:
        sparse = _Sparse(problem)
        for density in DENSITIES:
            found = sparse.attempt(density)
            if found is not None:
                return found
    everyone = range(n)
    result = problem.match(everyone, _complete_edges(n, met, rematches=False), "full")
    if result is None:
        result = problem.match(everyone, _complete_edges(n, met, rematches=True), "full-rematches")
    if result is None:  # pragma: no cover - a complete graph always has a perfect matching
        raise AssertionError("complete graph without a perfect matching")
    return result


def _complete_edges(n: int, met: Sequence[frozenset[int]], *, rematches: bool) -> list[tuple[int, int]]:
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rematches or v not in met[u]]


class _Sparse:
    """Sparse-graph attempts for one large unit, with the bound computed lazily."""

    def __init__(self, problem: UnitProblem) -> None:
        self.problem = problem
        n = problem.n
        self.members: list[list[int]] = [[] for _ in problem.ladder.values]
        for node, g in enumerate(problem.groups):
            self.members[g].append(node)
        self.by_bye = sorted(range(n), key=lambda node: problem.bye_order[node])
        self.first_bye = self.by_bye[0] if n % 2 == 1 else None
        counts = [len(m) for m in self.members]
        if self.first_bye is not None:
            counts[problem.groups[self.first_bye]] -= 1
        self.counts = counts
        self.simple = float_lower_bound(problem.ladder, counts)
        self.strong: tuple[int, int, int] | None = None
        self.strong_done = False
        self.tails: tuple[int, tuple[int, int, int]] | None = None
        """(budget, bound) of the last tail bound computed."""

    def attempt(self, density: Density) -> UnitSolution | None:
        """Solve on a sparse graph; return the result only if it is provably optimal."""
        bye_nodes = self.by_bye[: density.bye_candidates] if self.first_bye is not None else None
        core, fixed = self._core(density, bye_nodes or ())
        edges = self._edges(density, core)
        found = self.problem.match(
            [v for group in core for v in group],
            edges,
            density.name,
            bye_nodes=bye_nodes,
            fixed=fixed,
        )
        if found is None or found.cost.rematches or found.bye != self.first_bye:
            return None
        floats = (found.cost.float_steps, found.cost.squared_gap, found.cost.float_height)
        if floats == self.simple:
            return _with_bound(found, self.simple, "parity")
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
            return _with_bound(found, self.strong, "rematches")
        if self.tails is None or self.tails[0] < floats[0]:
            self.tails = (floats[0], self._tail_bound(floats[0]))
        if floats == self.tails[1]:
            return _with_bound(found, self.tails[1], "tails")
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

    def _core(self, density: Density, keep: Sequence[int]) -> tuple[list[list[int]], list[tuple[int, int]]]:
        """Pair the surplus of big groups among themselves; keep a core per group.

        The surplus is paired in seeded node order, skipping rematches; the
        lower bound still has to be met by the whole result, so this never
        costs optimality, only (rarely) a retry with a bigger core.
        """
        met = self.problem.met
        kept = set(keep)
        cores: list[list[int]] = []
        fixed: list[tuple[int, int]] = []
        for group in self.members:
            if density.core is None or len(group) <= density.core:
                cores.append(list(group))
                continue
            core = [v for v in group if v in kept]
            rest = [v for v in group if v not in kept]
            while len(core) < density.core and rest:
                core.append(rest.pop(0))
            if len(rest) % 2:
                core.append(rest.pop(0))
            while rest:
                a = rest.pop(0)
                partner = next((i for i, b in enumerate(rest[:8]) if b not in met[a]), None)
                if partner is None:
                    core.append(a)
                else:
                    fixed.append((a, rest.pop(partner)))
            if (len(core) + len(group)) % 2:  # pragma: no cover - parity kept above
                raise AssertionError("core parity")
            cores.append(core)
        return cores, fixed

    def _edges(self, density: Density, cores: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
        """Edges of the sparse graph, rematches left out, in a deterministic order."""
        chosen: dict[tuple[int, int], None] = {}
        met = self.problem.met

        def add(u: int, v: int) -> None:
            if u != v and v not in met[u]:
                chosen[(u, v) if u < v else (v, u)] = None

        for group in cores:
            m = len(group)
            if m - 1 <= density.in_group:
                for i in range(m):
                    for j in range(i + 1, m):
                        add(group[i], group[j])
            else:
                for i in range(m):
                    for d in range(1, density.in_group // 2 + 1):
                        add(group[i], group[(i + d) % m])
        for g, h in _group_links([len(c) for c in cores], density.reach, density.span):
            upper, lower = cores[g], cores[h]
            if len(upper) * len(lower) <= density.complete_product:
                for u in upper:
                    for v in lower:
                        add(u, v)
            else:
                _spread(upper, lower, density.across, add)
                _spread(lower, upper, density.across, add)
        return list(chosen)

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


def _group_links(sizes: Sequence[int], reach: int, span: int) -> list[tuple[int, int]]:
    """Pairs of groups to join: within ``reach``, and on until ``span`` players are covered."""
    links: set[tuple[int, int]] = set()
    count = len(sizes)
    for g in range(count):
        for step in (1, -1):
            covered = 0
            h = g + step
            while 0 <= h < count:
                links.add((min(g, h), max(g, h)))
                covered += sizes[h]
                if abs(h - g) >= reach and covered >= span:
                    break
                h += step
    return sorted(links)


def _spread(source: Sequence[int], target: Sequence[int], count: int, add: Callable[[int, int], None]) -> None:
    """Join each source node to ``count`` target nodes spread over the target list."""
    m = len(target)
    stride = max(1, m // max(1, count))
    for i, u in enumerate(source):
        start = (i * m) // len(source)
        for t in range(min(count, m)):
            add(u, target[(start + t * stride) % m])


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


def _with_bound(found: UnitSolution, bound: tuple[int, int, int], proof: str) -> UnitSolution:
    return UnitSolution(found.pairs, found.bye, found.cost, found.method, bound, proof)
