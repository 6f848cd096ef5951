"""The events' manifest: every event as the last build left it, in one signed file of the
build cache and a log of the rows changed since, so that a new ``scorekeeper build`` reads
two files, not every event's entry, and a build writes back what it changed, not every row.

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
anything else is ignored, and each event is taken from its own entry as before. The log
(:data:`LOG`) is a signed line a row, appended by each build for the rows it changed (a
result: one row, some 14 KB, where the whole file is 42 MB at 3,000 weekly events), each
line signed under the nonce of the whole file it extends; once it would pass a quarter of
the whole file, a new whole file is written and the log emptied (:func:`save_rows`).
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast, overload

from ingest import __version__
from ingest.core.errors import IngestError
from ingest.publish.cache import MAX_ENTRY_BYTES, EventStore
from ingest.publish.cache_entries import CachedEvent, decode_slim, slim_header, text_of
from ingest.publish.spill import Spilled, read_back
from ingest.publish.sync import write_all
from ingest.site.brief import BriefError
from ingest.source.storage import FileSignature, read_build_file

FILE = "events-manifest.json"
"""In the build's cache folder: the rows as a build last wrote them all."""

LOG = "events-manifest.log"
"""Beside :data:`FILE`: the rows changed since, appended one signed line each."""

Row = tuple[FileSignature, str, dict[str, Any] | str | Spilled]
"""An event file's signature and key when a build last took it, and its entry's slim header
(:func:`~ingest.publish.cache_entries.slim_header`), not decoded until the event is taken
(as JSON text when the event was made by this build, in another process perhaps; kept in
a spill file by a build that makes many: :mod:`ingest.publish.spill`)."""

Stamp = tuple[int, int, int]
"""A file of the manifest as this process last read or wrote it: size, modification time, inode."""

LOG_SHARE = 4
"""The log is folded into a new :data:`FILE` once it would hold more than a quarter of its bytes."""

LOG_FLOOR = 256 * 1024
"""... or more than this many bytes when the manifest is smaller than four times that."""


@dataclass
class Manifest:
    """The events' manifest as this process last read or wrote it: what a build compares its
    rows with to write back only the changed ones (appended to :data:`LOG`), and where the
    files on disk stood then, so that a watching process (``serve``) need not read them
    again while nothing else wrote them."""

    fingerprint: str
    rows: dict[str, Row] | None
    """By event file (as shown); None: not held (a watching process keeps none between its
    builds, it knows which events it made or looked at)."""
    nonce: str = ""
    """Names the whole file the log extends (its lines are signed under it); empty: none."""
    based: int = 0
    """Bytes of the whole file."""
    logged: int = 0
    """Bytes of the log."""
    stamps: tuple[Stamp | None, Stamp | None] = (None, None)
    """The whole file's and the log's, as left (None: none)."""


def _key(store: EventStore) -> str:
    return "events-manifest:" + store.fingerprint


def _log_key(store: EventStore, nonce: str) -> str:
    return f"events-manifest-log:{store.fingerprint}:{nonce}"


def _stamp(path: Path) -> Stamp | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _stamps(folder: Path) -> tuple[Stamp | None, Stamp | None]:
    return _stamp(folder / FILE), _stamp(folder / LOG)


def current(store: EventStore, kept: Manifest | None) -> Manifest:
    """``kept`` when the files on disk are as it left them (same fingerprint), else the
    manifest read again (:func:`load_manifest`)."""
    if store.folder is None:
        return Manifest(store.fingerprint, {})
    if kept is not None and kept.fingerprint == store.fingerprint and kept.stamps == _stamps(store.folder.parent):
        return kept
    return load_manifest(store)


