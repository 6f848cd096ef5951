"""Recording a result into an event file (``scorekeeper report``) and clearing one (``clear``).

A recorded result is a fact: it is never changed silently. Recording over a result that is
already there is refused unless the TO asks to replace it, and a correction to a round
whose next round (or the top cut) was already paired says so, because pairings are data
and stay as they were made (DESIGN §2). After the cut, a table number means a table of the
current playoff round; a Swiss round is reached only by naming it.

How a result is written and where it goes is the event's family's business, looked up by
the family's id in :data:`RECORDERS`: :class:`~ingest.edit.match_recording.MatchRecorder`
(MTR-style: games won-lost, a double loss, a team match's seats) and
:class:`~ingest.edit.wot_recording.WotRecorder` (Wheel of Time: the winning side, how and
when the game ended, the final values).

Each function takes the file's text and its assembled event and returns an
:class:`~ingest.edit.event_file.Edit`; nothing here touches the disk. The match to change is
found in the event, and changed where the event says it is written (its YAML path).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ingest.core.errors import IngestError
from ingest.core.families import family_of, find_family
from ingest.core.model import Event
from ingest.core.rounds import Match, TeamMatch
from ingest.edit.event_file import Edit
from ingest.edit.match_recording import MatchRecorder, parse_result, record_result, record_team_result
from ingest.edit.result_options import ResultOptions
from ingest.edit.splice import Editor
from ingest.edit.targets import Target, find_unit, keep_the_cut, later_rounds_warning, pick_round, where
from ingest.edit.wot_recording import WotRecorder, record_wot_result
from ingest.wot.wot_entry import WotEntry

__all__ = [
    "RECORDERS",
    "ResultOptions",
    "ResultRecorder",
    "clear_result",
    "parse_result",
    "record_result",
    "record_team_result",
    "record_words",
    "record_wot_result",
]


class ResultRecorder(Protocol):
    """One family's recording of results."""

    result_words: str
    """How the family's results are written, in words ("games won-lost such as 2-1 or 0-0-3")."""

    def distinctive(self, words: Sequence[str]) -> bool:
        """Whether the words can only be this family's result (an event of another family then
        says whose they are)."""
        ...

    def check_words(self, words: Sequence[str]) -> None:
        """Raises :class:`~ingest.core.errors.IngestError` when the words are not a result of this
        family, saying how one is written."""
        ...

    def record(self, text: str, event: Event, words: Sequence[str], options: ResultOptions) -> Edit:
        """Records the result the TO's ``words`` give at the table or player ``options`` name."""
        ...

    def recorded(
        self, event: Event, target: Target, table: int | None, unit: str | None
    ) -> tuple[Match | TeamMatch | WotEntry, str | None, str]:
        """The entry at ``table`` or of ``unit`` in ``target``, its result as ``report`` shows it
        (None while unreported), and that result in words."""
        ...


RECORDERS: Mapping[str, ResultRecorder] = {"mtr": MatchRecorder(), "wot": WotRecorder()}
"""Each family's recording of results, by the family's id."""


def record_words(text: str, event: Event, words: Sequence[str], options: ResultOptions) -> Edit:
    """Records a result as the TO writes it (``scorekeeper report``), in the event's family's words.

    Words only another family uses (``hero`` in a Swiss event) are refused with whose they are.

    Raises:
        IngestError: the words are not a result of the event's family, or the entry cannot take it.
    """
    family = family_of(event)
    own = RECORDERS[family.id]
    for family_id, other in RECORDERS.items():
        if family_id != family.id and other.distinctive(words):
            other.check_words(words)
            raise IngestError(
                f"{words[0]!r} is a {find_family(family_id).name} result; this event records {own.result_words}"
            )
    return own.record(text, event, words, options)


# -- clearing a result ----------------------------------------------------------------------------

_RESULT_KEYS = ("games", "result", "seats", "winner", "ended", "by", "hero_final", "villain_final", "tiebreak_override")


def clear_result(
    text: str, event: Event, *, round_no: int | None, table: int | None, player: str | None, playoff: bool = False
) -> Edit:
    """Removes the result of one match (it is unreported again); the pairing stays."""
    target = pick_round(event, round_no=round_no, playoff=playoff)
    pid = find_unit(event, player) if player is not None else None
    entry, old, shown = RECORDERS[family_of(event).id].recorded(event, target, table, pid)
    spot = f"{target.label}, table {entry.table}" if entry.table is not None else target.label
    if old is None:
        raise IngestError(f"{spot} has no result to clear")
    editor = Editor(text)
    path = where(entry)
    for key in _RESULT_KEYS:
        if editor.has((*path, key)):
            editor.remove_key(path, key)
    if target.key == "rounds":
        keep_the_cut(editor, event)
    desc = f"{spot}: cleared {shown}; the match is unreported"
    return Edit(editor.result(), desc, "", later_rounds_warning(event, target))
