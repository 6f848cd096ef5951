"""Compatibility profiles: the MTR as two platforms actually publish it.

Real events imported from melee.gg and manatraders.com carry standings that differ from
the MTR text. The conventions below were established on the conformance corpus
(``tests/data/conformance/README.md``); each profile is the MTR ruleset with the
platform's conventions (:class:`~ingest.core.rulesets.base.PlatformConventions`), and its
rules values where the platform computes them otherwise (floors, empty values).

melee.gg (``mtr-melee``):
  floors are exactly 1/3; a bye is a 2-0 win; a loss without opponent is a round played
  with no games; a double loss makes the two players each other's opponents; the top cut
  counts in points, W-L-D and tiebreakers for the players in it; each player is
  evaluated at the end of the last phase they took part in (a top cut after at least
  three Swiss rounds, and a day-2 cut, are phases); publication rounds half-up and the
  ranking compares the published figures. The details changed over time (eras, by date):

  ====  ==========================  ==============  =======================  =====================
  era   dates                       own GW% floor   dropped players          arithmetic
  ====  ==========================  ==============  =======================  =====================
  A     up to 2024-05-15            1/3             frozen at last round     exact, half-up
  B     2024-05-16 to 2025-11-12    none            end of phase             exact, half-up
  C1    7 decimals, to 2026-02-14   1/3             end of phase             floor shown 0.3333333
  C2    8 decimals from 2025-11-13  1/3             end of phase             exact at 8 decimals;
        or 7 from 2026-02-15                                                 at 7: opponents rounded
                                                                             to 8 decimals first
  ====  ==========================  ==============  =======================  =====================

topdeck.gg (``mtr-topdeck``):
  MTR figures (0.33 floors) on match results only: Topdeck exports who won (1-0-0), not
  games, so only OMW% can be computed, and it reproduces the published one. Its W-L-D
  leave byes out (a bye still scores 3 points, where MTR Appendix C counts "players
  receiving byes" as having "won the match") and count the top-cut matches, which its
  points do not.

manatraders.com (``mtr-manatraders``):
  MTR figures with the player's own GW% not floored, published to 3 decimals (half-up);
  the bracket is not part of the standings; between equal points a player who played
  more rounds ranks higher, then OMW and GW exactly, then OGW.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ingest.core.rulesets.base import THIRD, Era, PlatformConventions
from ingest.core.rulesets.mtr import MTR

MELEE = replace(
    MTR,
    id="mtr-melee",
    name="MTR as published by melee.gg",
    source="melee.gg conventions established on the conformance corpus",
    mw_floor=THIRD,
    gw_floor=THIRD,
    ogw_floor=THIRD,
    empty_omw=THIRD,
    loss_games=(0, 0),
    platform=PlatformConventions(
        publish_precision=8,
        rank_on_published=True,
        no_match_values=(THIRD, THIRD, THIRD),
        double_loss_opponents=True,
        playoff_in_record=True,
        phased=True,
    ),
    eras=(
        Era("A", (None, "2024-05-15", ()), (("dropped_frozen", True),)),
        Era("C1", (None, "2026-02-14", (7,)), (("floor_constant", Fraction(3333333, 10**7)),)),
        Era(
            "B",
            ("2024-05-16", "2025-11-12", ()),
            (("gw_floor", None), ("no_match_values", (THIRD, Fraction(-1, 5), THIRD))),
        ),
        # 7-decimal publication rounds opponents' values to 8 decimals before averaging;
        # 8-decimal publication of the same period is exact (reproduces 100% of its rows).
        Era("C2", ("2025-11-13", None, (7,)), (("intermediate_precision", 8),)),
        Era("C2", ("2025-11-13", None, ()), ()),
    ),
)

MANATRADERS = replace(
    MTR,
    id="mtr-manatraders",
    name="MTR as published by manatraders.com",
    source="manatraders.com conventions established on the conformance corpus",
    gw_floor=None,
    empty_gw=Fraction(0),
    platform=PlatformConventions(publish_precision=3, rank_rounds_played=True, playoff_places=False),
)

TOPDECK = replace(
    MTR,
    id="mtr-topdeck",
    name="MTR as published by Topdeck",
    source="topdeck.gg conventions established on real events (W-L-D without byes, with the top cut)",
    platform=PlatformConventions(byes_in_wins=False, playoff_in_wld=True),
)
