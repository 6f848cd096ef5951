"""The rules pages' worked Swiss example is chosen by the ruleset's points, not by its id."""

from __future__ import annotations

from dataclasses import replace

from ingest.core.rulesets import get_ruleset, register_ruleset, unregister_ruleset
from ingest.rules.pairing_example import pairing_example


def test_the_example_follows_the_points_a_win_earns() -> None:
    """9 | 6 6 | 3 in match points (MTR Appendix C, Aequitas), 3 | 2 2 | 1 1 | 0 in
    Bushiroad points (3.2.1); the engine pairs the odd players of two groups with each other."""
    mtr, aequitas, bushiroad = (pairing_example(r) for r in ("mtr", "aequitas", "bushiroad"))
    assert mtr is not None and aequitas == mtr
    assert bushiroad is not None and [p for _, p in bushiroad.field] == [3, 2, 2, 1, 1, 0]
    assert bushiroad.outside < bushiroad.neighbours_outside and mtr.outside < mtr.neighbours_outside
    assert pairing_example("wot") is None  # game points, no Swiss rounds


def test_a_registered_ruleset_gets_the_example_of_its_points() -> None:
    register_ruleset(replace(get_ruleset("bushiroad"), id="league-points", name="League points"))
    try:
        assert pairing_example("league-points") == pairing_example("bushiroad")
    finally:
        unregister_ruleset("league-points")
