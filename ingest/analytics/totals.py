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
  each event's are kept with it (:mod:`ingest.analytics.shares`), and put together only
  when asked (the pages show a cell's tally; the match documents are made from the shares);
* win rates, shares, Wilson intervals, ratios: computed at the end from the sums.

Besides the sums the totals keep the scope's events in order, per archetype (its decks, its
decks in a top cut) and per week and month: the lists behind the figures are drawn from
these (:mod:`ingest.site.analytics_rows`) without sorting the scope's events again.

Every build computes the figures from these totals: a build that keeps nothing folds the
format's records in one at a time (:mod:`ingest.analytics.format_sums`), ``serve`` and a
build that finds them in the build cache patch them per event. The one-pass
:func:`ingest.analytics.figures.analyse`, written independently, is what
``tests/analytics/test_totals.py`` checks them with, after random changes, additions and
removals.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left, insort
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, MutableMapping
from fractions import Fraction
from typing import TypeVar

from ingest.analytics.figure_values import (
    LEVELS,
    Analytics,
    Cell,
    Conversion,
    MatchRef,
    PeriodShare,
    Scope,
    Tally,
    archetype_row,
    period_of,
)
from ingest.analytics.intervals import rate
from ingest.analytics.records import UNKNOWN, EventRecord
from ingest.analytics.shares import Share, share_of

PERIODS = ("week", "month")
"""The kinds of period whose shares the totals keep (:func:`~ingest.analytics.figures.pick_period`)."""

K = TypeVar("K")


def _bump(counter: Counter[K], key: K, n: int) -> None:
    """Adds ``n`` (negative: takes away), dropping a key that reaches 0 (a sum never holds one)."""
    value = counter[key] + n
    if value:
        counter[key] = value
    else:
        del counter[key]


