"""Recording a result into an event file (``scorekeeper report``) and clearing one (``clear``).

A recorded result is a fact: it is never changed silently. Recording over a result that is
already there is refused unless the TO asks to replace it, and a correction to a round
whose next round (or the top cut) was already paired says so, because pairings are data
and stay as they were made (DESIGN §2). After the cut, a table number means a table of the
current playoff round; a Swiss round is reached only by naming it.

Each function takes the file's text and its assembled event and returns an
:class:`~ingest.edit.event_file.Edit`; nothing here touches the disk. The match to change is
found in the event, and changed where the event says it is written (its YAML path).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ingest.core.errors import IngestError
from ingest.core.model import Event, GameScore, Match, MatchKind, ScoreError, TeamMatch, WotEntry
from ingest.edit.event_file import Edit
from ingest.edit.splice import Editor
from ingest.edit.targets import (
    Target,
    find_unit,
    later_rounds_warning,
    not_found,
    pick_round,
    refuse_overwrite,
    replaced_note,
    unit_names,
    where,
)

WOT_WINNERS = ("hero", "villain", "tie", "both-lose")
"""What a Wheel of Time game result names: the winning side, a tie, or a loss for both."""

WOT_EXAMPLE = "scorekeeper report FILE --table 1 hero --ended last-battle --by goal --finals 7-3"


def parse_result(text: str, event: Event | None = None) -> GameScore | str:
    """A reported result: a game score or ``double-loss``; the error speaks of the event's game.

    >>> parse_result("2-1"), parse_result("double-loss")
    (GameScore(first=2, second=1, drawn=0), 'double-loss')
    """
    if text.strip().lower() in ("double-loss", "dl"):
        return "double-loss"
    try:
        return GameScore.parse(text)
    except ScoreError as exc:
        if event is not None and event.structure.pairing == "wot-cycles":
            raise IngestError(wot_result_help(text)) from exc
        raise IngestError(
            f"{text!r} is not a result: write games won-lost[-drawn] such as 2-1, 0-0-3, or double-loss"
        ) from exc


def wot_result_help(text: str) -> str:
    """The error for a Wheel of Time result written some other way."""
    return (
        f"{text!r} is not a Wheel of Time result: name the winning side (hero or villain), tie or "
        f"both-lose, with --ended and --by, e.g. `{WOT_EXAMPLE}`"
    )


# -- two-player matches ---------------------------------------------------------------------------


def _find_match(event: Event, target: Target, table: int | None, player: str | None) -> Match:
    found = next(
        (
            m
            for m in target.round.matches
            if m.kind in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS)
            and ((table is not None and m.table == table) or (player is not None and player in m.players))
        ),
        None,
    )
    if found is None:
        who = f"table {table}" if table is not None else unit_names(event).get(player or "", player or "")
        raise not_found(event, target, who, [m.table for m in target.round.matches])
    return found


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
    match = next(
        (
            tm
            for tm in target.round.team_matches
            if (table is not None and tm.table == table) or (team is not None and team in tm.teams)
        ),
        None,
    )
    if match is None:
        who = f"table {table}" if table is not None else unit_names(event).get(team or "", team or "")
        raise not_found(event, target, who, [tm.table for tm in target.round.team_matches])
    return match


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


# -- Wheel of Time games --------------------------------------------------------------------------


def _wot_result(winner: str | None, ended: str | None, by: str | None, finals: tuple[Any, Any]) -> str | None:
    """A Wheel of Time result as ``report`` shows it, or None while unreported.

    >>> _wot_result("hero", "last-battle", "goal", (7, 3))
    'hero (goal, last-battle, 7-3)'
    """
    if winner is None:
        return None
    parts = [str(p) for p in (by, ended) if p is not None]
    if finals[0] is not None and finals[1] is not None:
        parts.append(f"{finals[0]}-{finals[1]}")
    return f"{winner} ({', '.join(parts)})"


def _find_wot_game(event: Event, target: Target, table: int | None, player: str | None) -> WotEntry:
    game = next(
        (
            g
            for g in target.round.wot_games
            if g.hero and g.villain and ((table is not None and g.table == table) or player in (g.hero, g.villain))
        ),
        None,
    )
    if game is None:
        who = f"table {table}" if table is not None else unit_names(event).get(player or "", player or "")
        raise not_found(event, target, who, [g.table for g in target.round.wot_games if g.hero and g.villain])
    return game


def _wot_winner_words(game: WotEntry, winner: str | None, names: dict[str, str]) -> str:
    hero, villain = names.get(game.hero or "", ""), names.get(game.villain or "", "")
    if winner == "hero":
        return f"{hero} (Hero) beat {villain} (Villain)"
    if winner == "villain":
        return f"{villain} (Villain) beat {hero} (Hero)"
    if winner == "tie":
        return f"{hero} (Hero) and {villain} (Villain) tied"
    return f"{hero} (Hero) and {villain} (Villain) both lose"


def record_wot_result(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    player: str | None,
    winner: str,
    ended: str | None,
    by: str | None,
    finals: tuple[int, int] | None,
    replace: bool = False,
) -> Edit:
    """Records a Wheel of Time game: who won, when and how it ended, and the final values."""
    if event.structure.pairing != "wot-cycles":
        raise IngestError(
            f"{winner!r} is a Wheel of Time result; this event records games won-lost such as 2-1 or 0-0-3"
        )
    if ended is None or by is None:
        raise IngestError(
            "a Wheel of Time result needs --ended (before-last-battle or last-battle) and --by "
            f"(goal, kill, concession, forfeit or time), and --finals for a game decided in the Last Battle, "
            f"e.g. `{WOT_EXAMPLE}`"
        )
    if ended == "last-battle" and finals is None and winner != "tie":
        raise IngestError(
            "a game decided in the Last Battle is scored from the final values: give --finals with the Hero's "
            f"final support and the Villain's final opposition, e.g. `{WOT_EXAMPLE}`"
        )
    target = pick_round(event, round_no=round_no, playoff=False)
    pid = find_unit(event, player) if player is not None else None
    game = _find_wot_game(event, target, table, pid)
    names = unit_names(event)
    old = _wot_result(game.winner, game.ended, game.by, (game.hero_final, game.villain_final))
    if old is not None:
        details = old.split(" ", 1)[1] if " " in old else ""  # "(goal, last-battle, 7-3)"
        refuse_overwrite(target, game.table, f"{_wot_winner_words(game, game.winner, names)} {details}", replace)
    editor = Editor(text)
    path = where(game)
    editor.set_value(path, "winner", winner)
    editor.set_value(path, "ended", ended)
    editor.set_value(path, "by", by)
    for key, final in zip(("hero_final", "villain_final"), finals or (None, None), strict=True):
        if final is not None:
            editor.set_value(path, key, final)
        elif editor.has((*path, key)):
            editor.remove_key(path, key)  # the new result replaces the old one whole
    new = _wot_result(winner, ended, by, finals or (None, None))
    desc = f"{target.label}, table {game.table}: {_wot_winner_words(game, winner, names)} ({by}, {ended})"
    warnings = later_rounds_warning(event, target) if old is not None else ()
    return Edit(editor.result(), desc, replaced_note(old, new or ""), warnings)


# -- clearing a result ----------------------------------------------------------------------------

_RESULT_KEYS = ("games", "result", "seats", "winner", "ended", "by", "hero_final", "villain_final", "tiebreak_override")


def clear_result(
    text: str, event: Event, *, round_no: int | None, table: int | None, player: str | None, playoff: bool = False
) -> Edit:
    """Removes the result of one match (it is unreported again); the pairing stays."""
    target = pick_round(event, round_no=round_no, playoff=playoff)
    names = unit_names(event)
    pid = find_unit(event, player) if player is not None else None
    entry: WotEntry | TeamMatch | Match
    if event.structure.pairing == "wot-cycles" and target.key == "rounds":
        entry = game = _find_wot_game(event, target, table, pid)
        old = _wot_result(game.winner, game.ended, game.by, (game.hero_final, game.villain_final))
        shown = _wot_winner_words(game, game.winner, names) if old else ""
    elif event.is_team_event:
        entry = tm = _find_team_match(event, target, table, pid)
        old = _team_result(tm)
        shown = f"{names.get(tm.teams[0])} vs {names.get(tm.teams[1])}: {old}"
    else:
        entry = match = _find_match(event, target, table, pid)
        old = match_result(match, names) if match.reported else None
        shown = old or ""
    spot = f"{target.label}, table {entry.table}" if entry.table is not None else target.label
    if old is None:
        raise IngestError(f"{spot} has no result to clear")
    editor = Editor(text)
    path = where(entry)
    for key in _RESULT_KEYS:
        if editor.has((*path, key)):
            editor.remove_key(path, key)
    desc = f"{spot}: cleared {shown}; the match is unreported"
    return Edit(editor.result(), desc, "", later_rounds_warning(event, target))
