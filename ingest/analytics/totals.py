"""The sums a scope's figures are computed from, kept per event so that a changed event is
patched in: its old share taken out, its new one put in, without reading the others.

Every figure of :mod:`ingest.analytics.figures` is a sum over the scope's events, or is
computed at the end from sums:

* decks per archetype, matches per pair of archetypes (wins, losses, draws), mirrors,
  left-out entries by reason, matches counted, conversion counts (decks and reached per
  archetype and level) and expected conversions (each event's decks x reached / players:
  an exact fraction per event, summed): sums;
* distinct players and each archetype's players (a player on k archetypes counts 1/k on
  each): not a sum over events, but computed at the end from a sum, each player's entries
  by archetype (a multiset per player), for the scope and for each week and month;
* the period (weeks for a scope of up to 16 weeks): from the multiset of the counted
  events' dates, read at the end;
* each matrix cell's matches (:class:`~ingest.analytics.figures.MatchRef`), in date order:
  each event's are kept with it, and put together at the end in the events' order;
* win rates, shares, Wilson intervals, ratios: computed at the end from the sums.

``serve`` keeps these totals between builds (:mod:`ingest.analytics.format_sums`); a build
that keeps nothing computes the same figures in one pass over the records
(:func:`ingest.analytics.figures.analyse`). The two are written independently, and
``tests/analytics/test_totals.py`` checks that the patched totals give the one-pass figures
after random changes, additions and removals.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from ingest.analytics.figure_values import (
    LEVELS,
    SLOTS,
    Analytics,
    Cell,
    Conversion,
    MatchRef,
    PeriodShare,
    Scope,
    Tally,
    archetype_row,
    left_out,
    period_of,
)
from ingest.analytics.intervals import rate
from ingest.analytics.records import UNKNOWN, EventRecord

PERIODS = ("week", "month")
"""The kinds of period whose shares the totals keep (:func:`~ingest.analytics.figures.pick_period`)."""

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Share:
    """One event's contribution to a scope's totals (what :meth:`Totals.add` put in)."""

    record: EventRecord
    decks: Counter[str]
    entries: tuple[tuple[str, str], ...]
    """(player key, archetype), one per deck."""
    tallies: tuple[tuple[str, str, int], ...]
    """(archetype, opponent, slot) per counted match, from both sides."""
    sources: tuple[tuple[tuple[str, str], MatchRef], ...]
    mirrors: Counter[str]
    excluded: Counter[str]
    counted: int
    conversion: tuple[tuple[tuple[str, str], int, int, Fraction], ...]
    """((archetype, level), decks, reached, expected)."""
    cells: Mapping[tuple[str, str], tuple[MatchRef, ...]]
    """Its :attr:`sources` by matrix cell, in the same order."""


def share_of(r: EventRecord) -> Share:
    """What ``r`` adds to a scope's totals (its decks, counted matches, conversion counts)."""
    arch = r.archetypes()
    keys = {pid: key for pid, _, _, key in r.players}
    here = Counter(arch.values())
    entries = tuple((keys[pid], a) for pid, a in arch.items())
    tallies: list[tuple[str, str, int]] = []
    sources: list[tuple[tuple[str, str], MatchRef]] = []
    mirrors: Counter[str] = Counter()
    excluded: Counter[str] = Counter()
    counted = 0
    if r.lists_public:
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
            slot = SLOTS[result]
            tallies.append((a, b, slot))
            tallies.append((b, a, (1, 0, 2)[slot]))
            g = m.games
            sources.append(((a, b), MatchRef(r.slug, m.stage, m.round, result, g)))
            flipped = (g[1], g[0], g[2]) if g is not None else None
            sources.append(((b, a), MatchRef(r.slug, m.stage, m.round, ("loss", "win", "draw")[slot], flipped)))
    conversion = []
    for placing in r.placings if r.lists_public else ():
        reached = Counter(arch.get(p, UNKNOWN) for p in placing.players)
        for a, n in here.items():
            expected = Fraction(n * len(placing.players), r.field)
            conversion.append(((a, placing.level), n, reached[a], expected))
    cells: dict[tuple[str, str], list[MatchRef]] = {}
    for cell, ref in sources:
        cells.setdefault(cell, []).append(ref)
    by_cell = {cell: tuple(refs) for cell, refs in cells.items()}
    return Share(
        r, here, entries, tuple(tallies), tuple(sources), mirrors, excluded, counted, tuple(conversion), by_cell
    )


