"""Season pages and API documents: the table after every counted event, with movement,
each player's counted and dropped results, and the qualification line.

:func:`compute_seasons` works every season out once per build (from each event's history,
:class:`~ingest.summary.history.EventHistory`); :func:`season_files` renders ``seasons/index.md``,
``seasons/<id>.md``, ``api/seasons.json`` and ``api/seasons/<id>.json``;
:func:`event_seasons` and :func:`player_seasons` give the links the event and player
pages show. All pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ingest.core.json_text import compact_json
from ingest.core.model import Event
from ingest.site import i18n
from ingest.site.api import API_VERSION
from ingest.site.i18n import N_, ordinal
from ingest.site.i18n import gettext as _
from ingest.site.page import Files, page_files
from ingest.site.season_words import qualify_text, rules_text
from ingest.site.templates import Templates
from ingest.source.players import PlayerRegistry
from ingest.source.season import Rules, Season, points_text
from ingest.summary.history import EventHistory
from ingest.summary.season_table import SeasonEvent, SeasonTable, TableRow, movement, season_events, table_progression

UNNAMED = N_("Unnamed player")
"""A season table's row for a player who chose not to be named (``names`` has only the
players with a page: see :mod:`ingest.source.naming`); in the site's language on pages,
in English in the API."""

_PAGE_ONLY = ("leader_points", "leader_shown")
"""What the seasons index keeps for its page, not for the API."""


@dataclass(frozen=True, slots=True)
class ComputedSeason:
    """A season with its tables."""

    season: Season
    events: tuple[SeasonEvent, ...]
    """Finished events that count, oldest first."""
    tables: tuple[SeasonTable, ...]
    """The table after each of ``events``."""
    pending: tuple[EventHistory, ...]
    """Events that will count once they are finished."""

    @property
    def table(self) -> SeasonTable:
        """The current table."""
        return self.tables[-1] if self.tables else SeasonTable("", ())


def compute_seasons(
    seasons: Sequence[Season], events: Sequence[EventHistory], registry: PlayerRegistry
) -> tuple[ComputedSeason, ...]:
    """Every season's tables, by season id (from each event's :class:`EventHistory`)."""
    out = []
    for season in sorted(seasons, key=lambda s: s.id):
        counted = season_events(events, registry, season)
        pending = tuple(
            h
            for h in sorted(events, key=lambda h: (h.date, h.slug))
            if h.status != "complete" and season.selection.counts(h.slug, h.date, h.game, h.format, h.organizer)
        )
        out.append(ComputedSeason(season, counted, table_progression(season, counted), pending))
    return tuple(out)


def _counts(season: Season, e: Event) -> bool:
    return season.selection.counts(e.slug, e.date, e.game, e.format, e.organizer)


def event_seasons(seasons: Sequence[Season], event: Event) -> list[dict[str, str]]:
    """The seasons an event counts in (links for its page, relative to the site root)."""
    return [
        {"name": s.name, "url": f"seasons/{s.id}/"} for s in sorted(seasons, key=lambda s: s.id) if _counts(s, event)
    ]


def player_seasons(computed: Sequence[ComputedSeason]) -> dict[str, list[dict[str, Any]]]:
    """Each player's place in every season they played (for their page)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for c in computed:
        for row in c.table.rows:
            out.setdefault(row.player, []).append(
                {
                    "name": c.season.name,
                    "url": f"seasons/{c.season.id}/",
                    "rank": ordinal(row.rank),
                    "shared": row.shared,
                    "points": points_text(row.total),
                    "players": len(c.table.rows),
                    "qualified": row.qualified,
                    "label": c.season.rules.qualify.label if c.season.rules.qualify else "",
                }
            )
    return out


def _english(text: Callable[[Rules], list[str]], rules: Rules) -> list[str]:
    """Text for the API: English whatever the site's language (a program reads it)."""
    with i18n.use(i18n.DEFAULT):
        return text(rules)


# -- view models -------------------------------------------------------------------------------


def _move_view(moved: int | None, first: bool) -> dict[str, str]:
    if moved is None:
        return {"text": "" if first else _("new"), "class": "sk-new", "title": _("first event of the season")}
    if moved > 0:
        return {"text": f"▲{moved}", "class": "sk-up", "title": _("up %(places)s") % {"places": moved}}
    if moved < 0:
        return {"text": f"▼{-moved}", "class": "sk-down", "title": _("down %(places)s") % {"places": -moved}}
    return {"text": "–", "class": "sk-same", "title": _("same place")}


def _rows_view(
    table: SeasonTable,
    before: SeasonTable | None,
    name_of: Callable[[str], str],
    url_of: Callable[[str], str],
    rules: Rules,
) -> list[dict[str, Any]]:
    moved = movement(before, table)
    rows = []
    last_qualifier = max((i for i, r in enumerate(table.rows) if r.qualified), default=-1)
    for i, r in enumerate(table.rows):
        rows.append(
            {
                "rank": r.rank,
                "shared": r.shared,
                "name": name_of(r.player),
                "url": url_of(r.player),
                "points": points_text(r.total),
                "bonus": points_text(r.bonus) if r.bonus else "",
                "events": r.events,
                "counted": sum(1 for s in r.results if s.counted),
                "match_points": r.match_points,
                "move": _move_view(moved[r.player], before is None),
                "qualified": r.qualified,
                "line_after": rules.qualify is not None and i == last_qualifier,
                "results": [_result_view(s) for s in r.results],
            }
        )
    return rows


