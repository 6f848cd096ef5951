"""The figures of one scope (a format, a season of it, or any date range): metagame share
over time, archetype win rates, the matchup matrix and conversion to the top cut.

Conventions (the analytics page states them; ``tests/analytics`` checks them by hand):

* Only events whose decklists are public now count (:attr:`EventRecord.lists_public`); a
  public deck without an archetype counts as :data:`~ingest.analytics.records.UNKNOWN`.
* A match counts once, in each player's archetype's row, when it was played and decided over
  the board: byes, match losses without an opponent, double losses, unreported matches and
  intentional draws (a drawn match in which neither player won a game) are left out.
  Playoff matches count like Swiss ones.
* Mirror matches (both players on one archetype) are left out of win rates and of the matrix.
* A drawn match counts as half a win: win rate = (wins + draws / 2) / matches.
* Conversion: an archetype's decks that reached a level of the top cut (the cut itself, its
  top 8, 4 or 1), against what the event's size makes expected: in each event with that
  level, decks x reached / players, summed. The ratio observed / expected is 1 for an
  archetype that converts like the field; a 16-player top 8 (1 in 2 reach it) and a
  200-player top 8 (1 in 25) are weighed accordingly.
* Every rate has its sample size and 95% Wilson interval (:mod:`ingest.analytics.intervals`);
  below :data:`~ingest.analytics.intervals.MIN_SAMPLE` it is shown as too few.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction

from ingest.analytics.figure_values import (
    LEVELS,
    SLOTS,
    Analytics,
    ArchetypeRow,
    Cell,
    Conversion,
    MatchRef,
    PeriodShare,
    Scope,
    Tally,
    archetype_row,
    left_out,
    period_of,
    pick_period,
)
from ingest.analytics.intervals import rate
from ingest.analytics.records import EventRecord

__all__ = [
    "LEVELS",
    "SLOTS",
    "Analytics",
    "ArchetypeRow",
    "Cell",
    "Conversion",
    "MatchRef",
    "PeriodShare",
    "Scope",
    "Tally",
    "analyse",
    "left_out",
    "period_of",
    "pick_period",
]


def _player_weights(entries: Iterable[tuple[str, str]]) -> dict[str, Fraction]:
    """Each archetype's distinct players: a player (key) counts 1, split over their archetypes' entries."""
    by_player: dict[str, list[str]] = defaultdict(list)
    for key, arch in entries:
        by_player[key].append(arch)
    # Whole numbers first (entries by archetype and by how many the player had), one fraction
    # per kind after: a Fraction added per entry was most of the time of the figures.
    split: dict[str, Counter[int]] = defaultdict(Counter)
    for archs in by_player.values():
        for a in archs:
            split[a][len(archs)] += 1
    return {a: sum((Fraction(n, k) for k, n in by.items()), Fraction(0)) for a, by in split.items()}


def analyse(records: Iterable[EventRecord], scope: Scope, period: str | None = None) -> Analytics:
    """The figures of ``scope`` over ``records`` (see the module's conventions), in one pass
    over the records. The builds compute the same figures from totals folded and patched
    per event (:class:`~ingest.analytics.totals.Totals`): this is the independent check the
    tests compare them with."""
    chosen = sorted((r for r in records if scope.counts(r)), key=lambda r: (r.date, r.slug))
    counted_events = [r for r in chosen if r.lists_public]
    period = period or pick_period([r.date for r in counted_events])
    decks: Counter[str] = Counter()
    entries: list[tuple[str, str]] = []
    by_period: dict[str, list[tuple[str, str]]] = defaultdict(list)
    tallies: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    sources: dict[tuple[str, str], list[MatchRef]] = defaultdict(list)
    mirrors: Counter[str] = Counter()
    excluded: Counter[str] = Counter()
    counted = 0
    conv_decks: dict[tuple[str, str], int] = defaultdict(int)
    conv_reached: dict[tuple[str, str], int] = defaultdict(int)
    conv_expected: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    for r in counted_events:
        arch = r.archetypes()
        keys = {pid: key for pid, _, _, key in r.players}
        here = Counter(arch.values())
        decks.update(here)
        for pid, a in arch.items():
            entries.append((keys[pid], a))
            by_period[period_of(r.date, period)].append((keys[pid], a))
        for m in r.matches:
            result = m.result if m.kind == "played" else ""
            if not result:
                excluded[left_out(m)] += 1
                continue
            a, b = arch.get(m.a, "Unknown"), arch.get(m.b, "Unknown")
            if a == b:
                mirrors[a] += 1
                excluded["mirror"] += 1
                continue
            counted += 1
            slot = SLOTS[result]
            tallies[a][b][slot] += 1
            tallies[b][a][(1, 0, 2)[slot]] += 1
            g = m.games
            sources[(a, b)].append(MatchRef(r.slug, m.stage, m.round, result, g))
            flipped = (g[1], g[0], g[2]) if g is not None else None
            sources[(b, a)].append(MatchRef(r.slug, m.stage, m.round, ("loss", "win", "draw")[slot], flipped))
        for placing in r.placings:
            reached = Counter(arch.get(p, "Unknown") for p in placing.players)
            for a, n in here.items():
                conv_decks[(a, placing.level)] += n
                conv_reached[(a, placing.level)] += reached[a]
                conv_expected[(a, placing.level)] += Fraction(n * len(placing.players), r.field)
    names = tuple(sorted(decks, key=lambda a: (-decks[a], a == "Unknown", a.casefold(), a)))
    total = sum(decks.values())
    weights = _player_weights(entries)
    players_total = len({k for k, _ in entries})
    rows = []
    for a in names:
        cells = []
        for b in names:
            if b == a or b not in tallies[a]:
                continue
            w, lo, d = tallies[a][b]
            cells.append(Cell(b, Tally(w, lo, d), tuple(sources[(a, b)])))
        rows.append(archetype_row(a, decks[a], weights[a], total, players_total, mirrors[a], cells))
    trend = []
    for p in sorted(by_period):
        items = by_period[p]
        per = Counter(a for _, a in items)
        pw = _player_weights(items)
        distinct = len({k for k, _ in items})
        trend.append(
            PeriodShare(
                p,
                len(items),
                distinct,
                tuple((a, per[a], Fraction(per[a], len(items)), pw[a] / distinct) for a in names if per[a]),
            )
        )
    conversion = tuple(
        Conversion(
            a,
            level,
            conv_decks[(a, level)],
            conv_reached[(a, level)],
            conv_expected[(a, level)],
            rate(conv_reached[(a, level)], conv_decks[(a, level)]),
        )
        for level in LEVELS
        for a in names
        if conv_decks.get((a, level))
    )
    return Analytics(
        scope,
        tuple(r.slug for r in counted_events),
        tuple(r.slug for r in chosen if not r.lists_public),
        period,
        names,
        tuple(rows),
        tuple(trend),
        conversion,
        counted,
        tuple(sorted(excluded.items())),
    )
