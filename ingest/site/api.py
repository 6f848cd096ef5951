"""The static JSON API: ``api/events.json``, ``api/events/<slug>.json``, ``api/players/<id>.json``.

Documents are plain data serialised deterministically (sorted keys, fixed indentation);
each has a JSON Schema in ``schema/`` (``api-events``, ``api-event``, ``api-player``).
Only public fields are published: private player fields never reach the model, and
decklists appear only when the event's policy allows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.rules.standings_data import standings_as_data
from ingest.site.api_mtgo import deck_order
from ingest.site.family_views import FamilyViews, views_of
from ingest.source.players import PlayerRegistry
from ingest.summary.event_summary import EventSummary
from ingest.summary.history import HistoryEntry, PlayerHistories

API_VERSION = 3
"""Changes when a field of any document changes meaning or goes. Version 2: an event's
document no longer carries the standings after each round (half its bytes; the site's
rounds page shows them), only ``final``, the standings counting every result recorded.
Version 3: a Magic event's decklists are published once, in its MTGODecklistCache copy: its
document's ``decklists`` keep each deck's check and its place in that copy's ``Decks``
(``mtgo_deck``), and ``decklists_document`` names the copy; a deck's ``archetype`` is its
player's (``players[].archetype``) and no longer repeated under ``decklists``. A player's
document gives each event's ``name``, ``game_name``, ``format``, ``field`` and, until it is
over, ``status``: the player's page draws its results from it."""


def _dump(doc: Any) -> str:
    # Compact and key-sorted: deterministic, small, and written by the C encoder (fast).
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def _rounds(rounds: Sequence[Round], views: FamilyViews) -> list[dict[str, Any]]:
    out = []
    for rnd in rounds:
        doc: dict[str, Any] = {"round": rnd.number, "matches": views.api_entries(rnd), "complete": rnd.complete}
        if rnd.drops:
            doc["drops"] = list(rnd.drops)
        if rnd.name:
            doc["name"] = rnd.name
        out.append(doc)
    return out


def event_document(report: EventSummary, registry: PlayerRegistry) -> dict[str, Any]:
    """One event's API document: what the event is, its players, every round as played, the
    standings counting every result recorded (``final``), and decklists when they are public.

    A deck's ``violations`` are the English sentences the terminal prints
    (:attr:`ingest.decks.legality.Violation.message`), whatever the site's language: the
    document is read by programs, and is the same on every site. The decklists page says
    them in the site's language (:mod:`ingest.site.deck_words`).
    """
    e: Event = report.event
    views = views_of(e)
    players = []
    archetypes = report.public_archetypes()
    for p in e.players:
        item: dict[str, Any] = {
            "id": p.id,
            "name": registry.name(p.id, p.name),
            "player_page": registry.canonical(p.id),
        }
        for key in ("team", "country", "deck_name"):
            if getattr(p, key):
                item[key] = getattr(p, key)
        if archetypes[p.id]:
            item["archetype"] = archetypes[p.id]
        if p.pod is not None:
            item["pod"] = p.pod
        players.append(item)
    doc: dict[str, Any] = {
        "api_version": API_VERSION,
        "slug": e.slug,
        "name": e.name,
        "date": e.date.isoformat(),
        "game": e.game,
        "format": e.format,
        "rules": report.ruleset.id,
        "status": report.status,
        "location": e.location,
        "organizer": e.organizer,
        "structure": {
            "pairing": e.structure.pairing,
            "best_of": e.structure.best_of,
            "swiss_rounds": e.structure.swiss_rounds,
            "playoff": {"top": e.structure.playoff.top, "seeding": e.structure.playoff.seeding}
            if e.structure.playoff
            else None,
            "decklists": e.structure.decklists,
        },
        "players": players,
        "rounds": _rounds(e.rounds, views),
        "playoff": _rounds(e.playoff, views),
        **({"cut_drops": list(e.cut_drops)} if e.cut_drops else {}),
        "final": standings_as_data(e, report.current) if report.current else [],
    }
    if e.teams:
        doc["teams"] = [{"id": t.id, "name": t.name, "members": list(t.members)} for t in e.teams]
    doc.update(views.api_extra(report))
    if report.decklists_visible:
        doc.update(_decklists(report))
    return doc


