"""The figures of one scope (a format, a season of it, or any date range): metagame share
over time, archetype win rates, the matchup matrix and conversion to the top cut.

Conventions (the analytics page states them; ``tests/analytics`` checks them by hand):

* Only events whose decklists are public now count (:attr:`EventRecord.lists_public`); a
  public deck without an archetype counts as :data:`~ingest.analytics.records.UNKNOWN`.
* A match counts once, in each player's archetype's row, when it was played and decided over
  the board: byes, match losses without an opponent, double losses, unreported matches and
  intentional draws (a drawn match in which neither player won a game) are left out.
  Playoff matches count like Swiss ones.
* Mirror matches (both players on one archetype) are left out of win rates and of the matrix.
* A drawn match counts as half a win: win rate = (wins + draws / 2) / matches.
* Conversion: an archetype's decks that reached a level of the top cut (the cut itself, its
  top 8, 4 or 1), against what the event's size makes expected: in each event with that
  level, decks x reached / players, summed. The ratio observed / expected is 1 for an
  archetype that converts like the field; a 16-player top 8 (1 in 2 reach it) and a
  200-player top 8 (1 in 25) are weighed accordingly.
* Every rate has its sample size and 95% Wilson interval (:mod:`ingest.analytics.intervals`);
  below :data:`~ingest.analytics.intervals.MIN_SAMPLE` it is shown as too few.
"""

from __future__ import annotations

from collections.abc import Iterable

from ingest.analytics.figure_values import (
    LEVELS,
    SLOTS,
    Analytics,
    ArchetypeRow,
    Cell,
    Conversion,
    MatchRef,
    PeriodShare,
    Scope,
    Tally,
    left_out,
    period_of,
    pick_period,
)
from ingest.analytics.records import EventRecord
from ingest.analytics.totals import Totals

__all__ = [
    "LEVELS",
    "SLOTS",
    "Analytics",
    "ArchetypeRow",
    "Cell",
    "Conversion",
    "MatchRef",
    "PeriodShare",
    "Scope",
    "Tally",
    "analyse",
    "left_out",
    "period_of",
    "pick_period",
]


def analyse(records: Iterable[EventRecord], scope: Scope, period: str | None = None) -> Analytics:
    """The figures of ``scope`` over ``records`` (see the module's conventions): the sums over
    the events (:class:`~ingest.analytics.totals.Totals`, which a build patches per event), then
    the figures from them."""
    return Totals.of(records, scope).figures(period)
