"""Calendar and results feeds, read back with their own parsers (icalendar, feedparser)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TypedDict, Unpack

import feedparser
import pytest
from icalendar import Calendar

from ingest.publish.run import build_site
from ingest.site.feeds import FeedEvent, calendar_feed, calendar_path, feed_files, results_feed
from tests.site_helpers import TODAY, make_project

NASTY = 'Friday <script>alert(1)</script>; "Modern", \\ night'


class Extras(TypedDict, total=False):
    """The fields of a feed event that :func:`ev` leaves at their defaults unless given."""

    location: str
    players: int
    winner: str
    winner_deck: str


def ev(
    slug: str, day: int, status: str, game: str = "mtg", name: str | None = None, **extras: Unpack[Extras]
) -> FeedEvent:
    start = dt.date(2026, 11, day)
    return FeedEvent(
        slug=slug,
        name=slug.title() if name is None else name,
        start=start,
        end=start,
        game=game,
        game_name={"mtg": "Magic: The Gathering", "wot": "Wheel of Time CCG"}[game],
        format="modern",
        path=f"events/{slug}/",
        status=status,
        **extras,
    )


EVENTS = [
    ev("done", 6, "complete", winner="Alice <b>", winner_deck="Burn", players=16),
    ev("older", 1, "complete", game="wot", winner="Bob", players=8),
    ev("tonight", 20, "in-progress"),
    ev("next", 27, "upcoming", name=NASTY, location="The Hoard, Leiden; back room"),
    ev("wot-next", 28, "upcoming", game="wot"),
]


class IcsEvent(TypedDict):
    """A calendar event as read back by icalendar (the fields the tests look at)."""

    uid: str
    summary: str
    start: dt.date
    end: dt.date
    location: str
    url: str


def parse_ics(data: bytes) -> list[IcsEvent]:
    cal = Calendar.from_ical(data)
    assert str(cal["version"]) == "2.0"
    return [
        {
            "uid": str(c["uid"]),
            "summary": str(c["summary"]),
            "start": c.decoded("dtstart"),
            "end": c.decoded("dtend"),
            "location": str(c.get("location", "")),
            "url": str(c.get("url", "")),
        }
        for c in cal.walk("VEVENT")
    ]


def test_calendar_lists_events_not_over_with_text_intact() -> None:
    got = parse_ics(calendar_feed(EVENTS, today=TODAY, site_name="Our Club", site_url="https://example.org/club/"))
    assert [e["uid"] for e in got] == ["tonight@our-club", "next@our-club", "wot-next@our-club"]
    nxt = got[1]
    assert nxt["summary"] == NASTY  # escaped by the library, read back as the same text
    assert nxt["location"] == "The Hoard, Leiden; back room"
    assert nxt["start"] == dt.date(2026, 11, 27) and nxt["end"] == dt.date(2026, 11, 28)  # all day
    assert nxt["url"] == "https://example.org/club/events/next/"


def test_calendar_per_game_and_without_site_url() -> None:
    got = parse_ics(calendar_feed(EVENTS, today=TODAY, site_name="Club", game="wot"))
    assert [e["uid"] for e in got] == ["wot-next@club"]
    assert got[0]["url"] == ""  # no address known: no link rather than a wrong one


def test_results_feed_is_valid_atom_newest_first() -> None:
    doc = feedparser.parse(results_feed(EVENTS, site_name="Club", site_url="https://example.org"))
    assert not doc.bozo, doc.get("bozo_exception")
    assert doc.version == "atom10"
    assert [e.title for e in doc.entries] == ["Done", "Older"]
    first = doc.entries[0]
    assert first.link == "https://example.org/events/done/"
    assert first.summary.startswith("Won by Alice <b> (Burn) · 16 players")  # text, not markup
    assert first.updated_parsed[:3] == (2026, 11, 6)
    assert doc.feed.updated_parsed[:3] == (2026, 11, 6)


def test_feeds_are_deterministic() -> None:
    a = feed_files(EVENTS, today=TODAY, site_name="Club")
    b = feed_files(list(reversed(EVENTS)), today=TODAY, site_name="Club")
    assert a == b
    assert sorted(a) == ["feeds/events-mtg.ics", "feeds/events-wot.ics", "feeds/events.ics", "feeds/results.xml"]


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp("feeds"))
    cfg = project.root / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + "\nsite_url: https://club.example/results/\n", encoding="utf-8")
    build_site(project, today=TODAY, docs_only=True)
    return project.root / "build" / "docs"


def test_site_publishes_the_feeds_and_links_them_from_home(docs: Path) -> None:
    home = (docs / "index.md").read_text(encoding="utf-8")
    for path in (calendar_path(), calendar_path("mtg"), "feeds/results.xml"):
        assert (docs / path).is_file(), path
        assert f"]({path})" in home
    cal = parse_ics((docs / calendar_path()).read_bytes())
    assert all(e["url"].startswith("https://club.example/results/events/") for e in cal)
    atom = feedparser.parse((docs / "feeds/results.xml").read_bytes())
    assert not atom.bozo and atom.entries
    assert all(e.link.startswith("https://club.example/results/events/") for e in atom.entries)
