"""Real-browser tests: headless Chromium (through Playwright) against the built sample site.

A session fixture builds the sample events into a temporary copy of the project, serves
``build/site`` on a localhost port, and every test drives Debian's Chromium
(``/usr/bin/chromium``) through pytest-playwright's fixtures (``tests/site/conftest.py``):
pages load cleanly, search finds a player, the bracket renders on a phone, "Copy as text"
copies a decklist, "Find my table" and the events filter hide what they should, and
screenshots at phone and desktop sizes are saved into ``test-artifacts/screenshots/`` (no
page overflows sideways on a phone).

The module is skipped, with the reason, when Chromium or the playwright package is
missing. Playwright never downloads a browser here: it launches the system Chromium.

    pytest -m browser tests/site/test_browser.py
"""

from __future__ import annotations

import contextlib
import functools
import html
import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

from ingest.publish.run import build_site
from tests.builders import ROOT
from tests.site.test_search import _old_copy
from tests.site_helpers import (  # TODAY: decklists public
    DESKTOP,
    PHONE,
    TODAY,
    make_project,
    opponent_details,
    round_standings,
    system_chromium,
    tables,
)

try:
    from playwright.sync_api import (
        BrowserContext,
        ConsoleMessage,
        Error,
        Page,
        Request,
        Response,
        Route,
        expect,
    )
except ImportError:  # the package is an optional test dependency
    HAVE_PLAYWRIGHT = False
else:
    HAVE_PLAYWRIGHT = True

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"

MODERN = "/events/2026-11-13-friday-night-modern/"
PIONEER = "/events/2026-11-20-pioneer-weekly/"
MODERN_FILE = ROOT / "events" / "2026" / "2026-11-13-friday-night-modern.yaml"
if TYPE_CHECKING:
    # pytest-playwright's ``new_context`` fixture: makes a browser context, closed after the test.
    from playwright.sync_api import ViewportSize
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

if system_chromium() is None:
    pytest.skip(
        "browser tests need Chromium (apt-get install chromium): not found at /usr/bin/chromium or on PATH",
        allow_module_level=True,
    )
if not HAVE_PLAYWRIGHT:
    pytest.skip(
        "browser tests need playwright and pytest-playwright: pip install -e '.[test]'", allow_module_level=True
    )

pytestmark = pytest.mark.browser


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr."""

    def log_message(self, format: str, *args: Any) -> None:
        del format, args


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """Serves a built site over HTTP on a free port of this machine; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Builds the sample site in a temporary project copy and serves it; yields the base URL."""
    yield from _built_and_served(tmp_path_factory, "mkdocs")


@pytest.fixture(scope="session")
def zensical_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample site built with Zensical, served; yields the base URL."""
    yield from _built_and_served(tmp_path_factory, "zensical")


@pytest.fixture(scope="session")
def archive_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample site plus an event of 2019 (whose search entries are in the 2019 index), served."""
    yield from _built_and_served(tmp_path_factory, "mkdocs", old_year=2019)


LONG_NAMES = "2026-11-13-friday-night-modern"
"""The event whose players get long names (:func:`long_names_url`)."""


@pytest.fixture(scope="module")
def long_names_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The sample site with every player of a top-8 event named at length, one word unbreakable."""
    yield from _built_and_served(tmp_path_factory, "mkdocs", long_names=True)


def _built_and_served(
    tmp_path_factory: pytest.TempPathFactory, engine: str, old_year: int = 0, *, long_names: bool = False
) -> Iterator[str]:
    root = tmp_path_factory.mktemp(f"browser-project-{engine}")
    project = make_project(root)
    if old_year:
        _old_copy(root, old_year)
    if long_names:  # in the event and in players.yaml, whose names the site shows
        for path in (root / "events" / "2026" / f"{LONG_NAMES}.yaml", root / "players.yaml"):
            text = re.sub(
                r"name: ([A-Z][a-z]+) ([A-Z][a-z]+)([,}])",
                r'name: "\1 Hernández-Castellanos \2 <Unbreakable_Long_Nickname>"\3',
                path.read_text(encoding="utf-8"),
            )
            path.write_text(text, encoding="utf-8")
    build_site(project, today=TODAY, engine=engine)
    with served(root / "build" / "site") as url:
        yield url


def _sample_player() -> tuple[str, str]:
    """(id, name) of a player from players.yaml who played the Modern event (has a page)."""
    registry = yaml.safe_load((ROOT / "players.yaml").read_text(encoding="utf-8"))
    event = yaml.safe_load(MODERN_FILE.read_text(encoding="utf-8"))
    played = {p["id"] for p in event["players"]}
    for entry in registry["players"]:
        if entry["id"] in played:
            return str(entry["id"]), str(entry["name"])
    raise AssertionError("no player of players.yaml plays in the Modern sample event")


