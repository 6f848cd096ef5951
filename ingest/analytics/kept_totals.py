"""A scope's sums (:class:`~ingest.analytics.totals.Totals`) as plain data, so that a build in
a new process takes them as the last build left them instead of adding up every event's
share again (:mod:`ingest.analytics.kept_sums` keeps them beside the shares).

At thousands of events, decoding every share and adding it in was most of what a one-result
build spent on the analytics (about 0.15 s of CPU per 1,000 weekly events), and computing
every month's metagame share again another 0.04 s per 1,000: the sums, the lists of events
and each period's share as last computed are read back as they were, and a share is
decoded only when something asks for it (:class:`KeptShares`: the changed event's, to take
it out; the lists' and documents' of a year that changed). What is read back is what the
totals held, field by field and in the same order: the figures and pages made from them are
those of totals summed again (``tests/analytics/test_kept_totals.py``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from fractions import Fraction
from typing import Any

from ingest.analytics.figure_values import PeriodShare
from ingest.analytics.shares import Share
from ingest.analytics.totals import PERIODS, Totals

Key = tuple[dt.date, str]


class KeptShares(MutableMapping[str, Share]):
    """The totals' shares by slug, each kept as its data (:mod:`ingest.analytics.kept_sums`)
    until asked for, then decoded once (``decode``)."""

    def __init__(self, raw: dict[str, Any], decode: Callable[[Any], Share]) -> None:
        self._raw = raw
        self._decoded: dict[str, Share] = {}
        self._decode = decode
        self.decoded = 0
        """How many shares were decoded (counted by the tests)."""

    def __getitem__(self, slug: str) -> Share:
        found = self._decoded.get(slug)
        if found is None:
            item = self._raw[slug]  # (KeyError: not a share of the totals)
            found = self._decoded[slug] = self._decode(item)
            del self._raw[slug]
            self.decoded += 1
        return found

    def __setitem__(self, slug: str, share: Share) -> None:
        self._raw.pop(slug, None)
        self._decoded[slug] = share

    def __delitem__(self, slug: str) -> None:
        if self._decoded.pop(slug, None) is None:
            del self._raw[slug]

    def __contains__(self, slug: object) -> bool:
        return slug in self._decoded or slug in self._raw

    def __iter__(self) -> Iterator[str]:
        yield from list(self._decoded)
        yield from list(self._raw)

    def __len__(self) -> int:
        return len(self._decoded) + len(self._raw)

    def data(self, slug: str, encode: Callable[[Share], Any]) -> Any:
        """The share of ``slug`` as data: as it was read when it was never decoded."""
        found = self._decoded.get(slug)
        return self._raw[slug] if found is None else encode(found)


def state_of(totals: Totals) -> dict[str, Any]:
    """What ``totals`` hold besides their shares, their left-out events and their order, as
    JSON-ready data (an event named by its place in the order)."""
    at = {key: i for i, key in enumerate(totals.order)}

    def places(lists: dict[str, list[Key]]) -> dict[str, list[int]]:
        return {name: [at[key] for key in keys] for name, keys in lists.items()}

    return {
        "by_archetype": places(totals.by_archetype),
        "in_cut": places(totals.in_cut),
        "in_period": {kind: places(totals.in_period[kind]) for kind in PERIODS},
        "decks": list(totals.decks.items()),
        "dates": [[day.isoformat(), n] for day, n in totals.dates.items()],
        "players": totals.players,
        "periods": {kind: _periods_data(totals.periods[kind]) for kind in PERIODS},
        "tallies": dict(totals.tallies),
        "mirrors": list(totals.mirrors.items()),
        "excluded": list(totals.excluded.items()),
        "counted": totals.counted,
        "conv_decks": [[a, level, n] for (a, level), n in totals.conv_decks.items()],
        "conv_reached": [[a, level, n] for (a, level), n in totals.conv_reached.items()],
        "conv_expected": [[a, level, list(parts.items())] for (a, level), parts in totals.conv_expected.items()],
        "trend": [
            [kind, period, list(names), p.period, p.decks, p.players, [_share_row(s) for s in p.shares]]
            for (kind, period), (names, p) in totals.trend.items()
        ],
    }


def restore(totals: Totals, state: dict[str, Any], order: Sequence[Key]) -> None:
    """Puts ``state`` (:func:`state_of`) into ``totals``, whose shares, left-out events and
    order are in already (``order``: the events' keys, oldest first).

    Raises:
        ValueError, KeyError, TypeError, IndexError: data that is not a state of this shape.
    """

    def keys(lists: dict[str, list[int]]) -> dict[str, list[Key]]:
        return {str(name): [order[i] for i in places] for name, places in lists.items()}

    totals.by_archetype = keys(state["by_archetype"])
    totals.in_cut = keys(state["in_cut"])
    totals.in_period = {kind: keys(state["in_period"][kind]) for kind in PERIODS}
    totals.decks = Counter({str(a): int(n) for a, n in state["decks"]})
    totals.dates = Counter({dt.date.fromisoformat(day): int(n) for day, n in state["dates"]})
    # (JSON's own objects: the file is signed, and what it holds was written from these very shapes)
    totals.players = _plain(state["players"])
    totals.periods = {kind: KeptPeriods(_texts(state["periods"][kind])) for kind in PERIODS}
    totals.tallies = defaultdict(dict, _plain(state["tallies"]))
    totals.mirrors = Counter({str(a): int(n) for a, n in state["mirrors"]})
    totals.excluded = Counter({str(r): int(n) for r, n in state["excluded"]})
    totals.counted = int(state["counted"])
    totals.conv_decks = Counter({(str(a), str(lv)): int(n) for a, lv, n in state["conv_decks"]})
    totals.conv_reached = Counter({(str(a), str(lv)): int(n) for a, lv, n in state["conv_reached"]})
    totals.conv_expected = {
        (str(a), str(lv)): {int(f): int(n) for f, n in parts} for a, lv, parts in state["conv_expected"]
    }
    totals.trend = {
        (str(kind), str(period)): (
            tuple(str(a) for a in names),
            PeriodShare(str(p), int(decks), int(players), tuple(_share_of_row(s) for s in shares)),
        )
        for kind, period, names, p, decks, players, shares in state["trend"]
    }


class KeptPeriods(MutableMapping[str, dict[str, dict[str, int]]]):
    """One kind of period's entries (each player's decks by archetype), by period: each kept as
    its JSON text until asked for. A one-result change asks for its week's and month's only
    (their shares are computed again); at a thousand weekly events the weeks' entries are
    half a megabyte of JSON per 250 events, which reading whole would cost as much as adding
    every share up again."""

    def __init__(self, texts: dict[str, str]) -> None:
        self._texts = texts
        self._read: dict[str, dict[str, dict[str, int]]] = {}
        self.read = 0
        """How many periods' entries were read (counted by the tests)."""

    def __getitem__(self, period: str) -> dict[str, dict[str, int]]:
        found = self._read.get(period)
        if found is None:
            found = self._read[period] = _plain(json.loads(self._texts.pop(period)))
            self.read += 1
        return found

    def __setitem__(self, period: str, value: dict[str, dict[str, int]]) -> None:
        self._texts.pop(period, None)
        self._read[period] = value

    def __delitem__(self, period: str) -> None:
        if self._read.pop(period, None) is None:
            del self._texts[period]

    def __contains__(self, period: object) -> bool:
        return period in self._read or period in self._texts

    def __iter__(self) -> Iterator[str]:
        yield from list(self._read)
        yield from list(self._texts)

    def __len__(self) -> int:
        return len(self._read) + len(self._texts)

    def text(self, period: str) -> str:
        """The period's entries as JSON text (as read, when never asked for)."""
        found = self._read.get(period)
        return self._texts[period] if found is None else _text(found)


def _periods_data(periods: MutableMapping[str, dict[str, dict[str, int]]]) -> dict[str, str]:
    if isinstance(periods, KeptPeriods):
        return {p: periods.text(p) for p in periods}
    return {p: _text(by_player) for p, by_player in periods.items()}


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _texts(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise TypeError("a kind of period's entries that are not texts")
    return value


def _plain(value: Any) -> Any:
    """``value`` as JSON read it, once checked to be an object of objects."""
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise TypeError("not an object of objects")
    return value


def _share_row(s: tuple[str, int, Fraction, Fraction]) -> list[Any]:
    a, n, of_decks, of_players = s
    return [a, n, of_decks.numerator, of_decks.denominator, of_players.numerator, of_players.denominator]


def _share_of_row(row: list[Any]) -> tuple[str, int, Fraction, Fraction]:
    a, n, dn, dd, pn, pd = row
    return (str(a), int(n), Fraction(int(dn), int(dd)), Fraction(int(pn), int(pd)))
