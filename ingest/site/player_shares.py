"""Each event's share of one player's page and API document, made once from the event's steps.

A player's page and document show every event they played (about 530 of 10,000 weekly
events for a regular). Worked out from their history, a build after one result replays each
of those events for each of the changed event's players (issue 38: that work grows with the
archive). The players' book (:mod:`ingest.publish.player_book`) keeps instead, for each
player and event, an :class:`EventShare`: the document's row as JSON text, the names, deck,
place, seat and game the page shows, and the matches won, lost and drawn against each
opponent. A player's files are then joined from their shares (:func:`player_files`): a new
or changed event's share is made once, every other share is taken as it is. The text is the
history's (:func:`~ingest.site.player_pages.facts_of`, :func:`~ingest.site.api.api_files`),
byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ingest.site.api import RowParts, opponents_of, player_document, row_parts
from ingest.site.page import Files, SiteInputs
from ingest.site.player_pages import PlayerFacts, Playing, player_page
from ingest.site.templates import Templates
from ingest.source.players import PlayerRegistry
from ingest.summary.history import HistoryEntry, Step


@dataclass(frozen=True, slots=True)
class ShareEntry:
    """One entry of a player's history as their page and document show it."""

    name: str
    """The player's name as this event gives it (``players.yaml``'s, else the event's)."""
    archetype: str
    place: str
    seat: str
    game: str
    """The game, as shown."""
    playing: Playing | None
    """The event, while the player is playing it."""
    row: RowParts
    """The document's row (:func:`~ingest.site.api.row_parts`)."""


@dataclass(frozen=True, slots=True)
class EventShare:
    """One event's share of one player's page and document (ids canonical: ``players.yaml``
    applied, as the book's basis holds it)."""

    entries: tuple[ShareEntry, ...]
    """The player's entries in the event (one, but for two of the event's ids that are one player)."""
    meets: tuple[tuple[str, int], ...]
    """Each match: the opponent's id and WON, LOST or DRAWN (byes are not matches)."""


def share_of(steps: Iterable[Step], registry: PlayerRegistry, format_name: str) -> EventShare:
    """A player's share of an event from their steps in it (as
    :func:`~ingest.summary.history.histories_from` takes them: aliases resolved, the opponent
    at the table now by their canonical id); ``format_name``: the event's format as its page
    names it."""
    entries: list[ShareEntry] = []
    meets: list[tuple[str, int]] = []
    for kind, pid, other, value in steps:
        if kind != "add":
            assert isinstance(value, int)
            meets.append((registry.canonical(other), value))
            continue
        assert isinstance(value, HistoryEntry)
        e = value
        playing = None
        if e.now is not None:
            opponent = registry.canonical(e.now[2]) if e.now[2] else e.now[2]
            playing = Playing(e.event, e.slug, e.now[0], e.now[1], opponent)
        row = row_parts(e, format_name)
        entries.append(ShareEntry(registry.name(pid, other), e.archetype, e.place, e.seat, e.game_name, playing, row))
    return EventShare(tuple(entries), tuple(meets))


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """What a player's files are made of, summed over their shares (oldest event first)."""

    facts: PlayerFacts
    rows: tuple[RowParts, ...]
    h2h: dict[str, list[int]]
    """Matches won, lost and drawn against each opponent."""

    @property
    def shows(self) -> tuple[str, ...]:
        """The players whose names the player's page shows (opponents, the opponent at the table now)."""
        return tuple(sorted(set(self.h2h) | {p.opponent for p in self.facts.playing if p.opponent}))


def summary_of(shares: Iterable[EventShare], names: Mapping[str, str]) -> PlayerSummary:
    """A player's summary from their shares, oldest event first (``names``: every player with
    a page, by id: whether an opponent has one)."""
    rows: list[RowParts] = []
    decks: set[str] = set()
    places: set[str] = set()
    seats: set[str] = set()
    games: set[str] = set()
    playing: list[Playing] = []
    h2h: dict[str, list[int]] = {}
    for share in shares:
        for e in share.entries:
            rows.append(e.row)
            if e.archetype:
                decks.add(e.archetype)
            if e.place:
                places.add(e.place)
            if e.seat:
                seats.add(e.seat)
            games.add(e.game)
            if e.playing is not None:
                playing.append(e.playing)
        for opponent, slot in share.meets:
            counts = h2h.get(opponent)
            if counts is None:
                counts = h2h[opponent] = [0, 0, 0]
            counts[slot] += 1
    record = (sum(c[0] for c in h2h.values()), sum(c[1] for c in h2h.values()), sum(c[2] for c in h2h.values()))
    facts = PlayerFacts(
        len(rows),
        record,
        any(o in names for o in h2h),
        tuple(sorted(decks)),
        tuple(sorted(places)),
        tuple(sorted(seats)),
        len(games) > 1,
        tuple(playing),
    )
    return PlayerSummary(facts, tuple(rows), h2h)


def player_files(
    cid: str,
    summary: PlayerSummary,
    inputs: SiteInputs,
    templates: Templates,
    names: Mapping[str, str],
    seasons: Sequence[Mapping[str, Any]] = (),
) -> Files:
    """A player's page, its fragments and their API document, from their summary (``names``:
    every player with a page, by id), in the active language."""
    files = player_page(cid, names[cid], inputs, templates, summary.facts, names, seasons)
    files[f"api/players/{cid}.json"] = player_document(cid, names[cid], summary.rows, opponents_of(summary.h2h, names))
    return files


# -- as kept (JSON values in the players' book: signed, so only their shapes are checked) -------


def share_to_json(share: EventShare) -> list[Any]:
    """``share`` as JSON values (:func:`share_from_json` reads them)."""
    return [
        [
            [
                e.name,
                e.archetype,
                e.place,
                e.seat,
                e.game,
                None
                if e.playing is None
                else [e.playing.event, e.playing.slug, e.playing.round, e.playing.table, e.playing.opponent],
                e.row.head,
                list(e.row.format),
                e.row.tail,
            ]
            for e in share.entries
        ],
        [list(m) for m in share.meets],
    ]


def share_from_json(value: Any) -> EventShare:
    """The share :func:`share_to_json` wrote (a value of another shape: ValueError, TypeError
    or KeyError)."""
    entries, meets = value
    out: list[ShareEntry] = []
    for name, archetype, place, seat, game, now, head, (g, f, n), tail in entries:
        _strings(name, archetype, place, seat, game, head, g, f, n, tail)
        playing = None
        if now is not None:
            event, slug, label, table, opponent = now
            _strings(event, slug, label, opponent)
            if table is not None and (not isinstance(table, int) or isinstance(table, bool)):
                raise TypeError("a table is a number")
            playing = Playing(event, slug, label, table, opponent)
        out.append(ShareEntry(name, archetype, place, seat, game, playing, RowParts(head, (g, f, n), tail)))
    matches = tuple((o, s) for o, s in meets)
    if {type(o) for o, _ in matches} - {str} or {s for _, s in matches} - {0, 1, 2}:
        raise TypeError("a match is an opponent's id and 0, 1 or 2")
    return EventShare(tuple(out), matches)


def _strings(*values: Any) -> None:
    if {type(v) for v in values} - {str}:
        raise TypeError("expected strings")
