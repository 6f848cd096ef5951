"""Cost levels (ingest.pairing.costs) and the float lower bound (ingest.pairing.float_bound)."""

from __future__ import annotations

import itertools
import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing import float_bound, float_relaxation, optimality_proof, tail_regions
from ingest.pairing.costs import FloatLadder, Floats, PairingCost, unit_cost
from ingest.pairing.float_bound import LongFloat, Tail, Window, float_lower_bound
from ingest.pairing.matching import solve_unit
from ingest.pairing.matching_weights import WEIGHT_LIMIT, UnitProblem
from ingest.pairing.optimality_proof import LowerBounds

from .support import all_pairings


class TestPairingCost:
    def test_fewest_floated_pairs_come_first(self) -> None:
        ladder = FloatLadder.of([9, 9, 6, 6, 3, 3, 0, 0])
        cascade = unit_cost(ladder, [(9, 6), (6, 3), (3, 0), (9, 0)], rematches=0, bye_choice=0)
        # The same players, but X-0 plays 0-X and the middle stays put.
        big = unit_cost(ladder, [(9, 0), (6, 6), (3, 3), (9, 0)], rematches=0, bye_choice=0)
        assert cascade.float_steps == big.float_steps == 6
        assert cascade.squared_gap == 27 + 81 < big.squared_gap == 81 + 81
        assert (cascade.floated_pairs, big.floated_pairs) == (4, 2)
        assert big < cascade

    def test_then_fewest_steps_then_smallest_gaps(self) -> None:
        ladder = FloatLadder.of([6, 5, 5, 0, 0, 0])
        near = unit_cost(ladder, [(6, 5), (5, 0), (0, 0)], rematches=0, bye_choice=0)
        far = unit_cost(ladder, [(6, 0), (5, 5), (0, 0)], rematches=0, bye_choice=0)
        assert (near.floated_pairs, far.floated_pairs) == (2, 1)
        assert far < near
        ladder = FloatLadder.of([6, 5, 0, 0])
        small = unit_cost(ladder, [(6, 5), (0, 0)], rematches=0, bye_choice=0)
        large = unit_cost(ladder, [(6, 0), (5, 0)], rematches=0, bye_choice=0)
        assert small < large and small.first_difference(large) == "floated_pairs"

    def test_lower_floats_are_preferred(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        high = unit_cost(ladder, [(9, 6)], rematches=0, bye_choice=0)
        low = unit_cost(ladder, [(3, 0)], rematches=0, bye_choice=0)
        assert high.floats[:3] == low.floats[:3]
        assert low < high

    def test_levels_are_strictly_ordered(self) -> None:
        assert PairingCost(0, 5, 0, 0, 0, 0) < PairingCost(1, 0, 0, 0, 0, 0)
        assert PairingCost(0, 0, 9, 9, 9, 9) < PairingCost(0, 1, 0, 0, 0, 0)
        assert PairingCost(0, 0, 1, 99, 99, 99) < PairingCost(0, 0, 2, 0, 0, 0)
        assert PairingCost(0, 0, 0, 1, 99, 99) < PairingCost(0, 0, 0, 2, 0, 0)
        assert PairingCost(0, 0, 0, 0, 1, 99) < PairingCost(0, 0, 0, 0, 2, 0)

    def test_first_difference(self) -> None:
        assert PairingCost(0, 1, 2, 3, 4, 5).first_difference(PairingCost(0, 1, 2, 3, 4, 5)) is None
        assert PairingCost(0, 1, 2, 3, 4, 5).first_difference(PairingCost(0, 2, 0, 0, 0, 0)) == "bye_choice"
        assert PairingCost(0, 0, 1, 3, 4, 5).first_difference(PairingCost(0, 0, 2, 2, 0, 0)) == "floated_pairs"


class TestFloatLadder:
    def test_groups_and_heights(self) -> None:
        ladder = FloatLadder.of([0, 3, 3, 9, 6])
        assert ladder.values == (9, 6, 3, 0)
        assert ladder.height_prefix == (0, 3, 5, 6)
        assert ladder.pair_cost(6, 9) == ladder.pair_cost(9, 6) == (1, 1, 9, 3)
        assert ladder.pair_cost(6, 0) == (1, 2, 36, 3)

    def test_single_group(self) -> None:
        ladder = FloatLadder.of([4, 4])
        assert ladder.pair_cost(4, 4) == (0, 0, 0, 0)


class TestLowerBound:
    def test_odd_boundaries_are_counted(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        # 1 | 1 | 2 | 2: only the boundary 9|6 has an odd count above it.
        assert float_lower_bound(ladder, [1, 1, 2, 2]) == (1, 1, 9, 3)

    def test_one_float_over_even_groups(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        # 1 | 2 | 2 | 1: 1, 3 and 5 players above: every boundary is odd, and one
        # pair 9v0 crosses them all (its squared gap is 9 ** 2, not 3 * 3 ** 2).
        assert float_lower_bound(ladder, [1, 2, 2, 1]) == (1, 3, 81, 3 + 2 + 1)

    def test_a_group_of_one_is_passed_over_or_absorbs_one(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        # 1 | 1 | 1 | 1: the 6 cannot take both the 9 and the 3: 9v6 and 3v0.
        assert float_lower_bound(ladder, [1, 1, 1, 1]) == (2, 2, 18, 4)

    def test_empty_group_merges_boundaries(self) -> None:
        ladder = FloatLadder.of([6, 3, 0])
        # The 3-point player got the bye: 6 must play 0, two steps, gap 6.
        assert float_lower_bound(ladder, [1, 0, 1]) == (1, 2, 36, 3)

    def test_window_forces_exits(self) -> None:
        ladder = FloatLadder.of([6, 3, 0])
        plain = float_lower_bound(ladder, [2, 2, 2])
        forced = float_lower_bound(ladder, [2, 2, 2], [Window(0, 0, 2)])
        assert plain == (0, 0, 0, 0)
        assert forced == (2, 2, 18, 4)

    def test_group_too_small_to_absorb_is_passed_over(self) -> None:
        ladder = FloatLadder.of([2, 1, 0])
        # Both top players must leave, the middle player absorbs one of them: 2v1, 2v0.
        bound = float_lower_bound(ladder, [2, 1, 1], [Window(0, 0, 2)])
        assert bound == (2, 1 + 2, 1 + 4, 2 + 3)

    def test_long_float_is_priced_whole(self) -> None:
        # 12 | 10 | 9 | 8 x 77: the leader met 10 and 9, so its float reaches the 8s; then
        # 10v9. Without knowing whose float is long, 12v9 and 10v8 would look as good.
        ladder = FloatLadder.of([12, 10, 9, 8])
        counts = [1, 1, 1, 77]
        passing = {1: 1, 2: 1}
        assert float_lower_bound(ladder, counts, (), passing) == (2, 4, 9 + 4, 3 + 2 + 2 + 1)
        long = [LongFloat(0, 3)]
        assert float_lower_bound(ladder, counts, (), passing, long) == (2, 4, 16 + 1, 3 + 2 + 1 + 2)

    def test_long_float_from_below(self) -> None:
        # The mirror image: the last player met 5 and 6 and must reach the 8s.
        ladder = FloatLadder.of([8, 6, 5, 4])
        counts = [77, 1, 1, 1]
        assert float_lower_bound(ladder, counts, (), {1: 1, 2: 1}, [LongFloat(3, 0)]) == (2, 4, 16 + 1, 8)

    def test_a_float_over_many_groups_is_priced_whole(self) -> None:
        # 33 | 30 x 2 | ... | 3 x 2 | 0: the fewest floats is one, 33 v 0, over eleven
        # boundaries (squared gap 33 ** 2). A blocked pair of groups lifts the cap of two
        # floats a boundary, so the bound follows a float only ``ages`` boundaries back and
        # prices an older one as if it had started there: below the pairing's cost.
        ladder = FloatLadder.of([33 - 3 * g for g in range(12)])
        counts = [1] + [2] * 10 + [1]
        pairing = (1, 11, 33**2, sum(range(1, 12)))
        assert float_lower_bound(ladder, counts, (), None, (), [(1, 2)], ages=8) == (1, 11, 1035, 66)
        assert float_lower_bound(ladder, counts, (), None, (), [(1, 2)], ages=12) == pairing
        assert float_lower_bound(ladder, counts) == pairing  # without the blocked pair, exact anyway
        with pytest.raises(ValueError, match="ages"):
            float_lower_bound(ladder, counts, ages=0)

    def test_tail_regions(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        # The top group's two exits, down to the 6, are paid elsewhere (9v6 twice:
        # two floated pairs, 2 steps, 18, height 6); the one the 6 cannot take
        # goes on to the 3 as the same pair: 1 more step, 6 ** 2 - 3 ** 2, height 2.
        exits = Tail(0, {(0, 0): (2, 2, 18, 6), (0,): (1, 1, 9, 3)})  # an odd count never fits
        assert float_lower_bound(ladder, [2, 1, 1, 2], top=exits) == (2, 3, 45, 8)
        with pytest.raises(ValueError, match="overlap"):
            float_lower_bound(ladder, [2, 1, 1, 2], top=exits, bottom=Tail(1, {(): (0, 0, 0, 0)}))

    def test_a_bound_that_would_keep_too_many_relaxed_pairings_gives_up(self) -> None:
        # With a candidate's levels as the limit, the bound gives up (the candidate is not
        # proved) rather than keep more relaxed pairings at a boundary than STATE_LIMIT.
        ladder = FloatLadder.of([9, 6, 3, 0])
        assert float_lower_bound(ladder, [1, 1, 1, 1], limit=(2, 2, 18, 4)) == (2, 2, 18, 4)
        with mock.patch.object(float_relaxation, "STATE_LIMIT", 0):
            assert float_lower_bound(ladder, [1, 1, 1, 1], limit=(2, 2, 18, 4)) is None
            assert float_lower_bound(ladder, [1, 1, 1, 1]) == (2, 2, 18, 4)  # no candidate: computed

    def test_a_float_leaving_the_top_region_is_followed_from_its_own_group(self) -> None:
        # 12 | 9 9 (the top region) | 6 6 | 3 3 | 0: one float leaves the region and must
        # reach the 0. Leaving from the 12 (the 9s paired together), the region pays
        # 12 v 6 (36) and the float goes on as the same pair: 12 v 0, 144 in all.
        ladder = FloatLadder.of([12, 9, 6, 3, 0])
        counts = [1, 2, 2, 2, 1]
        from_top = Tail(1, {(0,): (1, 2, 36, 7)})
        assert float_lower_bound(ladder, counts, top=from_top) == (1, 4, 144, 10)
        # Named by the region's edge (the 9s), the same float is priced as if it started
        # there: lower, never higher.
        from_edge = Tail(1, {(1,): (1, 2, 36, 7)})
        assert float_lower_bound(ladder, counts, top=from_edge) == (1, 4, 36 + 9**2 - 3**2, 10)

    def test_a_float_entering_the_bottom_region_pays_its_whole_gap(self) -> None:
        # 12 | 9 9 | 6 6 | 3 3 0 (the bottom region): the 12's float enters the region and
        # ends at the 0. The region prices 3 v 0 (9), the middle 12 v 3 (81); the float
        # costs (9 + 3) ** 2 more than those two parts: 2 * 9 * 3.
        ladder = FloatLadder.of([12, 9, 6, 3, 0])
        counts = [1, 2, 2, 2, 1]
        to_zero = Tail(3, {(4,): (0, 1, 9, 1)})
        assert float_lower_bound(ladder, counts, bottom=to_zero) == (1, 4, 144, 10)
        to_edge = Tail(3, {(3,): (0, 1, 9, 1)})
        assert float_lower_bound(ladder, counts, bottom=to_edge) == (1, 4, 81 + 9, 10)


# ---------------------------------------------------------------------------
# The bound against every pairing of small units


def reference_floats(points: list[int], pairs: list[tuple[int, int]]) -> Floats:
    """Float levels of ``pairs`` (of indices into ``points``), from first principles."""
    values = sorted(set(points), reverse=True)
    top = len(values) - 1
    floated = steps = squares = height = 0
    for a, b in pairs:
        ga, gb = sorted((values.index(points[a]), values.index(points[b])))
        floated += ga != gb
        steps += gb - ga
        squares += (points[a] - points[b]) ** 2
        height += sum(top - boundary for boundary in range(ga, gb))
    return (floated, steps, squares, height)


@st.composite
def small_units(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]]]:
    n = draw(st.integers(2, 10))
    points = draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 7, 9]), min_size=n, max_size=n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs) // 2)) if pairs else set()
    return points, {frozenset(p) for p in met}


