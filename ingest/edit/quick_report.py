"""``report`` of a result in the open round without reading the whole file (issue 38, point 5).

:func:`quick_result` records a result from what a command kept about the very text it is
given (its reading key digests the text's bytes, the file's name, the format and schema data
and the code: :mod:`ingest.checks.readings`): that the whole text was read without an error,
and where its open round's waiting matches are written (:mod:`ingest.checks.open_round`).
It splices the result into the entry's line as :class:`~ingest.edit.splice.Editor` writes it,
checks what the edit touched, and hands back the new text with what is kept about it; when
anything is not as it expects it answers None, and ``report`` reads the whole file as always
(:func:`ingest.edit.event_file.edit_event_file`). A refusal is always the whole file's: the
fast path never refuses, so every refusal names what the full check names.

What a result written into a waiting match of the open round can change, and why each is
known here (every check of ``source/`` and ``checks/`` that reads a result):

- the entry's own score: ``impossible-score`` and ``intentional-draw`` (errors), and
  ``many-games`` (a warning), by the event's ruleset and match length
  (:func:`ingest.source.scores.check_score`, MTR 2.1-2.5, Aequitas 2.1-2.5, Bushiroad 4.1-4.4):
  the same pure functions are asked, and any finding sends the result down the full path;
- ``match-shape`` (games and a special result together): the entry has neither;
- whether the round is played (:func:`ingest.planner.recorded_rounds.finding_severity`: a
  pairing finding is an error while no result is in, a warning after): the open round
  already has a result, or its checks found nothing on it, so its first result has no
  finding to change (:func:`~ingest.checks.open_round.open_round_of` keeps none otherwise);
- the standings after the round, which the pairing checks of later rounds and the top cut
  read (``rematch``, ``repeated-bye``, ``not-optimal``, ``cut-before-correction``, the bracket):
  there is no later round and no playoff round;
- players knocked out by their losses (``check_missing_players``: single and double
  elimination only) and the end of the event (a result of the final Swiss round): the event
  is Swiss and the round is not its last;
- results that are facts (an imported event's): the event is not imported;
- the file's size limits (:mod:`ingest.source.yaml_limits`): the new text stays under the
  byte limit, and under the value limit by its length (a value takes a character at least);
- the schema's ``games`` pattern: the score is written as :meth:`GameScore.notation` writes it.

Every other check reads no result (players, drops, tables, byes, the structure), and the
splice moves no line, so the text's other findings keep their positions: the reading of
the new text is the old one's, and is kept under the new text's key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ingest.checks import open_round
from ingest.checks.open_round import OpenRound
from ingest.checks.readings import Reading, event_data_key, keep_reading, known_open_round, known_reading, reading_key
from ingest.checks.results_since import RecordedResult, SinceKept, known_since
from ingest.edit.result_options import ResultOptions

if TYPE_CHECKING:
    from ingest.source.project import Project

_ENTRY = re.compile(
    r"(?P<head> *- \{table: (?P<table>[0-9]+), players: \[(?P<a>[A-Za-z0-9_.-]+), (?P<b>[A-Za-z0-9_.-]+)\])"
    r"(?P<tail>\}(?:[ \t]+#[^\n]*)?)(?:\n|$)"
)
"""A waiting match as ``pair`` writes it: ``- {table: 3, players: [alice, bob]}``, perhaps
with a comment; anything else is spliced by the full path."""


@dataclass(frozen=True, slots=True)
class QuickEdit:
    """A result recorded without reading the whole file."""

    text: str
    """The whole new text."""
    description: str
    """What ``report`` says it recorded (as :func:`ingest.edit.match_recording.record_result`)."""
    key: str
    """The reading key of the new text."""
    reading: Reading
    """What the checks of the new text's recorded rounds find."""
    waiting: OpenRound
    """The new text's open round."""
    since: SinceKept | None = None
    """The new text's event, as a kept one and the results recorded since
    (:mod:`ingest.checks.results_since`); None for a text too short to keep one."""

    def keep(self) -> None:
        """Keeps what is known about the new text, for the next command (once it is written)."""
        from ingest.checks import results_since

        keep_reading(self.key, self.reading)
        if self.since is not None:
            results_since.STORE[self.key] = self.since
        if self.waiting.waiting:  # as a whole reading keeps it: not once every result is in
            open_round.STORE[self.key] = self.waiting


