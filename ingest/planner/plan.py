"""``scorekeeper pair``: the next round of an event, from its file, by its rules.

:func:`plan_next_round` decides what comes next (a Swiss round, the next playoff
round, a double-elimination or round-robin round, a Wheel of Time game) and pairs it
with :mod:`ingest.pairing` or :mod:`ingest.wot`, answering a typed
:class:`~ingest.planner.outcome.PlannedRound`: :func:`ingest.edit.new_round.apply_plan` writes it
into the file as a splice, the command line shows it (:mod:`ingest.cli.pair_output`).
:func:`pairing_diagnostics` checks recorded pairings against the same rules for ``validate``
and ``pair --check``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.diagnostics import Diagnostic
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.planner.field import planned_rounds
from ingest.planner.outcome import Finished, PlannedRound
from ingest.planner.systems import system_of
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.standings_values import Standings

_IMPORTED_FINISHED = (
    "the event was imported from {platform} with its final standings: it is over, and its rounds stay as recorded"
)


def plan_next_round(event: Event) -> PlannedRound | Finished:
    """Pairs the next round of the event, or says why the event is over.

    Raises:
        IngestError: with a clear reason when nothing can be paired yet (unreported
            matches, nobody left, no rounds table row for ``auto``).
    """
    if event.origin is not None and event.origin.standings:
        return Finished(_IMPORTED_FINISHED.format(platform=event.origin.platform))
    return system_of(event).plan(event, ruleset_for(event))


def is_finished(event: Event) -> bool:
    """Whether the event is over: every written round is reported and the pairing engine
    has nothing left to pair (no Swiss round, playoff round, round-robin round or
    elimination round to come).

    Events of a planned length (Swiss without a top cut, Wheel of Time) are decided by
    counting rounds (Games), without pairing anything; the others ask their planner, which answers
    :class:`Finished` once the event is over (a bracket's state, the round-robin schedule,
    the double-elimination engine's verdict).
    """
    if event.origin is not None and event.origin.standings:
        # The platform published the final standings: the event is over, however the bracket
        # was played and even where the platform left a match unreported.
        return True
    if not event.rounds or not all(r.complete for r in (*event.rounds, *event.playoff)):
        return False
    if system_of(event).planned_length:
        planned = planned_rounds(event, ruleset_for(event))
        if planned is not None and len(event.rounds) < planned:
            return False
        if planned is not None and event.structure.playoff is None:
            return True
    try:
        return isinstance(plan_next_round(event), Finished)
    except IngestError:  # nothing can be paired yet, so the event is not over
        return False


def pairing_diagnostics(event: Event, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """The event's recorded rounds checked against its pairing system's rules (``validate``,
    ``pair --check``). ``by_round``: the standings after each round, when the caller has them."""
    return system_of(event).check(event, ruleset_for(event), by_round)


def last_round_diagnostics(event: Event) -> list[Diagnostic] | None:
    """What :func:`pairing_diagnostics` finds on the event's last round, found by checking that
    round alone (the rounds before it are checked as the event was before it was written);
    None when the event's system does not check a round on its own (the caller then checks
    the whole event)."""
    check = system_of(event).check_last
    return None if check is None else check(event, ruleset_for(event))
