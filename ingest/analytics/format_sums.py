"""A format's totals (:mod:`ingest.analytics.totals`) as a build keeps them between builds:
for all its events and for each season, with the digest each event's record had
(:attr:`~ingest.analytics.records.KeptRecord.digest`). The next build patches them: an
event whose digest is the same is not decoded, one whose digest changed (or that is new) is
decoded and put in again, one that is gone is taken out; a season whose events changed is
summed again from the records kept. So a result changed in a format of 3,000 events decodes
one record, not 3,000.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ingest.analytics.figure_values import Scope
from ingest.analytics.records import EventRecord, KeptRecord
from ingest.analytics.totals import Totals


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
    documents: dict[str, tuple[str, dict[str, str], frozenset[str]]] = field(default_factory=dict)
    """Each year's match document as last made (:func:`ingest.site.analytics_data.patched_documents`):
    the key of what it was made from, its file (none for a year without a counted match) and
    the archetypes in it."""

    def records(self) -> dict[str, EventRecord]:
        """The format's events' records, by slug."""
        return self.whole.records() if self.whole is not None else {}


def patched(
    before: FormatSums | None,
    game: str,
    fmt: str,
    events: Sequence[tuple[str, KeptRecord]],
    seasons: Sequence[tuple[str, str, frozenset[str]]],
) -> FormatSums:
    """The format's totals over ``events`` (slug, kept record), patched from ``before`` (which
    is changed in place) when it is this format's: only the records whose digest changed are
    decoded. ``seasons``: each season's id, name and events."""
    if before is None or (before.game, before.format) != (game, fmt) or before.whole is None:
        before = FormatSums(game, fmt, whole=Totals(Scope(game, fmt)))
    sums = before
    whole = sums.whole
    assert whole is not None
    now = dict(events)
    changed: list[EventRecord] = []
    gone = [slug for slug in sums.digests if slug not in now]
    for slug in gone:
        whole.remove(slug)
        del sums.digests[slug]
    sums.decoded = 0
    for slug, kept in events:
        if sums.digests.get(slug) != kept.digest or slug not in whole:
            record = kept.record
            sums.decoded += 1
            whole.add(record)
            sums.digests[slug] = kept.digest
            changed.append(record)
    records = whole.records()
    wanted = {sid for sid, _name, _slugs in seasons}
    for sid in [sid for sid in sums.seasons if sid not in wanted]:
        del sums.seasons[sid]
    for sid, _name, slugs in seasons:
        scope = Scope(game, fmt, slugs=slugs)
        season = sums.seasons.get(sid)
        if season is None or season.scope != scope:
            sums.seasons[sid] = Totals.of((records[s] for s in sorted(slugs) if s in records), scope)
            continue
        for slug in gone:
            season.remove(slug)
        for record in changed:
            season.add(record)
    return sums


def summed(
    game: str, fmt: str, records: Sequence[EventRecord], seasons: Sequence[tuple[str, str, frozenset[str]]]
) -> FormatSums:
    """The format's totals over ``records`` (decoded already), with nothing kept before."""
    return patched(None, game, fmt, [(r.slug, KeptRecord.of(r)) for r in records], seasons)
