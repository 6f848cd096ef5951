"""The lists behind a scope's figures made from its totals (:mod:`ingest.analytics.totals`):
per archetype its decks and its decks in the top cut, per year the events of each period
(the pages :mod:`ingest.site.analytics_lists` describes, as its one-pass functions make them
from the records: the tests compare the two).

A list is made again only when what it shows changed. The totals keep each list's events in
order; the format's kept sums (:class:`~ingest.analytics.format_sums.FormatSums`) keep each
list as last made (what its pages show besides the rows, each page's path and digest) and
each changed event's share as it was. A list that no changed event was or is in with other
rows than before (:meth:`~ingest.analytics.shares.Share.listed`), and whose header is the
same, is taken as it was: its pages are not made, nor their inputs hashed, nor its events
read. So a result changed in one event (which moves no deck, no finish and no period) makes
no list again; an event added or changed otherwise makes again the lists it was or is in.
"""

from __future__ import annotations

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
        whether the rows written are kept in ``sums`` (a watching process's)."""
        if sums.salt != salt:
            sums.salt, sums.rows, sums.lists = salt, {}, {}
        self.sums = sums
        self.templates = templates
        self.format_name = format_name
        self.short_name = format_name.rpartition(": ")[2]
        self.make = make
        self.kept = kept
        self.remember = remember
        self.made: dict[str, KeptList] = {}
        whole = sums.whole
        assert whole is not None
        self.moved: list[tuple[Share | None, Share | None]] = []
        """The shares, as they were and as they are, of the events changed in a way a list shows."""
        for slug in sums.changed:
            old, new = sums.replaced.get(slug), whole.shares.get(slug)
            if (old is None) != (new is None) or (old is not None and new is not None and old.listed() != new.listed()):
                self.moved.append((old, new))
        """The lists made or taken in this build (what :attr:`FormatSums.lists` holds after it)."""

    def done(self) -> None:
        """Keeps the lists of this build for the next (the others are forgotten)."""
        self.sums.lists = self.made

    # -- each list ---------------------------------------------------------------------------

    def decks(self, folder: str, a: Analytics, totals: Totals, fresh: bool = False) -> Files:
        """Per archetype, its decks in the scope's events, newest first, an event a row."""
        ids = anchors(a.archetypes)
        files: Files = {}
        base = escaped(base_for(deck_list(folder, "x").first))
        for arch in a.archetypes:
            events = totals.by_archetype.get(arch)
            if not events:
                continue

            def row(s: Share, arch: str = arch) -> str:
                return (
                    f'<tr><td>{escaped(i18n.day(s.date))}</td><td><a href="{base}events/{s.slug}/#metagame">'
                    f'{escaped(s.name)}</a></td><td class="sk-num">{self._count(s, arch)}</td></tr>'
                )

            def shown(s: Share, arch: str = arch) -> object:
                n = self._count(s, arch)
                return (s.key, s.name, n) if n else None

            decks = totals.decks[arch]
            header = (arch, decks, len(events))
            render = self._deck_page(arch, folder, decks)
            files.update(
                self._list(
                    deck_list(folder, ids[arch]),
                    f"d\0{arch}\0{base}",
                    events,
                    header,
                    totals,
                    row,
                    shown,
                    render,
                    fresh,
                )
            )
        return files

    def cuts(self, folder: str, a: Analytics, totals: Totals, fresh: bool = False) -> Files:
        """Per archetype with a deck in a top cut, those decks, newest first: what its conversion was computed from."""
        ids = anchors(a.archetypes)
        words = finish_words()
        files: Files = {}
        base = escaped(base_for(cut_list(folder, "x").first))
        for arch in a.archetypes:
            events = totals.in_cut.get(arch)
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

            def shown(s: Share, arch: str = arch) -> object:
                mine = tuple(row for row in s.cut if row[2] == arch)
                return (s.key, s.name, mine) if mine else None

            render = self._cut_page(arch, folder)
            files.update(
                self._list(
                    cut_list(folder, ids[arch]),
                    f"c\0{arch}\0{base}",
                    events,
                    (arch,),
                    totals,
                    rows,
                    shown,
                    render,
                    fresh,
                )
            )
        return files

    def periods(self, folder: str, a: Analytics, totals: Totals, fresh: bool = False) -> Files:
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
            events = [key for period, _decks in periods for key in lists.get(period, ())]

            def shown(s: Share, year: str = year) -> object:
                return (s.key, s.name, s.decks) if period_of(s.date, a.period)[:4] == year else None

            path = f"{folder}periods/{year}.md"
            render = self._period_page(year, folder, periods, lists)
            files.update(
                self._list(
                    Pages(path, path), "p", events, (year, tuple(periods)), totals, _period_row, shown, render, fresh
                )
            )
        return files

    # -- the machinery -----------------------------------------------------------------------

    def _list(
        self,
        pages: Pages,
        variant: str,
        events: Sequence[Key],
        header: tuple[Any, ...],
        totals: Totals,
        rows: Callable[[Share], Any],
        shown: Callable[[Share], object],
        render: Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]],
        fresh: bool,
    ) -> Files:
        """The list's pages (``events``: its events, oldest first), taken as they were when no
        event changed since in a way the list shows (``shown``: what it shows of an event's
        share, None when the event is not in it) and its header is the same, if every page
        reads back; else made again (``rows``: an event's rows, ``variant`` naming which;
        ``render``: the pages from the rows, newest event first; ``fresh``: the scope's
        events changed, every list of it is made again)."""
        name = f"{pages.first}\0{variant}"
        text = repr(header)
        before = self.sums.lists.get(name)
        if (
            self.kept is not None
            and before is not None
            and not fresh
            and before.header == text
            and not self._moved(shown, totals)
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
        if self.kept is not None:
            self.made[name] = KeptList(text, tuple(made))
        return files

    def _moved(self, shown: Callable[[Share], object], totals: Totals) -> bool:
        """Whether an event changed since the list was made shows otherwise in it (is in it
        now and was not, was and is not, or is with other rows), among the scope's."""
        scope = totals.scope.slugs
        for old, new in self.moved:
            either = new if new is not None else old
            if either is None or (scope is not None and either.slug not in scope):
                continue
            if (shown(old) if old is not None else None) != (shown(new) if new is not None else None):
                return True
        return False

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
            context = {**self._list_context(arch, folder), "decks": decks, "events": len(values)}
            return _paged(pages, "analytics_decks.md.j2", values, context)

        return render

    def _cut_page(
        self, arch: str, folder: str
    ) -> Callable[[Sequence[Any], Pages], list[tuple[str, str, dict[str, Any]]]]:
        def render(values: Sequence[Any], pages: Pages) -> list[tuple[str, str, dict[str, Any]]]:
            lines = [line for found in values for line in found]
            return _paged(pages, "analytics_cut.md.j2", lines, self._list_context(arch, folder))

        return render

    def _list_context(self, arch: str, folder: str) -> dict[str, Any]:
        """What every page of an archetype's list names: the archetype, the format, the scope's folder."""
        return {"archetype": arch, "format_name": self.format_name, "short_name": self.short_name, "all_url": folder}

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


def _paged(
    pages: Pages, template: str, lines: Sequence[str], context: dict[str, Any]
) -> list[tuple[str, str, dict[str, Any]]]:
    """A list's pages: its lines :data:`PAGE_ROWS` a page, each with ``context``, its rows, its
    links to the next and previous pages and its base."""
    chunks = [lines[i : i + PAGE_ROWS] for i in range(0, len(lines), PAGE_ROWS)]
    return [
        (
            pages.path(n),
            template,
            {
                **context,
                "rows": Markup("\n".join(chunk)),
                "paging": pager(pages, n, len(chunks)),
                "base": base_for(pages.path(n)),
            },
        )
        for n, chunk in enumerate(chunks, 1)
    ]


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
