"""Seasons: tables a community keeps across events (``seasons/<id>.yaml``).

A season names the events that count (by game, format, organizer, date range, or an
explicit list), how points are earned at each (placement table, match wins and draws,
participation, an attendance bonus, placement scaled by event size), whether only the
best N results count, how ties in the table are broken and where the qualification
line is. A season may start from a preset (``presets/<id>.yaml``: the same keys without
``name`` and ``events``) and replace any of its keys.

Season and preset files are read like every other project file: :func:`read_text`,
:func:`parse_yaml` (positions) and the JSON Schema (``schema/season.schema.json``,
``schema/season-preset.schema.json``); this module adds the checks a schema cannot
express. :func:`season_from` and :func:`preset_from` are pure; only
:func:`load_seasons` touches the file system.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, warning
from ingest.source.yamldoc import SourceDocument, YamlPath

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


# -- reading ----------------------------------------------------------------------------


def _tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, list) else (str(value),)


def _date(value: Any) -> dt.date | None:
    return dt.date.fromisoformat(str(value)) if value is not None else None


def _steps(raw: Any, at: str, value: str) -> tuple[Step, ...]:
    return tuple(sorted((Step(int(s[at]), number(s[value])) for s in raw or []), key=lambda s: (s.at, s.value)))


def _rules(data: Mapping[str, Any], doc: SourceDocument, base: YamlPath = ()) -> tuple[Rules, list[Diagnostic]]:
    """The rules in schema-valid data, with the checks the schema cannot make.

    ``data`` may mix keys from the season and its preset; only keys found in ``doc`` at
    ``base`` are checked there (the preset's own were checked when it was read).
    """
    problems: list[Diagnostic] = []
    own = doc.data if isinstance(doc.data, dict) else {}
    raw = data.get("points") or {}
    placement: list[Placement] = []
    entries = raw.get("placement") or []
    seen: dict[int, int] = {}
    for i, entry in enumerate(entries):
        last = int(entry.get("place", entry.get("top", 0)))
        path = (*base, "points", "placement", i)
        if last in seen and "placement" in (own.get("points") or {}):
            problems.append(
                error(
                    "season-placement",
                    f"points.placement[{i}]: place {last} is already covered by points.placement[{seen[last]}]",
                    doc.pos((*path, "place" if "place" in entry else "top")),
                    "give each place or top-N once",
                )
            )
            continue
        seen[last] = i
    previous = 0
    for i in sorted(seen.values(), key=lambda i: int(entries[i].get("place", entries[i].get("top", 0)))):
        entry = entries[i]
        if "place" in entry:
            first = last = int(entry["place"])
        else:
            first, last = previous + 1, int(entry["top"])
        placement.append(Placement(first, last, number(entry["points"])))
        previous = last
    points = Points(
        tuple(placement),
        number(raw.get("match_win", 0)),
        number(raw.get("match_draw", 0)),
        number(raw.get("participation", 0)),
        _steps(raw.get("attendance"), "events", "points"),
        _steps(raw.get("size_factors"), "players", "factor"),
    )
    tbs = tuple(str(t) for t in data.get("tiebreakers") or DEFAULT_TIEBREAKERS)
    if "tiebreakers" in own:
        firsts: dict[str, int] = {}
        for i, t in enumerate(tbs):
            if t in firsts:
                problems.append(
                    error(
                        "season-tiebreaker",
                        f'tiebreakers[{i}]: "{t}" is listed twice (first as tiebreakers[{firsts[t]}])',
                        doc.pos((*base, "tiebreakers", i)),
                        "list each tie-breaker once",
                    )
                )
            firsts.setdefault(t, i)
    q = data.get("qualify")
    qualify = Qualification(int(q["top"]), str(q.get("label") or ""), int(q.get("min_events") or 0)) if q else None
    best = data.get("best")
    return Rules(points, int(best) if best is not None else None, tuple(dict.fromkeys(tbs)), qualify), problems


def preset_from(doc: SourceDocument, preset_id: str) -> tuple[Preset, list[Diagnostic]]:
    """A preset from its schema-valid document."""
    data = doc.data
    rules, problems = _rules(data, doc)
    keys = {k: data[k] for k in ("points", "best", "tiebreakers", "qualify") if k in data}
    name, description = str(data.get("name") or preset_id), str(data.get("description") or "")
    return Preset(preset_id, name, description, keys, rules), problems


def season_from(
    doc: SourceDocument, season_id: str, presets: Mapping[str, Preset]
) -> tuple[Season | None, list[Diagnostic]]:
    """A season from its schema-valid document, merged over its preset.

    Keys the season gives replace the preset's; inside ``points`` each kind of points
    (placement, match_win, ...) is replaced on its own.
    """
    data: dict[str, Any] = doc.data
    problems: list[Diagnostic] = []
    preset_id = str(data.get("preset") or "")
    merged: dict[str, Any] = {}
    if preset_id:
        preset = presets.get(preset_id)
        if preset is None:
            known = ", ".join(sorted(presets)) or "none"
            problems.append(
                error(
                    "season-preset",
                    f'preset: there is no preset "{preset_id}"',
                    doc.pos(("preset",)),
                    f"presets: {known}; a project's own go in presets/<id>.yaml",
                )
            )
        else:
            merged = {k: (dict(v) if isinstance(v, dict) else v) for k, v in preset.data.items()}
    for key in ("best", "tiebreakers", "qualify"):
        if key in data:
            merged[key] = data[key]
    if "points" in data:
        merged["points"] = {**(merged.get("points") or {}), **data["points"]}
    rules, found = _rules(merged, doc)
    problems += found
    if rules.points.empty and (not preset_id or preset_id in presets):
        problems.append(
            error(
                "season-points",
                "the season gives no points",
                doc.pos(("points",)) if "points" in data else doc.pos(()),
                "add points: (placement, match_win, participation, ...) or a preset: such as store-league",
            )
        )
    ev = data["events"]
    start, end = _date(ev.get("from")), _date(ev.get("to"))
    if start and end and start > end:
        problems.append(
            error(
                "season-dates",
                f"events.to: {end.isoformat()} is before events.from ({start.isoformat()})",
                doc.pos(("events", "to")),
                "swap the two dates",
            )
        )
    slug_pos = {
        str(s): doc.pos(("events", key, i)) for key in ("exclude", "include") for i, s in enumerate(ev.get(key) or [])
    }
    selection = Selection(
        _tuple(ev.get("game")),
        _tuple(ev.get("format")),
        _tuple(ev.get("organizer")),
        start,
        end,
        _tuple(ev.get("include")),
        _tuple(ev.get("exclude")),
        slug_pos,
    )
    season = Season(
        season_id,
        doc.path,
        str(data["name"]),
        selection,
        rules,
        str(data.get("description") or ""),
        preset_id,
    )
    return (None if any(d.is_error for d in problems) else season), problems


def unknown_slugs(season: Season, slugs: Sequence[str]) -> list[Diagnostic]:
    """Warnings for events an ``include`` or ``exclude`` names that do not exist."""
    known = set(slugs)
    out = []
    for slug, pos in sorted(season.selection.slug_pos.items(), key=lambda kv: (kv[1].line, kv[1].col)):
        if slug not in known:
            out.append(
                warning(
                    "season-event",
                    f'events: no event has the address "{slug}"',
                    pos,
                    "write the event file's name without .yaml, e.g. 2026-11-13-friday-night-modern",
                )
            )
    return out


def file_id_problem(path: Path, shown: str, kind: str) -> Diagnostic | None:
    """An error when a season or preset file name cannot be an address."""
    if ID_PATTERN.match(path.stem):
        return None
    return error(
        "season-file",
        f'the {kind} file name "{path.name}" cannot be used as an address',
        SourcePos.file_start(shown),
        "name it with lowercase letters, digits, '-' and '_', e.g. winter-league-2026.yaml",
    )
