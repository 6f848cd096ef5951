"""What the pages about many events read of each event: its :class:`EventDigest`.

The home page, the events index, the player pages, the season tables, the feeds, the
search index and ``api/events.json`` are made from every event of the archive, but each
reads only a little of it: names, date, status, winner, each player's result. An event's
digest holds exactly that, worked out once from its report; the pages about many events
are made from digests only. So a build can keep an unchanged event's digest (plain data,
:func:`digest_to_json`) with its rendered pages, and make the site without the event's
report: the pages are the same whichever way the digest came.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ingest.core.model import Event
from ingest.report.event_report import EventReport
from ingest.report.history import EventHistory, HistoryEntry, Step, event_history
from ingest.site.feeds import FeedEvent
from ingest.site.render import slug_id
from ingest.source.naming import is_unnamed
from ingest.source.players import PlayerRegistry


def player_names(event: Event, registry: PlayerRegistry) -> dict[str, str]:
    """Each player's (and team's) name as published."""
    names = {p.id: registry.name(p.id, p.name) for p in event.players}
    names.update({t.id: t.name for t in event.teams})
    return names


def unit_url(event: Event, unit: str, registry: PlayerRegistry) -> str:
    """The page of a player, or of a team (its section on the event's teams page), from the site root.

    A player's page is under their canonical id: an event may use an alias (players.yaml).
    """
    if event.is_team_event and unit in {t.id for t in event.teams}:
        return f"events/{event.slug}/teams/#{unit}"
    if is_unnamed(unit):
        return f"events/{event.slug}/"  # a player who chose not to be named has no page
    return f"players/{registry.canonical(unit)}/"


@dataclass(frozen=True, slots=True)
class EventDigest:
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


def event_summary(report: EventReport, names: Mapping[str, str], registry: PlayerRegistry) -> dict[str, Any]:
    """The event's line on the home page and the events index."""
    e = report.event
    winner = report.winner
    # A team event's winner is a team: it has no deck of its own.
    winner_deck = report.public_archetypes().get(winner, "") if winner is not None else ""
    return {
        "slug": e.slug,
        "name": e.name,
        "date": e.date.isoformat(),
        "game": e.game,
        "game_name": e.game_name,
        "format": e.format,
        "players": len(e.players),
        "status": report.status,
        "url": f"events/{e.slug}/",
        "winner": names.get(winner, "") if winner else "",
        "winner_url": unit_url(e, winner, registry) if winner else "",
        "winner_deck": winner_deck,
        "location": e.location,
        "year": e.date.year,
        "month": e.date.strftime("%B"),
    }


def event_digest(report: EventReport, registry: PlayerRegistry) -> EventDigest:
    """``report``'s digest (its players named as ``registry`` says)."""
    e = report.event
    names = player_names(e, registry)
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
        "url": f"events/{e.slug}/",
        "api": f"api/events/{e.slug}.json",
    }
    where = ", ".join(x for x in (e.date.isoformat(), e.location, e.game_name, e.format) if x)
    won = f"; won by {names.get(winner, winner)}" if winner else ""
    search = {"location": f"events/{e.slug}/", "title": e.name, "text": f"{where}; {len(e.players)} players{won}"}
    decks = []
    for pid, archetype in sorted(archetypes.items()):
        if not archetype:
            continue
        if report.decklists_visible and pid in report.decks:
            url = f"events/{e.slug}/decklists/#deck-{slug_id(pid)}"
        else:
            url = f"events/{e.slug}/"
        decks.append((archetype, url, names.get(pid, pid)))
    return EventDigest(
        event_history(report),
        e.path,
        e.game_name,
        event_summary(report, names, registry),
        feed,
        api_entry,
        search,
        tuple(decks),
    )


# -- as plain data ----------------------------------------------------------------------------


def digest_to_json(d: EventDigest) -> dict[str, Any]:
    """The digest as JSON values (:func:`digest_from_json` gives it back, equal)."""
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
            "steps": [_step_to_json(s) for s in h.steps],
            "source_ids": [list(x) for x in h.source_ids],
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
    }


def _step_to_json(step: Step) -> list[Any]:
    kind, pid, other, value = step
    if isinstance(value, HistoryEntry):
        return [kind, pid, other, _entry_to_json(value)]
    return [kind, pid, other, value]


