"""The events' manifest's index: where each row lies in the whole file, and what a new build
reads of every event to take it unchanged, so that it reads the index, not the whole file
(:mod:`ingest.publish.events_manifest`: 135 MB at 10,000 weekly events, where the index is
a tenth of that), and reads the rows of the events it looks into only.

For each event file (as diagnostics name it) a line holds: its signature and key, as the row
does; where its row lies in the whole file (offset and length); and its row's quick part
(:func:`quick_text`): its players' digest and ids, slug, status and warnings (the row's check
part without its decklist files), and its decklist files as the quick check reads them
(:func:`~ingest.publish.decklist_check.quick_part`: their names by folder and one digest of
their signatures, not each file's signature and text digest).

The index is written with the whole file (:func:`index_lines`, then :func:`write_index`), signed
under the whole file's nonce: an index of another whole file does not check, and is not read.
A row is read from the whole file only while that file is the one sealed as checked (its size,
times and inode: :data:`~ingest.publish.events_manifest.SEAL`), and only if the line found there
is the row the index names (:func:`fetch_row`); otherwise the event is taken from its entry.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, decode_check, digest_decks, texts_of
from ingest.publish.decklist_check import quick_part
from ingest.publish.events_manifest_rows import PackedEvent, QuickPart, Row, packed_entry, parse_row
from ingest.source.storage import FileSignature, signature_of

INDEX = "events-manifest.index"
"""Beside the whole file: its rows' places and quick parts."""

VERSION = 1
"""Of the index's layout: a file of another is not read."""


class IndexRow(NamedTuple):
    """An event's line of the index: its file's signature and key (as its row's first two
    parts), where its row lies in the whole file, and its quick part as text."""

    signature: FileSignature
    key: str
    offset: int
    length: int
    quick: str


def _key(store: EventStore, nonce: str) -> str:
    return f"events-manifest-index-{VERSION}:{store.fingerprint}:{nonce}"


def _dumps(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def quick_text(check: str) -> str:
    """A row's quick part, from its check part's text: the check part's players' digest, ids,
    slug, status and warnings, then its decklist files' :func:`quick_part` (null: none, the
    event is checked file by file) and what they held
    (:func:`~ingest.publish.cache_entries.digest_decks`).

    Raises:
        ValueError, TypeError, AttributeError: the check part is not one a row holds.
    """
    registry, players, slug, status, diagnostics, decks = json.loads(check)
    return _dumps([registry, players, slug, status, diagnostics, quick_part(decks), digest_decks(decks)])


def decode_quick(text: str) -> tuple[list[Any], QuickPart | None, str]:
    """A quick part read back: the check part's fields but its decklist files (as
    :func:`~ingest.publish.cache_entries.decode_check` takes them, an empty list in their
    place), its decklist files' quick part, and the digest of what they held.

    Raises:
        ValueError, TypeError: the text is not what :func:`quick_text` writes.
    """
    registry, players, slug, status, diagnostics, part, named = json.loads(text)
    fields = [registry, players, slug, status, diagnostics, []]
    if part is None:
        return fields, None, _text(named)
    runs, absent, digest = part
    quick = (tuple((_text(inner), texts_of(names)) for inner, names in runs), texts_of(absent), _text(digest))
    return fields, quick, _text(named)


def _text(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError("expected a string")
    return v


def index_lines(rows: Iterable[tuple[str, Row]], places: Sequence[int]) -> Iterator[bytes]:
    """The index's lines of ``rows`` (each event file as shown and its row, in the whole file's
    order), ``places`` giving where each row lies in the whole file (its offset and length, one
    row after another); a row whose check part cannot be read is left out (its event is then
    looked into the careful way)."""
    for n, (shown, (sig, key, check, _)) in enumerate(rows):
        try:
            quick = quick_text(check)
        except (ValueError, TypeError, AttributeError, RecursionError):
            continue
        offset, length = places[2 * n], places[2 * n + 1]
        yield "\t".join((_dumps(shown), *map(str, sig), key, str(offset), str(length), quick)).encode("utf-8")


def write_index(store: EventStore, folder: Path, nonce: str, lines: Iterable[bytes]) -> None:
    """Writes the index of the whole file named by ``nonce`` (a failure to write costs the next
    build a read of the whole file)."""

    def payload() -> Iterator[bytes]:
        yield _dumps([_key(store, nonce), __version__]).encode("utf-8")
        for line in lines:
            yield b"\n" + line

    with contextlib.suppress(OSError):
        store.write_signed(folder / INDEX, _key(store, nonce), payload())


def read_index(store: EventStore, folder: Path, nonce: str) -> dict[str, IndexRow] | None:
    """The index of the whole file named by ``nonce``, by event file (as shown); None when
    there is none this store signed for it."""
    payload = store.read_signed(folder / INDEX, _key(store, nonce))
    if payload is None:
        return None
    try:
        first, *lines = payload.decode("utf-8").split("\n")
        if json.loads(first) != [_key(store, nonce), __version__]:
            return None
        rows: dict[str, IndexRow] = {}
        for line in lines:
            name, size, modified, changed, inode, key, offset, length, quick = line.split("\t", 8)
            shown = json.loads(name)
            if not isinstance(shown, str):
                return None
            sig = (int(size), int(modified), int(changed), int(inode))
            rows[shown] = IndexRow(sig, key, int(offset), int(length), quick)
        return rows
    except (ValueError, TypeError, RecursionError):
        return None


_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def fetch_row(path: Path, sealed: FileSignature, shown: str, at: IndexRow) -> Row | None:
    """The row the index line ``at`` names, read from the whole file at ``path`` while that file
    is the one sealed as checked (``sealed``: the same size, times and inode), and only if the
    line found there is that event's, with the same signature and key; None otherwise."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or signature_of(st) != sealed or at.offset + at.length > st.st_size:
            return None
        data = os.pread(fd, at.length + 1, at.offset)
    except OSError:
        return None
    finally:
        os.close(fd)
    line, end = data[: at.length], data[at.length :]
    if end not in (b"", b"\n"):
        return None
    try:
        name, row = parse_row(line.decode("utf-8"))
    except (ValueError, TypeError, IndexError, RecursionError):
        return None
    return row if name == shown and row[0] == at.signature and row[1] == at.key else None


def entry_of_line(
    store: EventStore,
    shown: str,
    at: IndexRow,
    fetch: Callable[[], Row | None],
    read: list[str] | None = None,
    remake: Callable[[], CachedEvent | None] | None = None,
    unpacked: list[str] | None = None,
) -> PackedEvent | None:
    """The event an index line stands for (:class:`~ingest.publish.events_manifest_rows.PackedEvent`,
    as :func:`~ingest.publish.events_manifest_rows.entry_of` gives it from its row), from the
    line's quick part; its row read (``fetch``: :func:`fetch_row`) only when its decklist files
    or its brief are asked for. None when the quick part is not one :func:`quick_text` wrote."""
    try:
        fields, quick, named = decode_quick(at.quick)
        checked = decode_check(fields)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None

    def texts() -> tuple[str, str] | None:
        row = fetch()
        return None if row is None else (row[2], row[3])

    return packed_entry(store, at.key, shown, checked, texts, quick, read, remake, unpacked, indexed=named)
