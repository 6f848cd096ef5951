"""Each ruleset's defaults, pinned: a changed constant cannot slip through unnoticed."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from ingest.core.rulesets import RULESETS, get_ruleset

F = Fraction


def test_registry_ids() -> None:
    assert sorted(RULESETS) == ["aequitas", "bushiroad", "mtr", "mtr-manatraders", "mtr-melee", "mtr-topdeck", "wot"]


def test_mtr_defaults() -> None:
    r = get_ruleset("mtr")
    assert (r.win_points, r.draw_points, r.loss_points) == (3, 1, 0)
    assert r.bye_games == (2, 0) and r.loss_games == (0, 2) and r.double_loss_games == (0, 0)
    assert r.tiebreakers == ("omw", "gw", "ogw")
    assert (r.mw_floor, r.gw_floor, r.ogw_floor) == (F(33, 100), F(33, 100), F(33, 100))
    assert r.mw_basis == "rounds-played" and r.mw_truncate is None
    assert r.platform.double_loss_opponents is False and r.platform.playoff_in_record is False
    assert r.random_final is False and r.playoff_drop == "mtr" and r.rounds_table == "mtr"


def test_aequitas_is_mtr_with_its_own_drop_rule_and_rounds_table() -> None:
    a, m = get_ruleset("aequitas"), get_ruleset("mtr")
    assert (a.win_points, a.draw_points, a.tiebreakers, a.mw_floor) == (
        m.win_points,
        m.draw_points,
        m.tiebreakers,
        m.mw_floor,
    )
    assert (a.playoff_drop, a.rounds_table) == ("aequitas", "aequitas")


def test_bushiroad_defaults() -> None:
    r = get_ruleset("bushiroad")
    assert (r.win_points, r.draw_points, r.loss_points) == (1, 0, 0)
    assert r.tiebreakers == ("omw", "oomw", "h2h")
    assert r.mw_basis == "event-rounds" and r.mw_truncate == 2 and r.mw_floor == F(33, 100)
    assert r.random_final is True and r.rounds_table == "bushiroad" and r.playoff_drop == "bushiroad"
    three = r.for_event(date=dt.date(2026, 1, 1), points_per_win=3)
    assert three.win_points == 3


def test_wot_defaults() -> None:
    r = get_ruleset("wot")
    assert r.tiebreakers == ("tbp",)
    # The engine scores Wheel of Time games; the ruleset states the engine's points, not its own.
    from ingest.wot import scoring

    assert (r.win_points, r.draw_points, r.loss_points) == (
        scoring.WIN_POINTS,
        scoring.TIE_POINTS,
        scoring.LOSS_IN_LAST_BATTLE_POINTS,
    )


def test_each_rulesets_playoff_drop_is_the_policy_the_planner_uses() -> None:
    """Bushiroad 4.5 and 3.2.3: the opponent of a player who drops after the cut advances; the
    ruleset says so itself (the planner used to override it by the ruleset's id)."""
    assert {rid: get_ruleset(rid).playoff_drop for rid in ("mtr", "aequitas", "bushiroad")} == {
        "mtr": "mtr",
        "aequitas": "aequitas",
        "bushiroad": "bushiroad",
    }


def test_melee_profile_options_and_eras() -> None:
    r = get_ruleset("mtr-melee")
    assert (r.mw_floor, r.gw_floor, r.ogw_floor) == (F(1, 3), F(1, 3), F(1, 3))
    assert r.loss_games == (0, 0) and r.platform.double_loss_opponents is True
    assert r.platform.playoff_in_record and r.platform.phased and r.platform.rank_on_published
    eras = {
        (dt.date(2024, 5, 15), 8): ("A", True, F(1, 3), None, None),
        (dt.date(2024, 5, 16), 8): ("B", False, None, None, None),
        (dt.date(2025, 11, 12), 8): ("B", False, None, None, None),
        (dt.date(2025, 11, 13), 8): ("C2", False, F(1, 3), None, None),
        (dt.date(2025, 12, 28), 7): ("C1", False, F(1, 3), F(3333333, 10**7), None),
        (dt.date(2026, 2, 15), 7): ("C2", False, F(1, 3), None, 8),
    }
    for (date, digits), (name, frozen, gw_floor, constant, intermediate) in eras.items():
        e = r.for_event(date=date, precision=digits)
        assert r.era_name(date=date, precision=digits) == name
        assert (
            e.platform.dropped_frozen,
            e.gw_floor,
            e.platform.floor_constant,
            e.platform.intermediate_precision,
        ) == (
            frozen,
            gw_floor,
            constant,
            intermediate,
        ), (date, digits)
        assert e.platform.publish_precision == digits


def test_manatraders_profile_options() -> None:
    r = get_ruleset("mtr-manatraders")
    assert r.gw_floor is None and r.empty_gw == 0 and r.platform.publish_precision == 3
    assert r.platform.rank_rounds_played and not r.platform.playoff_places and not r.platform.rank_on_published


def test_unknown_ruleset_lists_the_known_ids() -> None:
    with pytest.raises(KeyError, match="unknown rules 'wizards'; expected one of: aequitas, bushiroad, mtr"):
        get_ruleset("wizards")


def test_a_sealed_event_with_a_draft_playoff_gets_the_booster_draft_row() -> None:
    """MTR Appendix E, 9-16 players: 4 rounds and a top 8 "if Limited Format with Booster Draft
    in Playoff", else 5 rounds and a top 4; a sealed Swiss with a draft-seat top 8 is one."""
    from ingest.core.model import Event, Player, PlayoffSpec, Structure
    from ingest.core.rulesets import get_ruleset
    from ingest.rules.rounds_advice import plan_for

    players = tuple(Player(f"p{i}", f"P{i}") for i in range(12))
    for seeding, rounds, top in (("draft-seats", 4, 8), ("standings", 5, 4)):
        structure = Structure(swiss_rounds_auto=True, playoff=PlayoffSpec(top=8, seeding=seeding))
        event = Event("e.yaml", "e", "E", dt.date(2026, 1, 1), "mtg", "sealed", "mtr", 1, structure, players)
        plan = plan_for(event, get_ruleset("mtr"))
        assert plan is not None and (plan.rounds, plan.playoff) == (rounds, top)


def test_the_rules_as_written_have_no_platform_conventions_and_each_profile_has_its_own() -> None:
    """The MTR's, Aequitas', Bushiroad's and the Wheel of Time rules are computed as written;
    a compatibility profile is the MTR with one platform's conventions (conformance/README.md)."""
    from ingest.core.rulesets.base import AS_WRITTEN

    shipped = {rid: r.platform for rid, r in RULESETS.items()}
    assert all(shipped[r] is AS_WRITTEN for r in ("mtr", "aequitas", "bushiroad", "wot"))
    profiles = {r: shipped[r] for r in ("mtr-melee", "mtr-manatraders", "mtr-topdeck")}
    assert AS_WRITTEN not in profiles.values() and len(set(profiles.values())) == 3


def test_an_option_goes_to_the_ruleset_or_to_its_platform_conventions_by_its_name() -> None:
    melee = get_ruleset("mtr-melee")
    era_a = melee.for_event(date=dt.date(2024, 1, 10))  # era A: dropped players frozen at their last round
    assert era_a.platform.dropped_frozen and not melee.platform.dropped_frozen
    assert era_a.platform.phased and era_a.gw_floor == melee.gw_floor
    era_b = melee.for_event(date=dt.date(2025, 1, 10))  # era B: the player's own GW% not floored
    assert era_b.gw_floor is None and era_b.platform.no_match_values == (F(1, 3), F(-1, 5), F(1, 3))
    assert era_b.platform.publish_precision == 8 and era_b.platform.rank_on_published
