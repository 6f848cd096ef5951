"""The events index is a page a year (issue 38, point 4): ``events/`` lists this year's
events (and the upcoming ones of later years) and leads to a page for each earlier year, so
no index page a phone opens grows with the archive.
"""

from __future__ import annotations

import datetime as dt
import gzip
import posixpath
import re
from pathlib import Path
from typing import Any

from ingest.publish.run import build_site
from ingest.publish.template_files import read_templates
from ingest.site.site_files import _events_index
from ingest.source.layers import SearchPath
from tests.builders import ROOT
from tests.site.test_search import _old_copy
from tests.site_helpers import TODAY, make_project, page_text

PAGE_BUDGET = 100 * 1024
"""Gzipped bytes an index page's own text may take: half a phone's 200 KB, the other half
being the theme's page, scripts and styles (benchmarks/build.py measures them)."""


def _links(docs: Path, page: str) -> list[str]:
    """The events a page of the index lists, as paths of their pages from the site's root."""
    text = page_text(docs / page)
    here = posixpath.dirname(page)
    hrefs = re.findall(r'<li data-game="[^"]*" data-format="[^"]*"><a href="([^"]+)/"', text)
    return [posixpath.normpath(posixpath.join(here, h)) for h in hrefs]


def test_the_index_lists_this_year_and_leads_to_a_page_for_each_earlier_year(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    for year in (2019, 2024, 2025):
        _old_copy(tmp_path, year)
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    slugs = sorted(p.stem for p in (tmp_path / "events").rglob("*.yaml"))
    main = _links(docs, "events/index.md")
    assert main and all(posixpath.basename(s).startswith("2026-") for s in main)
    text = page_text(docs / "events" / "index.md")
    assert re.findall(r'<li><a href="(\d{4})/">\1</a> <span class="sk-muted">1 event</span></li>', text) == [
        "2025",
        "2024",
        "2019",
    ]
    listed = list(main)
    for year in (2025, 2024, 2019):
        page = f"events/{year}/index.md"
        shown = _links(docs, page)
        assert shown == [f"events/{year}-03-06-vintage-modern-night"], page
        year_text = page_text(docs / page)
        assert year_text.startswith(f'---\ntitle: "Events of {year}"') or f"# Events of {year}" in year_text
        assert '<a href="../">All events</a>' in year_text
        listed += shown
    # Every event is on exactly one page of the index, and each link leads to its page.
    assert sorted(posixpath.basename(s) for s in listed) == slugs
    assert all((docs / s / "index.md").is_file() for s in listed)


def _summaries(count: int, per_year: int) -> list[dict[str, Any]]:
    """``count`` events, ``per_year`` a year up to 2026-11-13, as the digests give them (oldest first)."""
    out = []
    last = dt.date(2026, 11, 13)
    for i in range(count):
        year = last.year - (count - 1 - i) // per_year
        day = dt.date(year, 1, 1) + dt.timedelta(days=(i % per_year) * 365 // per_year)
        out.append(
            {
                "slug": f"{day.isoformat()}-friday-night-modern-{i + 1}",
                "name": f"Friday Night Modern {i + 1}",
                "date": day.isoformat(),
                "game": "mtg",
                "game_name": "Magic: The Gathering",
                "format": "modern",
                "format_name": "Modern",
                "players": 32,
                "status": "complete",
                "url": f"events/{day.isoformat()}-friday-night-modern-{i + 1}/",
                "winner": "Dario Moreau",
                "winner_url": "players/dario-moreau/",
                "winner_deck": "Boros Energy",
                "location": "",
                "year": day.year,
                "month": day.strftime("%B"),
            }
        )
    return out


def test_no_index_page_passes_a_phones_budget_at_ten_thousand_events() -> None:
    """10,000 weekly events (52 a year), and 10,000 in five years (an aggregator's 2,000 a
    year): each page of the index, its Markdown and HTML, gzipped, stays within half a
    phone's 200 KB; the weekly archive on one page (every year counted as this year's)
    passes it."""
    templates = read_templates(SearchPath((ROOT / "site_templates",)))
    weekly = _events_index(_summaries(10_000, 52), templates, dt.date(1, 1, 1))
    assert [p for p in weekly if p.endswith(".md")] == ["events/index.md"]
    assert sum(len(gzip.compress(str(text).encode("utf-8"))) for text in weekly.values()) > PAGE_BUDGET
    for per_year in (52, 2000):
        files = _events_index(_summaries(10_000, per_year), templates, TODAY)
        pages = [p for p in files if p.endswith(".md")]
        assert len(pages) == len({s["year"] for s in _summaries(10_000, per_year)})
        for page in pages:
            size = sum(len(gzip.compress(str(files[k]).encode("utf-8"))) for k in files if page in k)
            assert size <= PAGE_BUDGET, f"{page}: {size / 1024:.0f} KB gzipped"


def test_an_event_added_to_a_year_changes_that_years_page_and_the_main_page_alone() -> None:
    """The index's pages are split by year, deterministically: adding an event of an earlier
    year rewrites its year's page and ``events/`` (its count), and no other year's page, so
    a build that adds one event does not rewrite the whole index."""
    templates = read_templates(SearchPath((ROOT / "site_templates",)))
    lines = _summaries(520, 52)
    before = _events_index(lines, templates, TODAY)
    assert before == _events_index(lines, templates, TODAY)  # the same lines, the same pages
    added = {**lines[100], "slug": "2018-06-01-extra-night", "name": "Extra Night", "date": "2018-06-01"}
    assert added["year"] == 2018
    after = _events_index([*lines[:101], added, *lines[101:]], templates, TODAY)
    assert sorted(before) == sorted(after)
    changed = sorted(k for k in after if after[k] != before[k])
    assert changed == ["@fragments/events/2018/index.md.html", "@fragments/events/index.md.html"]
