"""The static JSON API: ``api/events.json``, ``api/events/<slug>.json``, ``api/players/<id>.json``.

Documents are plain data serialised deterministically (sorted keys, fixed indentation);
each has a JSON Schema in ``schema/`` (``api-events``, ``api-event``, ``api-player``).
Only public fields are published: private player fields never reach the model, and
decklists appear only when the event's policy allows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ingest.core.families import MTR_STYLE, family_of
from ingest.core.json_text import compact_json
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.rules.standings_data import standings_as_data
from ingest.site.api_mtgo import deck_order
from ingest.site.api_places import placed
from ingest.site.family_views import FamilyViews, views_of
from ingest.summary.event_summary import EventSummary
from ingest.summary.history import HistoryEntry, PlayerHistories

API_VERSION = 6
"""Changes when a field of any document changes meaning or goes. Version 2: an event's
document no longer carries the standings after each round (half its bytes; the site's
rounds page shows them), only ``final``, the standings counting every result recorded.
Version 3: a Magic event's decklists are published once, in its MTGODecklistCache copy: its
document's ``decklists`` keep each deck's check and its place in that copy's ``Decks``
(``mtgo_deck``), and ``decklists_document`` names the copy; a deck's ``archetype`` is its
player's (``players[].archetype``) and no longer repeated under ``decklists``. A player's
document gives each event's ``name``, ``game_name``, ``format``, ``field`` and, until it is
over, ``status``: the player's page draws its results from it. Version 4: each fact once, in
fewer bytes (issue 38): a player's document holds the head to head (``opponents``: each
opponent's id, name, and the matches won, lost and drawn against them), which the player's
page draws from it instead of repeating it as rows; the rows of an event's ``final`` no
longer repeat the player's ``name`` (``players[].name``) nor the tiebreakers as decimals
(``mw``, ``gw``, ``omw``, ``ogw``: the exact fractions ``*_exact`` are the values), and a
player's ``player_page`` is there only when it is not the player's ``id``, and a deck's
``violations`` only when it has some. Version 5: each event of a player's document is a row
(``events``: the event's slug, name, date, format, field, then the player's rank, points,
wins, losses, draws and archetype, :data:`HISTORY_COLUMNS`) and names its game and format by
their place in the document's ``formats``; Wheel of Time's tie-breaking points are their
exact fraction only (``tbp_exact``). Version 6: each player's id once (issue 38 point 4: 10,000
events in GitHub Pages' 1 GB): past ``players``, an individual event's document names a player
by their place in ``players`` (an integer from 0) in its rounds' matches and drops, ``final``,
``wot_standings`` and ``decklists``, which is a table like the others, a deck's player in its
``player`` column (:mod:`ingest.site.api_places`)."""


def _dump(doc: Any) -> str:
    # Compact and key-sorted: deterministic, small, and written by the C encoder (fast).
    return compact_json(doc, sort_keys=True) + "\n"


def _rounds(rounds: Sequence[Round], views: FamilyViews) -> list[dict[str, Any]]:
    out = []
    for rnd in rounds:
        entries = views.api_entries(rnd)
        if rnd.team_matches:
            _with_seats(entries, rnd)
        doc: dict[str, Any] = {"round": rnd.number, "matches": entries, "complete": rnd.complete}
        if rnd.drops:
            doc["drops"] = list(rnd.drops)
        if rnd.name:
            doc["name"] = rnd.name
        out.append(doc)
    return out


def _with_seats(entries: list[dict[str, Any]], rnd: Round) -> None:
    """A team event's matches with each seat's result (``seats``, in seat order: its games
    from the first team's side, ``double-loss``, or null while unreported): each seat's
    players play a match of their own (MTR 8.2; Bushiroad 5.1.1-5.1.2), which the analysts'
    match table counts. A Two-Headed Giant match has no seats (its score is the match's)."""
    seats = {tm.teams: tm.seats for tm in rnd.team_matches if tm.seats}
    for entry in entries:
        found = seats.get(tuple(entry.get("players", ())))
        if found:
            entry["seats"] = [
                "double-loss" if s.double_loss else s.score.notation() if s.score is not None else None for s in found
            ]


def event_document(report: EventSummary) -> dict[str, Any]:
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
        item: dict[str, Any] = {"id": p.id, "name": p.name}
        if report.canonical_id(p.id) != p.id:
            item["player_page"] = report.canonical_id(p.id)
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
            "results": e.structure.results,
        },
        "players": players,
        "rounds": _rounds(e.rounds, views),
        "playoff": _rounds(e.playoff, views),
        **({"cut_drops": list(e.cut_drops)} if e.cut_drops else {}),
        "final": _final(report),
    }
    if e.teams:
        doc["teams"] = [{"id": t.id, "name": t.name, "members": list(t.members)} for t in e.teams]
    doc.update(views.api_extra(report))
    if family_of(e) is MTR_STYLE:  # the analysts' tables made from this document (issue 37)
        doc["tables"] = "players" if e.unit_key == "players" else "teams"
    if report.decklists_visible:
        doc.update(_decklists(report))
    return doc


