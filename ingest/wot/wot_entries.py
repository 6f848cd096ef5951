"""The Wheel of Time family's round entries (:class:`WotEntries`): each table and bye of a
Game as the engine's own value (:class:`~ingest.wot.wot_entry.WotEntry`, WoT rules seed 001)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ingest.core.ids import PlayerId
from ingest.source.assembly_context import AssemblyContext
from ingest.source.round_entries import Entry, EntrySpec, foreign_entry
from ingest.source.yamldoc import YamlPath
from ingest.wot.values import (
    TiebreakOverride,
    WotBye,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotSeverity,
    WotSide,
    WotTable,
    WotWinner,
    validate_game,
)
from ingest.wot.wot_entry import WotEntry

RESULT_KEYS = ("winner", "ended", "by")
"""What a reported game records, all three together."""


class WotEntries:
    """How a Wheel of Time event's entries are read: Hero/Villain tables and byes."""

    def read(self, ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> tuple[Entry, ...]:
        """A table (with its result, once all of it is written) or a bye."""
        if spec.kind not in ("hero", "villain", "bye"):
            foreign_entry(
                ctx,
                path,
                "Wheel of Time games: a Hero and a Villain at each table, or a bye",
                "e.g. {table: 1, hero: alice, villain: bob}",
            )
            return ()
        entry = _wot_entry(ctx, m, path, spec.kind, spec.place)
        return (entry,) if entry is not None else ()

    def not_paired(self, ctx: AssemblyContext, player: str, index: int, number: int) -> None:
        """A player missing from a Game: an active player has a game or a bye in every one."""
        ctx.warn(
            "did-not-play",
            ("rounds", index),
            f'"{player}" has no game and no bye in game {number}',
            f"record the player's game or bye, or list {player} under drops",
        )


def _wot_entry(ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, kind: str, place: int) -> WotEntry | None:
    """A table or bye as the engine's value (``place``: its place among the Game's entries,
    the engine's number for a table the file gives none)."""
    pos = ctx.pos(path)
    table = m.get("table")
    number = table if isinstance(table, int) and not isinstance(table, bool) and table else place
    if kind == "bye":
        pid = PlayerId(str(m["bye"]))
        if pid not in ctx.ids:
            ctx.unknown((*path, "bye"), pid)
        side = ctx.field((*path, "side"), m.get("side"), None)
        bye = WotBye(pid, WotSide(side) if side is not None else None)
        return WotEntry(bye, table=table, pos=pos, yaml_path=path)
    spot = f"game {_game_number(ctx, path)}, table {number}"
    if "hero" not in m or "villain" not in m:
        ctx.err("match-shape", path, f"{spot}: a Wheel of Time game needs both hero and villain")
        return None
    hero, villain = PlayerId(str(m["hero"])), PlayerId(str(m["villain"]))
    for side, pid in (("hero", hero), ("villain", villain)):
        if pid not in ctx.ids:
            ctx.unknown((*path, side), pid)
    if hero == villain:
        ctx.err("self-pairing", (*path, "villain"), f'"{hero}" is paired against themselves')
    if "games" in m or "result" in m:
        ctx.err(
            "match-shape",
            path,
            f"{spot}: Wheel of Time games record winner, ended and by instead of games",
            "e.g. winner: hero, ended: last-battle, by: goal, hero_final: 6, villain_final: 2",
        )
    result = {k: ctx.field((*path, k), m.get(k), None) for k in RESULT_KEYS}
    if all(ctx.intact((*path, k)) for k in result):
        _check_result(ctx, result, path, spot)
    if any(v is None for v in result.values()):
        return WotEntry(WotTable(number, hero, villain), table=table, pos=pos, yaml_path=path)
    ov = ctx.field((*path, "tiebreak_override"), m.get("tiebreak_override"), None)
    override = None
    if isinstance(ov, Mapping):
        override = TiebreakOverride(_points(ov.get("hero")), _points(ov.get("villain")), str(ov["note"]))
    game = WotGame(
        table=number,
        hero=hero,
        villain=villain,
        winner=WotWinner(result["winner"]),
        ended=WotEnded(result["ended"]),
        by=WotEndedBy(result["by"]),
        hero_final=ctx.field((*path, "hero_final"), m.get("hero_final"), None),
        villain_final=ctx.field((*path, "villain_final"), m.get("villain_final"), None),
        tiebreak_override=override,
    )
    _check_game(ctx, game, path, spot)
    return WotEntry(game, table=table, pos=pos, yaml_path=path)


def _check_game(ctx: AssemblyContext, game: WotGame, path: YamlPath, spot: str) -> None:
    """The game as recorded checked on its own (:func:`~ingest.wot.values.validate_game`: WoT
    rules, Scoring and Expanded Scoring Example): a result that cannot have happened is an
    error at its table, the moment it is written, so it never waits for the Game's other
    tables and never stops them. Each message names the game and the table (``spot``)."""
    for problem in validate_game(game):
        if problem.code == "same-player":  # reported as self-pairing
            continue
        message = f"{spot}: {problem.message}"
        if problem.severity is WotSeverity.ERROR:
            ctx.err(f"wot-{problem.code}", path, message, _RESULT_HINT)
        else:
            ctx.warn(f"wot-{problem.code}", path, message)


_RESULT_HINT = (
    "a game ends by goal or kill (also concession, forfeit) with a winner, in a tie by time in the Last "
    "Battle, or with both players losing by kill; e.g. winner: hero, ended: last-battle, by: goal"
)


def _game_number(ctx: AssemblyContext, path: YamlPath) -> int:
    """The number of the Game whose entry is at ``path`` (``rounds[i]``): its ``round``, else its place."""
    index = path[1] if len(path) > 1 and isinstance(path[1], int) else 0
    rounds = ctx.data.get("rounds") if isinstance(ctx.data, Mapping) else None
    entry = rounds[index] if isinstance(rounds, list) and 0 <= index < len(rounds) else None
    number = entry.get("round") if isinstance(entry, Mapping) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else index + 1


def _check_result(ctx: AssemblyContext, result: Mapping[str, Any], path: YamlPath, spot: str) -> None:
    """A reported game needs all three of winner, ended and by; the combinations are
    checked once all three are there (:func:`_check_game`)."""
    given = [k for k, v in result.items() if v is not None]
    if given and len(given) < len(RESULT_KEYS):
        missing = [k for k in RESULT_KEYS if k not in given]
        ctx.err(
            "wot-result",
            path,
            f"{spot}: a reported game needs {', '.join(missing)} as well as {', '.join(given)}",
            "winner: hero | villain | tie | both-lose; ended: before-last-battle | last-battle; "
            "by: goal | kill | concession | forfeit | time",
        )


def _points(value: object) -> Fraction:
    """Tie-breaking points as a judge writes them (``3``, ``2.5``), exactly; none given is 0."""
    return Fraction(str(value)) if value is not None else Fraction(0)
