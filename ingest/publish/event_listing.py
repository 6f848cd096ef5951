"""The event files and the edit locks below the events folder, listed without listing again
the folders that did not change since a build last listed them.

The events folder of an archive also holds its decklists, a folder of them per event:
at 10,000 weekly events, 10,000 folders and 320,000 files that a walk lists twice in
every build (for the edit locks to wait on, then for the event files), 0.9 s of CPU in a
new process. What a folder holds (its names, and which of them are folders) changes only
when an entry is made, removed or renamed in it, and each of those moves the folder's
modification and change times; an edit of a file in place does not change the listing
(the decklists' check looks at each file: :func:`~ingest.publish.decklist_check.still_valid`).
So a build keeps, in the build's cache folder, each folder's times and inode with the
event files, lock files and folders it held, and the next build lists again only the
folders whose ``lstat`` differs. A folder is kept only when it had settled when listed
(its change time before ``settled_before``: a change within the same tick of the file
system's clock could leave its times as they were), and never when it holds a symbolic
link (what a link points to can change without the folder's times moving): those are
listed every time.

The file is the cache's own (signed with its key, read as data: anything else is ignored
and the folders are listed). The result is what :func:`~ingest.source.storage.find_files`
and :func:`~ingest.edit.locking.wait_for_edits` find, sorted the same way.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ingest.edit.locking import is_lock_name, wait_for_locks
from ingest.publish.cache import cache_folder
from ingest.source.project import Project
from ingest.source.signing import signing_key
from ingest.source.storage import read_build_file, write_atomically

FILE = "events-listing.json"
"""In the build's cache folder: the folders below the events folder as last listed."""

MAGIC = b"scorekeeper-events-listing 1\n"
"""The first line of :data:`FILE`."""

MAX_BYTES = 64 * 2**20
"""A larger file is not read."""

SUFFIXES = (".yaml", ".yml")
"""The event files' (as :func:`~ingest.source.storage.find_files` takes them)."""

Seen = tuple[int, int, int]
"""A folder's modification and change times and inode (ns, ns, number)."""

Held = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""What a folder holds: event files, lock files, folders (names, sorted)."""


@dataclass
class EventListing:
    """The event files and lock files below an events folder (sorted as ``find_files`` sorts)."""

    events: list[Path]
    locks: list[Path]
    listed: int = 0
    """Folders listed (``os.scandir``); the others were taken as the last build listed them."""
    kept: dict[str, tuple[Seen, Held]] = field(default_factory=dict)
    """The settled folders, by their path below the events folder (what is saved)."""


def project_events(project: Project, cache_home: Path | None, settled_before: int | None) -> EventListing:
    """The project's event files once no command is editing one: the edit locks found are
    waited on (:func:`~ingest.edit.locking.wait_for_locks`), then what changed meanwhile is
    listed again. The listing is kept in the build's cache folder in ``cache_home``."""
    cache = cache_folder(cache_home, project.build_dir) if cache_home is not None else None
    secret = signing_key(cache_home) if cache_home is not None else None
    return list_events(project.events_dir, cache, secret, settled_before, wait_for_locks)


def list_events(
    events_dir: Path,
    cache: Path | None,
    secret: bytes | None,
    settled_before: int | None,
    wait: Callable[[list[Path]], None] | None = None,
) -> EventListing:
    """The event files and lock files below ``events_dir``, each folder listed unless the
    listing kept in ``cache`` (a file signed with ``secret``) holds it with the same times and
    inode; the listing kept again when a folder changed. Without ``settled_before`` (ns since
    the epoch), nothing is kept or taken. ``wait``: given the lock files found, if any, before
    the folders are looked at again (the edits they guard may add or remove files)."""
    known = _load(cache, secret) if settled_before is not None else {}
    out = _listing(events_dir, known, settled_before)
    if wait is not None and out.locks:
        wait(out.locks)
        again = _listing(events_dir, {**known, **out.kept}, settled_before)
        again.listed += out.listed
        out = again
    if settled_before is not None and out.kept != known:
        _save(cache, secret, out.kept)
    return out


