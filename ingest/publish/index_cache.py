"""The events index's pages and the reference pages in the build cache: a map of the build's
cache folder (:mod:`ingest.publish.kept_map`), beside the events' entries.

Each page of the events index (a page a year: :func:`ingest.site.site_files.site_files`) is
kept with the digest of what it was made from, so the next build, in whatever process, takes
a page whose values did not change as it was and renders only the pages of the years a
change is in; the reference pages (formats, rules) likewise, under the build's fingerprint.
A build writes back the pages it made again (appended to the map's log: a result changed
writes its year's page, not every page of every year). The map is data (JSON), signed with
the cache's key under the build's fingerprint and checked field by field: anything else is
ignored and the pages are made again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.kept_map import KeptFile, load_map, save_map
from ingest.site.page import Files
from ingest.site.site_files import IndexPages

FILE = "index-pages.json"
"""In the build's cache folder."""


@dataclass(frozen=True, slots=True)
class IndexFile:
    """The kept pages as their files in the build cache hold them: what each was made from,
    and the files as this process left them."""

    made_from: dict[str, str]
    file: KeptFile


def _key(store: EventStore) -> str:
    return "index-pages:" + store.fingerprint


def load_index_pages(store: EventStore) -> tuple[IndexPages, IndexFile | None]:
    """The pages the last build with this fingerprint kept, and their files as read; empty
    when there are none (or the files are not ones this store signed)."""
    if store.folder is None:
        return {}, None
    loaded = load_map(store.folder.parent / FILE, _key(store), store.sign)
    if loaded is None:
        return {}, None
    head, entries, kept = loaded
    try:
        if head != {"version": __version__}:
            return {}, None
        out: IndexPages = {}
        for page, (made, files) in entries.items():
            pages: Files = {text_of(path): text_of(text) for path, text in files.items()}
            out[text_of(page)] = (text_of(made), pages)
        return out, IndexFile(made_from(out), kept)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}, None


def kept_index_pages(
    store: EventStore, pages: IndexPages | None, file: IndexFile | None
) -> tuple[IndexPages, IndexFile | None]:
    """The pages a process kept (``pages``, their files ``file``), else the build cache's."""
    return (pages, file) if pages else load_index_pages(store)


def made_from(pages: IndexPages) -> dict[str, str]:
    """What each page was made from: two builds with the same need not write the file again."""
    return {page: key for page, (key, _) in pages.items()}


def save_index_pages(store: EventStore, pages: IndexPages, before: IndexFile | None) -> IndexFile | None:
    """Keeps the pages: those made from something else than ``before`` lists appended, else
    all written (a failure to write costs the next build their rendering). Returns their
    files as left."""
    if store.folder is None:
        return None
    kept = {
        page: [key, files] for page, (key, files) in pages.items() if all(isinstance(t, str) for t in files.values())
    }
    changes: dict[str, object] = {}
    if before is not None:
        changes = {page: value for page, value in kept.items() if before.made_from.get(page) != value[0]}
        changes.update((page, None) for page in before.made_from if page not in kept)
    file = save_map(
        store.folder.parent / FILE,
        _key(store),
        store.sign,
        {"version": __version__},
        changes,
        lambda: kept,
        before.file if before is not None else None,
    )
    return IndexFile({page: str(value[0]) for page, value in kept.items()}, file) if file is not None else None
