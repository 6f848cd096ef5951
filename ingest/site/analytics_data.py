"""A format's counted matches as data: each match once, in one JSON document per year
(``api/analytics/<game>/<format>/<year>.json``, ``schema/api-analytics-matches.schema.json``),
from which an archetype's match list draws its rows on the phone
(:mod:`ingest.site.analytics_lists`, ``scorekeeper.js``).

As table rows the lists were most of the analytics' bytes: every match twice (once in each
archetype's list), each row carrying its round's full link, thousands of rows per page
that the site engine and the writing stage then carried. As data a match is one short
array, written once, and an event's date and name once per year.

A document holds what the figures were computed from and nothing else: the counted events
(public lists only, :attr:`~ingest.analytics.records.EventRecord.lists_public`), each
counted match (played, decided over the board, not a mirror) with both archetypes, the
round, the result and the games. No player is named in it, hidden or not.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ingest.core.json_text import compact_json
from ingest.site.page import Files

if TYPE_CHECKING:  # (the build cache names a format's documents' folder without the figures' code)
    from ingest.analytics.figures import Analytics, MatchRef
    from ingest.analytics.format_sums import FormatSums
    from ingest.analytics.records import EventRecord

API_VERSION = 3
"""The JSON API's version (the other documents')."""


class Named(Protocol):
    """An event as a document names it (its record, or its share of the totals)."""

    @property
    def date(self) -> dt.date: ...

    @property
    def name(self) -> str: ...


def data_root(game: str, fmt: str) -> str:
    """A format's match documents' folder, from the site root."""
    return f"api/analytics/{game}/{fmt}/"


def document_path(game: str, fmt: str, year: str) -> str:
    """The document of a format's matches in ``year``, from the site root."""
    return f"{data_root(game, fmt)}{year}.json"


def counted_matches(a: Analytics) -> list[tuple[str, str, MatchRef]]:
    """Every match counted in ``a``'s matrix once: (archetype, opponent, the match from the
    archetype's side), the archetype being the one of the two listed first in
    :attr:`~ingest.analytics.figures.Analytics.archetypes` (a match is in both archetypes'
    rows; the opponent's copy is its mirror image)."""
    order = {name: i for i, name in enumerate(a.archetypes)}
    return [
        (row.archetype, c.opponent, m)
        for row in a.rows
        for c in row.cells
        if order[row.archetype] < order[c.opponent]
        for m in c.sources
    ]


def match_documents(game: str, fmt: str, a: Analytics, events: Mapping[str, EventRecord]) -> dict[str, Files]:
    """By year, the document of the format's matches that year (``a``: the format's figures
    over all its events, with each cell's matches); the builds make them from the totals
    (:func:`patched_documents`), and the tests check those with these. A document::

        {"api_version": 3, "game": "mtg", "format": "modern", "year": "2026",
         "archetypes": ["Burn", "Murktide"], "events": [["slug", "2026-11-20", "Name"]],
         "matches": [[event, "swiss", 3, 0, 1, "win", [2, 1, 0]]]}

    ``events`` oldest first; a match: the event's place in ``events``, the stage (swiss or
    playoff) and round, the two archetypes' places in ``archetypes`` (the first listed
    first in the format's order), the first one's result (win, loss or draw) and its games
    won, lost and drawn (null when the event recorded none)."""
    by_year: dict[str, list[tuple[str, str, MatchRef]]] = {}
    for arch, opponent, m in counted_matches(a):
        by_year.setdefault(str(events[m.slug].date.year), []).append((arch, opponent, m))
    order = {name: i for i, name in enumerate(a.archetypes)}
    return {year: year_document(game, fmt, year, found, order, events) for year, found in sorted(by_year.items())}


def year_document(
    game: str,
    fmt: str,
    year: str,
    found: Sequence[tuple[str, str, MatchRef]],
    order: Mapping[str, int],
    events: Mapping[str, Named],
) -> Files:
    """The document of the format's matches in ``year`` (:func:`match_documents`): ``found``,
    each counted match once (archetype, opponent, the match from the archetype's side, the
    archetype listed first in ``order``, the format's), in any order (the rows are sorted)."""
    slugs = sorted({m.slug for _a, _b, m in found}, key=lambda s: (events[s].date, s))
    at = {s: i for i, s in enumerate(slugs)}
    names = sorted({x for arch, opponent, _m in found for x in (arch, opponent)}, key=order.__getitem__)
    place = {n: i for i, n in enumerate(names)}
    rows: list[list[Any]] = [
        [at[m.slug], m.stage, m.round, place[arch], place[opponent], m.result, list(m.games) if m.games else None]
        for arch, opponent, m in found
    ]
    rows.sort(key=lambda r: (r[0], r[1] == "playoff", r[2], r[3], r[4], r[5], r[6] or []))
    doc = {
        "api_version": API_VERSION,
        "game": game,
        "format": fmt,
        "year": year,
        "archetypes": names,
        "events": [[s, events[s].date.isoformat(), events[s].name] for s in slugs],
        "matches": rows,
    }
    text = compact_json(doc) + "\n"
    return {document_path(game, fmt, year): text}


def patched_documents(
    game: str, fmt: str, a: Analytics, sums: FormatSums
) -> tuple[dict[str, Files], dict[str, set[str]]]:
    """:func:`match_documents` from the format's totals (``a``: their figures), each year's
    document made again only when the year's events, the format's order of archetypes, or
    one of the year's events changed (else taken as ``sums`` kept it); with, per
    archetype, the years it played in."""
    from ingest.analytics.figure_values import MatchRef
    from ingest.analytics.shares import RESULTS

    whole = sums.whole
    assert whole is not None
    order = {name: i for i, name in enumerate(a.archetypes)}
    kept = sums.documents
    sums.documents = {}
    docs: dict[str, Files] = {}
    years: dict[str, set[str]] = {}
    events = whole.order
    at = 0
    while at < len(events):
        year = events[at][0].year
        end = bisect_left(events, (dt.date(year + 1, 1, 1), ""), at)
        mine = tuple(events[at:end])
        at = end
        key = (a.archetypes, mine)
        made = kept.get(str(year))
        if made is None or made[0] != key or any(slug in sums.changed for _day, slug in mine):
            found = []
            for _day, slug in mine:
                share = whole.shares[slug]
                for x, y, stage, number, slot, g in share.counted_matches():
                    if order[x] < order[y]:
                        found.append((x, y, MatchRef(slug, stage, number, RESULTS[slot], g)))
                    else:
                        flipped = (g[1], g[0], g[2]) if g is not None else None
                        found.append((y, x, MatchRef(slug, stage, number, RESULTS[(1, 0, 2)[slot]], flipped)))
            shares = {slug: whole.shares[slug] for _day, slug in mine}
            text = year_document(game, fmt, str(year), found, order, shares) if found else {}
            files = {path: str(content) for path, content in text.items()}
            made = (key, files, frozenset(x for arch, opponent, _m in found for x in (arch, opponent)))
        sums.documents[str(year)] = made
        if made[1]:
            docs[str(year)] = dict(made[1])
            for name in made[2]:
                years.setdefault(name, set()).add(str(year))
    return docs, years
