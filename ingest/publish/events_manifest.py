"""The events' manifest: every event as the last build left it, in one signed file of the
build cache, so that a new ``scorekeeper build`` reads one file, not every event's entry.

For each event file (as diagnostics name it) a row holds: the file's signature (size, times
and inode) and its key in the build cache when a build last took it; the decklist files its
event read, each with the digest of its text and its file's signature (as the entry's
header keeps them); its players and the digest of what ``players.yaml`` said about them;
its warnings; its files' listing; and its brief as the pages about many events read it,
without the part only some pages need, each player's steps of the event's history (two
thirds of a brief): those stay in the event's entry and are read from there when a page
asks for them (:class:`Later`) — the players' book for an event new to it, a season that
counts the event.

What a row is trusted for is checked as :func:`~ingest.publish.unchanged.still_valid`
checks an entry: each decklist file is looked at (one ``lstat``: a regular file with the
size, modification and change times and inode it had when read; the change time moves
with any write, a rename or a ``touch``, so an edit in place that keeps the size and puts
the modification time back is seen too), and ``players.yaml``'s records of its players
are compared. A folder's time alone would not see a file edited in place, so it is not
used. An event whose row does not check is taken the careful way: its entry read, each
changed decklist file read again and its text compared (:func:`find_unchanged`).

The file is data (JSON), read through :meth:`~ingest.publish.cache.EventStore.read_signed`
(signed with the cache's key under the build's fingerprint) and decoded field by field:
anything else is ignored, and each event is taken from its own entry as before.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast, overload

from ingest import __version__
from ingest.core.errors import IngestError
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, decode_slim, slim_header, text_of
from ingest.site.brief import BriefError
from ingest.source.storage import FileSignature, write_atomically

FILE = "events-manifest.json"
"""In the build's cache folder."""

Row = tuple[FileSignature, str, dict[str, Any] | str]
"""An event file's signature and key when a build last took it, and its entry's slim header
(:func:`~ingest.publish.cache_entries.slim_header`), not decoded until the event is taken
(as JSON text when the event was made by this build, in another process perhaps)."""


def _key(store: EventStore) -> str:
    return "events-manifest:" + store.fingerprint


def load_rows(store: EventStore) -> dict[str, Row]:
    """The rows the last build with this fingerprint saved, by event file (as shown); empty
    when there are none, or the file is not one this store signed for this fingerprint.

    The file is a line naming its key and version, then a line an event: its name (a JSON
    string, which holds no tab or line feed), its signature and key, and its slim header
    (compact JSON), separated by tabs. A row's header is kept as its text until the event is
    taken (:func:`entry_of`), and a row that did not change is written again as it was read."""
    if store.folder is None:
        return {}
    payload = store.read_signed(store.folder.parent / FILE, _key(store))
    if payload is None:
        return {}
    try:
        first, *lines = payload.decode("utf-8").split("\n")
        if first != _head(store):
            return {}
        out: dict[str, Row] = {}
        for line in lines:
            name, size, modified, changed, inode, key, header = line.split("\t", 6)
            shown = json.loads(name)
            if not isinstance(shown, str) or not header.startswith("{"):
                return {}
            out[shown] = ((int(size), int(modified), int(changed), int(inode)), key, header)
        return out
    except (ValueError, RecursionError):
        return {}


def _head(store: EventStore) -> str:
    return json.dumps([_key(store), __version__])


def save_rows(store: EventStore, rows: Mapping[str, Row]) -> None:
    """Keeps the rows (a failure to write costs the next build a look at every entry)."""
    if store.folder is None:
        return

    def dumps(v: object) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    lines = [_head(store)]
    for shown, (sig, key, header) in sorted(rows.items()):
        text = header if isinstance(header, str) else dumps(header)
        lines.append("\t".join((dumps(shown), *map(str, sig), key, text)))
    payload = "\n".join(lines).encode("utf-8")
    with contextlib.suppress(OSError):
        store.folder.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(store.folder.parent / FILE, store.signed(_key(store), payload), durable=False)


def row_of(signature: FileSignature, entry: CachedEvent, header: str = "") -> Row:
    """An event's row, from its entry (made now, or taken from the cache), or from its slim
    header as the build that made it wrote it (``header``)."""
    return signature, entry.key, header or slim_header(entry)


class Later(Sequence[Any]):
    """A part of an event's brief left in its entry (:mod:`ingest.publish.cache`): read from
    there the first time it is asked for, then kept. Equal to the tuple it stands for."""

    __slots__ = ("_items", "_load")

    def __init__(self, load: Callable[[], tuple[Any, ...]]) -> None:
        self._load = load
        self._items: tuple[Any, ...] | None = None

    @property
    def items(self) -> tuple[Any, ...]:
        if self._items is None:
            self._items = self._load()
        return self._items

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, i: int | slice) -> Any:
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Later):
            other = other.items
        return self.items == other

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return repr(self.items)


def entry_of(
    store: EventStore,
    row: Row,
    shown: str,
    read: list[str] | None = None,
    remake: Callable[[], CachedEvent | None] | None = None,
) -> CachedEvent | None:
    """The entry a row stands for, without its files, its history's steps read until asked
    for (then from the entry, once: ``read`` notes the event);
    None when the row is not one :func:`row_of` wrote.

    An entry that cannot be read back then (removed, truncated, edited since the manifest
    was written) is never used: the event is made again (``remake``), and must come out
    under the same key; else the build stops and asks to be run again."""
    _, key, header = row
    whole: list[CachedEvent] = []

    def full() -> CachedEvent:
        if not whole:
            if read is not None:
                read.append(shown)
            entry = store.load(key, shown, files=False)
            if entry is None and remake is not None:
                entry = remake()
            if entry is None or entry.key != key:
                raise IngestError(f"{shown}: its build cache entry cannot be read back; build again")
            whole.append(entry)
        return whole[0]

    try:
        obj = json.loads(header) if isinstance(header, str) else header
        entry = decode_slim(obj, key, shown)
        listed = obj["brief"]["decks"]
        if not isinstance(listed, list):
            return None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, BriefError, RecursionError):
        return None

    def archetypes() -> tuple[tuple[str, str, str], ...]:
        """The published archetypes, from the row (the search's latest decks read them)."""
        try:
            return tuple((text_of(a), text_of(u), text_of(p)) for a, u, p in listed)
        except (ValueError, TypeError):
            raise IngestError(f"{shown}: its build cache entry cannot be read back; build again") from None

    brief = entry.rendered.brief
    steps = Later(lambda: tuple(full().rendered.brief.history.steps))
    decks = Later(archetypes)
    history = replace(brief.history, steps=cast(tuple[Any, ...], steps))
    lazy = replace(brief, history=history, decks=cast(tuple[tuple[str, str, str], ...], decks))
    return replace(entry, rendered=replace(entry.rendered, brief=lazy))


def same_decks(
    entry_decks: Sequence[tuple[str, str | None, FileSignature | None]], refreshed: Mapping[str, FileSignature]
) -> tuple[tuple[str, str | None, FileSignature | None], ...]:
    """``entry_decks`` with the signatures of the files read again and found the same (``refreshed``)."""
    return tuple((ref, digest, refreshed.get(ref, sig)) for ref, digest, sig in entry_decks)
