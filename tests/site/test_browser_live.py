"""The live event page in headless Chromium on a phone (390×844): find my table first, the
round clock counting down to "time", and the reload when a newer build is published, never
while the visitor is typing. The browser's clock is Playwright's fake clock: nothing waits."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ingest.publish.run import build_site
from tests.site.test_browser import SCREENSHOTS, served
from tests.site_helpers import PHONE, TODAY, make_project

pytest.importorskip("playwright")
from playwright.sync_api import Locator, Page

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

pytestmark = pytest.mark.browser

PIONEER = "/events/2026-11-20-pioneer-weekly/"
ROUND_START = dt.datetime(2026, 11, 20, 21, 10)  # round 3 of the sample started at 21:10, 50 minutes


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The sample site, built and served from a folder the tests may change (a new build's version)."""
    root = tmp_path_factory.mktemp("live-site")
    build_site(make_project(root), today=TODAY)
    site = root / "build" / "site"
    with served(site) as url:
        yield url, site


def _phone(new_context: NewContext, at: dt.datetime) -> Page:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.clock.install(time=at)
    return page


def test_find_my_table_comes_first_and_the_clock_counts_down(
    new_context: NewContext, live_site: tuple[str, Path]
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START + dt.timedelta(minutes=12))
    page.goto(url + PIONEER)
    page.clock.run_for(1500)
    box = page.locator("#sk-find-input").bounding_box()
    assert box is not None and box["y"] + box["height"] < 844 / 2  # above the fold, before anything else
    # 21:22 plus the time the page took to load: 38 minutes left, give or take a few seconds.
    assert re.fullmatch(r"3[78]:\d\d left", page.locator(".sk-clock").inner_text())
    page.locator("#sk-find-input").fill("noor")
    assert page.locator(".sk-live .sk-pairings tbody tr.sk-match-hit").count() == 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "live-event-phone.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.clock.run_for(39 * 60 * 1000)
    assert page.locator(".sk-clock").inner_text().lower() == "time"
    page.context.close()


def test_the_clock_stands_still_while_paused_and_counts_the_minutes_added(
    new_context: NewContext, live_site: tuple[str, Path]
) -> None:
    """The clock as the event file records it (ingest/core/round_clock.py), counted by the
    page's script: 50 minutes from 21:10, 4 added, 90 seconds paused earlier; paused at 21:20."""
    url, _ = live_site
    page = _phone(new_context, ROUND_START + dt.timedelta(minutes=25))
    page.goto(url + PIONEER)
    clock = page.locator(".sk-clock")
    clock.evaluate(
        "el => { el.dataset.extra = '4'; el.dataset.pausedSeconds = '90'; el.dataset.pausedAt = '21:20:00'; }"
    )
    page.clock.run_for(1500)
    assert clock.inner_text() == "45:30 left, paused"  # 54 minutes + 1:30 - 10 minutes gone at the pause
    page.clock.run_for(60_000)
    assert clock.inner_text() == "45:30 left, paused"  # standing still
    clock.evaluate("el => { delete el.dataset.pausedAt; }")
    page.clock.run_for(1000)
    # Running again: 21:36 and a little on the fake clock, 26 minutes gone since 21:10.
    assert re.fullmatch(r"29:[0-2]\d left", clock.inner_text()), clock.inner_text()
    page.context.close()


