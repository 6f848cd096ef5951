"""What ``pair`` shows: a planned round (:class:`~ingest.planner.outcome.PlannedRound`) as the
terminal's text and as the ``--json`` document (``schema/cli-pair.schema.json``), both
made from the typed round and the event it was planned from."""

from __future__ import annotations

from typing import Any

from ingest.core.model import Event
from ingest.planner.outcome import (
    ByeReason,
    PlannedBye,
    PlannedGame,
    PlannedGameBye,
    PlannedRound,
    PlannedTable,
)

_BYE_WORDS = {
    ByeReason.ODD: "bye: {name}",
    ByeReason.AWARDED: "bye: {name} (awarded)",
    ByeReason.OPPONENT_DROPPED: "bye: {name} (opponent dropped)",
    ByeReason.ADVANCES: "advances without a match: {name}",
}
"""A bye in words, by why there is one."""


def plan_title(plan: PlannedRound, event: Event) -> str:
    """``Round 3``, ``Game 2`` (Wheel of Time), ``Playoff round 1 (Quarterfinals)``."""
    from ingest.planner.systems import system_of

    label = "Playoff round" if plan.stage == "playoff" else system_of(event).round_noun.capitalize()
    return f"{label} {plan.number}" + (f" ({plan.name})" if plan.name else "")


def plan_lines(plan: PlannedRound, event: Event) -> list[str]:
    """The pairings in words, one line per table, then one per bye."""
    from ingest.planner.field import names_of

    names = names_of(event)
    return [_table_line(t, names) for t in plan.tables] + [_bye_line(b, names) for b in plan.byes]


def _table_line(table: PlannedTable | PlannedGame, names: dict[str, str]) -> str:
    if isinstance(table, PlannedGame):
        return f"table {table.number}: {names[table.hero]} (Hero) vs {names[table.villain]} (Villain)"
    rematch = " (rematch)" if table.rematch else ""
    return f"table {table.number}: {names[table.first]} vs {names[table.second]}{rematch}"


def _bye_line(bye: PlannedBye | PlannedGameBye, names: dict[str, str]) -> str:
    if isinstance(bye, PlannedGameBye):
        return f"bye: {names[bye.player]} (counts as {bye.side.value.title()})"
    return _BYE_WORDS[bye.reason].format(name=names[bye.unit])


def describe_plan(plan: PlannedRound, event: Event) -> str:
    """The planned round for the terminal: its title, its pairings, then the notes."""
    lines = ["  " + line for line in plan_lines(plan, event)]
    return "\n".join([plan_title(plan, event), *lines, *("note: " + n for n in plan.notes)])


def pair_document(plan: PlannedRound, event: Event, *, shown: str, written: bool) -> dict[str, Any]:
    """``pair --json`` (``schema/cli-pair.schema.json``, less the diagnostics the command adds).

    ``round`` is the round exactly as it is written into the event file (under ``rounds`` or
    ``playoff``); ``late_losses`` the match losses a late entrant gets in earlier rounds.
    """
    from ingest.edit.new_round import round_entry

    return {
        "file": shown,
        "event": event.slug,
        "stage": plan.stage,
        "number": plan.number,
        "title": plan_title(plan, event),
        "round": round_entry(plan),
        "late_losses": [{"round": loss.round, "player": loss.player} for loss in plan.late_losses],
        "lines": plan_lines(plan, event),
        "notes": list(plan.notes),
        "written": written,
    }


def finished_document(reason: str, event: Event, *, shown: str) -> dict[str, Any]:
    """``pair --json`` when nothing is left to pair (less the diagnostics)."""
    return {"file": shown, "event": event.slug, "written": False, "finished": reason}
