"""The recorded-round checker (ingest.pairing.checker)."""

from __future__ import annotations

from ingest.pairing.checker import Finding, check_swiss_round
from ingest.pairing.swiss import Entrant, pair_swiss


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


def test_float_steps_by_how_much() -> None:
    players = [
        Entrant(x, p, r)
        for r, (x, p) in enumerate([("a", 6), ("b", 6), ("c", 3), ("d", 3), ("e", 0), ("f", 0)], start=1)
    ]
    findings = check_swiss_round(players, [("a", "e"), ("b", "c"), ("d", "f")], [], seed=1, round_number=3)
    assert findings == (Finding("not-optimal", (), measure="float-steps", recorded=4, optimum=0),)


def test_squared_gap() -> None:
    players = [Entrant(x, p, r) for r, (x, p) in enumerate([("a", 6), ("b", 5), ("c", 5), ("d", 0)], 1)]
    # a-d / b-c floats as many steps as a-b / c-d, with a bigger gap.
    findings = check_swiss_round(players, [("a", "d"), ("b", "c")], [], seed=1, round_number=4)
    assert findings == (Finding("not-optimal", (), measure="squared-gap", recorded=36, optimum=26),)


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
