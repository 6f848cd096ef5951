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
asks for them (:mod:`ingest.publish.events_manifest_rows`) — the players' book for an event
new to it, a season that counts the event.

What a row is trusted for is checked as :func:`~ingest.publish.decklist_check.still_valid`
checks an entry: each decklist file is looked at (one ``lstat``: a regular file with the
size, modification and change times and inode it had when read; the change time moves
with any write, a rename or a ``touch``, so an edit in place that keeps the size and puts
the modification time back is seen too), and ``players.yaml``'s records of its players
are compared. A folder's time alone would not see a file edited in place, so it is not
used. An event whose row does not check is taken the careful way: its entry read, each
changed decklist file read again and its text compared (:func:`find_unchanged`).

The file is data (JSON), read through :meth:`~ingest.publish.cache.EventStore.read_signed`
(signed with the cache's key under the build's fingerprint) and decoded field by field:
anything else is ignored, and each event is taken from its own entry as before. Its
signature is checked once, not by every process (:mod:`ingest.publish.events_manifest_seal`:
its size, times and inode kept signed once its bytes were checked). A new process reads its
index, not the whole file (:mod:`ingest.publish.events_manifest_index`: where each row lies,
and what the events step reads of each event), and reads a row from the whole file only for
an event it looks into. The log
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
from array import array
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ingest import __version__
from ingest.publish.cache import MAGIC, MAX_ENTRY_BYTES, EventStore
from ingest.publish.events_manifest_index import IndexRow, fetch_row, index_lines, read_index, write_index
from ingest.publish.events_manifest_rows import Row, parse_row, row_line
from ingest.publish.events_manifest_seal import HEAD, read_whole, seal, sealed, signature
from ingest.publish.events_manifest_seal import SEAL as SEAL  # (where callers have found it)
from ingest.publish.kept_map import Stamp, file_stamp
from ingest.publish.sync import write_all
from ingest.source.storage import FileSignature, read_build_file

FILE = "events-manifest.json"
"""In the build's cache folder: the rows as a build last wrote them all."""

LOG = "events-manifest.log"
"""Beside :data:`FILE`: the rows changed since, appended one signed line each."""

VERSION = 2
"""Of the rows' layout (2: a row's check part apart from its header): a file of another is not read."""


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
    rows: dict[str, Row | IndexRow] | None
    """By event file (as shown): a row, or the index's line for one in the whole file (read
    when its event is looked into: :func:`whole_row`); None: not held (a watching process
    keeps none between its builds, it knows which events it made or looked at)."""
    nonce: str = ""
    """Names the whole file the log extends (its lines are signed under it); empty: none."""
    based: int = 0
    """Bytes of the whole file."""
    logged: int = 0
    """Bytes of the log."""
    stamps: tuple[Stamp | None, Stamp | None] = (None, None)
    """The whole file's and the log's, as left (None: none)."""
    sealed: FileSignature | None = None
    """The whole file's signature as sealed when read (rows are read from it while it is that file)."""


def whole_row(store: EventStore, manifest: Manifest, shown: str, at: IndexRow) -> Row | None:
    """The row an index line names, read from the whole file (None: it cannot be, the file is
    no longer the one sealed, or the line there is not that row: :func:`fetch_row`)."""
    if store.folder is None or manifest.sealed is None:
        return None
    return fetch_row(store.folder.parent / FILE, manifest.sealed, shown, at)


def _key(store: EventStore) -> str:
    return f"events-manifest-{VERSION}:{store.fingerprint}"


def _log_key(store: EventStore, nonce: str) -> str:
    return f"events-manifest-log-{VERSION}:{store.fingerprint}:{nonce}"


def _stamps(folder: Path) -> tuple[Stamp | None, Stamp | None]:
    return file_stamp(folder / FILE), file_stamp(folder / LOG)


