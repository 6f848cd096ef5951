"""The build's own files the build cache keeps beside its events (:mod:`ingest.publish.cache`):
the record of what the last build wrote into ``build/docs`` and ``build/fragments`` (the
players' book is :mod:`ingest.publish.player_book`). It is a map of the build's cache folder
(:mod:`ingest.publish.kept_map`): a signed whole file and a log of what each later build
changed (a one-result build appends a line, where the whole record lists every file of
``build/docs``)."""

from __future__ import annotations

from ingest import __version__
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import text_of
from ingest.publish.kept_map import KeptFile, changed_entries, load_map, save_map
from ingest.publish.sync import DocsRecord

RECORD_FILE = "docs-record.json"
"""In the build's cache folder: what the last build wrote into build/docs and build/fragments
(:class:`~ingest.publish.sync.DocsRecord`); its log beside it."""

KEY = "docs-record"


def load_record(store: EventStore) -> tuple[DocsRecord, KeptFile] | None:
    """The record of build/docs and build/fragments the last build kept, if it checks, and
    its files as read; None otherwise."""
    if store.folder is None:
        return None
    loaded = load_map(store.folder.parent / RECORD_FILE, KEY, store.sign)
    if loaded is None:
        return None
    head, entries, kept = loaded
    try:
        if head["version"] != __version__:
            return None
        folders = tuple((int(dev), int(ino), int(changed)) for dev, ino, changed in head["folders"])
        files = {text_of(k): text_of(v) for k, v in entries.items()}
        return DocsRecord(text_of(head["token"]), folders, files), kept
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def kept_record(
    store: EventStore, record: DocsRecord | None, kept: KeptFile | None
) -> tuple[DocsRecord | None, KeptFile | None]:
    """The record a process kept (``record``, its files ``kept``), else the build cache's."""
    if record is not None:
        return record, kept
    loaded = load_record(store)
    return loaded if loaded is not None else (None, None)


def save_record(
    store: EventStore, record: DocsRecord, before: DocsRecord | None, kept: KeptFile | None
) -> KeptFile | None:
    """Keeps the record of build/docs and build/fragments: what changed since ``before`` (the
    record the build started from, as the files ``kept`` describe hold it) appended, else the
    whole record written (a failure to write costs the next build a comparison of every
    file). Returns the files as left."""
    if store.folder is None:
        return None
    head = {"version": __version__, "token": record.token, "folders": record.folders}
    changes: dict[str, str | None] = {}
    if before is not None and kept is not None:
        changes = dict(record.changed) if record.since == before.token else changed_entries(before.files, record.files)
    return save_map(
        store.folder.parent / RECORD_FILE,
        KEY,
        store.sign,
        head,
        changes,
        lambda: record.files,
        kept if before is not None else None,
    )
