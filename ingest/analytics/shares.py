"""One event's share of a scope's totals (:mod:`ingest.analytics.totals`): what the figures,
the lists behind them and the match documents take from the event, taken from its record
once, compactly, so that the record itself is let go once its share is made.

A share holds no record: its counted matches are eight whole numbers each in one array (the
two archetypes as places in the event's own list of them, the stage, the round, the result
and the games), its decks a pair of tuples (each player's key and archetype), its top cut
the few rows its lists show. A build folds a format's records into its totals one at a time
(decoded, its share taken, let go), so no format's records are ever held decoded together:
on the weekly archive a share is about a tenth of its decoded record.
"""

from __future__ import annotations

import datetime as dt
from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ingest.analytics.figure_values import SLOTS, MatchRef, left_out
from ingest.analytics.records import UNKNOWN, EventRecord

STAGES = ("swiss", "playoff")
"""The stages a match row is in (:attr:`~ingest.analytics.records.MatchRow.stage`)."""

RESULTS = ("win", "loss", "draw")
"""A slot of :data:`~ingest.analytics.figure_values.SLOTS` as its result."""

FINISHES = ("top1", "top4", "top8", "cut")
"""The levels of the top cut, deepest first: a deck's finish is the deepest it reached."""

WIDTH = 8
"""Whole numbers per counted match in :attr:`Share.matches`."""


@dataclass(frozen=True, slots=True)
class Share:
    """What one event (its lists public) adds to a scope's totals, and what the lists name of it."""

    slug: str
    name: str
    date: dt.date
    key: tuple[dt.date, str]
    """(date, slug): its place in every list of events, oldest first (one object, however many lists hold it)."""
    field: int
    """Players in the event."""
    decks: tuple[tuple[str, int], ...]
    """Its decks by archetype (:data:`~ingest.analytics.records.UNKNOWN` for a deck not classified),
    in the order the roster first names each."""
    keys: tuple[str, ...]
    """Each deck's player (key across events), in roster order."""
    archetypes: tuple[str, ...]
    """Each deck's archetype, in roster order (with :attr:`keys`, the entries)."""
    names: tuple[str, ...]
    """The archetypes :attr:`matches` name, by place."""
    matches: array[int]
    """Each counted match once, from its first player's side (:data:`WIDTH` numbers: the two
    archetypes' places in :attr:`names`, the stage's in :data:`STAGES`, the round, the
    result's slot, the games won, lost and drawn or -1, -1, -1 when none were recorded)."""
    mirrors: tuple[tuple[str, int], ...]
    excluded: tuple[tuple[str, int], ...]
    """Entries left out, by reason."""
    counted: int
    placed: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]
    """Each level of its top cut: (level, players who reached it, reached by archetype)."""
    cut: tuple[tuple[int, str, str, str], ...]
    """Its decks in the top cut as their list shows them, deepest finish first: (the finish's
    place in :data:`FINISHES`, the player as published, archetype, finish)."""

    def listed(self) -> tuple[object, ...]:
        """What the lists behind the figures show of the event (its place, name, decks and top
        cut): a list that holds an event whose :meth:`listed` is the same is unchanged by it."""
        return (self.key, self.name, self.decks, self.cut)

    @property
    def players(self) -> int:
        """Its decks (a deck a player)."""
        return len(self.keys)

    def counted_matches(self) -> Iterator[tuple[str, str, str, int, int, tuple[int, int, int] | None]]:
        """Each counted match once: (archetype, opponent, stage, round, slot, games), from the first player's side."""
        m, names = self.matches, self.names
        for i in range(0, len(m), WIDTH):
            games = (m[i + 5], m[i + 6], m[i + 7]) if m[i + 5] >= 0 else None
            yield names[m[i]], names[m[i + 1]], STAGES[m[i + 2]], m[i + 3], m[i + 4], games

    def sources(self) -> Iterator[tuple[tuple[str, str], MatchRef]]:
        """Each counted match from both sides: (matrix cell, the match from the cell's archetype's side)."""
        for a, b, stage, number, slot, g in self.counted_matches():
            yield (a, b), MatchRef(self.slug, stage, number, RESULTS[slot], g)
            flipped = (g[1], g[0], g[2]) if g is not None else None
            yield (b, a), MatchRef(self.slug, stage, number, RESULTS[(1, 0, 2)[slot]], flipped)


def share_of(r: EventRecord) -> Share:
    """What ``r`` adds to a scope's totals (its lists public: else it adds nothing but its name)."""
    arch = r.archetypes()
    here: Counter[str] = Counter(arch.values())
    keys = tuple(key for _pid, _name, _arch, key in r.players)
    archetypes = tuple(arch[pid] for pid, _name, _arch, _key in r.players)
    places: dict[str, int] = {}
    numbers: list[int] = []
    mirrors: Counter[str] = Counter()
    excluded: Counter[str] = Counter()
    counted = 0
    for m in r.matches:
        result = m.result if m.kind == "played" else ""
        if not result:
            excluded[left_out(m)] += 1
            continue
        a, b = arch.get(m.a, UNKNOWN), arch.get(m.b, UNKNOWN)
        if a == b:
            mirrors[a] += 1
            excluded["mirror"] += 1
            continue
        counted += 1
        ia, ib = places.setdefault(a, len(places)), places.setdefault(b, len(places))
        g = m.games if m.games is not None else (-1, -1, -1)
        numbers.extend((ia, ib, STAGES.index(m.stage), m.round, SLOTS[result], *g))
    placed = tuple(
        (p.level, len(p.players), tuple(sorted(Counter(arch.get(x, UNKNOWN) for x in p.players).items())))
        for p in r.placings
    )
    cut = []
    for pid, name, _arch, _key in r.players:
        levels = {p.level for p in r.placings if pid in p.players}
        finish = next((lv for lv in FINISHES if lv in levels), "")
        if finish:
            cut.append((FINISHES.index(finish), name, arch[pid], finish))
    return Share(
        r.slug,
        r.name,
        r.date,
        (r.date, r.slug),
        r.field,
        tuple(here.items()),
        keys,
        archetypes,
        tuple(places),
        array("i", numbers),
        tuple(sorted(mirrors.items())),
        tuple(sorted(excluded.items())),
        counted,
        placed,
        tuple(sorted(cut)),
    )