def _listing(events_dir: Path, known: dict[str, tuple[Seen, Held]], settled_before: int | None) -> EventListing:
    out = EventListing([], [])
    try:
        top = os.stat(events_dir)
    except OSError:
        return out
    if not stat.S_ISDIR(top.st_mode):
        return out
    _walk(os.fspath(events_dir), "", top, known, settled_before, out)
    out.events.sort(key=lambda p: p.as_posix())
    out.locks.sort(key=lambda p: p.as_posix())
    return out


def _walk(
    path: str, rel: str, st: os.stat_result, known: dict[str, tuple[Seen, Held]], settled: int | None, out: EventListing
) -> None:
    seen = (st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    kept = known.get(rel)
    if kept is not None and kept[0] == seen:
        held = kept[1]
        out.kept[rel] = kept
    else:
        out.listed += 1
        listed = _list(path)
        if listed is None:
            return
        held, linked = listed
        if not linked and settled is not None and st.st_ctime_ns < settled:
            out.kept[rel] = (seen, held)
    events, locks, folders = held
    out.events.extend(Path(path, name) for name in events)
    out.locks.extend(Path(path, name) for name in locks)
    for name in folders:
        inner = os.path.join(path, name)
        try:
            sub = os.lstat(inner)
        except OSError:
            continue
        if stat.S_ISDIR(sub.st_mode):
            _walk(inner, f"{rel}/{name}" if rel else name, sub, known, settled, out)


def _list(path: str) -> tuple[Held, bool] | None:
    """What a folder holds, as ``os.walk`` (not following links into folders) and ``find_files``
    see it, and whether it holds a symbolic link; None when it cannot be listed."""
    events: list[str] = []
    locks: list[str] = []
    folders: list[str] = []
    linked = False
    try:
        with os.scandir(path) as entries:
            for entry in entries:
                name = entry.name
                if entry.is_symlink():
                    linked = True
                    if entry.is_dir():
                        continue  # (os.walk does not go into it, nor takes it as a file)
                elif entry.is_dir():
                    folders.append(name)
                    continue
                if name.startswith("."):
                    if is_lock_name(name):
                        locks.append(name)
                elif os.path.splitext(name)[1] in SUFFIXES and entry.is_file():
                    events.append(name)
    except OSError:
        return None
    return (tuple(sorted(events)), tuple(sorted(locks)), tuple(sorted(folders))), linked


def _mac(secret: bytes, payload: bytes) -> bytes:
    return hmac.new(secret, b"events-listing\0" + payload, hashlib.sha256).hexdigest().encode()


def _load(cache: Path | None, secret: bytes | None) -> dict[str, tuple[Seen, Held]]:
    """The folders as kept (empty when there is no such file, or it is not one this key signed)."""
    if cache is None or secret is None:
        return {}
    data = read_build_file(cache / FILE, MAX_BYTES)
    if data is None or not data.startswith(MAGIC):
        return {}
    mac, _, payload = data[len(MAGIC) :].partition(b"\n")
    if not hmac.compare_digest(mac, _mac(secret, payload)):
        return {}
    try:
        obj: dict[str, Any] = json.loads(payload)
        return {
            rel: ((int(m), int(c), int(i)), (tuple(map(str, e)), tuple(map(str, lk)), tuple(map(str, f))))
            for rel, (m, c, i, e, lk, f) in obj.items()
        }
    except (ValueError, TypeError, AttributeError, RecursionError):
        return {}


def _save(cache: Path | None, secret: bytes | None, kept: dict[str, tuple[Seen, Held]]) -> None:
    """Keeps the listing (a failure to write costs the next build a walk)."""
    if cache is None or secret is None:
        return
    payload = json.dumps(
        {rel: [*seen, *held] for rel, (seen, held) in sorted(kept.items())}, ensure_ascii=False, separators=(",", ":")
    ).encode()
    with contextlib.suppress(OSError):
        cache.mkdir(parents=True, exist_ok=True)
        write_atomically(cache / FILE, MAGIC + _mac(secret, payload) + b"\n" + payload, durable=False)
