"""Everything the venue's pages work with (:class:`Venue`), and how they are drawn: the
site's templates in the site's language (:meth:`Venue.page`), inside a page of the site."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse

from ingest.publish.site_language import locale_dirs, read_language
from ingest.publish.template_files import current_templates
from ingest.site import i18n
from ingest.site.i18n import gettext as _
from ingest.site.render import render
from ingest.source.project import Project
from ingest.venue.desk import Desk
from ingest.venue.entries import Entries
from ingest.venue.events import Events, LiveEvent
from ingest.venue.guard import Guard
from ingest.venue.live import Feed, PageTags
from ingest.venue.pages import NO_STORE, SitePages
from ingest.venue.store import Store


@dataclass
class Venue:
    """The running venue: its project and events, its database and desk, and how it is reached."""

    project: Project
    events: Events
    store: Store
    desk: Desk
    entries: Entries
    guard: Guard
    feed: Feed
    tags: PageTags
    pages: SitePages
    language: str
    """The site's language (``theme.language``)."""
    address: str
    """The address phones reach the venue at, e.g. ``http://192.168.1.20:8765`` (for QR codes)."""
    now: Callable[[], dt.datetime]
    """The venue's clock (local time): the round clock's pause and resume read it."""
    request_rebuild: Callable[[], None] = lambda: None
    """Asks for a build (after the TO changed an event file from the TO page)."""
    locales: tuple[Path, ...] = ()
    """Where the site's catalogs are (found once)."""
    notes: list[str] = field(default_factory=list)
    """What the terminal said at start that the TO page repeats (where the venue listens)."""

    def draw(self, name: str, context: Mapping[str, Any]) -> str:
        """A venue template rendered in the site's language (call with the language active): the
        project's own templates over the shipped ones, file by file, as the site's pages are."""
        return render(current_templates(self.project.templates), name, context)

    def speaking(self) -> Any:
        """The site's language, made active for the block (``with venue.speaking():``)."""
        if not self.locales:
            self.locales = locale_dirs(self.project.root)
        return i18n.use(read_language(self.language, self.locales))

    async def run(self, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``work`` in a worker thread with the site's language active (database and file work
        never holds up the phones' streams)."""

        def spoken() -> Any:
            with self.speaking():
                return work(*args, **kwargs)

        return await run_in_threadpool(spoken)

    def framed(
        self, live: LiveEvent | None, title: str, content: str, *, watch: str, status: int = 200
    ) -> HTMLResponse:
        """A venue page (``content``, HTML) in the frame of the event's page of the site."""
        frame = f"/events/{live.slug}/" if live is not None else "/"
        settings: dict[str, object] = {
            "page": "",
            "watch": watch,
            "inbox": self.feed.inbox,
            "now": self.millis(),
            "words": self.words(),
        }
        body = self.pages.framed(frame, title, content, settings)
        return HTMLResponse(body, status_code=status, headers=NO_STORE)

    def words(self) -> dict[str, str]:
        """The words the venue's script writes into pages, in the site's language."""
        with self.speaking():
            return {
                "report": _("Report your result"),
                "retrying": _("No answer from the venue yet: trying again..."),
                "restart": _("Start the round's clock again from its full length?"),
            }

    def millis(self) -> int:
        """The venue's clock in milliseconds since the epoch (phones count the round down by it)."""
        return int(self.now().timestamp() * 1000)

    def event_url(self, live: LiveEvent) -> str:
        """The event's live page, as phones reach it."""
        return f"{self.address}/events/{live.slug}/"

    def join_url(self, live: LiveEvent | None = None) -> str:
        """The join page (registration, check-in, and the way to the live page), as phones reach it:
        what the venue's QR codes open."""
        several = live is not None and len(self.events.paths) > 1
        return f"{self.address}/join" + (f"?event={live.slug}" if several and live is not None else "")
