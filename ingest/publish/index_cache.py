"""The events index's pages in the build cache: one signed file, beside the events' entries.

Each page of the events index (a page a year: :func:`ingest.site.site_files.site_files`) is
kept with the digest of what it was made from, so the next build, in whatever process, takes
a page whose values did not change as it was and renders only the pages of the years a
change is in. The file is data (JSON), read through :meth:`~ingest.publish.cache.EventStore.read_signed`
(a plain file within a bound, signed with the cache's key under the build's fingerprint) and
checked field by field: anything else is ignored and the pages are made again.
"""

from __future__ import annotations

import contextlib
import json

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.site.page import Files
from ingest.site.site_files import IndexPages
from ingest.source.storage import write_atomically

FILE = "index-pages.json"
"""In the build's cache folder."""


def _key(store: EventStore) -> str:
    return "index-pages:" + store.fingerprint


def load_index_pages(store: EventStore) -> IndexPages:
    """The pages the last build with this fingerprint kept; empty when there are none (or
    the file is not one this store signed)."""
    if store.folder is None:
        return {}
    payload = store.read_signed(store.folder.parent / FILE, _key(store))
    if payload is None:
        return {}
    try:
        obj = json.loads(payload)
        if obj["key"] != _key(store) or obj["version"] != __version__:
            return {}
        out: IndexPages = {}
        for page, (made_from, files) in obj["pages"].items():
            kept: Files = {text_of(path): text_of(text) for path, text in files.items()}
            out[text_of(page)] = (text_of(made_from), kept)
        return out
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def made_from(pages: IndexPages) -> dict[str, str]:
    """What each page was made from: two builds with the same need not write the file again."""
    return {page: key for page, (key, _) in pages.items()}


def save_index_pages(store: EventStore, pages: IndexPages) -> None:
    """Keeps the pages (a failure to write costs the next build their rendering)."""
    if store.folder is None:
        return
    kept = {
        page: [key, files]
        for page, (key, files) in sorted(pages.items())
        if all(isinstance(t, str) for t in files.values())
    }
    payload = json.dumps(
        {"key": _key(store), "version": __version__, "pages": kept}, ensure_ascii=False, separators=(",", ":")
    ).encode()
    with contextlib.suppress(OSError):
        store.folder.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(store.folder.parent / FILE, store.signed(_key(store), payload), durable=False)
