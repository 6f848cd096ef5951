"""Wheel of Time CCG tournament rules (seed 001).

Players are ranked by total game points, then total tie-breaking points; players still
equal share the rank. The scoring itself (game points 2 / 0 / -1 / 1, bye 2, and the
tie-breaking points from final support/opposition) lives in :mod:`ingest.wot`, which
scores every Wheel of Time event; the points below are the engine's own (a loss in the
Last Battle; a loss before it costs a point), for what reads a ruleset's points. They are
written here, as every ruleset writes its own, and the engine takes them from here.
"""

from __future__ import annotations

from ingest.core.rulesets.base import Ruleset, Sections

WOT = Ruleset(
    id="wot",
    name="Wheel of Time CCG Tournament Rules",
    source="Wheel of Time tournament rules: Scoring, Expanded Scoring Example",
    win_points=2,  # a win (Wheel of Time rules, Game Points)
    draw_points=1,  # each player of a tied game
    loss_points=0,  # a loss in the Last Battle (one before it costs a point: ingest.wot.scoring)
    tiebreakers=("tbp",),
    rounds_table="wot",
    team_kinds=(),
    sections=Sections(
        match="Wheel of Time rules, Time",
        time="Wheel of Time rules, Time",
        knockout="",
        intentional_draw="",
        drop="",
        drop_after_cut="",
        teams="",
        points="Wheel of Time rules, Scoring",
    ),
)