@st.composite
def draw_heavy_units(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]]]:
    """A late round of a draw-heavy event: totals of 3 per win and 1 per draw over up to five
    rounds, so many small point groups (one or two players each, some empty between), and
    up to two thirds of the pairs already met (benchmarks/pairing.py's rounds 25 and 27:
    45 point groups among 2,000 players)."""
    n = draw(st.integers(3, 10))
    totals = sorted({3 * wins + draws for wins in range(6) for draws in range(6 - wins)})
    points = draw(st.lists(st.sampled_from(totals), min_size=n, max_size=n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=2 * len(pairs) // 3))
    return points, {frozenset(p) for p in met}


UNITS = st.one_of(small_units(), draw_heavy_units())
"""Small units of either shape: few groups of several players, or many groups of one or two."""


def _optimum(points: list[int], met: set[frozenset[int]], bye: int | None) -> Floats | None:
    """The best float levels over every rematch-free pairing of everyone but ``bye``."""
    ids = [str(i) for i in range(len(points)) if i != bye]
    found = [
        reference_floats(points, [(int(a), int(b)) for a, b in pairs])
        for pairs, _ in all_pairings(ids)
        if all(frozenset((int(a), int(b))) not in met for a, b in pairs)
    ]
    return min(found, default=None)


@settings(max_examples=200, deadline=None)
@given(UNITS)
def test_bound_never_exceeds_a_rematch_free_optimum(unit: tuple[list[int], set[frozenset[int]]]) -> None:
    points, met = unit
    n = len(points)
    ladder = FloatLadder.of(points)
    bye = n - 1 if n % 2 else None  # any fixed bye receiver
    counts = [0] * len(ladder.values)
    for i, p in enumerate(points):
        if i != bye:
            counts[ladder.index[p]] += 1
    # Windows from the true rematch structure, as the engine derives them.
    windows = []
    rest = [i for i in range(n) if i != bye]
    for first in range(len(ladder.values)):
        for last in range(first, len(ladder.values)):
            inside = [i for i in rest if first <= ladder.index[points[i]] <= last]
            best = max(
                (sum(1 for a, b in pairs if frozenset((a, b)) not in met) for pairs in _partial_matchings(inside)),
                default=0,
            )
            windows.append(Window(first, last, len(inside) - 2 * best))
    # Players who can meet nobody nearer than some group, on one side only.
    passing: dict[int, int] = {}
    long_floats = []
    for i in rest:
        g = ladder.index[points[i]]
        partners = sorted({ladder.index[points[j]] for j in rest if j != i and frozenset((i, j)) not in met})
        if not partners or g in partners or (min(partners) < g < max(partners)):
            continue
        reach = min(partners, key=lambda h: abs(h - g))
        between = [h for h in range(min(g, reach) + 1, max(g, reach)) if counts[h]]
        long_floats.append(LongFloat(g, reach))
        for h in between:  # one direction: each player's pair passes over these groups
            passing[h] = max(passing.get(h, 0), 1)
    # Groups whose players have all met each other.
    members = [[i for i in rest if ladder.index[points[i]] == g] for g in range(len(ladder.values))]
    blocked = [
        (g, h)
        for g in range(len(members))
        for h in range(g + 1, len(members))
        if members[g] and members[h] and all(frozenset((a, b)) in met for a in members[g] for b in members[h])
    ]
    best_floats = _optimum(points, met, bye)
    if best_floats is None:
        return
    bounds = [
        float_lower_bound(ladder, counts, windows),
        # With the optimum as the limit, a bound is still found (it is at most that).
        float_lower_bound(ladder, counts, (), None, (), blocked, limit=best_floats),
        float_lower_bound(ladder, counts, windows, passing, long_floats, blocked, limit=best_floats),
    ]
    for bound in bounds:
        assert bound is not None and bound <= best_floats
    if not met:  # then parity alone is exact: what lets large rounds be proved optimal
        assert float_lower_bound(ladder, counts) == best_floats


@settings(max_examples=300, deadline=None)
@given(UNITS, st.integers(1, 6), st.sampled_from([0, 1, 3, 256]))
def test_every_proof_bound_is_a_lower_bound(
    unit: tuple[list[int], set[frozenset[int]]], tail_limit: int, crossings: int
) -> None:
    """The parity, rematches, tails, whole-tails and entries bounds of the engine never exceed the optimum.

    Small tail regions (``TAIL_LIMIT``) put the top and bottom regions and the middle
    between them all to work on a few players; a small ``CROSSINGS_LIMIT`` prices some
    regions by the groups their floats leave or enter and others by the count alone.
    """
    points, met = unit
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    bye = 0 if n % 2 else None  # first in the bye order
    best_floats = _optimum(points, met, bye)
    if best_floats is None:
        return
    with (
        mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit),
        mock.patch.object(tail_regions, "CROSSINGS_LIMIT", crossings),
    ):
        bounds = LowerBounds(problem, members, bye)
        assert bounds.simple <= best_floats
        # Each bound, computed up to the optimum, is found and at most the optimum.
        for compute in (bounds._rematch_bound, bounds._tail_bound, bounds._whole_tail_bound, bounds._entry_bound):
            found = compute(best_floats)
            assert found is not None and found <= best_floats


@settings(max_examples=300, deadline=None)
@given(UNITS, st.integers(1, 4))
def test_bound_following_floats_any_number_of_boundaries_is_a_lower_bound(
    unit: tuple[list[int], set[frozenset[int]]], ages: int
) -> None:
    """However few boundaries a float's start is followed back over (``ages``), and with
    every float followed whole, the engine's bounds never exceed the optimum found over
    every pairing (the complete graph's answer)."""
    points, met = unit
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    bye = 0 if n % 2 else None
    best_floats = _optimum(points, met, bye)
    if best_floats is None:
        return
    with mock.patch.object(float_bound, "AGE_LIMIT", ages):
        bounds = LowerBounds(problem, members, bye)
        capped = bounds._rematch_bound(best_floats)
        whole = bounds._whole_gap_bound(best_floats)
        assert capped is not None and whole is not None
        assert capped <= whole <= best_floats
        proved = bounds.proof_for(best_floats)
        assert proved is None or proved[0] == best_floats


def test_whole_gaps_prove_a_pairing_the_other_bounds_cannot() -> None:
    """The shape of a late round of a big event (round 21 of 2,000 players in
    benchmarks/big_event.py): the three players at the top have all met each other, and so
    have the three at the bottom, so the fewest floats take players across a dozen groups.
    Only the bound that follows those floats whole proves the complete graph's optimum."""
    sizes = [1, 1, 1] + [2] * 10 + [1, 1, 1]
    points = [3 * (len(sizes) - 1 - g) for g, size in enumerate(sizes) for _ in range(size)]
    n = len(points)
    met = {frozenset(p) for ends in ((0, 1, 2), (n - 3, n - 2, n - 1)) for p in itertools.combinations(ends, 2)}
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    optimum = solve_unit(points, list(range(n)), neighbours)  # 26 players: the complete graph
    assert optimum.method == "full"
    floats = optimum.cost.floats
    assert floats == reference_floats(points, list(optimum.pairs))
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    with mock.patch.object(optimality_proof, "TAIL_LIMIT", 0):
        bounds = LowerBounds(problem, members, None)
        capped = bounds._rematch_bound(floats)
        assert capped is not None and capped[2] < floats[2]  # a float followed 8 boundaries back
        assert bounds.proof_for(floats) == (floats, "whole-gaps")


def test_whole_tails_prove_a_late_round_the_other_bounds_cannot() -> None:
    """The shape of a late round of a big event (round 22 of 2,000 players in
    benchmarks/big_event.py, 1/0 points here): the four leaders (8, 7, 6, 5 points) have
    all met each other and some players below them, so the fewest floats take the 7 down
    to the 1 and the 5 to the 0. With the top and bottom groups as tail regions, only the
    bound that follows each float from the group it leaves proves the complete graph's
    optimum; priced from the region's edge, the same floats cost less (found by a search
    of seeded late-round units, where the bound before whole-tails fell back)."""
    points = [8, 7, 6, 5, 4, 4, 3, 3, 2, 2, 1, 0]
    meetings = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]  # the leaders
    meetings += [(0, 5), (1, 5), (1, 8), (2, 11), (3, 5), (3, 6), (5, 11), (7, 11), (10, 11)]
    n = len(points)
    neighbours = [frozenset(b if a == v else a for a, b in meetings if v in (a, b)) for v in range(n)]
    optimum = solve_unit(points, list(range(n)), neighbours)
    assert optimum.method == "full"
    assert sorted((points[u], points[v]) for u, v in optimum.pairs) == [(2, 2), (3, 3), (5, 0), (6, 4), (7, 1), (8, 4)]
    floats = optimum.cost.floats
    assert floats == reference_floats(points, list(optimum.pairs)) == (4, 17, 81, 79)
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    with mock.patch.object(optimality_proof, "TAIL_LIMIT", 7):  # the top 6 and the bottom 4 players
        bounds = LowerBounds(problem, members, None)
        for below in (bounds._rematch_bound, bounds._tail_bound, bounds._whole_gap_bound):
            found = below(floats)
            assert found is not None and found[:2] == floats[:2] and found[2] < floats[2]
        assert bounds.proof_for(floats) == (floats, "whole-tails")
        with mock.patch.object(tail_regions, "CROSSINGS_LIMIT", 0):  # every float named by the edge
            edge = LowerBounds(problem, members, None)._whole_tail_bound(floats)
            assert edge is not None and edge[2] < floats[2]


