"""An event's pages on a phone (390x844) with less in them (issue 38 point 4): the theme's page
without its sidebars (theme/main.html), the decklists page's decks drawn from the event's
MTGODecklistCache copy, the pairings drawn from the rounds page's data. What a player reads
at the venue still shows, the navigation is the tabs, and a hostile player name is shown as
text wherever the server or the script writes it.

    pytest -m browser tests/site/test_browser_pages.py
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from ingest.publish.run import build_site
from tests.site.test_browser import MODERN, served
from tests.site_helpers import PHONE, TODAY, make_project, system_chromium

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

try:
    from playwright.sync_api import Page, expect
except ImportError:  # the package is an optional test dependency
    pytest.skip(
        "browser tests need playwright and pytest-playwright: pip install -e '.[test]'", allow_module_level=True
    )

if system_chromium() is None:
    pytest.skip(
        "browser tests need Chromium (apt-get install chromium): not found at /usr/bin/chromium or on PATH",
        allow_module_level=True,
    )

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="window.skPwned=1">Pavel'
"""A player's name that would run a script if any page wrote it as markup."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample site with a Modern player named :data:`HOSTILE` (in the event and players.yaml), served."""
    root = tmp_path_factory.mktemp("browser-pages")
    project = make_project(root)
    for path in (root / "events" / "2026" / "2026-11-13-friday-night-modern.yaml", root / "players.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("name: Pavel Ueda", "name: '" + HOSTILE + "'"), encoding="utf-8")
    build_site(project, today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


def _phone_page(new_context: NewContext) -> Page:
    ctx = new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    return ctx.new_page()


def _nothing_ran(page: Page) -> None:
    """The hostile name ran nothing and made no element: it is text."""
    assert page.evaluate("window.skPwned") is None
    assert page.locator("img[src=x]").count() == 0


def _tabs_lead_everywhere(page: Page) -> None:
    """The page has no sidebar and no menu button; the tabs, on screen, lead to the site's sections."""
    assert page.locator(".md-sidebar").count() == 0
    expect(page.locator(".md-tabs")).to_be_visible()
    expect(page.locator(".md-tabs a", has_text="Events")).to_be_visible()
    expect(page.locator("label.md-header__button[for=__drawer]")).to_be_hidden()
    expect(page.locator("label.md-header__button[for=__search]")).to_be_visible()


def test_the_event_page_shows_the_standings_and_the_hostile_name_as_text(site: str, new_context: NewContext) -> None:
    page = _phone_page(new_context)
    page.goto(site + MODERN)
    rows = page.locator("table.sk-standings tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 24
    expect(page.locator("table.sk-standings a", has_text=HOSTILE)).to_have_count(1)
    expect(page.locator(".sk-event-nav a[href='rounds/']")).to_be_visible()
    expect(page.locator(".sk-event-nav a[href='decklists/']")).to_be_visible()
    _tabs_lead_everywhere(page)
    _nothing_ran(page)


def test_the_rounds_page_draws_the_pairings_and_the_hostile_name_as_text(site: str, new_context: NewContext) -> None:
    page = _phone_page(new_context)
    page.goto(site + MODERN + "rounds/")
    drawn = page.locator("table.sk-pairings tbody tr")
    expect(drawn.first).to_be_visible()
    assert drawn.count() >= 5 * 12  # every round's tables, written by the script from the page's data
    # Pavel played every Swiss round: the script wrote the name, as text, in each round's table.
    assert page.locator("table.sk-pairings a", has_text=HOSTILE).count() >= 5
    page.locator("#sk-find-input").fill("onerror")
    expect(page.locator("table.sk-pairings tbody tr:visible").first).to_contain_text(HOSTILE)
    _tabs_lead_everywhere(page)
    _nothing_ran(page)


def test_the_decklists_are_drawn_and_the_hostile_name_is_text(site: str, new_context: NewContext) -> None:
    page = _phone_page(new_context)
    page.goto(site + MODERN + "decklists/")
    expect(page.locator(".sk-decklists[data-drawn=true]")).to_have_count(1)
    decks = page.locator("article.sk-deck")
    assert decks.count() == 24
    # Every deck got its sections from the copy: a main deck of 60 cards or more, its lines.
    assert page.locator("article.sk-deck .sk-deck-sections").count() == 24
    titles = page.locator("article.sk-deck h4").all_inner_texts()
    assert sum(t.startswith("Main deck (") for t in titles) == 24
    expect(page.locator("#deck-pavel-ueda h3")).to_contain_text(HOSTILE)
    expect(page.locator("#deck-pavel-ueda .sk-deck-sections li").first).to_be_visible()
    _tabs_lead_everywhere(page)
    _nothing_ran(page)


LIVE_EVENT = """\
name: Friday Night Modern
date: 2026-11-20
game: mtg
format: modern
seed: 2092571767
structure: {pairing: swiss, swiss_rounds: 4, best_of: 3, decklists: after-event}
players:
  - {id: bx, name: <b>x</b>}
  - {id: obrien, name: "O'Brien & Sons"}
  - {id: alice, name: Alice Example}
  - {id: bob, name: Bob Builder}
  - {id: carol, name: Carol Danvers}
  - {id: dan, name: Dan Drop}
  - {id: erin, name: Erin Evans}
  - {id: fay, name: Fay Fox}
  - {id: gus, name: Gus Grant}
  - {id: hal, name: Hal Hart}
  - {id: ida, name: Ida Irons}
rounds:
- round: 1
  matches:
    - {table: 1, players: [obrien, bob], games: 2-1}
    - {table: 2, players: [alice, erin], games: 0-2}
    - {table: 3, players: [carol, gus], games: 1-1-1}
    - {table: 4, players: [dan, fay], games: 2-0}
    - {table: 5, players: [hal, ida], result: double-loss}
    - {bye: bx}
  drops: [dan]
- round: 2
  matches:
    - {table: 1, players: [erin, obrien], games: 2-0}
    - {table: 2, players: [bx, gus]}
    - {table: 3, players: [carol, alice]}
    - {table: 4, players: [bob, fay]}
    - {table: 5, players: [hal, ida]}
"""
"""An event in its second round, made as the CLI makes one (pair, report, drop): a bye, a
drop, a draw, a double loss, and names that are markup, a quote and an ampersand."""

_ROWS = """(table) => Array.from(table.tBodies[0].rows).map(row =>
  Array.from(row.cells).map(c => (c.classList.contains("sk-won") ? "*" : "") + c.textContent.trim()))"""


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A project with :data:`LIVE_EVENT` alone, built and served."""
    root = tmp_path_factory.mktemp("live-rounds")
    project = make_project(root, samples=False)
    (root / "events" / "2026").mkdir(parents=True, exist_ok=True)
    (root / "events" / "2026" / "2026-11-20-friday-night-modern.yaml").write_text(LIVE_EVENT, encoding="utf-8")
    build_site(project, today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


def test_a_finished_rounds_pairings_come_from_the_api_document_and_the_round_played_is_on_the_page(
    live_site: str, new_context: NewContext
) -> None:
    """Issue 38 point 4: a finished round's pairings and results are drawn on the phone from
    the event's API document (each fact once): results, the winner bold, a draw, a double
    loss, a bye, the drop under its round, each name leading to its page and written as text
    (a name that is markup makes no element). The round being played is on the page as rows,
    before any script runs, for the players looking up their table at the venue."""
    served_page = urllib.request.urlopen(f"{live_site}/events/2026-11-20-friday-night-modern/rounds/").read().decode()
    assert "api/events/2026-11-20-friday-night-modern.json" in served_page
    written = re.findall(
        r'<table class="sk-table sk-pairings"[^>]*>\n<thead>[^\n]*</thead>\n<tbody>((?s:.*?))</tbody>', served_page
    )
    assert len(written) == 1  # round 2's rows, as the server wrote them
    playing = written[0]
    assert "&lt;b&gt;x&lt;/b&gt;" in playing and "<b>" not in playing and 'class="sk-pending"' in playing
    assert '<tbody data-pairings="0"></tbody>' in served_page  # round 1: drawn from the document
    page = _phone_page(new_context)
    page.goto(f"{live_site}/events/2026-11-20-friday-night-modern/rounds/")
    expect(page.locator("script.sk-rounds-data[data-drawn=true]")).to_have_count(1)
    round_2, round_1 = (page.locator(f"table.sk-pairings[data-round='{n}']") for n in (2, 1))
    assert round_2.evaluate(_ROWS)[:2] == [
        ["1", "*Erin Evans", "2-0", "O'Brien & Sons"],
        ["2", "<b>x</b>", "playing", "Gus Grant"],
    ]
    assert round_1.evaluate(_ROWS) == [
        ["1", "*O'Brien & Sons", "2-1", "Bob Builder"],
        ["2", "Alice Example", "0-2", "*Erin Evans"],
        ["3", "Carol Danvers", "1-1-1", "Gus Grant"],
        ["4", "*Dan Drop", "2-0", "Fay Fox"],
        ["5", "Hal Hart", "double loss", "Ida Irons"],
        ["", "*<b>x</b>", "bye", ""],
    ]
    links = round_1.locator("a").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert links[:2] == ["../../../players/obrien/", "../../../players/bob/"]
    expect(page.locator("p.sk-muted", has_text="Dropped after this round: Dan Drop")).to_have_count(1)
    # The standings after round 1 (drawn from the page's data, names from the document).
    standings = page.locator("tbody[data-standings='0'] tr")
    assert standings.count() == 11
    expect(page.locator("tbody[data-standings='0'] tr.sk-dropped", has_text="Dan Drop")).to_have_count(1)
    assert page.locator("article b").count() == 0, "a name is text, never markup"
    page.locator("#sk-find-input").fill("brien")
    shown = page.locator(".sk-pairings tbody tr:not(.sk-hidden)")
    assert shown.count() == 2 and all("O'Brien & Sons" in t for t in shown.all_inner_texts())
    _nothing_ran(page)


def test_the_search_opens_and_finds_a_player_on_a_phone(live_site: str, new_context: NewContext) -> None:
    """The header's search button opens the search, made by the head script under
    mkdocs-material (theme/partials/header.html), and a player is found by part of a name."""
    page = _phone_page(new_context)
    page.goto(f"{live_site}/events/2026-11-20-friday-night-modern/")
    page.locator("label.md-header__button[for=__search]").tap()
    query = page.locator("input.md-search__input")
    expect(query).to_be_visible()
    query.fill("Sons")
    found = page.locator(".md-search-result__item a", has_text="O'Brien & Sons")
    expect(found.first).to_be_visible()
    assert "players/obrien/" in (found.first.get_attribute("href") or "")