def _final(report: EventSummary) -> list[dict[str, Any]]:
    """``final``: the standings counting every result recorded, each row once: the player's
    name is under ``players``, and a tiebreaker is its exact fraction (``omw_exact``); the
    decimal (``omw``) is there only where the event's platform published rounded figures
    (``structure.published_precision``), which differ from the fraction and rank the table.
    """
    table = report.current
    if table is None:
        return []
    rows = standings_as_data(report.event, table)
    published = table.ruleset.platform.publish_precision is not None
    for row in rows:
        del row["name"]
        if not published:
            for key in [k for k in row if f"{k}_exact" in row]:
                del row[key]
    return rows


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
        deck: dict[str, Any] = {"legal": info.legal}
        if info.verdict and info.verdict.violations:
            deck["violations"] = [v.message for v in info.verdict.violations]
        if pid in in_copy:
            deck["mtgo_deck"] = in_copy[pid]
        else:
            deck["cards"] = info.decklist.to_mappings()
        decks[pid] = deck
    out: dict[str, Any] = {"decklists": decks}
    if order is not None:
        out["decklists_document"] = f"{report.event.slug}.mtgo.json"
    return out


def event_file(report: EventSummary) -> tuple[str, str]:
    """``api/events/<slug>.json`` of one event: its path and text.

    Rendered with the event's pages (:func:`ingest.site.event_pages.render_event`), so it is
    kept in the build cache and made in parallel with them.
    """
    return f"api/events/{report.event.slug}.json", _dump(published_event(event_document(report)))


def published_event(doc: Mapping[str, Any]) -> dict[str, Any]:
    """An event's document (:func:`event_document`) as it is published: each player's id
    once, a player named elsewhere by their place in ``players`` (:func:`ingest.site.api_places.placed`),
    and its ``players``, its ``final``, each round's ``matches``, its ``decklists`` and a
    Wheel of Time event's standings after each game (``wot_standings``, without the decimal
    ``tbp`` beside its fraction ``tbp_exact``) as tables (:func:`as_table`), where every item
    repeated its keys (a third of the document)."""
    doc = placed(doc)
    out = dict(doc)
    out["players"] = as_table(doc["players"])
    out["final"] = as_table(doc["final"])
    for stage in ("rounds", "playoff"):
        out[stage] = [{**rnd, "matches": as_table(rnd["matches"])} for rnd in doc[stage]]
    if "decklists" in doc:
        out["decklists"] = as_table(doc["decklists"])
    if "wot_standings" in doc:  # Wheel of Time's, after each game: tie-breaking points as their exact fraction
        out["wot_standings"] = [
            as_table([{k: v for k, v in row.items() if k != "tbp"} for row in after]) for after in doc["wot_standings"]
        ]
    return out


