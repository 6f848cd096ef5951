"""Recording an MTR-style result (:class:`MatchRecorder`): a match's games or a double loss,
and a team match's seats (MTR 8.2, Bushiroad 5.2) or a Two-Headed Giant game (MTR 9.1).

Each function takes the file's text and its assembled event and returns an
:class:`~ingest.edit.event_file.Edit`; nothing here touches the disk.
"""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rounds import GameScore, Match, MatchKind, ScoreError, TeamMatch
from ingest.edit.event_file import Edit
from ingest.edit.result_options import ResultOptions
from ingest.edit.splice import Editor
from ingest.edit.targets import (
    Target,
    find_table,
    find_unit,
    keep_the_cut,
    later_rounds_warning,
    pick_round,
    refuse_overwrite,
    replaced_note,
    unit_names,
    where,
)


class MatchRecorder:
    """How an MTR-style event records results: ``2-1``, ``0-0-3``, ``double-loss``; one per seat
    in a team match."""

    result_words = "games won-lost such as 2-1 or 0-0-3"

    def distinctive(self, words: Sequence[str]) -> bool:
        """Never: a score could be anything's (an event of another family asks for its own words)."""
        del words
        return False

    def check_words(self, words: Sequence[str]) -> None:
        """Every word is a score or ``double-loss`` (:func:`parse_result`).

        Raises:
            IngestError: one is not.
        """
        for word in words:
            parse_result(word)

    def record(self, text: str, event: Event, words: Sequence[str], options: ResultOptions) -> Edit:
        """A match's result (:func:`record_result`), or a team match's (:func:`record_team_result`)."""
        parsed = [parse_result(r, event) for r in words]
        if event.is_team_event:
            return record_team_result(
                text,
                event,
                round_no=options.round_no,
                table=options.table,
                team=options.player,
                results=parsed,
                playoff=options.playoff,
                replace=options.replace,
            )
        if len(parsed) != 1:
            raise IngestError("give one result, e.g. 2-1 (several results are for team events)")
        return record_result(
            text,
            event,
            round_no=options.round_no,
            table=options.table,
            player=options.player,
            result=parsed[0],
            playoff=options.playoff,
            replace=options.replace,
        )

    def recorded(
        self, event: Event, target: Target, table: int | None, unit: str | None
    ) -> tuple[Match | TeamMatch, str | None, str]:
        """The match (a team match, in a team event) at ``table`` or of ``unit``, its result as
        ``report`` shows it (None while unreported) and in words."""
        names = unit_names(event)
        if event.is_team_event:
            tm = _find_team_match(event, target, table, unit)
            old = _team_result(tm)
            return tm, old, f"{names.get(tm.teams[0])} vs {names.get(tm.teams[1])}: {old}"
        match = _find_match(event, target, table, unit)
        old = match_result(match, names) if match.reported else None
        return match, old, old or ""


def parse_result(text: str, event: Event | None = None) -> GameScore | str:
    """A reported result: a game score or ``double-loss`` (``event``: kept for callers; the
    words of a Wheel of Time event are read by :mod:`ingest.edit.wot_recording`).

    >>> parse_result("2-1"), parse_result("double-loss")
    (GameScore(first=2, second=1, drawn=0), 'double-loss')
    """
    if text.strip().lower() in ("double-loss", "dl"):
        return "double-loss"
    try:
        return GameScore.parse(text)
    except ScoreError as exc:
        raise IngestError(
            f"{text!r} is not a result: write games won-lost[-drawn] such as 2-1, 0-0-3, or double-loss"
        ) from exc


# -- two-player matches ---------------------------------------------------------------------------


def _find_match(event: Event, target: Target, table: int | None, player: str | None) -> Match:
    played = [m for m in target.round.matches if m.kind in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS)]
    tables = [m.table for m in target.round.matches]
    return find_table(event, target, played, table, player, lambda m: m.players, tables)


def match_result(match: Match, names: dict[str, str]) -> str:
    """A recorded match in words: ``Alice 2-1 Bob``, ``Alice and Bob: double loss``."""
    a, b = (names.get(p, p) for p in match.players)
    if match.kind is MatchKind.DOUBLE_LOSS:
        return f"{a} and {b}: double loss"
    return f"{a} {match.score.notation() if match.score else 'vs'} {b}"


def _same_result(match: Match, player: str | None, result: GameScore | str) -> bool:
    """Whether ``result`` (from ``player``'s side, else the first player's) is what is recorded."""
    if isinstance(result, str):
        return match.kind is MatchKind.DOUBLE_LOSS
    score = result.swapped() if player is not None and match.players[1] == player else result
    return match.kind is MatchKind.PLAYED and match.score == score