class _Problems:
    """Collects console errors, page errors and failed localhost requests of one page."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.items: list[str] = []
        self.host = urlsplit(base_url).netloc
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("requestfailed", self._request_failed)
        page.on("response", self._response)

    def _ours(self, url: str) -> bool:
        return urlsplit(url).netloc == self.host

    def _console(self, msg: ConsoleMessage) -> None:
        # Chromium's own notice when a tap lands while the page is still scrolling (an
        # intervention, reported without a script location): timing, not a page error.
        if msg.type == "error" and not msg.text.startswith("Ignored attempt to cancel a touch"):
            self.items.append(f"console error: {msg.text} ({msg.location.get('url', '')})")

    def _page_error(self, exc: Error) -> None:
        self.items.append(f"page error: {exc}")

    def _request_failed(self, request: Request) -> None:
        if self._ours(request.url):
            self.items.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response: Response) -> None:
        if self._ours(response.url) and response.status >= 400:
            self.items.append(f"HTTP {response.status}: {response.url}")


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/events/",
        MODERN,
        f"{MODERN}rounds/",
        f"{MODERN}decklists/",
        "/players/{player}/",
        "/formats/mtg/modern/",
        "/rules/mtr/",
    ],
)
def test_page_loads_without_errors(page: Page, site_url: str, path: str) -> None:
    """Key pages load with no console or page errors and no failed requests to the site."""
    path = path.format(player=_sample_player()[0])
    problems = _Problems(page, site_url)
    response = page.goto(site_url + path, wait_until="load")
    assert response is not None
    assert response.status == 200, f"{path}: HTTP {response.status}"
    page.wait_for_load_state("networkidle")
    assert page.locator("article.md-content__inner h1").first.is_visible(), f"{path}: no page title"
    assert problems.items == [], f"{path}:\n" + "\n".join(problems.items)


@pytest.fixture(scope="module")
def first_game_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Wheel of Time event in its first game, one table reported, made with the CLI as a TO does."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    root = tmp_path_factory.mktemp("first-game")
    project = make_project(root, samples=False)
    event = str(root / "events" / "2026" / "wot.yaml")
    runner = CliRunner()
    steps = [
        ["new", "--name", "WoT Night", "--date", "2026-11-21", "--game", "wot", "--format", "sealed", "-o", event],
        *(["add-player", event, "--name", name] for name in ("Ana Lopes", "Ben Ito", "Cai Ruiz", "Dee Vos")),
        ["pair", event],
        ["report", event, "--table", "1", "hero", "--ended", "before-last-battle", "--by", "kill"],
    ]
    for args in steps:
        result = runner.invoke(main, ["--root", str(root), *args])
        assert result.exit_code == 0, result.output
    build_site(project, today=TODAY)
    with served(root / "build" / "site") as url:
        yield url


@pytest.mark.parametrize("path", ["/events/wot/", "/events/wot/rounds/"])
def test_a_wheel_of_time_event_in_its_first_game_has_no_empty_tables(
    page: Page, first_game_url: str, path: str
) -> None:
    """Before a game is complete there are no standings: no empty table, no empty set of tabs
    (Material's tabs script failed on one), and the page loads without errors."""
    problems = _Problems(page, first_game_url)
    page.set_viewport_size(PHONE)
    page.goto(first_game_url + path)
    page.wait_for_load_state("networkidle")
    assert problems.items == [], "\n".join(problems.items)
    assert page.locator(".tabbed-set").count() == 0
    for table in page.locator("article table.sk-table").all():
        assert table.locator("tbody tr").count() > 0, table.inner_html()[:200]
    if path.endswith("rounds/"):
        assert page.locator("table.sk-pairings tbody tr").count() == 2  # the game being played is there


def test_search_finds_a_player(page: Page, site_url: str) -> None:
    """Material's search, opened with its keyboard shortcut, lists the player's page."""
    player_id, name = _sample_player()
    problems = _Problems(page, site_url)
    page.goto(site_url + "/")
    page.keyboard.press("/")  # Material's search shortcut (also "s" and "f")
    expect(page.locator("#__search")).to_be_checked()  # the shortcut opened the search
    expect(page.locator("input.md-search__input")).to_be_focused()
    search_for(page, name)
    results = page.locator(".md-search-result__item a")
    # Waits for the player's page among the results (an assertion that retries, not a delay).
    expect(results.filter(has_text=name).first).to_be_visible()
    hrefs = results.evaluate_all("(links) => links.map((a) => new URL(a.href, location.href).href)")
    paths = [urlsplit(href).path for href in hrefs]
    assert f"/players/{player_id}/" in paths, f"searching {name!r} did not list the player: {paths}"
    assert problems.items == [], "\n".join(problems.items)


FOCUSED = (
    "() => { let a = document.activeElement;"
    " while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;"
    " return !!a && a !== document.body && a.matches('input'); }"
)
"""True once a search field (also inside a shadow root, as Zensical's) has the focus."""


def search_for(page: Page, text: str) -> None:
    """Types ``text`` into the focused search field as one edit, then releases a key.

    Keys typed while the engine's search script is still starting go nowhere, so this waits
    for the field's focus first. The text goes in at once (one ``input`` event; the ``End``
    key's ``keyup`` is what Material listens to), so the engine searches the whole text once
    and the results on the page never belong to a part of it.
    """
    page.wait_for_function(FOCUSED)
    page.keyboard.insert_text(text)
    page.keyboard.press("End")


QUIET = """() => new Promise(resolve => {
  let timer = setTimeout(done, 500);
  const seen = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 500); });
  const limit = setTimeout(done, 10000);
  function done() { seen.disconnect(); clearTimeout(limit); resolve(); }
  seen.observe(document.body, {childList: true, subtree: true, attributes: true, characterData: true});
})"""
"""Waits until the page's document has not changed for half a second (at most ten seconds)."""


SEARCH_INDEXES = ("/search/search_index.json", "/search.json")
"""Where mkdocs-material and Zensical keep the search index."""


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_searching_a_players_name_on_a_phone_lands_on_their_page(
    new_context: NewContext, request: pytest.FixtureRequest, engine: str
) -> None:
    """At 390x844: opening an event page downloads no search index; tapping the search icon
    and typing a player's name lists their page first, and tapping it opens the page."""
    base = request.getfixturevalue("site_url" if engine == "mkdocs" else "zensical_url")
    player_id, name = _sample_player()
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(30_000)  # the Zensical index loads slowly on a busy machine
    try:
        page = ctx.new_page()
        problems = _Problems(page, base)
        requested: list[str] = []
        page.on("request", lambda r: requested.append(urlsplit(r.url).path))
        page.goto(base + MODERN)
        page.wait_for_load_state("networkidle")
        assert not [p for p in requested if p in SEARCH_INDEXES], "the page downloaded the search index on opening"
        page.locator("label[for=__search]").first.tap()
        search_for(page, name)
        if engine == "mkdocs":
            first = page.locator(".md-search-result__link").first
            expect(first).to_contain_text(name)
        else:
            first = page.get_by_text(re.compile(r"^Player, \d+ events?")).first
            first.wait_for(state="visible")
        assert [p for p in requested if p in SEARCH_INDEXES], "the search index was not fetched when searching"
        # The engine lists the results again once its index is whole: a tap on a list being
        # replaced is lost (a busy machine showed it). The results are read once nothing loads
        # and the page has not changed for half a second.
        page.wait_for_load_state("networkidle")
        page.evaluate(QUIET)
        if engine == "mkdocs":
            expect(first).to_contain_text(name)
            assert f"/players/{player_id}/" in str(first.get_attribute("href"))
        first.tap()
        page.wait_for_url(re.compile(rf".*/players/{re.escape(player_id)}/(\?.*)?$"))
        assert page.locator("article h1").first.inner_text().strip().rstrip("¶").strip() == name
        assert problems.items == [], "\n".join(problems.items)
    finally:
        ctx.close()


def test_an_event_of_an_older_year_is_found_through_its_years_index(new_context: NewContext, archive_url: str) -> None:
    """The main index offers "Events of 2019"; that entry opens the search on the 2019 index."""
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, archive_url)
        requested: list[str] = []
        page.on("request", lambda r: requested.append(urlsplit(r.url).path))
        page.goto(archive_url + "/")
        page.locator("label[for=__search]").first.tap()
        search_for(page, "Vintage Modern Night")
        # The whole query was searched once: the count replaces "Type to start searching".
        expect(page.locator(".md-search-result__meta")).to_contain_text("matching")
        titles = page.locator(".md-search-result__link h1").all_inner_texts()
        assert "Vintage Modern Night 2019" not in titles  # not in the main index
        query = page.locator("input.md-search__input")
        query.fill("")
        search_for(page, "2019")
        year = page.locator(".md-search-result__link", has_text="Events of 2019").first
        year.tap()
        page.wait_for_url(re.compile(r".*[?&]sk-year=2019.*"))
        query.tap()
        search_for(page, "Vintage Modern Night")
        first = page.locator(".md-search-result__link").first
        expect(first).to_contain_text("Vintage Modern Night 2019")
        assert "/search/years/2019.json" in requested
        first.tap()
        page.wait_for_url(re.compile(r".*/events/2019-03-06-vintage-modern-night/.*"))
        assert problems.items == [], "\n".join(problems.items)
    finally:
        ctx.close()