def _decklists(report: EventSummary) -> dict[str, Any]:
    """``decklists`` (each deck's check, and its cards or where they are) and, for a Magic
    event, ``decklists_document``: the MTGODecklistCache copy that holds the cards.

    Each fact once: the cards are in one document per event, the MTGODecklistCache copy when
    the event has one (:func:`ingest.site.api_mtgo.deck_order`), else this document; the
    decklists page draws them from it.
    """
    order = deck_order(report)
    in_copy = {pid: i for i, pid in enumerate(order or ())}
    decks: dict[str, Any] = {}
    for pid, info in sorted(report.decks.items()):
        deck: dict[str, Any] = {
            "legal": info.legal,
            "violations": [v.message for v in info.verdict.violations] if info.verdict else [],
        }
        if pid in in_copy:
            deck["mtgo_deck"] = in_copy[pid]
        else:
            deck["cards"] = info.decklist.to_mappings()
        decks[pid] = deck
    out: dict[str, Any] = {"decklists": decks}
    if order is not None:
        out["decklists_document"] = f"{report.event.slug}.mtgo.json"
    return out


def event_file(
    report: EventSummary, registry: PlayerRegistry, tables: Mapping[str, Any] | None = None
) -> tuple[str, str]:
    """``api/events/<slug>.json`` of one event: its path and text; with ``tables``, where the
    analysts' tables of its matches and standings are, under ``tables``
    (:func:`ingest.site.api_tables.tables_document`).

    Rendered with the event's pages (:func:`ingest.site.event_pages.render_event`), so it is
    kept in the build cache and made in parallel with them.
    """
    doc = event_document(report, registry)
    if tables is not None:
        doc["tables"] = tables
    return f"api/events/{report.event.slug}.json", _dump(doc)


def api_files(index: Sequence[Mapping[str, Any]], histories: PlayerHistories) -> dict[str, str | bytes]:
    """The API documents of the whole site: ``api/events.json`` and ``api/players/<id>.json``.

    ``index``: each event's item of ``api/events.json``, oldest first (see
    :class:`ingest.site.brief.EventBrief`). ``histories``
    (:func:`ingest.summary.history.histories_from`) are the data the player pages show, so
    each player page has its document with the same values. Each event's own document
    comes from :func:`event_file`.
    """
    files: dict[str, str | bytes] = {}
    files["api/events.json"] = _dump({"api_version": API_VERSION, "events": list(index)})
    for cid, name in sorted(histories.names.items()):
        events = [_history_item(entry) for entry in histories.entries.get(cid, ())]
        files[f"api/players/{cid}.json"] = _dump(
            {"api_version": API_VERSION, "id": cid, "name": name, "events": events}
        )
    return files


def _history_item(entry: HistoryEntry) -> dict[str, Any]:
    """One event of ``api/players/<id>.json``: all the player's page shows of it, which the
    page's script draws from this document (:mod:`ingest.site.player_pages`)."""
    wins, losses, draws = entry.record if entry.record is not None else (None, None, None)
    item: dict[str, Any] = {
        "event": entry.slug,
        "name": entry.event,
        "date": entry.date.isoformat(),
        "game_name": entry.game_name,
        "format": entry.format,
        "field": entry.field,
        "rank": entry.rank,
        "points": entry.points,
        "wins": wins,
        "losses": losses,
        "draws": draws,
    }
    if entry.status != "complete":
        item["status"] = entry.status
    if entry.place:
        item["place"] = entry.place
    if entry.archetype:
        item["archetype"] = entry.archetype
    if entry.tiebreak_points is not None:
        tbp = entry.tiebreak_points
        item["tbp"] = float(tbp)
        item["tbp_exact"] = f"{tbp.numerator}/{tbp.denominator}"
    if entry.team:
        item["team"] = {"id": entry.team, "name": entry.team_name}
        if entry.seat:
            item["team"]["seat"] = entry.seat
    return item
