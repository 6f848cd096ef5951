"""The next Wheel of Time game (WoT cycles, seed 001), from the games reported so far."""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.diagnostics import Diagnostic
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.planner.field import dropped_before, names_of, planned_rounds, refuse_unreported
from ingest.planner.outcome import Finished, PlannedGame, PlannedGameBye, PlannedRound
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.standings_values import Standings


def plan_wot_game(event: Event) -> PlannedRound | Finished:
    from ingest.planner.wot import reported_rounds
    from ingest.wot import pair_wot_game

    refuse_unreported(event, event.rounds, "game")
    history = reported_rounds(event)
    k = len(event.rounds)
    planned = planned_rounds(event, ruleset_for(event))
    if planned is not None and k >= planned:
        return Finished(
            f"all {planned} games are paired: the event is complete (to play more, raise structure.swiss_rounds)"
        )
    dropped = dropped_before(event, k)
    players = [p.id for p in event.players if p.id not in dropped and not p.disqualified]
    names = names_of(event)
    pairing = pair_wot_game(history, players, event.seed, k + 1, names)
    tables = tuple(PlannedGame(i, h, v) for i, (h, v) in enumerate(pairing.tables, 1))
    byes: tuple[PlannedGameBye, ...] = ()
    if pairing.bye is not None:
        from ingest.wot import default_bye_side

        player, side = pairing.bye
        byes = (PlannedGameBye(player, side, side_stated=side is not default_bye_side(k + 1)),)
    return PlannedRound("rounds", k + 1, event.unit_key, tables, byes, notes=tuple(pairing.notes))


def plan_wot_event(event: Event, ruleset: Ruleset) -> PlannedRound | Finished:
    """The registry's signature for :func:`plan_wot_game` (WoT has one ruleset)."""
    del ruleset
    return plan_wot_game(event)


def wot_event_diagnostics(
    event: Event, ruleset: Ruleset, by_round: Sequence[Standings] | None = None
) -> list[Diagnostic]:
    """Each recorded game checked by the engine (:func:`ingest.planner.wot.wot_diagnostics`: a
    result that cannot have happened), then the recorded pairings against the cycle rules
    (:func:`ingest.planner.wot.wot_pairing_diagnostics`)."""
    del ruleset, by_round
    from ingest.planner.wot import wot_diagnostics, wot_pairing_diagnostics

    return wot_diagnostics(event) + wot_pairing_diagnostics(event)
