"""The analytics pages: per format, for all its events and for each season that has some,
what the data says (metagame share over time, win rates, the matchup matrix, conversion to
the top cut), and per archetype the list of the matches its figures were computed from,
each linking to its round. Made from the events' analytics records
(:attr:`~ingest.site.digest.EventDigest.record`), so the build cache serves them like the
other pages about many events.

Pages (from the site root): ``analytics/<game>/<format>/`` (every event of the format),
``analytics/<game>/<format>/seasons/<season>/`` (a season's), and
``analytics/<game>/<format>/archetypes/<archetype>/`` (the matches behind an archetype's
figures; a season's page links to the same lists, which give each match's date).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from ingest.analytics.figures import LEVELS, Analytics, Scope, analyse
from ingest.analytics.intervals import MIN_SAMPLE
from ingest.analytics.records import EventRecord, record_to_json
from ingest.core.games import GAMES
from ingest.site import i18n
from ingest.site.analytics_lists import cut_pages, match_pages, match_starts, period_pages, period_url
from ingest.site.analytics_views import SPARK_H, SPARK_W, archetype_views, conversion_views
from ingest.site.digest import EventDigest
from ingest.site.page import Files, SiteInputs, base_for, page_files
from ingest.source.layers import SearchPath


def analytics_root(game: str, fmt: str) -> str:
    """A format's analytics page, from the site root."""
    return f"analytics/{game}/{fmt}/"


def _season_slugs(inputs: SiteInputs, digests: Sequence[EventDigest]) -> list[tuple[str, str, frozenset[str]]]:
    """Each season's id, name and events."""
    out = []
    for season in inputs.seasons:
        slugs = frozenset(
            d.history.slug
            for d in digests
            if season.selection.counts(
                d.history.slug, d.history.date, d.history.game, d.history.format, d.history.organizer
            )
        )
        out.append((season.id, season.name, slugs))
    return out


def formats_with_analytics(digests: Sequence[EventDigest]) -> set[tuple[str, str]]:
    """The formats that have an analytics page: some event of theirs with public lists that
    name an archetype (a field of unclassified decks says nothing)."""
    return {
        (d.record.game, d.record.format)
        for d in digests
        if d.record is not None
        and d.record.lists_public
        and d.record.format != "other"
        and any(arch for _, _, arch, _ in d.record.players)
    }


ANALYTICS_PAGE = "analytics:"
"""The start of the page cache's keys of a format's analytics pages (the build cache keeps
them on disk beside the player pages: :func:`ingest.publish.cache.save_player_pages`)."""


def analytics_pages(
    inputs: SiteInputs,
    templates: SearchPath,
    digests: Sequence[EventDigest],
    page_cache: dict[Any, Files] | None = None,
    fingerprint: str = "",
) -> Files:
    """Every analytics page of the site.

    With ``page_cache``, a format's pages are made again only when what they are made from
    changed (its events' records, the seasons' events, the language, ``fingerprint``: the
    templates), so a result changed in one format leaves the others' pages as they were.
    """
    records = [d.record for d in digests if d.record is not None]
    by_format: dict[tuple[str, str], list[EventRecord]] = defaultdict(list)
    for r in records:
        by_format[(r.game, r.format)].append(r)
    seasons = _season_slugs(inputs, digests)
    files: Files = {}
    for game, fmt in sorted(formats_with_analytics(digests)):
        mine = by_format[(game, fmt)]
        key = ""
        if page_cache is not None:
            key = _key(game, fmt, mine, seasons, inputs, fingerprint)
            if key in page_cache:
                files.update(page_cache[key])
                continue
        made = _format_pages(inputs, templates, game, fmt, mine, seasons)
        if page_cache is not None:
            page_cache[key] = made
        files.update(made)
    return files


