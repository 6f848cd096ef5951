"""One event in one player's history (:class:`HistoryEntry`), and what a family's part of
the histories writes to (:class:`HistoryRecorder`).

Each family says what an event adds to its players' histories
(:meth:`ingest.summary.family_results.FamilyResults.history`): the MTR-style family its
final standings rows, a team event's seats (:mod:`ingest.summary.match_history`), Wheel of
Time its game points and tie-breaking points (:mod:`ingest.summary.wot_results`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ingest.summary.summary_values import EventSummary

WON, LOST, DRAWN = 0, 1, 2
"""Slots of a won-lost-drawn count."""


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One event in one player's history."""

    slug: str
    """The event's slug."""
    event: str
    """The event's name."""
    date: dt.date
    """The event's date."""
    game_name: str
    """The game, as shown."""
    format: str
    """The format id."""
    status: str
    """upcoming, in-progress or complete."""
    field: int
    """Players in the event (teams, in a team event)."""
    rank: int | None
    """Final rank (the team's, in a team event); None while unknown."""
    place: str = ""
    """Playoff place (Champion, Finalist, ...), if any."""
    record: tuple[int, int, int] | None = None
    """Matches (Wheel of Time: games) won, lost and drawn, byes as wins; a team member's
    own seat matches. None while nothing is scored."""
    points: int | None = None
    """Match points; Wheel of Time game points; in a team event, the team's match points."""
    tiebreak_points: Fraction | None = None
    """Wheel of Time tie-breaking points (None elsewhere)."""
    archetype: str = ""
    """The archetype as it may be published now (:meth:`EventSummary.public_archetypes`)."""
    team: str = ""
    """The team's id, in a team event."""
    team_name: str = ""
    """The team's name, in a team event."""
    seat: str = ""
    """The member's seat (A/B/C or first/second/third); empty in Two-Headed Giant."""
    now: tuple[str, int | None, str] | None = None
    """While the event is played: the round, the table and the opponent's (canonical) id."""

    @property
    def wld(self) -> str:
        """``W-L-D``, or empty while nothing is scored."""
        return "-".join(str(n) for n in self.record) if self.record is not None else ""


class HistoryRecorder(Protocol):
    """Where an event's share of the histories goes, player by player (ids as in the event)."""

    def add(self, pid: str, fallback_name: str, entry: HistoryEntry) -> None:
        """The player took part: their entry, and their name as the event gives it."""
        ...

    def meet(self, me: str, opp: str, slot: int) -> None:
        """The player met an opponent and won, lost or drew (:data:`WON`, :data:`LOST`, :data:`DRAWN`)."""
        ...


def history_entry(report: EventSummary, field: int, rank: int | None, **results: Any) -> HistoryEntry:
    """An entry naming the event, with the player's ``results`` (the other HistoryEntry fields)."""
    e = report.event
    return HistoryEntry(e.slug, e.name, e.date, e.game_name, e.format, report.status, field, rank, **results)
