"""Writing a planned round (and any late entrants' losses) into the event file's text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ingest.core.errors import IngestError
from ingest.edit.splice import Editor
from ingest.planner.outcome import PairPlan


def apply_plan(text: str, plan: PairPlan) -> str:
    """Writes the planned round (and any late-entry losses) into the event file's text."""
    editor = Editor(text)
    for index, player in plan.losses:
        editor.append_item(("rounds", index, "matches"), {"loss": player})
    if editor.has((plan.key,)) and _is_list(editor, plan.key):
        editor.append_item((plan.key,), plan.round, block=True)
    elif editor.has((plan.key,)):
        raise IngestError(f"`{plan.key}:` in the file is not a list")
    else:
        editor.add_top_level(plan.key, [plan.round])
    return editor.result()


def _is_list(editor: Editor, key: str) -> bool:
    from yaml.nodes import SequenceNode

    return isinstance(editor.node((key,)), SequenceNode)


def with_clock(plan: PairPlan, clock: Mapping[str, object]) -> PairPlan:
    """The plan with the round's clock (``started`` and what goes with it, see
    :mod:`ingest.core.round_clock`) written before its matches."""
    if not clock:
        return plan
    head = {k: v for k, v in plan.round.items() if k != "matches"}
    return replace(plan, round={**head, **clock, "matches": plan.round["matches"]})