def current(store: EventStore, kept: Manifest | None) -> Manifest:
    """``kept`` when the files on disk are as it left them (same fingerprint), else the
    manifest read again (:func:`load_manifest`)."""
    if store.folder is None:
        return Manifest(store.fingerprint, {})
    if kept is not None and kept.fingerprint == store.fingerprint and kept.stamps == _stamps(store.folder.parent):
        return kept
    return load_manifest(store)


def load_manifest(store: EventStore, *, whole: bool = False) -> Manifest:
    """The rows the builds with this fingerprint saved, by event file (as shown): the whole
    file's, then each line of the log over them, in order; no row when there is none, or the
    file is not one this store signed for this fingerprint. A log line that does not check
    (torn by a crash, of another whole file) ends the log: each row is only a hint, checked
    when it is used (:func:`~ingest.publish.unchanged.find_unchanged`), so one missed costs
    reading that event's entry.

    The whole file's rows are given as its index's lines (:class:`IndexRow`: the whole file
    is not read, each row is read when its event is looked into) when the whole file is the
    one sealed as checked and its index is there; else (or with ``whole``) as rows read from
    the whole file, its index then written again for the next build.

    The whole file is a line naming its key, version and nonce, then a line an event
    (:func:`~ingest.publish.events_manifest_rows.row_line`). A log line is its signature,
    a tab, and a row as the whole file writes it. A row's parts are kept as their text until
    the event is taken (:func:`~ingest.publish.events_manifest_rows.entry_of`)."""
    if store.folder is None:
        return Manifest(store.fingerprint, {})
    folder = store.folder.parent
    stamps = _stamps(folder)
    manifest = None if whole else _indexed(store, folder, stamps)
    if manifest is None:
        manifest = _read_rows(store, folder, stamps, index=not whole)
    if manifest is None:
        return Manifest(store.fingerprint, {})
    log = read_build_file(folder / LOG, MAX_ENTRY_BYTES) if stamps[1] is not None else None
    if log and manifest.rows is not None:
        rows = manifest.rows
        key = _log_key(store, manifest.nonce)
        at = 0
        for line in log.split(b"\n")[:-1]:
            mac, _, text = line.partition(b"\t")
            if not hmac.compare_digest(mac, store.sign(key, text).encode()):
                break
            try:
                shown, row = parse_row(text.decode("utf-8"))
            except (ValueError, TypeError, RecursionError):
                break
            rows[shown] = row
            at += len(line) + 1
        manifest.logged = at
    return manifest


def _head(data: bytes, store: EventStore) -> str | None:
    """The nonce the whole file's first line names, if it is this store's key and version."""
    try:
        head = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if isinstance(head, list) and head[:2] == [_key(store), __version__] and isinstance(head[2], str):
        return head[2]
    return None


def _indexed(store: EventStore, folder: Path, stamps: tuple[Stamp | None, Stamp | None]) -> Manifest | None:
    """The manifest as its index gives it, the whole file unread but its first line; None when
    the whole file is not the one sealed as checked, or its index is not there."""
    path = folder / FILE
    before = signature(path)
    if before is None or sealed(store, path) != before:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
        try:
            first = os.read(fd, HEAD + 4096)
        finally:
            os.close(fd)
    except OSError:
        return None
    end = first.find(b"\n", HEAD)
    nonce = _head(first[HEAD:end], store) if first.startswith(MAGIC) and end > 0 else None
    rows = read_index(store, folder, nonce) if nonce is not None else None
    if nonce is None or rows is None or signature(path) != before:
        return None
    return Manifest(store.fingerprint, dict(rows), nonce, before[0] - HEAD, 0, stamps, before)


