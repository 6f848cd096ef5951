"""The sparse graphs a large unit is first paired on, sparsest first.

Every player is joined to a seeded random subset of its point group (a circulant over
the shuffled order) and to a few players of the nearby groups (tiny groups reach
further, until enough players lie in the way); each group with an odd number of players
to pair is joined to the next such groups above and below it, however far, which is
where the fewest floats go (one pair from an odd group over the even groups to the next
odd group); each player of a small group is joined to a few players of every group, as
rematches may send all of them out of it, and the fewest floats far; the bye node is
joined to the first few players in the bye order. The
surplus of a big group beyond a core of players is paired among itself beforehand, in
seeded order. A result counts only if :mod:`ingest.pairing.optimality_proof` proves it
optimal; otherwise the next, denser graph is tried.

The first graph keeps a core of 8 players per group: a round's floats are few (a dozen
pairs of 740 in round 30 of a 2,000-player event), and inside a group every pair costs
the same, so a few players of each group are enough to place them. Its size grows with
the number of point groups, not with the players in them: the maximum-weight matching
costs about its nodes times its edges, and with a core of 64 (where the next graph
starts) every player of a late round's groups of a few dozen was in it, so a round cost
about the square of the rounds played.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .costs import PairingCost
from .matching_weights import UnitProblem, UnitSolution
from .optimality_proof import LowerBounds


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
    Density("sparse", 8, 4, 1, 8, bye_candidates=8, complete_product=256, core=8),
    Density("dense", 24, 4, 1, 8, bye_candidates=8, complete_product=256, core=64),
    Density("denser", 48, 12, 2, 32, bye_candidates=32, complete_product=2048, core=256),
    Density("densest", 96, 24, 3, 96, bye_candidates=128, complete_product=8192, core=None),
)
"""Graphs tried, sparsest first, before the complete graph."""


class SparseAttempts:
    """Sparse-graph attempts for one large unit, each result checked against the lower bounds."""

    def __init__(self, problem: UnitProblem) -> None:
        self.problem = problem
        n = problem.n
        self.members: list[list[int]] = [[] for _ in problem.ladder.values]
        for node, g in enumerate(problem.groups):
            self.members[g].append(node)
        self.by_bye = sorted(range(n), key=lambda node: problem.bye_order[node])
        self.first_bye = self.by_bye[0] if n % 2 == 1 else None
        self.bounds = LowerBounds(problem, self.members, self.first_bye)

    def attempt(self, density: Density, unproved: list[PairingCost] | None = None) -> UnitSolution | None:
        """Solve on a sparse graph; return the result only if it is provably optimal.

        ``unproved``: where the cost of a pairing of everyone without a rematch, with the
        bye where it belongs, that no bound proves is put (the caller stops trying denser
        graphs once two of them find the same: a third costs several seconds on 2,048
        players, and the complete graph decides all the same)."""
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
        proved = self.bounds.proof_for(found.cost.floats)
        if proved is None:
            if unproved is not None:
                unproved.append(found.cost)
            return None
        bound, proof = proved
        return UnitSolution(found.pairs, found.bye, found.cost, found.method, bound, proof)

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
        links = set(_group_links([len(c) for c in cores], density.reach, density.span))
        links.update(_parity_links(self.bounds.counts))
        for g, h in sorted(links):
            upper, lower = cores[g], cores[h]
            if len(upper) * len(lower) <= density.complete_product:
                for u in upper:
                    for v in lower:
                        add(u, v)
            else:
                _spread(upper, lower, density.across, add)
                _spread(lower, upper, density.across, add)
        for g, small in enumerate(cores):
            # A group's size, not its core's: a core of 8 is no small group.
            if 0 < len(self.members[g]) <= SMALL_GROUP:
                for h, other in enumerate(cores):
                    if h != g and (min(g, h), max(g, h)) not in links:
                        _spread(small, other, density.across, add)
        return list(chosen)


SMALL_GROUP = 8
"""Players of a group at most this big are each joined to a few players of every group: all of
them may have to leave it (rematches), and the fewest floats may take them far."""


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


def _parity_links(counts: Sequence[int]) -> list[tuple[int, int]]:
    """Pairs of groups with an odd number of players to pair and only even groups between them.

    With no rematch in the way, the fewest floated pairs join these groups two by two
    (``counts``: players to pair per ladder group, the bye receiver left out).
    """
    odd = [g for g, c in enumerate(counts) if c % 2]
    return list(itertools.pairwise(odd))


def _spread(source: Sequence[int], target: Sequence[int], count: int, add: Callable[[int, int], None]) -> None:
    """Join each source node to ``count`` target nodes spread over the target list."""
    m = len(target)
    stride = max(1, m // max(1, count))
    for i, u in enumerate(source):
        start = (i * m) // len(source)
        for t in range(min(count, m)):
            add(u, target[(start + t * stride) % m])
