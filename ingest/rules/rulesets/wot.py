"""Wheel of Time CCG tournament rules (seed 001).

Players are ranked by total game points, then total tie-breaking points; players still
equal share the rank. The scoring itself (game points 2 / 0 / -1 / 1, bye 2, and the
tie-breaking points from final support/opposition) lives in :mod:`ingest.wot`.
"""

from __future__ import annotations

from ingest.rules.rulesets.base import Ruleset

WOT = Ruleset(
    id="wot",
    name="Wheel of Time CCG Tournament Rules",
    source="Wheel of Time tournament rules: Scoring, Expanded Scoring Example",
    win_points=2,
    draw_points=1,
    loss_points=0,
    tiebreakers=("tbp",),
    rounds_table="wot",
)
