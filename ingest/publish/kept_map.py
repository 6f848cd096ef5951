"""A map a build keeps in its cache folder and writes back as what changed: a signed whole
file, and a log beside it that each later build appends one signed line to.

The record of ``build/docs`` (:mod:`ingest.publish.build_files`), the players' book's index
and each player's blocks (:mod:`ingest.publish.player_book_files`) and the site's manifest
(:mod:`ingest.publish.site_manifest`) each list something for every event or page of the
archive (at 10,000 weekly events, several megabytes each); a one-result build changes a few
of their entries. Written whole, each build would encode and write every entry; here a build
appends the entries it changed (a removed one as ``null``) and its new head (what the map
says of itself: a token, a fingerprint), one line signed under the nonce of the whole file it
extends. Once the log would pass a quarter of the whole file (:data:`LOG_SHARE`), the whole
file is written again and the log emptied.

Reading gives exactly the map the last save described, or nothing: a line that does not
check (torn by a crash, signed for another whole file) makes the whole map unread (None),
so a map is never taken older than its last save. Each user already treats a missing map as
"look at everything" (the record of ``build/docs``: every file compared; the book: made
again; the site's manifest: nothing of the previous site reused).

A process that keeps the map (``serve``) keeps the :class:`KeptFile` it last left, and
appends without reading the files again while they are as it left them (their size,
modification time and inode); otherwise it writes the whole file.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.publish.sync import write_all
from ingest.source.storage import read_build_file, write_atomically

MAGIC = b"scorekeeper-kept-map 1\n"
"""The first line of a whole file."""

LOG_SUFFIX = ".log"
"""The log's name: the whole file's, with this added."""

LOG_SHARE = 4
"""The log is folded into a new whole file once it would hold more than a quarter of its bytes."""

LOG_FLOOR = 64 * 1024
"""A log this small is always appended to (a small map's whole file is rewritten less often)."""

MAX_BYTES = 256 * 2**20
"""A larger file is not read."""

Sign = Callable[[str, bytes], str]
"""Signs bytes under a key (:meth:`ingest.publish.cache.EventStore.sign`)."""

Stamp = tuple[int, int, int]
"""A file as a process last read or wrote it: size, modification time, inode."""


@dataclass(frozen=True, slots=True)
class KeptFile:
    """The files of a map as a process last read or wrote them."""

    nonce: str
    """The whole file's nonce: the log's lines are signed under it."""
    based: int
    """The whole file's size in bytes."""
    logged: int
    """The log's size in bytes."""
    stamps: tuple[Stamp | None, Stamp | None]
    """The whole file's and the log's, as left (None: none)."""


def log_path(path: Path) -> Path:
    return path.with_name(path.name + LOG_SUFFIX)


def file_stamp(path: Path) -> Stamp | None:
    """A file's size, modification time and inode as it is now (None: there is none)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def file_stamps(path: Path) -> tuple[Stamp | None, Stamp | None]:
    """The map's files as they are now (compared with :attr:`KeptFile.stamps`)."""
    return file_stamp(path), file_stamp(log_path(path))


def _dumps(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _line_key(key: str, nonce: str) -> str:
    return f"{key}\0log\0{nonce}"


def load_map(path: Path, key: str, sign: Sign) -> tuple[Any, dict[str, Any], KeptFile] | None:
    """The head and the entries the last save left, and the files as read; None when there is
    no whole file, it is not one signed under ``key``, or a line of its log does not check."""
    stamps = file_stamps(path)
    data = read_build_file(path, MAX_BYTES)
    if data is None or not data.startswith(MAGIC):
        return None
    mac, _, payload = data[len(MAGIC) :].partition(b"\n")
    if not hmac.compare_digest(mac, sign(key, payload).encode()):
        return None
    try:
        obj = json.loads(payload)
        nonce, head, entries = obj["nonce"], obj["head"], obj["entries"]
        if not isinstance(nonce, str) or not isinstance(entries, dict):
            return None
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    logged = 0
    if stamps[1] is not None:
        log = read_build_file(log_path(path), MAX_BYTES)
        if log is None:
            return None
        if log and not log.endswith(b"\n"):
            return None  # (a torn last line)
        line_key = _line_key(key, nonce)
        for line in log.split(b"\n")[:-1]:
            mac, _, text = line.partition(b"\t")
            if not hmac.compare_digest(mac, sign(line_key, text).encode()):
                return None
            try:
                head, changes = json.loads(text)
                for name, value in changes.items():
                    if value is None:
                        entries.pop(name, None)
                    else:
                        entries[name] = value
            except (ValueError, TypeError, AttributeError, RecursionError):
                return None
        logged = len(log)
    return head, entries, KeptFile(nonce, len(payload), logged, stamps)


def save_map(
    path: Path,
    key: str,
    sign: Sign,
    head: Any,
    changes: Mapping[str, Any],
    whole: Callable[[], Mapping[str, Any]],
    kept: KeptFile | None,
) -> KeptFile | None:
    """Keeps the map: ``changes`` (each changed entry, None for one removed) and ``head``
    appended to the log of the whole file ``kept`` describes, while the files are as it left
    them and the log stays within its share; else the whole map (``whole()``) written anew,
    its log emptied. Returns the files as left; None when they could not be written (the
    map is then removed: the next build reads none)."""
    log = log_path(path)
    if kept is not None and file_stamps(path) == kept.stamps:
        text = _dumps([head, dict(changes)])
        line = sign(_line_key(key, kept.nonce), text).encode() + b"\t" + text + b"\n"
        if kept.logged + len(line) <= max(kept.based // LOG_SHARE, LOG_FLOOR):
            try:
                _append(log, line)
                return KeptFile(kept.nonce, kept.based, kept.logged + len(line), file_stamps(path))
            except OSError:
                forget_map(path)
                return None
    nonce = os.urandom(8).hex()
    payload = _dumps({"nonce": nonce, "head": head, "entries": dict(sorted(whole().items()))})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, MAGIC + sign(key, payload).encode() + b"\n" + payload, durable=False)
        # The log after the whole file: killed between the two, the old log's lines are signed
        # under the old file's nonce, so the map reads as none (made again). Removed first, a
        # kill between left the old whole file without the changes its log held: an older map.
        with contextlib.suppress(FileNotFoundError):
            os.unlink(log)
    except OSError:
        forget_map(path)
        return None
    return KeptFile(nonce, len(payload), 0, file_stamps(path))


def forget_map(path: Path) -> None:
    """Removes the map's files: the next build reads none."""
    for name in (path, log_path(path)):
        with contextlib.suppress(OSError):
            os.unlink(name)


def _append(path: Path, data: bytes) -> None:
    """Appends ``data`` to ``path`` (made if missing, never through a link)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    write_all(os.open(path, flags, 0o600), data)


def changed_entries(before: Mapping[str, Any], now: Mapping[str, Any]) -> dict[str, Any]:
    """What turns ``before`` into ``now``: each entry added or changed, None for each removed."""
    out: dict[str, Any] = {name: value for name, value in now.items() if before.get(name) != value}
    out.update((name, None) for name in before if name not in now)
    return out
