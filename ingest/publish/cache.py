"""The build cache on disk: an unchanged event is not read, checked, computed or rendered again.

For each event a build keeps what the site needs of it: its rendered files (pages,
fragments, API documents), its brief for the pages about many events
(:class:`ingest.site.brief.EventBrief`) and the warnings found in it. The next build, in
whatever process, takes an event from there when nothing it depends on changed. An entry
is data, never code: JSON, read only after its signature checks.

What an entry is keyed by (:func:`~ingest.publish.cache_keys.build_fingerprint`, :meth:`EventStore.key`): the event
file's text and name; the code (every module of the package) and the versions of the
libraries that shape the output; formats, archetypes and schemas; mkdocs.yml whole (site
name and address, ``theme.language``, card-data settings) and the card-data files it
names; the templates and assets; seasons, presets and message catalogs; the build's date. What is checked
when an entry is used, since it cannot be known before reading the event file: the
decklist files it read (their text), and what ``players.yaml`` says about its players.

The cache lives in the user's cache folder (the command line passes
``$XDG_CACHE_HOME/scorekeeper``, else ``~/.cache/scorekeeper``: see
:func:`ingest.cli.common.user_cache_home`), one folder per build folder, not in the project: an entry holds
the event as written, ids of players who chose not to be named included, and nothing of
that may be in the build folder, which is published (:mod:`ingest.source.naming`). Each
entry is signed (HMAC-SHA256) with a key kept there too: an entry that is truncated,
corrupted, edited, copied from elsewhere or written by another version fails the check
and the event is built again. Without a usable cache folder (or given none) there is no cache on disk.
Every file of the cache folder, the key included, is read through
:func:`~ingest.source.storage.read_build_file` (a plain file, never a link or a pipe, within a
bound). The same key signs the list of the site's files (:mod:`ingest.publish.site_manifest`).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from ingest.publish.cache_entries import CachedEvent, decode_files, decode_header, encode_entry
from ingest.site.brief import BriefError
from ingest.site.event_pages import RenderedEvent
from ingest.source.project import Project
from ingest.source.signing import KEY_BYTES as KEY_BYTES  # where callers have found them
from ingest.source.signing import signing_key as signing_key
from ingest.source.storage import (
    read_build_file,
    write_atomically,
)

FOLDER = "events"
"""Where entries live, in the build's cache folder (:func:`cache_folder`)."""

MAGIC = b"scorekeeper-event-cache 1\n"
"""The first line of every entry."""

MAX_ENTRY_BYTES = 256 * 2**20
"""A larger file is not read."""

LAST_GOOD = "last-good"
"""Where the build's cache folder notes each event file's last entry made without errors."""

NOTES_BY_ENTRY = 64
"""At most this many entries removed, :meth:`EventStore.prune` reads only their events' notes."""

_PROCESS_KEY = os.urandom(32)
"""The signing key of a build without a cache folder: what it signs, only this process reads."""

# -- the store ------------------------------------------------------------------------------------


def _read_head(path: Path, limit: int) -> tuple[bytes, int] | None:
    """The first three lines of a file of the build cache (an entry's kind, signature and
    header), read as :func:`~ingest.source.storage.read_build_file` reads a whole one: a
    plain file, never a link or a pipe, within ``limit`` bytes; and the file's size. None otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        data = b""
        while data.count(b"\n") < 3:
            chunk = os.read(fd, HEAD_CHUNK)
            if not chunk:
                break
            data += chunk
        return data, st.st_size
    except OSError:
        return None
    finally:
        os.close(fd)


HEAD_CHUNK = 64 * 1024
"""Bytes read at a time while looking for an entry's header."""


def _entry_path(path: Path) -> str | None:
    """The event file an entry of the store says it was made from (its header's ``path``,
    unchecked: only which note to read depends on it); None when it does not say."""
    head = _read_head(path, MAX_ENTRY_BYTES)
    if head is None:
        return None
    lines = head[0].split(b"\n", 3)
    if len(lines) < 4 or lines[0] + b"\n" != MAGIC:
        return None
    try:
        shown = json.loads(lines[2]).get("path")
    except (ValueError, AttributeError, RecursionError):
        return None
    return shown if isinstance(shown, str) else None


def cache_folder(home: Path, build_dir: Path) -> Path:
    """The cache of one build folder, in the user's cache folder ``home`` (named by a digest
    of the build folder's absolute path)."""
    name = hashlib.sha256(os.fspath(build_dir.resolve()).encode()).hexdigest()[:32]
    return home / "builds" / name