def quick_result(
    text: str, shown: str, project: Project, words: Sequence[str], options: ResultOptions
) -> QuickEdit | None:
    """The result the TO's ``words`` give at ``options.table`` of the open round, written into
    ``text`` (the file ``shown``), when what was kept about this text says it is a waiting
    match of the open round and the result changes no check but its own; else None."""
    from ingest.core.rounds import GameScore, ScoreError

    if options.table is None or options.player is not None or options.playoff or len(words) != 1:
        return None
    if options.ended or options.by or options.finals is not None:
        return None
    data_key = event_data_key(project)
    key = reading_key(text, shown, data_key)
    waiting = known_open_round(key)
    reading = known_reading(key)
    if key is None or waiting is None or reading is None or any(d.is_error for d in reading):
        return None
    if options.round_no is not None and options.round_no != waiting.number:
        return None
    table = waiting.table(options.table)
    if table is None:
        return None
    try:
        score = GameScore.parse(words[0])
    except ScoreError:
        return None  # double-loss, or not a result: the full path says which
    if _score_findings(score, waiting):
        return None
    entry = _ENTRY.match(text, table.offset)
    if entry is None or int(entry["table"]) != table.table or (entry["a"], entry["b"]) != table.players:
        return None
    written = f", games: {score.notation()}"
    at = entry.end("head")
    if any(d.pos.line == table.line and d.pos.col > at - table.offset for d in reading):
        return None  # a finding on the entry past where the result goes would move
    new = text[:at] + written + text[at:]
    if not _within_limits(new):
        return None
    new_key = reading_key(new, shown, data_key)
    if new_key is None:
        return None
    a, b = table.names
    result = RecordedResult(waiting.number, table.table, score.notation())
    description = f"{waiting.label}, table {table.table}: {a} {score.notation()} {b}"
    return QuickEdit(
        new,
        description,
        new_key,
        reading,
        waiting.reported(table, len(written)),
        _since(text, shown, data_key, key, result),
    )


def _since(text: str, shown: str, data_key: object, key: str, result: RecordedResult) -> SinceKept | None:
    """The new text's event as the results recorded since a kept one, this one the last (the
    text read is itself the base when no result was recorded since its event was kept; when
    none was, the record is not taken and the next command reads the text whole)."""
    from ingest.checks.assemblies import assembly_key

    if assembly_key(text, shown, data_key) != key:
        return None  # a text too short to keep its event
    prior = known_since(key)
    return SinceKept(key, (result,)) if prior is None else prior.then(result)


def _score_findings(score: object, waiting: OpenRound) -> bool:
    """Whether the entry's score check (:func:`ingest.source.scores.check_score`) finds anything."""
    from ingest.core.rounds import GameScore
    from ingest.core.rulesets import get_ruleset
    from ingest.source.scores import intentional_draw_problem, score_problem, score_warning

    assert isinstance(score, GameScore)
    try:
        rules = get_ruleset(waiting.rules)
    except KeyError:
        return True
    best_of = waiting.best_of
    return bool(
        score_problem(score, best_of, playoff=False, elimination=False, rules=rules)
        or intentional_draw_problem(score, best_of, rules)
        or score_warning(score, best_of, rules)
    )


def _within_limits(new: str) -> bool:
    """Whether the new text is within the limits every reading of a file checks."""
    from ingest.source.storage import MAX_FILE_BYTES, MAX_NODES

    return len(new.encode("utf-8", "surrogatepass")) <= MAX_FILE_BYTES and len(new) + 1 < MAX_NODES