def test_a_newer_build_reloads_the_page_but_not_while_typing(
    new_context: NewContext, live_site: tuple[str, Path]
) -> None:
    url, site = live_site
    version = site / "events/2026-11-20-pioneer-weekly/version.txt"
    original = version.read_text()
    page = _phone(new_context, ROUND_START + dt.timedelta(minutes=5))
    try:
        page.goto(url + PIONEER)
        page.evaluate("window.__kept = 1")  # gone after a reload
        with page.expect_response(lambda r: r.url.endswith("/version.txt")):
            page.clock.run_for(61_000)  # one poll, answered before the version changes
        page.wait_for_load_state()
        assert page.evaluate("window.__kept") == 1  # same build: no reload
        version.write_text("0123456789abcdef\n")
        page.locator("#sk-find-input").click()
        page.keyboard.type("ull")
        page.clock.run_for(61_000)
        assert page.evaluate("window.__kept") == 1  # typing: the newer build waits
        page.locator("#sk-find-input").blur()
        page.clock.run_for(20_000)
        with page.expect_navigation():
            page.clock.run_for(61_000)
        assert page.evaluate("window.__kept") is None
        # The search survived the reload: the player still sees their table.
        assert page.locator("#sk-find-input").input_value() == "ull"
        assert page.locator(".sk-live .sk-pairings tbody tr.sk-match-hit").count() == 1
    finally:
        version.write_text(original)
        page.context.close()


def test_a_finished_event_does_not_poll(new_context: NewContext, live_site: tuple[str, Path]) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(url + "/events/2026-11-13-friday-night-modern/")
    page.clock.run_for(5 * 60_000)
    assert not [u for u in fetched if u.endswith("version.txt")]
    page.context.close()


