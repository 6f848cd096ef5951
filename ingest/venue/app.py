"""The venue's ASGI application (Starlette): the built site for every phone, the live feed, the
report form, the TO page and the projector.

Routes:

- ``/report``, ``/report/<code>``: the report form (:mod:`ingest.venue.report_pages`);
- ``/join``, ``/join/<player code>``: registration and check-in (:mod:`ingest.venue.join_pages`);
- ``/deck``, ``/deck/<player code>``: a player's own decklist; ``/to/decks/<event>``: everyone's,
  for the TO (:mod:`ingest.venue.deck_pages`);
- ``/to``, ``/to/...``: the TO page, behind the TO's token; ``/screen``: the projector
  (:mod:`ingest.venue.to_pages`);
- ``/__venue/events``: server-sent events (a few per phone: :class:`~ingest.venue.live.StreamLimits`);
  ``/__venue/version``: the same, polled
  (:mod:`ingest.venue.live`); ``/__venue/venue.js`` and ``venue.css``: the venue's client;
- everything else: ``build/site``, with the live client in every page (:mod:`ingest.venue.pages`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ingest.site.i18n import gettext as _
from ingest.venue.connections import quiet_accept_errors
from ingest.venue.context import Venue
from ingest.venue.deck_pages import DeckPages
from ingest.venue.guard import SECURITY_HEADERS, number
from ingest.venue.join_pages import JoinPages
from ingest.venue.live import StreamLimits, stream, version_document
from ingest.venue.report_pages import ReportPages
from ingest.venue.to_pages import ToPages

STATIC = Path(__file__).parent / "static"
"""The venue's own script and style sheet."""


class SecurityHeaders:
    """Puts :data:`~ingest.venue.guard.SECURITY_HEADERS` on every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.lower().encode() not in present:
                        headers.append((name.lower().encode(), value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


class HeldStream(StreamingResponse):
    """A live stream that gives its place back (:class:`~ingest.venue.live.StreamLimits`)
    when it ends, however it ends."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


class Failures:
    """A request that fails is one line in the TO's terminal (what failed, where: the path,
    never the query, which may hold a code or the TO's token) and a sentence on the phone
    (status 500); never a traceback a phone can print in the terminal as often as it likes."""

    def __init__(self, app: ASGIApp, venue: Venue, log: Callable[[str], None]) -> None:
        self.app = app
        self.venue = venue
        self.log = log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:
            path = _printable(scope.get("path", ""))
            self.log(f"venue: {scope.get('method', '?')} {path} failed: {type(exc).__name__}: {_printable(str(exc))}")
            if not started:
                await self._page()(scope, receive, send)

    def _page(self) -> Response:
        venue = self.venue
        try:
            with venue.speaking():
                title = _("Something went wrong")
                message = _("The venue could not answer this. Go back and try again; if it happens again, tell the TO.")
                content = venue.draw("venue_message.html.j2", {"title": title, "message": message})
            return venue.framed(None, title, content, watch="", status=500)
        except Exception:  # the page itself cannot be made: the sentence alone
            return PlainTextResponse("The venue could not answer this. Tell the TO.", status_code=500)


def _printable(text: str, limit: int = 200) -> str:
    """``text`` for one line of the terminal: control characters written as escapes, cut short."""
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text[:limit])
    return shown + ("..." if len(text) > limit else "")


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def make_app(venue: Venue, log: Callable[[str], None] = _stderr) -> Starlette:
    """The venue's application over a running :class:`~ingest.venue.context.Venue`."""

    words = venue.words()

    limits = StreamLimits()

    async def events(request: Request) -> Response:
        session = venue.guard.session(request)
        owner = None if session.fresh else session.id
        if not limits.take(owner):
            # The page's script polls the version document instead (venue.js).
            return PlainTextResponse(
                "Too many live pages are open from this device; this one checks for changes every few seconds.",
                status_code=429,
                headers={"Cache-Control": "no-store", "Retry-After": "30"},
            )
        page = request.query_params.get("page", "")[:500]
        tag = request.query_params.get("tag", "")[:64]
        inbox = request.query_params.get("inbox")
        feed = stream(
            venue.feed,
            venue.tags,
            page=page,
            tag=tag,
            inbox=number(inbox),
            now=lambda: venue.now().timestamp(),
        )
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        response = HeldStream(feed, lambda: limits.give_back(owner), media_type="text/event-stream", headers=headers)
        return venue.guard.keep(response, session)  # its cookie: the next stream counts by session

    async def version(request: Request) -> Response:
        page = request.query_params.get("page", "")[:500]
        tag = request.query_params.get("tag", "")[:64]
        doc = version_document(venue.feed, venue.tags, page=page, tag=tag, now=venue.now().timestamp())
        return JSONResponse(doc, headers={"Cache-Control": "no-store"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("venue.js", "venue.css"):
            return Response(status_code=404)
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return FileResponse(STATIC / name, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def site(request: Request) -> Response:
        # The same for every phone (the page is made once per build); the clock's offset
        # comes with the live stream.
        settings: dict[str, object] = {"watch": "page", "words": words}
        gzipped = "gzip" in request.headers.get("accept-encoding", "")
        return await run_in_threadpool(venue.pages.response, request.url.path, settings, gzipped=gzipped)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import asyncio

        del app
        loop = asyncio.get_running_loop()
        venue.feed.bind(loop)
        loop.set_exception_handler(quiet_accept_errors(log))
        yield

    routes = [
        Route("/__venue/events", events),
        Route("/__venue/version", version),
        Route("/__venue/{name}", static),
        *ReportPages(venue).routes(),
        *JoinPages(venue).routes(),
        *DeckPages(venue).routes(),
        *ToPages(venue).routes(),
        Route("/{path:path}", site, methods=["GET", "HEAD"]),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(Failures, venue=venue, log=log)]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
