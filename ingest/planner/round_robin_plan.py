"""Round-robin events (Bushiroad 3.2.1.1): the next round of the circle schedule."""

from __future__ import annotations

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.pairing import (
    round_robin_schedule,
)
from ingest.planner.field import excluded_before, refuse_unreported, units_of
from ingest.planner.outcome import ByeReason, Finished, PlannedBye, PlannedRound, PlannedTable


def plan_round_robin(event: Event, ruleset: Ruleset) -> PlannedRound | Finished:
    """The next round of the circle schedule (Bushiroad 3.2.1.1: round robin for 2-4 players).

    The schedule is made from every entrant, so a drop never reshuffles it. A dropped
    player's matches are left out and the scheduled opponent receives a bye, as the
    player without an opponent does in an odd field (DESIGN §4: drops are honoured; the
    rules say nothing else for round robins, and a bye is what Swiss and knockout rounds
    give the player a drop leaves without an opponent: Aequitas 2.10, Bushiroad 3.2.3).
    """
    del ruleset  # the schedule is the same under every ruleset
    refuse_unreported(event, event.rounds, "round")
    schedule = round_robin_schedule(units_of(event), seed=event.seed)
    k = len(event.rounds)
    if k >= len(schedule):
        return Finished(f"all {len(schedule)} round-robin rounds are paired: the event is complete")
    excluded = excluded_before(event, k)
    if sum(1 for u in units_of(event) if u not in excluded) < 2:
        raise IngestError("fewer than two players are left to pair")
    rnd = schedule[k]
    tables = [t for t in rnd.tables if t.player1 not in excluded and t.player2 not in excluded]
    stranded = [t.player2 if t.player1 in excluded else t.player1 for t in rnd.tables if t not in tables]
    byes = [b for b in (rnd.bye, *stranded) if b is not None and b not in excluded]
    played = tuple(PlannedTable(i, t.player1, t.player2) for i, t in enumerate(tables, 1))
    alone = tuple(PlannedBye(b, ByeReason.ODD if b == rnd.bye else ByeReason.OPPONENT_DROPPED) for b in byes)
    return PlannedRound("rounds", k + 1, event.unit_key, played, alone)
