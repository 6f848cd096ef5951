"""The analytics page on a phone (headless Chromium at 390x844, as ``test_browser.py``): the
page fits the screen, an archetype opens to its matchups (with or without script), a figure
leads to the matches it came from (their pages turned with plain links), a conversion figure
to the decks of the top cut and on to the event's bracket, and a screenshot of each state is
kept in ``test-artifacts/screenshots/``.

    pytest -m browser tests/site/test_browser_analytics.py
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from benchmarks.build import generate
from ingest.publish.run import build_site
from ingest.site import analytics_lists
from ingest.source.project import Project
from tests.site.test_browser import HAVE_PLAYWRIGHT, SCREENSHOTS, _Problems, served
from tests.site_helpers import PHONE, TODAY, make_project, system_chromium

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

if system_chromium() is None or not HAVE_PLAYWRIGHT:
    pytest.skip("browser tests need Chromium and playwright (see test_browser.py)", allow_module_level=True)

pytestmark = pytest.mark.browser

PAGE = "/analytics/mtg/modern/"


@pytest.fixture(scope="module")
def archive_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Twelve weekly Modern events, built with mkdocs and served; match lists in pages of 40
    (so Burn's take several)."""
    root = tmp_path_factory.mktemp("analytics-browser") / "archive"
    generate(root, 12)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analytics_lists, "PAGE_ROWS", 40)
        build_site(Project(root), today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


def _fits(page: object) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")  # type: ignore[attr-defined]
    assert scroll <= min(inner, PHONE["width"]) + 1, f"{scroll} px wide on a {inner} px phone"


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_an_archetype_s_matchups_on_a_phone(new_context: NewContext, archive_url: str, script: bool) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, archive_url)
        page.goto(archive_url + PAGE)
        page.wait_for_load_state("networkidle")
        _fits(page)
        label = "script" if script else "no-script"
        page.screenshot(path=str(SCREENSHOTS / f"analytics-phone-{label}.png"), full_page=True)
        burn = page.locator("details.sk-matchups#burn")
        table = burn.locator("table")
        assert not table.is_visible()
        burn.locator("summary").tap()
        assert table.is_visible()
        rows = table.locator("tbody tr")
        assert rows.count() >= 5
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
        _fits(page)
        burn.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"analytics-phone-{label}-burn.png"))
        # The first figure leads to its matches, and each of those to its round.
        link = rows.first.locator("a")
        opponent = rows.first.locator("td").first.inner_text().strip()
        link.tap()
        page.wait_for_url("**/analytics/mtg/modern/archetypes/burn/#vs-*")
        heading = page.locator(f"h2#{page.url.rpartition('#')[2]}")
        assert opponent in heading.inner_text()
        assert heading.is_visible()
        _fits(page)
        page.screenshot(path=str(SCREENSHOTS / f"analytics-phone-{label}-matches.png"))
        round_link = page.locator("table.sk-dated a[href*='/rounds/#round-']").first
        round_link.tap()
        page.wait_for_url("**/rounds/#round-*")
        assert problems.items == []
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def sample_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample project (its Modern event had a top 8), built with mkdocs and served."""
    root = tmp_path_factory.mktemp("analytics-sample")
    make_project(root)
    build_site(Project(root), today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_conversion_figure_leads_to_the_top_cut_on_a_phone(
    new_context: NewContext, sample_url: str, script: bool
) -> None:
    """A conversion figure leads to the archetype's decks in the top cut, each to its event's top cut."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    ctx.set_default_timeout(10_000)
    label = "script" if script else "no-script"
    try:
        page = ctx.new_page()
        problems = _Problems(page, sample_url)
        page.goto(sample_url + PAGE)
        page.wait_for_load_state("networkidle")
        figure = page.locator("table.sk-analytics a[href$='/cut/']").first
        figure.scroll_into_view_if_needed()
        figure.tap()
        page.wait_for_url("**/archetypes/*/cut/")
        _fits(page)
        page.screenshot(path=str(SCREENSHOTS / f"analytics-phone-{label}-cut.png"), full_page=True)
        rows = page.locator("table.sk-dated tbody tr")
        assert rows.count() >= 1
        assert rows.first.locator("td").last.inner_text().strip() in ("Won", "Top 4", "Top 8", "Top cut")
        rows.first.locator("a").tap()
        page.wait_for_url("**/events/*/#top-cut")
        assert page.locator("h2#top-cut").is_visible()
        assert problems.items == []
    finally:
        ctx.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_an_archetype_s_matches_page_by_page_on_a_phone(
    new_context: NewContext, archive_url: str, script: bool
) -> None:
    """An archetype's matches are turned page by page with plain links, older and back."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    ctx.set_default_timeout(10_000)
    label = "script" if script else "no-script"
    try:
        page = ctx.new_page()
        problems = _Problems(page, archive_url)
        page.goto(archive_url + PAGE + "archetypes/burn/")
        page.wait_for_load_state("networkidle")
        pager = page.locator("nav.sk-pager").first
        assert "Page 1 of" in pager.inner_text()
        _fits(page)
        pager.locator("a[rel=next]").tap()
        page.wait_for_url("**/archetypes/burn/2/")
        _fits(page)
        assert "Page 2 of" in page.locator("nav.sk-pager").first.inner_text()
        page.screenshot(path=str(SCREENSHOTS / f"analytics-phone-{label}-page-2.png"), full_page=True)
        page.locator("nav.sk-pager").first.locator("a[rel=prev]").tap()
        page.wait_for_url("**/archetypes/burn/")
        assert problems.items == []
    finally:
        ctx.close()
