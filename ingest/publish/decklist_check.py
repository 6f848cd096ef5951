"""The decklists' check: whether the decklist files an event read when a build kept it are
as they were, and its players' records in ``players.yaml`` too (:func:`still_valid`), so that
the event is taken from the build cache.

A folder's times do not move when a file in it is edited in place (as editors that write over
a file do), so every decklist file is looked at: one ``lstat``, by its name in its opened
folder. That is the check's floor (at 10,000 weekly events, 320,000 files, some 2.4 µs of
the system's time each here); the rest is kept small. A new build checks most events with
their rows' quick part (:func:`quick_part`, :func:`quick_valid`): the files' names grouped
by folder and one digest of their signatures (size, times, inode), so that it decodes no
file's signature or digest one by one; an event whose quick check fails, or that has none,
is checked file by file, its changed files read again and their text compared
(:func:`still_valid`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from ingest.publish.cache_entries import CachedEvent
from ingest.publish.cache_keys import players_digest, text_digest
from ingest.publish.events_manifest_rows import PackedEvent, QuickPart
from ingest.source.players import PlayerRegistry
from ingest.source.storage import FileSignature, file_signature, read_text, signature_of


class Looks(Protocol):
    """What the check counts (:class:`~ingest.publish.unchanged.CacheCheck`)."""

    decklists_looked_at: int
    decklists_read: list[str]
    shown_now: str


def still_valid(
    entry: CachedEvent,
    event_file: Path,
    registry: PlayerRegistry,
    memo: dict[str, str] | None = None,
    folders: dict[str, bool] | None = None,
    check: Looks | None = None,
    settled_before: int | None = None,
    refreshed: dict[str, FileSignature] | None = None,
) -> bool:
    """Whether the decklist files an entry's event read and its players' records are as then.

    Each decklist file must still be a regular file inside the event's folder, reached
    without a symbolic link (as :func:`ingest.checks.event_files.load_event` requires), and
    hold the same text: it is read again unless its size, times and inode are those it had
    when it was read (its signature). Every file is looked at (its change time is the only
    thing that moves when it is edited in place with its size and modification time put
    back; a folder's times do not move with an edit in place, as editors that write over a
    file make): each folder of decklists is opened once, its files looked at by name.

    ``folders`` keeps, for one build, whether each folder on the way was a plain folder
    (:func:`plain_folders`): the events of an archive share their decklist folders, and
    a folder is looked at once, not once per event. ``check`` counts the files looked at
    and notes those read. A file read again and found the same whose signature can now be
    trusted (it settled before ``settled_before``) has that signature put in ``refreshed``,
    by its reference, so the next build need not read it again.
    """
    if players_digest(entry.players, registry, memo) != entry.registry:
        return False
    quick = entry.quick if isinstance(entry, PackedEvent) else None
    if quick is not None and quick_valid(quick, event_file, folders if folders is not None else {}, check):
        return True
    folder = os.path.dirname(event_file)  # paths as text: a thousand decklist files are looked at
    seen = folders if folders is not None else {}
    opened: dict[str, int | str] = {}
    decks = entry.raw_decks if isinstance(entry, PackedEvent) else entry.decks
    try:
        for ref, digest, signature in decks:
            if check is not None:
                check.decklists_looked_at += 1
            if not isinstance(ref, str):
                return False
            if digest is None:
                if os.path.lexists(os.path.join(folder, ref)):
                    return False
                continue
            inner, name = _split(ref)
            where = opened.get(inner)
            if where is None:
                if not plain_folders(folder, inner, seen):
                    return False
                where = opened[inner] = _open_folder(os.path.join(folder, inner) if inner else folder)
            if name in ("", ".", ".."):
                return False
            try:
                st = os.lstat(name, dir_fd=where) if isinstance(where, int) else os.lstat(os.path.join(where, name))
            except OSError:
                return False
            if not stat.S_ISREG(st.st_mode):
                return False
            if signature is not None and signature_of(st) == tuple(signature):
                continue  # the same size, times and inode as when it was read: the same text
            target = os.path.join(folder, ref)
            now = file_signature(Path(target), settled_before)  # (taken before the file is read)
            text, _ = read_text(Path(target), ref)
            if check is not None:
                check.decklists_read.append(os.path.join(os.path.dirname(check.shown_now), ref))
            if text is None or text_digest(text) != digest:
                return False
            if refreshed is not None and now is not None:
                refreshed[ref] = now
        return True
    finally:
        for where in opened.values():
            if isinstance(where, int):
                os.close(where)


def _split_posix(ref: str) -> tuple[str, str]:
    """``os.path.split`` where a path has one separator, without its care for repeated ones
    (a third of the CPU a decklist file cost to look at): ``a//b`` gives ``a/``, a folder
    :func:`plain_folders` refuses, so the event is made again, never wrongly taken."""
    cut = ref.rfind("/")
    return ref[:cut] if cut > 0 else ref[: cut + 1], ref[cut + 1 :]


_split = os.path.split if os.sep != "/" or os.altsep else _split_posix


_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)


def _open_folder(path: str) -> int | str:
    """A decklist folder, for its files to be looked at by their names alone (one ``lstat``
    relative to the folder: no path to walk again for each of an event's files, a third
    less CPU than by their whole paths); its path where a folder cannot be opened so (the
    platform has no ``dir_fd``, or the open fails: the files' ``lstat`` then says why)."""
    if os.stat not in os.supports_dir_fd:  # (lstat is stat without following links: not listed apart)
        return path
    try:
        return os.open(path, _FOLDER_FLAGS)
    except OSError:
        return path


def plain_folders(folder: str, inner: str, seen: dict[str, bool]) -> bool:
    """Whether ``folder/inner`` is reached from ``folder`` through plain folders only: each
    part of ``inner`` a name (not ``.``, ``..`` or empty) of a folder that is not a symbolic
    link. That is what comparing its real path with ``folder``'s says, with one ``lstat`` a
    folder; ``seen`` keeps the answers by path (a build looks at each folder once)."""
    if not inner:
        return True
    path = os.path.join(folder, inner)
    known = seen.get(path)
    if known is not None:
        return known
    parent, _, name = inner.rpartition(os.sep)
    ok = name not in ("", ".", "..") and plain_folders(folder, parent, seen)
    if ok:
        try:
            ok = stat.S_ISDIR(os.lstat(path).st_mode)
        except OSError:
            ok = False
    seen[path] = ok
    return ok


def signatures_digest(signatures: Sequence[FileSignature]) -> str:
    """One digest of files' signatures, in order (what :func:`quick_valid` compares)."""
    text = b"".join(b"%d %d %d %d\n" % s for s in signatures)
    return hashlib.sha256(text).hexdigest()[:32]


def quick_part(decks: Sequence[Sequence[Any]]) -> QuickPart | None:
    """The quick check's part of an entry's decklist files (as a row's check part holds them:
    a reference, the text's digest or None, the file's signature or None); None when some
    file read has no signature (it had not settled: it is read again each time)."""
    runs: list[tuple[str, list[str]]] = []
    absent: list[str] = []
    signatures: list[FileSignature] = []
    for ref, digest, signature in decks:
        if digest is None:
            absent.append(ref)
            continue
        if signature is None:
            return None
        inner, name = _split(ref)
        if runs and runs[-1][0] == inner:
            runs[-1][1].append(name)
        else:
            runs.append((inner, [name]))
        size, modified, changed, inode = signature
        signatures.append((size, modified, changed, inode))
    return tuple((inner, tuple(names)) for inner, names in runs), tuple(absent), signatures_digest(signatures)


def quick_valid(part: QuickPart, event_file: Path, folders: dict[str, bool], check: Looks | None = None) -> bool:
    """Whether the decklist files of :func:`quick_part` are as they were: each a regular file
    reached through plain folders, with the same signature as then (one ``lstat`` each,
    their signatures compared as one digest), and each file that did not exist still
    missing. False says only "look file by file" (:func:`still_valid`)."""
    runs, absent, digest = part
    folder = os.path.dirname(event_file)
    for ref in absent:
        if os.path.lexists(os.path.join(folder, ref)):
            return False
    text: list[bytes] = []
    add, look, regular = text.append, os.lstat, stat.S_ISREG  # (320,000 files at 10,000 weekly events)
    for inner, names in runs:
        if not plain_folders(folder, inner, folders):
            return False
        if check is not None:
            check.decklists_looked_at += len(names)
        where = _open_folder(os.path.join(folder, inner) if inner else folder)
        try:
            for name in names:
                if name in ("", ".", ".."):
                    return False
                st = look(name, dir_fd=where) if isinstance(where, int) else look(os.path.join(where, name))
                if not regular(st.st_mode):
                    return False
                add(b"%d %d %d %d\n" % (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino))
        except OSError:
            return False
        finally:
            if isinstance(where, int):
                os.close(where)
    return hashlib.sha256(b"".join(text)).hexdigest()[:32] == digest
