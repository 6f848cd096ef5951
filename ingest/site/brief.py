"""What the pages about many events read of each event: its :class:`EventBrief`.

The home page, the events index, the player pages, the season tables, the feeds, the
search index and ``api/events.json`` are made from every event of the archive, but each
reads only a little of it: names, date, status, winner, each player's result. An event's
brief holds exactly that, worked out once from its report; the pages about many events
are made from briefs only. So a build can keep an unchanged event's brief (plain data,
:func:`brief_to_json`) with its rendered pages, and make the site without the event's
report: the pages are the same whichever way the brief came.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ingest.analytics.records import PACKED, EventRecord, KeptRecord, event_record
from ingest.core.model import Event
from ingest.site import i18n
from ingest.site.addresses import deck_address
from ingest.site.feeds import FeedEvent
from ingest.site.i18n import gettext as _
from ingest.site.i18n import ngettext
from ingest.source.naming import is_unnamed
from ingest.summary.event_summary import EventSummary
from ingest.summary.history import EventHistory, HistoryEntry, Step, event_history


def player_names(event: Event) -> dict[str, str]:
    """Each player's (and team's) name as published (``event``: as published, its players
    named as they chose, :func:`ingest.source.naming.naming_of`)."""
    names: dict[str, str] = {p.id: p.name for p in event.players}
    names.update({t.id: t.name for t in event.teams})
    return names


def unit_url(report: EventSummary, unit: str) -> str:
    """The page of a player, or of a team (its section on the event's teams page), from the site root.

    A player's page is under their canonical id: an event may use an alias (players.yaml;
    :meth:`~ingest.summary.summary_values.EventSummary.canonical_id`).
    """
    event = report.event
    if event.is_team_event and unit in {t.id for t in event.teams}:
        return f"events/{event.slug}/teams/#{unit}"
    if is_unnamed(unit):
        return f"events/{event.slug}/"  # a player who chose not to be named has no page
    return f"players/{report.canonical_id(unit)}/"


@dataclass(frozen=True, slots=True)
class EventBrief:
    """One event as the pages about many events see it."""

    history: EventHistory
    """Its share of the player pages and season tables (and its slug, name, date, status)."""
    path: str
    """The event file, as diagnostics name it."""
    game_name: str
    """The game, as shown."""
    summary: Mapping[str, Any]
    """Its line on the home page and the events index (links from the site root)."""
    feed: FeedEvent
    """Its item in the calendar and results feeds."""
    api_entry: Mapping[str, Any]
    """Its item in ``api/events.json``."""
    search: Mapping[str, str]
    """Its search entry."""
    decks: tuple[tuple[str, str, str], ...]
    """Published archetypes, by player id: (archetype, the deck's address, the player's name)."""
    analytics: KeptRecord | None = None
    """What the analytics read of it (:mod:`ingest.analytics.records`): its record with the
    record's digest, taken when the event was made and kept with it. A format's analytics
    pages are keyed by the digests, and the record is decoded from its text only when its
    format's pages are made again, so a build that makes none never reads the records."""


def index_line(report: EventSummary, names: Mapping[str, str]) -> dict[str, Any]:
    """The event's line on the home page and the events index."""
    e = report.event
    winner = report.winner
    # A team event's winner is a team: it has no deck of its own.
    winner_deck = report.public_archetypes().get(winner, "") if winner is not None else ""
    return {
        "slug": e.slug,
        "name": e.name,
        "date": i18n.day(e.date),
        "game": e.game,
        "game_name": e.game_name,
        "format": e.format,
        "players": len(e.players),
        "status": report.status,
        "url": f"events/{e.slug}/",
        "winner": names.get(winner, "") if winner else "",
        "winner_url": unit_url(report, winner) if winner else "",
        "winner_deck": winner_deck,
        "location": e.location,
        "year": e.date.year,
        "month": i18n.month(e.date),
    }


def analytics_record(report: EventSummary) -> EventRecord:
    """``report``'s record for the analytics, its players keyed across events by their canonical id."""
    return event_record(report, report.canonical_id)


