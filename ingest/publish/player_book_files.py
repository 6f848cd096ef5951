"""The players' book on disk (:mod:`ingest.publish.player_book`), in the build's cache folder:
its index (:data:`~ingest.publish.player_book.BOOK_FILE`) and each player's blocks
(:data:`~ingest.publish.player_book.BLOCKS_FOLDER`), data signed with the build cache's key,
read back only when they are this fingerprint's and unchanged."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterable
from typing import Any

from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.publish.player_book import BLOCKS_FOLDER, BOOK_FILE, Block, PlayerBook, PlayerState
from ingest.site.brief import steps_from_json, steps_to_json
from ingest.site.player_pages import PlayerLine
from ingest.source.storage import write_atomically


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
        with contextlib.suppress(OSError):
            os.unlink(store.folder.parent / BOOK_FILE)


def load_book(store: EventStore, basis: str) -> PlayerBook | None:
    """The book the last build kept, if made for ``basis`` and signed with the store's key."""
    if store.folder is None:
        return None
    payload = store.read_signed(store.folder.parent / BOOK_FILE, _book_key(store))
    if payload is None:
        return None
    try:
        obj = json.loads(payload)
        if obj["format"] != CACHE_FORMAT or obj["basis"] != basis:
            return None
        book = PlayerBook(basis)
        for key, cids in obj["events"].items():
            book.events[text_of(key)] = tuple(text_of(c) for c in cids)
            book.owners.update(book.events[text_of(key)])
        for cid, (name, events, decks, shows, seasons, listing) in obj["players"].items():
            cid = text_of(cid)
            line = PlayerLine(cid, text_of(name), _count(events), tuple(text_of(d) for d in decks))
            book.players[cid] = PlayerState(
                line,
                tuple(text_of(s) for s in shows),
                text_of(seasons),
                tuple((text_of(p), text_of(d)) for p, d in listing),
            )
        return book
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TypeError("not a count")
    return v


def load_blocks(store: EventStore, basis: str, cid: str) -> dict[str, Block] | None:
    """One player's blocks as kept, if they check; None otherwise."""
    if store.folder is None:
        return None
    from pathlib import Path

    payload = store.read_signed(Path(_blocks_path(store, cid)), _blocks_key(basis, cid))
    if payload is None:
        return None
    try:
        obj = json.loads(payload)
        if obj["cid"] != cid:
            return None
        out: dict[str, Block] = {}
        for key, (date, slug, steps) in obj["blocks"].items():
            decoded = steps_from_json(steps["common"], steps["steps"])
            out[text_of(key)] = Block(text_of(date), text_of(slug), decoded, steps)
        return out
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return None


def save_book(store: EventStore, book: PlayerBook, blocks: Iterable[str], gone: Iterable[str] = ()) -> None:
    """Keeps the book's index and the blocks of ``blocks`` (the players whose blocks changed);
    the files of players in ``gone`` go. A failure to write costs the next build a new book."""
    if store.folder is None:
        return
    if save_blocks(store, book, blocks, gone) is not None:
        save_index(store, book)


def save_blocks(
    store: EventStore, book: PlayerBook, blocks: Iterable[str], gone: Iterable[str] = ()
) -> set[str] | None:
    """Keeps the blocks of ``blocks`` (as :attr:`PlayerBook.blocks` holds them; a player
    without any: their file goes), and removes the files of ``gone``; the players whose
    blocks are kept, or None when one could not be written (the kept index is removed then:
    the next build makes a new book)."""
    if store.folder is None:
        return None
    from pathlib import Path

    folder = store.folder.parent
    written: set[str] = set()
    try:
        os.makedirs(folder / BLOCKS_FOLDER, exist_ok=True)
        for cid in sorted(blocks):
            held = book.blocks.get(cid, {})
            if not held:
                with contextlib.suppress(OSError):
                    os.unlink(_blocks_path(store, cid))
                continue
            payload = json.dumps(
                {
                    "cid": cid,
                    "blocks": {
                        k: [b.date, b.slug, b.kept if b.kept is not None else steps_to_json(b.steps)]
                        for k, b in sorted(held.items())
                    },
                },
                ensure_ascii=False,
                separators=(",", ":"),
            ).encode()
            write_atomically(
                Path(_blocks_path(store, cid)), store.signed(_blocks_key(book.basis, cid), payload), durable=False
            )
            written.add(cid)
        for cid in gone:
            with contextlib.suppress(OSError):
                os.unlink(_blocks_path(store, cid))
    except OSError:
        forget_book(store)
        return None
    return written


def save_index(store: EventStore, book: PlayerBook) -> None:
    """Keeps the book's index (its players' blocks kept before: :func:`save_blocks`)."""
    if store.folder is None:
        return
    folder = store.folder.parent
    try:
        payload = json.dumps(
            {
                "format": CACHE_FORMAT,
                "fingerprint": store.fingerprint,
                "basis": book.basis,
                "events": {k: list(v) for k, v in sorted(book.events.items())},
                "players": {
                    cid: [
                        s.line.name,
                        s.line.events,
                        list(s.line.decks),
                        list(s.shows),
                        s.seasons,
                        [list(x) for x in s.listing],
                    ]
                    for cid, s in sorted(book.players.items())
                },
            },
            ensure_ascii=False,
            separators=(",", ":"),
        ).encode()
        write_atomically(folder / BOOK_FILE, store.signed(_book_key(store), payload), durable=False)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(folder / BOOK_FILE)
