"""The tail regions of the ``tails`` bounds (ingest.pairing.tail_regions): each way of leaving a
region priced exactly, the ways another beats left out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing import tail_regions
from ingest.pairing.costs import FloatLadder, Floats
from ingest.pairing.float_constraints import Crossings
from ingest.pairing.tail_regions import RegionPricing

Region = tuple[list[int], list[int], set[frozenset[int]], list[frozenset[int]], bool]
"""The ladder's point totals, the players' points, who met whom, the ways out, at the top or not."""


@st.composite
def regions(draw: st.DrawFn) -> Region:
    """A tail region of up to 8 players, some of whom met, and up to 3 players leaving it,
    each one of a few point totals."""
    values = sorted(draw(st.sets(st.integers(0, 12), min_size=2, max_size=5)), reverse=True)
    at_top = draw(st.booleans())
    inside = values[:-1] if at_top else values  # at the top, the anchor is the group below
    n = draw(st.integers(1, 8))
    points = draw(st.lists(st.sampled_from(inside), min_size=n, max_size=n))
    pairs = [frozenset((i, j)) for i in range(n) for j in range(i + 1, n)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs) // 2)) if pairs else set()
    present = sorted(set(points))
    leaving = draw(st.lists(st.sets(st.sampled_from(present), min_size=1).map(frozenset), max_size=min(3, n)))
    return values, points, met, leaving, at_top


def _every_pairing(nodes: list[int], allowed: Mapping[int, set[int]]) -> list[list[tuple[int, int]]]:
    """Every perfect matching of ``nodes`` over the allowed partners; small inputs only."""
    if not nodes:
        return [[]]
    first, rest = nodes[0], nodes[1:]
    found = []
    for i, other in enumerate(rest):
        if other in allowed[first]:
            found += [[(first, other), *tail] for tail in _every_pairing(rest[:i] + rest[i + 1 :], allowed)]
    return found


@settings(max_examples=300, deadline=None)
@given(regions())
def test_a_way_costs_the_best_pairing_of_the_region(region: Region) -> None:
    """Each way out is priced at the best float levels over every rematch-free pairing of
    the region with those players leaving (each paying its float to the anchor, a floated
    pair only at the top), whatever ways the same region priced before."""
    values, points, met, leaving, at_top = region
    n = len(points)
    ladder = FloatLadder.of(values)
    anchor = values[-1] if at_top else max(points)
    pools = [(g, [i for i in range(n) if points[i] == v]) for g, v in enumerate(values)]
    pools = [(g, pool) for g, pool in pools if pool]
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    pricing = RegionPricing(pools, anchor, len(leaving), points, neighbours, ladder, at_top=at_top)

    def cost(u: int, v: int) -> Floats:
        if v >= n:  # leaving
            _, steps, squares, height = ladder.pair_cost(points[u], anchor)
            return (1 if at_top else 0, steps, squares, height)
        return ladder.pair_cost(points[u], points[v])

    def best(way: list[frozenset[int]]) -> Floats | None:
        exits = [n + e for e in range(len(way))]
        allowed: dict[int, set[int]] = {e: set() for e in exits}
        for u in range(n):
            allowed[u] = {v for v in range(n) if v != u and frozenset((u, v)) not in met}
            for e, totals in zip(exits, way, strict=True):
                if points[u] in totals:
                    allowed[u].add(e)
                    allowed[e].add(u)
        found = [_total(cost(u, v) for u, v in pairing) for pairing in _every_pairing([*range(n), *exits], allowed)]
        return min(found, default=None)

    ways = [leaving[k:] for k in range(len(leaving), -1, -1)] + [leaving[:k] for k in range(len(leaving))]
    for way in ways:  # short ways first, then long ones again
        assert pricing.cost(tuple(way)) == best(way)


def _total(costs: Iterable[Floats]) -> Floats:
    floated = steps = squares = height = 0
    for f, s, q, h in costs:
        floated, steps, squares, height = floated + f, steps + s, squares + q, height + h
    return (floated, steps, squares, height)


def _undominated_by_every_comparison(costs: Mapping[Crossings, Floats], edge: int) -> dict[Crossings, Floats]:
    """The ways no other way of as many floats beats, comparing every two of them."""
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


LEVELS = st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(
    st.booleans(),
    st.dictionaries(st.lists(st.integers(0, 4), max_size=5).map(lambda d: tuple(sorted(d))), LEVELS, max_size=40),
)
def test_ways_another_beats_are_the_ones_every_comparison_finds(
    at_top: bool, by_distance: dict[tuple[int, ...], Floats]
) -> None:
    """The ways left out, found by sorting, are the ones found by comparing every two ways."""
    edge = 10
    costs = {tuple(sorted(edge - d if at_top else edge + d for d in key)): cost for key, cost in by_distance.items()}
    kept = tail_regions._undominated(costs, edge)
    assert kept == _undominated_by_every_comparison(costs, edge)
    assert list(kept) == [key for key in costs if key in kept]  # in the order given


def test_more_players_leaving_than_the_floats_that_matter_is_refused() -> None:
    """The weights are sized for at most ``most`` players leaving: more is a caller's error."""
    ladder = FloatLadder.of([6, 3, 0])
    pricing = RegionPricing([(0, [0, 1])], 3, 1, [6, 6], [frozenset(), frozenset()], ladder, at_top=True)
    assert pricing.cost((frozenset({6}),)) is None  # one of two players leaving: the other is alone
    with pytest.raises(ValueError, match="2 players leave the region, at most 1"):
        pricing.cost((frozenset({6}), frozenset({6})))
