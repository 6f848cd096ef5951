"""The players' book on disk (:mod:`ingest.publish.player_book`), in the build's cache folder:
its index (:data:`~ingest.publish.player_book.BOOK_FILE`) and each player's blocks
(:data:`~ingest.publish.player_book.BLOCKS_FOLDER`), data signed with the build cache's key,
read back only when they are this fingerprint's and unchanged.

Both are maps of the build's cache folder (:mod:`ingest.publish.kept_map`), written back as
what changed: a player's blocks file holds a block for every event they played (at 10,000
weekly events, some 500 events a regular player: each event's share of their page and
document, :mod:`ingest.site.player_shares`), and the index an entry for
every event and player; a result changed touches one block of each of its event's players
and a few entries of the index, which a build appends to their logs (a torn or foreign line
makes the whole map unread: the book is made again)."""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterable, Mapping
from typing import Any

from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.publish.kept_map import KeptFile, forget_map, load_map, save_map
from ingest.publish.player_book import BLOCKS_FOLDER, BOOK_FILE, EVENT, PLAYER, Block, PlayerBook, PlayerState
from ingest.site.player_pages import PlayerLine
from ingest.site.player_shares import share_from_json, share_to_json
from ingest.source.players import PlayerRegistry


def _book_key(store: EventStore) -> str:
    return "player-book:" + store.fingerprint


def _blocks_path(store: EventStore, cid: str) -> str:
    assert store.folder is not None
    name = hashlib.sha256(cid.encode()).hexdigest()[:32]
    return os.path.join(store.folder.parent, BLOCKS_FOLDER, f"{name}.json")


def _blocks_key(basis: str, cid: str) -> str:
    return f"player-blocks:{basis}:{cid}"


def book_on_disk(store: EventStore) -> bool:
    """Whether the build cache still holds a book (a book the process holds is one the cache
    held: once ``build/`` is removed its players' blocks are gone with it)."""
    return store.folder is not None and (store.folder.parent / BOOK_FILE).is_file()


def forget_book(store: EventStore) -> None:
    """Removes the kept book, so that the next build makes a new one."""
    if store.folder is not None:
        forget_map(store.folder.parent / BOOK_FILE)


def load_book(store: EventStore, basis: str) -> PlayerBook | None:
    """The book the last build kept, if made for ``basis`` and signed with the store's key
    (its index a map of the build cache: :mod:`ingest.publish.kept_map`; one left pending
    by :func:`hold_index` is none)."""
    if store.folder is None:
        return None
    loaded = load_map(store.folder.parent / BOOK_FILE, _book_key(store), store.sign)
    if loaded is None:
        return None
    head, entries, kept = loaded
    try:
        if head is None or head["format"] != CACHE_FORMAT or head["basis"] != basis:
            return None
        book = PlayerBook(basis)
        for name, value in entries.items():
            if name.startswith(EVENT):  # (names are strings: JSON's object keys)
                book.events[name[len(EVENT) :]] = cids = _texts(value)
                book.owners.update(cids)
                continue
            if not name.startswith(PLAYER):
                return None
            cid = name[len(PLAYER) :]
            player, events, decks, shows, seasons, listing = value
            line = PlayerLine(cid, text_of(player), _count(events), _texts(decks))
            pairs = tuple(map(tuple, listing))
            if {len(p) for p in pairs} - {2}:
                return None
            _texts(x for p in pairs for x in p)  # (paths and digests: strings)
            book.players[cid] = PlayerState(line, _texts(shows), text_of(seasons), pairs)
        book.on_disk = kept
        return book
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _texts(values: Iterable[Any]) -> tuple[str, ...]:
    """``values``, which must be strings, as a tuple (each checked by the interpreter's own
    loop: the index lists some 30 ids an event)."""
    out = tuple(values)
    if set(map(type, out)) - {str}:
        raise TypeError("expected strings")
    return out


def _index_entries(book: PlayerBook) -> dict[str, Any]:
    out: dict[str, Any] = {EVENT + k: list(v) for k, v in book.events.items()}
    out.update((PLAYER + cid, _player_entry(s)) for cid, s in book.players.items())
    return out


def _player_entry(s: PlayerState) -> list[Any]:
    return [s.line.name, s.line.events, list(s.line.decks), list(s.shows), s.seasons, [list(x) for x in s.listing]]


def _index_entry(book: PlayerBook, name: str) -> Any:
    """The index's entry ``name`` as the book holds it now (None: it has none)."""
    if name.startswith(EVENT):
        players = book.events.get(name[len(EVENT) :])
        return None if players is None else list(players)
    state = book.players.get(name[len(PLAYER) :])
    return None if state is None else _player_entry(state)


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TypeError("not a count")
    return v


