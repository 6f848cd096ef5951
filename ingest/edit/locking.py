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

import glob
import os
from collections.abc import Iterable, Iterator
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


def is_lock_name(name: str) -> bool:
    """Whether a file's name is that of an edit lock (:func:`lock_path`)."""
    return name.startswith(".") and name.endswith(".lock")


def wait_for_edits(folder: Path, *, timeout: float = LOCK_TIMEOUT) -> None:
    """Waits until no command holds the edit lock of a file below ``folder``.

    A build that starts while an edit is being written reads the file once the edit is
    done. Only existing lock files are waited on: nothing is created.
    """
    if not folder.is_dir():
        return
    locks: list[Path] = []
    for current, dirs, names in os.walk(folder):
        dirs.sort()
        locks.extend(Path(current, name) for name in sorted(names) if is_lock_name(name))
    wait_for_locks(locks, timeout=timeout)


def wait_for_locks(locks: Iterable[Path], *, timeout: float = LOCK_TIMEOUT) -> None:
    """Waits until no command holds any of these edit locks (:func:`wait_for_edits`, given
    the lock files: a build lists them with the event files, :mod:`ingest.publish.event_listing`)."""
    from filelock import FileLock, Timeout

    for path in locks:
        lock = FileLock(path, timeout=timeout, thread_local=False, is_singleton=False)
        try:
            with lock:
                pass
        except Timeout:
            continue  # a command stuck for that long: build with what is on disk
