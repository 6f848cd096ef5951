"""The event of a text ``report`` wrote without reading it: a kept event plus the results
recorded since (issue 38, point 5).

``report`` records a result in the open round from what was kept about the text it read
(:mod:`ingest.edit.quick_report`), and the TO's next commands are more ``report``\\ s, then
``pair``. The event of each new text is the event of the text the round's results were first
recorded on (kept by :mod:`ingest.checks.assemblies`) with those results written in, nothing
else: the quick path writes a result only into a waiting match of the open round, as
``games: <notation>`` at the end of its flow mapping, on its own line, moving no line
(:func:`ingest.edit.quick_report.quick_result` says why no other check changes). Writing the
whole event again at every result would cost ``report`` the encoding and the signed write of
1.8 MB on a 2,048-player event; what is kept under the new text's reading key is instead
:class:`SinceKept`: the key of the text whose event is kept (its *base*) and the results
recorded since, in order, a few bytes each.

:func:`with_results` reads them back: the base's event with each result's match given
its score, the document's plain data with each entry's ``games`` value, one value and one
key more per result; anything not exactly as the quick path leaves it (a result for a match
that is not waiting, or not where its data says, a finding of the reading on the entry's
line) gives None, and the text is read whole. Like every store here the record is data,
signed on disk (:class:`ingest.cli.verdict_files.SinceKeptFiles`) and read back field by
field; its key digests the new text's bytes, so it is only ever taken for that very text.
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
class RecordedResult:
    """One result ``report`` wrote into a waiting match of the open round."""

    round: int
    """The round's number."""
    table: int
    """The match's table."""
    games: str
    """The score as written (:meth:`ingest.core.rounds.GameScore.notation`)."""


@dataclass(frozen=True, slots=True)
class SinceKept:
    """A text's event as another text's kept event and the results recorded since."""

    base: str
    """The reading key of the text whose event is kept (:func:`ingest.checks.assemblies.assembly_key`)."""
    results: tuple[RecordedResult, ...]
    """The results recorded since, in the order recorded."""

    def then(self, result: RecordedResult) -> SinceKept:
        """This record with one more result."""
        return replace(self, results=(*self.results, result))


STORE: MutableMapping[str, SinceKept] = ProcessMemo(64)
"""Records by the reading key of their text, the last 64 (the venue writes one at every
result); the command line puts signed files behind it."""


def known_since(key: str | None) -> SinceKept | None:
    """The record kept under ``key``, if any."""
    if key is None:
        return None
    try:
        return STORE[key]
    except KeyError:
        return None


def with_results(event: Event, problems: Sequence[Diagnostic], data: Any, since: SinceKept) -> tuple[Event, Any] | None:
    """The event and the plain data of the text ``since`` was kept for, from its base's
    (``event``, with the findings ``problems``, and ``data``) and the results recorded since
    (each one value and one key more in the document); None when they are not exactly what
    the quick path writes. ``data`` is left as it is."""
    from ingest.core.rounds import GameScore, MatchKind, ScoreError

    if not event.rounds or not since.results:
        return None
    last = event.rounds[-1]
    scores: dict[int, str] = {}
    for result in since.results:
        if result.round != last.number or result.table in scores:
            return None
        scores[result.table] = result.games
    if not isinstance(data, dict) or not isinstance(data.get("rounds"), list) or len(last.yaml_path) != 2:
        return None
    at = last.yaml_path[1]
    if not isinstance(at, int) or not 0 <= at < len(data["rounds"]) or not isinstance(data["rounds"][at], dict):
        return None
    round_data = dict(data["rounds"][at])
    entries = round_data.get("matches")
    if not isinstance(entries, list):
        return None
    entries = list(entries)
    matches = list(last.matches)
    lines = set()
    for i, m in enumerate(matches):
        games = scores.pop(m.table, None) if m.table is not None else None
        if games is None:
            continue
        if m.kind is not MatchKind.PLAYED or m.score is not None or len(m.players) != 2 or m.pos is None:
            return None
        index = m.yaml_path[-1] if m.yaml_path[:-1] == ("rounds", at, "matches") else None
        if not isinstance(index, int) or not 0 <= index < len(entries):
            return None
        entry = entries[index]
        if not isinstance(entry, dict) or set(entry) != {"table", "players"} or entry["table"] != m.table:
            return None
        try:
            score = GameScore.parse(games)
        except ScoreError:
            return None
        if score.notation() != games:
            return None
        matches[i] = replace(m, score=score)
        entries[index] = {**entry, "games": games}
        lines.add(m.pos.line)
    if scores or any(d.pos.line in lines for d in problems):
        return None  # a result for no waiting match; a finding on an entry's line (it may move)
    round_data["matches"] = entries
    rounds = list(data["rounds"])
    rounds[at] = round_data
    new_event = replace(event, rounds=(*event.rounds[:-1], replace(last, matches=tuple(matches))))
    return new_event, {**data, "rounds": rounds}


def since_data(since: SinceKept) -> list[Any]:
    """A record as JSON data."""
    return [since.base, [[r.round, r.table, r.games] for r in since.results]]


def since_from(data: Any) -> SinceKept | None:
    """A record from JSON data, checked field by field; None for anything else."""
    if not isinstance(data, list) or len(data) != 2:
        return None
    base, results = data
    if not isinstance(base, str) or len(base) != 64 or not isinstance(results, list) or not results:
        return None
    out = []
    for item in results:
        if not isinstance(item, list) or len(item) != 3:
            return None
        number, table, games = item
        if not all(type(n) is int and n >= 0 for n in (number, table)) or not isinstance(games, str):
            return None
        out.append(RecordedResult(number, table, games))
    return SinceKept(base, tuple(out))