def event_brief(report: EventSummary, record: EventRecord | None = None) -> EventBrief:
    """``report``'s brief (its players named as the report's event names them; ``record``:
    its analytics record, when made already)."""
    e = report.event
    names = player_names(e)
    winner = report.winner
    archetypes = report.public_archetypes()
    feed = FeedEvent(
        slug=e.slug,
        name=e.name,
        start=e.date,
        end=e.end_date or e.date,
        game=e.game,
        game_name=e.game_name,
        format=e.format,
        path=f"events/{e.slug}/",
        status=report.status,
        location=e.location,
        players=len(e.players),
        winner=names.get(winner, "") if winner else "",
        winner_deck=archetypes.get(winner, "") if winner else "",
    )
    api_entry = {
        "slug": e.slug,
        "name": e.name,
        "date": e.date.isoformat(),
        "game": e.game,
        "format": e.format,
        "players": len(e.players),
        "status": report.status,
        "winner": winner,
    }  # its page is events/<slug>/ and its document api/events/<slug>.json (said once, in the schema)
    where = i18n.separated(x for x in (i18n.day(e.date), e.location, e.game_name, e.format) if x)
    won = _("; won by %(player)s") % {"player": names.get(winner, winner)} if winner else ""
    field = ngettext("%(num)d player", "%(num)d players", len(e.players)) % {"num": len(e.players)}
    search = {"location": f"events/{e.slug}/", "title": e.name, "text": f"{where}; {field}{won}"}
    rec = record if record is not None else analytics_record(report)
    kept = KeptRecord.of(rec) if rec is not None else None
    decks = []
    for pid, archetype in sorted(archetypes.items()):
        if not archetype:
            continue
        url = deck_address(e.slug, pid) if report.decklists_visible and pid in report.decks else f"events/{e.slug}/"
        decks.append((archetype, url, names.get(pid, pid)))
    return EventBrief(
        event_history(report),
        e.path,
        e.game_name,
        index_line(report, names),
        feed,
        api_entry,
        search,
        tuple(decks),
        kept,
    )


# -- as plain data ----------------------------------------------------------------------------


def brief_to_json(d: EventBrief) -> dict[str, Any]:
    """The brief as JSON values (:func:`brief_from_json` gives it back, equal)."""
    h = d.history
    f = d.feed
    return {
        "history": {
            "slug": h.slug,
            "name": h.name,
            "date": h.date.isoformat(),
            "game": h.game,
            "format": h.format,
            "organizer": h.organizer,
            "status": h.status,
            **steps_to_json(h.steps),
            "file_ids": [list(x) for x in h.file_ids],
        },
        "path": d.path,
        "game_name": d.game_name,
        "summary": dict(d.summary),
        "feed": {
            "slug": f.slug,
            "name": f.name,
            "start": f.start.isoformat(),
            "end": f.end.isoformat(),
            "game": f.game,
            "game_name": f.game_name,
            "format": f.format,
            "path": f.path,
            "status": f.status,
            "location": f.location,
            "players": f.players,
            "winner": f.winner,
            "winner_deck": f.winner_deck,
        },
        "api_entry": dict(d.api_entry),
        "search": dict(d.search),
        "decks": [list(x) for x in d.decks],
        "analytics": _kept_to_json(d.analytics),
    }


def _kept_to_json(k: KeptRecord | None) -> list[Any] | None:
    """The record as its packed text (one string, neither unpacked nor decoded when the entry
    is read back: :attr:`KeptRecord.packed`) and what chooses and keys its format's pages."""
    return None if k is None else [k.packed, k.digest, k.game, k.format, k.names_archetypes]


def _kept_from_json(v: Any) -> KeptRecord | None:
    if v is None:
        return None
    packed, digest, game, fmt, named = v
    if not isinstance(named, bool):
        raise BriefError("expected a boolean")
    if not _str(packed).startswith(PACKED):
        raise BriefError("not a packed event record")
    return KeptRecord(None, _str(digest), _str(game), _str(fmt), named, packed=packed)


def steps_to_json(steps: Sequence[Step]) -> dict[str, list[Any]]:
    """Steps as compact lists: ``[0, player, name, common, rank, place, record, points,
    tbp, archetype, team, team_name, seat, now]`` (``common``: an index into ``common``,
    the shared fields) or ``[1, player, opponent, slot]``."""
    commons: dict[tuple[Any, ...], int] = {}
    out: list[Any] = []
    for _kind, pid, other, value in steps:
        if not isinstance(value, HistoryEntry):
            out.append([1, pid, other, value])
            continue
        e = value
        common = (e.slug, e.event, e.date.isoformat(), e.game_name, e.format, e.status, e.field)
        index = commons.setdefault(common, len(commons))
        tbp = e.tiebreak_points
        out.append(
            [
                0,
                pid,
                other,
                index,
                e.rank,
                e.place,
                list(e.record) if e.record is not None else None,
                e.points,
                [tbp.numerator, tbp.denominator] if tbp is not None else None,
                e.archetype,
                e.team,
                e.team_name,
                e.seat,
                list(e.now) if e.now is not None else None,
            ]
        )
    return {"common": [list(c) for c in commons], "steps": out}


