"""The lists behind the analytics figures, in pages a phone can open at any size of archive:
per archetype the matches its win rates and matchups were computed from, and the decks of it
that reached the top cut (its conversion); per period of a scope the events its metagame
share was computed from.

An archetype's matches are one page, by opponent (the matrix's order; a matrix cell links
to its opponent's section), whose rows the page's script draws from the format's match
documents, a year each (:mod:`ingest.site.analytics_data`): each match is published once,
as data, not as two rows of HTML. The other lists that grow with the archive are cut into
pages of at most :data:`PAGE_ROWS` rows, each with next and previous links (plain links: no
script), so no page passes 200 KB gzipped at 10,000 events (DESIGN §9).

A build makes the match pages here, and the other lists from the format's totals
(:mod:`ingest.site.analytics_rows`, which keeps each list as last made); the functions here
that make those from the records in one pass (:func:`deck_pages`, :func:`cut_pages`,
:func:`period_pages`) are what the tests check them with, written independently.

Pages (from a format's analytics folder): ``archetypes/<a>/`` (its matches). From a scope's
folder (the format's, or a season's in it: a season's figures lead to the season's events
only): ``archetypes/<a>/decks/`` and ``archetypes/<a>/decks-<n>/`` (its decks, what its
share was computed from, an event a row), ``archetypes/<a>/cut/`` and
``archetypes/<a>/cut-<n>/`` (its decks in the top cut), ``periods/<year>/`` (the events of
each period of the year).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ingest.analytics.figures import Analytics, period_of
from ingest.analytics.records import UNKNOWN, EventRecord
from ingest.analytics.shares import FINISHES
from ingest.site import i18n
from ingest.site.analytics_data import counted_matches, document_path, match_documents
from ingest.site.analytics_views import anchors
from ingest.site.i18n import gettext as _
from ingest.site.i18n import pgettext
from ingest.site.page import Files, base_for, page_files, page_url
from ingest.site.table_rows import escaped
from ingest.site.templates import Templates

PAGE_ROWS = 1000
"""Decks or events on one page of a list (a deck of the top cut about 200 bytes of HTML); the
matches an archetype's list draws before it asks (earlier years are drawn by a button)."""

PageMaker = Callable[[str, Templates, str, Mapping[str, Any]], Files]
"""Makes a page's files (:func:`~ingest.site.page.page_files`, or one that takes the page as it was
when its inputs are: :class:`ingest.site.analytics_pages.PageReuse`)."""


@dataclass(frozen=True, slots=True)
class Pages:
    """Where a list's pages go: the first at ``first``, page n (from 2) at ``stem`` + n."""

    first: str
    """The first page's file (``.../archetypes/burn.md``)."""
    stem: str
    """The other pages' files but their number and ``.md`` (``.../archetypes/burn/``)."""

    def path(self, number: int) -> str:
        return self.first if number == 1 else f"{self.stem}{number}.md"

    def url(self, number: int) -> str:
        """Page ``number``'s address, from the site root."""
        return page_url(self.path(number))


def match_pages(
    root: str,
    templates: Templates,
    a: Analytics,
    format_name: str,
    events: Mapping[str, EventRecord],
    make: PageMaker = page_files,
    documents: tuple[dict[str, Files], dict[str, set[str]]] | None = None,
) -> Files:
    """Per archetype, the matches its figures were computed from, by opponent (the matrix's
    order), newest first within each: one page an archetype, each opponent a section (its
    record, and an empty table that ``scorekeeper.js`` fills from the format's match
    documents, :mod:`ingest.site.analytics_data`, written here too). The page names the
    documents of the years the archetype played in, newest first; the script draws the
    newest and earlier ones until the list holds :data:`PAGE_ROWS` matches, and a button
    draws each earlier year. ``documents``: the documents by year and each archetype's years,
    made already (:func:`~ingest.site.analytics_data.patched_documents`)."""
    game, fmt = a.scope.game, a.scope.format
    ids = anchors(a.archetypes)
    if documents is None:
        by_year = match_documents(game, fmt, a, events)
        years: dict[str, set[str]] = {}
        for arch, opponent, m in counted_matches(a):
            year = str(events[m.slug].date.year)
            years.setdefault(arch, set()).add(year)
            years.setdefault(opponent, set()).add(year)
    else:
        by_year, years = documents
    files: Files = {path: text for docs in by_year.values() for path, text in docs.items()}
    words = {
        "round": _("Round %(number)s"),
        "playoff": _("Playoff round %(number)s"),
        "win": _("won"),
        "loss": _("lost"),
        "draw": _("drew"),
        "more": _("Show the matches of %(year)s"),
        "day": day_pattern(),
    }
    for row in a.rows:
        if not row.cells:
            continue
        path = match_list(root, ids[row.archetype]).first
        base = base_for(path)
        groups = [
            {
                "opponent": c.opponent,
                "anchor": f"vs-{ids[c.opponent]}",
                "record": f"{c.tally.wins}-{c.tally.losses}-{c.tally.draws}",
                "matches": c.tally.matches,
            }
            for c in row.cells
        ]
        docs = [[y, base + document_path(game, fmt, y)] for y in sorted(years[row.archetype], reverse=True)]
        files.update(
            make(
                path,
                templates,
                "analytics_matches.md.j2",
                {
                    "archetype": row.archetype,
                    "format_name": format_name,
                    "short_name": format_name.rpartition(": ")[2],
                    "all_url": root,
                    "groups": groups,
                    "docs": docs,
                    "rows": PAGE_ROWS,
                    "words": words,
                    "base": base,
                },
            )
        )
    return files