def load_blocks(
    store: EventStore, basis: str, cid: str, files: dict[str, KeptFile] | None = None
) -> dict[str, Block] | None:
    """One player's blocks as kept, if they check; None otherwise. ``files``: where the blocks
    file is noted as read (:attr:`~ingest.publish.player_book.PlayerBook.block_files`: the next
    save appends to it)."""
    if store.folder is None:
        return None
    from pathlib import Path

    loaded = load_map(Path(_blocks_path(store, cid)), _blocks_key(basis, cid), store.sign)
    if loaded is None:
        return None
    head, entries, kept = loaded
    try:
        if head != {"cid": cid}:
            return None
        out: dict[str, Block] = {}
        for key, (date, slug, share) in entries.items():
            out[text_of(key)] = Block(text_of(date), text_of(slug), share_from_json(share), share)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return None
    if files is not None:
        files[cid] = kept
    return out


def _block_json(block: Block, registry: PlayerRegistry) -> list[Any]:
    return [block.date, block.slug, block.kept if block.kept is not None else share_to_json(block.made(registry))]


def _blocks_json(held: Mapping[str, Block], registry: PlayerRegistry) -> dict[str, Any]:
    return {k: _block_json(b, registry) for k, b in held.items()}


def save_book(
    store: EventStore, book: PlayerBook, registry: PlayerRegistry, blocks: Iterable[str], gone: Iterable[str] = ()
) -> None:
    """Keeps the book's index and the blocks of ``blocks`` (the players whose blocks changed);
    the files of players in ``gone`` go. A failure to write costs the next build a new book.
    The index is held first (:func:`hold_index`): killed after the blocks changed and before
    the index is saved, the process leaves no index to read with them."""
    if store.folder is None:
        return
    blocks, gone = list(blocks), list(gone)
    if blocks or gone:
        hold_index(store, book)
    if save_blocks(store, book, registry, blocks, gone) is not None:
        save_index(store, book)


def save_blocks(
    store: EventStore, book: PlayerBook, registry: PlayerRegistry, blocks: Iterable[str], gone: Iterable[str] = ()
) -> set[str] | None:
    """Keeps the blocks of ``blocks`` (as :attr:`PlayerBook.blocks` holds them; a player
    without any: their file goes), and removes the files of ``gone``; the players whose
    blocks are kept, or None when one could not be written (the kept index is removed then:
    the next build makes a new book).

    A player's blocks file this process read or wrote, still as it left it
    (:attr:`PlayerBook.block_files`), gains a line of the blocks that changed
    (:attr:`PlayerBook.block_changes`: the events added or removed); any other is written whole."""
    if store.folder is None:
        return None
    from pathlib import Path

    folder = store.folder.parent
    written: set[str] = set()
    try:
        os.makedirs(folder / BLOCKS_FOLDER, exist_ok=True)
        for cid in sorted(blocks):
            held = book.blocks.get(cid, {})
            path = Path(_blocks_path(store, cid))
            changed = book.block_changes.pop(cid, None)
            kept = book.block_files.pop(cid, None)
            if not held:
                forget_map(path)
                continue
            changes = {k: _block_json(held[k], registry) if k in held else None for k in sorted(changed or ())}
            left = save_map(
                path,
                _blocks_key(book.basis, cid),
                store.sign,
                {"cid": cid},
                changes,
                functools.partial(_blocks_json, held, registry),
                kept if changed is not None else None,
            )
            if left is None:
                raise OSError(f"{path}: not written")
            book.block_files[cid] = left
            written.add(cid)
        for cid in gone:
            book.block_files.pop(cid, None)
            forget_map(Path(_blocks_path(store, cid)))
    except OSError:
        forget_book(store)
        return None
    return written


def save_index(store: EventStore, book: PlayerBook) -> None:
    """Keeps the book's index (its players' blocks kept before: :func:`save_blocks`): the
    entries changed since the files the book was read from or last saved
    (:attr:`PlayerBook.changed`) appended, else written whole."""
    if store.folder is None:
        return
    head = {"format": CACHE_FORMAT, "fingerprint": store.fingerprint, "basis": book.basis}
    changes = {name: _index_entry(book, name) for name in sorted(book.changed)} if book.on_disk is not None else {}
    kept = save_map(
        store.folder.parent / BOOK_FILE,
        _book_key(store),
        store.sign,
        head,
        changes,
        lambda: _index_entries(book),
        book.on_disk,
    )
    book.on_disk = kept
    book.changed.clear()


def hold_index(store: EventStore, book: PlayerBook) -> None:
    """Marks the kept index as no book until :func:`save_index` saves it again (its players'
    blocks are about to change): a line appended when the book knows its files, else the
    index removed."""
    if store.folder is None:
        return
    before, book.on_disk = book.on_disk, None
    if before is not None:
        kept = save_map(store.folder.parent / BOOK_FILE, _book_key(store), store.sign, None, {}, dict, before)
        if kept is not None and kept.logged:  # appended: the entries on disk are as they were
            book.on_disk = kept
            return
    forget_book(store)
