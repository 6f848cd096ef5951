"""The analytics page on a phone (headless Chromium at 390x844, as ``test_browser.py``): the
page fits the screen, an archetype opens to its matchups (with or without script), a figure
leads to the matches it came from (drawn from the format's documents, a year at a time, each
name set as text), a conversion figure to the decks of the top cut and on to the event's
bracket, and a screenshot of each state is kept in ``test-artifacts/screenshots/``.

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
    """Sixty weekly Modern events (2025 and 2026), built with mkdocs and served; a match list
    draws earlier years once it holds 40 matches (so Burn's asks for 2025 by its button)."""
    root = tmp_path_factory.mktemp("analytics-browser") / "archive"
    generate(root, 60)
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
        if not script:  # the rows are drawn by script: without it, the page links to the data
            assert page.locator("noscript").count() == 1
            assert problems.items == []
            return
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


def _drawn(page: object) -> int:
    """The matches drawn on a match list (a round link each)."""
    return int(page.locator("tbody[data-vs] td:nth-child(3) a").count())  # type: ignore[attr-defined]


def test_an_archetype_s_matches_are_drawn_year_by_year_on_a_phone(new_context: NewContext, archive_url: str) -> None:
    """Burn's list draws 2026 (more than 40 matches), then 2025 by its button: every match of
    its figures once, each section's rows adding up to its record."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, archive_url)
        page.goto(archive_url + PAGE + "archetypes/burn/")
        page.wait_for_selector(".sk-matches[data-drawn]", state="attached")
        _fits(page)
        first = _drawn(page)
        assert first >= 40
        more = page.locator("button.sk-more-matches")
        assert more.is_visible() and "2025" in more.inner_text()
        page.screenshot(path=str(SCREENSHOTS / "analytics-phone-matches-2026.png"), full_page=True)
        more.tap()
        page.wait_for_selector(".sk-matches[data-drawn='2']", state="attached")
        assert not more.is_visible()
        total = _drawn(page)
        assert total > first
        records = page.locator("h2 + p.sk-muted").all_inner_texts()
        counted = sum(int(t.split("-")[0]) + int(t.split("-")[1]) + int(t.split("-")[2].split()[0]) for t in records)
        assert total == counted
        # newest first in each section
        for body in page.locator("tbody[data-vs]").all():
            days = body.locator("tr > td:first-child").all_inner_texts()
            assert days == sorted(days, reverse=True)
        _fits(page)
        assert problems.items == []
    finally:
        ctx.close()


HOSTILE_EVENT = "Friday <img src=x onerror=\"window.pwned=1\"> Night & 'Modern'"
HOSTILE_ARCHETYPE = 'Burn <script>window.pwned=2</script> "q"'


@pytest.fixture(scope="module")
def hostile_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample project with its Modern event and one archetype named as markup, built and served."""
    root = tmp_path_factory.mktemp("analytics-hostile")
    make_project(root)
    event = next((root / "events").rglob("2026-11-13-friday-night-modern.yaml"))
    text = event.read_text(encoding="utf-8")
    assert "name: Friday Night Modern 42\n" in text and "archetype: Burn," in text
    text = text.replace("name: Friday Night Modern 42\n", f"name: '{HOSTILE_EVENT.replace(chr(39), chr(39) * 2)}'\n")
    event.write_text(text.replace("archetype: Burn,", f"archetype: '{HOSTILE_ARCHETYPE}',"), encoding="utf-8")
    build_site(Project(root), today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


def test_the_drawn_rows_show_hostile_names_as_text(new_context: NewContext, hostile_url: str) -> None:
    """An event and an archetype named as markup: the rows drawn from the data hold them as
    text (no element, no script run), the archetype's matches found by its exact name."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, hostile_url)
        page.goto(hostile_url + PAGE)
        page.wait_for_load_state("networkidle")
        href = page.locator("details.sk-matchups > summary a").evaluate_all(
            "(links, name) => links.filter(a => a.closest('summary').textContent.includes(name)).map(a => a.href)",
            HOSTILE_ARCHETYPE,
        )
        assert len(href) == 1
        page.goto(href[0])
        page.wait_for_selector(".sk-matches[data-drawn]", state="attached")
        assert f"{HOSTILE_ARCHETYPE}: its matches" in page.locator("h1").inner_text()  # escaped once
        # an opponent's list: its section against the hostile archetype found its rows by the exact name
        opponent = page.locator("tbody[data-vs]").first.get_attribute("data-vs")
        anchor = page.locator("h2[id^='vs-']").first.get_attribute("id")
        assert opponent and anchor
        for url in (href[0], hostile_url + PAGE + f"archetypes/{anchor.removeprefix('vs-')}/"):
            page.goto(url)
            page.wait_for_selector(".sk-matches[data-drawn]", state="attached")
            assert page.evaluate("window.pwned") is None
            assert page.locator("tbody[data-vs] img, tbody[data-vs] script, tbody[data-vs] b").count() == 0
            events = page.locator("tbody[data-vs] td:nth-child(2) a").all_inner_texts()
            assert HOSTILE_EVENT in events
        filled = page.locator("tbody[data-vs]").evaluate_all(
            "bodies => bodies.filter(b => b.rows.length).map(b => b.getAttribute('data-vs'))"
        )
        assert HOSTILE_ARCHETYPE in filled
        assert f"Against {HOSTILE_ARCHETYPE}" in page.locator("h2", has_text="pwned=2").inner_text()
        page.screenshot(path=str(SCREENSHOTS / "analytics-phone-hostile.png"), full_page=True)
        assert problems.items == []
    finally:
        ctx.close()
