"""A season's table: points per counted event, best-N, tie-breaks, qualification.

Pure functions over :class:`SeasonEvent` (one finished event as the season sees it: each
player's final place, record and match points, and who beat whom). :func:`season_events`
makes them from computed event reports; tests make them by hand.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ingest.source.players import PlayerRegistry
from ingest.source.season import Rules, Season
from ingest.summary.history import WON, EventHistory, histories_from


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """One player's result at one event."""

    player: str
    """Canonical player id."""
    rank: int | None
    """Final place (None when the event placed nobody)."""
    wins: int = 0
    """Matches won, byes included."""
    losses: int = 0
    draws: int = 0
    match_points: int = 0
    """Match points (Wheel of Time: game points)."""


@dataclass(frozen=True, slots=True)
class SeasonEvent:
    """One finished event as a season sees it."""

    slug: str
    name: str
    date: dt.date
    field: int
    """Players (teams, in a team event) in the event."""
    results: tuple[SeasonResult, ...]
    wins_against: Mapping[tuple[str, str], int]
    """(winner, loser) -> matches the first won against the second at this event."""
    game: str = ""
    format: str = ""
    organizer: str = ""


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """One event of one player's season, scored."""

    slug: str
    name: str
    date: dt.date
    rank: int | None
    field: int
    record: tuple[int, int, int]
    """Matches won, lost, drawn."""
    placement: Fraction
    matches: Fraction
    participation: Fraction
    counted: bool
    """False when best-N leaves it out."""
    match_points: int = 0
    """Match points at the event."""
    total: Fraction = Fraction(0)
    """The event's season points: placement + matches + participation."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One player in a season table."""

    player: str
    rank: int
    shared: bool
    """Level with another player after every tie-breaker."""
    total: Fraction
    bonus: Fraction
    """Attendance bonus (included in ``total``)."""
    results: tuple[ScoredResult, ...]
    """Every event played, oldest first; ``counted`` tells which count."""
    match_points: int
    """Match points of the counted results."""
    wins: int
    """Matches won in the counted results."""
    best_finish: int | None
    qualified: bool = False

    @property
    def events(self) -> int:
        """Counted events played (best-N left-outs included)."""
        return len(self.results)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    """The table after some of a season's events."""

    after: str
    """Slug of the last event included (empty before any)."""
    rows: tuple[TableRow, ...]

    def rank_of(self) -> dict[str, int]:
        """Each player's rank."""
        return {r.player: r.rank for r in self.rows}


def score_result(rules: Rules, e: SeasonEvent, r: SeasonResult) -> ScoredResult:
    """One result, scored."""
    p = rules.points
    placement = p.for_place(r.rank, e.field)
    matches = r.wins * p.match_win + r.draws * p.match_draw
    total = placement + matches + p.participation
    record = (r.wins, r.losses, r.draws)
    points = (placement, matches, p.participation)
    return ScoredResult(e.slug, e.name, e.date, r.rank, e.field, record, *points, True, r.match_points, total)


def score_results(
    rules: Rules,
    played: Sequence[tuple[SeasonEvent, SeasonResult]],
    known: dict[tuple[str, str], ScoredResult] | None = None,
) -> tuple[ScoredResult, ...]:
    """A player's results (each event with their result there, oldest first), scored;
    best-N marks the rest as not counted. ``known``: results already scored, by event and player."""
    scored: list[ScoredResult] = []
    for e, r in played:
        if known is None:
            scored.append(score_result(rules, e, r))
            continue
        key = (e.slug, r.player)
        if key not in known:
            known[key] = score_result(rules, e, r)
        scored.append(known[key])
    if rules.best is not None and len(scored) > rules.best:
        # The best scores count; of equal scores, the earlier event.
        keep = sorted(range(len(scored)), key=lambda i: (-scored[i].total, scored[i].date, scored[i].slug))
        dropped = set(keep[rules.best :])
        scored = [_with_counted(s, i not in dropped) for i, s in enumerate(scored)]
    return tuple(scored)


def _with_counted(s: ScoredResult, counted: bool) -> ScoredResult:
    return replace(s, counted=counted)


def _tiebreak_values(tid: str, group: Sequence[TableRow], events: Sequence[SeasonEvent]) -> dict[str, Fraction]:
    """Each tied player's value for one tie-breaker (higher is better)."""
    if tid == "match-points":
        return {r.player: Fraction(r.match_points) for r in group}
    if tid == "match-wins":
        return {r.player: Fraction(r.wins) for r in group}
    if tid == "events-played":
        return {r.player: Fraction(r.events) for r in group}
    if tid == "best-finish":
        return {r.player: Fraction(-(r.best_finish if r.best_finish is not None else 10**9)) for r in group}
    if tid == "head-to-head":
        ids = {r.player for r in group}
        net: dict[str, int] = defaultdict(int)
        for e in events:
            for (w, lo), n in e.wins_against.items():
                if w in ids and lo in ids:
                    net[w] += n
                    net[lo] -= n
        return {r.player: Fraction(net[r.player]) for r in group}
    raise ValueError(f"unknown season tie-breaker {tid!r}")


