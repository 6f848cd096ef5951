"""The values the figures of a scope are made of (:mod:`ingest.analytics.figures` states
the conventions they are computed by, :mod:`ingest.analytics.totals` computes them)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ingest.analytics.intervals import Rate, rate
from ingest.analytics.records import EventRecord, MatchRow

LEVELS = ("cut", "top8", "top4", "top1")
"""The levels of the top cut conversion is measured at."""

SLOTS = {"win": 0, "loss": 1, "draw": 2}
"""A result's place in a tally's (wins, losses, draws)."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Which events count: a game's format, optionally a list of events (a season) and dates."""

    game: str
    format: str
    start: dt.date | None = None
    end: dt.date | None = None
    slugs: frozenset[str] | None = None
    """Only these events (a season's); None: every event of the format."""

    def counts(self, r: EventRecord) -> bool:
        """Whether ``r`` is in the scope."""
        return (
            r.game == self.game
            and r.format == self.format
            and (self.start is None or r.date >= self.start)
            and (self.end is None or r.date <= self.end)
            and (self.slugs is None or r.slug in self.slugs)
        )


@dataclass(frozen=True, slots=True)
class MatchRef:
    """Where a counted match was played (the event and the round), and how it ended for the
    archetype whose row it is in."""

    slug: str
    stage: str
    round: int
    result: str = ""
    """win, loss or draw."""
    games: tuple[int, int, int] | None = None
    """Games won, lost and drawn, from the same side."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Matches of one archetype (against one opponent archetype, or all of them)."""

    wins: int
    losses: int
    draws: int

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def rate(self) -> Rate:
        """Win rate, a draw counting a half."""
        return rate(self.wins + Fraction(self.draws, 2), self.matches)


@dataclass(frozen=True, slots=True)
class Cell:
    """One archetype against another."""

    opponent: str
    tally: Tally
    sources: tuple[MatchRef, ...]
    """The rounds the matches were played in (one entry per match, in date order)."""


@dataclass(frozen=True, slots=True)
class ArchetypeRow:
    """One archetype: its share, its win rate, its row of the matrix."""

    archetype: str
    decks: int
    """Decks registered on it (one per player per event)."""
    players: Fraction
    """Distinct players on it: a player on k archetypes in the scope counts 1/k on each."""
    deck_share: Fraction
    player_share: Fraction
    tally: Tally
    """Its non-mirror matches."""
    mirrors: int
    """Its mirror matches (left out of the figures)."""
    cells: tuple[Cell, ...]
    """Against each other archetype met, in the order of :attr:`Analytics.archetypes`."""


def archetype_row(
    archetype: str,
    decks: int,
    players: Fraction,
    decks_total: int,
    players_total: int,
    mirrors: int,
    cells: Sequence[Cell],
) -> ArchetypeRow:
    """An archetype's row, its matches the sum of its cells (the mirrors are no cell)."""
    tally = Tally(
        sum(c.tally.wins for c in cells), sum(c.tally.losses for c in cells), sum(c.tally.draws for c in cells)
    )
    return ArchetypeRow(
        archetype,
        decks,
        players,
        Fraction(decks, decks_total),
        players / players_total,
        tally,
        mirrors,
        tuple(cells),
    )


@dataclass(frozen=True, slots=True)
class PeriodShare:
    """Metagame share in one week or month."""

    period: str
    """``2026-11`` (month) or ``2026-W47`` (ISO week)."""
    decks: int
    players: int
    shares: tuple[tuple[str, int, Fraction, Fraction], ...]
    """(archetype, decks, share of decks, share of players), in the order of :attr:`Analytics.archetypes`."""


@dataclass(frozen=True, slots=True)
class Conversion:
    """An archetype's decks at one level of the top cut."""

    archetype: str
    level: str
    """One of :data:`LEVELS`."""
    decks: int
    """Its decks in the events that had this level."""
    reached: int
    expected: Fraction
    """Decks x reached / players, summed over those events."""
    rate: Rate
    """reached out of decks."""

    @property
    def ratio(self) -> Fraction | None:
        """Observed over expected; None when nothing was expected."""
        return Fraction(self.reached) / self.expected if self.expected else None

    @property
    def ratio_interval(self) -> tuple[float, float] | None:
        """The 95% interval of the ratio (the rate's interval over the expected rate)."""
        if not self.expected:
            return None
        per_deck = float(self.expected) / self.decks
        return (self.rate.low / per_deck, self.rate.high / per_deck)


@dataclass(frozen=True, slots=True)
class Analytics:
    """Every figure of one scope."""

    scope: Scope
    events: tuple[str, ...]
    """Slugs of the events counted, oldest first."""
    left_out: tuple[str, ...]
    """Events in the scope whose decklists are not public (counted nowhere)."""
    period: str
    """month or week."""
    archetypes: tuple[str, ...]
    """Most decks first, then by name."""
    rows: tuple[ArchetypeRow, ...]
    trend: tuple[PeriodShare, ...]
    conversion: tuple[Conversion, ...]
    counted: int
    """Matches counted (each once)."""
    excluded: tuple[tuple[str, int], ...]
    """Entries left out, by reason (bye, loss, double-loss, unreported, intentional-draw, mirror)."""

    def row(self, archetype: str) -> ArchetypeRow:
        return next(r for r in self.rows if r.archetype == archetype)


def period_of(day: dt.date, period: str) -> str:
    """The week or month ``day`` is in.

    >>> period_of(dt.date(2026, 11, 20), "month"), period_of(dt.date(2026, 1, 1), "week")
    ('2026-11', '2026-W01')
    """
    if period == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    return f"{day.year}-{day.month:02d}"


def pick_period(days: Sequence[dt.date]) -> str:
    """Weeks for a scope of up to 16 weeks, months beyond."""
    if days and (max(days) - min(days)).days <= 16 * 7:
        return "week"
    return "month"


def left_out(m: MatchRow) -> str:
    """Why a round entry is not a counted match (empty when it is one)."""
    if m.kind != "played":
        return m.kind
    return "" if m.result else "unreported"
