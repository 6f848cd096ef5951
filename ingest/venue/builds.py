"""The venue's builds, in a process of their own.

A build is the same as ``serve``'s (:class:`~ingest.publish.serve.Rebuilder`: ``build_site``
with what it keeps in memory between builds); it runs in a child process made at the start,
so its Python never holds up the server's (the phones' requests and their streams go on
while a build runs, on another core). The child lives as long as the server: it ends when
the server's end of the pipe closes, however the server ended (a ``SIGKILL`` included).

Where processes cannot be forked (Windows), the builds run in the server's own process, as
``serve``'s do.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from ingest.publish.serve import LiveState, Rebuilder
from ingest.source.project import Project

BuildResult = tuple[bool, str, list[str]]
"""What a build in the child says: whether it wrote new pages, the problems, and its messages."""


def _child(
    conn: Connection,
    theirs: Connection,
    project: Project,
    engine: str,
    today: Callable[[], dt.date],
    cache_home: Path | None,
    settled_before: Callable[[], int | None],
) -> None:
    """The build process: a build for each request on ``conn``, until the server is gone
    (``theirs``, the server's end, is closed here: the pipe ends when the server's copy does)."""
    theirs.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    said: list[str] = []
    state = LiveState()
    rebuilder = Rebuilder(
        project, state, engine=engine, today=today, echo=said.append, cache_home=cache_home,
        settled_before=settled_before,
    )  # fmt: skip
    while True:
        try:
            full = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        said.clear()
        try:
            bumped = rebuilder.rebuild(full=bool(full))
        except Exception as exc:  # a bug in a build must not take the venue down; the TO reads it
            conn.send((False, f"the build failed: {exc!r}", [f"venue: the build failed: {exc!r}"]))
            continue
        conn.send((bumped, state.errors, list(said)))


class ForkedRebuilder(Rebuilder):
    """A :class:`~ingest.publish.serve.Rebuilder` whose builds run in a child process (made
    when it is, so make it before the server starts any thread or opens its socket)."""

    SETTLE = 0.05
    """The venue writes its results atomically, and phones wait on each build: a short settle."""

    def __init__(
        self,
        project: Project,
        state: LiveState,
        *,
        engine: str,
        today: Callable[[], dt.date],
        echo: Callable[[str], None],
        cache_home: Path | None = None,
        settled_before: Callable[[], int | None] = lambda: None,
    ) -> None:
        super().__init__(
            project, state, engine=engine, today=today, echo=echo, cache_home=cache_home, settled_before=settled_before
        )
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        # Not a daemon: a build may fork workers of its own (a daemonic process may not).
        self.process = context.Process(
            target=_child, args=(child, self.conn, project, engine, today, cache_home, settled_before)
        )
        self.process.start()
        child.close()
        self.pipe_lock = threading.Lock()

    def rebuild(self, *, full: bool) -> bool:
        """One build in the child; its messages and problems are told here."""
        with self.pipe_lock:
            self.conn.send(full)
            bumped, errors, said = self.conn.recv()
        for line in said:
            self.echo(line)
        self.state.publish(bump=bumped, errors=errors)
        return bool(bumped)

    def close(self) -> None:
        """Ends the build process."""
        self.conn.close()
        self.process.join(timeout=5)


def make_rebuilder(
    project: Project,
    state: LiveState,
    *,
    engine: str,
    today: Callable[[], dt.date],
    echo: Callable[[str], None],
    cache_home: Path | None,
    settled_before: Callable[[], int | None],
) -> Rebuilder:
    """The venue's builds: in a process of their own where processes can be forked."""
    kind = ForkedRebuilder if "fork" in multiprocessing.get_all_start_methods() else Rebuilder
    return kind(
        project, state, engine=engine, today=today, echo=echo, cache_home=cache_home, settled_before=settled_before
    )
