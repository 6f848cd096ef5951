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
        source = {p.id: p.source_id for p in event.players if p.source_id}
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

        Args:
            accs: the totals after ``t`` rounds, by ``t``.
            times: for each player, the round after which their row is taken.
            swiss_rounds: the Swiss rounds counted (drops show up to this round).
            places: player index -> (playoff depth, label) of the top cut, which ranks first.
        """
        rules = self.rules
        units = self.units
        n = len(units)
        by_time: dict[int, list[int]] = {}
        for i, t in enumerate(times):
            by_time.setdefault(t, []).append(i)
        order_tbs = [t for t in self.tbs if t != "h2h"]
        shown = ("mw", *order_tbs)
        values: dict[str, list[Rational]] = {tid: [(0, 1)] * n for tid in shown}
        records: list[Record] = [None] * n  # type: ignore[list-item]  # filled for every index below
        values_at: dict[int, ValuesTable] = {}
        unit_of = units.__getitem__
        for t, subjects in sorted(by_time.items()):
            acc = accs[t]
            event_rounds = min(t, swiss_rounds) if rules.mw_basis == "event-rounds" else t
            effective = self.effective_rounds(event_rounds) if rules.mw_basis == "event-rounds" else None
            snap = tiebreaker_snapshot(acc, rules, self.tbs, subjects, event_rounds, self.index, effective)
            values_at[t] = snap.values
            opp_ids = [tuple(map(unit_of, acc.opps[i])) for i in subjects]
            if len(subjects) == n:  # everyone evaluated at the same time: build in bulk
                for tid in shown:
                    src = snap.tiebreaks[tid]
                    values[tid] = [src[i] for i in range(n)]
                records = list(
                    map(
                        Record,
                        acc.points,
                        acc.wins,
                        acc.losses,
                        acc.draws,
                        acc.byes,
                        acc.rounds,
                        acc.game_points,
                        acc.games,
                        opp_ids,
                    )
                )
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
        keys: list[list[int]] = []
        for tid in order_tbs:
            if rules.rank_on_published and rules.publish_precision is not None:
                digits = rules.publish_precision
                keys.append([round_half_up(v[0], v[1], digits) for v in values[tid]])
            else:
                keys.append(over_common_denominator(values[tid])[0])
        lead: list[list[int]] = []
        if places is not None:
            lead.append([places[i][0] if i in places else -1 for i in range(n)])
        lead.append([r.points for r in records])
        if rules.rank_rounds_played:
            lead.append([r.rounds for r in records])
        skeys = list(zip(*lead, *keys, strict=True))
        ranked = [i for i in range(n) if units[i] not in self.dq] if self.dq else list(range(n))
        ranked.sort(key=self.seed_keys.__getitem__)
        ranked.sort(key=skeys.__getitem__, reverse=True)
        # Group exact ties; head to head and the final random method split them where the rules say so.
        acc_last = accs[max(times)] if times else accs[len(accs) - 1]
        split = rules.random_final or "h2h" in self.tbs
        ranks = [0] * n
        shared = [False] * n
        h2h_wins = [0] * n
        final_order: list[int] = []
        position = 0
        for _, grp in itertools.groupby(ranked, key=skeys.__getitem__):
            group = list(grp)
            if len(group) == 1:
                final_order.append(group[0])
                position += 1
                ranks[group[0]] = position
                continue
            if "h2h" in self.tbs:
                # Only opponents can have been beaten: look through each player's (few)
                # opponents, not through the whole group (hundreds early in a large event).
                members = set(group)
                for i in group:
                    met = {j for j in acc_last.opps[i] if j in members and j != i}
                    h2h_wins[i] = sum(acc_last.h2h.get((i, j), 0) for j in met)
                group = _head_to_head(group, acc_last.h2h, acc_last.opps, self.seed_keys)
            final_order.extend(group)
            if split:  # Bushiroad 3.2.1.2: head to head, then a random method, decide every place.
                for i in group:
                    position += 1
                    ranks[i] = position
            else:
                for i in group:
                    ranks[i] = position + 1
                    shared[i] = True
                position += len(group)
        columns = [[(tid, n_, d_) for n_, d_ in values[tid]] for tid in shown]
        if "h2h" in self.tbs:  # Bushiroad 3.2.1.2: match wins against the players tied with this one
            columns.append([("h2h", w, 1) for w in h2h_wins])
        row_values = list(zip(*columns, strict=True))
        names = self.names
        dropped = self.dropped_by(swiss_rounds)
        labels = [places[i][1] if places and i in places else "" for i in range(n)]
        if not rules.byes_in_wins:  # a bye scores its points but is no win in W-L-D (Topdeck)
            records = [r._replace(wins=r.wins - r.byes) if r.byes else r for r in records]
        rows = [
            Row(
                ranks[i],
                units[i],
                names.get(units[i], units[i]),
                records[i],
                row_values[i],
                units[i] in dropped,
                times[i],
                labels[i],
                shared[i],
            )
            for i in final_order
        ]
        return rows, values_at

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