def as_table(items: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    """Objects as a table, ``{"columns": [...], "rows": [[...], ...]}``: the keys the objects
    have, the most common first (then by name), and each object as a row of its values in
    that order, null where it has no such key, without the nulls that would end it. Read
    back, a row is the object of its columns and items, its nulls left out.

    >>> as_table([{"table": 1, "players": ["a", "b"], "games": "2-1"}, {"table": 2, "bye": "c"}])
    {'columns': ['table', 'bye', 'games', 'players'], 'rows': [[1, None, '2-1', ['a', 'b']], [2, 'c']]}
    """
    counts: dict[str, int] = {}
    for item in items:
        for key in item:
            counts[key] = counts.get(key, 0) + 1
    columns = sorted(counts, key=lambda k: (-counts[k], k))
    rows = []
    for item in items:
        row = [item.get(k) for k in columns]
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    return {"columns": columns, "rows": rows}


def api_files(
    index: Sequence[Mapping[str, Any]],
    histories: PlayerHistories,
    format_names: Mapping[str, str],
    documented: Iterable[str] | None = None,
) -> dict[str, str | bytes]:
    """The API documents of the whole site: ``api/events.json`` and ``api/players/<id>.json``.

    ``index``: each event's item of ``api/events.json``, oldest first (see
    :class:`ingest.site.brief.EventBrief`). ``histories``
    (:func:`ingest.summary.history.histories_from`) are the data the player pages show, so
    each player page has its document with the same values. ``format_names``: each event's
    format as its page names it ("Modern"), by the event's slug. ``documented``: the players
    whose documents are made (default: every player ``histories`` names; its names are every
    player's, since a document names its opponents). Each event's own document comes from
    :func:`event_file`.
    """
    files: dict[str, str | bytes] = {}
    files["api/events.json"] = _dump({"api_version": API_VERSION, "events": list(index)})
    names = histories.names
    for cid in sorted(names if documented is None else documented):
        rows = [
            row_parts(entry, format_names.get(entry.slug, entry.format)) for entry in histories.entries.get(cid, ())
        ]
        files[f"api/players/{cid}.json"] = player_document(cid, names[cid], rows, head_to_head(cid, histories))
    return files


@dataclass(frozen=True, slots=True)
class RowParts:
    """One event of ``api/players/<id>.json`` as JSON text (:func:`row_parts`), but for its
    format's place in the document's ``formats``, which depends on the player's other events:
    the row is ``head``, that place, ``tail``."""

    head: str
    format: tuple[str, str, str]
    """The row's format: ``[game name, format id, format name]``."""
    tail: str


def player_document(cid: str, name: str, rows: Iterable[RowParts], opponents: Sequence[Sequence[Any]]) -> str:
    """``api/players/<id>.json``: the player's events (``rows``, oldest first), each naming its
    format by its place in ``formats`` (in the order the rows first name them), and their
    head to head (:func:`head_to_head`); the text :func:`_dump` gives the document as a whole
    (compact, keys sorted), joined from each row's text so that a row is encoded once."""
    formats: dict[tuple[str, str, str], int] = {}
    texts = [r.head + str(formats.setdefault(r.format, len(formats))) + r.tail for r in rows]
    kinds = compact_json([list(f) for f in formats])
    return (
        f'{{"api_version":{compact_json(API_VERSION)},"events":[{",".join(texts)}],"formats":{kinds},'
        f'"id":{compact_json(cid)},"name":{compact_json(name)},"opponents":{compact_json(opponents)}}}\n'
    )


def head_to_head(cid: str, histories: PlayerHistories) -> list[list[str | int]]:
    """A player's head to head, as their document publishes it and their page shows it: each
    opponent with a page as ``[id, name, won, lost, drawn]``, the most matches first, then by
    name. Opponents who chose not to be named count in the lifetime record but are not listed.
    """
    return opponents_of(histories.h2h.get(cid, {}), histories.names)


def opponents_of(h2h: Mapping[str, Sequence[int]], names: Mapping[str, str]) -> list[list[str | int]]:
    """:func:`head_to_head` of a player's matches won, lost and drawn against each opponent
    (``h2h``), ``names`` naming every player with a page."""
    met = sorted(
        ((o, c) for o, c in h2h.items() if o in names),
        key=lambda kv: (-sum(kv[1]), names[kv[0]].casefold(), kv[0]),
    )
    return [[o, names[o], c[0], c[1], c[2]] for o, c in met]


HISTORY_COLUMNS = ("event", "name", "date", "format", "field", "rank", "points", "wins", "losses", "draws", "archetype")
"""What each event of ``api/players/<id>.json`` gives, in its row's order (``schema/api-player.schema.json``):
the event's slug, name and date, its format (a place in the document's ``formats``, each
``[game name, format id, format name]``), its field, then the player's rank, points, wins,
losses, draws and archetype (null: none published). A 12th item, only where there is any,
holds what few rows have: ``status`` (not over yet), ``place`` (in the playoff),
``tbp_exact`` (Wheel of Time's tie-breaking points) and ``team``."""


def row_parts(entry: HistoryEntry, format_name: str) -> RowParts:
    """One event of ``api/players/<id>.json`` as a row (:data:`HISTORY_COLUMNS`): all the
    player's page shows of it, which the page's script draws from this document
    (:mod:`ingest.site.player_pages`). Each event of the archive is in the documents of
    all its players, so the row names its format by its place in the document's ``formats``
    (:func:`player_document`) and its keys are the schema's, not repeated."""
    row = _history_row(entry)
    head = compact_json(row[:3], sort_keys=True)
    return RowParts(
        head[:-1] + ",", (entry.game_name, entry.format, format_name), "," + compact_json(row[3:], sort_keys=True)[1:]
    )


def _history_row(entry: HistoryEntry) -> list[Any]:
    """The row's values but its format's place (:func:`row_parts`)."""
    wins, losses, draws = entry.record if entry.record is not None else (None, None, None)
    row: list[Any] = [
        entry.slug,
        entry.event,
        entry.date.isoformat(),
        entry.field,
        entry.rank,
        entry.points,
        wins,
        losses,
        draws,
        entry.archetype or None,
    ]
    more: dict[str, Any] = {}
    if entry.status != "complete":
        more["status"] = entry.status
    if entry.place:
        more["place"] = entry.place
    if entry.tiebreak_points is not None:
        tbp = entry.tiebreak_points
        more["tbp_exact"] = f"{tbp.numerator}/{tbp.denominator}"
    if entry.team:
        more["team"] = {"id": entry.team, "name": entry.team_name}
        if entry.seat:
            more["team"]["seat"] = entry.seat
    if more:
        row.append(more)
    return row
