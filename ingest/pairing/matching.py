"""Optimal pairing of one unit (a pod, or the whole field) by maximum-weight matching.

This is the machinery behind Swiss rounds (MTR 10.4, Bushiroad 3.2.1) and the
later rounds of double elimination (Bushiroad 3.2.2.1). The caller passes the
players already in a seeded random order: node order is the only source of
randomness, so that equal-weight edges (pairs inside one point group) are
resolved by the seed and the edge weights take very few distinct values, which
keeps the blossom algorithm fast.

Strategy:

* Small units (``FULL_GRAPH_LIMIT`` players or fewer) use the complete graph: up to 256
  players its matching takes a few hundredths of a second, less than proving a sparse
  graph's pairing can (a late round of a 200-player event with many draws: 0.01 s, where
  the bounds took up to a second, and could still fall back to it).
* Larger units start from a sparse graph: every player is joined to a seeded
  random subset of its point group (a circulant over the shuffled order) and
  to a few players of the nearby groups (tiny groups reach further, until
  enough players lie in the way); the bye node is joined to the first few
  players in the bye order. The surplus of a big group beyond a core of
  players (8 in the first graph, then 64, 256 and everyone) is paired among
  itself beforehand, in seeded order.
* A sparse result is accepted only if it *proves* itself optimal: everyone is
  paired without a rematch, the bye went to the first player in the bye order,
  and the float levels equal a lower bound. Six bounds are tried, cheapest
  first (``proof`` in the result): the parity of the point groups
  (``parity``); that plus the rematch structure of small runs of groups,
  crossings that small groups cannot absorb and players forced to float far
  (``rematches``); that with the top and bottom groups of the standings
  paired exactly by a small matching (``tails``); ``tails`` with
  each float that leaves the top groups (or enters the bottom ones) followed
  from its own group and priced whole (``whole-tails``); that with each float
  entering the bottom groups only where its group's players have not met all
  of the group's (``entries``); and ``rematches`` with every float's squared
  gap priced whole (``whole-gaps``). See
  :func:`~ingest.pairing.float_bound.float_lower_bound`.
* Otherwise a denser graph is tried, and finally the complete graph (exact).
  The complete graph is the slow path: about a minute for 2,048 players on the
  reference machine, a second for 512; the simulations in the tests and the
  benchmark show it is almost never needed for more than 64 players.
* If even the complete graph has no rematch-free pairing of everyone, rematch
  edges are added with a penalty above every other level, so that the fewest
  rematches are used, and the result says so.

The pieces: the edge weights and the matching of one graph
(:mod:`ingest.pairing.matching_weights`), the sparse graphs
(:mod:`ingest.pairing.sparse_graphs`) and the bounds that prove a sparse result
optimal (:mod:`ingest.pairing.optimality_proof`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from .costs import PairingCost
from .matching_weights import UnitProblem, UnitSolution
from .sparse_graphs import DENSITIES, SparseAttempts

__all__ = ["solve_unit"]

FULL_GRAPH_LIMIT = 256
"""Units of at most this many players use the complete graph outright."""


def solve_unit(
    points: Sequence[int],
    bye_order: Sequence[int],
    met: Sequence[frozenset[int]],
    *,
    bye_nodes: Sequence[int] | None = None,
) -> UnitSolution:
    """Pair one unit optimally.

    Args:
        points: points of each node, in the seeded random node order.
        bye_order: each node's position in the bye order (0 = first to get a
            bye); a permutation of ``range(len(points))``.
        met: for each node, the nodes it has already played (symmetric).
        bye_nodes: the nodes that may take the bye (default: every node). The
            Swiss engine passes the players with the fewest byes, so that nobody
            gets a second bye while a player without one is paired, whatever the
            rematches it costs (:func:`ingest.pairing.swiss.pair_swiss`); they
            must include the first node of the bye order.

    Returns:
        The pairing with the lowest :class:`PairingCost` among those giving the
        bye to one of ``bye_nodes``, with at most one bye (exactly one when the
        count is odd).

    >>> met = [frozenset({1}), frozenset({0}), frozenset(), frozenset()]
    >>> solution = solve_unit([3, 3, 0, 0], [3, 2, 1, 0], met)
    >>> solution.cost.floated_pairs, solution.cost.float_steps, solution.cost.rematches
    (2, 2, 0)
    """
    n = len(points)
    if len(bye_order) != n or len(met) != n:
        raise ValueError("points, bye_order and met must have the same length")
    if sorted(bye_order) != list(range(n)):
        raise ValueError("bye_order must be a permutation of the node indices")
    if bye_nodes is not None and n and bye_order.index(0) not in bye_nodes:
        raise ValueError("bye_nodes must include the first node of the bye order")
    if n == 0:
        return UnitSolution((), None, PairingCost(0, 0, 0, 0, 0, 0), "full", None)
    if n == 1:
        return UnitSolution((), 0, PairingCost(0, 0, 0, 0, 0, 0), "full", None)
    key = (
        FULL_GRAPH_LIMIT,
        tuple(points),
        tuple(bye_order),
        tuple(met),
        None if bye_nodes is None else tuple(bye_nodes),
    )
    with _SOLVED_LOCK:
        known = _SOLVED.get(key)
    if known is not None:
        return known
    solved = _solve(points, bye_order, met, bye_nodes)
    with _SOLVED_LOCK:
        _SOLVED[key] = solved
        while len(_SOLVED) > SOLVED_KEPT:
            del _SOLVED[next(iter(_SOLVED))]
    return solved


SOLVED_KEPT = 4
"""Units whose solutions a process keeps (the latest)."""

_SOLVED: dict[tuple[object, ...], UnitSolution] = {}
"""The latest units solved, by their inputs: ``pair`` checks the round it has just paired
(:func:`ingest.pairing.check_swiss_round`), whose optimum is the same unit's, solved again
otherwise. A solution is a function of the inputs alone (the seeded order is in them) and
of the size from which the sparse graphs are tried, which the key holds too."""

_SOLVED_LOCK = threading.Lock()
"""Held while :data:`_SOLVED` is read or written (the venue's server pairs in threads)."""


def _solve(
    points: Sequence[int], bye_order: Sequence[int], met: Sequence[frozenset[int]], bye_nodes: Sequence[int] | None
) -> UnitSolution:
    """:func:`solve_unit` of a unit of two players or more."""
    n = len(points)
    problem = UnitProblem(points, bye_order, met)
    if n > FULL_GRAPH_LIMIT:
        sparse = SparseAttempts(problem)
        unproved: list[PairingCost] = []
        for density in DENSITIES:
            found = sparse.attempt(density, unproved)
            if found is not None:
                return found
            if len(unproved) >= 2 and unproved[-1] == unproved[-2]:
                break  # two graphs agree on a pairing the bounds cannot prove: the complete graph decides
    everyone = range(n)
    result = problem.match(everyone, _complete_edges(n, met, rematches=False), "full", bye_nodes=bye_nodes)
    if result is None:
        result = problem.match(everyone, _complete_edges(n, met, rematches=True), "full-rematches", bye_nodes=bye_nodes)
    if result is None:  # pragma: no cover - a complete graph always has a perfect matching
        raise AssertionError("complete graph without a perfect matching")
    return result


def _complete_edges(n: int, met: Sequence[frozenset[int]], *, rematches: bool) -> list[tuple[int, int]]:
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rematches or v not in met[u]]
