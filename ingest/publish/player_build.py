"""A build's players through the players' book (:mod:`ingest.publish.player_book`): which
players' pages and API documents the build makes, and the others' files as they stand.

:func:`prepare` patches the book (kept by the process, else read from the build cache, else
made from every event) to the build's events and gives the site its
:class:`~ingest.site.player_pages.PlayerPart`; once the site's files are made,
:meth:`BookedPlayers.groups` gives every other player's files as listed (made again from
the player's blocks only when ``build/docs`` lacks them), and :meth:`BookedPlayers.save`
keeps the book.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ingest.core.errors import IngestError
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, content_digest
from ingest.publish.player_book import (
    BookUpdate,
    Listing,
    PlayerBook,
    book_basis,
    book_on_disk,
    forget_book,
    histories_of_players,
    load_blocks,
    load_book,
    record_made,
    save_book,
    update_book,
)
from ingest.publish.sync import FileGroup
from ingest.site import api, i18n
from ingest.site.fragments import fragments_key
from ingest.site.page import Files, SiteInputs
from ingest.site.player_pages import PlayerPart, player_pages
from ingest.site.seasons import compute_seasons, player_seasons
from ingest.site.templates import Templates
from ingest.source.players import PlayerRegistry
from ingest.summary.history import PlayerHistories


def player_paths(cid: str) -> tuple[str, str, str]:
    """A player's files in a build's file set: the page, its fragments, the API document."""
    page = f"players/{cid}.md"
    return page, fragments_key(page), f"api/players/{cid}.json"


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

    @property
    def part(self) -> PlayerPart:
        u = self.update
        return PlayerPart(u.histories, u.touched, u.lines)

    def groups(
        self,
        files: Files,
        inputs: SiteInputs,
        templates: Templates,
        format_names: Mapping[str, str],
    ) -> list[FileGroup]:
        """Notes the made players' files (from ``files``) in the book; gives every other player's
        files as listed, made again from their blocks if they must be written."""
        listings: dict[str, Listing] = {
            cid: tuple((p, content_digest(files[p])) for p in player_paths(cid) if p in files)
            for cid in self.update.touched
        }
        record_made(self.book, self.update, self.seasons, listings)
        out: list[FileGroup] = []
        for cid, state in sorted(self.book.players.items()):
            if cid in self.update.touched:
                continue
            out.append(FileGroup(state.listing, self._remake(cid, inputs, templates, format_names)))
        return out

    def _remake(
        self, cid: str, inputs: SiteInputs, templates: Templates, format_names: Mapping[str, str]
    ) -> Callable[[], Files]:
        def remake() -> Files:
            one = self._histories(cid)
            names = self.update.histories.names
            both = PlayerHistories(names, one.entries, one.h2h)
            with i18n.use(inputs.lang()):
                made = player_pages(inputs, templates, both, seasons=self.rows, only={cid}, lines=())
                made.update(api.api_files([], both, format_names, [cid]))
            return {p: made[p] for p in player_paths(cid) if p in made}

        return remake

    def _histories(self, cid: str) -> PlayerHistories:
        def blocks_of(c: str) -> object:
            held = self.book.blocks.get(c)
            if held is None and c not in self.book.owners:
                held = {}  # a registered player without events: no blocks were kept
            if held is None:
                held = load_blocks(self.store, self.book.basis, c)
                self.blocks_read.append(c)
                if held is None:  # changed or removed since it was kept: the next build makes a new book
                    forget_book(self.store)
                    raise IngestError(f"players/{c}: its build cache record cannot be read back; build again")
                self.book.blocks[c] = held
            return held

        got = histories_of_players(self.book, [cid], self.registry, blocks_of)
        assert got is not None
        return got

    def save(self) -> None:
        """Keeps the book in the build cache (its index, and the blocks that changed)."""
        save_book(self.store, self.book, self.update.changed_blocks)


def prepare(
    store: EventStore,
    kept: PlayerBook | None,
    entries: Sequence[CachedEvent],
    inputs: SiteInputs,
) -> BookedPlayers:
    """The build's players: ``kept`` (the book this process holds, if any), else the build
    cache's, else a new book, patched to ``entries``."""
    registry = inputs.players
    basis = book_basis(store.fingerprint, registry)
    histories_of = [c.rendered.brief.history for c in entries]
    rows = player_seasons(compute_seasons(inputs.seasons, histories_of, registry))
    seasons = {cid: hashlib.sha256(repr(r).encode()).hexdigest() for cid, r in rows.items()}
    events = [(c.key, c.rendered.brief.history) for c in entries]
    read: list[str] = []

    def blocks(cid: str) -> object:
        read.append(cid)
        return load_blocks(store, basis, cid)

    book = kept if kept is not None and kept.basis == basis and book_on_disk(store) else None
    if book is None:
        book = load_book(store, basis) or PlayerBook(basis)
    update = update_book(book, events, registry, seasons, blocks)
    if update is None:  # a player's blocks are missing or do not check: a new book
        book = PlayerBook(basis)
        update = update_book(book, events, registry, seasons, blocks)
        assert update is not None
    return BookedPlayers(store, registry, book, update, seasons, rows, read)
