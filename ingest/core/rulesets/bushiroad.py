"""Bushiroad TCG Advanced Floor Rules 1.2.0 (seed 003): Vanguard, Weiss Schwarz, Buddyfight.

* 3.2.1: a match win earns 1 point (3 where announced: ``structure.points_per_win``);
  draws and losses earn nothing. Intentional draws are not allowed (4.4).
* 3.2.1.2 (territories outside Japan): rank by points, then opponents' match-win %,
  then opponents' opponents' match-win %; then head to head between tied players who
  met; then a random method (here: seeded from the event).
* Match-win % = points / (total rounds of the event x points per win), truncated to two
  decimals, at least 0.33; byes are excluded from the opponents' average.
* 3.2.2.2: double elimination uses each player's *effective rounds* instead of the
  event's total.
* 4.5 and 3.2.3: a player who drops after the cut leaves their opponent to advance.
* 3.2.4: once the finalists are decided, a correction to a match result does not change them.
* 4.1 and 4.2: a best-of-three match goes to two game wins; when time is up the game in
  progress is a draw (one drawn game). 4.4: players may not agree to a draw, so the
  intentional-draw score 0-0-3 is refused.
"""

from __future__ import annotations

from fractions import Fraction

from ingest.core.rulesets.base import MTR_FLOOR, Ruleset, Sections

BUSHIROAD = Ruleset(
    id="bushiroad",
    name="Bushiroad TCG Advanced Floor Rules",
    source="Bushiroad Advanced Floor Rules 1.2.0, 3.2.1.2 and 3.2.2.2",
    win_points=1,
    win_points_chosen=True,
    draw_points=0,
    loss_points=0,
    bye_games=(1, 0),
    tiebreakers=("omw", "oomw", "h2h"),
    mw_floor=MTR_FLOOR,
    gw_floor=None,
    ogw_floor=MTR_FLOOR,
    mw_basis="event-rounds",
    mw_truncate=2,
    empty_omw=Fraction(0),
    random_final=True,
    playoff_drop="bushiroad",
    finalists_stay=True,
    rounds_table="bushiroad",
    timeout_loses_both=True,
    intentional_draws=False,
    team_kinds=("tag", "trio"),
    sections=Sections(
        match="Bushiroad 4.1",
        time="Bushiroad 4.2",
        knockout="Bushiroad 3.2.3",
        intentional_draw="Bushiroad 4.4",
        drop="Bushiroad 4.5",
        drop_after_cut="Bushiroad 3.2.4",
        teams="Bushiroad 5.1",
        points="Bushiroad 3.2.1.2",
    ),
)
