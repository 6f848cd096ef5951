"""One unit's pairing problem as a weighted graph, and its maximum-weight matching.

Edge weights encode the cost levels of :class:`~ingest.pairing.costs.PairingCost`
in strict priority: each level's unit is one more than the largest total the
levels below it can reach, so no amount of a lower level outweighs one unit of
a higher one. Every edge weighs ``base`` less its cost, and ``base`` only has to
exceed the costliest edge (a rematch): the matching has maximum cardinality
whatever the weights, so every matching holds as many bases. All of it is exact
Python integers; rustworkx computes in 128-bit integers, and
:data:`WEIGHT_LIMIT` keeps a wide margin below that (a round of 16,384 players
with 30 point groups needs about 2**91). Every graph
:func:`~ingest.pairing.matching.solve_unit` tries, sparse or complete, is matched here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import rustworkx as rx

from .costs import FloatLadder, Floats, PairingCost, unit_cost

WEIGHT_LIMIT = 1 << 100
"""Largest edge weight allowed (rustworkx uses i128 and doubles weights internally)."""


@dataclass(frozen=True, slots=True)
class UnitSolution:
    """The pairing of one unit, in the caller's node indices."""

    pairs: tuple[tuple[int, int], ...]
    """Pairs of node indices, each with the smaller index first, sorted."""
    bye: int | None
    """Node index of the bye receiver, if any."""
    cost: PairingCost
    """Cost of this pairing."""
    method: str
    """``sparse``, ``dense``, ``denser``, ``densest``, ``full`` or ``full-rematches``."""
    bound: Floats | None
    """The float lower bound the result was proved against (None for complete graphs)."""
    proof: str | None = None
    """Which bound proved a sparse result: ``parity`` (odd boundaries only),
    ``rematches`` (plus rematch-forced exits and long floats), ``tails`` (top
    and bottom groups solved exactly), ``whole-gaps`` (``rematches`` with every
    float's squared gap priced whole), ``whole-tails`` (``tails`` with every
    float crossing a region's edge followed from its own group, and priced
    whole) or ``entries`` (``whole-tails`` with each float entering the bottom
    groups where its group may meet a player); None for complete graphs."""


class UnitProblem:
    """One unit's data and edge weights, shared by every graph tried."""

    def __init__(self, points: Sequence[int], bye_order: Sequence[int], met: Sequence[frozenset[int]]) -> None:
        self.points = points
        self.bye_order = bye_order
        self.met = met
        self.n = len(points)
        self.ladder = ladder = FloatLadder.of(points)
        self.groups = [ladder.index[p] for p in points]
        self._scale()
        self.table = [
            [
                self.base - (f * self.floated + s * self.step + q * self.square + h)
                for f, s, q, h in (ladder.pair_cost(a, b) for b in ladder.values)
            ]
            for a in ladder.values
        ]

    def _scale(self) -> None:
        """Choose level units so that each level strictly dominates the ones below."""
        ladder, n = self.ladder, self.n
        pairs = n // 2 + 1
        top = len(ladder.values) - 1
        max_height = ladder.height_prefix[top]
        max_square = (ladder.values[0] - ladder.values[-1]) ** 2
        self.square = pairs * max_height + 1
        self.step = pairs * max_square * self.square + self.square
        self.floated = pairs * top * self.step + self.step
        self.bye = pairs * self.floated + self.floated
        self.rematch = n * self.bye + self.bye
        self.base = 2 * self.rematch
        if self.base * 4 > WEIGHT_LIMIT:
            raise ValueError("point totals too large for exact matching weights")

    def match(
        self,
        nodes: Sequence[int],
        edges: Sequence[tuple[int, int]],
        method: str,
        *,
        bye_nodes: Sequence[int] | None = None,
        fixed: Sequence[tuple[int, int]] = (),
    ) -> UnitSolution | None:
        """Match ``nodes`` over ``edges`` (plus ``fixed`` pairs made beforehand).

        Returns None unless every node is paired (one bye when the unit is odd).
        """
        n = self.n
        odd = n % 2 == 1
        local = {v: i for i, v in enumerate(nodes)}
        size = len(nodes)
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(size + (1 if odd else 0)))
        weighted = []
        groups, met, table = self.groups, self.met, self.table
        for u, v in edges:
            w = table[groups[u]][groups[v]]
            if v in met[u]:
                w -= self.rematch
            weighted.append((local[u], local[v], w))
        if odd:
            for u in nodes if bye_nodes is None else bye_nodes:
                weighted.append((local[u], size, self.base - self.bye_order[u] * self.bye))
        graph.add_edges_from(weighted)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if len(matching) * 2 != size + (1 if odd else 0):
            return None
        pairs = [(u, v) if u < v else (v, u) for u, v in fixed]
        bye: int | None = None
        for a, b in matching:
            if b == size or a == size:
                bye = nodes[min(a, b)]
                continue
            u, v = nodes[a], nodes[b]
            pairs.append((u, v) if u < v else (v, u))
        pairs.sort()
        points = self.points
        cost = unit_cost(
            self.ladder,
            ((points[u], points[v]) for u, v in pairs),
            rematches=sum(1 for u, v in pairs if v in met[u]),
            bye_choice=0 if bye is None else self.bye_order[bye],
        )
        return UnitSolution(tuple(pairs), bye, cost, method, None)
