"""An event's pages on a phone (390x844) with less in them (issue 38 point 4): the theme's page
without its sidebars (theme/main.html), the decklists page's decks drawn from the event's
MTGODecklistCache copy, the pairings drawn from the rounds page's data. What a player reads
at the venue still shows, the navigation is the tabs, and a hostile player name is shown as
text wherever the server or the script writes it.

    pytest -m browser tests/site/test_browser_pages.py
"""

from __future__ import annotations

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
