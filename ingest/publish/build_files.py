"""The build's own files the build cache keeps beside its events (:mod:`ingest.publish.cache`):
the record of what the last build wrote into ``build/docs`` and ``build/fragments`` (the
players' book is :mod:`ingest.publish.player_book`). It is one file in the build's cache folder,
signed and read back by the store (:meth:`~ingest.publish.cache.EventStore.signed`,
:meth:`~ingest.publish.cache.EventStore.read_signed`)."""

from __future__ import annotations

import contextlib
import json

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.sync import DocsRecord
from ingest.source.storage import write_atomically

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
        write_atomically(store.folder.parent / RECORD_FILE, store.signed("docs-record", payload), durable=False)