def _partial_matchings(nodes: list[int]) -> list[list[tuple[int, int]]]:
    """Every matching (not necessarily perfect) of ``nodes``; small inputs only."""
    if len(nodes) < 2:
        return [[]]
    first, rest = nodes[0], nodes[1:]
    result = _partial_matchings(rest)
    for i, other in enumerate(rest):
        for tail in _partial_matchings(rest[:i] + rest[i + 1 :]):
            result.append([(first, other), *tail])
    return result


def test_weight_levels_fit_and_dominate() -> None:
    """Each level's unit exceeds the largest total of the levels below it, for 16,384 players."""
    n = 16384
    points = [i % 41 for i in range(n)]  # 41 point groups, gaps up to 40
    problem = UnitProblem(points, list(range(n)), [frozenset()] * n)
    ladder = problem.ladder
    pairs = n // 2 + 1
    top = len(ladder.values) - 1
    max_height = ladder.height_prefix[top]
    max_square = (ladder.values[0] - ladder.values[-1]) ** 2
    assert problem.square > pairs * max_height
    assert problem.step > pairs * (max_square * problem.square + max_height)
    assert problem.floated > pairs * (top * problem.step + max_square * problem.square + max_height)
    assert problem.bye > pairs * (problem.floated + top * problem.step + max_square * problem.square + max_height)
    assert problem.rematch > (n - 1) * problem.bye + (problem.bye - 1)
    # Every edge, a rematch included, weighs more than nothing.
    assert problem.base > problem.rematch + problem.bye * n
    assert problem.base * 4 <= WEIGHT_LIMIT < 2**127


