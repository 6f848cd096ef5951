"""Exclusive locks on event files, so that edits made at the same moment never lose a result.

Every command that edits an event file (``new``, ``pair``, ``report``, ``drop`` and the
corrections) holds :func:`edit_lock` for the whole read -> edit -> validate -> replace cycle.
The lock is an operating-system lock (``filelock``: ``flock`` on Linux and macOS, ``LockFileEx``
on Windows) on a small file next to the event file, ``.<name>.lock``; the system releases it
when the process ends, however it ends, so a killed command never blocks the next one. The
lock file itself stays (removing it while another process waits on it would let two hold it);
``.gitignore`` keeps it, and the temporary files of an interrupted write, out of commits.
"""

from __future__ import annotations

import contextlib
import glob
import os
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ingest.core.errors import IngestError

LOCK_TIMEOUT = 10.0
"""Seconds a command waits for another edit of the same file before it gives up."""


def lock_path(path: Path) -> Path:
    """The lock file of an event file.

    >>> lock_path(Path("events/2026/fnm.yaml")).as_posix()
    'events/2026/.fnm.yaml.lock'
    """
    return path.with_name(f".{path.name}.lock")


def temp_pattern(path: Path) -> str:
    """The glob of the temporary files :func:`ingest.source.storage.write_atomically` makes for ``path``."""
    return os.path.join(glob.escape(os.fspath(path.parent)), f".{glob.escape(path.name)}.*.tmp")


class FileBusy(IngestError):
    """Another command held the file's lock for longer than the timeout."""


@contextmanager
def edit_lock(path: Path, shown: str, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Holds the exclusive edit lock of ``path`` (waiting up to ``timeout`` seconds).

    While it is held, no other Scorekeeper command changes the file, so a temporary file
    left next to it can only be from a write that was interrupted: it is removed. Finding
    one lists the folder, so it is looked for only when the lock file was there before:
    every write of the file is made under its lock, which leaves the lock file, so a file
    never locked has had no write to interrupt (an import of thousands of new events into
    one year's folder listed that folder once per event, a cost that grew with the square
    of the events).

    Raises:
        FileBusy: another command kept the file locked for ``timeout`` seconds.
        IngestError: the lock file cannot be made (a read-only folder, a full disk).
    """
    from filelock import FileLock, Timeout  # (a dry run takes no lock: imported when one is taken)

    locked_before = os.path.lexists(lock_path(path))
    lock = FileLock(lock_path(path), timeout=timeout, thread_local=False, is_singleton=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except Timeout:
        raise FileBusy(
            f"{shown} is being changed by another command (waited {timeout:g} s); nothing was written. "
            "Try again when it has finished."
        ) from None
    except OSError as exc:
        raise IngestError(
            f"{shown}: cannot take the edit lock {lock_path(path).name}: {exc.strerror or exc}; nothing was written"
        ) from None
    try:
        for stale in glob.glob(temp_pattern(path)) if locked_before else ():
            Path(stale).unlink(missing_ok=True)
        yield
    finally:
        lock.release()


def wait_for_edits(folder: Path, *, timeout: float = LOCK_TIMEOUT, near: Collection[str] | None = None) -> None:
    """Waits until no command holds the edit lock of a file below ``folder``.

    A build that starts while an edit is being written reads the file once the edit is
    done. Only existing lock files are waited on: nothing is created. ``near``: paths a
    watcher reported (``serve``); only the locks in their folders and the folders above
    them (up to ``folder``) are waited on, each folder listed once, rather than every
    folder below ``folder`` (at 10,000 weekly events, 0.7 s of CPU for their decklists'
    folders): a lock is beside its event file, and an edit writes there (or the watcher
    has not reported it yet, and the next build reads it).
    """
    if not folder.is_dir():
        return
    from filelock import FileLock, Timeout

    def wait(current: str, names: Iterable[str]) -> None:
        for name in sorted(names):
            if name.startswith(".") and name.endswith(".lock"):
                lock = FileLock(os.path.join(current, name), timeout=timeout, thread_local=False, is_singleton=False)
                try:
                    with lock:
                        pass
                except Timeout:
                    continue  # a command stuck for that long: build with what is on disk

    if near is None:
        for current, dirs, names in os.walk(folder):
            dirs.sort()
            wait(current, names)
        return
    top = os.path.abspath(folder)
    folders: set[str] = set()
    for path in near:
        parent = os.path.dirname(os.path.abspath(path))
        while parent not in folders and (parent == top or parent.startswith(top + os.sep)):
            folders.add(parent)
            parent = os.path.dirname(parent)
    for current in sorted(folders):
        with contextlib.suppress(OSError):
            wait(current, os.listdir(current))