class Totals:
    """The sums of one scope's figures over its events, each event's share kept with them,
    and the scope's events in order for the lists (by archetype, by period)."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.shares: MutableMapping[str, Share] = {}
        """Each counted event's share, by slug (its lists public)."""
        self.left_out: dict[str, dt.date] = {}
        """The scope's events whose lists are not public: their dates, by slug."""
        self.order: list[tuple[dt.date, str]] = []
        """The counted events, oldest first (their :attr:`Share.key`)."""
        self.by_archetype: dict[str, list[tuple[dt.date, str]]] = {}
        """Per archetype, the counted events with a deck of it, oldest first."""
        self.in_cut: dict[str, list[tuple[dt.date, str]]] = {}
        """Per archetype, the counted events with a deck of it in the top cut, oldest first."""
        self.in_period: dict[str, dict[str, list[tuple[dt.date, str]]]] = {p: {} for p in PERIODS}
        """Per kind of period, per period, its counted events, oldest first."""
        self.decks: Counter[str] = Counter()
        self.dates: Counter[dt.date] = Counter()
        self.players: dict[str, dict[str, int]] = {}
        """Each player's decks by archetype."""
        self.periods: dict[str, MutableMapping[str, dict[str, dict[str, int]]]] = {p: {} for p in PERIODS}
        """Per kind of period, per period, each player's decks by archetype."""
        self.tallies: dict[str, dict[str, list[int]]] = defaultdict(dict)
        self.mirrors: Counter[str] = Counter()
        self.excluded: Counter[str] = Counter()
        self.counted = 0
        self.conv_decks: Counter[tuple[str, str]] = Counter()
        self.conv_reached: Counter[tuple[str, str]] = Counter()
        self.conv_expected: dict[tuple[str, str], dict[int, int]] = {}
        """Expected conversions, (archetype, level): by an event's players, the numerators over them."""
        self.trend: dict[tuple[str, str], tuple[tuple[str, ...], PeriodShare]] = {}
        """Each (kind, period)'s share as :meth:`figures` last computed it, with the order of
        archetypes it was computed in (forgotten when an event of the period is put in or taken out)."""

    @classmethod
    def of(cls, records: Iterable[EventRecord], scope: Scope) -> Totals:
        """The totals of ``records`` (each let go once its share is taken)."""
        totals = cls(scope)
        for r in records:
            totals.add(r)
        return totals

    def __contains__(self, slug: str) -> bool:
        return slug in self.shares or slug in self.left_out

    def add(self, r: EventRecord) -> Share | None:
        """Puts ``r`` in (if the scope counts it; an event already in is taken out first);
        returns its share (None: its lists are not public, or the scope does not count it)."""
        self.remove(r.slug)
        if not self.scope.counts(r):
            return None
        if not r.lists_public:
            self.left_out[r.slug] = r.date
            return None
        share = share_of(r)
        self.put(share)
        return share

    def put(self, share: Share) -> None:
        """Puts an event's share in (another scope's of the same format: a season takes the
        format's), taking out what the scope held of the event; the scope must count it."""
        self.remove(share.slug)
        self.shares[share.slug] = share
        self._apply(share, 1)

    def leave_out(self, slug: str, date: dt.date) -> None:
        """Counts the event ``slug`` (the scope's, its lists not public) as left out."""
        self.remove(slug)
        self.left_out[slug] = date

    def remove(self, slug: str) -> None:
        """Takes the event ``slug`` out (nothing when it is not in)."""
        self.left_out.pop(slug, None)
        share = self.shares.pop(slug, None)
        if share is not None:
            self._apply(share, -1)

    def _apply(self, s: Share, sign: int) -> None:
        adding = sign > 0
        for a, n in s.decks:
            _bump(self.decks, a, sign * n)
            _listed(self.by_archetype, a, s.key, adding)
        for a in {arch for _rank, _name, arch, _finish in s.cut}:
            _listed(self.in_cut, a, s.key, adding)
        if adding:
            insort(self.order, s.key)
        else:
            _take(self.order, s.key)
        _bump(self.dates, s.date, sign)
        weeks_months = [(kind, period_of(s.date, kind)) for kind in PERIODS]
        for kind, p in weeks_months:
            _listed(self.in_period[kind], p, s.key, adding)
        entries = list(zip(s.keys, s.archetypes, strict=True))
        for by_player, where in [
            (self.players, None),
            *((self.periods[k].setdefault(p, {}), (k, p)) for k, p in weeks_months if entries),
        ]:
            if adding:
                for key, a in entries:
                    mine = by_player.get(key)
                    if mine is None:
                        by_player[key] = {a: 1}
                    else:
                        mine[a] = mine.get(a, 0) + 1
                continue
            for key, a in entries:
                mine = by_player[key]
                left = mine[a] - 1
                if left:
                    mine[a] = left
                else:
                    del mine[a]
                    if not mine:
                        del by_player[key]
            if where is not None and not by_player:
                del self.periods[where[0]][where[1]]
        for known in weeks_months:
            self.trend.pop(known, None)
        for a, b, _stage, _round, slot, _games in s.counted_matches():
            for x, y, z in ((a, b, slot), (b, a, (1, 0, 2)[slot])):
                row = self.tallies[x]
                cell = row.setdefault(y, [0, 0, 0])
                cell[z] += sign
                if not adding and not any(cell):
                    del row[y]
                    if not row:
                        del self.tallies[x]
        for a, n in s.mirrors:
            _bump(self.mirrors, a, sign * n)
        for reason, n in s.excluded:
            _bump(self.excluded, reason, sign * n)
        self.counted += sign * s.counted
        for level_name, size, reached_by in s.placed:
            reached = dict(reached_by)
            for a, n in s.decks:
                level = (a, level_name)
                _bump(self.conv_decks, level, sign * n)
                self.conv_reached[level] += sign * reached.get(a, 0)
                parts = self.conv_expected.setdefault(level, {})
                numerator = parts.get(s.field, 0) + sign * n * size
                if numerator:
                    parts[s.field] = numerator
                else:
                    parts.pop(s.field, None)
                if level not in self.conv_decks:
                    self.conv_expected.pop(level, None)
                    self.conv_reached.pop(level, None)

    def events(self) -> list[Share]:
        """The counted events' shares, oldest first."""
        return [self.shares[slug] for _day, slug in self.order]

    def figures(self, period: str | None = None, *, sources: bool = False) -> Analytics:
        """The scope's figures (:class:`~ingest.analytics.figures.Analytics`) from the sums.
        A matrix cell holds the matches it counted only with ``sources`` (the pages show its
        tally; the match documents are made from the shares): gathering them reads every
        counted match of the scope."""
        period = period or _pick(self.dates)
        decks = self.decks
        names = tuple(sorted(decks, key=lambda a: (-decks[a], a == UNKNOWN, a.casefold(), a)))
        total = sum(decks.values())
        weights = _weights(self.players)
        players_total = len(self.players)
        found = self._sources() if sources else {}
        rows = []
        for a in names:
            mine = self.tallies.get(a, {})
            cells = [Cell(b, Tally(*mine[b]), tuple(found.get((a, b), ()))) for b in names if b != a and b in mine]
            rows.append(archetype_row(a, decks[a], weights[a], total, players_total, self.mirrors[a], cells))
        trend = []
        by_period = self.periods[period] if period in self.periods else _periods(self.events(), period)
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
                sum((Fraction(n, field) for field, n in self.conv_expected[(a, level)].items()), Fraction(0)),
                rate(self.conv_reached[(a, level)], self.conv_decks[(a, level)]),
            )
            for level in LEVELS
            for a in names
            if self.conv_decks.get((a, level))
        )
        return Analytics(
            self.scope,
            tuple(slug for _day, slug in self.order),
            tuple(slug for _day, slug in sorted((day, slug) for slug, day in self.left_out.items())),
            period,
            names,
            tuple(rows),
            tuple(trend),
            conversion,
            self.counted,
            tuple(sorted(self.excluded.items())),
        )

    def _sources(self) -> dict[tuple[str, str], list[MatchRef]]:
        """Each matrix cell's matches, in the events' order."""
        found: dict[tuple[str, str], list[MatchRef]] = {}
        for s in self.events():
            for cell, ref in s.sources():
                found.setdefault(cell, []).append(ref)
        return found