def _entry_to_json(e: HistoryEntry) -> dict[str, Any]:
    tbp = e.tiebreak_points
    return {
        "slug": e.slug,
        "event": e.event,
        "date": e.date.isoformat(),
        "game_name": e.game_name,
        "format": e.format,
        "status": e.status,
        "field": e.field,
        "rank": e.rank,
        "place": e.place,
        "record": list(e.record) if e.record is not None else None,
        "points": e.points,
        "tbp": [tbp.numerator, tbp.denominator] if tbp is not None else None,
        "archetype": e.archetype,
        "team": e.team,
        "team_name": e.team_name,
        "seat": e.seat,
        "now": list(e.now) if e.now is not None else None,
    }


class DigestError(ValueError):
    """Data that is not a digest."""


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise DigestError(f"expected a string, got {type(v).__name__}")
    return v


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise DigestError(f"expected an integer, got {type(v).__name__}")
    return v


def _opt_int(v: Any) -> int | None:
    return None if v is None else _int(v)


def _date(v: Any) -> dt.date:
    try:
        return dt.date.fromisoformat(_str(v))
    except ValueError as exc:
        raise DigestError(str(exc)) from None


def _flat(v: Any) -> dict[str, Any]:
    """A mapping of names to strings, integers, booleans or None (summaries, API entries)."""
    if not isinstance(v, dict):
        raise DigestError("expected an object")
    for key, value in v.items():
        if not isinstance(key, str) or not (value is None or isinstance(value, str | int | bool)):
            raise DigestError("expected names with plain values")
    return v


def _entry_from_json(v: Any) -> HistoryEntry:
    d = _flat({k: x for k, x in v.items() if k not in ("record", "tbp", "now")}) if isinstance(v, dict) else None
    if d is None:
        raise DigestError("expected an object")
    record = v["record"]
    tbp = v["tbp"]
    now = v["now"]
    if record is not None and (not isinstance(record, list) or len(record) != 3):
        raise DigestError("a record has three counts")
    if tbp is not None and (not isinstance(tbp, list) or len(tbp) != 2 or _int(tbp[1]) == 0):
        raise DigestError("tie-breaking points are a fraction")
    if now is not None and (not isinstance(now, list) or len(now) != 3):
        raise DigestError("a current seat has three parts")
    return HistoryEntry(
        _str(d["slug"]),
        _str(d["event"]),
        _date(d["date"]),
        _str(d["game_name"]),
        _str(d["format"]),
        _str(d["status"]),
        _int(d["field"]),
        _opt_int(d["rank"]),
        place=_str(d["place"]),
        record=(_int(record[0]), _int(record[1]), _int(record[2])) if record is not None else None,
        points=_opt_int(d["points"]),
        tiebreak_points=Fraction(_int(tbp[0]), _int(tbp[1])) if tbp is not None else None,
        archetype=_str(d["archetype"]),
        team=_str(d["team"]),
        team_name=_str(d["team_name"]),
        seat=_str(d["seat"]),
        now=(_str(now[0]), _opt_int(now[1]), _str(now[2])) if now is not None else None,
    )


def _step_from_json(v: Any) -> Step:
    if not isinstance(v, list) or len(v) != 4:
        raise DigestError("a step has four parts")
    kind, pid, other, value = v
    if kind == "add":
        return ("add", _str(pid), _str(other), _entry_from_json(value))
    if kind == "meet" and _int(value) in (0, 1, 2):
        return ("meet", _str(pid), _str(other), value)
    raise DigestError("unknown step")


def _strings(v: Any, size: int) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != size:
        raise DigestError(f"expected {size} strings")
    return tuple(_str(x) for x in v)


def digest_from_json(obj: Any) -> EventDigest:
    """The digest :func:`digest_to_json` wrote; raises :class:`DigestError` (or KeyError) on anything else."""
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
            tuple(_step_from_json(s) for s in h["steps"]),
            tuple((a, b) for a, b in (_strings(x, 2) for x in h["source_ids"])),
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
        return EventDigest(
            history,
            _str(obj["path"]),
            _str(obj["game_name"]),
            _flat(obj["summary"]),
            feed,
            _flat(obj["api_entry"]),
            search,
            decks,
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise DigestError(f"not a digest: {exc!r}") from None
