"""Short constructors for Wheel of Time game records used across the WoT tests."""

from __future__ import annotations

from fractions import Fraction

from ingest.wot import (
    TiebreakOverride,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotGameResult,
    WotWinner,
)

LB = WotEnded.LAST_BATTLE
EARLY = WotEnded.BEFORE_LAST_BATTLE


def goal(table: int, hero: str, villain: str, winner: str, hero_final: int, villain_final: int) -> WotGame:
    """A Last Battle win by reaching the support/opposition goal."""
    return WotGame(table, hero, villain, WotWinner(winner), LB, WotEndedBy.GOAL, hero_final, villain_final)


def kill(
    table: int,
    hero: str,
    villain: str,
    winner: str,
    *,
    hero_final: int | None = None,
    villain_final: int | None = None,
    by: WotEndedBy = WotEndedBy.KILL,
    ended: WotEnded = LB,
) -> WotGame:
    """A win by kill (or concession/forfeit, scored as a kill), in or before the Last Battle."""
    return WotGame(table, hero, villain, WotWinner(winner), ended, by, hero_final, villain_final)


def early(table: int, hero: str, villain: str, winner: str, by: WotEndedBy = WotEndedBy.KILL) -> WotGame:
    """A win before the Last Battle (no finals needed)."""
    return kill(table, hero, villain, winner, by=by, ended=EARLY)


def tie(table: int, hero: str, villain: str, hero_final: int = 3, villain_final: int = 2) -> WotGame:
    """Time called and the final Last Battle turn completed without a winner."""
    return WotGame(table, hero, villain, WotWinner.TIE, LB, WotEndedBy.TIME, hero_final, villain_final)


def both_lose(
    table: int,
    hero: str,
    villain: str,
    ended: WotEnded,
    hero_final: int | None = None,
    villain_final: int | None = None,
) -> WotGame:
    """Both Ta'veren/Forsaken killed in the same game-turn."""
    return WotGame(table, hero, villain, WotWinner.BOTH_LOSE, ended, WotEndedBy.KILL, hero_final, villain_final)


def override(hero: int, villain: int, note: str = "judge ruling") -> TiebreakOverride:
    """A judge's tie-breaking override."""
    return TiebreakOverride(Fraction(hero), Fraction(villain), note)


def by_player(results: tuple[WotGameResult, ...]) -> dict[str, WotGameResult]:
    """Index one Game's results by player."""
    return {r.player: r for r in results}


def points(results: tuple[WotGameResult, ...]) -> dict[str, tuple[int, Fraction]]:
    """(game points, tie-breaking points) per player."""
    return {r.player: (r.game_points, r.tiebreak_points) for r in results}