def test_an_earlier_year_of_the_events_index_is_a_page_of_its_own(new_context: NewContext, archive_url: str) -> None:
    """The events index lists this year's events and leads to a page per earlier year: on a
    phone, "2019" opens that year's page, which lists its event and fits the screen."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, archive_url)
        page.goto(archive_url + "/events/")
        assert "Vintage Modern Night 2019" not in page.locator("article").inner_text()
        page.locator(".sk-event-years a", has_text="2019").tap()
        page.wait_for_url(re.compile(r".*/events/2019/$"))
        expect(page.locator("article h1").first).to_contain_text("Events of 2019")
        event = page.locator(".sk-event-list a", has_text="Vintage Modern Night 2019")
        expect(event).to_have_count(1)
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll <= min(inner, PHONE["width"]) + 1
        event.tap()
        page.wait_for_url(re.compile(r".*/events/2019-03-06-vintage-modern-night/$"))
        assert problems.items == [], "\n".join(problems.items)
    finally:
        ctx.close()


def test_long_names_and_their_marks_keep_the_standings_on_a_phones_screen(
    new_context: NewContext, long_names_url: str
) -> None:
    """A name and its mark (Champion, Top 8) wrap in their cell: the points and the record stay
    on screen, and no table scrolls sideways."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{long_names_url}/events/{LONG_NAMES}/")
    assert "Unbreakable_Long_Nickname" in page.locator("table.sk-standings tbody tr").first.inner_text()
    widths = page.evaluate(
        "() => [...document.querySelectorAll('article table.sk-table')].filter(t => t.offsetParent)"
        ".map(t => [t.className, t.scrollWidth, t.parentElement.clientWidth])"
    )
    assert widths and all(w <= box + 0.5 for _, w, box in widths), widths
    record = page.locator("table.sk-standings tbody tr").first.locator("td:nth-child(4)").bounding_box()
    assert record is not None and record["x"] + record["width"] <= PHONE["width"]
    page.context.close()


def test_bracket_renders_on_a_phone(new_context: NewContext, site_url: str) -> None:
    """The top-8 bracket: three round columns, seven matches, the champion reachable on a phone."""
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        page.goto(site_url + MODERN)
        bracket = page.locator(".sk-bracket")
        assert bracket.is_visible()
        rounds = bracket.locator(".sk-bracket-round")
        assert rounds.count() == 3
        titles = [t.strip() for t in rounds.locator("h4").all_inner_texts()]
        assert titles == ["Quarterfinals", "Semifinals", "Final"]
        assert bracket.locator(".sk-bracket-match").count() == 7
        assert [rounds.nth(i).locator(".sk-bracket-match").count() for i in range(3)] == [4, 2, 1]
        champion = rounds.nth(2).locator(".sk-bracket-side.sk-won")
        assert champion.count() == 1
        champion.scroll_into_view_if_needed()
        box = champion.bounding_box()
        assert box is not None
        assert box["width"] > 0
        assert box["height"] > 0
        assert box["x"] >= -1, f"the champion row cannot be scrolled into view on a phone: {box}"
        assert box["x"] + box["width"] <= PHONE["width"] + 1, f"the champion row is cut off: {box}"
        assert champion.locator(".sk-bracket-name").inner_text().strip()
    finally:
        ctx.close()


def _modern_decks() -> dict[str, str]:
    """Each Modern sample player's decklist as decklist text (what "Copy as text" must give)."""
    from ingest.checks.event_files import load_event
    from ingest.decks.event_decks import event_decks
    from ingest.decks.format_files import format_registry
    from ingest.site.addresses import slug_id
    from ingest.source.project import Project

    project = Project(ROOT)
    loaded = load_event(MODERN_FILE, project)
    assert loaded.event is not None
    decks = event_decks(loaded.event, loaded.deck_files, format_registry(project)[0], None)
    return {f"deck-{slug_id(pid)}": info.decklist.to_text() for pid, info in decks.items()}