@settings(max_examples=150, deadline=None)
@given(UNITS, st.integers(1, 6))
def test_ending_the_oldest_floats_first_keeps_every_bound(
    unit: tuple[list[int], set[frozenset[int]]], tail_limit: int
) -> None:
    """Where no float must be long enough to end somewhere, or may not end somewhere, the
    relaxation ends only the oldest of the floats that may end in a group: every bound is
    the one found by trying every choice of them."""
    points, met = unit
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    bye = 0 if n % 2 else None
    best_floats = _optimum(points, met, bye)
    if best_floats is None:
        return
    original = float_relaxation.moves

    def every_choice(
        open_: Any, crossing: int, room: int, known: int, j: int, tags: int, ends_ok: Any, _: bool, kinds: Any
    ) -> Any:
        return original(open_, crossing, room, known, j, tags, ends_ok, oldest_end=False, kinds=kinds)

    def bounds() -> list[Floats | None]:
        found = LowerBounds(problem, members, bye)
        computed = (found._rematch_bound, found._tail_bound, found._entry_bound, found._whole_gap_bound)
        return [compute(best_floats) for compute in computed]

    with mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit):
        quick = bounds()
        with mock.patch.object(float_relaxation, "moves", every_choice):
            assert bounds() == quick


@st.composite
def late_draw_heavy_units(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]]]:
    """A bigger late draw-heavy round (12 to 40 players, up to 21 point groups, each player
    having met up to a third of the others): too big for every pairing, small for the
    complete graph, and with floats of many ages open at once in the relaxation."""
    n = draw(st.integers(12, 40))
    totals = sorted({3 * wins + draws for wins in range(7) for draws in range(7 - wins)})
    points = draw(st.lists(st.sampled_from(totals), min_size=n, max_size=n))
    rng = random.Random(draw(st.integers(0, 2**32)))
    share = draw(st.sampled_from([0.1, 0.2, 0.33]))
    met = {frozenset((i, j)) for i in range(n) for j in range(i + 1, n) if rng.random() < share}
    return points, met


