"""The ranking: players sorted on points and tiebreakers, exact ties split or shared.

Players are sorted on integer keys that are exact multiples of their rational tiebreakers
(or on the published, rounded figures where a compatibility profile says the platform
does). Players tied on everything share a rank, unless the ruleset splits them: by head
to head, then a random method (Bushiroad 3.2.1.2). The random method, and the order of
ties nothing breaks, is a hash of the event seed and the player id. A disqualified player
is left out; a dropped one stays (MTR 2.10).
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.rules.event_ruleset import tiebreakers_for
from ingest.rules.rulesets import Ruleset
from ingest.rules.standings_totals import RunningTotals
from ingest.rules.standings_values import (
    Rational,
    Record,
    Row,
    ValuesTable,
    over_common_denominator,
    round_half_up,
)
from ingest.rules.tiebreaker_snapshots import tiebreaker_snapshot


def seeded_order(seed: int, player: str) -> bytes:
    """A deterministic, input-order-independent sort key for ties nothing breaks.

    >>> seeded_order(1, "a") == seeded_order(1, "a") != seeded_order(2, "a")
    True
    """
    return hashlib.blake2b(f"{seed}:{player}".encode(), digest_size=8).digest()


class Ranker:
    """Ranks one event's players (or teams) under one ruleset."""

    def __init__(self, event: Event, rules: Ruleset) -> None:
        self.event = event
        self.rules = rules
        self.units = _units(event)
        """The players ranked (the teams in a team event), in file order."""
        self.index = {pid: i for i, pid in enumerate(self.units)}
        """Unit -> its index in every per-player list."""
        self.names = _names(event)
        self.tbs = tiebreakers_for(event, rules)
        self.drop_round: dict[PlayerId, int] = event.unit_drops()
        """Unit -> the Swiss round after which it dropped (MTR 2.10: it stays in the standings)."""
        self.dq = event.disqualified_units()
        # A player published under another id (ingest.naming) keeps the order of the file's id.
        source = {p.id: p.file_id for p in event.players if p.file_id}
        self.seed_keys = [seeded_order(event.seed, source.get(u, u)) for u in self.units]

    def rank(
        self,
        accs: Sequence[RunningTotals] | Mapping[int, RunningTotals],
        times: Sequence[int],
        *,
        swiss_rounds: int,
        places: Mapping[int, tuple[int, str]] | None = None,
    ) -> tuple[list[Row], dict[int, ValuesTable]]:
        """The standings rows in rank order, and every player's own values at each evaluation time.

        The order is the ruleset's (MTR Appendix C; Bushiroad 3.2.1.2), in four steps:

        1. each player's record and percentages, taken after the round they are evaluated at;
        2. the order: the top cut first by how far each went in the playoff, then match
           points, then each tiebreaker in the ruleset's order (MTR: OMW%, GW%, OGW%;
           Bushiroad: OMW%, OOMW%), exactly or as the platform published them;
        3. players tied on all of that share a rank, unless the rules split them: by head to
           head, then a random method (Bushiroad 3.2.1.2); ties nothing breaks are listed in
           the order of the event seed;
        4. the rows.

        :func:`ingest.rules.standings_reference.reference_ranking` is the same ranking written
        plainly over the rows (``tests/rules/test_ranking_reference.py`` holds them equal).

        Args:
            accs: the totals after ``t`` rounds, by ``t``.
            times: for each player, the round after which their row is taken.
            swiss_rounds: the Swiss rounds counted (drops show up to this round).
            places: player index -> (playoff depth, label) of the top cut, which ranks first.
        """
        records, values, values_at = self._evaluate(accs, times, swiss_rounds)
        keys = self._order_keys(records, values, places)
        ranked = [i for i in range(len(self.units)) if self.units[i] not in self.dq]
        ranked.sort(key=self.seed_keys.__getitem__)  # ties nothing breaks: the seed's order
        ranked.sort(key=keys.__getitem__, reverse=True)
        last = accs[max(times)] if times else accs[len(accs) - 1]
        placing = self._place(ranked, keys, last)
        return self._rows(records, values, placing, times, swiss_rounds, places), values_at

    def _evaluate(
        self, accs: Sequence[RunningTotals] | Mapping[int, RunningTotals], times: Sequence[int], swiss_rounds: int
    ) -> tuple[list[Record], dict[str, list[Rational]], dict[int, ValuesTable]]:
        """Step 1: each player's record, and their percentages (``mw`` and the tiebreakers that
        order, exact), after the round ``times`` gives for them; and everyone's own values at
        each of those rounds."""
        rules = self.rules
        n = len(self.units)
        by_time: dict[int, list[int]] = {}
        for i, t in enumerate(times):
            by_time.setdefault(t, []).append(i)
        shown = ("mw", *self.ordering)
        values: dict[str, list[Rational]] = {tid: [(0, 1)] * n for tid in shown}
        records: list[Record] = [None] * n  # type: ignore[list-item]  # filled for every index below
        values_at: dict[int, ValuesTable] = {}
        unit_of = self.units.__getitem__
        per_event = rules.mw_basis == "event-rounds"  # Bushiroad 3.2.1.2: over the event's rounds
        for t, subjects in sorted(by_time.items()):
            acc = accs[t]
            event_rounds = min(t, swiss_rounds) if per_event else t
            effective = self.effective_rounds(event_rounds) if per_event else None
            snap = tiebreaker_snapshot(acc, rules, self.tbs, subjects, event_rounds, self.index, effective)
            values_at[t] = snap.values
            opp_ids = [tuple(map(unit_of, acc.opps[i])) for i in subjects]
            if len(subjects) == n:  # everyone evaluated at the same time: build in bulk
                for tid in shown:
                    src = snap.tiebreaks[tid]
                    values[tid] = [src[i] for i in range(n)]
                columns = (acc.points, acc.wins, acc.losses, acc.draws, acc.byes, acc.rounds, acc.game_points)
                records = list(map(Record, *columns, acc.games, opp_ids))
                continue
            for tid in shown:
                dest, src = values[tid], snap.tiebreaks[tid]
                for i in subjects:
                    dest[i] = src[i]
            for i, opp in zip(subjects, opp_ids, strict=True):
                records[i] = Record(
                    acc.points[i],
                    acc.wins[i],
                    acc.losses[i],
                    acc.draws[i],
                    acc.byes[i],
                    acc.rounds[i],
                    acc.game_points[i],
                    acc.games[i],
                    opp,
                )
        return records, values, values_at

    @property
    def ordering(self) -> list[str]:
        """The tiebreakers that order players after their points, in the ruleset's order (head
        to head splits ties afterwards instead)."""
        return [t for t in self.tbs if t != "h2h"]

    def _order_keys(
        self,
        records: Sequence[Record],
        values: Mapping[str, Sequence[Rational]],
        places: Mapping[int, tuple[int, str]] | None,
    ) -> list[tuple[int, ...]]:
        """Step 2: each player's sort key, highest first: playoff depth (the top cut), match
        points, rounds played where the platform ranks on them (manatraders), then every
        tiebreaker in order. Integers: the exact values over a common denominator, or the
        figures as published where the platform compares those."""
        rules = self.rules
        n = len(self.units)
        lead: list[list[int]] = []
        if places is not None:
            lead.append([places[i][0] if i in places else -1 for i in range(n)])
        lead.append([r.points for r in records])
        if rules.platform.rank_rounds_played:
            lead.append([r.rounds for r in records])
        tiebreakers: list[list[int]] = []
        for tid in self.ordering:
            if rules.platform.rank_on_published and rules.platform.publish_precision is not None:
                digits = rules.platform.publish_precision
                tiebreakers.append([round_half_up(v[0], v[1], digits) for v in values[tid]])
            else:
                tiebreakers.append(over_common_denominator(values[tid])[0])
        return list(zip(*lead, *tiebreakers, strict=True))

    def _place(self, ranked: Sequence[int], keys: Sequence[tuple[int, ...]], last: RunningTotals) -> _Placing:
        """Step 3: ranks in ``ranked``'s order; players with equal keys share one, unless head
        to head and the random method split them (Bushiroad 3.2.1.2)."""
        n = len(self.units)
        h2h = "h2h" in self.tbs
        split = self.rules.random_final or h2h
        placing = _Placing([], [0] * n, [False] * n, [0] * n)
        position = 0
        for _, grp in itertools.groupby(ranked, key=keys.__getitem__):
            group = list(grp)
            if len(group) > 1 and h2h:
                # Only opponents can have been beaten: look through each player's (few)
                # opponents, not through the whole group (hundreds early in a large event).
                members = set(group)
                for i in group:
                    met = {j for j in last.opps[i] if j in members and j != i}
                    placing.h2h_wins[i] = sum(last.h2h.get((i, j), 0) for j in met)
                group = _head_to_head(group, last.h2h, last.opps, self.seed_keys)
            placing.order.extend(group)
            if len(group) == 1 or split:  # each player a place of their own
                for i in group:
                    position += 1
                    placing.ranks[i] = position
            else:
                for i in group:
                    placing.ranks[i] = position + 1
                    placing.shared[i] = True
                position += len(group)
        return placing

    def _rows(
        self,
        records: list[Record],
        values: Mapping[str, Sequence[Rational]],
        placing: _Placing,
        times: Sequence[int],
        swiss_rounds: int,
        places: Mapping[int, tuple[int, str]] | None,
    ) -> list[Row]:
        """Step 4: the rows in rank order, with the values shown (``mw``, the tiebreakers and,
        under Bushiroad 3.2.1.2, the matches won against the players tied with each)."""
        units = self.units
        columns = [[(tid, n_, d_) for n_, d_ in values[tid]] for tid in ("mw", *self.ordering)]
        if "h2h" in self.tbs:
            columns.append([("h2h", w, 1) for w in placing.h2h_wins])
        row_values = list(zip(*columns, strict=True))
        dropped = self.dropped_by(swiss_rounds)
        if not self.rules.platform.byes_in_wins:  # a bye scores its points but is no win in W-L-D (Topdeck)
            records = [r._replace(wins=r.wins - r.byes) if r.byes else r for r in records]
        return [
            Row(
                placing.ranks[i],
                units[i],
                self.names.get(units[i], units[i]),
                records[i],
                row_values[i],
                units[i] in dropped,
                times[i],
                places[i][1] if places and i in places else "",
                placing.shared[i],
            )
            for i in placing.order
        ]

    def effective_rounds(self, total: int) -> list[int] | None:
        """Double elimination: each player's effective rounds after ``total`` rounds (Bushiroad 3.2.2.2)."""
        if self.event.structure.pairing != "double-elimination":
            return None
        from ingest.pairing import effective_rounds

        outcomes: list[list[str]] = [[] for _ in self.units]
        for rnd in self.event.rounds[:total]:
            for m in rnd.matches:
                if not m.reported:
                    continue
                w = m.winner()
                for p in m.players:
                    i = self.index.get(p)
                    if i is None:
                        continue
                    if m.kind is MatchKind.BYE:
                        outcomes[i].append("bye")
                    elif w == p:
                        outcomes[i].append("win")
                    elif w is None and m.kind is MatchKind.PLAYED:
                        outcomes[i].append("draw")
                    else:
                        outcomes[i].append("loss")
        dropped = self.dropped_by(total)
        return [
            effective_rounds(o, total_rounds=max(total, 1), dropped=u in dropped)  # type: ignore[arg-type]
            for u, o in zip(self.units, outcomes, strict=True)
        ]

    def dropped_by(self, k: int) -> set[PlayerId]:
        """Units that had dropped by the end of Swiss round ``k`` (a later drop does not show yet)."""
        return {u for u, r in self.drop_round.items() if r <= k}


