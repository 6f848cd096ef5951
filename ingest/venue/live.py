"""Live updates: what changed (a build finished, a page changed, the inbox moved), pushed to
every phone as server-sent events, with a small version document to poll while a phone's
stream is down.

A page of the site subscribes with its path and the tag of the page it shows; after every
build the server compares the page's tag on disk with it and tells the page when its own
file changed (a result on the event page, not a player page elsewhere). The page reloads
itself when the visitor is not typing (``reloadWhenIdle`` in the site's script). The
venue's own pages (the report form, the TO page, the projector) subscribe to the builds and
the inbox and update themselves.

The builds run in their own thread (:class:`~ingest.publish.serve.Rebuilder`); the feed
is told from there (:meth:`Feed.site_built`, thread-safe) and wakes the waiting streams on
the server's event loop.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

KEEP_ALIVE = 15.0
"""Seconds between comments on an idle stream (phones and proxies keep it open)."""
RETRY_MS = 2000
"""How soon a phone's browser opens a dropped stream again."""


STREAMS_PER_SESSION = 4
"""Live streams one session (a phone's browser, by its cookie) may hold: a few tabs. A script
that drops its cookies is held by the connections one address may hold
(:func:`ingest.venue.connections.per_address`). A limit of streams per address as well cut
off phones that share one (behind a router that translates addresses, or the benchmark's 300
on loopback): under load a phone's closed stream is counted a moment after its new one opens,
and at 400 a stream the benchmark's phones took p99 5.6 s to see a result instead of 1.7 s."""


class StreamLimits:
    """The live streams open per session (used on the server's event loop only: no lock)."""

    def __init__(self, per_session: int = STREAMS_PER_SESSION) -> None:
        self.per_session = per_session
        self.sessions: collections.Counter[str] = collections.Counter()

    def take(self, session: str | None) -> bool:
        """Counts a stream for ``session`` (None: a request without a session, not counted);
        False, counting nothing, when it holds its limit already."""
        if session is None:
            return True
        if self.sessions[session] >= self.per_session:
            return False
        self.sessions[session] += 1
        return True

    def give_back(self, session: str | None) -> None:
        """A stream :meth:`take` counted has ended."""
        if session is not None:
            self.sessions[session] -= 1
            if self.sessions[session] <= 0:
                del self.sessions[session]


class Feed:
    """The counters pages wait on: the site's builds and the inbox's changes."""

    def __init__(self) -> None:
        self.site = 0
        """Bumped when a build wrote new pages."""
        self.inbox = 0
        """Bumped when a submission or a decision changed."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attaches the feed to the server's event loop (at startup)."""
        self.loop = loop
        self._changed = asyncio.Event()

    def _bump(self, what: str) -> None:
        if what == "site":
            self.site += 1
        else:
            self.inbox += 1
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    def _tell(self, what: str) -> None:
        if self.loop is None:
            self._bump(what)
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
            self.loop.call_soon_threadsafe(self._bump, what)

    def site_built(self) -> None:
        """A build wrote new pages (called from the build thread)."""
        self._tell("site")

    def inbox_changed(self) -> None:
        """A submission or a decision changed (called from any thread)."""
        self._tell("inbox")

    async def wait(self, seen: tuple[int, int], timeout: float) -> tuple[int, int]:
        """The counters once they differ from ``seen`` (or after ``timeout`` seconds)."""
        if (self.site, self.inbox) == seen and self._changed is not None:
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout)
        return (self.site, self.inbox)


class PageTags:
    """Each site page's tag: a digest of its file, read again when the file changes."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.lock = threading.Lock()
        self._tags: dict[Path, tuple[tuple[int, int, int], str]] = {}
        self._files: dict[str, Path | None] = {}

    def file_of(self, page: str) -> Path | None:
        """The file a page's path is served from (``/events/x/`` is ``events/x/index.html``),
        None when it is not a page of the site (found once per path: phones ask about the
        same few pages after every build)."""
        with self.lock:
            if page in self._files:
                return self._files[page]
        found = self._find(page)
        with self.lock:
            if len(self._files) > 4096:
                self._files.clear()
            self._files[page] = found
        return found

    def _find(self, page: str) -> Path | None:
        parts = [p for p in page.split("/") if p]
        if any(p in (".", "..") or "\\" in p or "\x00" in p for p in parts):
            return None
        target = self.site.joinpath(*parts)
        if page.endswith("/") or not parts:
            target = target / "index.html"
        try:
            resolved = target.resolve()
        except OSError:
            return None
        if not resolved.is_relative_to(self.site.resolve()) or resolved.suffix != ".html":
            return None
        return resolved

    def tag(self, page: str) -> str:
        """The tag of the page at path ``page`` (empty when there is none)."""
        path = self.file_of(page)
        if path is None:
            return ""
        return self.tag_of_file(path)

    def tag_of_file(self, path: Path) -> str:
        try:
            st = path.stat()
        except OSError:
            return ""
        sig = (st.st_mtime_ns, st.st_size, st.st_ino)
        with self.lock:
            kept = self._tags.get(path)
            if kept is not None and kept[0] == sig:
                return kept[1]
        try:
            digest = hashlib.blake2b(path.read_bytes(), digest_size=8).hexdigest()
        except OSError:
            return ""
        with self.lock:
            self._tags[path] = (sig, digest)
        return digest


def _event(name: str, data: object) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


async def stream(
    feed: Feed,
    tags: PageTags,
    *,
    page: str,
    tag: str,
    inbox: int | None,
    now: Callable[[], float] = time.time,
) -> AsyncIterator[str]:
    """One phone's stream of server-sent events.

    Args:
        feed: the counters.
        tags: the pages' tags.
        page: the path of the site page shown (empty for the venue's own pages).
        tag: the tag of the page as shown.
        inbox: the inbox counter the page last saw (None: the page does not watch the inbox).
        now: the server's clock (its pages count the round down by it).

    A phone that goes away ends its stream (the response notices; nothing to ask here).

    Events: ``clock`` (the server's time in milliseconds, once), ``page`` (the page's own file
    changed: reload it), ``site`` (a build finished), ``inbox`` (the inbox changed).
    """
    yield f"retry: {RETRY_MS}\n" + _event("clock", int(now() * 1000))
    seen = (feed.site, feed.inbox)
    if page and tags.tag(page) not in ("", tag):
        yield _event("page", page)
        tag = ""
    if inbox is not None and inbox != feed.inbox:
        yield _event("inbox", feed.inbox)
    while True:
        changed = await feed.wait(seen, KEEP_ALIVE)
        if changed == seen:
            yield ": keep-alive\n\n"
            continue
        if changed[0] != seen[0]:
            yield _event("site", changed[0])
            if page and tag:
                current = tags.tag(page)
                if current and current != tag:
                    yield _event("page", page)
                    tag = ""
        if changed[1] != seen[1] and inbox is not None:
            yield _event("inbox", changed[1])
        seen = changed


def version_document(feed: Feed, tags: PageTags, *, page: str, tag: str, now: float) -> dict[str, object]:
    """What a phone polls while its stream is down: whether its page changed, and the counters."""
    current = tags.tag(page) if page else ""
    return {
        "page": bool(page and tag and current and current != tag),
        "site": feed.site,
        "inbox": feed.inbox,
        "now": int(now * 1000),
    }
