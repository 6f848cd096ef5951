"""Season pages and API documents: the table after every counted event, with movement,
each player's counted and dropped results, and the qualification line.

:func:`compute_seasons` works every season out once per build (from each event's history,
:class:`~ingest.report.history.EventHistory`); :func:`season_files` renders ``seasons/index.md``,
``seasons/<id>.md``, ``api/seasons.json`` and ``api/seasons/<id>.json``;
:func:`event_seasons` and :func:`player_seasons` give the links the event and player
pages show. All pure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ingest.core.model import Event
from ingest.report.history import EventHistory
from ingest.report.season_table import SeasonEvent, SeasonTable, TableRow, movement, season_events, table_progression
from ingest.site import i18n
from ingest.site.api import API_VERSION
from ingest.site.i18n import N_, ngettext, ordinal, separated
from ingest.site.i18n import gettext as _
from ingest.site.page import Files, page_files
from ingest.source.players import PlayerRegistry
from ingest.source.season import TIEBREAKERS, Rules, Season, points_text

UNNAMED = N_("Unnamed player")
"""A season table's row for a player who chose not to be named (``names`` has only the
players with a page: see :mod:`ingest.source.naming`); in the site's language on pages,
in English in the API."""

_PAGE_ONLY = ("leader_points", "leader_shown")
"""What the seasons index keeps for its page, not for the API."""

SEASON_TIEBREAKERS = {
    "match-points": N_("total match points of the counted results"),
    "head-to-head": N_("matches won minus lost against the other tied players"),
    "events-played": N_("counted events played (more first)"),
    "best-finish": N_("best single final place"),
    "match-wins": N_("matches won in the counted results"),
}
"""What each season tie-breaker compares, for the catalogs (the English of
:data:`ingest.source.season.TIEBREAKERS`; a test keeps the two alike)."""


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


# -- explaining the rules -------------------------------------------------------------------


def rules_text(rules: Rules) -> list[str]:
    """How points are earned, counted and compared, one sentence each (in the site's language).

    >>> from ingest.source.season import Points, Placement, Step
    >>> rules_text(Rules(Points((Placement(1, 1, Fraction(10)), Placement(2, 4, Fraction(6))),
    ...     participation=Fraction(1), attendance=(Step(4, Fraction(3)),)), best=5))[:3]
    ['Placement: 1st 10, 2nd-4th 6.', '1 point for playing each event.', 'Bonus: 3 points after 4 events.']
    >>> with i18n.use("ja"):
    ...     rules_text(Rules(Points((Placement(1, 1, Fraction(10)), Placement(2, 4, Fraction(6))))))[0]
    '順位点：1位 10点、2位〜4位 6点。'
    """
    p = rules.points
    out = []
    if p.placement:
        places = separated(
            _("%(place)s %(points)s") % {"place": _place_range(x.first, x.last), "points": points_text(x.points)}
            for x in p.placement
        )
        out.append(_("Placement: %(places)s.") % {"places": places})
    if p.size_factors:
        steps = separated(
            _("×%(factor)s from %(num)s players") % {"factor": points_text(s.value), "num": s.at}
            for s in p.size_factors
        )
        out.append(_("Placement points scaled by the event's size: %(steps)s.") % {"steps": steps})
    if p.match_win or p.match_draw:
        won = ngettext(
            "%(points)s point per match won (byes included)",
            "%(points)s points per match won (byes included)",
            _count(p.match_win),
        ) % {"points": points_text(p.match_win)}
        drawn = ngettext(
            "%(points)s point per match drawn", "%(points)s points per match drawn", _count(p.match_draw)
        ) % {"points": points_text(p.match_draw)}
        if p.match_win and p.match_draw:
            out.append(_("%(won)s and %(drawn)s.") % {"won": won, "drawn": drawn})
        else:
            out.append(_("%(text)s.") % {"text": won if p.match_win else drawn})
    if p.participation:
        out.append(
            ngettext(
                "%(points)s point for playing each event.",
                "%(points)s points for playing each event.",
                _count(p.participation),
            )
            % {"points": points_text(p.participation)}
        )
    for s in p.attendance:
        out.append(
            ngettext(
                "Bonus: %(points)s point after %(num)s events.",
                "Bonus: %(points)s points after %(num)s events.",
                _count(s.value),
            )
            % {"points": points_text(s.value), "num": s.at}
        )
    out.append(_("The best %(num)s results count.") % {"num": rules.best} if rules.best else _("Every result counts."))
    names = _(", then ").join(_(SEASON_TIEBREAKERS.get(t, TIEBREAKERS[t])) for t in rules.tiebreakers)
    out.append(_("Ties are broken by %(names)s.") % {"names": names} if names else _("Ties are shared."))
    return out


def _count(value: Fraction) -> int:
    """The number a message about ``value`` points takes its plural from (``1 point``, ``0.5 points``)."""
    return 1 if value == 1 else 2


def _english(text: Callable[[Rules], list[str]], rules: Rules) -> list[str]:
    """Text for the API: English whatever the site's language (a program reads it)."""
    with i18n.use(i18n.DEFAULT):
        return text(rules)


def _place_range(first: int, last: int) -> str:
    """``1st``, ``3rd-4th`` (``1位``, ``3位〜4位``)."""
    if first == last:
        return ordinal(first)
    return _("%(first)s-%(last)s") % {"first": ordinal(first), "last": ordinal(last)}


def qualify_text(rules: Rules) -> str:
    """The qualification line in words ("" without one)."""
    q = rules.qualify
    if q is None:
        return ""
    values = {"top": q.top, "label": q.label, "num": q.min_events}
    if q.min_events and q.label:
        return (
            ngettext(
                "The top %(top)s qualify for the %(label)s (at least %(num)d event played); "
                "players tied on the line all qualify.",
                "The top %(top)s qualify for the %(label)s (at least %(num)d events played); "
                "players tied on the line all qualify.",
                q.min_events,
            )
            % values
        )
    if q.min_events:
        return (
            ngettext(
                "The top %(top)s qualify (at least %(num)d event played); players tied on the line all qualify.",
                "The top %(top)s qualify (at least %(num)d events played); players tied on the line all qualify.",
                q.min_events,
            )
            % values
        )
    if q.label:
        return _("The top %(top)s qualify for the %(label)s; players tied on the line all qualify.") % values
    return _("The top %(top)s qualify; players tied on the line all qualify.") % values


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
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def season_files(computed: Iterable[ComputedSeason], names: Mapping[str, str], templates: Path) -> Files:
    """The season pages, their index and their API documents (nothing without seasons).

    ``names``: the published name of every player with a page, by canonical id.
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
            page_files(f"seasons/{c.season.id}.md", templates, "season.md.j2", season_context(c, names, "../../"))
        )
        files[f"api/seasons/{c.season.id}.json"] = _dump(season_document(c, names))
    files.update(page_files("seasons/index.md", templates, "seasons_index.md.j2", {"seasons": index, "base": "../"}))
    files["api/seasons.json"] = _dump(
        {"api_version": API_VERSION, "seasons": [{k: v for k, v in s.items() if k not in _PAGE_ONLY} for s in index]}
    )
    return files
