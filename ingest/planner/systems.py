"""The pairing systems an event names in ``structure.pairing``, as one registry.

Each system says what one entry of ``rounds`` is called, whether players are knocked out
(and after how many losses), whether the field is fixed once play starts, whether the
event ends after a planned number of rounds, how the next round is planned and how
recorded rounds are checked. Code that depends on the system asks the registry
(:func:`system_of`) instead of comparing names; adding a system is one entry here and its
planner module. The event schema's ``structure.pairing`` lists the same ids (a test keeps
them in step).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ingest.core.diagnostics import Diagnostic
from ingest.core.families import KNOCKOUT_LOSSES
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.planner.bracket import plan_elimination_event
from ingest.planner.double_elimination_plan import plan_double_elimination
from ingest.planner.outcome import Finished, PlannedRound
from ingest.planner.recorded_rounds import (
    elimination_event_diagnostics,
    last_swiss_round_diagnostics,
    no_diagnostics,
    swiss_event_diagnostics,
)
from ingest.planner.round_robin_plan import plan_round_robin
from ingest.planner.swiss_plan import plan_swiss_event
from ingest.planner.wot_plan import plan_wot_event, wot_event_diagnostics
from ingest.rules.standings_values import Standings


@dataclass(frozen=True, slots=True)
class PairingSystem:
    """One pairing system: its words, its shape and its planner."""

    id: str
    """The id written in ``structure.pairing``."""
    round_noun: str
    """What one entry of ``rounds`` is called: ``round``, or ``game`` (Wheel of Time)."""
    knockout_losses: int | None
    """Losses that knock a player out (a draw counts as a loss for both, Bushiroad 3.2.2):
    :data:`ingest.core.families.KNOCKOUT_LOSSES`, which reading an event asks too; None when
    nobody is knocked out."""
    fixed_field: bool
    """Whether players join only before round 1 (the bracket or schedule is made from the
    field); otherwise late entries join between rounds."""
    planned_length: bool
    """Whether the event ends after a planned number of rounds (Swiss rounds, WoT games),
    so it is finished by counting them."""
    plan: Callable[[Event, Ruleset], PlannedRound | Finished]
    """The next round, or why there is none."""
    check: Callable[[Event, Ruleset, Sequence[Standings] | None], list[Diagnostic]]
    """Recorded rounds checked against the system's rules (Wheel of Time cycles: and each
    game's record against the game's)."""
    check_last: Callable[[Event, Ruleset], list[Diagnostic] | None] | None = None
    """The last round checked alone, finding what :attr:`check` finds on it, when a round's
    findings are its own (they read only the rounds before it): None, or an answer of None
    for an event where they are not, means the whole event is checked."""


SYSTEMS: Mapping[str, PairingSystem] = {
    s.id: s
    for s in (
        PairingSystem(
            "swiss", "round", None, False, True, plan_swiss_event, swiss_event_diagnostics, last_swiss_round_diagnostics
        ),
        PairingSystem(
            "single-elimination",
            "round",
            KNOCKOUT_LOSSES["single-elimination"],
            True,
            False,
            plan_elimination_event,
            elimination_event_diagnostics,
        ),
        PairingSystem(
            "double-elimination",
            "round",
            KNOCKOUT_LOSSES["double-elimination"],
            True,
            False,
            plan_double_elimination,
            no_diagnostics,
        ),
        PairingSystem("round-robin", "round", None, True, False, plan_round_robin, no_diagnostics),
        PairingSystem("wot-cycles", "game", None, False, True, plan_wot_event, wot_event_diagnostics),
    )
}
"""Every pairing system by id."""


def system_of(event: Event) -> PairingSystem:
    """The event's pairing system (Swiss when the file names none the registry knows: the
    schema has reported it)."""
    return SYSTEMS.get(event.structure.pairing, SYSTEMS["swiss"])