def test_copy_decklist(context: BrowserContext, page: Page, site_url: str) -> None:
    """ "Copy as text" puts the shown list (card lines, then the sideboard) on the clipboard:
    the decklist text, read from the list on the page (there is no hidden copy)."""
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page.goto(f"{site_url}{MODERN}decklists/")
    assert page.locator("pre.sk-decktext, .md-content [hidden]").count() == 0
    expect(page.locator(".sk-decklists[data-drawn=true]")).to_have_count(1)  # the lines, from their document
    deck = page.locator("article.sk-deck").first
    expected = _modern_decks()[deck.get_attribute("id") or ""]
    button = deck.locator("button.sk-copy")
    button.click()
    page.wait_for_function("(b) => b.getAttribute('data-copied') === 'true'", arg=button.element_handle())
    read = page.evaluate(
        "navigator.clipboard ? navigator.clipboard.readText()"
        ".then((t) => [true, t], (e) => [false, String(e)])"
        " : [false, 'no clipboard API']"
    )
    if not read[0]:  # no clipboard (some headless setups): the copied text is what the fallback selected
        pytest.skip(f"no clipboard to read back: {read[1]}")
    copied = read[1]
    assert copied == expected
    lines = copied.splitlines()
    # The text is MTG Arena's import form: an optional "Deck" header, card lines, "Sideboard".
    first = lines[1] if lines and lines[0] == "Deck" else (lines[0] if lines else "")
    assert re.fullmatch(r"[1-9][0-9]* \S.*", first), f"no card line first: {copied[:60]!r}"
    assert "Sideboard" in lines
    shown = [" ".join(li.split()) for li in deck.locator(".sk-deck-sections li").all_inner_texts()]
    cards = [line for line in lines if line and line not in {"Deck", "Sideboard"}]
    assert cards == shown, "the copied list differs from the list shown on the page"


_DRAWN_DECKS = """() => Object.fromEntries(Array.from(document.querySelectorAll("article.sk-deck")).map(a =>
  [a.id, Array.from(a.querySelectorAll(".sk-deck-sections li")).map(li => li.textContent.trim())]))"""


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
@pytest.mark.parametrize("slug", ["2026-11-13-friday-night-modern", "2026-10-24-transformers-constructed"])
def test_the_decklists_are_drawn_from_their_one_document_on_a_phone(
    new_context: NewContext, request: pytest.FixtureRequest, engine: str, slug: str
) -> None:
    """Issue 38 point 4: the decklists page holds no card line; on a phone (390x844) the
    script draws every deck's lines from the event's one decklists document (the Magic
    event's MTGODecklistCache copy, the Transformers event's API document, with each line's
    stars and kind), each as the decklist text has it; a link to a deck's anchor shows that
    deck once its lines are drawn; nothing is wider than the screen. A screenshot is kept."""
    from ingest.checks.event_files import load_event
    from ingest.decks.event_decks import event_decks
    from ingest.decks.format_files import format_registry
    from ingest.site.addresses import slug_id
    from ingest.source.project import Project

    base = request.getfixturevalue("site_url" if engine == "mkdocs" else "zensical_url")
    loaded = load_event(next((ROOT / "events").rglob(f"{slug}.yaml")), Project(ROOT))
    assert loaded.event is not None
    decks = event_decks(loaded.event, loaded.deck_files, format_registry(Project(ROOT))[0], None)
    expected = {
        f"deck-{slug_id(pid)}": [line for line in info.decklist.to_text().splitlines() if line[:1].isdigit()]
        for pid, info in decks.items()
    }
    url = f"{base}/events/{slug}/decklists/"
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        served_html = page.request.get(url).text()
        # The page holds no card line; a Magic deck with nothing more to say not even its frame.
        assert not re.search(r"<li>\d+ ", served_html)
        assert ('class="sk-deck"' in served_html) is ("transformers" in slug)
        problems = _Problems(page, base)
        requested: list[str] = []
        page.on("request", lambda r: requested.append(urlsplit(r.url).path))
        last = list(expected)[-1]
        page.goto(f"{url}#{last}")
        expect(page.locator(".sk-decklists[data-drawn=true]")).to_have_count(1)
        assert page.evaluate(_DRAWN_DECKS) == expected
        # "Copy as text" comes with the lines it copies: one per deck.
        assert page.locator("article.sk-deck button.sk-copy").count() == len(expected)
        # The Magic event's frames come from its API document, the cards from its copy.
        documents = ["json", "mtgo.json"] if "modern" in slug else ["json"]
        assert [p for p in requested if p.startswith("/api/")] == [f"/api/events/{slug}.{d}" for d in documents]
        if "transformers" in slug:
            assert any("[stars: " in line for lines in expected.values() for line in lines)
        box = page.locator(f"#{last}").bounding_box()
        assert box is not None and 0 <= box["y"] < PHONE["height"], f"the deck linked to is off screen: {box}"
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll <= min(inner, PHONE["width"]) + 1, f"{scroll} px wide on a {inner} px phone"
        assert page.locator(".sk-decks-failed").is_hidden()
        if engine == "mkdocs":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / f"decklists-{slug}-phone.png"), full_page=False)
        assert problems.items == [], "\n".join(problems.items)
    finally:
        ctx.close()


