"""Cost levels and the float lower bound (ingest.pairing.costs)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing.costs import FloatLadder, PairingCost, Window, float_lower_bound, unit_cost

from .support import all_pairings


class TestPairingCost:
    def test_many_small_floats_beat_one_big_one(self) -> None:
        ladder = FloatLadder.of([9, 9, 6, 6, 3, 3, 0, 0])
        cascade = unit_cost(ladder, [(9, 6), (6, 3), (3, 0), (9, 0)], rematches=0, bye_choice=0)
        # The same players, but X-0 plays 0-X and the middle stays put.
        big = unit_cost(ladder, [(9, 0), (6, 6), (3, 3), (9, 0)], rematches=0, bye_choice=0)
        assert cascade.float_steps == big.float_steps == 6
        assert cascade.squared_gap == 27 + 81 < big.squared_gap == 81 + 81
        assert cascade < big

    def test_lower_floats_are_preferred(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        high = unit_cost(ladder, [(9, 6)], rematches=0, bye_choice=0)
        low = unit_cost(ladder, [(3, 0)], rematches=0, bye_choice=0)
        assert (high.float_steps, high.squared_gap) == (low.float_steps, low.squared_gap)
        assert low < high

    def test_levels_are_strictly_ordered(self) -> None:
        assert PairingCost(0, 5, 0, 0, 0) < PairingCost(1, 0, 0, 0, 0)
        assert PairingCost(0, 0, 9, 9, 9) < PairingCost(0, 1, 0, 0, 0)
        assert PairingCost(0, 0, 1, 99, 99) < PairingCost(0, 0, 2, 0, 0)
        assert PairingCost(0, 0, 0, 1, 99) < PairingCost(0, 0, 0, 2, 0)

    def test_first_difference(self) -> None:
        assert PairingCost(0, 1, 2, 3, 4).first_difference(PairingCost(0, 1, 2, 3, 4)) is None
        assert PairingCost(0, 1, 2, 3, 4).first_difference(PairingCost(0, 2, 0, 0, 0)) == ("bye_choice")


class TestFloatLadder:
    def test_groups_and_heights(self) -> None:
        ladder = FloatLadder.of([0, 3, 3, 9, 6])
        assert ladder.values == (9, 6, 3, 0)
        assert ladder.height_prefix == (0, 3, 5, 6)
        assert ladder.pair_cost(6, 9) == ladder.pair_cost(9, 6) == (1, 9, 3)
        assert ladder.pair_cost(6, 0) == (2, 36, 3)

    def test_single_group(self) -> None:
        ladder = FloatLadder.of([4, 4])
        assert ladder.pair_cost(4, 4) == (0, 0, 0)


class TestLowerBound:
    def test_odd_boundaries_are_counted(self) -> None:
        ladder = FloatLadder.of([9, 6, 3, 0])
        # 1 | 1 | 2 | 2: only the boundary 9|6 has an odd count above it.
        assert float_lower_bound(ladder, [1, 1, 2, 2]) == (1, 9, 3)
        # 1 | 2 | 2 | 1: 1, 3 and 5 players above: every boundary is odd.
        assert float_lower_bound(ladder, [1, 2, 2, 1]) == (3, 27, 3 + 2 + 1)

    def test_empty_group_merges_boundaries(self) -> None:
        ladder = FloatLadder.of([6, 3, 0])
        # The 3-point player got the bye: 6 must play 0, two steps, gap 6.
        assert float_lower_bound(ladder, [1, 0, 1]) == (2, 36, 3)

    def test_window_forces_exits(self) -> None:
        ladder = FloatLadder.of([6, 3, 0])
        plain = float_lower_bound(ladder, [2, 2, 2])
        forced = float_lower_bound(ladder, [2, 2, 2], [Window(0, 0, 2)])
        assert plain == (0, 0, 0)
        assert forced == (2, 18, 4)

    def test_group_too_small_to_absorb_pays_the_bridge(self) -> None:
        ladder = FloatLadder.of([2, 1, 0])
        # Both top players must leave, the middle player absorbs one of them.
        bound = float_lower_bound(ladder, [2, 1, 1], [Window(0, 0, 2)])
        assert bound == (3, 1 + 1 + 1 + 2, 2 + 2 + 1)


@st.composite
def small_units(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]]]:
    n = draw(st.integers(2, 9))
    points = draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 9]), min_size=n, max_size=n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs) // 2)) if pairs else set()
    return points, {frozenset(p) for p in met}


@settings(max_examples=150, deadline=None)
@given(small_units())
def test_bound_never_exceeds_a_rematch_free_optimum(
    unit: tuple[list[int], set[frozenset[int]]],
) -> None:
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
    ids = [str(i) for i in rest]
    feasible = [
        unit_cost(
            ladder,
            [(points[int(a)], points[int(b)]) for a, b in pairs],
            rematches=0,
            bye_choice=0,
        )
        for pairs, _ in all_pairings(ids)
        if all(frozenset((int(a), int(b))) not in met for a, b in pairs)
    ]
    if feasible:
        bound = float_lower_bound(ladder, counts, windows)
        best_cost = min(feasible)
        assert bound <= (best_cost.float_steps, best_cost.squared_gap, best_cost.float_height)


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
    """Each level's unit exceeds the largest total of the levels below it."""
    from ingest.pairing.matching_weights import WEIGHT_LIMIT, UnitProblem

    n = 2048
    points = [3 * (i % 11) + (i % 3 == 0) for i in range(n)]  # 30+ point groups, draws
    problem = UnitProblem(points, list(range(n)), [frozenset()] * n)
    ladder = problem.ladder
    pairs = n // 2 + 1
    top = len(ladder.values) - 1
    max_height = ladder.height_prefix[top]
    max_square = (ladder.values[0] - ladder.values[-1]) ** 2
    assert problem.square > pairs * max_height
    assert problem.step > pairs * max_square * problem.square + pairs * max_height
    assert problem.bye > pairs * top * problem.step + (problem.step - 1)
    assert problem.rematch > (n - 1) * problem.bye + (problem.bye - 1)
    assert problem.base > pairs * problem.rematch
    assert problem.base * 4 <= WEIGHT_LIMIT < 2**127
