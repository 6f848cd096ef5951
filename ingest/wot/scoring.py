"""Wheel of Time CCG scoring: game points, tie-breaking points and standings.

WoT rules, Scoring (Game Points, Tie Breaking Points), Expanded Scoring Example and
Final Score. Tie-breaking points are exact :class:`~fractions.Fraction` values: the
"average of three" cases produce thirds.

Readings of the rules that the code relies on (each is tested):

* **Which values an average draws on.** The early-win, bye and early double-loss
  cases average the three highest positive tie-breaking points of *other* players
  in the same Game. Only results fixed by the play itself count: Last Battle wins
  and double losses, ties, and judge's overrides. Results that are themselves
  averages (other early wins, other byes, early double losses) are left out. The
  rules have the judge compute the average once the whole Game is over. Two early
  wins on the same side would otherwise depend on each other, and taking tables
  one after another would make the result depend on table order.
* **The pool is per Game.** The points the average draws on are the ones the other
  players of that side earned in this Game, not their tournament totals.
* **Double loss before the Last Battle.** The Scoring section speaks of the three
  highest totals of the game. The Expanded Scoring Example speaks of the three
  highest positive scores of all other players of both sides, padded with zeros.
  The code follows the example: positive values only, padded with 0.
* **Forfeit.** The floor rules remove a player declared forfeit from the tournament
  and take away all his points. His opponent's result is scored as a kill (or an
  early kill). The forfeiting player stays in the standings, marked as removed
  and unranked, with no points.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ingest.core.rulesets.wot import WOT
from ingest.wot.values import (
    WotBye,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotInputError,
    WotProblem,
    WotRound,
    WotSeverity,
    WotSide,
    WotWinner,
    validate_round,
)

__all__ = [
    "BYE_POINTS",
    "LOSS_BEFORE_LAST_BATTLE_POINTS",
    "LOSS_IN_LAST_BATTLE_POINTS",
    "TIE_POINTS",
    "WIN_POINTS",
    "TiebreakBasis",
    "WotGameResult",
    "WotOutcome",
    "WotStanding",
    "WotTotals",
    "average_of_top_three",
    "removed_players",
    "score_game_round",
    "wot_standings",
    "wot_totals",
]

WIN_POINTS = WOT.win_points
"""Game points for a win (WoT rules, Game Points: 2, the ruleset's own figure)."""
LOSS_IN_LAST_BATTLE_POINTS = WOT.loss_points
"""Game points for a loss during the Last Battle (WoT rules, Game Points: 0)."""
LOSS_BEFORE_LAST_BATTLE_POINTS = -1
"""Game points for a loss before the Last Battle (WoT rules, Game Points)."""
TIE_POINTS = WOT.draw_points
"""Game points for each player of a tied game (WoT rules, Game Points: 1)."""
BYE_POINTS = 2
"""Game points for a bye (WoT rules, Game Points)."""

_ZERO = Fraction(0)


class WotOutcome(enum.Enum):
    """A player's result in one Game."""

    WIN = "win"
    """He won his game."""
    LOSS = "loss"
    """He lost his game (including a game both players lost)."""
    TIE = "tie"
    """The game was tied when time ran out."""
    BYE = "bye"
    """He had no opponent."""


class TiebreakBasis(enum.Enum):
    """Which rule of WoT rules, Tie Breaking Points, produced a player's value."""

    GOAL_MARGIN = "goal-margin"
    """Last Battle goal win: winner's final minus loser's final (negated for the loser)."""
    WINNER_FINAL = "winner-final"
    """Last Battle kill, concession or forfeit: the winner's final (negated for the loser)."""
    OPPONENT_FINAL = "opponent-final"
    """Both killed in the Last Battle: minus the opponent's final."""
    SIDE_AVERAGE = "side-average"
    """Early win or bye: average of the three highest positive values of the other
    players on the same side (negated for the early loser)."""
    GAME_AVERAGE = "game-average"
    """Both killed before the Last Battle: minus the average of the three highest
    positive values of all other players of the Game."""
    TIE = "tie"
    """Tied game: zero."""
    OVERRIDE = "override"
    """Set by the judge (WoT rules, Standard Tournament Floor Rules)."""


@dataclass(frozen=True, slots=True)
class WotGameResult:
    """What one player scored in one Game."""

    player: str
    """The player."""
    side: WotSide
    """Deck he used, or the side his bye counts as."""
    opponent: str | None
    """His opponent, ``None`` for a bye."""
    table: int | None
    """His table, ``None`` for a bye."""
    outcome: WotOutcome
    """Win, loss, tie or bye."""
    game_points: int
    """Game points earned (2, 1, 0 or -1)."""
    tiebreak_points: Fraction
    """Tie-breaking points earned, exact."""
    basis: TiebreakBasis
    """Which rule gave the tie-breaking points."""
    averaged: tuple[Fraction, ...] = ()
    """For the average cases, the three values averaged (zeros included), highest first."""
    note: str | None = None
    """The judge's note when the value was overridden."""


@dataclass(frozen=True, slots=True)
class WotTotals:
    """A player's accumulated score: the sum of all his previous Game scores."""

    game_points: int = 0
    """Total game points."""
    tiebreak_points: Fraction = _ZERO
    """Total tie-breaking points."""

    def add(self, result: WotGameResult) -> WotTotals:
        """These totals plus one Game's result."""
        return WotTotals(self.game_points + result.game_points, self.tiebreak_points + result.tiebreak_points)


@dataclass(frozen=True, slots=True)
class WotStanding:
    """One row of the standings (WoT rules, Final Score)."""

    rank: int | None
    """Place, shared by players equal on game and tie-breaking points (1, 1, 3, ...);
    ``None`` for a player removed by a forfeit."""
    player: str
    """The player."""
    game_points: int
    """Total game points (0 once removed: his points are lost)."""
    tiebreak_points: Fraction
    """Total tie-breaking points (0 once removed)."""
    games_played: int
    """Games played at a table (byes not included)."""
    byes: int
    """Byes received."""
    removed: bool = False
    """Declared forfeit: removed from the tournament with all his points lost."""


def average_of_top_three(values: Iterable[Fraction]) -> tuple[Fraction, tuple[Fraction, ...]]:
    """Average the three highest positive values, using 0 for missing ones.

    WoT rules, Tie Breaking Points (early win, both killed early, bye).

    Args:
        values: Candidate tie-breaking points; zero and negative ones are ignored.

    Returns:
        The average and the three values averaged, highest first.

    >>> average_of_top_three([Fraction(4), Fraction(-2), Fraction(7), Fraction(1), Fraction(3)])
    (Fraction(14, 3), (Fraction(7, 1), Fraction(4, 1), Fraction(3, 1)))
    >>> average_of_top_three([Fraction(5)])[0]
    Fraction(5, 3)
    """
    top = sorted((v for v in values if v > 0), reverse=True)[:3]
    top += [_ZERO] * (3 - len(top))
    return sum(top, _ZERO) / 3, tuple(top)


def _losing_points(game: WotGame) -> int:
    if game.ended is WotEnded.LAST_BATTLE:
        return LOSS_IN_LAST_BATTLE_POINTS
    return LOSS_BEFORE_LAST_BATTLE_POINTS


def _game_points(game: WotGame, side: WotSide) -> tuple[WotOutcome, int]:
    if game.winner is WotWinner.TIE:
        return WotOutcome.TIE, TIE_POINTS
    if game.winning_side is side:
        return WotOutcome.WIN, WIN_POINTS
    return WotOutcome.LOSS, _losing_points(game)


def _fixed_tiebreaks(game: WotGame) -> tuple[Fraction, Fraction, TiebreakBasis] | None:
    """Hero and Villain tie-breaking points fixed by the game alone, or ``None`` when
    they are an average over the other games of the same Game."""
    override = game.tiebreak_override
    if override is not None:
        return Fraction(override.hero), Fraction(override.villain), TiebreakBasis.OVERRIDE
    if game.winner is WotWinner.TIE:
        return _ZERO, _ZERO, TiebreakBasis.TIE
    if game.ended is not WotEnded.LAST_BATTLE:
        return None
    if game.winner is WotWinner.BOTH_LOSE:
        # Each records the opponent's final as negative points.
        hero_final, villain_final = _required(game.hero_final), _required(game.villain_final)
        return Fraction(-villain_final), Fraction(-hero_final), TiebreakBasis.OPPONENT_FINAL
    won = game.winning_side
    assert won is not None
    mine = _required(game.final(won))
    if game.by is WotEndedBy.GOAL:
        value, basis = Fraction(mine - _required(game.final(won.other))), TiebreakBasis.GOAL_MARGIN
    else:  # kill, or concession/forfeit scored as a kill in that game-turn
        value, basis = Fraction(mine), TiebreakBasis.WINNER_FINAL
    if won is WotSide.HERO:
        return value, -value, basis
    return -value, value, basis


def _required(final: int | None) -> int:
    if final is None:  # validate_game reports it as missing-final
        raise AssertionError("final support/opposition missing after validation")
    return final


def score_game_round(games: Sequence[WotGame], byes: Sequence[WotBye], game_number: int) -> tuple[WotGameResult, ...]:
    """Score one Game: every table and every bye.

    WoT rules, Scoring and Expanded Scoring Example. Results fixed by the game alone
    are computed first; the early wins, early double losses and byes then average
    the three highest positive of those (see the module docstring for why averages
    never feed other averages). A judge's override replaces the computed
    tie-breaking points (game points stay) and counts as a fixed result.

    Args:
        games: The tables of this Game, in any order.
        byes: The byes of this Game.
        game_number: Which Game of the event this is (1-based), for the default side
            of a bye.

    Returns:
        One result per player: tables in table order (Hero, then Villain), then byes
        in player order.

    Raises:
        WotInputError: A record has errors (see :func:`validate_round`).
    """
    errors = [p for p in validate_round(WotRound(tuple(games), tuple(byes))) if p.severity is WotSeverity.ERROR]
    if errors:
        raise WotInputError(errors)
    ordered = sorted(games, key=lambda g: g.table)
    fixed = {game.table: _fixed_tiebreaks(game) for game in ordered}
    # (player, side, value) of every fixed result: the pool the averages draw on.
    pool: list[tuple[str, WotSide, Fraction]] = []
    for game in ordered:
        values = fixed[game.table]
        if values is not None:
            pool.append((game.hero, WotSide.HERO, values[0]))
            pool.append((game.villain, WotSide.VILLAIN, values[1]))

    def side_average(side: WotSide, exclude: frozenset[str]) -> tuple[Fraction, tuple[Fraction, ...]]:
        return average_of_top_three(v for p, s, v in pool if s is side and p not in exclude)

    results: list[WotGameResult] = []
    for game in ordered:
        pair = frozenset((game.hero, game.villain))
        values = fixed[game.table]
        averaged: tuple[Fraction, ...] = ()
        if values is not None:
            hero_tb, villain_tb, basis = values
        elif game.winner is WotWinner.BOTH_LOSE:
            average, averaged = average_of_top_three(v for p, _, v in pool if p not in pair)
            hero_tb = villain_tb = -average
            basis = TiebreakBasis.GAME_AVERAGE
        else:
            won = game.winning_side
            assert won is not None
            average, averaged = side_average(won, pair)
            basis = TiebreakBasis.SIDE_AVERAGE
            hero_tb, villain_tb = (average, -average) if won is WotSide.HERO else (-average, average)
        note = game.tiebreak_override.note if game.tiebreak_override is not None else None
        for side, value in ((WotSide.HERO, hero_tb), (WotSide.VILLAIN, villain_tb)):
            outcome, points = _game_points(game, side)
            results.append(
                WotGameResult(
                    player=game.player(side),
                    side=side,
                    opponent=game.player(side.other),
                    table=game.table,
                    outcome=outcome,
                    game_points=points,
                    tiebreak_points=value,
                    basis=basis,
                    averaged=averaged,
                    note=note,
                )
            )
    for bye in sorted(byes, key=lambda b: b.player):
        side = bye.resolved_side(game_number)
        average, averaged = side_average(side, frozenset((bye.player,)))
        results.append(
            WotGameResult(
                player=bye.player,
                side=side,
                opponent=None,
                table=None,
                outcome=WotOutcome.BYE,
                game_points=BYE_POINTS,
                tiebreak_points=average,
                basis=TiebreakBasis.SIDE_AVERAGE,
                averaged=averaged,
            )
        )
    return tuple(results)


def removed_players(rounds: Iterable[WotRound]) -> frozenset[str]:
    """Players declared forfeit in any Game (``by: forfeit`` on the losing side).

    WoT rules, Standard Tournament Floor Rules: a Declaration of Forfeiture removes
    the player from the tournament and all his points are lost.
    """
    removed: set[str] = set()
    for record in rounds:
        for game in record.games:
            if game.by is not WotEndedBy.FORFEIT:
                continue
            won = game.winning_side
            if won is None:  # both lose: both were declared forfeit
                removed.update((game.hero, game.villain))
            else:
                removed.add(game.player(won.other))
    return frozenset(removed)


def wot_totals(rounds: Sequence[WotRound]) -> Mapping[str, WotTotals]:
    """Each player's total score over ``rounds`` (Games 1, 2, ... in order).

    Players who appear in no round are absent; treat them as :class:`WotTotals()`.
    """
    totals: dict[str, WotTotals] = {}
    for number, record in enumerate(rounds, start=1):
        for result in score_game_round(record.games, record.byes, number):
            totals[result.player] = totals.get(result.player, WotTotals()).add(result)
    return totals


def wot_standings(rounds: Sequence[WotRound], players: Iterable[str], seed: int) -> tuple[WotStanding, ...]:
    """Rank the players after ``rounds``.

    WoT rules, Final Score: most game points first, then most tie-breaking points;
    players still equal share the rank. Players removed by a forfeit follow,
    unranked and without points (WoT rules, Standard Tournament Floor Rules).

    Args:
        rounds: The Games played so far, in order (Game 1 first).
        players: Every player of the event (order does not matter).
        seed: The event seed; orders players who share a rank (display only).

    Returns:
        One row per player, best first.

    Raises:
        WotInputError: A round has errors, or names a player not in ``players``.
    """
    roster = sorted(set(players))
    problems: list[WotProblem] = []
    for record in rounds:
        problems += (p for p in validate_round(record, roster) if p.severity is WotSeverity.ERROR)
    if problems:
        raise WotInputError(problems)
    totals: dict[str, WotTotals] = {p: WotTotals() for p in roster}
    played = dict.fromkeys(roster, 0)
    byes = dict.fromkeys(roster, 0)
    for number, record in enumerate(rounds, start=1):
        for result in score_game_round(record.games, record.byes, number):
            totals[result.player] = totals[result.player].add(result)
            if result.outcome is WotOutcome.BYE:
                byes[result.player] += 1
            else:
                played[result.player] += 1
    removed = removed_players(rounds)
    display = list(roster)
    random.Random(f"wot-standings:{seed}").shuffle(display)
    position = {p: i for i, p in enumerate(display)}

    def key(player: str) -> tuple[int, Fraction]:
        return -totals[player].game_points, -totals[player].tiebreak_points

    ranked = sorted((p for p in roster if p not in removed), key=lambda p: (key(p), position[p]))
    rows: list[WotStanding] = []
    for index, player in enumerate(ranked):
        tied = index > 0 and key(ranked[index - 1]) == key(player)
        rank = rows[-1].rank if tied else index + 1
        total = totals[player]
        rows.append(
            WotStanding(
                rank,
                player,
                total.game_points,
                total.tiebreak_points,
                played[player],
                byes[player],
            )
        )
    for player in sorted((p for p in roster if p in removed), key=lambda p: position[p]):
        rows.append(WotStanding(None, player, 0, _ZERO, played[player], byes[player], True))
    return tuple(rows)
