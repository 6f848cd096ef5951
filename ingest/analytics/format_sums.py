"""A format's totals (:mod:`ingest.analytics.totals`) as a build keeps them between builds:
for all its events and for each season, with the digest each event's record had
(:attr:`~ingest.analytics.records.KeptRecord.digest`). The next build patches them: an
event whose digest is the same is not decoded, one whose digest changed (or that is new) is
decoded and put in again, one that is gone is taken out; a season takes its events' shares
from the format's totals. So a result changed in a format of 3,000 events decodes one
record, not 3,000; and a build that keeps nothing folds the format's records in one at a
time, never holding them decoded together.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ingest.analytics.figure_values import Scope
from ingest.analytics.records import EventRecord, KeptRecord
from ingest.analytics.shares import Share
from ingest.analytics.totals import Totals

YearKey = tuple[tuple[str, ...], tuple[tuple[dt.date, str], ...]]
"""What a year's match document is made from: the format's order of archetypes, the year's events."""


@dataclass(slots=True)
class FormatSums:
    """One format's totals, and the record digests they were summed from."""

    game: str
    format: str
    digests: dict[str, str] = field(default_factory=dict)
    """Each event's record digest, by slug."""
    whole: Totals | None = None
    """Every event of the format."""
    seasons: dict[str, Totals] = field(default_factory=dict)
    """Each season's, by id."""
    decoded: int = 0
    """The records decoded by the last :func:`patched` (what a test counts)."""
    changed: set[str] = field(default_factory=set)
    """The events put in, taken out or changed by the last :func:`patched` (all of them
    when nothing was kept before): the pages that list one of them are made again."""
    documents: dict[str, tuple[YearKey, dict[str, str], frozenset[str]]] = field(default_factory=dict)
    """Each year's match document as last made (:func:`ingest.site.analytics_data.patched_documents`):
    the key of what it was made from, its file (none for a year without a counted match) and
    the archetypes in it."""
    rebuilt: set[str] = field(default_factory=set)
    """The seasons whose totals the last :func:`patched` summed anew (their events changed):
    their lists are made anew."""
    replaced: dict[str, Share | None] = field(default_factory=dict)
    """The shares the events of :attr:`changed` had before :func:`patched` (None: none)."""
    lists: dict[str, KeptList] = field(default_factory=dict)
    """Each list as last made (:mod:`ingest.site.analytics_rows`), by its first page and rows."""
    rows: dict[str, dict[str, object]] = field(default_factory=dict)
    """Each event's rows in the lists as last written (:mod:`ingest.site.analytics_rows`), by
    slug, then by list (a watching process's; forgotten when the event changes)."""
    salt: str = ""
    """What :attr:`lists` and :attr:`rows` were made for (the templates and the language)."""


@dataclass(frozen=True, slots=True)
class KeptList:
    """A list behind the figures as last made: what its pages show besides their rows (as
    text), and each page's path and digest. Its events are the totals' when it was made:
    the events changed since (:attr:`FormatSums.replaced`) tell whether they still are."""

    header: str
    pages: tuple[tuple[str, str], ...]


def patched(
    before: FormatSums | None,
    game: str,
    fmt: str,
    events: Iterable[tuple[str, KeptRecord]],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
) -> FormatSums:
    """The format's totals over ``events`` (slug, kept record), patched from ``before`` (which
    is changed in place) when it is this format's: only the records whose digest changed are
    decoded, one at a time, each let go once its share is in the totals (with nothing
    before, every record: a build holds one record decoded at once). ``seasons``: each
    season's id, name and events; a season takes its events' shares from the format's."""
    if before is None or (before.game, before.format) != (game, fmt) or before.whole is None:
        before = FormatSums(game, fmt, whole=Totals(Scope(game, fmt)))
    sums = before
    whole = sums.whole
    assert whole is not None
    sums.decoded = 0
    sums.changed = set()
    sums.replaced = {}
    sums.rebuilt = set()
    seen: set[str] = set()
    for slug, kept in events:
        seen.add(slug)
        if sums.digests.get(slug) != kept.digest or slug not in whole:
            sums.replaced[slug] = whole.shares.get(slug)
            whole.add(kept.record)  # (decoded now, let go once its share is taken)
            sums.decoded += 1
            sums.digests[slug] = kept.digest
            sums.changed.add(slug)
    gone = [slug for slug in sums.digests if slug not in seen]
    for slug in gone:
        sums.replaced[slug] = whole.shares.get(slug)
        whole.remove(slug)
        del sums.digests[slug]
        sums.changed.add(slug)
    for slug in sums.changed:
        sums.rows.pop(slug, None)
    wanted = {sid for sid, _name, _slugs in seasons}
    for sid in [sid for sid in sums.seasons if sid not in wanted]:
        del sums.seasons[sid]
    for sid, _name, slugs in seasons:
        scope = Scope(game, fmt, slugs=slugs)
        season = sums.seasons.get(sid)
        if season is None or season.scope != scope:
            season = sums.seasons[sid] = Totals(scope)
            sums.rebuilt.add(sid)
            mine: Iterable[str] = sorted(slugs)
        else:
            mine = sums.changed
        for slug in mine:
            _take(season, whole, slug)
    return sums


def _take(season: Totals, whole: Totals, slug: str) -> None:
    """Puts in ``season`` what the format's totals hold of the event ``slug`` (if the season counts it)."""
    season.remove(slug)
    if season.scope.slugs is not None and slug not in season.scope.slugs:
        return
    share = whole.shares.get(slug)
    if share is not None:
        season.put(share)
    elif slug in whole.left_out:
        season.leave_out(slug, whole.left_out[slug])


def summed(
    game: str, fmt: str, records: Sequence[EventRecord], seasons: Sequence[tuple[str, str, frozenset[str]]]
) -> FormatSums:
    """The format's totals over ``records`` (decoded already), with nothing kept before."""
    return patched(None, game, fmt, [(r.slug, KeptRecord.of(r)) for r in records], seasons)
