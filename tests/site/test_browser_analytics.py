"""The analytics page on a phone (headless Chromium at 390x844, as ``test_browser.py``): the
page fits the screen, an archetype opens to its matchups (with or without script), a figure
leads to the matches it came from, and a screenshot of each state is kept in
``test-artifacts/screenshots/``.

    pytest -m browser tests/site/test_browser_analytics.py
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from benchmarks.build import generate
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site.test_browser import HAVE_PLAYWRIGHT, SCREENSHOTS, _Problems, served
from tests.site_helpers import PHONE, TODAY, system_chromium

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

if system_chromium() is None or not HAVE_PLAYWRIGHT:
    pytest.skip("browser tests need Chromium and playwright (see test_browser.py)", allow_module_level=True)

pytestmark = pytest.mark.browser

PAGE = "/analytics/mtg/modern/"


@pytest.fixture(scope="module")
def archive_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Twelve weekly Modern events, built with mkdocs and served."""
    root = tmp_path_factory.mktemp("analytics-browser") / "archive"
    generate(root, 12)
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
