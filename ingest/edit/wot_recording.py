"""Recording a Wheel of Time result (:class:`WotRecorder`): who won a table, when and how the
game ended, and the final support and opposition (WoT rules, Scoring).

Each function takes the file's text and its assembled event and returns an
:class:`~ingest.edit.event_file.Edit`; nothing here touches the disk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit
from ingest.edit.result_options import ResultOptions
from ingest.edit.splice import Editor
from ingest.edit.targets import (
    Target,
    find_table,
    find_unit,
    later_rounds_warning,
    pick_round,
    refuse_overwrite,
    replaced_note,
    unit_names,
    where,
)
from ingest.wot.values import WotEnded, WotEndedBy, WotGame, WotSeverity, WotWinner, validate_game
from ingest.wot.wot_entry import WotEntry, wot_entries

WOT_WINNERS = ("hero", "villain", "tie", "both-lose")
"""What a Wheel of Time game result names: the winning side, a tie, or a loss for both."""

WOT_EXAMPLE = "scorekeeper report FILE --table 1 hero --ended last-battle --by goal --finals 7-3"


class WotRecorder:
    """How a Wheel of Time event records results: the winning side (or ``tie``, ``both-lose``)
    with ``--ended``, ``--by`` and ``--finals``."""

    result_words = "Wheel of Time results: the winning side, tie or both-lose, with --ended and --by"

    def distinctive(self, words: Sequence[str]) -> bool:
        """Whether the words name a side, a tie or a loss for both: only a Wheel of Time result does."""
        return bool(words) and words[0] in WOT_WINNERS

    def check_words(self, words: Sequence[str]) -> None:
        """The words are one winner.

        Raises:
            IngestError: they are not (:func:`wot_result_help`).
        """
        if not words or words[0] not in WOT_WINNERS or len(words) != 1:
            raise IngestError(wot_result_help(" ".join(words)))

    def record(self, text: str, event: Event, words: Sequence[str], options: ResultOptions) -> Edit:
        """A table's result (:func:`record_wot_result`)."""
        self.check_words(words)
        return record_wot_result(
            text,
            event,
            round_no=options.round_no,
            table=options.table,
            player=options.player,
            winner=words[0],
            ended=options.ended,
            by=options.by,
            finals=options.finals,
            replace=options.replace,
        )

    def recorded(
        self, event: Event, target: Target, table: int | None, unit: str | None
    ) -> tuple[WotEntry, str | None, str]:
        """The table at ``table`` or of ``unit``, its result as ``report`` shows it (None while
        unreported) and in words."""
        game = _find_wot_game(event, target, table, unit)
        old = _wot_result(game.winner, game.ended, game.by, (game.hero_final, game.villain_final))
        return game, old, _wot_winner_words(game, game.winner, unit_names(event)) if old else ""


def wot_result_help(text: str) -> str:
    """The error for a Wheel of Time result written some other way."""
    return (
        f"{text!r} is not a Wheel of Time result: name the winning side (hero or villain), tie or "
        f"both-lose, with --ended and --by, e.g. `{WOT_EXAMPLE}`"
    )


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


def _refuse_impossible(
    target: Target, game: WotEntry, winner: str, ended: str, by: str, finals: tuple[int, int] | None
) -> None:
    """Refuses a result that cannot have happened (WoT rules, Scoring and Expanded Scoring
    Example: time ends a game only in a tie after the final Last Battle game-turn; a goal
    is reached only in the Last Battle; ...), naming the game and the table.

    Raises:
        IngestError: the result is impossible; nothing is written.
    """
    hero_final, villain_final = finals or (None, None)
    candidate = WotGame(
        game.table or 0, game.hero or "", game.villain or "", WotWinner(winner), WotEnded(ended), WotEndedBy(by),
        hero_final, villain_final,
    )  # fmt: skip
    wrong = [p.message for p in validate_game(candidate) if p.severity is WotSeverity.ERROR and p.code != "same-player"]
    if wrong:
        raise IngestError(
            f"{target.label}, table {game.table}: {winner} ({by}, {ended}) cannot be: {'; '.join(wrong)}. "
            "Nothing was written"
        )


def _find_wot_game(event: Event, target: Target, table: int | None, player: str | None) -> WotEntry:
    games = [g for g in wot_entries(target.round) if g.hero and g.villain]
    return find_table(event, target, games, table, player, lambda g: (g.hero, g.villain), [g.table for g in games])


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
    _refuse_impossible(target, game, winner, ended, by, finals)
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
