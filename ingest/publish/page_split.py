"""mkdocs making a site's pages (reading, converting, rendering, writing) in two processes.

mkdocs reads, converts, renders and writes pages one after another, on one core. In a
whole build of many pages, once the navigation is known, the build forks once: each
process reads and converts its own share of the pages, then renders and writes them and
copies its share of the other files, through mkdocs' own way of building some pages only
(a file whose ``is_modified`` says False is neither read nor written). The pages the
navigation lists are read by both, since every page shows their titles, and written by
one. No other page shows anything of another page (the incremental build relies on the
same, see :func:`ingest.publish.engines.run_mkdocs`); a link from one share to a heading
of a page in the other share is the one thing left unchecked. The forked process then
reports its warnings through a pipe and exits; the other waits for it before the build's
last step (the search index, written after every page). The pages are the same bytes
whichever process writes them.

Used only where forking is safe (:func:`ingest.publish.parallel.can_fork`) and for a
whole build of at least :data:`MIN_PAGES` pages: on a build of some pages, or a small site,
the fork would cost more than it saves.
"""

from __future__ import annotations

import json
import os
import signal
from collections import Counter
from collections.abc import Collection, Iterable
from typing import Any, NoReturn

MIN_PAGES = 200
"""A whole build of fewer pages is made in one process."""


class SplitError(RuntimeError):
    """The forked process could not make its share of the site."""


class PageSplit:
    """One whole build's pages shared between this process and one forked from it.

    ``messages``: the list the build's warnings are collected in; the forked process's
    warnings are added to it when it has finished (:meth:`join`).
    """

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        self.in_child = False
        self.pid = 0
        self.fd = -1
        self.start = 0
        self.share = 0
        self.pages: list[Any] = []

    def fork(self, files: Iterable[Any], *, read_by_both: Collection[str] = ()) -> None:
        """Forks; from now on each process reads and makes only its share of ``files`` (mkdocs
        ``File``\\ s), and also reads the pages ``read_by_both`` names (source paths) until
        :meth:`settle`."""
        pages = [f for f in files if f.is_documentation_page()]
        others = [f for f in files if not f.is_documentation_page()]
        both = [bool(read_by_both) and f.src_uri in read_by_both for f in pages]
        self.start = len(self.messages)  # the warnings so far are in both processes' lists
        read, write = os.pipe()
        pid = os.fork()
        self.share = share = 1 if pid == 0 else 0
        self.pages = pages
        for i, f in enumerate(pages):
            f.is_modified = modified if i % 2 == share or both[i] else not_modified
        for i, f in enumerate(others):
            f.is_modified = modified if i % 2 == share else not_modified
        if pid == 0:
            os.close(read)
            self.in_child, self.fd = True, write
        else:
            os.close(write)
            self.pid, self.fd = pid, read

    def settle(self) -> None:
        """Once the pages are read: each page is made by one process only."""
        for i, f in enumerate(self.pages):
            f.is_modified = modified if i % 2 == self.share else not_modified

    def finish_child(self, error: str | None = None) -> NoReturn:
        """In the forked process: tells the other what happened and exits (nothing else runs)."""
        try:
            _send_json(self.fd, {"messages": self.messages[self.start :], "error": error})
        finally:
            os._exit(0 if error is None else 1)

    def join(self) -> None:
        """Waits for the forked process; adds its warnings; raises :class:`SplitError` if it failed."""
        if self.in_child or not self.pid:
            return
        report = _receive_json(self.fd)
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if not isinstance(report, dict):  # it said nothing: killed (out of memory?)
            report = {"error": f"the second process writing the pages stopped ({_stopped(status)}); build again"}
        # What both processes checked after the fork (the anchors of every page) both reported.
        mine = Counter(self.messages[self.start :])
        for message in map(str, report.get("messages", ())):
            if mine[message]:
                mine[message] -= 1
            else:
                self.messages.append(message)
        if report.get("error") is not None:
            raise SplitError(str(report["error"]))

    def abandon(self) -> None:
        """In this process after a failure: the forked one is stopped, if it still runs."""
        if self.in_child or not self.pid:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)
        self.pid = 0


def modified() -> bool:
    """``File.is_modified`` of a file this process makes."""
    return True


def not_modified() -> bool:
    """``File.is_modified`` of a file this process leaves to the other (or to the previous site)."""
    return False


def _send_json(fd: int, value: Any) -> None:
    """Writes ``value`` as JSON into a pipe and closes it."""
    view = memoryview(json.dumps(value).encode("utf-8"))
    try:
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _receive_json(fd: int) -> Any:
    """What :func:`_send_json` wrote into the other end of a pipe (None if nothing whole came); closes it."""
    chunks = []
    try:
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(fd)
    try:
        return json.loads(b"".join(chunks))
    except ValueError:
        return None


def _stopped(status: int) -> str:
    """How a process ended, from its wait status (``killed by signal 9``, ``exit status 1``)."""
    code = os.waitstatus_to_exitcode(status)
    return f"killed by signal {-code}" if code < 0 else f"exit status {code}"