def _bump(counter: Counter[K], key: K, n: int) -> None:
    """Adds ``n`` (negative: takes away), dropping a key that reaches 0 (a sum never holds one)."""
    value = counter[key] + n
    if value:
        counter[key] = value
    else:
        del counter[key]


class Totals:
    """The sums of one scope's figures over its events, each event's share kept with them."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.shares: dict[str, Share] = {}
        """Each counted event's share, by slug (its lists public)."""
        self.left_out: dict[str, EventRecord] = {}
        """The scope's events whose lists are not public, by slug."""
        self.decks: Counter[str] = Counter()
        self.dates: Counter[dt.date] = Counter()
        self.players: dict[str, Counter[str]] = {}
        """Each player's decks by archetype."""
        self.periods: dict[str, dict[str, dict[str, Counter[str]]]] = {p: {} for p in PERIODS}
        """Per kind of period, per period, each player's decks by archetype."""
        self.tallies: dict[str, dict[str, list[int]]] = defaultdict(dict)
        self.mirrors: Counter[str] = Counter()
        self.excluded: Counter[str] = Counter()
        self.counted = 0
        self.conv_decks: Counter[tuple[str, str]] = Counter()
        self.conv_reached: Counter[tuple[str, str]] = Counter()
        self.conv_expected: dict[tuple[str, str], Fraction] = {}
        self.cells: dict[tuple[str, str], tuple[MatchRef, ...]] = {}
        """Each matrix cell's matches as :meth:`figures` last put them together (a cell an
        event's share touches is forgotten when it is put in or taken out)."""
        self.trend: dict[tuple[str, str], tuple[tuple[str, ...], PeriodShare]] = {}
        """Each (kind, period)'s share as :meth:`figures` last computed it, with the order of
        archetypes it was computed in (forgotten when an event of the period is put in or taken out)."""

    @classmethod
    def of(cls, records: Iterable[EventRecord], scope: Scope) -> Totals:
        totals = cls(scope)
        for r in records:
            totals.add(r)
        return totals

    def __contains__(self, slug: str) -> bool:
        return slug in self.shares or slug in self.left_out

    def add(self, r: EventRecord) -> None:
        """Puts ``r`` in (if the scope counts it; an event already in is taken out first)."""
        self.remove(r.slug)
        if not self.scope.counts(r):
            return
        if not r.lists_public:
            self.left_out[r.slug] = r
            return
        share = share_of(r)
        self.shares[r.slug] = share
        self._apply(share, 1)

    def remove(self, slug: str) -> None:
        """Takes the event ``slug`` out (nothing when it is not in)."""
        self.left_out.pop(slug, None)
        share = self.shares.pop(slug, None)
        if share is not None:
            self._apply(share, -1)

    def _apply(self, s: Share, sign: int) -> None:
        r = s.record
        for a, n in s.decks.items():
            _bump(self.decks, a, sign * n)
        _bump(self.dates, r.date, sign)
        adding = sign > 0
        weeks_months = [(kind, period_of(r.date, kind)) for kind in PERIODS]
        for by_player, where in [
            (self.players, None),
            *((self.periods[k].setdefault(p, {}), (k, p)) for k, p in weeks_months),
        ]:
            if adding:
                for key, a in s.entries:
                    mine = by_player.get(key)
                    if mine is None:
                        by_player[key] = Counter({a: 1})
                    else:
                        mine[a] += 1
                continue
            for key, a in s.entries:
                mine = by_player[key]
                _bump(mine, a, -1)
                if not mine:
                    del by_player[key]
            if where is not None and not by_player:
                del self.periods[where[0]][where[1]]
        for touched in s.cells:
            self.cells.pop(touched, None)
        for known in weeks_months:
            self.trend.pop(known, None)
        for a, b, slot in s.tallies:
            row = self.tallies[a]
            cell = row.setdefault(b, [0, 0, 0])
            cell[slot] += sign
            if not adding and not any(cell):
                del row[b]
                if not row:
                    del self.tallies[a]
        for a, n in s.mirrors.items():
            _bump(self.mirrors, a, sign * n)
        for reason, n in s.excluded.items():
            _bump(self.excluded, reason, sign * n)
        self.counted += sign * s.counted
        for level, decks, reached, expected in s.conversion:
            _bump(self.conv_decks, level, sign * decks)
            self.conv_reached[level] += sign * reached
            total = self.conv_expected.get(level, Fraction(0)) + sign * expected
            if level in self.conv_decks:
                self.conv_expected[level] = total
            else:
                self.conv_expected.pop(level, None)
                self.conv_reached.pop(level, None)

    def figures(self, period: str | None = None) -> Analytics:
        """The scope's figures (:class:`~ingest.analytics.figures.Analytics`) from the sums."""
        order = sorted(self.shares.values(), key=lambda s: (s.record.date, s.record.slug))
        period = period or _pick(self.dates)
        decks = self.decks
        names = tuple(sorted(decks, key=lambda a: (-decks[a], a == UNKNOWN, a.casefold(), a)))
        total = sum(decks.values())
        weights = _weights(self.players)
        players_total = len(self.players)
        rows = []
        for a in names:
            mine = self.tallies.get(a, {})
            cells = [Cell(b, Tally(*mine[b]), self._sources((a, b), order)) for b in names if b != a and b in mine]
            rows.append(archetype_row(a, decks[a], weights[a], total, players_total, self.mirrors[a], cells))
        trend = []
        by_period = self.periods[period] if period in self.periods else _periods(order, period)
        for p in sorted(by_period):
            known = self.trend.get((period, p))
            if known is not None and known[0] == names:
                trend.append(known[1])
                continue
            by_player = by_period[p]
            per: Counter[str] = Counter()
            for mine_ in by_player.values():
                per.update(mine_)
            items = sum(per.values())
            pw = _weights(by_player)
            distinct = len(by_player)
            shares = tuple((a, per[a], Fraction(per[a], items), pw[a] / distinct) for a in names if per[a])
            trend.append(PeriodShare(p, items, distinct, shares))
            if period in PERIODS:
                self.trend[(period, p)] = (names, trend[-1])
        conversion = tuple(
            Conversion(
                a,
                level,
                self.conv_decks[(a, level)],
                self.conv_reached[(a, level)],
                self.conv_expected[(a, level)],
                rate(self.conv_reached[(a, level)], self.conv_decks[(a, level)]),
            )
            for level in LEVELS
            for a in names
            if self.conv_decks.get((a, level))
        )
        chosen = sorted([*(s.record for s in order), *self.left_out.values()], key=lambda r: (r.date, r.slug))
        return Analytics(
            self.scope,
            tuple(s.record.slug for s in order),
            tuple(r.slug for r in chosen if not r.lists_public),
            period,
            names,
            tuple(rows),
            tuple(trend),
            conversion,
            self.counted,
            tuple(sorted(self.excluded.items())),
        )

    def _sources(self, cell: tuple[str, str], order: Iterable[Share]) -> tuple[MatchRef, ...]:
        """The cell's matches, in the events' order (as last put together, unless an event
        touching the cell was put in or taken out since)."""
        found = self.cells.get(cell)
        if found is None:
            found = tuple(ref for s in order for ref in s.cells.get(cell, ()))
            self.cells[cell] = found
        return found

    def records(self) -> dict[str, EventRecord]:
        """The scope's events' records (its counted events and those left out), by slug."""
        return {**{slug: s.record for slug, s in self.shares.items()}, **self.left_out}


def _pick(dates: Mapping[dt.date, int]) -> str:
    """:func:`~ingest.analytics.figure_values.pick_period` over the dates' multiset."""
    if dates and (max(dates) - min(dates)).days <= 16 * 7:
        return "week"
    return "month"


def _periods(order: Iterable[Share], period: str) -> dict[str, dict[str, Counter[str]]]:
    """Each player's decks by archetype per period of a kind the totals do not keep."""
    out: dict[str, dict[str, Counter[str]]] = {}
    for s in order:
        by_player = out.setdefault(period_of(s.record.date, period), {})
        for key, a in s.entries:
            by_player.setdefault(key, Counter())[a] += 1
    return out


def _weights(by_player: Mapping[str, Counter[str]]) -> dict[str, Fraction]:
    """Each archetype's distinct players: a player counts 1, split over their decks (a
    player with k decks counts 1/k a deck)."""
    split: dict[str, Counter[int]] = defaultdict(Counter)
    for mine in by_player.values():
        k = sum(mine.values())
        for a, n in mine.items():
            split[a][k] += n
    return {a: sum((Fraction(n, k) for k, n in by.items()), Fraction(0)) for a, by in split.items()}
