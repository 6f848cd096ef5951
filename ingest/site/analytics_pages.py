"""The analytics pages: per format, for all its events and for each season that has some,
what the data says (metagame share over time, win rates, the matchup matrix, conversion to
the top cut), and per archetype the list of the matches its figures were computed from,
each linking to its round. Made from the events' analytics records
(:attr:`~ingest.site.brief.EventBrief.analytics`), so the build cache serves them like the
other pages about many events, a format's pages in a file of their own
(:mod:`ingest.publish.analytics_cache`). An unchanged format is recognised by a digest of
its events' record digests, checked first: its records are not decoded, nor its pages made.

Pages (from the site root): ``analytics/<game>/<format>/`` (every event of the format),
``analytics/<game>/<format>/seasons/<season>/`` (a season's), and
``analytics/<game>/<format>/archetypes/<archetype>/`` (the matches behind an archetype's
figures; a season's page links to the same lists, which give each match's date). Each
scope's decks, top cuts and periods are listed under its own folder
(:mod:`ingest.site.analytics_lists`): a season's lists hold the season's events only.

This module decides which formats' pages are made; the code that makes them, with the
figures, is :mod:`ingest.site.analytics_format`, imported only when a format's pages are
made: a build in a new process after a result in a format without analytics pages (or no
change at all) imports none of it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ingest.core.games import GAMES
from ingest.site import i18n
from ingest.site.brief import EventBrief
from ingest.site.fragments import fragments_key
from ingest.site.page import Files, SiteInputs, page_files
from ingest.site.templates import Templates

if TYPE_CHECKING:  # (the figures' code is imported only when a format's pages are made)
    from ingest.analytics.format_sums import FormatSums


def analytics_root(game: str, fmt: str) -> str:
    """A format's analytics page, from the site root."""
    return f"analytics/{game}/{fmt}/"


def _season_slugs(inputs: SiteInputs, briefs: Sequence[EventBrief]) -> list[tuple[str, str, frozenset[str]]]:
    """Each season's id, name and events."""
    out = []
    for season in inputs.seasons:
        slugs = frozenset(
            d.history.slug
            for d in briefs
            if season.selection.counts(
                d.history.slug, d.history.date, d.history.game, d.history.format, d.history.organizer
            )
        )
        out.append((season.id, season.name, slugs))
    return out


def formats_with_analytics(briefs: Sequence[EventBrief]) -> set[tuple[str, str]]:
    """The formats that have an analytics page: some event of theirs with public lists that
    name an archetype (a field of unclassified decks says nothing)."""
    return {
        (d.analytics.game, d.analytics.format)
        for d in briefs
        if d.analytics is not None and d.analytics.names_archetypes and d.analytics.format != "other"
    }


Format = tuple[str, str]
"""A format: (game, format id)."""


class KeptPages(Protocol):
    """Where a build finds each format's analytics pages made before, by the key of what they
    were made from (the build cache: :class:`ingest.publish.analytics_cache.AnalyticsCache`)."""

    def listed(self, fmt: Format, key: str, remake: Callable[[], Files]) -> Collection[str] | None:
        """The paths of the format's pages made under ``key`` when the keeper has them written
        itself, as they were (they are not among the build's files, nor read): ``remake``
        makes them again should the keeper not have them whole. None: it has none, or does
        not write them."""

    def get(self, fmt: Format, key: str) -> Files | None:
        """The format's pages made under ``key``; None when there are none."""

    def last(self, fmt: Format) -> tuple[Files, Mapping[str, str]] | None:
        """The format's pages last made, whatever they were made from, with each page's
        digest (:class:`PageReuse`); None when there are none."""

    def put(
        self, fmt: Format, key: str, files: Files, digests: Mapping[str, str], sums: FormatSums | None = None
    ) -> None:
        """Keeps the format's pages just made under ``key`` (in place of those it had), with each
        page's digest, and the totals they were made from (in this process when it keeps
        totals; the build cache keeps them on disk too)."""

    keeps_totals: bool
    """Whether the keeper keeps each format's totals in memory (a watching process's), with
    each event's rows in the lists."""

    def sums(self, fmt: Format) -> FormatSums | None:
        """The format's totals kept by :meth:`put` or :meth:`hold`, in this process or on disk
        (the build patches them); None: none (the format's records are folded)."""

    def hold(self, fmt: Format, make: Callable[[], FormatSums]) -> None:
        """When the format's pages were not made (taken as they were): if the keeper keeps
        totals (a watching process's) and has none of the format, keeps those ``make`` sums,
        for the next build of this process to patch."""