def day_pattern() -> str:
    """How the language writes a date in tables (:func:`ingest.site.i18n.day`), for the page's
    script: ``%(y)s-%(mm)s-%(dd)s`` (``mm``, ``dd``: two digits; ``m``, ``d``: as few as
    needed); ISO when the language writes dates otherwise than in numbers."""
    text = i18n.day(dt.date(2001, 2, 3)).replace("2001", "%(y)s", 1)
    for padded, plain, key in (("02", "2", "m"), ("03", "3", "d")):
        text = text.replace(padded, f"%({key}{key})s", 1) if padded in text else text.replace(plain, f"%({key})s", 1)
    return text if not any(c.isdigit() for c in text) and "%(y)s" in text else "%(y)s-%(mm)s-%(dd)s"


def match_list(root: str, archetype_id: str) -> Pages:
    """Where an archetype's match list goes (``root``: the format's analytics folder)."""
    return Pages(f"{root}archetypes/{archetype_id}.md", f"{root}archetypes/{archetype_id}/")


def cut_list(folder: str, archetype_id: str) -> Pages:
    """Where the list of an archetype's decks in the top cut goes (``folder``: the scope's)."""
    return Pages(f"{folder}archetypes/{archetype_id}/cut.md", f"{folder}archetypes/{archetype_id}/cut-")


def deck_list(folder: str, archetype_id: str) -> Pages:
    """Where the list of an archetype's decks goes (``folder``: the scope's)."""
    return Pages(f"{folder}archetypes/{archetype_id}/decks.md", f"{folder}archetypes/{archetype_id}/decks-")


def match_starts(root: str, a: Analytics) -> dict[tuple[str, str], str]:
    """Each matrix cell's link (archetype, opponent): the archetype's match list at the
    opponent's section, from the site root."""
    ids = anchors(a.archetypes)
    return {
        (row.archetype, c.opponent): f"{page_url(match_list(root, ids[row.archetype]).first)}#vs-{ids[c.opponent]}"
        for row in a.rows
        for c in row.cells
    }


def pager(pages: Pages, n: int, count: int) -> dict[str, object]:
    """The next and previous pages' addresses, from the site root (empty at either end)."""
    return {
        "number": n,
        "count": count,
        "previous": pages.url(n - 1) if n > 1 else "",
        "next": pages.url(n + 1) if n < count else "",
    }


def finish_words() -> dict[str, str]:
    """Each finish as the lists show it, in the language in use."""
    return {"top1": pgettext("finish", "Won"), "top4": _("Top 4"), "top8": _("Top 8"), "cut": _("Top cut")}


def finish_of(r: EventRecord, pid: str) -> str:
    """The deepest level of the top cut ``pid`` reached in ``r`` (empty: none)."""
    levels = {p.level for p in r.placings if pid in p.players}
    return next((lv for lv in FINISHES if lv in levels), "")


def cut_pages(
    folder: str,
    templates: Templates,
    a: Analytics,
    format_name: str,
    records: Sequence[EventRecord],
    make: PageMaker = page_files,
) -> Files:
    """Per archetype with a deck in a top cut, those decks (the events' counted in ``a``),
    newest first: event, player as published (a hidden player by their number), finish, each
    linking to the event's top cut. What its conversion figures were computed from
    (``folder``: the scope's page folder, the format's or a season's)."""
    ids = anchors(a.archetypes)
    counted = set(a.events)
    words = finish_words()
    rows: dict[str, list[tuple[str, str, str, str]]] = {}
    for r in sorted(records, key=lambda r: (r.date, r.slug), reverse=True):
        if r.slug not in counted:
            continue
        found = []
        for pid, name, arch, _key in r.players:
            finish = finish_of(r, pid)
            if finish:
                found.append((FINISHES.index(finish), name, arch or UNKNOWN, finish))
        for _rank, name, arch, finish in sorted(found):
            rows.setdefault(arch, []).append((r.slug, name, finish, r.name))
    days = {r.slug: escaped(i18n.day(r.date)) for r in records}
    files: Files = {}
    for arch, decks in rows.items():
        pages = cut_list(folder, ids[arch])
        chunks = [decks[i : i + PAGE_ROWS] for i in range(0, len(decks), PAGE_ROWS)]
        for n, chunk in enumerate(chunks, 1):
            path = pages.path(n)
            base = escaped(base_for(path))
            lines = "\n".join(
                f'<tr><td>{days[slug]}</td><td><a href="{base}events/{slug}/#top-cut">{escaped(event)}</a></td>'
                f"<td>{escaped(name)}</td><td>{escaped(words[finish])}</td></tr>"
                for slug, name, finish, event in chunk
            )
            files.update(
                make(
                    path,
                    templates,
                    "analytics_cut.md.j2",
                    {
                        "archetype": arch,
                        "format_name": format_name,
                        "short_name": format_name.rpartition(": ")[2],
                        "all_url": folder,
                        "rows": Markup(lines),
                        "paging": pager(pages, n, len(chunks)),
                        "base": base_for(path),
                    },
                )
            )
    return files


