"""Writing a planned round (and any late entrants' losses) into the event file's text.

The planner answers a typed :class:`~ingest.planner.outcome.PlannedRound`; this module is the
one place it becomes YAML: :func:`round_entry` gives the round as it is written under
``rounds`` or ``playoff``, :func:`apply_plan` splices it into the file. :class:`RoundEdit` is
the edit that pairs a round, carrying the plan to the command that shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit
from ingest.edit.splice import Editor
from ingest.planner.outcome import PlannedBye, PlannedGame, PlannedGameBye, PlannedRound, PlannedTable, RoundClock


@dataclass(frozen=True, slots=True)
class RoundEdit(Edit):
    """An edit that pairs a round (``pair``, ``pair --redo``, ``drop --redo``), with what it
    paired, for the command to show."""

    plan: PlannedRound | None = None
    """The round written; None when nothing was left to pair."""
    planned_on: Event | None = None
    """The event the round was planned from (its names and words say what was paired)."""
    finished: str = ""
    """Why nothing was paired: the event is over (the planner's
    :class:`~ingest.planner.outcome.Finished`); empty when a round was."""


def round_entry(plan: PlannedRound) -> dict[str, object]:
    """The round as it is written into the event file: ``round``, ``name`` and ``cut`` (a
    playoff round's), the round's ``drops`` and clock when it is paired again, and its
    ``matches`` (the tables, then the byes).

    A round paired again keeps its drops: before its clock when it has one, else after its
    matches, where ``drop`` writes them.
    """
    entry: dict[str, object] = {"round": plan.number}
    if plan.name:
        entry["name"] = plan.name
    if plan.cut:
        entry["cut"] = list(plan.cut)
    matches = [_table_entry(t, plan.unit_key) for t in plan.tables] + [_bye_entry(b) for b in plan.byes]
    if plan.clock is None:
        entry["matches"] = matches
        if plan.drops:
            entry["drops"] = list(plan.drops)
        return entry
    if plan.drops:
        entry["drops"] = list(plan.drops)
    entry.update(_clock_entry(plan.clock))
    entry["matches"] = matches
    return entry


def _table_entry(table: PlannedTable | PlannedGame, unit_key: str) -> dict[str, object]:
    if isinstance(table, PlannedGame):
        return {"table": table.number, "hero": table.hero, "villain": table.villain}
    return {"table": table.number, unit_key: [table.first, table.second]}


def _bye_entry(bye: PlannedBye | PlannedGameBye) -> dict[str, object]:
    if isinstance(bye, PlannedGameBye):
        return {"bye": bye.player, "side": bye.side.value} if bye.side_stated else {"bye": bye.player}
    return {"bye": bye.unit}


def _clock_entry(clock: RoundClock) -> dict[str, object]:
    """The clock's keys as written (:mod:`ingest.core.round_clock`): only what is set."""
    entry: dict[str, object] = {"started": clock.started}
    if clock.extra_minutes:
        entry["extra_minutes"] = clock.extra_minutes
    if clock.paused_seconds:
        entry["paused_seconds"] = clock.paused_seconds
    if clock.paused_at:
        entry["paused_at"] = clock.paused_at
    return entry


def apply_plan(text: str, plan: PlannedRound) -> str:
    """Writes the planned round (and any late-entry losses) into the event file's text."""
    return write_entry(text, plan, round_entry(plan))


def write_entry(text: str, plan: PlannedRound, entry: dict[str, object]) -> str:
    """Writes ``entry`` (the round as :func:`round_entry` gives it, perhaps with results added:
    a simulation's, a benchmark's) where ``plan`` goes, with the plan's late-entry losses."""
    editor = Editor(text)
    for loss in plan.late_losses:
        editor.append_item(("rounds", loss.round - 1, "matches"), {"loss": loss.player})
    if editor.has((plan.stage,)) and _is_list(editor, plan.stage):
        editor.append_item((plan.stage,), entry, block=True)
    elif editor.has((plan.stage,)):
        raise IngestError(f"`{plan.stage}:` in the file is not a list")
    else:
        editor.add_top_level(plan.stage, [entry])
    return editor.result()


def _is_list(editor: Editor, key: str) -> bool:
    from yaml.nodes import SequenceNode

    return isinstance(editor.node((key,)), SequenceNode)
