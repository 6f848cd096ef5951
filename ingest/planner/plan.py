"""``scorekeeper pair``: the next round of an event, from its file, by its rules.

:func:`plan_next_round` decides what comes next (a Swiss round, the next playoff
round, a double-elimination or round-robin round, a Wheel of Time game) and pairs it
with :mod:`ingest.pairing` or :mod:`ingest.wot`; :func:`ingest.edit.new_round.apply_plan` writes it into
the file as a splice. :func:`pairing_diagnostics` checks recorded pairings against the same
rules for ``validate`` and ``pair --check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ingest.core.diagnostics import Diagnostic
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.planner.field import planned_rounds
from ingest.planner.outcome import Finished, PairPlan
from ingest.planner.systems import system_of
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.standings_values import Standings

_IMPORTED_FINISHED = (
    "the event was imported from {platform} with its final standings: it is over, and its rounds stay as recorded"
)


def plan_next_round(event: Event) -> PairPlan | Finished:
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


def _plan_title(plan: PairPlan, event: Event) -> str:
    label = "Playoff round" if plan.key == "playoff" else system_of(event).round_noun.capitalize()
    return f"{label} {plan.round['round']}" + (f" ({plan.round['name']})" if plan.round.get("name") else "")


def describe_plan(plan: PairPlan, event: Event) -> str:
    """The plan for the terminal."""
    head = _plan_title(plan, event)
    return "\n".join([head, *("  " + line for line in plan.lines), *("note: " + n for n in plan.notes)])


def plan_document(plan: PairPlan, event: Event) -> dict[str, Any]:
    """The plan as plain data: ``pair --json`` (``schema/cli-pair.schema.json``, less the keys the command adds).

    ``round`` is the round exactly as it is written into the event file (under ``rounds`` or
    ``playoff``); ``late_losses`` the match losses a late entrant gets in earlier rounds.
    """
    return {
        "event": event.slug,
        "stage": plan.key,
        "number": plan.round["round"],
        "title": _plan_title(plan, event),
        "round": plan.round,
        "late_losses": [{"round": index + 1, "player": player} for index, player in plan.losses],
        "lines": list(plan.lines),
        "notes": list(plan.notes),
    }


def pairing_diagnostics(event: Event, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """The event's recorded rounds checked against its pairing system's rules (``validate``,
    ``pair --check``). ``by_round``: the standings after each round, when the caller has them."""
    return system_of(event).check(event, ruleset_for(event), by_round)