def test_without_script_the_decklists_page_says_where_the_cards_are(new_context: NewContext, site_url: str) -> None:
    """Without script no deck can be drawn (a Magic deck with nothing more to say than its
    documents is drawn whole, issue 38 point 4: the event page's standings still name each
    player's deck): the page links to the document that holds the cards, and offers no copy
    button."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}{MODERN}decklists/")
        assert page.locator("article.sk-deck").count() == 0
        assert page.locator("button.sk-copy").count() == 0
        link = page.locator("noscript a, .md-content a", has_text="decklists document").first
        assert link.get_attribute("href") == "../../../api/events/2026-11-13-friday-night-modern.mtgo.json"
        assert "The cards are shown with JavaScript." in page.locator("article.md-content__inner").inner_text()
    finally:
        ctx.close()


_DRAWN_HISTORY = """() => Array.from(document.querySelectorAll("table.sk-history tbody tr")).map(tr =>
  [Array.from(tr.cells).map(c => c.textContent), tr.querySelector("a").getAttribute("href")])"""


@pytest.mark.parametrize("player", ["zoe-quist", "zoe-hartmann"])
def test_a_players_results_are_drawn_from_their_api_document_on_a_phone(
    new_context: NewContext, site_url: str, tmp_path: Path, player: str
) -> None:
    """Issue 38 point 4: a player page holds no results row; the script draws them, newest
    first, from ``api/players/<id>.json`` as the server wrote them (the event linked, its
    format, place and field, record, deck; a team event's team and seat), which
    :func:`tests.site_helpers.with_history` does the same way."""
    from tests.site_helpers import with_history

    url = f"{site_url}/players/{player}/"
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, site_url)
        served_html = page.request.get(url).text()
        assert re.search(r"<tbody></tbody></table>", served_html)  # no row of its own
        doc = page.request.get(f"{site_url}/api/players/{player}.json").json()
        (tmp_path / "api" / "players").mkdir(parents=True)
        (tmp_path / "api" / "players" / f"{player}.json").write_text(json.dumps(doc), encoding="utf-8")
        want = tables(with_history(served_html, tmp_path), "sk-history")[0][1:]
        links = re.findall(
            r'<tr><td class="sk-date">[^<]*</td><td><a href="([^"]+)"', with_history(served_html, tmp_path)
        )
        assert len(want) == len(doc["events"]) >= 1
        page.goto(url)
        expect(page.locator("table.sk-history[data-drawn=true]")).to_have_count(1)
        drawn = page.evaluate(_DRAWN_HISTORY)
        assert [[" ".join(c.split()) for c in cells] for cells, _ in drawn] == [
            [" ".join(c.split()) for c in row] for row in want
        ]
        assert [href for _, href in drawn] == [html.unescape(h) for h in links]
        if player == "zoe-hartmann":
            assert any("(team " in cells[1] and "teams/#" in href for cells, href in drawn)
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll <= min(inner, PHONE["width"]) + 1
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"player-{player}-phone.png"), full_page=True)
        assert problems.items == [], "\n".join(problems.items)
    finally:
        ctx.close()


_DRAWN_H2H = """() => Array.from(document.querySelectorAll("table.sk-h2h tbody tr")).map(tr =>
  [Array.from(tr.cells).map(c => c.textContent), tr.querySelector("a").getAttribute("href"),
   tr.querySelectorAll("b").length])"""


def test_a_players_head_to_head_is_drawn_from_their_document_on_a_phone(new_context: NewContext, site_url: str) -> None:
    """Issue 38 point 4: the head-to-head table is no longer rows of the page (each row grew
    the page with every event played) but the player document's ``opponents``, drawn by the
    page's script at 390x844: each opponent linked to their page with the matches won, lost
    and drawn, in the document's order. A hostile name is drawn as text."""
    player = "zoe-quist"
    url = f"{site_url}/players/{player}/"
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        problems = _Problems(page, site_url)
        served_html = page.request.get(url).text()
        assert re.search(r'<table class="sk-table sk-h2h" data-h2h="../">.*?<tbody></tbody>', served_html)
        doc = page.request.get(f"{site_url}/api/players/{player}.json").json()
        assert len(doc["opponents"]) >= 2
        page.goto(url)
        expect(page.locator("table.sk-h2h[data-drawn=true]")).to_have_count(1)
        drawn = page.evaluate(_DRAWN_H2H)
        assert [(cells, href) for cells, href, _ in drawn] == [
            ([name, str(w), str(lost), str(d)], f"../{oid}/") for oid, name, w, lost, d in doc["opponents"]
        ]
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert scroll <= min(inner, PHONE["width"]) + 1
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("table.sk-h2h").screenshot(path=str(SCREENSHOTS / f"player-{player}-h2h-phone.png"))
        assert problems.items == [], "\n".join(problems.items)

        hostile = '<b>x</b> \' & "y"'
        doc["opponents"][0][1] = hostile
        doc["events"][0][1] = hostile  # the event's name
        doc["events"][0][10] = hostile  # its archetype
        doc["formats"][doc["events"][0][3]][2] = hostile  # its format's name
        page.route(f"**/api/players/{player}.json", lambda route: route.fulfill(json=doc))
        page.goto(url)
        expect(page.locator("table.sk-h2h[data-drawn=true]")).to_have_count(1)
        drawn = page.evaluate(_DRAWN_H2H)
        assert drawn[0][0][0] == hostile and drawn[0][2] == 0  # the name as text, no <b> made
        history = page.locator("table.sk-history tbody tr a", has_text="<b>x</b>")
        expect(history).to_have_count(1)
        assert page.locator("table.sk-history tbody b").count() == 0
        first = page.evaluate(_DRAWN_HISTORY)[-1][0]  # the oldest event, drawn last
        assert first[1].startswith(hostile + " ") and first[1].endswith(" · " + hostile) and first[4] == hostile
    finally:
        ctx.close()


@pytest.mark.parametrize(("scheme", "dark"), [("light", False), ("dark", True)])
def test_a_phone_gets_the_light_or_dark_site_its_settings_ask_for(
    new_context: NewContext, site_url: str, scheme: Any, dark: bool
) -> None:
    """The site follows the phone's light or dark setting by its stylesheet alone (the
    palette's scheme "auto": assets/scorekeeper.css), with no toggle, no palette form and no
    script on the page: the form and its script weighed 1.4 KB on every page."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}{MODERN}")
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "auto")
        assert page.locator("form[data-md-component=palette]").count() == 0
        assert "__palette" not in page.content()
        colours = page.evaluate(
            "() => { const s = getComputedStyle(document.body);"
            " return [s.backgroundColor, s.colorScheme, getComputedStyle(document.querySelector('h1')).color]; }"
        )
        background = [int(v) for v in colours[0][colours[0].index("(") + 1 : colours[0].index(")")].split(",")[:3]]
        assert (sum(background) < 3 * 64) is dark, colours  # a dark page in the dark, a light one in the light
        assert colours[1] == ("dark" if dark else "light")
    finally:
        ctx.close()


def test_find_my_table(page: Page, site_url: str) -> None:
    """Typing part of a name on the rounds page leaves only that player's tables visible."""
    page.goto(f"{site_url}{MODERN}rounds/")
    expect(page.locator("script.sk-rounds-data[data-drawn=true]")).to_have_count(1)
    _, name = _sample_player()
    part = name.split()[0][:4].lower()
    rows = page.locator(".sk-pairings tbody tr")
    total = rows.count()
    assert total > 0
    page.locator("#sk-find-input").fill(part)
    states = rows.evaluate_all(
        "(rows) => rows.map((r) => [r.textContent.toLowerCase(),"
        " r.classList.contains('sk-hidden'), r.getBoundingClientRect().height > 0])"
    )
    shown = [text for text, hidden, _ in states if not hidden]
    assert shown, f"no row matches {part!r}"
    assert len(shown) < total
    for text, hidden, visible in states:
        assert hidden == (part not in text), text
        assert visible == (not hidden), text
    page.locator("#sk-find-input").fill("")
    assert page.locator(".sk-pairings tr.sk-hidden").count() == 0


def test_tapping_a_standings_row_shows_its_opponents(page: Page, site_url: str) -> None:
    """The final standings show each opponent's MW% and GW% under a row the reader taps, and
    hide them on a second tap; the player's name still leads to their page."""
    from ingest.checks.event_files import load_event
    from ingest.rules.final_standings import final_standings
    from ingest.source.project import Project

    event = load_event(MODERN_FILE, Project(ROOT)).event
    assert event is not None
    names = {p.id: p.name for p in event.players}
    table = final_standings(event)
    page.goto(f"{site_url}{MODERN}")
    row = page.locator(".sk-standings tbody tr[data-o]").first
    row.locator("td").nth(2).click()
    detail = page.locator(".sk-standings tr.sk-detail")
    assert detail.count() == 1 and detail.is_visible()
    shown = detail.locator(".sk-opponents tr td:first-child").all_inner_texts()
    assert shown == [names[o] for o in table.rows[0].record.opponents]
    assert detail.locator(".sk-opponents th").all_inner_texts() == ["Opponent", "MW%", "GW%"]
    # Each opponent's figures are read from the opponent's own row (data-p): the script shows
    # what tests.site_helpers.opponent_details reads from the served page.
    cells = detail.locator(".sk-opponents tr:has(td)").evaluate_all(
        "(rows) => rows.map((r) => Array.from(r.cells).map((c) => c.textContent))"
    )
    served = opponent_details(page.request.get(f"{site_url}{MODERN}").text())
    assert cells == served[table.rows[0].player] and all(len(c) == 3 and "?" not in c for c in cells)
    row.locator("td").nth(2).click()
    assert page.locator(".sk-standings tr.sk-detail").count() == 0
    assert (row.locator("a").get_attribute("href") or "").endswith(f"players/{table.rows[0].player}/")


def test_on_a_phone_the_tiebreakers_move_into_the_tapped_row(new_context: NewContext, site_url: str) -> None:
    """At 390 px the tiebreaker columns are hidden and the page is no wider than the screen;
    a tapped row's detail starts with them ("OMW% ... · GW% ... · OGW% ...")."""
    context = new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{site_url}{MODERN}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not page.locator(".sk-standings thead th.sk-tb").first.is_visible()
    page.locator(".sk-standings tbody tr[data-o]").first.locator("td").nth(2).click()
    line = page.locator(".sk-standings tr.sk-detail .sk-tb-line")
    assert line.is_visible()
    assert line.inner_text().startswith("OMW% ") and " · GW% " in line.inner_text()
    context.close()


_DRAWN_ROWS = """() => Array.from(document.querySelectorAll("tbody[data-standings]")).map(body =>
  Array.from(body.rows).map(row => ({
    cells: Array.from(row.cells).map(c => {
      const copy = c.cloneNode(true);
      copy.querySelectorAll(".sk-more").forEach(b => b.remove());
      return copy.textContent.trim();
    }),
    dropped: row.classList.contains("sk-dropped"),
    link: row.querySelector("a") ? row.querySelector("a").href : "",
    tied: Array.from(row.querySelectorAll(".sk-tie")).map(t => t.title),
  })))"""


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_standings_after_each_round_are_drawn_from_the_pages_data(
    new_context: NewContext, request: pytest.FixtureRequest, engine: str
) -> None:
    """The rounds page carries the standings after each round as data: the script draws every
    tab's rows as the server writes a standings table (ranks and ties, the name leading to
    the player's page, a dropped player marked, the tiebreakers), and on a phone a tapped
    row shows the tiebreakers the phone folds away. Under either engine."""
    base = request.getfixturevalue("site_url" if engine == "mkdocs" else "zensical_url")
    context = new_context(viewport=PHONE)
    page = context.new_page()
    url = f"{base}{MODERN}rounds/"
    expected = round_standings(page.request.get(url).text(), document=page.request.get(_document(base, MODERN)).json())
    page.goto(url)
    expect(page.locator("script.sk-rounds-data[data-drawn=true]")).to_have_count(1)
    drawn = page.evaluate(_DRAWN_ROWS)
    assert len(drawn) == len(expected) == 5
    for rows, want in zip(drawn, expected, strict=True):
        assert [r["cells"] for r in rows] == [w.cells for w in want]
        assert [r["dropped"] for r in rows] == [w.dropped for w in want]
        assert [r["link"] for r in rows] == [urljoin(url, w.link) for w in want]
        assert all(r["tied"] == (["tied"] if w.cells[0].endswith("=") else []) for r, w in zip(rows, want, strict=True))
    assert any(w.dropped for want in expected for w in want)
    assert all(w.link.endswith("/") and "/players/" in w.link for want in expected for w in want)
    page.locator('label[for="__tabbed_standings_1"]').click()
    first = page.locator('tbody[data-standings="0"] tr').first
    first.locator("td").nth(2).click()
    line = page.locator('tbody[data-standings="0"] tr.sk-detail .sk-tb-line')
    assert line.is_visible() and line.inner_text().startswith("OMW% ")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def _document(base: str, event: str) -> str:
    """The address of the API document of the event whose page is at ``event`` (``/events/<slug>/``)."""
    return f"{base}/api/events/{event.strip('/').split('/')[-1]}.json"


_DRAWN_PAIRINGS = """() => Array.from(document.querySelectorAll("table.sk-pairings")).map(table =>
  Array.from(table.tBodies[0].rows).map(row => ({
    cells: Array.from(row.cells).map(c => c.textContent.trim()),
    won: Array.from(row.cells).map(c => c.classList.contains("sk-won")),
    links: Array.from(row.querySelectorAll("a")).map(a => a.href),
    note: row.classList.contains("sk-note"),
  })))"""


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_pairings_are_drawn_from_the_pages_data_on_a_phone(
    new_context: NewContext, request: pytest.FixtureRequest, engine: str
) -> None:
    """Issue 38 point 4: the rounds page holds no pairings row of a finished round; the script
    draws them, from the event's API document (an individual event's) or the page's data (a
    team event's), as the server wrote them (:func:`tests.site_helpers.with_pairings` does
    the same): tables, both sides leading to their pages, the winner bold, byes, a team
    match's seats under its row. The round being played is on the page as rows ("playing"
    for a match in progress), for the players at the venue. A slip's QR code
    (``#round-3``) still shows its round's heading, find my table still finds a player, and
    nothing is wider than the phone. A screenshot is kept."""
    from tests.site_helpers import with_pairings

    base = request.getfixturevalue("site_url" if engine == "mkdocs" else "zensical_url")
    ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        for event, anchor in (
            (PIONEER, "round-3"),
            (MODERN, "round-4"),
            ("/events/2026-10-10-team-unified-standard/", ""),
        ):
            url = f"{base}{event}rounds/"
            page = ctx.new_page()
            problems = _Problems(page, base)
            served_html = page.request.get(url).text()
            assert '<tbody data-pairings="0"></tbody>' in served_html
            # Only the round being played is written as rows, for the players at the venue.
            written = re.findall(
                r"<table class=\"sk-table sk-pairings\"[^>]*>\n<thead>.*?</thead>\n<tbody>", served_html
            )
            assert len(written) == (1 if event == PIONEER else 0)
            document = page.request.get(_document(base, event)).json() if "team" not in event else None
            filled = with_pairings(served_html, document=document)
            want = tables(filled, "sk-pairings")
            page.goto(url + (f"#{anchor}" if anchor else ""))
            expect(page.locator("script.sk-rounds-data[data-drawn=true]")).to_have_count(1)
            drawn = page.evaluate(_DRAWN_PAIRINGS)
            assert [[r["cells"] for r in rows] for rows in drawn] == [rows[1:] for rows in want]
            want_won = re.findall(
                r"<tr><td>[^<]*</td><td( class=\"sk-won\")?>.*?</td><td>.*?</td><td( class=\"sk-won\")?>", filled
            )
            assert [r["won"][1::2] for rows in drawn for r in rows if not r["note"]] == [
                [bool(a), bool(b)] for a, b in want_won
            ]
            bodies = re.findall(r'<table class="sk-table sk-pairings".*?</table>', filled, re.DOTALL)
            want_links = [urljoin(url, html.unescape(h)) for b in bodies for h in re.findall(r'href="([^"]+)"', b)]
            assert [link for rows in drawn for r in rows for link in r["links"]] == want_links
            assert all(r["note"] or r["links"] for rows in drawn for r in rows)
            cells = [c for rows in drawn for r in rows for c in r["cells"]]
            if event == PIONEER:
                assert "playing" in cells  # the round in progress
                top = page.evaluate(f"document.getElementById('{anchor}').getBoundingClientRect().top")
                assert 0 <= top < PHONE["height"], top  # the QR code's round is in view
            if event == MODERN:
                assert "bye" in cells
            if event.startswith("/events/2026-10-10"):
                assert any(r["note"] for rows in drawn for r in rows)
            scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert scroll <= min(inner, PHONE["width"]) + 1
            if engine == "mkdocs" and event == PIONEER:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / "rounds-pioneer-phone.png"), full_page=False)
            name = drawn[0][0]["cells"][1]
            page.locator("#sk-find-input").fill(name.lower())
            visible = page.locator(".sk-pairings tbody tr:not(.sk-hidden):not(.sk-note)")
            assert visible.count() >= 1
            assert all(name.lower() in t.lower() for t in visible.all_text_contents())
            assert problems.items == [], "\n".join(problems.items)
            page.close()
    finally:
        ctx.close()