class EventStore:
    """Entries of one build folder, for one build fingerprint (only keys, without a folder:
    see :meth:`in_memory`)."""

    def __init__(self, folder: Path | None, fingerprint: str, secret: bytes) -> None:
        self.folder = folder
        self.fingerprint = fingerprint
        self.secret = secret
        self.used: set[str] = set()
        """Keys this build looked up or wrote (the others go, see :meth:`prune`)."""
        self.hashed = 0
        """Bytes signed or checked so far (tests count them)."""
        self.notes_read = 0
        """Notes of last good entries read so far (tests count them)."""

    @classmethod
    def in_memory(cls, fingerprint: str) -> EventStore:
        """A store that keeps nothing on disk (no cache folder can be used): it only gives keys,
        under which a process (``serve``) keeps its events in memory, and signs what this
        process alone may read back (the site's manifest) with a key of the process."""
        return cls(None, fingerprint, _PROCESS_KEY)

    def key(self, shown: str, text: str) -> str:
        """An event file's key: the build's fingerprint, the file's name and its text."""
        h = hashlib.sha256(f"{self.fingerprint}\0{shown}\0".encode())
        h.update(text.encode("utf-8"))
        return h.hexdigest()

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{key}.json"

    def _mac(self, key: str, payload: bytes | memoryview) -> str:
        self.hashed += len(payload)
        return hmac.new(self.secret, key.encode() + b"\0" + payload, hashlib.sha256).hexdigest()

    def write_signed(self, path: Path, key: str, chunks: Iterable[bytes]) -> int:
        """Replaces ``path`` (atomically, not durably) with the file :meth:`signed` makes of
        the payload ``chunks`` make one after another, signed as they are written: the payload
        is never held whole (the events' manifest of a full build, 135 MB at 10,000 weekly
        events). Returns the payload's bytes. Raises OSError when it cannot be written."""
        mac = hmac.new(self.secret, key.encode() + b"\0", hashlib.sha256)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        size = 0
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(MAGIC + b"0" * mac.digest_size * 2 + b"\n")  # (the signature, once known)
                for chunk in chunks:
                    mac.update(chunk)
                    handle.write(chunk)
                    size += len(chunk)
                handle.seek(len(MAGIC))
                handle.write(mac.hexdigest().encode())
            with contextlib.suppress(OSError):  # (as write_atomically leaves them)
                os.chmod(tmp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
            os.replace(tmp_name, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise
        return size

    def sign(self, key: str, payload: bytes) -> str:
        """The signature of ``payload`` under ``key`` (a line of a file the cache appends to)."""
        return self._mac(key, payload)

    def signed(self, key: str, payload: bytes) -> bytes:
        """``payload`` as a file of the cache's own (the player pages, the record of build/docs,
        the event files' index, a format's analytics pages): signed under ``key``."""
        return MAGIC + self._mac(key, payload).encode() + b"\n" + payload

    def read_signed(self, path: Path, key: str) -> bytes | None:
        """The payload of the file :meth:`signed` made under ``key``, if it is one, within
        :data:`MAX_ENTRY_BYTES` and signed with this store's key; None otherwise."""
        data = read_build_file(path, MAX_ENTRY_BYTES)
        if data is None or not data.startswith(MAGIC):
            return None
        mac, _, payload = data[len(MAGIC) :].partition(b"\n")
        return payload if hmac.compare_digest(mac, self._mac(key, payload).encode()) else None

    def load(self, key: str, shown: str, *, files: bool = True) -> CachedEvent | None:
        """The entry under ``key`` if there is one, whole, signed with this store's key and
        of this format; None otherwise (anything else is ignored, never an error).

        ``files``: read its files too; without, only its header is read (and checked), the
        entry's :attr:`~CachedEvent.listing` standing for its files (:meth:`with_files`)."""
        self.used.add(key)
        if self.folder is None:
            return None
        path = self._path(key)
        if files:
            data = read_build_file(path, MAX_ENTRY_BYTES)
            size = len(data) if data is not None else 0
        else:
            head = _read_head(path, MAX_ENTRY_BYTES)
            data, size = head if head is not None else (None, 0)
        if data is None or not data.startswith(MAGIC):
            return None
        end = data.find(b"\n", len(MAGIC))
        stop = data.find(b"\n", end + 1)
        if end < 0 or stop < 0:
            return None
        header = data[end + 1 : stop]
        if not hmac.compare_digest(data[len(MAGIC) : end], self._mac(key, header).encode()):
            return None
        try:
            decoded = decode_header(header, key, shown)
            if decoded is None:
                return None
            entry, obj = decoded
            if stop + 1 + sum(length for _, _, length, _ in obj["files"]) != size:
                return None  # (a truncated entry, seen without reading its files)
            if not files:
                return entry
            return replace(entry, rendered=RenderedEvent(entry.rendered.brief, decode_files(obj, data[stop + 1 :])))
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, BriefError, RecursionError):
            return None

    def with_files(self, key: str, shown: str, entry: CachedEvent) -> CachedEvent | None:
        """``entry`` with its files (read from the store when it has them not); None when they
        cannot be read back whole."""
        if entry.loaded:
            return entry
        whole = self.load(key, shown)
        return whole if whole is not None and whole.listing == entry.listing else None

    def save(self, key: str, shown: str, entry: CachedEvent) -> bool:
        """Writes an entry (atomically; a failure to write only costs the next build time);
        returns whether it is kept on disk."""
        self.used.add(key)
        if self.folder is None:
            return False
        header, body = encode_entry(entry, key, shown)
        data = b"".join((MAGIC, self._mac(key, header).encode(), b"\n", header, b"\n", body))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(self._path(key), data, durable=False)
        except OSError:
            return False
        return True

    def prune(self) -> None:
        """Removes the entries this build did not use (events changed or gone), and the notes
        of last good entries that point to none of them.

        A note is of one event file and points to an entry made from it (an entry's key
        names its file): once each prune has removed the notes of the entries it removed,
        only those of the entries removed now can point to none. So the notes read are
        those of the event files the removed entries' headers name (one or two after a
        result changed, where every note of the archive was read: 10,000 files at 10,000
        events); all are read when a removed entry does not say its file (torn, foreign), or
        when more than :data:`NOTES_BY_ENTRY` go (reading their headers would cost more)."""
        if self.folder is None:
            return
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        gone = [name for name in names if not (name.endswith(".json") and name[: -len(".json")] in self.used)]
        shown: set[str] | None = set() if len(gone) <= NOTES_BY_ENTRY else None
        for name in gone:
            path = self.folder / name
            of = _entry_path(path) if shown is not None else None
            if of is None:
                shown = None  # (a note may point to it: every note is read)
            elif shown is not None:
                shown.add(of)
            with contextlib.suppress(OSError):
                os.unlink(path)
        notes = self.folder.parent / LAST_GOOD
        with contextlib.suppress(OSError):
            paths = [notes / name for name in os.listdir(notes)] if shown is None else [self._note(s) for s in shown]
            for path in paths:
                note = self._read_note(path)
                if (note is None and shown is None) or (note is not None and note[1] not in self.used):
                    with contextlib.suppress(OSError):
                        os.unlink(path)

    # -- the last good version of an event file ------------------------------------------

    def _note(self, shown: str) -> Path:
        assert self.folder is not None
        return self.folder.parent / LAST_GOOD / hashlib.sha256(shown.encode()).hexdigest()[:32]

    def _read_note(self, path: Path) -> tuple[str, str] | None:
        """A note's fingerprint and key; None for anything else (never an error)."""
        self.notes_read += 1
        raw = read_build_file(path, 1024)
        if raw is None:
            return None
        parts = raw.decode("ascii", "replace").split("\n")
        return (parts[0], parts[1]) if len(parts) == 3 and parts[2] == "" else None

    def remember_good(self, shown: str, key: str) -> None:
        """Notes ``key`` as the entry of the last version of ``shown`` made without errors
        (:meth:`last_good`); a failure to write only costs that fallback."""
        if self.folder is None or not key:
            return
        path = self._note(shown)
        if self._read_note(path) == (self.fingerprint, key):
            return
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, f"{self.fingerprint}\n{key}\n", durable=False)

    def last_good(self, shown: str) -> CachedEvent | None:
        """The entry of the last version of ``shown`` that a build with this fingerprint (the
        same code, configuration and day) made without errors; None if there is none."""
        if self.folder is None:
            return None
        note = self._read_note(self._note(shown))
        if note is None or note[0] != self.fingerprint:
            return None
        return self.load(note[1], shown)


def open_store(project: Project, fingerprint: str, home: Path | None) -> EventStore:
    """The project's store in the user's cache folder ``home`` (in memory only without one,
    or when no signing key can be kept there)."""
    secret = signing_key(home) if home is not None else None
    if home is None or secret is None:
        return EventStore.in_memory(fingerprint)
    return EventStore(cache_folder(home, project.build_dir) / FOLDER, fingerprint, secret)
