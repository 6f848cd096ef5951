"""Subscription feeds: an iCalendar feed of upcoming events (all, and one per game) and an
Atom feed of results.

Both are built with their own well-kept libraries (``icalendar`` for RFC 5545, ``feedgen``
for RFC 4287), which escape every text they are given; nothing here formats the
syntax by hand. Output is deterministic: timestamps come from the events' dates and the
build's "today", never from the clock, and items are sorted.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ingest.site import i18n
from ingest.site.i18n import gettext as _
from ingest.site.i18n import ngettext

FEEDS_DIR = "feeds"
"""Where the feeds live in the site."""

RESULTS_FEED = f"{FEEDS_DIR}/results.xml"
"""The Atom feed of results."""

RESULTS_KEPT = 30
"""Most recent results in the Atom feed."""


def calendar_path(game: str | None = None) -> str:
    """The site path of the calendar of one game's events (or of all events).

    >>> calendar_path(), calendar_path("mtg")
    ('feeds/events.ics', 'feeds/events-mtg.ics')
    """
    return f"{FEEDS_DIR}/events.ics" if game is None else f"{FEEDS_DIR}/events-{game}.ics"


@dataclass(frozen=True, slots=True)
class FeedEvent:
    """What the feeds say about one event."""

    slug: str
    """Event slug (stable: the feeds' ids are made from it)."""
    name: str
    """Event name."""
    start: dt.date
    """First day."""
    end: dt.date
    """Last day."""
    game: str
    """Game id."""
    game_name: str
    """Game display name."""
    format: str
    """Format id."""
    path: str
    """The event page's site path, e.g. ``events/fnm-42/``."""
    status: str = "upcoming"
    """upcoming, in-progress or complete."""
    location: str = ""
    """Venue."""
    players: int = 0
    """Entrants."""
    winner: str = ""
    """The winner as named on the site (complete events)."""
    winner_deck: str = ""
    """The winner's archetype, when published."""


def _absolute(site_url: str, path: str) -> str:
    return site_url.rstrip("/") + "/" + path if site_url else path


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def calendar_feed(
    events: Sequence[FeedEvent], *, today: dt.date, site_name: str, site_url: str = "", game: str | None = None
) -> bytes:
    """The iCalendar document of events not yet over (``game``: only that game's).

    Each event is an all-day VEVENT (DTEND is the day after the last day, RFC 5545 3.6.1)
    whose UID is made from its slug, so calendars update it in place when it changes.
    """
    from icalendar import Calendar
    from icalendar import Event as VEvent

    cal = Calendar()
    cal.add("prodid", f"-//{site_name}//Scorekeeper//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    title = site_name if game is None else f"{site_name}: {next((e.game_name for e in events if e.game == game), game)}"
    cal.add("x-wr-calname", _("%(title)s events") % {"title": title})
    stamp = _midnight(today)
    for e in sorted(events, key=lambda x: (x.start, x.slug)):
        if e.status == "complete" or (game is not None and e.game != game):
            continue
        ve = VEvent()
        ve.add("uid", f"{e.slug}@{site_name.replace(' ', '-').lower() or 'scorekeeper'}")
        ve.add("dtstamp", stamp)
        ve.add("dtstart", e.start)
        ve.add("dtend", e.end + dt.timedelta(days=1))
        ve.add("summary", e.name)
        ve.add("description", f"{e.game_name} · {e.format}")
        if e.location:
            ve.add("location", e.location)
        if site_url:
            ve.add("url", _absolute(site_url, e.path))
        cal.add_component(ve)
    data: bytes = cal.to_ical()
    return data


def results_feed(events: Sequence[FeedEvent], *, site_name: str, site_url: str = "") -> bytes:
    """The Atom document of the latest complete events, newest first, with their winners."""
    from feedgen.feed import FeedGenerator

    done = sorted((e for e in events if e.status == "complete"), key=lambda x: (x.end, x.slug), reverse=True)
    done = done[:RESULTS_KEPT]
    fg = FeedGenerator()
    fg.id(_absolute(site_url, RESULTS_FEED) if site_url else f"urn:scorekeeper:{site_name}:results")
    fg.title(_("%(site)s: results") % {"site": site_name})
    fg.link(href=_absolute(site_url, "") or "./", rel="alternate")
    fg.link(href=_absolute(site_url, RESULTS_FEED), rel="self")
    fg.language(i18n.active().code)
    fg.generator("Scorekeeper")
    fg.updated(_midnight(done[0].end) if done else _midnight(dt.date(1970, 1, 1)))
    for e in reversed(done):  # feedgen puts each new entry first
        entry = fg.add_entry()
        entry.id(_absolute(site_url, e.path) if site_url else f"urn:scorekeeper:{site_name}:{e.slug}")
        entry.title(e.name)
        entry.link(href=_absolute(site_url, e.path))
        entry.updated(_midnight(e.end))
        entry.published(_midnight(e.end))
        if e.winner and e.winner_deck:
            won = _("Won by %(player)s (%(deck)s)") % {"player": e.winner, "deck": e.winner_deck}
        else:
            won = _("Won by %(player)s") % {"player": e.winner} if e.winner else _("Final standings")
        players = ngettext("%(num)d player", "%(num)d players", e.players) % {"num": e.players}
        entry.summary(f"{won} · {players} · {e.game_name} · {e.format} · {i18n.day(e.start)}")
        entry.category(term=e.game, label=e.game_name)
    data: bytes = fg.atom_str(pretty=True)
    return data


def feed_files(events: Sequence[FeedEvent], *, today: dt.date, site_name: str, site_url: str = "") -> dict[str, bytes]:
    """Every feed file by site path: all events, one calendar per game with events, results."""
    out = {calendar_path(): calendar_feed(events, today=today, site_name=site_name, site_url=site_url)}
    for game in sorted({e.game for e in events}):
        out[calendar_path(game)] = calendar_feed(events, today=today, site_name=site_name, site_url=site_url, game=game)
    out[RESULTS_FEED] = results_feed(events, site_name=site_name, site_url=site_url)
    return out


def feed_inputs(events: Sequence[FeedEvent]) -> list[Any]:
    """All that :func:`feed_files` reads of ``events``, as plain data: every event not over
    (the calendars'), the latest complete ones (the results feed's) and each game with the
    name its calendar's title takes. Events with the same inputs give the same feeds (on the
    same day, for the same site, in the same language): a build keeps the feeds under them
    (:func:`ingest.site.site_files.site_files`), so a result that changes no winner, deck or
    field among the latest results makes no feed, and imports neither library."""
    games: dict[str, str] = {}
    for e in events:
        games.setdefault(e.game, e.game_name)
    complete = (e for e in events if e.status == "complete")
    latest = heapq.nlargest(RESULTS_KEPT, complete, key=lambda x: (x.end, x.slug))  # (as results_feed picks them)
    return [
        [dataclasses.astuple(e) for e in events if e.status != "complete"],
        [dataclasses.astuple(e) for e in latest],
        sorted(games.items()),
    ]