def test_without_script_the_rounds_page_says_where_the_pairings_are(new_context: NewContext, site_url: str) -> None:
    """Without script no pairings row can be drawn: the page says so and links to the
    event's API document, which holds every round as played."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}{MODERN}rounds/")
        text = page.locator("article.md-content__inner").inner_text()
        assert "The pairings and standings are drawn by the page's script" in text
        link = page.locator("noscript a, .md-content a", has_text="results document").first
        assert link.get_attribute("href") == "../../../api/events/2026-11-13-friday-night-modern.json"
    finally:
        ctx.close()


def test_a_rounds_page_whose_data_cannot_be_read_says_so(new_context: NewContext, site_url: str) -> None:
    """A page whose data block is cut short (a connection that dropped) shows a sentence in
    each table instead of empty tables."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        url = f"{site_url}{MODERN}rounds/"

        def cut(route: Route) -> None:
            body = route.fetch().text()
            route.fulfill(
                body=body.replace('class="sk-rounds-data">{', 'class="sk-rounds-data">{"', 1), content_type="text/html"
            )

        page.route(url, cut)
        page.goto(url)
        expect(page.locator("script.sk-rounds-data[data-drawn=true]")).to_have_count(1)
        sentences = page.locator("table.sk-pairings td.sk-failed")
        assert sentences.count() == page.locator("table.sk-pairings").count() > 0
        assert sentences.first.inner_text() == "This table could not be drawn: reload the page to see it."
        assert page.locator("tbody[data-standings] td.sk-failed").count() == 5
    finally:
        ctx.close()