def _order(group: list[TableRow], tiebreakers: Sequence[str], events: Sequence[SeasonEvent]) -> list[list[TableRow]]:
    """Players level on points, split by the tie-breakers in turn; each block shares a rank."""
    if len(group) < 2 or not tiebreakers:
        return [sorted(group, key=lambda r: r.player)]
    values = _tiebreak_values(tiebreakers[0], group, events)
    blocks: dict[Fraction, list[TableRow]] = defaultdict(list)
    for r in group:
        blocks[values[r.player]].append(r)
    out: list[list[TableRow]] = []
    for value in sorted(blocks, reverse=True):
        # Head-to-head is recomputed among the players still level (as in event standings).
        out += _order(blocks[value], tiebreakers[1:], events)
    return out


def compute_table(
    season: Season | Rules, events: Sequence[SeasonEvent], known: dict[tuple[str, str], ScoredResult] | None = None
) -> SeasonTable:
    """The table after ``events`` (finished, counted events, oldest first).

    >>> from ingest.source.season import Points
    >>> rules = Rules(Points(match_win=Fraction(3), participation=Fraction(1)))
    >>> results = (SeasonResult("x", 1, 1), SeasonResult("y", 2, 0, 1))
    >>> e = SeasonEvent("a", "A", dt.date(2026, 1, 1), 2, results, {("x", "y"): 1})
    >>> [(r.rank, r.player, int(r.total)) for r in compute_table(rules, [e]).rows]
    [(1, 'x', 4), (2, 'y', 1)]
    """
    rules = season.rules if isinstance(season, Season) else season
    played: dict[str, list[tuple[SeasonEvent, SeasonResult]]] = defaultdict(list)
    for e in events:
        for r in e.results:
            played[r.player].append((e, r))
    rows: list[TableRow] = []
    for pid in sorted(played):
        results = score_results(rules, played[pid], known)
        counted = [s for s in results if s.counted]
        bonus = rules.points.bonus(len(results))
        ranks = [s.rank for s in results if s.rank is not None]
        rows.append(
            TableRow(
                pid,
                0,
                False,
                sum((s.total for s in counted), Fraction(0)) + bonus,
                bonus,
                results,
                sum(s.match_points for s in counted),
                sum(s.record[0] for s in counted),
                min(ranks) if ranks else None,
            )
        )
    by_total: dict[Fraction, list[TableRow]] = defaultdict(list)
    for row in rows:
        by_total[row.total].append(row)
    ordered: list[TableRow] = []
    for total in sorted(by_total, reverse=True):
        for block in _order(by_total[total], rules.tiebreakers, events):
            rank = len(ordered) + 1
            for row in block:
                ordered.append(_ranked(row, rank, len(block) > 1))
    if rules.qualify is not None:
        ordered = _qualified(ordered, rules.qualify.top, rules.qualify.min_events)
    return SeasonTable(events[-1].slug if events else "", tuple(ordered))


def _ranked(row: TableRow, rank: int, shared: bool) -> TableRow:
    return replace(row, rank=rank, shared=shared)


def _qualified(rows: list[TableRow], top: int, min_events: int) -> list[TableRow]:
    """Marks the qualifiers: eligible players with fewer than ``top`` eligible players ranked above."""
    eligible = [r for r in rows if r.events >= min_events]
    out = []
    for r in rows:
        above = sum(1 for o in eligible if o.rank < r.rank)
        out.append(replace(r, qualified=r.events >= min_events and above < top))
    return out


def table_progression(season: Season | Rules, events: Sequence[SeasonEvent]) -> tuple[SeasonTable, ...]:
    """The table after each event in turn (the last is the current table)."""
    known: dict[tuple[str, str], ScoredResult] = {}  # a result scores the same in every table
    return tuple(compute_table(season, events[: i + 1], known) for i in range(len(events)))


def movement(before: SeasonTable | None, after: SeasonTable) -> dict[str, int | None]:
    """Places each player moved up (positive) or down since ``before``; None for a newcomer."""
    if before is None:
        return {r.player: None for r in after.rows}
    old = before.rank_of()
    return {r.player: (old[r.player] - r.rank if r.player in old else None) for r in after.rows}


def season_events(events: Iterable[EventHistory], registry: PlayerRegistry, season: Season) -> tuple[SeasonEvent, ...]:
    """The finished events of ``events`` that count in ``season``, oldest first.

    Each player's place, record and match points are those of their player page
    (:func:`ingest.summary.history.histories_from`), aliases resolved.
    """
    out: list[SeasonEvent] = []
    for e in sorted(events, key=lambda h: (h.date, h.slug)):
        if e.status != "complete" or not season.selection.counts(e.slug, e.date, e.game, e.format, e.organizer):
            continue
        hist = histories_from([e], registry, unnamed=True)
        # Players published under another id (ingest.source.naming) count as who they are.
        source = dict(e.file_ids)

        def who(pid: str, source: Mapping[str, str] = source) -> str:
            return registry.canonical(source.get(pid, pid))

        results = []
        field = 0
        for pid, entries in sorted(hist.entries.items()):
            h = entries[0]
            field = h.field
            w, lo, d = h.record if h.record is not None else (0, 0, 0)
            results.append(SeasonResult(who(pid), h.rank, w, lo, d, h.points or 0))
        results.sort(key=lambda r: r.player)
        wins_against = {
            (who(me), who(opp)): counts[WON]
            for me, met in sorted(hist.h2h.items())
            for opp, counts in sorted(met.items())
            if counts[WON]
        }
        out.append(
            SeasonEvent(e.slug, e.name, e.date, field, tuple(results), wins_against, e.game, e.format, e.organizer)
        )
    return tuple(out)
