"""The page around each page's content (issue 38 point 4): only what a page uses, under both
engines. Theme overrides in ``theme/partials``: the header without a menu button, palette
form, palette script or inline icons (the stylesheet draws the icons and follows the phone's
light or dark setting), mkdocs-material's search dialog made by the head script, no "Back to
top" and no empty footer. The page's chrome was 8.2 KB of every page (26.7 KB of an event's
three pages); the browser tests check that the search still opens and finds a player
(tests/site/test_browser.py) and that the colours follow the phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.publish.run import build_site
from tests.site_helpers import MODERN, TODAY, make_project

CHROME_BUDGET = 4096
"""Bytes of a page outside its article (its head, header, tabs, scripts), at most."""


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The sample site built by each engine: (engine, the site's folder)."""
    root = tmp_path_factory.mktemp(f"chrome-{request.param}")
    build_site(make_project(root), today=TODAY, engine=request.param)
    return request.param, root / "build" / "site"


def _chrome(page: str) -> str:
    """A page without its article (the content): what the theme puts around it."""
    start = page.index('<article class="md-content__inner')
    stop = page.rindex("</article>")
    return page[:start] + page[stop:]


@pytest.mark.parametrize("path", ["", "rounds/", "decklists/"])
def test_an_event_pages_chrome_is_what_the_page_uses(site: tuple[str, Path], path: str) -> None:
    engine, folder = site
    page = (folder / "events" / MODERN / path / "index.html").read_text(encoding="utf-8")
    chrome = _chrome(page)
    assert len(chrome.encode()) <= CHROME_BUDGET, f"{engine}: {len(chrome.encode())} bytes of chrome"
    assert "<svg" not in chrome, "no inline icon: the stylesheet draws them"
    assert 'data-md-component="palette"' not in chrome and "__palette" not in chrome
    assert "md-top" not in chrome and "md-footer" not in chrome
    assert 'for="__drawer"' not in chrome.split("<header", 1)[1], "no menu button: the tabs are the navigation"
    # The header keeps the site's name, the page's title, the search button and the tabs.
    assert '<label class="md-header__button md-icon sk-search-icon" for="__search" aria-label="Search"' in chrome
    assert '<span class="md-ellipsis">Scorekeeper</span>' in chrome
    assert 'class="md-tabs__link"' in chrome and 'class="md-skip"' in chrome
    # The theme's inline script is the head script, shared by every page.
    assert chrome.count("assets/scorekeeper-search.js") == 1 and "__md_scope=" not in chrome
    if engine == "mkdocs":
        # mkdocs-material's search dialog is made by that script, from the words the button gives.
        assert "md-search__form" not in chrome
        assert """data-sk-search='["Search", "Clear", "Initializing search", "Search"]'""" in chrome
        assert "<script>skSearchDialog()</script>" in chrome
    else:
        assert 'class="md-search__button"' in chrome  # Zensical's own search, as it writes it


OLD_PALETTE = """  palette:
    - {media: "(prefers-color-scheme: light)", scheme: default, primary: indigo, accent: deep orange}
    - {media: "(prefers-color-scheme: dark)", scheme: slate, primary: indigo, accent: deep orange}"""
"""The palette an earlier ``scorekeeper init`` wrote into a project's mkdocs.yml: a scheme per media query."""

TOGGLES = """  palette:
    - {scheme: default, toggle: {icon: material/brightness-7, name: Dark}}
    - {scheme: slate, toggle: {icon: material/brightness-4, name: Light}}"""
"""A palette with a switch between light and dark."""


@pytest.mark.parametrize(("palette", "script"), [(OLD_PALETTE, False), (TOGGLES, True)], ids=["by-media", "toggles"])
def test_a_projects_palette_of_several_schemes_keeps_the_themes_form(
    tmp_path: Path, palette: str, script: bool
) -> None:
    """A project's palette of several schemes is followed as the theme follows it: its form
    is on the pages (by which the theme's script picks the scheme for the phone's setting,
    or the reader's), and the script that restores a reader's choice when there are toggles."""
    project = make_project(tmp_path, samples=False)
    config = tmp_path / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    start = text.index("  palette:")
    stop = text.index("\n\n", start)
    config.write_text(text[:start] + palette + text[stop:], encoding="utf-8")
    build_site(project, today=TODAY)
    page = (tmp_path / "build" / "site" / "index.html").read_text(encoding="utf-8")
    assert 'data-md-component="palette"' in page and 'data-md-color-scheme="default"' in page
    assert ('__md_get("__palette")' in page) is script
