"""How many connections the venue holds, and for how long: one phone on the store's Wi-Fi
must not make the server unreachable for the others.

- The open-files limit is raised to what the system allows (:func:`raise_open_files`): every
  connection is an open file, and the usual 1024 is less than 300 phones need while their
  pages reload after a build.
- Past :func:`connection_limit` connections, uvicorn answers 503 at once (its
  ``limit_concurrency``, which counts open connections and running requests alike).
- One client address holds half of those connections at most (:func:`per_address`): past
  it, a new connection from there is closed as soon as it is made.
- A connection must finish its request's headers within :data:`HEAD_SECONDS` of its first
  byte (or of being opened), and they may be :data:`MAX_HEAD` bytes at most
  (:class:`VenueProtocol`): uvicorn with httptools waits for ever for a request sent by
  halves, so a phone could hold a thousand connections open by sending nothing.
- When the open-files limit is reached all the same, the terminal says so in one line
  (:func:`quiet_accept_errors`), not a traceback per try.

The live streams each phone may hold are counted in :mod:`ingest.venue.live`
(:class:`~ingest.venue.live.StreamLimits`).
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_SECONDS = 10.0
"""Seconds a connection has to send its request's line and headers."""
MAX_HEAD = 64 * 1024
"""The largest request line and headers, in bytes (a browser's are under 8 KiB)."""
CONNECTIONS = 2000
"""Connections (or requests at work) the venue holds before it answers 503: 300 phones, each
with its live stream open, and each browser's six connections at most while it reloads a
page after a build (300 x 6 = 1800), with room for the TO and the projector."""
RESERVED_FILES = 128
"""Open files kept aside from connections: the database, the site's files being sent, the
watcher of the project folder, the build process's pipe."""


class HeadTooLarge(Exception):
    """A request's line and headers are larger than :data:`MAX_HEAD`."""


def per_address(limit: int) -> int:
    """Connections one client address may hold: half of what the venue holds (``limit``), so
    one phone never takes them all; the benchmark's 300 phones on loopback stay well below."""
    return max(32, limit // 2)


class VenueProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools), closing a connection whose request's headers are
    not complete within :data:`HEAD_SECONDS`, or grow past :data:`MAX_HEAD` bytes (answered
    400 by uvicorn, as any request it cannot parse).

    The timer starts when the connection is made and when a next request on it begins, and
    stops when the headers are complete; the time between requests is uvicorn's keep-alive
    timeout (5 s)."""

    held: ClassVar[collections.Counter[str]] = collections.Counter()
    """Connections open per client address (one server per process: the venue's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None
        self.head_bytes = 0
        self.address = ""
        self.most = per_address(self.limit_concurrency or CONNECTIONS)

    def _arm(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _too_slow(self) -> None:
        self.head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def _count(self, size: int) -> None:
        self.head_bytes += size
        if self.head_bytes > MAX_HEAD:
            raise HeadTooLarge(f"request headers past {MAX_HEAD} bytes")

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "?"
        if self.held[address] >= self.most:
            transport.close()  # closed at once: its file is free again
            return
        self.address = address
        self.held[address] += 1
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.address:
            self.held[self.address] -= 1
            if self.held[self.address] <= 0:
                del self.held[self.address]
            self.address = ""
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_bytes = 0
        self._arm()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()


def quiet_accept_errors(log: Callable[[str], None], every: float = 10.0) -> Callable[..., None]:
    """An event loop's exception handler that says in one line, at most every ``every`` seconds,
    that the open-files limit stopped connections being accepted (asyncio prints a traceback
    each time it tries again: hundreds of thousands of lines in a few seconds); everything
    else goes to the loop's own handler."""
    last = -every

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        nonlocal last
        if context.get("message") != "socket.accept() out of system resource":
            loop.default_exception_handler(context)
            return
        now = time.monotonic()
        if now - last >= every:
            last = now
            log("venue: the computer's limit of open files is reached; new connections wait until others close")

    return handle


def raise_open_files() -> int | None:
    """Raises this process's limit of open files to the most the system allows; returns the
    limit (None where there is no such limit to read, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # macOS reports an unlimited hard limit but refuses more than OPEN_MAX (10240).
    for wanted in (hard, 10240):
        if wanted != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and wanted <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            continue
        soft = wanted
        break
    return None if soft == resource.RLIM_INFINITY else soft


def connection_limit(open_files: int | None) -> int:
    """uvicorn's ``limit_concurrency``: :data:`CONNECTIONS`, less where the open-files limit
    leaves fewer (so the venue answers 503 before it runs out of files)."""
    if open_files is None:
        return CONNECTIONS
    return max(64, min(CONNECTIONS, open_files - RESERVED_FILES))