def season_analytics(inputs: SiteInputs, files: Files) -> dict[str, list[tuple[str, str]]]:
    """By season id, the (format's name, page) of each of its analytics pages among ``files``."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted(files):
        m = re.fullmatch(r"analytics/([^/]+)/([^/]+)/seasons/([^/]+)/index\.md", path)
        if m:
            out[m[3]].append((_format_name(inputs, m[1], m[2]), path.removesuffix("index.md")))
    return dict(out)


def _key(
    game: str,
    fmt: str,
    records: Sequence[EventRecord],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
    inputs: SiteInputs,
    fingerprint: str,
) -> str:
    """What a format's analytics pages depend on, as a digest (plain text: kept on disk)."""
    h = hashlib.sha256(repr((game, fmt, _format_name(inputs, game, fmt), inputs.lang().key, fingerprint)).encode())
    for sid, name, slugs in seasons:
        h.update(repr((sid, name, sorted(r.slug for r in records if r.slug in slugs))).encode())
    for r in records:
        h.update(json.dumps(record_to_json(r), separators=(",", ":")).encode())
    return ANALYTICS_PAGE + h.hexdigest()


def _format_pages(
    inputs: SiteInputs,
    templates: SearchPath,
    game: str,
    fmt: str,
    mine: Sequence[EventRecord],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
) -> Files:
    """One format's analytics pages: for all its events, each season's, each archetype's matches."""
    files: Files = {}
    name = _format_name(inputs, game, fmt)
    root = analytics_root(game, fmt)
    whole = analyse(mine, Scope(game, fmt))
    scopes = []
    for sid, sname, slugs in seasons:
        a = analyse(mine, Scope(game, fmt, slugs=slugs))
        if a.events:
            scopes.append((sid, sname, a))
    links = [{"name": sname, "url": f"{root}seasons/{sid}/"} for sid, sname, _a in scopes]
    events = {r.slug: r for r in mine}
    cells = match_starts(root, whole, events)
    files.update(_page(root, templates, whole, name, game, root, "", links, cells))
    files.update(period_pages(root, root, templates, whole, name, mine))
    for sid, sname, a in scopes:
        folder = f"{root}seasons/{sid}/"
        files.update(_page(folder, templates, a, name, game, root, sname, links, cells))
        files.update(period_pages(folder, root, templates, a, name, mine))
    files.update(match_pages(root, templates, whole, name, events))
    files.update(cut_pages(root, templates, whole, name, mine))
    return files


def _format_name(inputs: SiteInputs, game: str, fmt: str) -> str:
    rules = inputs.formats.formats.get((game, fmt))
    return f"{GAMES.get(game, game)}: {rules.name if rules is not None else fmt}"


def _page(
    folder: str,
    templates: SearchPath,
    a: Analytics,
    format_name: str,
    game: str,
    root: str,
    season: str,
    seasons: list[dict[str, str]],
    cells: Mapping[tuple[str, str], str],
) -> Files:
    """A scope's page (``folder``: the format's analytics folder or a season's in it);
    ``cells``: each matrix cell's link (:func:`~ingest.site.analytics_lists.match_starts`)."""
    path = f"{folder}index.md"
    first = a.trend[0].period if a.trend else ""
    last = a.trend[-1].period if a.trend else ""
    return page_files(
        path,
        templates,
        "analytics.md.j2",
        {
            "a": a,
            "format_name": format_name,
            "season": season,
            "seasons": seasons,
            "all_url": root,
            "format_url": f"formats/{game}/{a.scope.format}/",
            "rows": archetype_views(a, f"{root}archetypes/", cells),
            "conversion": conversion_views(a, f"{root}archetypes/"),
            "levels": LEVELS,
            "periods": [p.period for p in a.trend],
            "trend_rows": [
                (
                    p.period,
                    period_url(folder, p.period),
                    p.decks,
                    [
                        (s[0], i18n.number(f"{float(s[2]) * 100:.1f}%"), i18n.number(f"{float(s[3]) * 100:.1f}%"))
                        for s in sorted(p.shares, key=lambda s: -s[2])[:5]
                    ],
                )
                for p in a.trend
            ],
            "span": (first, last),
            "excluded": dict(a.excluded),
            "min_sample": MIN_SAMPLE,
            "spark": (SPARK_W, SPARK_H),
            "base": base_for(path),
        },
    )
