"""A Wheel of Time event's spreadsheet rows (:class:`WotRows`) and how its games are written
into the event file (:func:`wot_item`): the player is the Hero, the opponent the Villain,
and the result is the Hero's with how the game ended (WoT rules, Scoring)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ingest.core.rounds import MatchKind
from ingest.importers.csv_table import RESULT_WORDS, Cell, CsvTable
from ingest.importers.tournament import SourceMatch, clean_text

ENDED = ("before-last-battle", "last-battle")
"""When a game ended (the ``ended`` column)."""
BY = ("goal", "kill", "concession", "forfeit", "time")
"""How a game ended (the ``by`` column)."""


class WotRows:
    """A Wheel of Time event's rows: the player is the Hero, the opponent the Villain; the result
    is the Hero's, with how the game ended (a double loss is both players losing). A player
    without an opponent has a bye: a Game has no match loss."""

    lone_win_is_bye = False
    lone_loss = False

    def played(
        self, table: CsvTable, row: Mapping[str, Cell], player: str, opponent: str, number: int | None
    ) -> SourceMatch | None:
        result = row["result"]
        if RESULT_WORDS.get(result.text.strip().lower()) == "double-loss":
            row = {**row, "result": Cell("both-lose", result.pos)}
        return wot_match(table, row, player, opponent, number)


def wot_match(
    table: CsvTable, row: Mapping[str, Cell], hero: str, villain: str, number: int | None
) -> SourceMatch | None:
    """A game: the Hero's result with when and how it ended, and the final values when given."""
    result = row["result"]
    text = result.text.strip().lower()
    record: dict[str, Any] = {}
    if text:
        word = RESULT_WORDS.get(text)
        winner = {"win": "hero", "loss": "villain", "tie": "tie", "draw": "tie", "both-lose": "both-lose"}.get(
            word or ""
        )
        if winner is None:
            table.err(result, "result", f'"{clean_text(result.text, 20)}" is not a Wheel of Time result',
                      "write win, loss, tie or both-lose from the Hero's side")  # fmt: skip
            return None
        record["winner"] = winner
        for column, allowed in (("ended", ENDED), ("by", BY)):
            cell = row.get(column)
            value = cell.text.strip().lower() if cell is not None else ""
            if value not in allowed:
                where = cell or result
                table.err(where, column, f'"{clean_text(value, 30)}" is not one of {", ".join(allowed)}',
                          "a Wheel of Time result needs ended and by")  # fmt: skip
                return None
            record[column] = value
    for column, key in (("player_final", "hero_final"), ("opponent_final", "villain_final")):
        cell = row.get(column)
        if cell is None or not cell.text:
            continue
        if not re.fullmatch(r"-?\d{1,3}", cell.text):
            table.err(cell, column, f'"{clean_text(cell.text, 20)}" is not a whole number')
            return None
        record[key] = int(cell.text)
    return SourceMatch(MatchKind.PLAYED, (hero, villain), None, table=number, pos=result.pos, wot=record)


def wot_item(m: SourceMatch, ids: Mapping[str, str]) -> dict[str, Any] | None:
    """A game of the source as the event file writes it, Hero first; None for what is not a game."""
    if m.wot is None or m.kind is not MatchKind.PLAYED:
        return None
    item: dict[str, Any] = {"table": m.table} if m.table is not None else {}
    item["hero"], item["villain"] = ids[m.players[0]], ids[m.players[1]]
    item.update((k, m.wot[k]) for k in ("winner", "ended", "by", "hero_final", "villain_final") if k in m.wot)
    return item