class PagesInMemory:
    """:class:`KeptPages` in this process only: each format's last pages, their key and digests."""

    keeps_totals = True

    def __init__(self) -> None:
        self.pages: dict[Format, tuple[str, Files, Mapping[str, str]]] = {}
        self.totals: dict[Format, FormatSums] = {}

    def listed(self, fmt: Format, key: str, remake: Callable[[], Files]) -> Collection[str] | None:
        return None  # the pages are among the build's files

    def get(self, fmt: Format, key: str) -> Files | None:
        kept = self.pages.get(fmt)
        return kept[1] if kept is not None and kept[0] == key else None

    def last(self, fmt: Format) -> tuple[Files, Mapping[str, str]] | None:
        kept = self.pages.get(fmt)
        return (kept[1], kept[2]) if kept is not None else None

    def put(
        self, fmt: Format, key: str, files: Files, digests: Mapping[str, str], sums: FormatSums | None = None
    ) -> None:
        self.pages[fmt] = (key, files, digests)
        if sums is not None:
            self.totals[fmt] = sums

    def sums(self, fmt: Format) -> FormatSums | None:
        return self.totals.get(fmt)

    def hold(self, fmt: Format, make: Callable[[], FormatSums]) -> None:
        if fmt not in self.totals:
            self.totals[fmt] = make()


class PageReuse:
    """Makes a format's pages again, taking each page whose inputs are what they were from the
    format's last pages: a page is known by a digest of its template's name, its path and its
    context (with the templates' fingerprint and the language), so a result that changes a
    format's records but not what a page shows (a 2-0 that was a 2-1: the same winner) makes
    only its match documents again, and compiles no template. A context whose ``repr`` is
    not stable between processes only misses (its page is made)."""

    def __init__(self, salt: str, before: tuple[Files, Mapping[str, str]] | None) -> None:
        self.salt = salt
        self.old, self.before = before if before is not None else ({}, {})
        self.digests: dict[str, str] = {}
        """Each page made or taken, by path: its digest."""

    def take(self, path: str, digest: str) -> Files | None:
        """The page as last made when its digest was ``digest`` (its inputs not hashed again:
        the caller knows them unchanged), None when it is not kept so."""
        if self.before.get(path) != digest or path not in self.old:
            return None
        self.digests[path] = digest
        return {k: self.old[k] for k in (path, fragments_key(path)) if k in self.old}

    def digest(self, path: str) -> str | None:
        """The digest of the page made or taken under ``path`` in this build."""
        return self.digests.get(path)

    def make(self, path: str, templates: Templates, name: str, context: Mapping[str, Any]) -> Files:
        """:func:`~ingest.site.page.page_files`, or the page as last made when its digest is the same."""
        stable = {k: _stable(v) for k, v in context.items()}
        digest = hashlib.sha256(repr((self.salt, path, name, stable)).encode()).hexdigest()
        self.digests[path] = digest
        if self.before.get(path) == digest and path in self.old:
            return {k: self.old[k] for k in (path, fragments_key(path)) if k in self.old}
        return page_files(path, templates, name, context)


def _stable(value: object) -> object:
    """``value`` with the set in a season's scope sorted (its ``repr`` is the same in every process)."""
    from ingest.analytics.figures import Analytics  # (imported already: a page of figures is being made)

    if isinstance(value, Analytics) and value.scope.slugs is not None:
        scope = dataclasses.replace(value.scope, slugs=None)
        return (dataclasses.replace(value, scope=scope), sorted(value.scope.slugs))
    return value


def analytics_pages(
    inputs: SiteInputs,
    templates: Templates,
    briefs: Sequence[EventBrief],
    kept: KeptPages | None = None,
    fingerprint: str = "",
    elsewhere: list[str] | None = None,
) -> Files:
    """Every analytics page of the site.

    With ``kept``, a format's pages are made again only when what they are made from
    changed (its events' records, the seasons' events, the language, ``fingerprint``: the
    templates), so a result changed in one format leaves the others' pages as they were;
    ``kept`` is asked for a format's pages only when it has some, and a format's records are
    decoded only when its pages are made. With ``elsewhere`` too, the pages of a format
    that ``kept`` writes itself (:meth:`KeptPages.listed`) are left out of the files and
    their paths added to ``elsewhere``: a result in another format does not read them.
    A format's figures and lists are made from its totals: patched per event when ``kept``
    keeps them (``serve``), else folded from its records one at a time (each decoded, its
    share taken, let go: a build never holds a format's records decoded together).
    """
    by_format: dict[Format, list[EventBrief]] = defaultdict(list)
    for d in briefs:
        if d.analytics is not None:
            by_format[(d.analytics.game, d.analytics.format)].append(d)
    seasons = _season_slugs(inputs, briefs)
    files: Files = {}
    for game, fmt in sorted(formats_with_analytics(briefs)):
        mine = by_format[(game, fmt)]
        key = ""
        reuse = None
        salt = f"{fingerprint}\0{inputs.lang().key}"
        if kept is not None:
            key = _key(game, fmt, mine, seasons, inputs, fingerprint)
            if elsewhere is not None:
                listed = kept.listed((game, fmt), key, _maker(inputs, templates, game, fmt, mine, seasons))
                if listed is not None:
                    elsewhere.extend(listed)
                    _hold(kept, game, fmt, mine, seasons)
                    continue
            found = kept.get((game, fmt), key)
            if found is not None:
                files.update(found)
                _hold(kept, game, fmt, mine, seasons)
                continue
            reuse = PageReuse(salt, kept.last((game, fmt)))
        remember = kept is not None and kept.keeps_totals
        sums = _summed(kept.sums((game, fmt)) if kept is not None else None, game, fmt, mine, seasons)
        made = _format_pages(inputs, templates, game, fmt, sums, seasons, reuse, salt, remember)
        if kept is not None and reuse is not None:
            kept.put((game, fmt), key, made, reuse.digests, sums)
        files.update(made)
        del sums  # (a build that keeps no totals holds one format's at once)
    return files