def load_manifest(store: EventStore) -> Manifest:
    """The rows the builds with this fingerprint saved, by event file (as shown): the whole
    file's, then each line of the log over them, in order; no row when there is none, or the
    file is not one this store signed for this fingerprint. A log line that does not check
    (torn by a crash, of another whole file) ends the log: each row is only a hint, checked
    when it is used (:func:`~ingest.publish.unchanged.find_unchanged`), so one missed costs
    reading that event's entry.

    The whole file is a line naming its key, version and nonce, then a line an event: its
    name (a JSON string, which holds no tab or line feed), its signature and key, and its
    slim header (compact JSON), separated by tabs. A log line is its signature, a tab, and
    a row as the whole file writes it. A row's header is kept as its text until the event
    is taken (:func:`entry_of`)."""
    empty = Manifest(store.fingerprint, {})
    if store.folder is None:
        return empty
    folder = store.folder.parent
    stamps = _stamps(folder)
    payload = store.read_signed(folder / FILE, _key(store))
    if payload is None:
        return empty
    try:
        first, *lines = payload.decode("utf-8").split("\n")
        head = json.loads(first)
        if not (isinstance(head, list) and head[:2] == [_key(store), __version__] and isinstance(head[2], str)):
            return empty
        rows = dict(_row(line) for line in lines)
    except (ValueError, TypeError, IndexError, RecursionError):
        return empty
    manifest = Manifest(store.fingerprint, rows, head[2], len(payload), 0, stamps)
    log = read_build_file(folder / LOG, MAX_ENTRY_BYTES) if stamps[1] is not None else None
    if log:
        key = _log_key(store, manifest.nonce)
        at = 0
        for line in log.split(b"\n")[:-1]:
            mac, _, text = line.partition(b"\t")
            if not hmac.compare_digest(mac, store.sign(key, text).encode()):
                break
            try:
                shown, row = _row(text.decode("utf-8"))
            except (ValueError, TypeError, RecursionError):
                break
            rows[shown] = row
            at += len(line) + 1
        manifest.logged = at
    return manifest


def _row(line: str) -> tuple[str, Row]:
    name, size, modified, changed, inode, key, header = line.split("\t", 6)
    shown = json.loads(name)
    if not isinstance(shown, str) or not header.startswith("{"):
        raise ValueError("not a row")
    return shown, ((int(size), int(modified), int(changed), int(inode)), key, header)


def _line(shown: str, row: Row) -> str:
    sig, key, header = row
    text = _dumps(header) if isinstance(header, dict) else read_back(header)
    return "\t".join((_dumps(shown), *map(str, sig), key, text))


def _dumps(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def save_rows(store: EventStore, manifest: Manifest, changed: Mapping[str, Row], shown: Collection[str]) -> Manifest:
    """Keeps the ``changed`` rows (a failure to write costs the next build a look at their
    entries), and returns the manifest as now on disk: appended to the log, or, when the
    log would grow past a share of the whole file (:data:`LOG_SHARE`), or there is no whole
    file, a new whole file of the rows of the event files ``shown`` (the others are gone),
    its log emptied. The whole file is written a row at a time (:meth:`EventStore.write_signed`):
    a full build's rows, spilled (:mod:`ingest.publish.spill`), are read back one at a time,
    never held together."""
    if store.folder is None or not changed:
        return manifest
    folder = store.folder.parent
    names = sorted(changed)
    if manifest.nonce:
        lines = [_line(name, changed[name]).encode("utf-8") for name in names]
        size = sum(len(line) + 1 for line in lines)
        if manifest.logged + size <= max(manifest.based // LOG_SHARE, LOG_FLOOR):
            key = _log_key(store, manifest.nonce)
            signed = b"".join(store.sign(key, line).encode() + b"\t" + line + b"\n" for line in lines)
            with contextlib.suppress(OSError):
                _append(folder / LOG, signed)
                return replace(manifest, logged=manifest.logged + len(signed), stamps=_stamps(folder))
            return manifest
        del lines
    rows = manifest.rows if manifest.rows is not None else load_manifest(store).rows or {}
    whole = {name: row for name, row in {**rows, **changed}.items() if name in shown}
    nonce = os.urandom(8).hex()

    def payload() -> Iterator[bytes]:
        yield _dumps([_key(store), __version__, nonce]).encode("utf-8")
        for name in sorted(whole):
            yield b"\n" + _line(name, whole[name]).encode("utf-8")

    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        size = store.write_signed(folder / FILE, _key(store), payload())
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folder / LOG)
        return Manifest(
            store.fingerprint, whole if manifest.rows is not None else None, nonce, size, 0, _stamps(folder)
        )
    return manifest


def _append(path: Path, data: bytes) -> None:
    """Appends ``data`` to ``path`` (made if missing, never through a link)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    write_all(os.open(path, flags, 0o600), data)


def row_of(signature: FileSignature, entry: CachedEvent, header: str | Spilled = "") -> Row:
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
        obj = header if isinstance(header, dict) else json.loads(read_back(header))
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
