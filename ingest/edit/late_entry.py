"""Whether a player (or team) may join an event now, and the match losses a late entry gets
(``add-player``, ``add-team`` and the venue's registrations ask it), with the longest id a
new entrant may have."""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.diagnostics import YamlPath
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.targets import round_label, where

__all__ = ["ID_MAX_LENGTH", "LateEntry", "late_entry"]

ID_MAX_LENGTH = 64
"""The longest id the event schema accepts (``$defs.id``)."""


@dataclass(frozen=True, slots=True)
class LateEntry:
    """What joining now means for a new player (or team): the rounds that record a match loss
    for them, and that in words."""

    loss_paths: tuple[YamlPath, ...]
    """The rounds (their paths) whose matches get ``{loss: id}``."""
    words: str
    """``, a late entry: a match loss for Round 1`` (empty before round 1)."""


def late_entry(event: Event) -> LateEntry:
    """Whether a player or team may join now, and the losses a late entry gets.

    A Swiss event with ``structure.late_entries: loss`` (the default: a late entrant joins
    with a match loss for each round missed, as ``pair`` has always recorded them) records
    ``{loss: id}`` in every round paired so far, including one still being played.
    Brackets and schedules are made once from the whole field, so knockout,
    double-elimination and round-robin events take players only before round 1; no event
    takes one once its Swiss rounds are over.

    Raises:
        IngestError: the event cannot take anyone now.
    """
    pairing = event.structure.pairing
    if event.rounds and pairing in ("single-elimination", "double-elimination", "round-robin"):
        raise IngestError(
            f"the {pairing.replace('-', ' ')} was made from the field of round 1; a player cannot join it later"
        )
    if event.playoff or (pairing == "swiss" and _swiss_over(event)):
        raise IngestError("the Swiss rounds are over; a player cannot join the event now")
    missed = len(event.rounds)
    if not missed:
        return LateEntry((), "")
    losses = pairing == "swiss" and event.structure.late_entries == "loss"
    label = round_label(event, "rounds", missed)
    if losses and missed > 1:
        words = f", a late entry: a match loss for each of rounds 1-{missed}"
    elif losses:
        words = f", a late entry: a match loss for {label}"
    else:
        words = f", a late entry from {round_label(event, 'rounds', missed + 1)}"
    return LateEntry(tuple(where(rnd) for rnd in event.rounds) if losses else (), words)


def _swiss_over(event: Event) -> bool:
    from ingest.planner.field import planned_rounds
    from ingest.rules.event_ruleset import ruleset_for

    planned = planned_rounds(event, ruleset_for(event))
    return planned is not None and len(event.rounds) >= planned and all(r.complete for r in event.rounds)
