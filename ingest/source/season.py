"""Seasons: tables a community keeps across events (``seasons/<id>.yaml``).

A season names the events that count (by game, format, organizer, date range, or an
explicit list), how points are earned at each (placement table, match wins and draws,
participation, an attendance bonus, placement scaled by event size), whether only the
best N results count, how ties in the table are broken and where the qualification
line is. A season may start from a preset (``presets/<id>.yaml``: the same keys without
``name`` and ``events``) and replace any of its keys.

This module holds what a season is. Season and preset files are read like every other
project file (:mod:`ingest.source.season_files`: ``schema/season.schema.json``,
``schema/season-preset.schema.json``), and :mod:`ingest.source.assemble_season` adds the
checks a schema cannot express and makes the values.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ingest.core.diagnostics import SourcePos

ID_PATTERN = re.compile(r"^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$")
"""Season and preset ids: the file name without ``.yaml``."""

TIEBREAKERS: Mapping[str, str] = {
    "match-points": "total match points of the counted results",
    "head-to-head": "matches won minus lost against the other tied players",
    "events-played": "counted events played (more first)",
    "best-finish": "best single final place",
    "match-wins": "matches won in the counted results",
}
"""Season tie-breakers by id, with what each compares (the order players are tried in
is the season's ``tiebreakers`` list)."""

DEFAULT_TIEBREAKERS = ("match-points", "head-to-head", "events-played")
"""Used when neither the season nor its preset lists tie-breakers."""


def number(value: Any) -> Fraction:
    """A YAML number as an exact fraction (``1.5`` is 3/2, not a binary float).

    >>> number(1.5), number(3)
    (Fraction(3, 2), Fraction(3, 1))
    """
    return Fraction(str(value))


def points_text(value: Fraction) -> str:
    """Points as shown: whole numbers plain, others with up to two decimals.

    >>> points_text(Fraction(10)), points_text(Fraction(15, 2)), points_text(Fraction(1, 3))
    ('10', '7.5', '0.33')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Placement:
    """Points for a range of final places."""

    first: int
    """Best place of the range."""
    last: int
    """Worst place of the range (equal to ``first`` for a single place)."""
    points: Fraction
    """Points for each place of the range."""

    @property
    def label(self) -> str:
        """``1st``, ``3rd-4th``."""
        return ordinal(self.first) if self.first == self.last else f"{ordinal(self.first)}-{ordinal(self.last)}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, slots=True)
class Step:
    """A threshold and what reaching it gives."""

    at: int
    """Events played (attendance bonus) or players in the event (size factor)."""
    value: Fraction
    """Bonus points, or the placement multiplier."""


@dataclass(frozen=True, slots=True)
class Points:
    """How a player earns season points at each counted event."""

    placement: tuple[Placement, ...] = ()
    """Placement table, best places first; places it does not cover earn nothing."""
    match_win: Fraction = Fraction(0)
    """Per match won (byes included, as in the event's standings)."""
    match_draw: Fraction = Fraction(0)
    """Per match drawn."""
    participation: Fraction = Fraction(0)
    """For playing the event."""
    attendance: tuple[Step, ...] = ()
    """Bonus once per season for each number of counted events reached."""
    size_factors: tuple[Step, ...] = ()
    """Placement multiplier by field size (the largest step the field reaches)."""

    def for_place(self, rank: int | None, field_size: int) -> Fraction:
        """Placement points for a final place in a field of ``field_size``.

        >>> table = (Placement(1, 1, Fraction(10)), Placement(2, 4, Fraction(6)))
        >>> p = Points(table, size_factors=(Step(9, Fraction(2)),))
        >>> p.for_place(1, 8), p.for_place(3, 16), p.for_place(5, 16), p.for_place(None, 8)
        (Fraction(10, 1), Fraction(12, 1), Fraction(0, 1), Fraction(0, 1))
        """
        if rank is None:
            return Fraction(0)
        base = next((p.points for p in self.placement if p.first <= rank <= p.last), Fraction(0))
        return base * self.size_factor(field_size)

    def size_factor(self, field_size: int) -> Fraction:
        """The placement multiplier for a field (1 below every step)."""
        factor = Fraction(1)
        for s in self.size_factors:
            if field_size >= s.at:
                factor = s.value
        return factor

    def bonus(self, events_played: int) -> Fraction:
        """The attendance bonus for a number of counted events played."""
        return sum((s.value for s in self.attendance if events_played >= s.at), Fraction(0))

    @property
    def empty(self) -> bool:
        """Whether nothing earns a point."""
        values = (*(p.points for p in self.placement), self.match_win, self.match_draw, self.participation)
        return not any(values) and not any(s.value for s in self.attendance)


@dataclass(frozen=True, slots=True)
class Qualification:
    """The qualification line."""

    top: int
    """Places of the final table that qualify (ties on the line all qualify)."""
    label: str = ""
    """What they qualify for."""
    min_events: int = 0
    """Counted events a player must have played."""


@dataclass(frozen=True, slots=True)
class Selection:
    """Which events count: every condition given must hold; ``include`` and ``exclude`` win."""

    games: tuple[str, ...] = ()
    formats: tuple[str, ...] = ()
    organizers: tuple[str, ...] = ()
    start: dt.date | None = None
    end: dt.date | None = None
    include: tuple[str, ...] = ()
    """Event slugs that count whatever the conditions."""
    exclude: tuple[str, ...] = ()
    """Event slugs that never count."""
    slug_pos: Mapping[str, SourcePos] = field(default_factory=dict, compare=False)
    """Where each included or excluded slug is written (to report one that names no event)."""

    @property
    def conditional(self) -> bool:
        """Whether any condition beyond the explicit list is given."""
        return bool(self.games or self.formats or self.organizers or self.start or self.end)

    def counts(self, slug: str, date: dt.date, game: str, fmt: str, organizer: str) -> bool:
        """Whether an event with these facts counts.

        >>> s = Selection(games=("mtg",), start=dt.date(2026, 1, 1), include=("x",), exclude=("y",))
        >>> s.counts("a", dt.date(2026, 2, 1), "mtg", "modern", ""), s.counts("a", dt.date(2025, 2, 1), "mtg", "", "")
        (True, False)
        >>> s.counts("x", dt.date(2020, 1, 1), "wot", "", ""), s.counts("y", dt.date(2026, 2, 1), "mtg", "", "")
        (True, False)
        """
        if slug in self.exclude:
            return False
        if slug in self.include:
            return True
        if not self.conditional:
            return False
        return (
            (not self.games or game in self.games)
            and (not self.formats or fmt in self.formats)
            and (not self.organizers or organizer.casefold() in {o.casefold() for o in self.organizers})
            and (self.start is None or date >= self.start)
            and (self.end is None or date <= self.end)
        )


@dataclass(frozen=True, slots=True)
class Rules:
    """What a preset holds: how points are earned, counted and compared."""

    points: Points = Points()
    best: int | None = None
    """Only the best N results count (None: all)."""
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS
    qualify: Qualification | None = None


@dataclass(frozen=True, slots=True)
class Preset:
    """A points system as data (``presets/<id>.yaml``)."""

    id: str
    name: str
    description: str
    data: Mapping[str, Any]
    """The preset's keys (points, best, tiebreakers, qualify) as read, to merge under a season's."""
    rules: Rules


@dataclass(frozen=True, slots=True)
class Season:
    """One season, checked."""

    id: str
    """The file name without ``.yaml``; the page's address."""
    path: str
    """The file, as diagnostics name it."""
    name: str
    selection: Selection
    rules: Rules
    description: str = ""
    preset: str = ""
    """The preset's id, if the season starts from one."""