@pytest.mark.parametrize(
    ("path", "document", "sentence", "link"),
    [
        ("/players/zoe-quist/", "/api/players/zoe-quist.json", "The results could not be loaded.", "results document"),
        (f"{MODERN}decklists/", ".mtgo.json", "The cards could not be loaded.", "decklists document"),
    ],
)
def test_a_page_whose_document_fails_to_load_says_so(
    new_context: NewContext, site_url: str, path: str, document: str, sentence: str, link: str
) -> None:
    """Issue 38 point 4: when the document a page draws its rows from does not load (here a
    404), the page says so in a sentence and links to the document, instead of an empty table."""
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.route(f"**/*{document}", lambda route: route.fulfill(status=404, body="not found"))
        page.goto(f"{site_url}{path}")
        failed = page.locator(".sk-history-failed, .sk-decks-failed")
        expect(failed).to_be_visible()
        assert failed.inner_text().startswith(sentence)
        href = failed.locator("a", has_text=link).get_attribute("href", timeout=1000)
        assert href is not None and href.endswith(document.lstrip("/"))
    finally:
        ctx.close()


def test_a_season_table_row_is_one_line_on_a_phone(new_context: NewContext, site_url: str) -> None:
    """The expandable name of a season table is text with a marker, not a boxed admonition."""
    context = new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{site_url}/seasons/player-of-the-year-2026/")
    row = page.locator("table tbody tr").first
    box = row.bounding_box()
    assert box is not None and box["height"] < 50, box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


