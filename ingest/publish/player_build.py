"""A build's players through the players' book (:mod:`ingest.publish.player_book`): which
players' pages and API documents the build makes, and the others' files as they stand.

:func:`prepare` patches the book (kept by the process, else read from the build cache, else
made from every event) to the build's events and gives the site its
:class:`~ingest.site.player_pages.PlayerPart` (every player's name and line);
:meth:`BookedPlayers.groups` gives every player's files to the writing of ``build/docs``: the
touched players' made there, one player at a time (their page and API document joined from
their blocks' shares, written and let go), every other player's as
listed (made the same way only when ``build/docs`` lacks them); :meth:`BookedPlayers.save`
notes what was written and keeps the book. A build never holds every player's history or
document at once (issue 38: memory that does not grow with the archive).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ingest.core.errors import IngestError
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.events_manifest_rows import PackedEvent
from ingest.publish.player_book import (
    Block,
    BookUpdate,
    Listing,
    PlayerBook,
    book_basis,
    in_order,
    make_shares,
    record_made,
    update_book,
)
from ingest.publish.player_book_files import (
    book_on_disk,
    forget_book,
    hold_index,
    load_blocks,
    load_book,
    save_blocks,
    save_book,
    save_index,
)
from ingest.publish.sync import DocsRecord, FileGroup
from ingest.site import i18n
from ingest.site.fragments import fragments_key
from ingest.site.page import Files, SiteInputs
from ingest.site.player_pages import PlayerPart
from ingest.site.player_shares import player_files, summary_of
from ingest.site.seasons import ComputedSeason, compute_seasons, player_seasons
from ingest.site.templates import Templates
from ingest.source.players import PlayerRegistry
from ingest.summary.history import EventHistory, PlayerHistories


def player_paths(cid: str) -> tuple[str, str, str]:
    """A player's files in a build's file set: the page, its fragments, the API document."""
    page = f"players/{cid}.md"
    return page, fragments_key(page), f"api/players/{cid}.json"


KEPT_AFTER_SPILL = 64
"""The most players whose blocks, read from the build cache to patch them, a build that keeps
no book holds on to until it makes their files (a result changed touches its event's players:
32 in a weekly event, some 500 blocks each at 10,000 weekly events)."""


@dataclass
class BookedPlayers:
    """One build's players, as the book gives them."""

    store: EventStore
    registry: PlayerRegistry
    book: PlayerBook
    update: BookUpdate
    seasons: dict[str, str]
    """Each player's season rows' digest."""
    rows: Mapping[str, list[dict[str, object]]]
    """Each player's season rows."""
    blocks_read: list[str] = field(default_factory=list)
    """Players whose blocks were read from the build cache (tests count them)."""
    shows: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The players whose names each made player's page shows (noted as their files are made)."""
    tables: tuple[ComputedSeason, ...] = ()
    """The seasons' tables (:func:`~ingest.site.seasons.compute_seasons`), for the site."""
    histories_read: list[str] = field(default_factory=list)
    """The events whose history the book was patched from, by event file (tests count them)."""
    spilled: bool = False
    """The players' blocks are in the build cache only (:meth:`spill`): each player's are read
    back when their files are made, and let go with them."""
    keeps: bool = True
    """The process keeps the book for its next build (a watching process's): the shares made
    for a player's files stay in their blocks. A build that lets the book go (:meth:`spill`,
    called by a process that builds no other) keeps none, even where its blocks stay in
    memory (a build cache kept in memory only): never every player's shares at once."""

    @property
    def part(self) -> PlayerPart:
        """What the pages about every player (index, search, seasons) take: every player's name
        and line. No player's page or document is among the site's files: they are
        :meth:`groups`, made one player at a time as ``build/docs`` is written."""
        u = self.update
        return PlayerPart(PlayerHistories(u.names, {}, {}), frozenset(), u.lines)

    def groups(self, inputs: SiteInputs, templates: Templates) -> list[FileGroup]:
        """Every player's files: the touched players' made as they are written (one player's
        files at a time, joined from their blocks' shares and let go once written), every
        other player's as listed (made again from their blocks if they must be written)."""
        out: list[FileGroup] = []
        for cid in sorted(self.update.names):
            make = self._maker(cid, inputs, templates)
            if cid in self.update.touched:
                out.append(FileGroup(tuple((p, "") for p in player_paths(cid)), make, made=True))
            else:
                out.append(FileGroup(self.book.players[cid].listing, make))
        return out

    def _maker(self, cid: str, inputs: SiteInputs, templates: Templates) -> Callable[[], Files]:
        def make() -> Files:
            held = self._blocks(cid)
            if self.keeps and self.book.blocks.get(cid) is held:
                make_shares(self.book.blocks[cid], self.registry)  # (kept by a process that keeps the book)
            blocks = in_order(held)
            summary = summary_of([b.made(self.registry) for b in blocks], self.update.names)
            if cid in self.update.touched:
                self.shows[cid] = summary.shows
            with i18n.use(inputs.lang()):
                made = player_files(cid, summary, inputs, templates, self.update.names, self.rows.get(cid, []))
            return {p: made[p] for p in player_paths(cid) if p in made}

        return make

    def _blocks(self, cid: str) -> Mapping[str, Block]:
        held = self.book.blocks.get(cid)
        if held is None and cid not in self.book.owners:
            held = {}  # a registered player without events: no blocks were kept
        elif held is not None and self.spilled:
            del self.book.blocks[cid]  # (kept through the spill for this: let go with the files)
        if held is None:
            held = load_blocks(self.store, self.book.basis, cid, self.book.block_files)
            self.blocks_read.append(cid)
            if held is None:  # changed or removed since it was kept: the next build makes a new book
                forget_book(self.store)
                raise IngestError(f"players/{cid}: its build cache record cannot be read back; build again")
            if not self.spilled:
                self.book.blocks[cid] = held
        return held

    def spill(self) -> None:
        """Keeps the blocks that changed in the build cache now, and lets every player's blocks
        go from memory: the events' steps they hold are then held by nothing else once the
        events' entries let theirs go, and each player's are read back when their files are
        made (for a process that builds no other: the book's blocks are the largest part of
        what a build holds of each event). Blocks that cannot be written stay in memory."""
        self.keeps = False
        if self.store.folder is None:
            return
        # The blocks of the few players a change touched, read from the build cache to patch
        # them, stay for making their files (rather than be read again); a whole build's go.
        few = set(self.blocks_read) if len(self.blocks_read) <= KEPT_AFTER_SPILL else set()
        for cid in few & self.book.blocks.keys():
            make_shares(self.book.blocks[cid], self.registry)
        hold_index(self.store, self.book)  # (no book until its index is saved with the blocks as written now)
        written = save_blocks(self.store, self.book, self.registry, self.update.changed_blocks)
        if written is None:
            return
        for cid in [c for c in self.book.blocks if c not in few]:
            if cid in written or cid not in self.update.changed_blocks:
                del self.book.blocks[cid]
        self.spilled = True

    @staticmethod
    def without_steps(entries: Sequence[CachedEvent]) -> tuple[CachedEvent, ...]:
        """``entries`` without their histories' steps, which the players' blocks hold once
        :meth:`spill` kept them; an event whose brief is still packed in its manifest row
        holds none, and stays packed."""
        return tuple(c if isinstance(c, PackedEvent) and not c.unpacked else c.without_steps() for c in entries)

    def save(self, record: DocsRecord) -> None:
        """Notes the made players' files as ``build/docs`` now holds them (``record``) in the
        book, and keeps the book in the build cache (its index, and the blocks that changed
        unless :meth:`spill` kept them already)."""
        listings: dict[str, Listing] = {
            cid: tuple((p, record.files[p]) for p in player_paths(cid) if p in record.files)
            for cid in self.update.touched
        }
        record_made(self.book, self.update, self.seasons, listings, self.shows)
        if self.spilled:
            save_index(self.store, self.book)
        else:
            save_book(self.store, self.book, self.registry, self.update.changed_blocks)


