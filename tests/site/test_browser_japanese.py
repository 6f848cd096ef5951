"""Searching Japanese names in a real browser, under both engines: a word typed through an
input method (no key released once it is converted) is searched at once, and one word of
names written together (``東京ヴァンガード杯``, ``佐藤健``) finds them, as the whole name does,
whatever the site's language.

    pytest -m browser tests/site/test_browser_japanese.py
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site.test_browser import _Problems, search_for, served
from tests.site_helpers import TODAY, make_project

if TYPE_CHECKING:
    from playwright.sync_api import Page

# After test_browser, which skips the module (and so this one) without Chromium or playwright.
expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser

NAMES = {"Wren Duarte": "佐藤健", "Oona Costa": "田中 太郎"}
"""Sample players renamed: one name written together, as many Japanese players write theirs."""
EVENT = "東京ヴァンガード杯 12月"
"""The Weiss Schwarz sample event renamed."""
EVENT_PAGE = "/events/2026-09-19-weiss-schwarz-neo-standard/"


def japanese_project(root: Path, language: str) -> Project:
    """The sample project with Japanese names, its site in ``language``."""
    project = make_project(root)
    for path in [root / "players.yaml", *sorted((root / "events").rglob("*.yaml"))]:
        text = path.read_text(encoding="utf-8")
        for english, japanese in NAMES.items():
            text = text.replace(f"name: {english}", f"name: {japanese}")
        text = text.replace("name: Weiss Schwarz Neo-Standard Store Cup", f"name: {EVENT}")
        path.write_text(text, encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", f"language: {language}"))
    return project


@pytest.fixture(scope="module", params=[("mkdocs", "ja"), ("zensical", "ja"), ("mkdocs", "en")], ids=str)
def japanese_site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """(engine, base URL) of the Japanese-named sample site, built and served."""
    engine, language = request.param
    root = tmp_path_factory.mktemp(f"japanese-{engine}-{language}")
    project = japanese_project(root, language)
    build_site(project, today=TODAY, engine=engine)
    with served(root / "build" / "site") as url:
        yield engine, url
    shutil.rmtree(root, ignore_errors=True)


def _results(page: Page, engine: str) -> list[str]:
    """The paths the search results link to, in order."""
    links = page.locator(".md-search-result__item a" if engine == "mkdocs" else "[role=listbox] a[role=option]")
    hrefs = links.evaluate_all("(links) => links.map((a) => a.href)")
    return [urlsplit(h).path for h in hrefs]


def _converted(page: Page, text: str) -> None:
    """Replaces the search field's text as an input method commits a conversion: the text
    arrives without a key released (Chromium's insertText, what an IME and a phone keyboard's
    suggestion send)."""
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("佐藤", "/players/wren-duarte/"),
        ("佐藤健", "/players/wren-duarte/"),
        ("田中", "/players/oona-costa/"),
        ("ヴァンガード", EVENT_PAGE),
    ],
)
def test_a_japanese_word_is_searched_as_soon_as_it_is_converted(
    page: Page, japanese_site: tuple[str, str], query: str, found: str
) -> None:
    engine, url = japanese_site
    problems = _Problems(page, url)
    page.goto(url + "/")
    page.keyboard.press("/")
    # A word typed with keys first: the index is loaded and its results are shown.
    search_for(page, "Kowalski")
    expect(page.locator(".md-search-result__item a, [role=listbox] a[role=option]").first).to_be_visible()
    assert "/players/alice-kowalski/" in _results(page, engine)
    _converted(page, query)
    # The results are the word's, with no trailing space typed (an assertion that retries).
    page.wait_for_function(
        "(found) => { const roots = [document, ...[...document.querySelectorAll('*')]"
        ".filter(e => e.shadowRoot).map(e => e.shadowRoot)];"
        " return roots.some(r => [...r.querySelectorAll('.md-search-result__item a, [role=listbox] a[role=option]')]"
        ".some(a => new URL(a.href).pathname === found)); }",
        arg=found,
    )
    shown = _results(page, engine)
    assert found in shown and "/players/alice-kowalski/" not in shown, shown
    assert problems.items == [], "\n".join(problems.items)