def _listed(lists: dict[str, list[tuple[dt.date, str]]], name: str, key: tuple[dt.date, str], adding: bool) -> None:
    """Puts ``key`` in its place in ``lists[name]`` (oldest first), or takes it out (and the list once empty)."""
    found = lists.get(name)
    if adding:
        if found is None:
            lists[name] = [key]
        else:
            insort(found, key)
    elif found is not None:
        _take(found, key)
        if not found:
            del lists[name]


def _take(found: list[tuple[dt.date, str]], key: tuple[dt.date, str]) -> None:
    """Takes ``key`` out of the sorted ``found``."""
    at = bisect_left(found, key)
    if at < len(found) and found[at] == key:
        del found[at]


def _pick(dates: Mapping[dt.date, int]) -> str:
    """:func:`~ingest.analytics.figure_values.pick_period` over the dates' multiset."""
    if dates and (max(dates) - min(dates)).days <= 16 * 7:
        return "week"
    return "month"


def _periods(order: Iterable[Share], period: str) -> dict[str, dict[str, dict[str, int]]]:
    """Each player's decks by archetype per period of a kind the totals do not keep."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for s in order:
        by_player = out.setdefault(period_of(s.date, period), {})
        for key, a in zip(s.keys, s.archetypes, strict=True):
            by_player.setdefault(key, Counter())[a] += 1
    return out


def _weights(by_player: Mapping[str, Mapping[str, int]]) -> dict[str, Fraction]:
    """Each archetype's distinct players: a player counts 1, split over their decks (a
    player with k decks counts 1/k a deck)."""
    split: dict[str, Counter[int]] = defaultdict(Counter)
    for mine in by_player.values():
        k = sum(mine.values())
        for a, n in mine.items():
            split[a][k] += n
    return {a: sum((Fraction(n, k) for k, n in by.items()), Fraction(0)) for a, by in split.items()}