def _maker(
    inputs: SiteInputs,
    templates: Templates,
    game: str,
    fmt: str,
    mine: Sequence[EventBrief],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
) -> Callable[[], Files]:
    """Makes the format's pages (all of them, in the site's language) when called."""

    def make() -> Files:
        with i18n.use(inputs.lang()):
            return _format_pages(inputs, templates, game, fmt, _summed(None, game, fmt, mine, seasons), seasons)

    return make


def _hold(
    kept: KeptPages, game: str, fmt: str, mine: Sequence[EventBrief], seasons: Sequence[tuple[str, str, frozenset[str]]]
) -> None:
    """A watching process's first build takes the format's pages as they were: it sums the
    format's events once (decoding their records one at a time) so that its next builds
    patch the totals per event (:mod:`ingest.analytics.format_sums`) rather than decode the
    whole format when a result in it changes."""
    if kept.keeps_totals:
        kept.hold((game, fmt), lambda: _summed(None, game, fmt, mine, seasons))


def _summed(
    before: FormatSums | None,
    game: str,
    fmt: str,
    mine: Sequence[EventBrief],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
) -> FormatSums:
    """The format's totals, ``before`` patched with its events' records as they are now: only
    the records whose digest changed are decoded (all of them without ``before``), one at a time."""
    from ingest.analytics.format_sums import patched

    events = ((d.history.slug, d.analytics) for d in mine if d.analytics is not None)
    return patched(before, game, fmt, events, seasons)


def season_analytics(inputs: SiteInputs, paths: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
    """By season id, the (format's name, page) of each of its analytics pages among ``paths``."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted(paths):
        m = re.fullmatch(r"analytics/([^/]+)/([^/]+)/seasons/([^/]+)/index\.md", path)
        if m:
            out[m[3]].append((_format_name(inputs, m[1], m[2]), path.removesuffix("index.md")))
    return dict(out)


def _key(
    game: str,
    fmt: str,
    briefs: Sequence[EventBrief],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
    inputs: SiteInputs,
    fingerprint: str,
) -> str:
    """What a format's analytics pages depend on, as a digest (plain text: kept on disk).

    Its events' records count by their digests (:attr:`KeptRecord.digest
    <ingest.analytics.records.KeptRecord.digest>`, taken when each event was made), so
    keying the pages of a 300-event format reads 300 short strings, not the records."""
    h = hashlib.sha256(repr((game, fmt, _format_name(inputs, game, fmt), inputs.lang().key, fingerprint)).encode())
    for sid, name, slugs in seasons:
        h.update(repr((sid, name, sorted(d.history.slug for d in briefs if d.history.slug in slugs))).encode())
    for d in briefs:
        if d.analytics is not None:
            h.update(d.analytics.digest.encode() + b"\0")
    return h.hexdigest()


def _format_name(inputs: SiteInputs, game: str, fmt: str) -> str:
    rules = inputs.formats.formats.get((game, fmt))
    return f"{GAMES.get(game, game)}: {rules.name if rules is not None else fmt}"


def _format_pages(
    inputs: SiteInputs,
    templates: Templates,
    game: str,
    fmt: str,
    sums: FormatSums,
    seasons: Sequence[tuple[str, str, frozenset[str]]],
    reuse: PageReuse | None = None,
    salt: str = "",
    remember: bool = False,
) -> Files:
    """One format's analytics pages: for all its events, each season's, each archetype's matches
    and lists, from the format's totals (with ``reuse``, a page whose inputs did not change is
    taken as it was; ``remember``: the totals are kept for the next build, with what the
    lists were made from). The code that makes them (:mod:`ingest.site.analytics_format`,
    with the figures, the lists and their views) is imported here, by a build that makes a
    format's pages: one that makes none imports none of it."""
    from ingest.site.analytics_format import format_pages

    make = reuse.make if reuse is not None else page_files
    name = _format_name(inputs, game, fmt)
    root = analytics_root(game, fmt)
    return format_pages(inputs, templates, game, fmt, name, root, sums, seasons, make, reuse, salt, remember)
