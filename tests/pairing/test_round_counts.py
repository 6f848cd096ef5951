"""Recommended rounds against the rule documents' tables (ingest.pairing.round_counts)."""

from __future__ import annotations

import pytest

from ingest.pairing.round_counts import RoundsPlan, aequitas_rounds, bushiroad_rounds, mtr_rounds


@pytest.mark.parametrize(
    ("players", "rounds", "playoff"),
    [
        (17, 5, 8),
        (32, 5, 8),
        (33, 6, 8),
        (64, 6, 8),
        (65, 7, 8),
        (128, 7, 8),
        (129, 8, 8),
        (226, 8, 8),
        (227, 9, 8),
        (409, 9, 8),
        (410, 10, 8),
        (3000, 10, 8),
    ],
)
def test_mtr_appendix_e_swiss(players: int, rounds: int, playoff: int) -> None:
    plan = mtr_rounds(players)
    assert plan is not None
    assert (plan.structure, plan.rounds, plan.playoff) == ("swiss", rounds, playoff)


def test_mtr_small_fields() -> None:
    assert mtr_rounds(4) is None  # the 4-player row is for teams only
    team = mtr_rounds(4, team=True)
    assert team is not None
    assert (team.structure, team.rounds) == ("single-elimination", 2)
    for n in (5, 8):
        plan = mtr_rounds(n)
        assert plan is not None
        assert (plan.structure, plan.rounds) == ("single-elimination", 3)
    for n in (9, 16):
        other = mtr_rounds(n)
        draft = mtr_rounds(n, draft_playoff=True)
        assert other is not None
        assert (other.rounds, other.playoff) == (5, 4)
        assert draft is not None
        assert (draft.rounds, draft.playoff) == (4, 8)


def test_mtr_awarded_byes_count_extra() -> None:
    def rounds(players: int, one_round_byes: int = 0, two_round_byes: int = 0, three_round_byes: int = 0) -> int:
        plan = mtr_rounds(
            players, one_round_byes=one_round_byes, two_round_byes=two_round_byes, three_round_byes=three_round_byes
        )
        assert plan is not None
        return plan.rounds

    assert rounds(players=200) == 8
    assert rounds(players=200, one_round_byes=27) == 9  # counted as 227
    assert rounds(players=200, two_round_byes=9) == 9  # 200 + 27
    assert rounds(players=220, three_round_byes=1) == 9  # 220 + 7
    assert rounds(players=400, one_round_byes=10) == 10
    with pytest.raises(ValueError, match="byes"):
        mtr_rounds(3, one_round_byes=4)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (4, 2),
        (5, 3),
        (8, 3),
        (9, 4),
        (16, 4),
        (17, 5),
        (32, 5),
        (33, 6),
        (64, 6),
        (65, 7),
        (128, 7),
        (129, 8),
        (226, 8),
        (227, 9),
        (409, 9),
        (410, 10),
    ],
)
def test_aequitas_appendix_e(players: int, rounds: int) -> None:
    plan = aequitas_rounds(players)
    assert plan is not None
    assert plan.rounds == rounds
    assert plan.playoff is None


def test_aequitas_below_minimum() -> None:
    assert aequitas_rounds(3) is None


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (5, 3),
        (8, 3),
        (9, 4),
        (16, 4),
        (17, 5),
        (32, 5),
        (33, 6),
        (64, 6),
        (65, 7),
        (128, 7),
        (129, 8),
        (256, 8),
        (257, 9),
        (512, 9),
        (513, 10),
        (1024, 10),
    ],
)
def test_bushiroad_without_cut(players: int, rounds: int) -> None:
    plan = bushiroad_rounds(players)
    assert plan is not None
    assert (plan.structure, plan.rounds, plan.min_rounds, plan.max_rounds) == (
        "swiss",
        rounds,
        rounds,
        rounds,
    )


@pytest.mark.parametrize(
    ("players", "low", "high"),
    [
        (9, 3, 5),
        (16, 3, 5),
        (17, 3, 5),
        (32, 3, 5),
        (33, 3, 5),
        (64, 3, 5),
        (65, 4, 6),
        (128, 4, 6),
        (129, 5, 7),
        (256, 5, 7),
        (257, 6, 8),
        (512, 6, 8),
        (513, 7, 9),
        (1024, 7, 9),
    ],
)
def test_bushiroad_with_cut(players: int, low: int, high: int) -> None:
    plan = bushiroad_rounds(players, cut=True)
    assert plan is not None
    assert (plan.min_rounds, plan.max_rounds) == (low, high)
    assert plan.rounds == (low + high) // 2  # the documented default: the middle


def _bushiroad_plan(players: int) -> RoundsPlan:
    """The plan for a field the table covers (not None)."""
    plan = bushiroad_rounds(players)
    assert plan is not None
    return plan


def test_bushiroad_round_robin_and_gaps() -> None:
    assert [_bushiroad_plan(n).rounds for n in (2, 3, 4)] == [1, 3, 3]
    assert _bushiroad_plan(2).structure == "round-robin"
    assert bushiroad_rounds(1) is None
    assert bushiroad_rounds(1025) is None
    assert bushiroad_rounds(8, cut=True) is None