def _result_view(s: Any) -> dict[str, Any]:
    return {
        "slug": s.slug,
        "event": s.name,
        "date": s.date.isoformat(),
        "place": _("%(place)s of %(field)s") % {"place": ordinal(s.rank), "field": s.field}
        if s.rank is not None
        else "",
        "wld": "-".join(str(n) for n in s.record),
        "points": points_text(s.total),
        "counted": s.counted,
    }


def season_context(c: ComputedSeason, names: Mapping[str, str], base: str) -> dict[str, Any]:
    """Everything a season page shows."""
    by_slug = {e.slug: e for e in c.events}

    def name_of(pid: str) -> str:
        return names.get(pid) or _(UNNAMED)

    def url_of(pid: str) -> str:
        return f"players/{pid}/" if pid in names else ""

    history = []
    for i, table in enumerate(c.tables):
        before = c.tables[i - 1] if i else None
        e = by_slug[table.after]
        history.append(
            {
                "event": e.name,
                "slug": e.slug,
                "date": e.date.isoformat(),
                "rows": _rows_view(table, before, name_of, url_of, c.season.rules),
            }
        )
    current = history[-1]["rows"] if history else []
    return {
        "season": c.season,
        "base": base,
        "rules": rules_text(c.season.rules),
        "qualify": qualify_text(c.season.rules),
        "rows": current,
        "after": history[-1] if history else None,
        "history": list(reversed(history[:-1])),
        "events": [{"name": e.name, "slug": e.slug, "date": e.date.isoformat(), "field": e.field} for e in c.events],
        "pending": [
            {"name": r.name, "slug": r.slug, "date": r.date.isoformat(), "status": r.status} for r in c.pending
        ],
    }


def _api_row(row: TableRow, moved: int | None, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "shared": row.shared,
        "player": row.player if row.player in names else None,
        "name": names.get(row.player, UNNAMED),
        "points": float(row.total),
        "points_exact": f"{row.total.numerator}/{row.total.denominator}",
        "bonus": float(row.bonus),
        "events": row.events,
        "match_points": row.match_points,
        "qualified": row.qualified,
        "moved": moved,
        "results": [
            {
                "event": s.slug,
                "date": s.date.isoformat(),
                "rank": s.rank,
                "field": s.field,
                "wins": s.record[0],
                "losses": s.record[1],
                "draws": s.record[2],
                "points": float(s.total),
                "counted": s.counted,
            }
            for s in row.results
        ],
    }


def season_document(c: ComputedSeason, names: Mapping[str, str]) -> dict[str, Any]:
    """``api/seasons/<id>.json`` (schema/api-season.schema.json)."""
    s = c.season
    q = s.rules.qualify
    tables = []
    for i, table in enumerate(c.tables):
        moved = movement(c.tables[i - 1] if i else None, table)
        tables.append({"after": table.after, "standings": [_api_row(r, moved[r.player], names) for r in table.rows]})
    current = tables[-1]["standings"] if tables else []
    return {
        "api_version": API_VERSION,
        "id": s.id,
        "name": s.name,
        "description": s.description,
        "preset": s.preset or None,
        "rules": _english(rules_text, s.rules),
        "best": s.rules.best,
        "tiebreakers": list(s.rules.tiebreakers),
        "qualify": {"top": q.top, "label": q.label, "min_events": q.min_events} if q else None,
        "events": [{"slug": e.slug, "name": e.name, "date": e.date.isoformat(), "field": e.field} for e in c.events],
        "pending": [r.slug for r in c.pending],
        "standings": current,
        "after_each_event": tables,
    }


def _dump(doc: Any) -> str:
    return compact_json(doc, sort_keys=True) + "\n"


def season_files(
    computed: Iterable[ComputedSeason],
    names: Mapping[str, str],
    templates: Templates,
    analytics: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> Files:
    """The season pages, their index and their API documents (nothing without seasons).

    ``names``: the published name of every player with a page, by canonical id;
    ``analytics``: by season id, the (format's name, page) of its analytics pages.
    """
    computed = list(computed)
    if not computed:
        return {}
    files: Files = {}
    index = []
    for c in computed:
        leader = c.table.rows[0] if c.table.rows else None
        index.append(
            {
                "id": c.season.id,
                "name": c.season.name,
                "url": f"seasons/{c.season.id}/",
                "api": f"api/seasons/{c.season.id}.json",
                "events": len(c.events),
                "pending": len(c.pending),
                "players": len(c.table.rows),
                "leader": names.get(leader.player, UNNAMED) if leader else None,
                "leader_points": points_text(leader.total) if leader else None,
                "leader_shown": (names.get(leader.player) or _(UNNAMED)) if leader else None,
            }
        )
        files.update(
            page_files(
                f"seasons/{c.season.id}.md",
                templates,
                "season.md.j2",
                {**season_context(c, names, "../../"), "analytics": (analytics or {}).get(c.season.id, ())},
            )
        )
        files[f"api/seasons/{c.season.id}.json"] = _dump(season_document(c, names))
    files.update(page_files("seasons/index.md", templates, "seasons_index.md.j2", {"seasons": index, "base": "../"}))
    files["api/seasons.json"] = _dump(
        {"api_version": API_VERSION, "seasons": [{k: v for k, v in s.items() if k not in _PAGE_ONLY} for s in index]}
    )
    return files
