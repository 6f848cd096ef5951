"""Magic: The Gathering Tournament Rules, as written (seed 004).

* MTR Appendix C: 3 match points per win, 1 per draw, 0 per loss; a bye is a 2-0 match
  win; game points 3 per game won and 1 per drawn game, unfinished games count as drawn
  and unplayed games as nothing (an intentional draw 0-0-3 is three drawn games).
* Match-win % = match points / (3 x rounds played); game-win % = game points /
  (3 x games played); each at least 0.33, and each opponent's game-win % at least 0.33
  inside OGW%.
* OMW% and OGW% average each distinct opponent (byes ignored; an opponent met twice
  counts once).
* MTR 3.1: rank by match points, then OMW%, GW%, OGW%.
"""

from __future__ import annotations

from ingest.core.rulesets.base import MTR_FLOOR, Ruleset

MTR = Ruleset(
    id="mtr",
    name="Magic: The Gathering Tournament Rules",
    source="MTR 3.1 and Appendix C (effective 2025-06-30)",
    win_points=3,
    draw_points=1,
    loss_points=0,
    bye_games=(2, 0),
    tiebreakers=("omw", "gw", "ogw"),
    mw_floor=MTR_FLOOR,
    gw_floor=MTR_FLOOR,
    ogw_floor=MTR_FLOOR,
    playoff_drop="mtr",
    rounds_table="mtr",
)
