"""Floats entering the bottom tail region matched with the groups they may enter
(ingest.pairing.float_ends), the ``entries`` bound built on it, and the engine on late rounds."""

from __future__ import annotations

import itertools
import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.pairing import matching, optimality_proof
from ingest.pairing.costs import Floats
from ingest.pairing.float_constraints import Tail
from ingest.pairing.float_ends import EntryPricing
from ingest.pairing.matching import solve_unit
from ingest.pairing.matching_weights import UnitProblem
from ingest.pairing.optimality_proof import LowerBounds
from ingest.pairing.swiss import _contexts, pair_swiss

from .late_rounds import late_round

# The ladder of round 28 of the 2,048-player benchmark event: the bottom region starts at 21
# points (group 19); the one player on 12 (group 21) has met all three on 66 (group 4), the
# one on 9 (group 22) has not.
VALUES = (81, 78, 75, 72, 66, 63, 60, 57, 54, 51, 48, 45, 42, 39, 36, 33, 30, 27, 24, 21, 18, 12, 9, 6, 3, 0)
BOTTOM = Tail(19, {(21, 22): (0, 0, 0, 0)})


def test_the_longest_float_takes_the_shallowest_place_it_may_enter() -> None:
    """A float from 66 and one from 39 (gaps 45 and 18 at 21 points) enter at 12 and 9 (depths 9
    and 12): the rearrangement gives the 66 the 12, which it has met, and the squared gap
    2 * 81 less than any pairing's (the 162 by which whole-tails fell short); the bound gives
    it the 9."""
    entries = EntryPricing(VALUES, BOTTOM, None, {(4, 21)})
    floats = ((45, entries.kind(4)), (18, entries.kind(13)))
    assert entries.least(floats, (21, 22)) == 45 * 12 + 18 * 9
    free = EntryPricing(VALUES, BOTTOM, None, set())
    assert free.least(((45, free.kind(4)), (18, free.kind(13))), (21, 22)) == 45 * 9 + 18 * 12 == 702 - 81
    # Two floats from 66 cannot both enter there: no way.
    assert entries.least(((45, entries.kind(4)), (45, entries.kind(4))), (21, 22)) is None
    # A float not followed back to its group (None) may enter anywhere.
    assert entries.least(((45, entries.kind(None)), (18, entries.kind(13))), (21, 22)) == 621


def test_a_group_named_for_several_stands_for_all_of_them() -> None:
    """The bottom region's edge group, named for the groups nearest it, may be entered by a
    float that may enter any of them; the top region's edge group, named for the groups it
    stands for, starts a float only some of which may be barred."""
    merged = Tail(19, {(19, 21): (0, 0, 0, 0)}, {19: frozenset({19, 20})})
    barred = EntryPricing(VALUES, merged, None, {(4, 19), (4, 20)})
    assert barred.least(((45, barred.kind(4)), (18, barred.kind(13))), (19, 21)) == 45 * 9 + 18 * 0
    half = EntryPricing(VALUES, merged, None, {(4, 19)})  # the 66s may still enter at 18
    assert half.least(((45, half.kind(4)), (18, half.kind(13))), (19, 21)) == 45 * 0 + 18 * 9
    top = Tail(6, {(): (0, 0, 0, 0)}, {6: frozenset({4, 6})})
    from_edge = EntryPricing(VALUES, BOTTOM, top, {(4, 21)})
    assert from_edge.kinds[from_edge.kind(6)] == frozenset()  # the float may be from 60, which met no one
    barred_both = EntryPricing(VALUES, BOTTOM, top, {(4, 21), (6, 21)})
    assert barred_both.kinds[barred_both.kind(6)] == frozenset({21})


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 4)), min_size=1, max_size=5),
    st.lists(st.integers(19, 25), min_size=5, max_size=5),
    st.sets(st.tuples(st.integers(0, 4), st.integers(19, 25))),
)
def test_entries_cost_the_least_matching_of_floats_with_places_they_may_enter(
    floats: list[tuple[int, int]], places: list[int], apart: set[tuple[int, int]]
) -> None:
    """Against every way to give each float (gap, start group) a place (a group of the
    bottom region) where its group has not met every player."""
    key = tuple(sorted(places[: len(floats)]))
    bottom = Tail(19, {key: (0, 0, 0, 0)}, {19: frozenset({19})})
    entries = EntryPricing(VALUES, bottom, None, apart)
    depth = {g: 21 - VALUES[g] for g in key}
    ways = [
        sum(gap * depth[g] for (gap, _), g in zip(floats, order, strict=True))
        for order in itertools.permutations(key)
        if all((start, g) not in apart for (_, start), g in zip(floats, order, strict=True))
    ]
    given_kinds = tuple((gap, entries.kind(start)) for gap, start in floats)
    assert entries.least(given_kinds, key) == min(ways, default=None)