@dataclass(slots=True)
class _Placing:
    """Where :meth:`Ranker._place` puts each player (lists by player index)."""

    order: list[int]
    """Player indexes in rank order."""
    ranks: list[int]
    """Each player's rank."""
    shared: list[bool]
    """Whether the rank is shared with another player."""
    h2h_wins: list[int]
    """Matches won against the players tied with each (Bushiroad 3.2.1.2), 0 when nobody is."""


def _head_to_head(
    group: list[int], h2h: Mapping[tuple[int, int], int], opps: Sequence[Sequence[int]], seed_keys: Sequence[bytes]
) -> list[int]:
    """Orders tied players by head to head (Bushiroad 3.2.1.2 step 2).

    A player who beat another tied player in a match between them ranks above them.
    Results form a partial order; players it does not separate (never met, or beat each
    other in a cycle) are ordered by the seed, which is the rules' random method.
    """
    members = set(group)
    beats: dict[int, list[int]] = {i: [] for i in group}
    indegree = dict.fromkeys(group, 0)
    for i in group:
        for j in opps[i]:
            if j in members and h2h.get((i, j), 0) > h2h.get((j, i), 0):
                beats[i].append(j)
                indegree[j] += 1
    ready = [(seed_keys[i], i) for i in group if indegree[i] == 0]
    heapq.heapify(ready)
    waiting = {i for i in group if indegree[i] > 0}
    out: list[int] = []
    while len(out) < len(group):
        if not ready:  # a cycle of results: the seed picks who goes first
            pick = min(waiting, key=seed_keys.__getitem__)
            waiting.discard(pick)
            indegree[pick] = 0
        else:
            pick = heapq.heappop(ready)[1]
        out.append(pick)
        for j in beats[pick]:
            if j in waiting:
                indegree[j] -= 1
                if indegree[j] == 0:
                    waiting.discard(j)
                    heapq.heappush(ready, (seed_keys[j], j))
    return out


def _units(event: Event) -> list[PlayerId]:
    if event.is_team_event:
        return [PlayerId(t.id) for t in event.teams]
    return [p.id for p in event.players]


def _names(event: Event) -> dict[PlayerId, str]:
    if event.is_team_event:
        return {PlayerId(t.id): t.name for t in event.teams}
    return {p.id: p.name for p in event.players}
