"""The events' manifest's seal (:mod:`ingest.publish.events_manifest`): the whole file's
signature (size, times and inode) kept beside it, signed, once its bytes were checked, so
that a later process that finds the file with the same signature takes it as checked
without hashing it (135 MB at 10,000 weekly events), and reads rows from it by their place
(:mod:`ingest.publish.events_manifest_index`) while it is that file. Every write to a file
moves its change time, which no program can put back, and a file put in its place (copied,
restored, renamed over it) has another inode or change time."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ingest.publish.cache import MAGIC, MAX_ENTRY_BYTES, EventStore
from ingest.source.storage import FileSignature, read_build_file, signature_of, write_atomically

SEAL = "events-manifest.seal"
"""Beside the whole file: its signature once its bytes were checked, signed."""


def _seal_path(path: Path) -> Path:
    return path.with_name(SEAL)


def _seal_key(store: EventStore) -> str:
    return "events-manifest-seal:" + store.fingerprint


def signature(path: Path) -> FileSignature | None:
    try:
        return signature_of(os.lstat(path))
    except OSError:
        return None


HEAD = len(MAGIC) + 65
"""Bytes before the whole file's payload: its kind, and its signature on a line."""


def read_whole(store: EventStore, path: Path, key: str) -> tuple[bytes, FileSignature | None] | None:
    """The whole file's payload, if this store signed it, and the signature of the file as
    sealed (None: it could not be sealed): taken as checked when it is the file :func:`seal`
    noted (the same signature before and after it is read), else its signature checked (and
    the file then sealed for the next process)."""
    before = signature(path)
    if before is not None and sealed(store, path) == before:
        data = read_build_file(path, MAX_ENTRY_BYTES)
        if data is not None and data.startswith(MAGIC) and signature(path) == before:
            return data[len(MAGIC) :].partition(b"\n")[2], before
    payload = store.read_signed(path, key)
    if payload is None:
        return None
    if before is not None and signature(path) == before:
        seal(store, path, before)
        return payload, before
    return payload, None


def sealed(store: EventStore, path: Path) -> FileSignature | None:
    """The signature :func:`seal` noted for the whole file; None when there is none of this store's."""
    text = store.read_signed(_seal_path(path), _seal_key(store))
    if text is None:
        return None
    try:
        size, modified, changed, inode = json.loads(text)
        return (int(size), int(modified), int(changed), int(inode))
    except (ValueError, TypeError):
        return None


def seal(store: EventStore, path: Path, stamp: FileSignature) -> None:
    """Notes the whole file's signature, its bytes checked (a failure to write costs the next
    process a check of them)."""
    with contextlib.suppress(OSError):
        write_atomically(_seal_path(path), store.signed(_seal_key(store), json.dumps(stamp).encode()), durable=False)
