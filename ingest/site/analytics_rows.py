"""The lists behind a scope's figures made from its totals (:mod:`ingest.analytics.totals`):
per archetype its decks and its decks in the top cut, per year the events of each period
(the pages :mod:`ingest.site.analytics_lists` describes, as its one-pass functions make them
from the records: the tests compare the two).

A list is made again only when what it shows changed. The totals keep each list's events in
order; the format's kept sums (:class:`~ingest.analytics.format_sums.FormatSums`) keep each
event's rows as last written and each list as last made (its events, what its pages show
besides the rows, each page's path and digest). A list whose events are the same, none of
whose events' rows changed, and whose header is the same, is taken as it was: its pages are
not made, nor their inputs hashed. So a result changed in one event (which moves no deck,
no finish and no period) makes no list again; an event added or changed otherwise makes
again the lists it is in, and nothing is read of the others.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from markupsafe import Markup

from ingest.analytics.figures import Analytics, period_of
from ingest.analytics.format_sums import FormatSums, KeptList
from ingest.analytics.records import UNKNOWN
from ingest.analytics.shares import Share
from ingest.analytics.totals import Totals
from ingest.site import i18n
from ingest.site.analytics_lists import PAGE_ROWS, PageMaker, Pages, cut_list, deck_list, finish_words, pager
from ingest.site.analytics_views import anchors
from ingest.site.page import Files, base_for
from ingest.site.table_rows import escaped
from ingest.site.templates import Templates

Key = tuple[Any, str]
"""An event's place in a list: (date, slug)."""


class TakenPages(Protocol):
    """Where a page made before is taken from by its digest (:class:`~ingest.site.analytics_pages.PageReuse`)."""

    def take(self, path: str, digest: str) -> Files | None:
        """The page as last made when its digest was ``digest`` (None: not kept)."""

    def digest(self, path: str) -> str | None:
        """The digest of the page made or taken last under ``path`` in this build."""


