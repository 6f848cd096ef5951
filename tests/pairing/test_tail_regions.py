"""The tail regions of the ``tails`` bounds (ingest.pairing.tail_regions): each way of leaving a
region priced exactly, the ways another beats left out, the farthest groups named first."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing import matching, optimality_proof, tail_regions
from ingest.pairing.costs import FloatLadder, Floats
from ingest.pairing.float_constraints import Crossings
from ingest.pairing.matching import solve_unit
from ingest.pairing.matching_weights import UnitProblem
from ingest.pairing.optimality_proof import LowerBounds
from ingest.pairing.swiss import Entrant, pair_swiss
from ingest.pairing.tail_regions import Leaving, RegionPricing

from .test_costs import UNITS, _optimum, late_draw_heavy_units

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


# ---------------------------------------------------------------------------
# Naming the farthest groups first


def _unit_bounds(points: list[int], met: set[frozenset[int]], bye: int | None) -> LowerBounds:
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    return LowerBounds(problem, members, bye)


def _finest_only(regions: Sequence[RegionPricing]) -> list[list[int]]:
    """The naming before the bound went naming by naming: every group the ways allow."""
    return [[region.named_most() for region in regions]]


@settings(max_examples=300, deadline=None)
@given(UNITS, st.integers(1, 6), st.integers(0, 5), st.integers(0, 5), st.sampled_from([0, 3, 256]))
def test_whole_tails_at_every_naming_is_a_lower_bound(
    unit: tuple[list[int], set[frozenset[int]]], tail_limit: int, top: int, bottom: int, crossings: int
) -> None:
    """However many groups of each tail region are named on their own (the others by their
    edge), the whole-tails and entries bounds never exceed the optimum over every pairing."""
    points, met = unit
    bye = 0 if len(points) % 2 else None  # first in the bye order
    best_floats = _optimum(points, met, bye)
    if best_floats is None:
        return

    def naming(regions: Sequence[RegionPricing]) -> list[list[int]]:
        return [[top, bottom][: len(regions)]]

    with (
        mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit),
        mock.patch.object(tail_regions, "CROSSINGS_LIMIT", crossings),
        mock.patch.object(optimality_proof, "naming_levels", naming),
    ):
        bounds = _unit_bounds(points, met, bye)
        found = [bounds._whole_tail_bound(best_floats), bounds._entry_bound(best_floats)]
    assert all(bound is not None and bound <= best_floats for bound in found)


@settings(max_examples=100, deadline=None)
@given(late_draw_heavy_units(), st.integers(1, 12), st.sampled_from([0, 16, 512]))
def test_naming_by_naming_proves_what_the_finest_naming_proves(
    unit: tuple[list[int], set[frozenset[int]]], tail_limit: int, first_ways: int
) -> None:
    """With the complete graph's optimum as the candidate, the bounds computed naming by
    naming prove it exactly when the finest naming alone does, and with the same bound."""
    points, met = unit
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    optimum = solve_unit(points, list(range(n)), neighbours)  # at most 64 players: the complete graph
    if optimum.cost.rematches:
        return  # the bounds speak of rematch-free pairings
    floats = optimum.cost.floats
    with (
        mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit),
        mock.patch.object(tail_regions, "FIRST_WAYS", first_ways),
    ):
        levels = _unit_bounds(points, met, optimum.bye)
        stepwise = (levels.proof_for(floats), levels._whole_tail_bound(floats))
        with mock.patch.object(optimality_proof, "naming_levels", _finest_only):
            finest = _unit_bounds(points, met, optimum.bye)
            assert (finest.proof_for(floats), finest._whole_tail_bound(floats)) == stepwise


class _Region:
    """A stand-in for a region: its finest naming and its ways per naming."""

    def __init__(self, ways: Sequence[int]) -> None:
        self.counts = ways

    def named_most(self) -> int:
        return len(self.counts) - 1

    def ways(self, named: int) -> int:
        return self.counts[min(named, len(self.counts) - 1)]


@pytest.mark.parametrize(
    ("ways", "levels"),
    [
        ([[9, 17, 62, 120, 336, 1750]], [[4], [5]]),  # round 27's top region alone
        ([[9, 17, 62, 120, 336, 1750], [8, 23, 101, 360, 1710, 1710]], [[4, 3], [5, 5]]),  # and its bottom
        ([[2, 600, 700, 5000]], [[0], [2], [3]]),  # the count alone first
        ([[1, 1, 5000]], [[1], [2]]),  # no naming twice
        ([[4]], [[0]]),  # one group: only the count
        ([[3, 5], [1]], [[1, 0]]),
    ],
)
def test_namings_tried(ways: list[list[int]], levels: list[list[int]]) -> None:
    """Each region names the most groups whose ways are within 512, then 2,048..., up to its
    finest naming."""
    regions = [_Region(w) for w in ways]
    assert tail_regions.naming_levels(regions) == levels  # type: ignore[arg-type]


def _draw_heavy_event(seed: int, players: int, rounds: int) -> list[Entrant]:
    """The entrants of the last of ``rounds`` rounds of a seeded draw-heavy event (a fifth of
    the matches drawn, 2% of the players dropping after each round), paired by the engine."""
    rng = random.Random(seed)
    ids = [f"p{i:03d}" for i in range(players)]
    tie = {i: rng.random() for i in ids}
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {i: set() for i in ids}
    active = list(ids)
    for number in range(1, rounds + 1):
        order = sorted(active, key=lambda i: (-points[i], tie[i]))
        entrants = [Entrant(i, points[i], r, frozenset(met[i]), byes[i]) for r, i in enumerate(order, start=1)]
        if number == rounds:
            return entrants
        result = pair_swiss(entrants, seed=seed, round_number=number)
        for t in result.tables:
            met[t.player1].add(t.player2)
            met[t.player2].add(t.player1)
            x = rng.random()
            if x < 0.2:
                points[t.player1] += 1
                points[t.player2] += 1
            else:
                points[t.player1 if x < 0.6 else t.player2] += 3
        for bye in result.byes:
            points[bye.player] += 3
            byes[bye.player] += 1
        active = [i for i in active if rng.random() >= 0.02]
    raise AssertionError("no rounds")


def test_a_late_draw_heavy_round_is_proved_from_its_farthest_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 17 of a 200-player event with a fifth of its matches drawn (about 140 players and 30
    point groups): whole-tails proves the sparse graph's pairing with under a quarter of the
    matchings of its tail regions that naming every group takes (816 and 3,393), and pairs the
    round as that did (the sparse graphs pair units of more than 64 players here: the complete
    graph pairs every unit of up to 256)."""
    monkeypatch.setattr(matching, "FULL_GRAPH_LIMIT", 64)
    monkeypatch.setattr(matching, "SOLVED_KEPT", 0)  # the round solved afresh each time
    entrants = _draw_heavy_event(2, 200, 17)
    matched: list[Leaving] = []
    inner = RegionPricing._match

    def counted(self: RegionPricing, leaving: Leaving) -> Floats | None:
        matched.append(leaving)
        return inner(self, leaving)

    monkeypatch.setattr(RegionPricing, "_match", counted)
    stepwise = pair_swiss(entrants, seed=2, round_number=17)
    assert (stepwise.pods[0].method, stepwise.pods[0].proof) == ("sparse", "whole-tails")
    few = len(matched)
    matched.clear()
    monkeypatch.setattr(optimality_proof, "naming_levels", _finest_only)
    finest = pair_swiss(entrants, seed=2, round_number=17)
    assert (finest.tables, finest.byes, finest.pods) == (stepwise.tables, stepwise.byes, stepwise.pods)
    assert 4 * few < len(matched)