@settings(max_examples=100, deadline=None)
@given(late_draw_heavy_units(), st.integers(1, 12), st.sampled_from([0, 3, 256]))
def test_dropping_dominated_relaxed_pairings_keeps_every_bound(
    unit: tuple[list[int], set[frozenset[int]]], tail_limit: int, crossings: int
) -> None:
    """A relaxed pairing another one dominates (no older floats, no higher levels) is dropped
    below the last particular group: every bound, with the complete graph's optimum as the
    limit, is the one found keeping every relaxed pairing, and at most the optimum."""
    points, met = unit
    n = len(points)
    neighbours = [frozenset(j for j in range(n) if frozenset((i, j)) in met) for i in range(n)]
    optimum = solve_unit(points, list(range(n)), neighbours)  # at most 64 players: the complete graph
    if optimum.cost.rematches:
        return  # the bounds speak of rematch-free pairings
    problem = UnitProblem(points, list(range(n)), neighbours)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    floats = optimum.cost.floats

    def bounds() -> list[Floats | None]:
        found = LowerBounds(problem, members, optimum.bye)
        computed = (
            found._rematch_bound,
            found._tail_bound,
            found._whole_tail_bound,
            found._entry_bound,
            found._whole_gap_bound,
        )
        return [compute(floats) for compute in computed]

    with (
        mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit),
        mock.patch.object(tail_regions, "CROSSINGS_LIMIT", crossings),
    ):
        pruned = bounds()
        assert all(bound is None or bound <= floats for bound in pruned)
        with mock.patch.object(float_relaxation, "_undominated", lambda states, kinds: dict(states)):
            assert bounds() == pruned
