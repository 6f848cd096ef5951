"""The next Swiss round (MTR 10.4 and Appendix C, Aequitas, Bushiroad 3.2.1): the field as the
Swiss engine sees it (points, ranks, opponents, byes, pods) and the engine's pairing as a plan."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.core.rulesets import Ruleset
from ingest.pairing import (
    Entrant,
    pair_swiss,
)
from ingest.planner.bracket import plan_elimination
from ingest.planner.field import (
    byes_so_far,
    excluded_before,
    names_of,
    no_swiss_plan,
    opponents_met,
    planned_rounds,
    refuse_unreported,
    units_of,
)
from ingest.planner.outcome import ByeReason, Finished, LateLoss, PlannedBye, PlannedRound, PlannedTable
from ingest.rules.standings import compute_standings
from ingest.rules.standings_values import Standings


def swiss_entrants(
    event: Event,
    ruleset: Ruleset,
    k: int,
    units: Sequence[str],
    standings: Standings | None = None,
    history: tuple[Mapping[str, set[str]], Mapping[str, int]] | None = None,
    *,
    opponents: bool = True,
) -> list[Entrant]:
    """``units`` as the Swiss engine sees them before round ``k + 1`` (MTR 10.4, Bushiroad 3.2.1):
    points and rank after round ``k`` (``standings``, when already computed), everyone met so
    far, byes so far, and pods (players only). ``history``: everyone met and the byes in the
    first ``k`` rounds, when the caller keeps them round by round (:class:`SwissHistory`).
    Without ``opponents``, the entrants' opponents are left empty (the caller adds them
    where it needs them: building them costs every opponent of every entrant)."""
    if standings is None:
        standings = compute_standings(event, ruleset, after_round=k)
    rank = {r.player: r.rank for r in standings.rows}
    points = {r.player: r.record.points for r in standings.rows}
    met, byes = history if history is not None else (opponents_met(event.rounds[:k]), byes_so_far(event.rounds[:k]))
    pods = {} if event.is_team_event else {p.id: p.pod for p in event.players}
    fallback = len(units_of(event))
    none: frozenset[str] = frozenset()
    return [
        Entrant(
            u,
            points.get(u, 0),
            rank.get(u, fallback),
            frozenset(met.get(u, ())) if opponents else none,
            byes.get(u, 0),
            pods.get(u),
        )
        for u in sorted(units)
    ]


class SwissHistory:
    """Everyone met and the byes so far, kept round by round: a pass over every recorded
    round takes each round once (recomputed from round 1 for each, the pass grew with the
    square of the rounds played)."""

    def __init__(self) -> None:
        self.met: dict[str, set[str]] = {}
        self.byes: dict[str, int] = {}
        self.digest = ""
        """A digest of the tables of the rounds counted, in order: it determines ``met``."""

    def add(self, rnd: Round) -> None:
        """Counts one more round (as :func:`~ingest.planner.field.opponents_met` and
        :func:`~ingest.planner.field.byes_so_far` count it)."""
        tables = [tuple(m.players) for m in rnd.matches if len(m.players) == 2]
        self.digest = hashlib.sha256((self.digest + repr(tables)).encode()).hexdigest()
        self.met = merge_opponents(self.met, [rnd])
        for player, count in byes_so_far([rnd]).items():
            self.byes[player] = self.byes.get(player, 0) + count

    @property
    def so_far(self) -> tuple[Mapping[str, set[str]], Mapping[str, int]]:
        return self.met, self.byes


def merge_opponents(met: dict[str, set[str]], rounds: Sequence[Round]) -> dict[str, set[str]]:
    """``met`` with the opponents of ``rounds`` added (in place)."""
    for player, opponents in opponents_met(rounds).items():
        met.setdefault(player, set()).update(opponents)
    return met


def awarded_byes(event: Event, number: int, active: set[str]) -> set[str]:
    """Players whose awarded byes (``players[].byes``) cover round ``number``; none for teams."""
    if event.is_team_event:
        return set()
    return {p.id for p in event.players if p.byes >= number and p.id in active}


def plan_swiss_round(event: Event, ruleset: Ruleset) -> PlannedRound:
    k = len(event.rounds)
    number = k + 1
    units = units_of(event)
    excluded = excluded_before(event, k)
    active = [u for u in units if u not in excluded]
    if len(active) < 2:
        raise IngestError("fewer than two players are left to pair")
    seen = {p for rnd in event.rounds for m in rnd.matches for p in m.players}
    late = [u for u in active if k > 0 and u not in seen]
    losses: tuple[LateLoss, ...] = ()
    if event.structure.late_entries == "loss" and not event.is_team_event:
        losses = tuple(LateLoss(i + 1, u) for u in late for i in range(k))
    entrants = swiss_entrants(event, ruleset, k, active)
    awarded = awarded_byes(event, number, set(active))
    result = pair_swiss(entrants, seed=event.seed, round_number=number, awarded_byes=awarded)
    tables = tuple(PlannedTable(t.number, t.player1, t.player2, t.rematch) for t in result.tables)
    byes = tuple(PlannedBye(b.player, ByeReason.AWARDED if b.awarded else ByeReason.ODD) for b in result.byes)
    names = names_of(event)
    notes = []
    if result.rematches:
        bye = " that gives the bye to a player with the fewest byes" if any(not b.awarded for b in result.byes) else ""
        notes.append(f"{len(result.rematches)} rematch(es): no pairing of everyone without one exists{bye}")
    if late and losses:
        notes.append(f"late entries get a match loss for each missed round: {', '.join(names[u] for u in late)}")
    return PlannedRound("rounds", number, event.unit_key, tables, byes, late_losses=losses, notes=tuple(notes))


def plan_swiss_event(event: Event, ruleset: Ruleset) -> PlannedRound | Finished:
    """The next Swiss round while the planned rounds last, then the top cut's next round."""
    refuse_unreported(event, event.rounds, "round")
    planned = planned_rounds(event, ruleset)
    if planned is None:
        raise no_swiss_plan(event, ruleset)
    if len(event.rounds) < planned:
        return plan_swiss_round(event, ruleset)
    if event.structure.playoff is not None:
        return plan_elimination(event, ruleset, main=False)
    paired = f"all {planned} Swiss rounds are" if planned > 1 else "the one Swiss round is"
    return Finished(f"{paired} paired and the event has no playoff: the event is complete")