def _read_rows(
    store: EventStore, folder: Path, stamps: tuple[Stamp | None, Stamp | None], *, index: bool
) -> Manifest | None:
    """The manifest as the whole file gives it, every row read; its index written again when
    ``index`` (the file sealed)."""
    read = read_whole(store, folder / FILE, _key(store))
    if read is None:
        return None
    payload, sealed = read
    first, *lines = payload.split(b"\n")
    nonce = _head(first, store)
    if nonce is None:
        return None
    rows: dict[str, Row | IndexRow] = {}
    places = array("q")  # (each row's offset and length)
    at = HEAD + len(first)
    try:
        for line in lines:
            shown, row = parse_row(line.decode("utf-8"))
            rows[shown] = row
            places.extend((at + 1, len(line)))
            at += 1 + len(line)
    except (ValueError, TypeError, IndexError, RecursionError):
        return None
    if index and sealed is not None:
        named = ((name, row) for name, row in rows.items() if not isinstance(row, IndexRow))
        write_index(store, folder, nonce, index_lines(named, places))
    return Manifest(store.fingerprint, rows, nonce, len(payload), 0, stamps, sealed)


def _dumps(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _log_lines(changed: Mapping[str, Row], room: int) -> list[bytes] | None:
    """The lines of the ``changed`` rows, when they fit in ``room`` bytes of the log (with their
    line ends); None as soon as they do not (a whole build's rows are never held at once)."""
    lines: list[bytes] = []
    used = 0
    for name, row in sorted(changed.items()):
        line = row_line(name, row).encode("utf-8")
        used += len(line) + 1
        if used > room:
            return None
        lines.append(line)
    return lines


def save_rows(store: EventStore, manifest: Manifest, changed: Mapping[str, Row], shown: Collection[str]) -> Manifest:
    """Keeps the ``changed`` rows (a failure to write costs the next build a look at their
    entries), and returns the manifest as now on disk: appended to the log, or, when the
    log would grow past a share of the whole file (:data:`LOG_SHARE`), or there is no whole
    file, a new whole file of the rows of the event files ``shown`` (the others are gone),
    its log emptied."""
    if store.folder is None or not changed:
        return manifest
    folder = store.folder.parent
    lines = (
        _log_lines(changed, max(manifest.based // LOG_SHARE, LOG_FLOOR) - manifest.logged) if manifest.nonce else None
    )
    if lines is not None:
        key = _log_key(store, manifest.nonce)
        signed = b"".join(store.sign(key, line).encode() + b"\t" + line + b"\n" for line in lines)
        with contextlib.suppress(OSError):
            _append(folder / LOG, signed)
            return replace(manifest, logged=manifest.logged + len(signed), stamps=_stamps(folder))
        return manifest
    rows = manifest.rows if manifest.rows is not None else load_manifest(store).rows or {}
    if any(isinstance(row, IndexRow) for row in rows.values()):
        read = load_manifest(store, whole=True).rows or {}  # (the rows the index stands for)
        rows = {
            name: row
            for name, row in ((n, read.get(n) if isinstance(r, IndexRow) else r) for n, r in rows.items())
            if row is not None
        }
    whole = {
        name: row
        for name, row in {**rows, **changed}.items()
        if name in shown and row is not None and not isinstance(row, IndexRow)
    }
    nonce = os.urandom(8).hex()
    places = array("q")  # (each row's offset and length, in the order of the rows' names: 16 bytes a row)

    def payload() -> Iterator[bytes]:
        """The file's payload a row at a time (never held whole: 135 MB at 10,000 events)."""
        first = _dumps([_key(store), __version__, nonce]).encode("utf-8")
        yield first
        at = HEAD + len(first)
        for name in sorted(whole):
            line = row_line(name, whole[name]).encode("utf-8")
            places.extend((at + 1, len(line)))
            at += 1 + len(line)
            yield b"\n"
            yield line

    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        size = store.write_signed(folder / FILE, _key(store), payload())
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folder / LOG)
        write_index(store, folder, nonce, index_lines(((name, whole[name]) for name in sorted(whole)), places))
        written = signature(folder / FILE)
        if written is not None:
            seal(store, folder / FILE, written)
        return Manifest(
            store.fingerprint,
            dict(whole) if manifest.rows is not None else None,
            nonce,
            size,
            0,
            _stamps(folder),
            written,
        )
    return manifest


def _append(path: Path, data: bytes) -> None:
    """Appends ``data`` to ``path`` (made if missing, never through a link)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    write_all(os.open(path, flags, 0o600), data)
