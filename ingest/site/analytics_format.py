"""One format's analytics pages made from its totals: the figures of each scope
(:mod:`ingest.analytics.totals`) put into the analytics page, with the lists they were
computed from (:mod:`ingest.site.analytics_lists`, :mod:`ingest.site.analytics_rows`).
Imported only by a build that makes a format's pages
(:func:`ingest.site.analytics_pages.analytics_pages`), which decides which."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ingest.analytics.figures import LEVELS, Analytics
from ingest.analytics.format_sums import FormatSums
from ingest.analytics.intervals import MIN_SAMPLE
from ingest.site import i18n
from ingest.site.analytics_data import patched_documents
from ingest.site.analytics_lists import PageMaker, match_pages, match_starts, period_url
from ingest.site.analytics_rows import Lists, TakenPages
from ingest.site.analytics_views import SPARK_H, SPARK_W, anchors, archetype_views, conversion_views
from ingest.site.page import Files, SiteInputs, base_for
from ingest.site.templates import Templates


def format_pages(
    inputs: SiteInputs,
    templates: Templates,
    game: str,
    fmt: str,
    name: str,
    root: str,
    sums: FormatSums,
    seasons: Sequence[tuple[str, str, frozenset[str]]],
    make: PageMaker,
    kept: TakenPages | None = None,
    salt: str = "",
    remember: bool = False,
) -> Files:
    """One format's analytics pages (``name``: the format as shown; ``root``: its analytics
    folder), each made by ``make`` (:func:`~ingest.site.page.page_files`, or a page taken as it
    was when its inputs are: :class:`~ingest.site.analytics_pages.PageReuse`, ``kept``), the
    figures and the lists from the format's totals (:mod:`ingest.analytics.format_sums`:
    folded from its records, or patched per event). ``salt``: what the pages are made for
    (the templates, the language); ``remember``: whether ``sums`` are kept for a next build."""
    files: Files = {}
    whole_totals = sums.whole
    assert whole_totals is not None
    whole = whole_totals.figures()
    figures = [(sid, sname, sums.seasons[sid], sums.seasons[sid].figures()) for sid, sname, _slugs in seasons]
    documents = patched_documents(game, fmt, whole, sums)
    scopes = [(sid, sname, t, a) for sid, sname, t, a in figures if a.events]
    links = [{"name": sname, "url": f"{root}seasons/{sid}/"} for sid, sname, _t, _a in scopes]
    cells = match_starts(root, whole)
    list_ids = anchors(whole.archetypes)  # the match lists' ids, which every scope's page links to
    files.update(match_pages(root, templates, whole, name, {}, make, documents))
    lists = Lists(sums, templates, name, make, kept, salt, remember)
    # Each scope's page, and the lists its figures were computed from: a season's decks, top
    # cuts and periods are the season's events' only (its matches are listed with the format's,
    # each with its date).
    for folder, sname, totals, a, fresh in [
        (root, "", whole_totals, whole, False),
        *((f"{root}seasons/{sid}/", sn, t, a, sid in sums.rebuilt) for sid, sn, t, a in scopes),
    ]:
        files.update(_page(folder, templates, a, name, game, root, sname, links, cells, list_ids, make))
        files.update(lists.periods(folder, a, totals, fresh))
        files.update(lists.decks(folder, a, totals, fresh))
        files.update(lists.cuts(folder, a, totals, fresh))
    lists.done()
    return files


def _without_sources(a: Analytics) -> Analytics:
    """``a`` as its page is given it: without the matches each cell counted (the match lists'
    documents hold those), so the page's inputs change only when a figure does."""
    rows = tuple(
        dataclasses.replace(row, cells=tuple(dataclasses.replace(c, sources=()) for c in row.cells)) for row in a.rows
    )
    return dataclasses.replace(a, rows=rows)


def _trend_rows(a: Analytics, folder: str) -> list[tuple[str, str, int, list[tuple[str, str, str]]]]:
    """The share by period as a table: each period's link, decks and five largest shares (of
    decks, then of players), each share's words made once (a page of 2,300 months holds a few
    hundred distinct shares)."""
    words: dict[Fraction, str] = {}

    def pct(share: Fraction) -> str:
        found = words.get(share)
        if found is None:
            found = words[share] = i18n.number(f"{float(share) * 100:.1f}%")
        return found

    largest = operator.itemgetter(2)  # (sorted from the largest, a tie in the order given)
    return [
        (
            p.period,
            period_url(folder, p.period),
            p.decks,
            [(s[0], pct(s[2]), pct(s[3])) for s in sorted(p.shares, key=largest, reverse=True)[:5]],
        )
        for p in a.trend
    ]


def _page(
    folder: str,
    templates: Templates,
    a: Analytics,
    format_name: str,
    game: str,
    root: str,
    season: str,
    seasons: list[dict[str, str]],
    cells: Mapping[tuple[str, str], str],
    list_ids: Mapping[str, str],
    make: PageMaker,
) -> Files:
    """A scope's page (``folder``: the format's analytics folder or a season's in it);
    ``cells``: each matrix cell's link (:func:`~ingest.site.analytics_lists.match_starts`);
    ``list_ids``: each archetype's id among the format's match lists."""
    path = f"{folder}index.md"
    first = a.trend[0].period if a.trend else ""
    last = a.trend[-1].period if a.trend else ""
    return make(
        path,
        templates,
        "analytics.md.j2",
        {
            "a": _without_sources(a),
            "format_name": format_name,
            "season": season,
            "seasons": seasons,
            "all_url": root,
            "format_url": f"formats/{game}/{a.scope.format}/",
            "rows": archetype_views(a, f"{root}archetypes/", cells, f"{folder}archetypes/", list_ids),
            "conversion": conversion_views(a, f"{folder}archetypes/"),
            "levels": LEVELS,
            "periods": [p.period for p in a.trend],
            "trend_rows": _trend_rows(a, folder),
            "span": (first, last),
            "excluded": dict(a.excluded),
            "min_sample": MIN_SAMPLE,
            "spark": (SPARK_W, SPARK_H),
            "base": base_for(path),
        },
    )