def test_tapping_a_name_in_the_standings_opens_the_players_page(
    new_context: NewContext, live_site: tuple[str, Path]
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/events/2026-11-13-friday-night-modern/")
    link = page.locator("table.sk-standings tbody tr").first.locator("td:nth-child(2) a")
    name = link.inner_text()
    link.tap()
    page.wait_for_url("**/players/**")
    assert name in page.locator("h1").inner_text()
    page.context.close()


@pytest.mark.parametrize("path", ["/events/2026-11-13-friday-night-modern/", "/events/2026-11-20-pioneer-weekly/"])
def test_event_tables_fit_a_phone_and_tiebreakers_open_in_the_row(
    new_context: NewContext,
    live_site: tuple[str, Path],
    path: str,
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + path)
    widths = page.evaluate(
        "() => [...document.querySelectorAll('article table.sk-table')].filter(t => !t.closest('details'))"
        ".map(t => [t.className, t.getBoundingClientRect().width, t.closest('.sk-scroll').clientWidth])"
    )
    assert widths and all(w <= box + 0.5 for _, w, box in widths), widths
    first = page.locator("table.sk-standings tbody tr").first
    assert not first.locator("td:nth-child(5)").is_visible()  # tiebreakers are not off-screen: they are in the row
    first.locator("td").nth(2).click()  # the row opens its detail; the name stays a link
    line = page.locator("table.sk-standings tr.sk-detail .sk-tb-line")
    assert re.match(r"OMW% [\d.]+% · GW% [\d.]+% · OGW% [\d.]+%", line.inner_text())
    # Columns a player needs stay: no empty column is drawn.
    heads = page.locator("article table.sk-table:not(.sk-opponents) > thead th").all_inner_texts()
    assert "Deck" not in heads or path.endswith("modern/")
    page.context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/events/2026-11-13-friday-night-modern/rounds/",
        "/events/2026-10-10-team-unified-standard/rounds/",
        "/events/2026-08-15-wheel-of-time-sealed/",
        "/events/2026-08-15-wheel-of-time-sealed/rounds/",
    ],
)
def test_every_table_of_an_events_pages_fits_a_phone(
    new_context: NewContext,
    live_site: tuple[str, Path],
    path: str,
) -> None:
    """No table scrolls sideways at 390 px: not the Wheel of Time pairings (a three-line card
    per table on a phone), not the standings after each round (tiebreakers fold into the row)."""
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + path)
    tabs: list[Locator | None] = list(page.locator(".tabbed-labels label").all()) or [None]
    for tab in tabs:
        if tab is not None:
            tab.tap()
        widths = page.evaluate(
            "() => [...document.querySelectorAll('article table.sk-table')].filter(t => t.offsetParent)"
            ".map(t => [t.className, t.scrollWidth, t.parentElement.clientWidth])"
        )
        assert widths and all(w <= box + 0.5 for _, w, box in widths), widths
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_a_past_rounds_standings_open_their_tiebreakers_on_a_phone(
    new_context: NewContext,
    live_site: tuple[str, Path],
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/events/2026-11-13-friday-night-modern/rounds/")
    page.locator(".tabbed-labels label").first.tap()  # the standings after round 1
    row = page.locator(".tabbed-block").first.locator("tbody tr").first
    assert not row.locator("td:nth-child(5)").is_visible()
    row.locator("td").nth(2).tap()
    line = page.locator(".tabbed-block").first.locator("tr.sk-detail .sk-tb-line")
    assert re.fullmatch(r"OMW% [\d.]+% · GW% [\d.]+% · OGW% [\d.]+%", line.inner_text())
    name = row.locator("a").inner_text()
    row.locator("a").tap()  # the name is a link to the player's page
    page.wait_for_url("**/players/**")
    assert name in page.locator("h1").inner_text()
    page.context.close()


def test_a_players_page_shows_their_table_while_the_event_is_played(
    new_context: NewContext,
    live_site: tuple[str, Path],
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/players/ulla-petrov/")
    seat = page.locator(".sk-live-seat")
    assert seat.inner_text() == "Playing now · Pioneer Weekly #18, Round 3, table 5: against Kenji Quist"
    box = seat.bounding_box()
    assert box is not None and box["y"] < 844 / 2
    widths = page.evaluate(
        "() => [...document.querySelectorAll('article table.sk-table')]"
        ".map(t => [t.getBoundingClientRect().width, t.closest('.sk-scroll').clientWidth])"
    )
    assert all(w <= box_w + 0.5 for w, box_w in widths), widths  # the history fits: dates fold under the name
    seat.locator("a").last.tap()
    page.wait_for_url("**/players/kenji-quist/")
    page.context.close()


def test_wheel_of_time_tables_link_players_and_name_the_winner(
    new_context: NewContext,
    live_site: tuple[str, Path],
) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/events/2026-08-15-wheel-of-time-sealed/rounds/")
    row = page.locator("table.sk-pairings tbody tr[data-players]").first
    cells = row.locator("td").all_inner_texts()
    hero, villain, winner = cells[1], cells[2], cells[3]
    assert winner in (hero, villain, "tie", "both lose"), cells
    assert row.locator("td.sk-won").inner_text() == winner
    row.locator("td").nth(2).locator("a").tap()
    page.wait_for_url("**/players/**")
    assert villain in page.locator("h1").inner_text()
    page.context.close()


def test_the_bracket_says_whose_score_is_whose(new_context: NewContext, live_site: tuple[str, Path]) -> None:
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/events/2026-11-13-friday-night-modern/")
    # Quarterfinal 3 of the sample: Beatrix Takeda 1, Ines Costa 2 (games: 1-2).
    match = page.locator(".sk-bracket-round").first.locator(".sk-bracket-match").nth(2)
    sides = [
        (s.locator(".sk-bracket-name").inner_text(), s.locator(".sk-bracket-games").inner_text())
        for s in match.locator(".sk-bracket-side").all()
    ]
    assert sides == [("Beatrix Takeda", "1"), ("Ines Costa", "2")]
    assert match.locator(".sk-bracket-side.sk-won .sk-bracket-name").inner_text() == "Ines Costa"
    page.context.close()


def test_a_top_4_bracket_fits_a_phone(new_context: NewContext, live_site: tuple[str, Path]) -> None:
    """Semifinals and the final side by side within 390 px (the sample Weiss Schwarz top 4)."""
    url, _ = live_site
    page = _phone(new_context, ROUND_START)
    page.goto(url + "/events/2026-09-19-weiss-schwarz-neo-standard/")
    bracket = page.locator(".sk-bracket")
    assert bracket.locator(".sk-bracket-round").count() == 2
    scroll, width = bracket.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert scroll <= width, (scroll, width)
    page.context.close()