def record_result(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    player: str | None,
    result: GameScore | str,
    playoff: bool = False,
    replace: bool = False,
) -> Edit:
    """Records a match result.

    A game score and ``result: double-loss`` exclude each other, so recording one removes
    the other.

    Args:
        text: the event file.
        event: the same file, assembled.
        round_no: 1-based round; None: the current round (of the playoff, once it started).
        table: the table to report, or
        player: a player of the match (id or name); the score is read from their side.
        result: the score, or ``double-loss``.
        playoff: report a playoff round.
        replace: replace a result already recorded (else that is refused).
    """
    target = pick_round(event, round_no=round_no, playoff=playoff)
    pid = find_unit(event, player) if player is not None else None
    match = _find_match(event, target, table, pid)
    names = unit_names(event)
    spot = f"{target.label}, table {match.table}" if match.table is not None else target.label
    if match.reported:
        if _same_result(match, pid, result):
            return Edit(text, f"{spot}: {match_result(match, names)} (already recorded)")
        refuse_overwrite(target, match.table, match_result(match, names), replace)
    editor = Editor(text)
    path = where(match)
    old = "double-loss" if match.kind is MatchKind.DOUBLE_LOSS else match.score.notation() if match.score else None
    if isinstance(result, str):
        new, drop_key = result, "games"
        editor.set_value(path, "result", result)
        recorded = Match(MatchKind.DOUBLE_LOSS, match.players, table=match.table)
    else:
        score = result.swapped() if pid is not None and match.players[1] == pid else result
        new, drop_key = score.notation(), "result"
        editor.set_value(path, "games", new)
        recorded = Match(MatchKind.PLAYED, match.players, score, match.table)
    if editor.has((*path, drop_key)):
        editor.remove_key(path, drop_key)
    if target.key == "rounds":
        keep_the_cut(editor, event)
    warnings = later_rounds_warning(event, target) if match.reported else ()
    return Edit(editor.result(), f"{spot}: {match_result(recorded, names)}", replaced_note(old, new), warnings)


# -- team matches ---------------------------------------------------------------------------------


def _team_result(match: TeamMatch) -> str | None:
    """A team match's recorded result as ``report`` shows it, or None while unreported."""
    if match.score is not None:
        return match.score.notation()
    if not any(s.score is not None or s.double_loss for s in match.seats):
        return None
    return ", ".join(
        s.score.notation() if s.score else "double-loss" if s.double_loss else "unreported" for s in match.seats
    )


def _find_team_match(event: Event, target: Target, table: int | None, team: str | None) -> TeamMatch:
    matches = target.round.team_matches
    return find_table(event, target, matches, table, team, lambda tm: tm.teams, [tm.table for tm in matches])


def record_team_result(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    team: str | None,
    results: Sequence[GameScore | str],
    playoff: bool = False,
    replace: bool = False,
) -> Edit:
    """Records a team match: one result per seat (MTR teams, tag and trio), or one game (2HG).

    Seat results are read from the side of the team given with ``team`` (default: the first
    team listed at the table).
    """
    target = pick_round(event, round_no=round_no, playoff=playoff)
    tid = find_unit(event, team) if team is not None else None
    match = _find_team_match(event, target, table, tid)
    names = unit_names(event)
    old = _team_result(match)
    first, second = (names.get(t, t) for t in match.teams)
    if old is not None:
        refuse_overwrite(target, match.table, f"{first} vs {second}: {old}", replace)
    flip = tid is not None and match.teams[1] == tid
    editor = Editor(text)
    path = where(match)
    spot = f"{target.label}, table {match.table}" if match.table is not None else target.label
    if target.key == "rounds":
        keep_the_cut(editor, event)
    warnings = later_rounds_warning(event, target) if old is not None else ()
    if event.structure.team_kind == "two-headed-giant":
        if len(results) != 1 or isinstance(results[0], str):
            raise IngestError("a Two-Headed Giant match has one result, e.g. 1-0 (MTR 9.1: one game)")
        score = results[0].swapped() if flip else results[0]
        editor.set_value(path, "games", score.notation())
        desc = f"{spot}: {first} {score.notation()} {second}"
        return Edit(editor.result(), desc, replaced_note(old, score.notation()), warnings)
    size = event.structure.team_size or len(results)
    if len(results) != size:
        raise IngestError(f"give one result per seat: {size} results in seat order, e.g. 2-1 0-2 2-0")
    seats: list[dict[str, str]] = []
    for r in results:
        if isinstance(r, str):
            seats.append({"result": r})
        else:
            seats.append({"games": (r.swapped() if flip else r).notation()})
    editor.set_value(path, "seats", seats)
    shown = ", ".join(s.get("games") or s["result"] for s in seats)
    return Edit(editor.result(), f"{spot}: {first} vs {second}: {shown}", replaced_note(old, shown), warnings)
