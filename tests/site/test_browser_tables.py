"""Issue 37's per-event tidy tables, made on the reader's phone from the event's API document.

Each fact is published once (issue 38): the build no longer writes ``matches.csv`` and
``standings.csv`` beside an event's API document; the event page's links make them from the
document (``scorekeeper.js``, ``analystsTables``). They must be the very files the build
wrote before, which are ``scorekeeper export --csv``'s rows of the event without the columns
that name it (:func:`ingest.site.api_tables.csv_text`): checked here byte for byte for every
sample event (Swiss and playoff, byes, a double loss, intentional draws, match results only,
a team event seat by seat, Wheel of Time without rows), with a player who chose not to be
named and a name that CSV must quote.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner
from playwright.sync_api import expect

from ingest.analytics.tables import EVENT_COLUMNS, MATCH_COLUMNS, STANDINGS_COLUMNS
from ingest.cli.main import main
from ingest.publish.run import build_site
from ingest.site.api_tables import csv_text
from tests.site.test_browser import served
from tests.site_helpers import PHONE, TODAY, make_project

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

QUOTED = 'Zoe "Z, the Quick" Quist'
"""A name with a comma and quotes, which the CSV must quote as Python's csv module does."""


@pytest.fixture(scope="module")
def tables_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, list[str]]]:
    """The sample site with Kenji Quist hidden and Zoe Quist's name quoted, served; the
    folder ``scorekeeper export --csv`` wrote its tables to; the events' slugs."""
    root = tmp_path_factory.mktemp("tables-site")
    project = make_project(root)
    players = root / "players.yaml"
    text = players.read_text(encoding="utf-8")
    for old, new in (
        ("{id: kenji-quist, name: Kenji Quist}", "{id: kenji-quist, name: Kenji Quist, display: hidden}"),
        ("{id: zoe-quist, name: Zoe Quist}", "{id: zoe-quist, name: 'Zoe \"Z, the Quick\" Quist'}"),
    ):
        assert old in text
        text = text.replace(old, new)
    players.write_text(text, encoding="utf-8")
    build_site(project, today=TODAY)
    exported = root / "exported"
    result = CliRunner().invoke(main, ["--root", str(root), "export", "--csv", str(exported)])
    assert result.exit_code == 0, result.output
    slugs = sorted(p.stem for p in (root / "events").rglob("*.yaml"))
    with served(root / "build" / "site") as url:
        yield url, exported, slugs


def _per_event(path: Path, columns: tuple[str, ...]) -> dict[str, str]:
    """An exported table split by event: each event's rows as the file its page makes (the
    columns that name the event left out), every event with no row a header alone."""
    header, *rows = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))
    assert tuple(header) == columns
    groups: dict[str, list[list[str]]] = {}
    for row in rows:
        groups.setdefault(row[0], []).append(row[EVENT_COLUMNS:])
    return {slug: csv_text(columns[EVENT_COLUMNS:], own) for slug, own in groups.items()}


def test_an_events_tables_are_made_on_the_phone_as_the_build_wrote_them(
    new_context: NewContext, tables_site: tuple[str, Path, list[str]]
) -> None:
    url, exported, slugs = tables_site
    want = {
        "matches": _per_event(exported / "matches.csv", MATCH_COLUMNS),
        "standings": _per_event(exported / "standings.csv", STANDINGS_COLUMNS),
    }
    ctx = new_context(viewport=PHONE, is_mobile=True, has_touch=True, accept_downloads=True)
    ctx.set_default_timeout(10_000)
    made: dict[str, dict[str, str]] = {"matches": {}, "standings": {}}
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for slug in slugs:
            page.goto(f"{url}/events/{slug}/")
            doc = page.locator(".sk-facts a", has_text="JSON")
            expect(doc).to_have_count(1)
            assert doc.get_attribute("href") == f"../../api/events/{slug}.json"
            for link in page.locator("a[data-sk-table]").all():
                name = link.get_attribute("data-sk-table")
                assert name in made and link.get_attribute("data-file") == f"{slug}-{name}.csv"
                with page.expect_download() as download:
                    link.tap()
                assert download.value.suggested_filename == f"{slug}-{name}.csv"
                made[name][slug] = Path(download.value.path()).read_bytes().decode("utf-8")  # \r\n as written
        assert errors == []
    finally:
        ctx.close()
    assert not list((Path(exported).parent / "build" / "site" / "api").rglob("*.csv"))  # published once
    assert not (Path(exported).parent / "build" / "site" / "api" / "tables.json").exists()
    # Every event with rows offers its tables, made as the build wrote them, byte for byte;
    # Wheel of Time has none (no link), a team event no standings rows (matches only).
    assert sorted(made["matches"]) == sorted(s for s in slugs if "wheel-of-time" not in s)
    assert sorted(made["standings"]) == sorted(s for s in slugs if "wheel-of-time" not in s and "team" not in s)
    header = {
        name: csv_text(cols[EVENT_COLUMNS:], [])
        for name, cols in (("matches", MATCH_COLUMNS), ("standings", STANDINGS_COLUMNS))
    }
    for name, by_event in made.items():
        for slug, text in by_event.items():
            assert text == want[name].get(slug, header[name]), (name, slug)
    every = "".join(text for by_event in made.values() for text in by_event.values())
    assert "Kenji Quist" not in every and "kenji-quist" not in every and ",Player " in every
    assert csv_text(("n",), [(QUOTED,)]).splitlines()[1] in every  # quoted as the csv module quotes it
    assert sum(text.count("\r\n") - 1 for text in made["matches"].values()) > 100
