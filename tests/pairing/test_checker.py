"""The recorded-round checker (ingest.pairing.checker)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ingest.pairing import matching_weights
from ingest.pairing.checker import Finding, check_swiss_round, proven_optimal
from ingest.pairing.costs import unit_cost
from ingest.pairing.matching import solve_unit
from ingest.pairing.swiss import Entrant, _contexts, _ladder_of, pair_swiss


def players4() -> list[Entrant]:
    return [
        Entrant("a", 3, 1, frozenset({"c"})),
        Entrant("b", 3, 2, frozenset({"d"})),
        Entrant("c", 0, 3, frozenset({"a"})),
        Entrant("d", 0, 4, frozenset({"b"})),
    ]


def test_engine_output_is_clean() -> None:
    players = players4()
    result = pair_swiss(players, seed=4, round_number=2)
    findings = check_swiss_round(players, result.tables, [b.player for b in result.byes], seed=4, round_number=2)
    assert findings == ()


def test_rematch_and_not_optimal() -> None:
    findings = check_swiss_round(players4(), [("a", "c"), ("b", "d")], [], seed=1, round_number=2)
    assert findings == (
        Finding("rematch", ("a", "c"), table=1),
        Finding("rematch", ("b", "d"), table=2),
        Finding("not-optimal", (), measure="rematches", recorded=2, optimum=0),
    )


def test_floated_pairs() -> None:
    players = [
        Entrant(x, p, r)
        for r, (x, p) in enumerate([("a", 6), ("b", 6), ("c", 3), ("d", 3), ("e", 0), ("f", 0)], start=1)
    ]
    findings = check_swiss_round(players, [("a", "e"), ("b", "c"), ("d", "f")], [], seed=1, round_number=3)
    assert findings == (Finding("not-optimal", (), measure="floated-pairs", recorded=3, optimum=0),)


def test_a_cascade_floats_more_players_than_one_long_float() -> None:
    # 9 | 6 6 | 3: 9v6 and 6v3 float four players; 9v3 and 6v6 two (Bushiroad 3.2.1:
    # equal points as much as possible), though their gaps squared are larger.
    players = [Entrant(x, p, r) for r, (x, p) in enumerate([("a", 9), ("b", 6), ("c", 6), ("d", 3)], 1)]
    findings = check_swiss_round(players, [("a", "b"), ("c", "d")], [], seed=1, round_number=4)
    assert findings == (Finding("not-optimal", (), measure="floated-pairs", recorded=2, optimum=1),)
    assert check_swiss_round(players, [("a", "d"), ("b", "c")], [], seed=1, round_number=4) == ()


def test_float_steps() -> None:
    players = [Entrant(x, p, r) for r, (x, p) in enumerate([("a", 6), ("b", 5), ("c", 3), ("d", 0)], 1)]
    # a-c / b-d floats as many pairs as a-b / c-d, each two groups far.
    findings = check_swiss_round(players, [("a", "c"), ("b", "d")], [], seed=1, round_number=4)
    assert findings == (Finding("not-optimal", (), measure="float-steps", recorded=4, optimum=2),)


def test_squared_gap() -> None:
    met = {"c": frozenset({"d"}), "d": frozenset({"c"})}
    players = [
        Entrant(x, p, r, met.get(x, frozenset()))
        for r, (x, p) in enumerate([("a", 6), ("b", 6), ("c", 5), ("d", 5), ("e", 0), ("f", 0)], 1)
    ]
    # c and d must both float: up to the 6s (gaps of 1) beats down to the 0s (gaps of 5).
    findings = check_swiss_round(players, [("a", "b"), ("c", "e"), ("d", "f")], [], seed=1, round_number=4)
    assert findings == (Finding("not-optimal", (), measure="squared-gap", recorded=50, optimum=2),)


def test_float_height() -> None:
    met = {"c": frozenset({"d"}), "d": frozenset({"c"})}
    players = [
        Entrant(x, p, r, met.get(x, frozenset()))
        for r, (x, p) in enumerate([("a", 6), ("b", 6), ("c", 3), ("d", 3), ("e", 0), ("f", 0)], 1)
    ]
    # c and d must both float: down (to e and f) beats up (to a and b).
    findings = check_swiss_round(players, [("a", "c"), ("b", "d"), ("e", "f")], [], seed=1, round_number=4)
    assert findings == (Finding("not-optimal", (), measure="float-height", recorded=4, optimum=2),)


def test_bye_choice_and_repeated_bye() -> None:
    players = [
        Entrant("a", 3, 1),
        Entrant("b", 3, 2),
        Entrant("c", 0, 3, byes=1),
    ]
    findings = check_swiss_round(players, [("a", "b")], ["c"], seed=1, round_number=2)
    assert findings == (
        Finding("repeated-bye", ("c",), measure="byes", recorded=1, optimum=0),
        Finding("not-optimal", ("c", "b"), measure="bye-choice", recorded=2, optimum=0),
    )


def test_cross_pod_unpaired_and_twice() -> None:
    players = [
        Entrant("a", 0, 1, pod="x"),
        Entrant("b", 0, 2, pod="y"),
        Entrant("c", 0, 3, pod="x"),
        Entrant("d", 0, 4, pod="y"),
    ]
    findings = check_swiss_round(players, [("a", "b"), ("a", "d")], [], seed=1, round_number=1)
    assert findings == (
        Finding("cross-pod", ("a", "b"), table=1),
        Finding("cross-pod", ("a", "d"), table=2),
        Finding("paired-twice", ("a",), pod="x"),
        Finding("unpaired", ("c",), pod="x"),
    )


def test_two_byes_in_one_pod() -> None:
    players = [Entrant(x, 0, r) for r, x in enumerate("abcd", start=1)]
    findings = check_swiss_round(players, [("a", "b")], ["c", "d"], seed=1, round_number=1)
    assert findings == (Finding("not-optimal", ("c", "d"), measure="byes", recorded=2, optimum=0),)


def test_awarded_byes_and_unknown_ids() -> None:
    players = [Entrant(x, 0, r, byes=1) for r, x in enumerate("abc", start=1)]
    # "zed" dropped but was paired: the caller reports that; here it is ignored.
    findings = check_swiss_round(players, [("a", "b"), ("c", "zed")], ["c"], seed=1, round_number=1, awarded_byes={"c"})
    assert Finding("paired-twice", ("c",)) in findings
    assert all(f.kind != "repeated-bye" for f in findings)


def test_random_round_bye_is_not_judged() -> None:
    players = [Entrant(x, 0, r) for r, x in enumerate("abc", start=1)]
    assert check_swiss_round(players, [("b", "c")], ["a"], seed=1, round_number=1) == ()


@st.composite
def recorded_rounds(draw: st.DrawFn) -> tuple[list[Entrant], list[tuple[str, str]], list[str]]:
    """A pod with a history, and a recorded pairing of everyone (one bye when odd)."""
    n = draw(st.integers(2, 12))
    ids = [f"p{i}" for i in range(n)]
    met: dict[str, set[str]] = {i: set() for i in ids}
    for a, b in draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=2 * n)):
        if a != b:
            met[a].add(b)
            met[b].add(a)
    points = draw(st.lists(st.sampled_from([0, 1, 3, 4, 6, 9]), min_size=n, max_size=n))
    byes = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    rows = enumerate(zip(ids, points, byes, strict=True), start=1)
    players = [Entrant(i, p, r, frozenset(met[i]), b) for r, (i, p, b) in rows]
    order = draw(st.permutations(ids))
    bye = [order.pop()] if n % 2 else []
    return players, [(order[k], order[k + 1]) for k in range(0, len(order), 2)], bye


@settings(max_examples=300, deadline=None)
@given(recorded_rounds(), st.integers(0, 3))
@example(  # a second bye given where a rematch would spare it: a repeated bye, not a cheaper round
    (
        [
            Entrant("p0", points=0, rank=1),
            Entrant("p1", points=0, rank=2, opponents=frozenset({"p2"}), byes=1),
            Entrant("p2", points=0, rank=3, opponents=frozenset({"p1"}), byes=1),
        ],
        [("p0", "p1")],
        ["p2"],
    ),
    0,
)
def test_a_round_proven_optimal_without_solving_is_optimal(
    case: tuple[list[Entrant], list[tuple[str, str]], list[str]], seed: int
) -> None:
    """The shortcut skips the solver only when the solver would find nothing better."""
    players, pairs, bye = case
    (ctx,) = _contexts(players, seed=seed, round_number=3, awarded=frozenset())
    node = {p.id: i for i, p in enumerate(ctx.order)}
    ladder = _ladder_of(ctx)
    recorded = unit_cost(
        ladder,
        ((ctx.order[node[a]].points, ctx.order[node[b]].points) for a, b in pairs),
        rematches=sum(1 for a, b in pairs if node[b] in ctx.met[node[a]]),
        bye_choice=ctx.bye_order[node[bye[0]]] if bye else 0,
    )
    best = solve_unit([p.points for p in ctx.order], ctx.bye_order, ctx.met, bye_nodes=ctx.bye_candidates)
    if proven_optimal(ctx, ladder, recorded, node[bye[0]] if bye else None):
        assert recorded == best.cost
    findings = check_swiss_round(players, pairs, bye, seed=seed, round_number=3)
    optimal = not any(f.kind == "not-optimal" for f in findings)
    if bye and node[bye[0]] not in ctx.bye_candidates:
        # A second bye while a player without one played: the rule it breaks is said, not a cost.
        assert any(f.kind == "repeated-bye" for f in findings)
        return
    assert optimal == (recorded == best.cost or ctx.random_round)  # a round without history is random


def test_an_optimal_round_is_proven_without_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds the parity bound proves (such as the engine's own) never reach the solver."""
    import ingest.pairing.checker as checker

    def no_solver(*args: object, **options: object) -> None:
        raise AssertionError("the solver ran")

    monkeypatch.setattr(checker, "solve_unit", no_solver)
    players = players4()
    result = pair_swiss(players, seed=4, round_number=2)
    assert check_swiss_round(players, result.tables, [], seed=4, round_number=2) == ()
    with pytest.raises(AssertionError, match="the solver ran"):  # not proven: 3 v 0 twice
        check_swiss_round(players, [("a", "d"), ("b", "c")], [], seed=4, round_number=2)


