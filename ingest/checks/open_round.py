"""Where an event text's open round waits for results: kept beside the text's reading, so that
``report`` records a result without reading the whole file again (issue 38, point 5).

On a 2,048-player event ``report`` spent most of its time reading and assembling the whole
file, before and after a one-line change. When the text is one a command already read whole
and found without an error, what a result in its open round needs is small: the round's
number and label, the event's ruleset and match length, and for each table still waiting
its players, their names and where its entry is written. :func:`open_round_of` takes that
from the event as assembled, kept under the text's reading key
(:func:`ingest.checks.readings.reading_key`: the text's bytes, the file's name, the format and
schema data and the code), so it is only ever found for that very text.

A text has one only when a result in its open round cannot change any check but the entry's
own (:func:`ingest.edit.quick_report.quick_result` lists the rules and why); anything else is
recorded by reading the whole file, as always.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ingest.core.process_memo import ProcessMemo

if TYPE_CHECKING:
    from ingest.core.diagnostics import Diagnostic
    from ingest.core.model import Event


@dataclass(frozen=True, slots=True)
class WaitingTable:
    """A match of the open round with no result yet, as its entry is written."""

    table: int
    players: tuple[str, str]
    """The players' ids, first player first."""
    names: tuple[str, str]
    """Their names, as ``report`` says them."""
    line: int
    """The 1-based line of the entry (``- {table: ..., players: [...]}``)."""
    offset: int
    """Where that line starts in the text (characters)."""


@dataclass(frozen=True, slots=True)
class OpenRound:
    """The last Swiss round of a text read without an error, while it takes results."""

    number: int
    label: str
    """The round as the TO says it (``Round 9``)."""
    rules: str
    """The event's ruleset id (what a score may be)."""
    best_of: int
    waiting: tuple[WaitingTable, ...]
    """The round's matches without a result, in the file's order."""

    def table(self, number: int) -> WaitingTable | None:
        """The waiting match at table ``number``, if any."""
        return next((t for t in self.waiting if t.table == number), None)

    def reported(self, table: WaitingTable, grown: int) -> OpenRound:
        """This round once ``table`` has its result, written in ``grown`` more characters on its line."""
        later = [
            replace(t, offset=t.offset + grown) if t.offset > table.offset else t for t in self.waiting if t != table
        ]
        return replace(self, waiting=tuple(later))


STORE: MutableMapping[str, OpenRound] = ProcessMemo(64)
"""Open rounds by the reading key of their text, the last 64 (the venue reads a new text at
every edit); the command line puts signed files behind it."""


def open_round_of(event: Event, text: str, found: Sequence[Diagnostic] | None = None) -> OpenRound | None:
    """The open round of ``text`` (assembled as ``event``, without an error), or None when a
    result there could change more than its own entry's checks (see
    :func:`ingest.edit.quick_report.quick_result`): an event not of the MTR-style family, a
    team event, an event that is not Swiss, imported, with a playoff round, whose last round
    is its final Swiss round (a result may end the event), or has none to wait for, or a text
    with anchors (an entry may be an alias).

    A round with no result yet (as ``pair`` wrote it) is one only when ``found``, what its
    recorded rounds' checks find (:func:`ingest.planner.plan.pairing_diagnostics`), has no
    finding from the round's first line on: its first result makes it a played round, and a
    pairing finding on it then changes severity or words
    (:func:`ingest.planner.recorded_rounds.finding_severity`); a round without one has none to
    change (its checks read the standings before it, which its results do not move)."""
    from ingest.core.families import family_of
    from ingest.core.rounds import MatchKind
    from ingest.planner.systems import system_of

    structure = event.structure
    if family_of(event).id != "mtr" or event.is_team_event or structure.pairing != "swiss" or "&" in text:
        return None
    if event.origin is not None or event.playoff or event.teams or not event.rounds:
        return None
    last = event.rounds[-1]
    if last.number != len(event.rounds) or structure.swiss_rounds is None or last.number >= structure.swiss_rounds:
        return None
    # Not played yet: a finding on the round is placed on it (its entries, or its own line).
    if not any(len(m.players) == 2 and m.reported for m in last.matches) and (
        found is None or last.pos is None or any(d.pos.line >= last.pos.line for d in found)
    ):
        return None
    names = {p.id: p.name for p in event.players}
    lines: dict[int, int] = {}
    waiting = []
    for m in last.matches:
        if m.kind is not MatchKind.PLAYED or m.reported or m.table is None or m.pos is None or len(m.players) != 2:
            continue
        a, b = m.players
        lines[m.pos.line] = -1
        waiting.append(WaitingTable(m.table, (a, b), (names.get(a, a), names.get(b, b)), m.pos.line, -1))
    if not waiting:
        return None  # nothing to record (every event of an archive): nothing is kept
    _line_offsets(text, lines)
    label = f"{system_of(event).round_noun.capitalize()} {last.number}"
    return OpenRound(
        last.number,
        label,
        event.rules,
        structure.best_of,
        tuple(replace(t, offset=lines[t.line]) for t in waiting),
    )


def _line_offsets(text: str, lines: dict[int, int]) -> None:
    """Fills ``lines`` (1-based line -> -1) with where each line starts in ``text``."""
    wanted = sorted(lines)
    line, start = 1, 0
    for number in wanted:
        while line < number:
            start = text.index("\n", start) + 1
            line += 1
        lines[number] = start


def open_round_data(found: OpenRound) -> list[Any]:
    """An open round as JSON data."""
    return [
        found.number,
        found.label,
        found.rules,
        found.best_of,
        [[t.table, list(t.players), list(t.names), t.line, t.offset] for t in found.waiting],
    ]


def open_round_from(data: Any) -> OpenRound | None:
    """An open round from JSON data, checked field by field; None for anything else."""
    if not isinstance(data, list) or len(data) != 5:
        return None
    number, label, rules, best_of, waiting = data
    if not _whole(number) or not _whole(best_of) or not isinstance(label, str) or not isinstance(rules, str):
        return None
    if not isinstance(waiting, list):
        return None
    tables = []
    for item in waiting:
        if not isinstance(item, list) or len(item) != 5:
            return None
        table, players, names, line, offset = item
        if not (_whole(table) and _whole(line) and _whole(offset)):
            return None
        if not (_two_texts(players) and _two_texts(names)):
            return None
        tables.append(WaitingTable(table, (players[0], players[1]), (names[0], names[1]), line, offset))
    return OpenRound(number, label, rules, best_of, tuple(tables))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _two_texts(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)