def deck_pages(
    folder: str,
    templates: Templates,
    a: Analytics,
    format_name: str,
    records: Sequence[EventRecord],
    make: PageMaker = page_files,
) -> Files:
    """Per archetype, its decks in the events counted in ``a``: what its share of decks and of
    players was computed from. Newest event first, a row an event: date, event (linking to
    its metagame, where each deck is with its player as published), its decks on the archetype.
    ``folder``: the scope's page folder."""
    ids = anchors(a.archetypes)
    counted = set(a.events)
    rows: dict[str, list[tuple[EventRecord, int]]] = {}
    for r in sorted(records, key=lambda r: (r.date, r.slug), reverse=True):
        if r.slug not in counted:
            continue
        here: dict[str, int] = {}
        for _pid, _name, arch, _key in r.players:
            here[arch or UNKNOWN] = here.get(arch or UNKNOWN, 0) + 1
        for arch, n in here.items():
            rows.setdefault(arch, []).append((r, n))
    files: Files = {}
    for arch, events in rows.items():
        pages = deck_list(folder, ids[arch])
        chunks = [events[i : i + PAGE_ROWS] for i in range(0, len(events), PAGE_ROWS)]
        for n, chunk in enumerate(chunks, 1):
            path = pages.path(n)
            base = escaped(base_for(path))
            lines = "\n".join(
                f'<tr><td>{escaped(i18n.day(r.date))}</td><td><a href="{base}events/{r.slug}/#metagame">'
                f'{escaped(r.name)}</a></td><td class="sk-num">{count}</td></tr>'
                for r, count in chunk
            )
            files.update(
                make(
                    path,
                    templates,
                    "analytics_decks.md.j2",
                    {
                        "archetype": arch,
                        "format_name": format_name,
                        "short_name": format_name.rpartition(": ")[2],
                        "all_url": folder,
                        "decks": sum(count for _r, count in events),
                        "events": len(events),
                        "rows": Markup(lines),
                        "paging": pager(pages, n, len(chunks)),
                        "base": base_for(path),
                    },
                )
            )
    return files


def period_pages(
    folder: str,
    root: str,
    templates: Templates,
    a: Analytics,
    format_name: str,
    records: Sequence[EventRecord],
    make: PageMaker = page_files,
) -> Files:
    """Per period of ``a``'s share trend, the events it was computed from (``folder``: the
    scope's page folder, the format's or a season's), each linking to its metagame: one page
    a year, a section a period. None for a scope of one period: its page shows no share by
    period."""
    if len(a.trend) < 2:
        return {}
    counted = set(a.events)
    by_period: dict[str, list[EventRecord]] = {}
    for r in sorted(records, key=lambda r: (r.date, r.slug)):
        if r.slug in counted:
            by_period.setdefault(period_of(r.date, a.period), []).append(r)
    files: Files = {}
    years: dict[str, list[dict[str, object]]] = {}
    for p in a.trend:
        events = [
            {
                "day": i18n.day(r.date),
                "name": r.name,
                "url": f"events/{r.slug}/#metagame",
                "decks": len(r.players),
                "top": i18n.separated(f"{arch} {n}" for arch, n in _largest(r)),
            }
            for r in by_period.get(p.period, [])
        ]
        years.setdefault(p.period[:4], []).append(
            {"period": p.period, "anchor": f"p-{p.period}", "decks": p.decks, "events": events}
        )
    for year, periods in years.items():
        path = f"{folder}periods/{year}.md"
        files.update(
            make(
                path,
                templates,
                "analytics_period.md.j2",
                {
                    "year": year,
                    "periods": periods,
                    "format_name": format_name,
                    "short_name": format_name.rpartition(": ")[2],
                    "scope_url": folder,
                    "base": base_for(path),
                },
            )
        )
    return files


def period_url(folder: str, period: str) -> str:
    """A period's events (its year's page, at the period), from the site root."""
    return f"{page_url(f'{folder}periods/{period[:4]}.md')}#p-{period}"


def _largest(r: EventRecord) -> list[tuple[str, int]]:
    """The event's three largest archetypes with their decks."""
    counts: dict[str, int] = {}
    for arch in r.archetypes().values():
        counts[arch] = counts.get(arch, 0) + 1
    return sorted(counts.items(), key=lambda x: (-x[1], x[0] == UNKNOWN, x[0].casefold(), x[0]))[:3]