@pytest.mark.parametrize("path", ["/", "/formats/mtg/standard/"])
def test_the_dates_leading_a_table_stay_on_one_line_on_a_phone(
    new_context: NewContext, site_url: str, path: str
) -> None:
    """Recent results on the home page, a format's changes: ``2026-11-13`` is not broken at its hyphens."""
    context = new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(site_url + path)
    lines = page.evaluate(
        "() => [...document.querySelectorAll('table.sk-dated tbody td:first-child')].map(td => {"
        " const r = document.createRange(); r.selectNodeContents(td);"
        " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; })"
    )
    assert lines and all(n == 1 for n in lines), lines
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def test_find_a_team_members_table_and_a_player_in_the_list(page: Page, site_url: str) -> None:
    """A team member named only in the note under a team's row finds that table; the players
    index keeps the players whose name has the query."""
    page.goto(f"{site_url}/events/2026-10-10-team-unified-standard/rounds/")
    note = page.locator(".sk-pairings tr.sk-note").first
    member = (note.text_content() or "").split(" ")[0:2]
    page.locator("#sk-find-input").fill(" ".join(member).lower())
    assert note.is_visible()
    main = note.locator("xpath=preceding-sibling::tr[1]")
    assert main.is_visible() and "sk-match-hit" in (main.get_attribute("class") or "")
    page.goto(f"{site_url}/players/")
    items = page.locator(".sk-player-list li")
    names = items.locator("a").all_inner_texts()
    part = names[0].split()[-1][:4].lower()
    page.locator("#sk-find-player").fill(part)
    visible = [items.nth(i).is_visible() for i in range(len(names))]
    shown = [n for n, v in zip(names, visible, strict=True) if v]
    assert shown == [n for n in names if part in n.lower()]


def test_printing_the_round_in_play_prints_only_its_sheet_and_slips(new_context: NewContext, site_url: str) -> None:
    """The event page's "Print round 3" opens the rounds page at #print-round: on a phone the
    sheet is shown; in print, only the wall sheet and the slips remain (no header, no pairings
    tabs, no search). Opened without the anchor, the page prints its pairings and not the sheet."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        page.goto(site_url + PIONEER)
        page.locator('a[href="rounds/#print-round"]').click()
        page.wait_for_url(re.compile(r".*/rounds/#print-round$"))  # the new page, not the one left
        page.wait_for_load_state("networkidle")
        section = page.locator("#print-round")
        assert section.is_visible()
        assert section.locator(".sk-wall tbody tr").count() == 12
        page.screenshot(path=str(SCREENSHOTS / "print-round-phone.png"), full_page=True)
        page.emulate_media(media="print")
        assert section.is_visible()
        assert section.locator(".slip").count() == 6
        assert not page.locator(".md-header").is_visible()
        assert not page.locator(".sk-pairings").first.is_visible()
        assert not page.locator(".sk-print-hint").is_visible()
        page.emulate_media(media="screen")
        page.goto(site_url + PIONEER + "rounds/")
        page.emulate_media(media="print")
        assert not page.locator("#print-round").is_visible()
        assert page.locator(".sk-pairings").first.is_visible()
    finally:
        ctx.close()


def test_events_filter(page: Page, site_url: str) -> None:
    """Choosing a game on the events index hides the events of every other game."""
    page.goto(site_url + "/events/")
    items = page.locator("li[data-game]")
    games = sorted(set(items.evaluate_all("(li) => li.map((e) => e.getAttribute('data-game'))")))
    assert len(games) > 1, games
    game = "mtg" if "mtg" in games else games[0]
    page.locator("#sk-filter-game").select_option(game)
    states = items.evaluate_all(
        "(li) => li.map((e) => [e.getAttribute('data-game'),"
        " e.classList.contains('sk-hidden'), e.getBoundingClientRect().height > 0])"
    )
    assert any(g == game and not hidden for g, hidden, _ in states)
    for g, hidden, visible in states:
        assert hidden == (g != game), g
        assert visible == (g == game), g
    page.locator("#sk-filter-game").select_option("")
    assert page.locator("li[data-game].sk-hidden").count() == 0


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)], ids=["phone", "desktop"])
def test_screenshots(new_context: NewContext, site_url: str, size: str, viewport: ViewportSize) -> None:
    """Full-page screenshots of key pages; on a phone no page is wider than the screen."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone = size == "phone"
    ctx = new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        for label, path in (("home", "/"), ("event", MODERN), ("rounds", f"{MODERN}rounds/")):
            page.goto(site_url + path)
            page.wait_for_load_state("networkidle")
            target = SCREENSHOTS / f"{label}-{size}.png"
            target.unlink(missing_ok=True)
            page.screenshot(path=str(target), full_page=True)
            assert target.is_file(), target
            assert target.stat().st_size > 0, target
            if phone:
                # A mobile browser widens innerWidth to fit overflowing content, so the
                # screen's own width bounds it too.
                scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
                limit = min(inner, viewport["width"]) + 1
                assert scroll <= limit, f"{path} is {scroll} px wide on a {inner} px phone"
    finally:
        ctx.close()
