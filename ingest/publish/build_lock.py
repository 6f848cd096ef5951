"""The lock one build of a project holds in ``build/``: two builds at once (``serve``, the
command line, ``publish``) never touch each other's files."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from ingest.core.errors import IngestError
from ingest.source.project import Project


def _no_progress(stage: str, done: int, total: int) -> None:
    """Progress nobody watches."""


BUILD_LOCK = ".build.lock"
"""The lock file in ``build/`` that one build at a time holds (``serve`` and the CLI alike)."""

BUILD_LOCK_TIMEOUT = 600.0
"""Seconds a build waits for another one to finish."""


@contextlib.contextmanager
def build_lock(project: Project, progress: Callable[[str, int, int], None] = _no_progress) -> Iterator[None]:
    """Holds the project's build lock: two builds at once never touch each other's files.

    The lock is an operating-system lock (``filelock``), released however the process
    ends. Raises IngestError when another build holds it for :data:`BUILD_LOCK_TIMEOUT`.
    """
    from filelock import FileLock, Timeout

    project.build_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(project.build_dir / BUILD_LOCK, thread_local=False, is_singleton=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        progress("waiting for another build of this project", 0, 1)
        try:
            lock.acquire(timeout=BUILD_LOCK_TIMEOUT)
        except Timeout:
            raise IngestError(
                f"another build of this project has been running for {BUILD_LOCK_TIMEOUT:g} s; nothing was written"
            ) from None
    try:
        yield
    finally:
        lock.release()