class EventHistories(Mapping[str, EventHistory]):
    """Each event's history by its build cache key, taken from its entry only when asked for.

    The book asks only for the histories of the events it does not hold yet (a new or
    changed event: :func:`~ingest.publish.player_book.update_book`); an unchanged event
    taken from its manifest row (:class:`~ingest.publish.events_manifest_rows.PackedEvent`)
    then keeps its brief packed (at 10,000 weekly events, decoding every row's brief was
    most of what the players' book cost a build after one result)."""

    def __init__(self, entries: Sequence[CachedEvent]) -> None:
        self._entries = {c.key: c for c in entries}
        self.asked: list[str] = []
        """The events whose history was asked for, by event file (tests count them)."""

    def __getitem__(self, key: str) -> EventHistory:
        entry = self._entries[key]
        self.asked.append(entry.shown or key)
        return entry.rendered.brief.history

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def prepare(
    store: EventStore,
    kept: PlayerBook | None,
    entries: Sequence[CachedEvent],
    inputs: SiteInputs,
) -> BookedPlayers:
    """The build's players: ``kept`` (the book this process holds, if any), else the build
    cache's, else a new book, patched to ``entries``.

    Only the events the book does not hold are read (their histories); every event's when
    the project has seasons, whose tables are computed from every event's history."""
    registry = inputs.players
    basis = book_basis(store.fingerprint, registry)
    tables = (
        compute_seasons(inputs.seasons, [c.rendered.brief.history for c in entries], registry) if inputs.seasons else ()
    )
    with i18n.use(inputs.lang()):  # (the rows' places and points are words of the site's language)
        rows = player_seasons(tables)
    seasons = {cid: hashlib.sha256(repr(r).encode()).hexdigest() for cid, r in rows.items()}
    events = EventHistories(entries)
    read: list[str] = []

    found = kept if kept is not None and kept.basis == basis and book_on_disk(store) else None
    book = found or load_book(store, basis) or PlayerBook(basis)

    def blocks(cid: str) -> object:
        read.append(cid)
        return load_blocks(store, basis, cid, book.block_files)  # (the book being patched)

    def format_name(h: EventHistory) -> str:
        return inputs.formats.display_name(h.game, h.format)

    update = update_book(book, events, registry, seasons, blocks, format_name)
    if update is None:  # a player's blocks are missing or do not check: a new book
        book = PlayerBook(basis)
        update = update_book(book, events, registry, seasons, blocks, format_name)
        assert update is not None
    return BookedPlayers(store, registry, book, update, seasons, rows, read, tables=tables, histories_read=events.asked)
