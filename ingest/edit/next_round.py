"""The edit ``pair`` makes, at the command line and on the venue's TO page: the next round
planned (:func:`ingest.planner.plan.plan_next_round`) and written (:mod:`ingest.edit.new_round`),
or, with ``redo``, the current round paired again (:func:`ingest.edit.corrections.repair_round`)."""

from __future__ import annotations

from dataclasses import replace

from ingest.core.model import Event
from ingest.edit.check_in import round_one_field
from ingest.edit.corrections import Parse, repair_round
from ingest.edit.new_round import RoundEdit, apply_plan
from ingest.planner.outcome import Finished, PlannedRound, RoundClock
from ingest.planner.plan import plan_next_round
from ingest.planner.systems import system_of


def pair_edit(text: str, event: Event, *, parse: Parse, started: str = "", redo: bool = False) -> RoundEdit:
    """Pairs the next round (with ``redo``: the current one again) and writes it.

    With check-in, round 1 is paired from the players who checked in (MTR 2.10); ``started``
    (``HH:MM``) starts the round's clock as it is written. When the event has nothing left to
    pair the text stays as it is (not an error) and the edit says why (:attr:`RoundEdit.finished`).

    Raises:
        IngestError: the round cannot be paired (the message says why).
    """
    if redo:
        return repair_round(text, event, parse, started=started)
    text, event, left_out = round_one_field(text, event, parse)
    planned = plan_next_round(event)
    if isinstance(planned, Finished):
        return RoundEdit(text, f"nothing to pair: {planned.reason}", planned_on=event, finished=planned.reason)
    plan = replace(planned, clock=RoundClock(started)) if started else planned
    words = left_out.words if left_out else ""
    return RoundEdit(apply_plan(text, plan), f"wrote {round_words(plan, event)}", words, plan=plan, planned_on=event)


def round_words(plan: PlannedRound, event: Event) -> str:
    """The round paired, as the edit's description says it: ``round 3``, ``game 2`` (Wheel of
    Time), ``the Semifinals``, ``the playoff round 1``."""
    if plan.stage == "playoff":
        return f"the {plan.name or f'playoff round {plan.number}'}"
    return f"{system_of(event).round_noun} {plan.number}"