def test_a_round_without_floats_is_proven_without_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rematch-free round whose pairs all stay in their point groups has the least cost on
    every level: neither the solver nor the parity bound's programme is run for it."""
    import ingest.pairing.checker as checker

    def not_run(*args: object, **options: object) -> None:
        raise AssertionError("run")

    monkeypatch.setattr(checker, "solve_unit", not_run)
    monkeypatch.setattr(checker, "float_lower_bound", not_run)
    monkeypatch.setattr(checker, "_BOUNDS", {})  # (none kept from an earlier check)
    players = [
        Entrant("a", 3, 1, frozenset({"c"})),
        Entrant("b", 3, 2, frozenset({"d"})),
        Entrant("c", 0, 3, frozenset({"a"})),
        Entrant("d", 0, 4, frozenset({"b"})),
    ]
    assert check_swiss_round(players, [("a", "b"), ("c", "d")], [], seed=4, round_number=2) == ()
    with pytest.raises(AssertionError, match="run"):  # a float: the bound is worked out
        check_swiss_round(players, [("a", "d"), ("b", "c")], [], seed=4, round_number=2)


def test_checking_the_round_just_paired_solves_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pair`` checks the round it has just written, and the check's optimum is the same
    unit's: the engine keeps the latest units it solved, so the check takes that solution
    instead of matching the unit again (two leaders who met float, which the parity bound
    alone does not prove, so the check has to know the optimum)."""
    points = {"a": 6, "b": 6} | {f"z{i}": 0 for i in range(8)}
    ranked = sorted(points, key=lambda x: (-points[x], x))
    met = {"a": frozenset({"b"}), "b": frozenset({"a"})}
    players = [Entrant(x, points[x], r, met.get(x, frozenset())) for r, x in enumerate(ranked, 1)]
    calls: list[int] = []
    inner = matching_weights.UnitProblem.match

    def counted(self: matching_weights.UnitProblem, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return inner(self, *args, **kwargs)

    monkeypatch.setattr(matching_weights.UnitProblem, "match", counted)
    paired = pair_swiss(players, seed=9, round_number=4)
    assert paired.floated_pairs == 2 and len(calls) == 1
    assert check_swiss_round(players, paired.tables, [], seed=9, round_number=4) == ()
    assert len(calls) == 1
    # A unit it has not solved yet is matched as before.
    assert check_swiss_round(players, paired.tables, [], seed=10, round_number=4) == ()
    assert len(calls) == 2


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([0, 1, 2, 3, 4, 6, 7, 9, 12]), min_size=2, max_size=7, unique=True),
    st.data(),
)
def test_a_kept_parity_bound_is_the_bound(values: list[int], data: st.DataObject) -> None:
    """The parity bounds a check keeps are a function of the groups' points and counts alone:
    each one given, first worked out or then kept, is the programme's own."""
    import ingest.pairing.checker as checker
    from ingest.pairing.costs import FloatLadder
    from ingest.pairing.float_bound import float_lower_bound

    ladder = FloatLadder.of(values)
    counts = tuple(data.draw(st.lists(st.integers(0, 9), min_size=len(values), max_size=len(values))))
    if sum(counts) % 2:
        counts = (counts[0] + 1, *counts[1:])
    try:
        expected = float_lower_bound(ladder, list(counts))
    except ValueError:
        return
    assert checker.parity_bound(ladder, counts) == expected
    assert checker.parity_bound(FloatLadder.of(values), counts) == expected


def test_the_same_groups_are_bounded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds whose players stand in the same point groups (the rounds of an archive's events
    of one size) work the parity bound out once: a round of another event with the same groups,
    its float not proven, goes to the solver without working it out again."""
    import ingest.pairing.checker as checker
    from ingest.pairing.float_bound import float_lower_bound as inner

    worked: list[int] = []

    def counted(*args: Any, **options: Any) -> Any:
        worked.append(1)
        return inner(*args, **options)

    monkeypatch.setattr(checker, "float_lower_bound", counted)
    monkeypatch.setattr(checker, "_BOUNDS", {})
    players = players4()
    for seed in (4, 5, 6):
        found = check_swiss_round(players, [("a", "d"), ("b", "c")], [], seed=seed, round_number=2)
        assert [f.measure for f in found] == ["floated-pairs"]
    assert len(worked) == 1
