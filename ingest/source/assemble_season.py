"""A season's files made into :class:`~ingest.source.season.Season` values: the checks a schema
cannot express (placements in order, dates the right way round, the preset a season starts
from), each a positioned diagnostic. Pure: :mod:`ingest.source.season_files` reads the files
and checks them against their schemas first.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, warning
from ingest.source.season import (
    DEFAULT_TIEBREAKERS,
    ID_PATTERN,
    Placement,
    Points,
    Preset,
    Qualification,
    Rules,
    Season,
    Selection,
    Step,
    number,
)
from ingest.source.yamldoc import SourceDocument, YamlPath


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
