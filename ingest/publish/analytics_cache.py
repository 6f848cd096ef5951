"""The analytics pages in the build cache: two files per format, beside the events' entries.

A format's analytics pages are made from every event of the format
(:mod:`ingest.site.analytics_pages`); a build makes them again only when what they are made
from changed. What it made is kept for the next build, in whatever process, in files of the
format's own in the build's cache folder (:func:`~ingest.publish.cache.cache_folder`):
``analytics/<digest of the game and format>.json``, a short signed header (the key of what
the pages were made from, each page's path, length and content digest, the digest of each
page's inputs, the digest of the body), and ``.pages`` beside it, the pages' bytes one after
another (the body).

A build reads a format's header only when the format has analytics pages to find, and its
body only when it needs the pages themselves. A format whose pages were made from what they
would be made from now is left as written: its pages are not read, decoded or hashed, only
listed for ``build/docs`` (:meth:`AnalyticsCache.groups`, as an unchanged event's files
are), and read from the body only if ``build/docs`` does not hold them as listed. So a
result changed in one format costs the other formats a header each. The changed format's
body is read for the pages whose inputs are what they were
(:class:`~ingest.site.analytics_pages.PageReuse`), and its files are written again.

Beside them, ``.sums``: the totals the pages were made from (:mod:`ingest.analytics.kept_sums`),
written by a build that ends with its process, and named in the header by their digest. A
build in a new process whose format changed patches them (:meth:`AnalyticsCache.sums`),
decoding only the changed events' records, and ``serve``'s first build starts from them.

Each file is checked as the events' entries are (:mod:`ingest.publish.cache`): read
through :func:`~ingest.source.storage.read_build_file` (a plain file, never a link or a
pipe, within :data:`~ingest.publish.cache.MAX_ENTRY_BYTES`); the header signed (HMAC-SHA256
with the cache's key, over the build's fingerprint, the format and the header), of this
format and version, listing only that format's analytics pages (and its match documents);
the body's and the totals' SHA-256 the header's. Anything else is ignored and the pages are
made again (the totals folded again from the records).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ingest import __version__
from ingest.core.errors import IngestError
from ingest.publish.analytics_kept import BODY as BODY
from ingest.publish.analytics_kept import FOLDER as FOLDER
from ingest.publish.analytics_kept import SUMS as SUMS
from ingest.publish.analytics_kept import KeptFormat, beside, body_name, listing_of, sums_name
from ingest.publish.cache import MAX_ENTRY_BYTES, EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.publish.sync import FileGroup
from ingest.site.analytics_data import data_root
from ingest.site.analytics_pages import Format, analytics_root
from ingest.site.fragments import PREFIX
from ingest.site.page import Files
from ingest.source.storage import read_build_file, write_atomically

if TYPE_CHECKING:
    from ingest.analytics.format_sums import FormatSums


class AnalyticsCache:
    """Each format's analytics pages, in this process's memory (``memory``: what ``serve``
    keeps between builds, by format) and on disk (:meth:`save`). With ``totals``, the totals
    a format's pages were made from are kept in ``memory`` too, for the next build of a
    watching process to patch (a build that ends with its process does not hold them)."""

    def __init__(self, store: EventStore, memory: dict[Format, KeptFormat], totals: bool = False) -> None:
        self.store = store
        self.memory = memory
        self.totals = totals
        self.keeps_totals = totals
        self.made: dict[Format, str] = {}
        """The formats whose pages this build made, and their keys (written by :meth:`save`)."""
        self.used: set[Format] = set()
        """The formats with analytics pages in this build (the others' files go)."""
        self.left: dict[Format, tuple[KeptFormat, Callable[[], Files]]] = {}
        """The formats whose pages are left as they were (:meth:`listed`): what is kept of
        them, and how to make them again."""

    # -- what a build asks (ingest.site.analytics_pages.KeptPages) -------------------------

    def listed(self, fmt: Format, key: str, remake: Callable[[], Files]) -> Collection[str] | None:
        """The paths of the format's pages when they were made under ``key``: they stay out
        of the build's files, and :meth:`groups` lists them for ``build/docs`` (``remake``
        makes them again, should their body not read back). None: none were."""
        self.used.add(fmt)
        kept = self._kept(fmt)
        if kept is None or kept.key != key:
            return None
        self.left[fmt] = (kept, remake)
        return [path for path, _, _ in kept.listing]

    def get(self, fmt: Format, key: str) -> Files | None:
        """The format's pages made under ``key``."""
        self.used.add(fmt)
        kept = self._kept(fmt)
        return self._files(fmt, kept) if kept is not None and kept.key == key else None

    def last(self, fmt: Format) -> tuple[Files, Mapping[str, str]] | None:
        """The format's pages last made for this build's fingerprint, whatever their key, with their digests."""
        kept = self._kept(fmt)
        files = self._files(fmt, kept) if kept is not None else None
        return (files, kept.digests) if files is not None and kept is not None else None

    def put(
        self, fmt: Format, key: str, files: Files, digests: Mapping[str, str], sums: FormatSums | None = None
    ) -> None:
        self.used.add(fmt)
        self.made[fmt] = key
        listing = listing_of(files, self.memory.get(fmt))
        kept_sums = sums if self.totals else None
        text = None
        if sums is not None and not self.totals:
            # (written by a build that ends with its process: a watching one keeps them in
            # memory, and writing them would cost each of its builds a pass over the format)
            from ingest.analytics.kept_sums import sums_text

            text = sums_text(sums)
        kept = KeptFormat(self.store.fingerprint, key, listing, dict(digests), files=files, sums=kept_sums)
        kept.sums_text = text
        self.memory[fmt] = kept

    def hold(self, fmt: Format, make: Callable[[], FormatSums]) -> None:
        """Keeps the format's totals when this cache keeps totals and has none of the format:
        as the build cache kept them with the pages, else those ``make`` sums."""
        found = self.memory.get(fmt)
        if self.totals and found is not None and found.sums is None and found.fingerprint == self.store.fingerprint:
            found.sums = self._loaded(fmt, found) or make()

    def sums(self, fmt: Format) -> FormatSums | None:
        """The format's totals for this build's fingerprint: made by a build in this process
        (a watching one), else as the build cache kept them with the format's last pages
        (None: none, or none to trust: the format's records are folded again)."""
        found = self.memory.get(fmt)
        if found is None or found.fingerprint != self.store.fingerprint:
            return None
        return found.sums if found.sums is not None else self._loaded(fmt, found)

    def _loaded(self, fmt: Format, kept: KeptFormat) -> FormatSums | None:
        """The format's totals read from their file (checked against the header's digest), or None."""
        from ingest.analytics.kept_sums import SumsError, sums_from_text

        folder = self._folder()
        if folder is None or not kept.sums_digest:
            return None
        data = read_build_file(folder / sums_name(self.file_name(fmt)), MAX_ENTRY_BYTES)
        if data is None or hashlib.sha256(data).hexdigest() != kept.sums_digest:
            return None
        pages = self._files(fmt, kept)
        if pages is None:
            return None
        try:
            return sums_from_text(data, fmt[0], fmt[1], pages)
        except SumsError:
            return None

    # -- what the build writes ------------------------------------------------------------

    def digests(self) -> dict[str, tuple[str | bytes, str]]:
        """Each page of the formats this build made, with its text and its content digest
        (as listed: :func:`~ingest.publish.analytics_kept.listing_of`), for the writing of
        ``build/docs`` not to hash them again."""
        out: dict[str, tuple[str | bytes, str]] = {}
        for fmt in self.made:
            kept = self.memory[fmt]
            if kept.files is not None:
                out.update((path, (kept.files[path], sha)) for path, sha, _ in kept.listing if path in kept.files)
        return out

    def groups(self) -> list[FileGroup]:
        """The pages of the formats left as they were, as ``build/docs`` takes them: listed,
        read only if the trees do not hold them as listed."""
        return [
            FileGroup(tuple((path, sha) for path, sha, _ in kept.listing), self._loader(fmt, kept, remake))
            for fmt, (kept, remake) in sorted(self.left.items())
        ]

    def _loader(self, fmt: Format, kept: KeptFormat, remake: Callable[[], Files]) -> Callable[[], Files]:
        def load() -> Files:
            files = self._files(fmt, kept)
            if files is not None:
                return files
            self._forget(fmt)  # the body did not read back: made again, now and by the next build
            files = remake()
            if listing_of(files) != kept.listing:
                raise IngestError("the analytics pages in the build cache cannot be made again as listed; build again")
            return files

        return load

    def save(self, *, watched: bool = False) -> None:
        """Writes the files of each format whose pages this build made (the body, then the
        header), and removes the files of formats that have no analytics pages any more (a
        failure to write only costs the next build time).

        A watching process (this cache keeps totals) writes a format's files once it stops
        watching (``watched``: :meth:`write_totals`), with its totals, not after each build:
        a format's body is all its pages (42 MB at 10,000 weekly events), which a result
        changed would have written again. Until then the files in the build cache are of
        another key (the format's pages as last written), which a build in another process
        does not take as they are: it makes the format's pages again, taking each page whose
        inputs did not change from them."""
        folder = self._folder()
        if folder is None:
            return
        for fmt, key in sorted(self.made.items()):
            if self.totals and not watched:
                continue  # (kept in memory, written when watching ends)
            kept = self.memory[fmt]
            files = kept.files
            if files is None or not all(isinstance(v, str) for v in files.values()):
                continue  # (the pages are text; anything else is not kept)
            body = b"".join(str(content).encode() for content in files.values())
            sums = kept.sums_text
            header = {
                "format": CACHE_FORMAT,
                "version": __version__,
                "game": fmt[0],
                "id": fmt[1],
                "key": key,
                "digests": dict(kept.digests),
                "pages": [list(entry) for entry in kept.listing],
                "body": hashlib.sha256(body).hexdigest(),
                "sums": hashlib.sha256(sums).hexdigest() if sums is not None else "",
            }
            payload = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
            name = self.file_name(fmt)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_atomically(folder / body_name(name), body, durable=False)
                if sums is not None:
                    write_atomically(folder / sums_name(name), sums, durable=False)
                kept.sums_text = None
                write_atomically(folder / name, self.store.signed(self._mac_key(fmt), payload), durable=False)
            except OSError:
                pass
        keep = {n for fmt in self.used for n in (self.file_name(fmt), *beside(self.file_name(fmt)))}
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                if name not in keep:
                    with contextlib.suppress(OSError):
                        os.unlink(folder / name)
        self.made.clear()

    def write_totals(self) -> None:
        """Writes the totals this cache holds in memory (a watching process's builds patch
        them without writing them) beside their formats' pages, so that the next build in a
        new process patches them rather than folding every record of the format again:
        ``serve`` calls it once, when it stops watching (a pass over each format, once)."""
        from ingest.analytics.kept_sums import sums_text

        for fmt, kept in sorted(self.memory.items()):
            if kept.fingerprint != self.store.fingerprint:
                continue
            self.used.add(fmt)
            if kept.sums is not None and self._files(fmt, kept) is not None:
                kept.sums_text = sums_text(kept.sums)
                self.made[fmt] = kept.key
        self.save(watched=True)

    # -- on disk --------------------------------------------------------------------------

    def _folder(self) -> Path | None:
        return None if self.store.folder is None else self.store.folder.parent / FOLDER

    @staticmethod
    def file_name(fmt: Format) -> str:
        """The format's header file in :data:`FOLDER` (its body: the same name ending in :data:`BODY`)."""
        return hashlib.sha256(f"{fmt[0]}\0{fmt[1]}".encode()).hexdigest()[:32] + ".json"

    def _mac_key(self, fmt: Format) -> str:
        return f"analytics\0{self.store.fingerprint}\0{fmt[0]}\0{fmt[1]}"

    def _kept(self, fmt: Format) -> KeptFormat | None:
        """What is kept of the format for this build's fingerprint: in memory, else its header on disk."""
        found = self.memory.get(fmt)
        if found is not None and found.fingerprint == self.store.fingerprint:
            return found
        loaded = self._header(fmt)
        if loaded is not None:
            self.memory[fmt] = loaded
        return loaded

    def _header(self, fmt: Format) -> KeptFormat | None:
        """The format's header (None: none, or not one to trust)."""
        folder = self._folder()
        if folder is None:
            return None
        payload = self.store.read_signed(folder / self.file_name(fmt), self._mac_key(fmt))
        if payload is None:
            return None
        try:
            obj = json.loads(payload)
            if obj["format"] != CACHE_FORMAT or obj["version"] != __version__:
                return None
            if obj["game"] != fmt[0] or obj["id"] != fmt[1] or not isinstance(obj["key"], str):
                return None  # another format's
            digests = obj["digests"]
            if not isinstance(digests, dict) or not all(isinstance(v, str) for v in digests.values()):
                return None
            roots = (analytics_root(*fmt), data_root(*fmt))
            listing = []
            for path, sha, length in obj["pages"]:
                if not isinstance(length, int) or isinstance(length, bool) or length < 0:
                    return None
                if not text_of(path).removeprefix(PREFIX).startswith(roots):
                    return None  # only this format's analytics pages and match documents
                listing.append((path, text_of(sha), length))
            kept = KeptFormat(self.store.fingerprint, obj["key"], tuple(listing), digests, text_of(obj["body"]))
            kept.sums_digest = text_of(obj.get("sums", ""))
            return kept
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None

    def _files(self, fmt: Format, kept: KeptFormat) -> Files | None:
        """The format's pages: in memory, else read from its body (None: it does not read back as listed)."""
        if kept.files is not None:
            return kept.files
        folder = self._folder()
        if folder is None:
            return None
        body = read_build_file(folder / body_name(self.file_name(fmt)), MAX_ENTRY_BYTES)
        if body is None or hashlib.sha256(body).hexdigest() != kept.body:
            return None
        if sum(length for _, _, length in kept.listing) != len(body):
            return None
        files: Files = {}
        view = memoryview(body)
        at = 0
        try:
            for path, _, length in kept.listing:
                files[path] = str(view[at : at + length], "utf-8")
                at += length
        except UnicodeDecodeError:
            return None
        kept.files = files
        return files

    def _forget(self, fmt: Format) -> None:
        self.memory.pop(fmt, None)
        folder = self._folder()
        if folder is not None:
            for name in (self.file_name(fmt), *beside(self.file_name(fmt))):
                with contextlib.suppress(OSError):
                    os.unlink(folder / name)
