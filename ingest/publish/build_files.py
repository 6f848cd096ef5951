"""The build's own files the build cache keeps beside its events (:mod:`ingest.publish.cache`):
the player pages of the last build, and the record of what it wrote into ``build/docs`` and
``build/fragments``. Each is one file in the build's cache folder, signed and read back by the
store (:meth:`~ingest.publish.cache.EventStore.signed`, :meth:`~ingest.publish.cache.EventStore.read_signed`)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.publish.sync import DocsRecord
from ingest.site.page import Files
from ingest.site.player_pages import PLAYER_PAGE
from ingest.source.storage import write_atomically

PAGES_FILE = "player-pages.json"
"""The player pages of the last build, in the build's cache folder (one file)."""


KEPT_PAGES = (PLAYER_PAGE,)
"""The pages about many events the build cache keeps in :data:`PAGES_FILE`, by the start of
their page key (the analytics pages have files of their own: :mod:`ingest.publish.analytics_cache`)."""


def load_player_pages(store: EventStore) -> dict[str, Files]:
    """The player pages the last build kept, by page key (:data:`ingest.site.player_pages.PLAYER_PAGE`),
    if they were made with this build's fingerprint and the file checks; empty otherwise."""
    if store.folder is None:
        return {}
    key = "pages:" + store.fingerprint
    payload = store.read_signed(store.folder.parent / PAGES_FILE, key)
    if payload is None:
        return {}
    try:
        obj = json.loads(payload)
        if obj["format"] != CACHE_FORMAT or obj["version"] != __version__ or obj["key"] != key:
            return {}
        out: dict[str, Files] = {}
        for name, files in obj["pages"].items():
            if not text_of(name).startswith(KEPT_PAGES) or not isinstance(files, dict):
                return {}
            out[name] = {text_of(k): text_of(v) for k, v in files.items()}
        return out
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def save_player_pages(
    store: EventStore, page_cache: Mapping[Any, Files], site: Files, before: Iterable[str]
) -> list[str]:
    """Keeps the player pages of this build (those of ``page_cache`` that are in ``site``),
    unless they are the ones kept already (``before``); returns the keys of those kept."""
    pages = {
        k: v
        for k, v in page_cache.items()
        if isinstance(k, str)
        and k.startswith(KEPT_PAGES)
        and all(isinstance(c, str) and (site.get(p) is c or site.get(p) == c) for p, c in v.items())
    }
    if set(pages) == set(before) or store.folder is None:
        return list(before)
    key = "pages:" + store.fingerprint
    payload = json.dumps(
        {"format": CACHE_FORMAT, "version": __version__, "key": key, "pages": pages},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    try:
        store.folder.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(store.folder.parent / PAGES_FILE, store.signed(key, payload))
    except OSError:
        return []
    return list(pages)


RECORD_FILE = "docs-record.json"
"""In the build's cache folder: what the last build wrote into build/docs and build/fragments
(:class:`~ingest.publish.sync.DocsRecord`)."""


def load_record(store: EventStore) -> DocsRecord | None:
    """The record of build/docs and build/fragments the last build kept, if it checks; None otherwise."""
    if store.folder is None:
        return None
    payload = store.read_signed(store.folder.parent / RECORD_FILE, "docs-record")
    if payload is None:
        return None
    try:
        obj = json.loads(payload)
        if obj["version"] != __version__:
            return None
        folders = tuple((int(dev), int(ino), int(changed)) for dev, ino, changed in obj["folders"])
        files = {text_of(k): text_of(v) for k, v in obj["files"].items()}
        return DocsRecord(text_of(obj["token"]), folders, files)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def save_record(store: EventStore, record: DocsRecord) -> None:
    """Keeps the record of build/docs and build/fragments (a failure to write costs the next
    build a comparison of every file)."""
    if store.folder is None:
        return
    payload = json.dumps(
        {"version": __version__, "token": record.token, "folders": record.folders, "files": record.files},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    with contextlib.suppress(OSError):
        store.folder.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(store.folder.parent / RECORD_FILE, store.signed("docs-record", payload))