class Lists:
    """Makes a format's lists from its totals, each taken as it was when nothing it shows changed."""

    def __init__(
        self,
        sums: FormatSums,
        templates: Templates,
        format_name: str,
        make: PageMaker,
        kept: TakenPages | None,
        salt: str,
        remember: bool,
    ) -> None:
        """``kept``: where the pages made before are taken from (None: every list is made);
        ``salt``: what the rows are written for (the templates, the language); ``remember``:
        whether ``sums`` are kept for a next build (else no row is kept in them)."""
        if sums.salt != salt:
            sums.salt, sums.rows, sums.old_rows, sums.lists = salt, {}, {}, {}
        self.sums = sums
        self.templates = templates
        self.format_name = format_name
        self.short_name = format_name.rpartition(": ")[2]
        self.make = make
        self.kept = kept
        self.remember = remember
        self.made: dict[str, KeptList] = {}
        """The lists made or taken in this build (what :attr:`FormatSums.lists` holds after it)."""

    def done(self) -> None:
        """Keeps the lists of this build for the next (the others are forgotten)."""
        self.sums.lists = self.made

    # -- each list ---------------------------------------------------------------------------

    def decks(self, folder: str, a: Analytics, totals: Totals) -> Files:
        """Per archetype, its decks in the scope's events, newest first, an event a row."""
        ids = anchors(a.archetypes)
        files: Files = {}
        base = escaped(base_for(deck_list(folder, "x").first))
        for arch in a.archetypes:
            events = tuple(totals.by_archetype.get(arch, ()))
            if not events:
                continue
            decks = totals.decks[arch]
            pages = deck_list(folder, ids[arch])

            def row(s: Share, arch: str = arch) -> str:
                return (
                    f'<tr><td>{escaped(i18n.day(s.date))}</td><td><a href="{base}events/{s.slug}/#metagame">'
                    f'{escaped(s.name)}</a></td><td class="sk-num">{self._count(s, arch)}</td></tr>'
                )

            header = (arch, decks, len(events))
            files.update(
                self._list(
                    pages, f"d\0{arch}\0{base}", events, header, totals, row, self._deck_page(arch, folder, decks)
                )
            )
        return files

    def cuts(self, folder: str, a: Analytics, totals: Totals) -> Files:
        """Per archetype with a deck in a top cut, those decks, newest first: what its conversion was computed from."""
        ids = anchors(a.archetypes)
        words = finish_words()
        files: Files = {}
        base = escaped(base_for(cut_list(folder, "x").first))
        for arch in a.archetypes:
            events = tuple(totals.in_cut.get(arch, ()))
            if not events:
                continue

            def rows(s: Share, arch: str = arch) -> tuple[str, ...]:
                day = escaped(i18n.day(s.date))
                return tuple(
                    f'<tr><td>{day}</td><td><a href="{base}events/{s.slug}/#top-cut">{escaped(s.name)}</a></td>'
                    f"<td>{escaped(name)}</td><td>{escaped(words[finish])}</td></tr>"
                    for _rank, name, deck, finish in s.cut
                    if deck == arch
                )

            files.update(
                self._list(
                    cut_list(folder, ids[arch]), f"c\0{arch}\0{base}", events, (arch,), totals, rows,
                    self._cut_page(arch, folder),
                )
            )  # fmt: skip
        return files

    def periods(self, folder: str, a: Analytics, totals: Totals) -> Files:
        """Per year of the scope's share trend, the events of each of its periods (none for a
        scope of one period: its page shows no share by period)."""
        if len(a.trend) < 2:
            return {}
        lists = totals.in_period.get(a.period)
        if lists is None:  # (a kind of period the totals do not keep: grouped now)
            lists = {}
            for s in totals.events():
                lists.setdefault(period_of(s.date, a.period), []).append(s.key)
        years: dict[str, list[tuple[str, int]]] = {}
        for p in a.trend:
            years.setdefault(p.period[:4], []).append((p.period, p.decks))
        files: Files = {}
        for year, periods in years.items():
            events = tuple(key for period, _decks in periods for key in lists.get(period, ()))
            path = f"{folder}periods/{year}.md"
            files.update(
                self._list(
                    Pages(path, path), "p", events, (year, tuple(periods)), totals, _period_row,
                    self._period_page(year, folder, periods, lists),
                )
            )  # fmt: skip
        return files

    # -- the machinery -----------------------------------------------------------------------

    def _list(
        self,
        pages: Pages,
        variant: str,
        events: tuple[Key, ...],
        header: tuple[Any, ...],
        totals: Totals,
        rows: Callable[[Share], Any],
        render: Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]],
    ) -> Files:
        """The list's pages, taken as they were when its events and header are, none of its
        events' rows changed (``variant``: which of an event's rows it shows) and every page
        reads back; else made again (``render``: the pages from the rows, newest event first)."""
        name = f"{pages.first}\0{variant}"
        before = self.sums.lists.get(name)
        if (
            self.kept is not None
            and before is not None
            and (before.events, before.header) == (events, header)
            and not any(self._renewed(slug, variant, events, totals, rows) for slug in self.sums.changed)
        ):
            taken = self._taken(self.kept, before)
            if taken is not None:
                self.made[name] = before
                return taken
        values = [self._row(totals.shares[slug], variant, rows) for _day, slug in reversed(events)]
        files: Files = {}
        made: list[tuple[str, str]] = []
        for path, template, context in render(values, pages):
            files.update(self.make(path, self.templates, template, context))
            known = self.kept.digest(path) if self.kept is not None else None
            if known is not None:
                made.append((path, known))
        if self.kept is not None and self.remember:
            self.made[name] = KeptList(events, header, tuple(made))
        return files

    @staticmethod
    def _taken(kept: TakenPages, before: KeptList) -> Files | None:
        """The list's pages as last made, if every one is kept so."""
        taken: Files = {}
        for path, digest in before.pages:
            got = kept.take(path, digest)
            if got is None:
                return None
            taken.update(got)
        return taken

    def _renewed(
        self, slug: str, variant: str, events: tuple[Key, ...], totals: Totals, rows: Callable[[Share], Any]
    ) -> bool:
        """Whether the changed event ``slug`` is in the list and its rows in it are not what they were."""
        share = totals.shares.get(slug)
        if share is None or not _holds(events, share.key):
            return False
        return bool(self._row(share, variant, rows) != self.sums.old_rows.get(slug, {}).get(variant))

    def _row(self, share: Share, variant: str, rows: Callable[[Share], Any]) -> Any:
        """The event's rows in a list, as last written (written now if not kept)."""
        if not self.remember:
            return rows(share)
        kept = self.sums.rows.setdefault(share.slug, {})
        found = kept.get(variant)
        if found is None:
            found = kept[variant] = rows(share)
        return found

    @staticmethod
    def _count(s: Share, arch: str) -> int:
        return next((n for a, n in s.decks if a == arch), 0)

    def _deck_page(
        self, arch: str, folder: str, decks: int
    ) -> Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]]:
        def render(values: Sequence[Any], pages: Pages) -> list[tuple[str, str, dict[str, Any]]]:
            chunks = [values[i : i + PAGE_ROWS] for i in range(0, len(values), PAGE_ROWS)]
            return [
                (
                    pages.path(n),
                    "analytics_decks.md.j2",
                    {
                        "archetype": arch,
                        "format_name": self.format_name,
                        "short_name": self.short_name,
                        "all_url": folder,
                        "decks": decks,
                        "events": len(values),
                        "rows": Markup("\n".join(chunk)),
                        "paging": pager(pages, n, len(chunks)),
                        "base": base_for(pages.path(n)),
                    },
                )
                for n, chunk in enumerate(chunks, 1)
            ]

        return render

    def _cut_page(
        self, arch: str, folder: str
    ) -> Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]]:
        def render(values: Sequence[Any], pages: Pages) -> list[tuple[str, str, dict[str, Any]]]:
            lines = [line for found in values for line in found]
            chunks = [lines[i : i + PAGE_ROWS] for i in range(0, len(lines), PAGE_ROWS)]
            return [
                (
                    pages.path(n),
                    "analytics_cut.md.j2",
                    {
                        "archetype": arch,
                        "format_name": self.format_name,
                        "short_name": self.short_name,
                        "all_url": folder,
                        "rows": Markup("\n".join(chunk)),
                        "paging": pager(pages, n, len(chunks)),
                        "base": base_for(pages.path(n)),
                    },
                )
                for n, chunk in enumerate(chunks, 1)
            ]

        return render

    def _period_page(
        self, year: str, folder: str, periods: Sequence[tuple[str, int]], lists: dict[str, list[Key]]
    ) -> Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]]:
        def render(values: Sequence[Any], pages: Pages) -> list[tuple[str, str, dict[str, Any]]]:
            oldest_first = list(reversed(values))
            out, at = [], 0
            for period, decks in periods:
                n = len(lists.get(period, ()))
                out.append(
                    {"period": period, "anchor": f"p-{period}", "decks": decks, "events": oldest_first[at : at + n]}
                )
                at += n
            path = pages.first
            context = {
                "year": year,
                "periods": out,
                "format_name": self.format_name,
                "short_name": self.short_name,
                "scope_url": folder,
                "base": base_for(path),
            }
            return [(path, "analytics_period.md.j2", context)]

        return render


def _period_row(s: Share) -> dict[str, object]:
    """An event in its period's list."""
    largest = sorted(s.decks, key=lambda x: (-x[1], x[0] == UNKNOWN, x[0].casefold(), x[0]))[:3]
    return {
        "day": i18n.day(s.date),
        "name": s.name,
        "url": f"events/{s.slug}/#metagame",
        "decks": s.players,
        "top": i18n.separated(f"{arch} {n}" for arch, n in largest),
    }


def _holds(events: tuple[Key, ...], key: Key) -> bool:
    """Whether the sorted ``events`` hold ``key``."""
    at = bisect_left(events, key)
    return at < len(events) and events[at] == key