def _bounds(entrants_seed: int, players: int, rounds: int, draw_rate: float) -> tuple[LowerBounds, Floats]:
    entrants = late_round(entrants_seed, players, rounds, draw_rate=draw_rate)
    (ctx,) = _contexts(entrants, seed=entrants_seed, round_number=rounds + 1, awarded=frozenset())
    points = [p.points for p in ctx.order]
    optimum = solve_unit(points, ctx.bye_order, ctx.met, bye_nodes=ctx.bye_candidates)  # the complete graph
    assert (optimum.method, optimum.cost.rematches, optimum.cost.bye_choice) == ("full", 0, 0)
    problem = UnitProblem(points, ctx.bye_order, ctx.met)
    members: list[list[int]] = [[] for _ in problem.ladder.values]
    for node, g in enumerate(problem.groups):
        members[g].append(node)
    return LowerBounds(problem, members, optimum.bye), optimum.cost.floats


@pytest.mark.parametrize(("seed", "players", "rounds", "draw_rate"), [(198, 23, 15, 0.1), (80, 37, 12, 0.1)])
def test_entries_prove_a_late_round_the_other_bounds_cannot(
    seed: int, players: int, rounds: int, draw_rate: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Late rounds where the leaders float to the last players and have met some of them: the
    whole-tails and whole-gaps bounds fall short of the complete graph's optimum, the
    entries bound proves it (the shape of rounds 28 and 29 of the 2,048-player event, which
    went to the complete graph: 31 and 21 s of CPU)."""
    monkeypatch.setattr(optimality_proof, "TAIL_LIMIT", 12)
    bounds, optimum = _bounds(seed, players, rounds, draw_rate)
    for short in (bounds._whole_tail_bound, bounds._whole_gap_bound):
        found = short(optimum)
        assert found is not None and found < optimum
    assert bounds._entry_bound(optimum) == optimum
    assert bounds.proof_for(optimum) == (optimum, "entries")


@st.composite
def late_round_states(draw: st.DrawFn) -> tuple[int, int, int, float]:
    """A late round of 65 to 90 players (so paired on the sparse graphs when they pair units
    of more than 64): seed, players, rounds played, share of draws."""
    return (
        draw(st.integers(0, 10**6)),
        draw(st.integers(65, 90)),
        draw(st.integers(8, 16)),
        draw(st.sampled_from([0.0, 0.1, 0.2])),
    )


@settings(max_examples=40, deadline=None)
@given(late_round_states(), st.sampled_from([8, 12, 32]))
def test_a_late_round_costs_what_the_complete_graph_pays(state: tuple[int, int, int, float], tail_limit: int) -> None:
    """Late rounds with many floats, draws, byes and players gone (the field is who is left):
    whatever graph pairs the round and whichever bound proves it, its cost is the complete
    graph's."""
    seed, players, rounds, draw_rate = state
    entrants = late_round(seed, players, rounds, draw_rate=draw_rate, bye_rate=random.Random(seed).random() / 4)
    with mock.patch.object(matching, "SOLVED_KEPT", 0), mock.patch.object(optimality_proof, "TAIL_LIMIT", tail_limit):
        with mock.patch.object(matching, "FULL_GRAPH_LIMIT", 64):
            paired = pair_swiss(entrants, seed=seed, round_number=rounds + 1)
        with mock.patch.object(matching, "FULL_GRAPH_LIMIT", 10**9):
            exact = pair_swiss(entrants, seed=seed, round_number=rounds + 1)
    assert exact.pods[0].method.startswith("full")
    assert paired.pods[0].cost == exact.pods[0].cost
