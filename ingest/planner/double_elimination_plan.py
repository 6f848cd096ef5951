"""Double-elimination events (seed 003): the next round from each player's wins and losses."""

from __future__ import annotations

from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.core.rulesets import Ruleset
from ingest.pairing import (
    DoubleEliminationEntrant,
    pair_double_elimination,
)
from ingest.planner.field import byes_so_far, excluded_before, names_of, opponents_met, refuse_unreported, units_of
from ingest.planner.outcome import Finished, PlannedBye, PlannedRound, PlannedTable
from ingest.rules.standings import compute_standings


def plan_double_elimination(event: Event, ruleset: Ruleset) -> PlannedRound | Finished:
    refuse_unreported(event, event.rounds, "round")
    k = len(event.rounds)
    standings = compute_standings(event, ruleset, after_round=k)
    position = {r.player: i for i, r in enumerate(standings.rows, 1)}
    dropped = excluded_before(event, k)
    met = opponents_met(event.rounds)
    byes = byes_so_far(event.rounds)
    wins: dict[str, int] = {}
    losses: dict[str, int] = {}
    for rnd in event.rounds:
        for m in rnd.matches:
            if m.kind is MatchKind.BYE:
                wins[m.players[0]] = wins.get(m.players[0], 0) + 1
                continue
            w = m.winner()
            for p in m.players:
                if w == p:
                    wins[p] = wins.get(p, 0) + 1
                else:  # a loss, a double loss or a draw (Bushiroad 3.2.2: a draw is a loss for both)
                    losses[p] = losses.get(p, 0) + 1
    entrants = [
        DoubleEliminationEntrant(
            u, wins.get(u, 0), losses.get(u, 0), position.get(u, 10**6), frozenset(met.get(u, ())), byes.get(u, 0)
        )
        for u in sorted(units_of(event))
        if u not in dropped
    ]
    result = pair_double_elimination(entrants, seed=event.seed, round_number=k + 1, top=event.structure.top_x)
    names = names_of(event)
    if result.finished:
        return Finished(f"the event is finished: {', '.join(names[w] for w in result.winners)}")
    tables = tuple(PlannedTable(t.number, t.player1, t.player2) for t in result.tables)
    return PlannedRound("rounds", k + 1, event.unit_key, tables, tuple(PlannedBye(b.player) for b in result.byes))