class BriefError(ValueError):
    """Data that is not a brief."""


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise BriefError(f"expected a string, got {type(v).__name__}")
    return v


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise BriefError(f"expected an integer, got {type(v).__name__}")
    return v


def _date(v: Any) -> dt.date:
    try:
        return dt.date.fromisoformat(_str(v))
    except ValueError as exc:
        raise BriefError(str(exc)) from None


def _flat(v: Any) -> dict[str, Any]:
    """A mapping of names to strings, integers, booleans or None (summaries, API entries)."""
    if not isinstance(v, dict):
        raise BriefError("expected an object")
    for key, value in v.items():
        if not isinstance(key, str) or not (value is None or isinstance(value, str | int | bool)):
            raise BriefError("expected names with plain values")
    return v


def steps_from_json(commons: Any, steps: Any) -> tuple[Step, ...]:
    """The steps :func:`steps_to_json` wrote. The entry they come in is signed (see
    :mod:`ingest.publish.cache`): only shapes are checked here, by the conversions."""
    shared = [(_str(a), _str(b), _date(c), _str(d), _str(e), _str(f), _int(g)) for a, b, c, d, e, f, g in commons]
    out: list[Step] = []
    for step in steps:
        if step[0] == 1:
            _, me, opp, slot = step
            out.append(("meet", me, opp, slot))
            continue
        _, pid, name, index, rank, place, record, points, tbp, archetype, team, team_name, seat, now = step
        slug, event, day, game_name, fmt, status, field = shared[index]
        entry = HistoryEntry(
            slug,
            event,
            day,
            game_name,
            fmt,
            status,
            field,
            rank,
            place,
            (record[0], record[1], record[2]) if record is not None else None,
            points,
            Fraction(tbp[0], tbp[1]) if tbp is not None else None,
            archetype,
            team,
            team_name,
            seat,
            (now[0], now[1], now[2]) if now is not None else None,
        )
        out.append(("add", pid, name, entry))
    return tuple(out)


def _strings(v: Any, size: int) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != size:
        raise BriefError(f"expected {size} strings")
    return tuple(_str(x) for x in v)


def brief_from_json(obj: Any) -> EventBrief:
    """The brief :func:`brief_to_json` wrote; raises :class:`BriefError` (or KeyError) on anything else."""
    try:
        h, f = obj["history"], obj["feed"]
        history = EventHistory(
            _str(h["slug"]),
            _str(h["name"]),
            _date(h["date"]),
            _str(h["game"]),
            _str(h["format"]),
            _str(h["organizer"]),
            _str(h["status"]),
            steps_from_json(h["common"], h["steps"]),
            tuple((a, b) for a, b in (_strings(x, 2) for x in h["file_ids"])),
        )
        feed = FeedEvent(
            slug=_str(f["slug"]),
            name=_str(f["name"]),
            start=_date(f["start"]),
            end=_date(f["end"]),
            game=_str(f["game"]),
            game_name=_str(f["game_name"]),
            format=_str(f["format"]),
            path=_str(f["path"]),
            status=_str(f["status"]),
            location=_str(f["location"]),
            players=_int(f["players"]),
            winner=_str(f["winner"]),
            winner_deck=_str(f["winner_deck"]),
        )
        decks = tuple((a, b, c) for a, b, c in (_strings(x, 3) for x in obj["decks"]))
        search = {k: _str(x) for k, x in _flat(obj["search"]).items()}
        return EventBrief(
            history,
            _str(obj["path"]),
            _str(obj["game_name"]),
            _flat(obj["summary"]),
            feed,
            _flat(obj["api_entry"]),
            search,
            decks,
            _kept_from_json(obj["analytics"]),
        )
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, ZeroDivisionError) as exc:
        raise BriefError(f"not a brief: {exc!r}") from None
