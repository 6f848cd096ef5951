"""The analysts' tidy tables: one row per match (both players' archetypes), one row per
standings row, one row per decklist card. Values only; :mod:`ingest.site.api_tables` writes
them as CSV and JSON.

Like every figure, the tables hold only what may be published now: archetypes and cards
while the event's decklists may be (:attr:`~ingest.analytics.records.EventRecord.lists_public`),
players by their published id and name (a hidden player is "Player 17").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ingest.analytics.records import EventRecord
from ingest.core.ids import PlayerId
from ingest.summary.event_summary import EventSummary

Value = str | int | None
"""A cell: text, a whole number, or empty."""

EVENT_COLUMNS = 4
"""The first four columns of every table name the event: its slug, date, game and format."""

MATCH_COLUMNS = (
    "event",
    "date",
    "game",
    "format",
    "stage",
    "round",
    "table",
    "player",
    "player_name",
    "archetype",
    "opponent",
    "opponent_name",
    "opponent_archetype",
    "kind",
    "result",
    "games_won",
    "games_lost",
    "games_drawn",
)
"""One row per round entry, from the first-listed player's side (``result`` is theirs: win,
loss or draw; empty for an unreported match)."""

STANDINGS_COLUMNS = (
    "event",
    "date",
    "game",
    "format",
    "rank",
    "player",
    "player_name",
    "archetype",
    "points",
    "wins",
    "losses",
    "draws",
    "byes",
)
"""One row per row of the event's standings as they stand (byes counted among the wins)."""

CARD_COLUMNS = ("event", "date", "game", "format", "player", "player_name", "archetype", "section", "count", "card")
"""One row per line of a decklist."""


@dataclass(frozen=True, slots=True)
class Tables:
    """The three tables of one event or of many."""

    matches: tuple[tuple[Value, ...], ...] = ()
    standings: tuple[tuple[Value, ...], ...] = ()
    cards: tuple[tuple[Value, ...], ...] = ()


def _head(r: EventRecord) -> tuple[Value, ...]:
    return (r.slug, r.date.isoformat(), r.game, r.format)


def match_rows(r: EventRecord) -> tuple[tuple[Value, ...], ...]:
    """The event's match table."""
    names = {pid: name for pid, name, _, _ in r.players}
    arch = {pid: a for pid, _, a, _ in r.players}
    head = _head(r)
    out = []
    for m in r.matches:
        g = m.games
        out.append(
            (
                *head,
                m.stage,
                m.round,
                m.table,
                m.a,
                names.get(m.a, m.a),
                arch.get(m.a, ""),
                m.b or None,
                names.get(m.b, m.b) if m.b else None,
                arch.get(m.b, "") if m.b else None,
                m.kind,
                m.result or None,
                g[0] if g else None,
                g[1] if g else None,
                g[2] if g else None,
            )
        )
    return tuple(out)


def standings_rows(r: EventRecord) -> tuple[tuple[Value, ...], ...]:
    """The event's standings table."""
    names = {pid: name for pid, name, _, _ in r.players}
    arch = {pid: a for pid, _, a, _ in r.players}
    head = _head(r)
    return tuple(
        (
            *head,
            s.rank,
            s.player,
            names.get(s.player, s.player),
            arch.get(s.player, ""),
            s.points,
            s.wins,
            s.losses,
            s.draws,
            s.byes,
        )
        for s in r.standings
    )


def card_rows(report: EventSummary, r: EventRecord) -> tuple[tuple[Value, ...], ...]:
    """The event's decklist table: empty while its lists may not be published (the report holds none then)."""
    if not r.lists_public:
        return ()
    names = {pid: name for pid, name, _, _ in r.players}
    arch = {pid: a for pid, _, a, _ in r.players}
    head = _head(r)
    out = []
    for pid, _, _, _ in r.players:
        deck = report.decks.get(PlayerId(pid))
        if deck is None:
            continue
        for e in deck.decklist.entries:
            out.append((*head, pid, names.get(pid, pid), arch.get(pid, ""), str(e.section), e.count, e.card))
    return tuple(out)


def event_tables(report: EventSummary, r: EventRecord, *, cards: bool = True) -> Tables:
    """The tables of one event (the card rows only with ``cards``)."""
    return Tables(match_rows(r), standings_rows(r), card_rows(report, r) if cards else ())


def joined(tables: Iterable[Tables]) -> Tables:
    """Many events' tables, one after another."""
    items = list(tables)
    return Tables(
        tuple(x for t in items for x in t.matches),
        tuple(x for t in items for x in t.standings),
        tuple(x for t in items for x in t.cards),
    )
