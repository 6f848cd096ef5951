"""The analytics pages in the build cache: one signed file per format, beside the events' entries.

A format's analytics pages are made from every event of the format
(:mod:`ingest.site.analytics_pages`); a build makes them again only when what they are made
from changed. What it made is kept for the next build, in whatever process, in a file of the
format's own (``analytics/<digest of the game and format>.json`` in the build's cache folder,
:func:`~ingest.publish.cache.cache_folder`): a build reads a format's file only when it has
analytics pages to find, and writes it only when it made that format's pages again. So a
result changed in one format neither reads the other formats' pages back and writes them
again, nor makes them; and the changed format's pages whose inputs are what they were are
taken from its file as they were (:class:`~ingest.site.analytics_pages.PageReuse`).

A file is laid out as the events' entries are (:mod:`ingest.publish.cache_entries`): a
one-line JSON header (the format, the key, each page's digest, each page's path and length), then the pages'
bytes one after another, so reading back a format's 10 MB of match lists slices and decodes
bytes instead of unescaping every quote of their HTML from JSON strings. Each file is
checked as the events' entries are (:mod:`ingest.publish.cache`): read through
:func:`~ingest.source.storage.read_build_file` (a plain file, never a link or a pipe, within
:data:`~ingest.publish.cache.MAX_ENTRY_BYTES`), signed (HMAC-SHA256 with the cache's key, over
the build's fingerprint, the format and the content), of this format and version, holding
text pages of that format's analytics (and its match documents) only; anything else is ignored and the pages are made
again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.site.analytics_data import data_root
from ingest.site.analytics_pages import Format, analytics_root
from ingest.site.fragments import PREFIX
from ingest.site.page import Files
from ingest.source.storage import write_atomically

FOLDER = "analytics"
"""Where the formats' files live, in the build's cache folder."""


class AnalyticsCache:
    """Each format's analytics pages, in this process's memory (``memory``: what ``serve``
    keeps between builds, by format: the key, the pages, each page's digest) and on disk
    (:meth:`save`)."""

    def __init__(self, store: EventStore, memory: dict[Format, tuple[str, Files, Mapping[str, str]]]) -> None:
        self.store = store
        self.memory = memory
        self.made: dict[Format, str] = {}
        """The formats whose pages this build made, and their keys (written by :meth:`save`)."""
        self.used: set[Format] = set()
        """The formats with analytics pages in this build (the others' files go)."""

    def get(self, fmt: Format, key: str) -> Files | None:
        """The format's pages made under ``key``: from memory, else from its file."""
        self.used.add(fmt)
        found = self.memory.get(fmt)
        if found is not None and found[0] == self._full(key):
            return found[1]
        loaded = self._load(fmt)
        if loaded is None or loaded[0] != key:
            return None  # made from other records
        self.memory[fmt] = (self._full(key), loaded[1], loaded[2])
        return loaded[1]

    def last(self, fmt: Format) -> tuple[Files, Mapping[str, str]] | None:
        """The format's pages last made for this build's fingerprint, whatever their key, with their digests."""
        found = self.memory.get(fmt)
        if found is not None and found[0].startswith(f"{self.store.fingerprint}:"):
            return found[1], found[2]
        loaded = self._load(fmt)
        return (loaded[1], loaded[2]) if loaded is not None else None

    def put(self, fmt: Format, key: str, files: Files, digests: Mapping[str, str]) -> None:
        self.used.add(fmt)
        self.made[fmt] = key
        self.memory[fmt] = (self._full(key), files, digests)

    def _full(self, key: str) -> str:
        """``key`` for this build's fingerprint (a process's pages made for other inputs don't count)."""
        return f"{self.store.fingerprint}:{key}"

    def _folder(self) -> Path | None:
        return None if self.store.folder is None else self.store.folder.parent / FOLDER

    @staticmethod
    def file_name(fmt: Format) -> str:
        """The format's file in :data:`FOLDER`."""
        return hashlib.sha256(f"{fmt[0]}\0{fmt[1]}".encode()).hexdigest()[:32] + ".json"

    def _mac_key(self, fmt: Format) -> str:
        return f"analytics\0{self.store.fingerprint}\0{fmt[0]}\0{fmt[1]}"

    def _load(self, fmt: Format) -> tuple[str, Files, dict[str, str]] | None:
        """The format's file: its key, its pages and their digests (None: none, or not one to trust)."""
        folder = self._folder()
        if folder is None:
            return None
        payload = self.store.read_signed(folder / self.file_name(fmt), self._mac_key(fmt))
        if payload is None:
            return None
        try:
            end = payload.index(b"\n")
            obj = json.loads(payload[:end])
            if obj["format"] != CACHE_FORMAT or obj["version"] != __version__:
                return None
            if obj["game"] != fmt[0] or obj["id"] != fmt[1] or not isinstance(obj["key"], str):
                return None  # another format's
            digests = obj["digests"]
            if not isinstance(digests, dict) or not all(isinstance(v, str) for v in digests.values()):
                return None
            roots = (analytics_root(*fmt), data_root(*fmt))
            body = memoryview(payload)[end + 1 :]
            files: Files = {}
            at = 0
            for path, length in obj["pages"]:
                stop = at + length
                if not isinstance(length, int) or length < 0 or stop > len(body):
                    return None
                if not text_of(path).removeprefix(PREFIX).startswith(roots):
                    return None  # only this format's analytics pages and match documents
                files[path] = str(body[at:stop], "utf-8")
                at = stop
            return (obj["key"], files, digests) if at == len(body) else None
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None

    def save(self) -> None:
        """Writes the file of each format whose pages this build made, and removes the files of
        formats that have no analytics pages any more (a failure to write only costs the next
        build time)."""
        folder = self._folder()
        if folder is None:
            return
        for fmt, key in sorted(self.made.items()):
            _full, files, digests = self.memory[fmt]
            if not all(isinstance(v, str) for v in files.values()):
                continue  # (the pages are text; anything else is not kept)
            blobs = [str(content).encode() for content in files.values()]
            header = {
                "format": CACHE_FORMAT,
                "version": __version__,
                "game": fmt[0],
                "id": fmt[1],
                "key": key,
                "digests": dict(digests),
                "pages": [[path, len(blob)] for path, blob in zip(files, blobs, strict=True)],
            }
            # Compact JSON holds no line feed (it escapes those in strings): the first one ends the header.
            payload = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" + b"".join(blobs)
            data = self.store.signed(self._mac_key(fmt), payload)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_atomically(folder / self.file_name(fmt), data, durable=False)
            except OSError:
                pass
        keep = {self.file_name(fmt) for fmt in self.used}
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                if name not in keep:
                    with contextlib.suppress(OSError):
                        os.unlink(folder / name)
        self.made.clear()
