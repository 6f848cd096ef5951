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

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from ingest.analytics.figures import LEVELS, Analytics, Scope, analyse
from ingest.analytics.intervals import MIN_SAMPLE
from ingest.analytics.records import EventRecord
from ingest.core.games import GAMES
from ingest.site import i18n
from ingest.site.analytics_views import (
    SPARK_H,
    SPARK_W,
    anchors,
    archetype_views,
    conversion_views,
    round_url,
)
from ingest.site.digest import EventDigest
from ingest.site.page import Files, SiteInputs, base_for, page_files


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


def analytics_pages(inputs: SiteInputs, templates: Path, digests: Sequence[EventDigest]) -> Files:
    """Every analytics page of the site."""
    records = [d.record for d in digests if d.record is not None]
    by_format: dict[tuple[str, str], list[EventRecord]] = defaultdict(list)
    for r in records:
        by_format[(r.game, r.format)].append(r)
    seasons = _season_slugs(inputs, digests)
    files: Files = {}
    for game, fmt in sorted(formats_with_analytics(digests)):
        mine = by_format[(game, fmt)]
        name = _format_name(inputs, game, fmt)
        root = analytics_root(game, fmt)
        whole = analyse(mine, Scope(game, fmt))
        scopes = []
        for sid, sname, slugs in seasons:
            a = analyse(mine, Scope(game, fmt, slugs=slugs))
            if a.events:
                scopes.append((sid, sname, a))
        links = [{"name": sname, "url": f"{root}seasons/{sid}/"} for sid, sname, _ in scopes]
        files.update(_page(f"{root}index.md", templates, whole, name, game, root, "", links))
        for sid, sname, a in scopes:
            files.update(_page(f"{root}seasons/{sid}/index.md", templates, a, name, game, root, sname, links))
        files.update(_match_pages(root, templates, whole, name, {r.slug: r for r in mine}))
    return files


def _format_name(inputs: SiteInputs, game: str, fmt: str) -> str:
    rules = inputs.formats.formats.get((game, fmt))
    return f"{GAMES.get(game, game)}: {rules.name if rules is not None else fmt}"


def _page(
    path: str,
    templates: Path,
    a: Analytics,
    format_name: str,
    game: str,
    root: str,
    season: str,
    seasons: list[dict[str, str]],
) -> Files:
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
            "rows": archetype_views(a, f"{root}archetypes/"),
            "conversion": conversion_views(a),
            "levels": LEVELS,
            "periods": [p.period for p in a.trend],
            "trend_rows": [
                (p.period, p.decks, [(s[0], i18n.number(f"{float(s[2]) * 100:.1f}%")) for s in p.shares[:5]])
                for p in a.trend
            ],
            "span": (first, last),
            "excluded": dict(a.excluded),
            "min_sample": MIN_SAMPLE,
            "spark": (SPARK_W, SPARK_H),
            "base": base_for(path),
        },
    )


def _match_pages(root: str, templates: Path, a: Analytics, format_name: str, events: dict[str, EventRecord]) -> Files:
    """Per archetype, the matches its figures were computed from, by opponent."""
    ids = anchors(a.archetypes)
    files: Files = {}
    for row in a.rows:
        if not row.cells:
            continue
        path = f"{root}archetypes/{ids[row.archetype]}.md"
        groups = []
        for c in row.cells:
            matches = [
                {
                    "date": i18n.day(events[m.slug].date),
                    "event": events[m.slug].name,
                    "event_url": f"events/{m.slug}/",
                    "round_url": round_url(m),
                    "stage": m.stage,
                    "round": m.round,
                    "result": m.result,
                    "games": "-".join(str(x) for x in (m.games if m.games[2] else m.games[:2])) if m.games else "",
                }
                for m in c.sources
            ]
            groups.append({"opponent": c.opponent, "anchor": f"vs-{ids[c.opponent]}", "matches": matches})
        files.update(
            page_files(
                path,
                templates,
                "analytics_matches.md.j2",
                {
                    "archetype": row.archetype,
                    "format_name": format_name,
                    "short_name": format_name.rpartition(": ")[2],
                    "all_url": root,
                    "groups": groups,
                    "base": base_for(path),
                },
            )
        )
    return files
