"""Value types for a Wheel of Time CCG event, and the checks that make a game record possible.

Every type here is plain frozen data, and the event model holds these very values
(``ingest.wot.wot_entry.WotEntry``): there is one model of a Wheel of Time game. The
vocabularies an event file writes (sides, winners, endings) are string enums whose values
are the file's words, so ``WotWinner("both-lose")`` reads one and the member is that word.

:func:`validate_game` and :func:`validate_round` return problems as data (never raise) so
the caller can report all of them at once, with the positions it knows about.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "GOAL",
    "TiebreakOverride",
    "WotBye",
    "WotEnded",
    "WotEndedBy",
    "WotGame",
    "WotInputError",
    "WotProblem",
    "WotRound",
    "WotSeverity",
    "WotSide",
    "WotTable",
    "WotWinner",
    "cycle_of",
    "default_bye_side",
    "is_first_game_of_cycle",
    "validate_game",
    "validate_round",
    "validate_round_shape",
]

GOAL = 5
"""Support/opposition a player needs in the Last Battle to win by goal (WoT rules,
Expanded Scoring Example: five or more)."""


class WotSide(enum.StrEnum):
    """The deck a player used in one Game (WoT rules, Time: one of each per Cycle)."""

    HERO = "hero"
    """The player's Hero deck; his score is counted in support."""
    VILLAIN = "villain"
    """The player's Villain deck; his score is counted in opposition."""

    @property
    def other(self) -> WotSide:
        """The opposite side.

        >>> WotSide.HERO.other
        <WotSide.VILLAIN: 'villain'>
        """
        return WotSide.VILLAIN if self is WotSide.HERO else WotSide.HERO


class WotWinner(enum.StrEnum):
    """Who won a game (the ``winner`` field of a game record)."""

    HERO = "hero"
    """The player of the Hero deck won."""
    VILLAIN = "villain"
    """The player of the Villain deck won."""
    TIE = "tie"
    """Nobody won by the end of the final Last Battle game-turn (WoT rules, Scoring)."""
    BOTH_LOSE = "both-lose"
    """Both Ta'veren/Forsaken died in the same game-turn (WoT rules, Game Points note)."""


class WotEnded(enum.StrEnum):
    """When a game ended, which decides losing game points and most tie-breaking points."""

    BEFORE_LAST_BATTLE = "before-last-battle"
    """The game ended before the Last Battle began."""
    LAST_BATTLE = "last-battle"
    """The game ended during the Last Battle (including its final game-turn)."""


class WotEndedBy(enum.StrEnum):
    """How a game ended (the ``by`` field of a game record)."""

    GOAL = "goal"
    """The winner reached the support/opposition goal in the Last Battle."""
    KILL = "kill"
    """A Ta'veren/Forsaken character was killed (both, for ``both-lose``)."""
    CONCESSION = "concession"
    """The loser conceded; scored as a kill in that game-turn (WoT rules, Scoring)."""
    FORFEIT = "forfeit"
    """The loser was declared forfeit; scored as a kill in that game-turn (WoT rules,
    Scoring), and the floor rules remove him from the tournament."""
    TIME = "time"
    """The final Last Battle game-turn was completed with no winner: a tie."""

    @property
    def counts_as_kill(self) -> bool:
        """Whether scoring treats this ending as a Ta'veren/Forsaken kill.

        >>> WotEndedBy.CONCESSION.counts_as_kill
        True
        >>> WotEndedBy.GOAL.counts_as_kill
        False
        """
        return self in (WotEndedBy.KILL, WotEndedBy.CONCESSION, WotEndedBy.FORFEIT)


class WotSeverity(enum.Enum):
    """How serious a :class:`WotProblem` is."""

    ERROR = "error"
    """The record cannot be scored or paired as it stands."""
    WARNING = "warning"
    """The record can be scored but looks unusual; worth a second look by the TO."""


@dataclass(frozen=True, slots=True)
class WotProblem:
    """One thing wrong with a game record or a round, as data."""

    severity: WotSeverity
    """Error (cannot score) or warning (can score)."""
    code: str
    """Stable kebab-case code, e.g. ``goal-before-last-battle``."""
    message: str
    """What is wrong, in words a TO understands."""
    table: int | None = None
    """Table of the game concerned, if any."""
    player: str | None = None
    """Player concerned, if the problem is about one player."""


class WotInputError(ValueError):
    """Raised when scoring or pairing is asked to work on records that have errors.

    The caller is expected to run :func:`validate_round` first and report the
    problems with positions; this exception is the safety net.
    """

    def __init__(self, problems: Sequence[WotProblem]) -> None:
        self.problems: tuple[WotProblem, ...] = tuple(problems)
        """Every error found."""
        super().__init__("; ".join(p.message for p in self.problems))


@dataclass(frozen=True, slots=True)
class TiebreakOverride:
    """Tie-breaking points a judge set by hand for one game.

    WoT rules, Standard Tournament Floor Rules: after a concession or forfeit the
    judge may review the game and award tie-breaking points by any reasonable
    method, noting it on the score sheet.
    """

    hero: Fraction
    """Tie-breaking points for the Hero player, replacing the computed ones."""
    villain: Fraction
    """Tie-breaking points for the Villain player, replacing the computed ones."""
    note: str
    """The judge's note (the rules require one); shown with the result."""


@dataclass(frozen=True, slots=True)
class WotGame:
    """One table of one Game: who played which deck, and how the game ended."""

    table: int
    """Table number, from 1."""
    hero: str
    """Id of the player who used his Hero deck."""
    villain: str
    """Id of the player who used his Villain deck."""
    winner: WotWinner
    """Who won (or tie, or both lose)."""
    ended: WotEnded
    """Before or during the Last Battle."""
    by: WotEndedBy
    """How it ended."""
    hero_final: int | None = None
    """Hero player's final support (needed for Last Battle results)."""
    villain_final: int | None = None
    """Villain player's final opposition (needed for Last Battle results)."""
    tiebreak_override: TiebreakOverride | None = None
    """Judge's tie-breaking points replacing the computed ones, if any."""

    def player(self, side: WotSide) -> str:
        """The player who used ``side`` at this table."""
        return self.hero if side is WotSide.HERO else self.villain

    def final(self, side: WotSide) -> int | None:
        """The final support (Hero) or opposition (Villain) recorded for ``side``."""
        return self.hero_final if side is WotSide.HERO else self.villain_final

    @property
    def winning_side(self) -> WotSide | None:
        """The side that won, or ``None`` for a tie or a double loss."""
        if self.winner is WotWinner.HERO:
            return WotSide.HERO
        if self.winner is WotWinner.VILLAIN:
            return WotSide.VILLAIN
        return None


@dataclass(frozen=True, slots=True)
class WotTable:
    """One table of a Game as paired: who plays Hero and who plays Villain (its result,
    once reported, makes it a :class:`WotGame`)."""

    table: int
    """Table number."""
    hero: str
    """Player on the Hero deck."""
    villain: str
    """Player on the Villain deck."""


@dataclass(frozen=True, slots=True)
class WotBye:
    """A player without an opponent in one Game."""

    player: str
    """Id of the player with the bye."""
    side: WotSide | None = None
    """Side the bye counts as; ``None`` means the rules' default (:func:`default_bye_side`)."""

    def resolved_side(self, game_number: int) -> WotSide:
        """The side this bye counts as in game ``game_number``."""
        return self.side if self.side is not None else default_bye_side(game_number)


@dataclass(frozen=True, slots=True)
class WotRound:
    """All results of one Game (one entry of the event file's ``rounds``)."""

    games: tuple[WotGame, ...] = ()
    """The tables played."""
    byes: tuple[WotBye, ...] = ()
    """The byes given."""

    def players(self) -> tuple[str, ...]:
        """Every player id in this Game, tables first, in record order."""
        ids: list[str] = []
        for game in self.games:
            ids += (game.hero, game.villain)
        ids += (bye.player for bye in self.byes)
        return tuple(ids)


def cycle_of(game_number: int) -> int:
    """The Cycle a Game belongs to (games 1-2 are cycle 1, 3-4 cycle 2, ...).

    >>> [cycle_of(g) for g in (1, 2, 3, 4, 5)]
    [1, 1, 2, 2, 3]
    """
    if game_number < 1:
        raise ValueError(f"game numbers start at 1, got {game_number}")
    return (game_number + 1) // 2


def is_first_game_of_cycle(game_number: int) -> bool:
    """Whether ``game_number`` opens a Cycle (odd games).

    >>> is_first_game_of_cycle(3), is_first_game_of_cycle(4)
    (True, False)
    """
    return cycle_of(game_number) * 2 - 1 == game_number


def default_bye_side(game_number: int) -> WotSide:
    """The side a bye counts as when the record does not say.

    WoT rules, Expanded Set-Up Rules: the bye of a Cycle's first Game counts as
    Hero, the bye of its second Game as Villain.

    >>> default_bye_side(1), default_bye_side(2)
    (<WotSide.HERO: 'hero'>, <WotSide.VILLAIN: 'villain'>)
    """
    return WotSide.HERO if is_first_game_of_cycle(game_number) else WotSide.VILLAIN


def _error(code: str, message: str, game: WotGame) -> WotProblem:
    return WotProblem(WotSeverity.ERROR, code, message, table=game.table)


def _warning(code: str, message: str, game: WotGame) -> WotProblem:
    return WotProblem(WotSeverity.WARNING, code, message, table=game.table)


def _needed_finals(game: WotGame) -> tuple[WotSide, ...]:
    """The sides whose final support/opposition the scoring of ``game`` reads."""
    if game.ended is not WotEnded.LAST_BATTLE or game.tiebreak_override is not None:
        return ()
    won = game.winning_side
    if won is not None:
        return (WotSide.HERO, WotSide.VILLAIN) if game.by is WotEndedBy.GOAL else (won,)
    if game.winner is WotWinner.BOTH_LOSE:
        return (WotSide.HERO, WotSide.VILLAIN)
    return ()


def validate_game(game: WotGame) -> tuple[WotProblem, ...]:
    """Check that a game record describes a possible, scorable game.

    WoT rules, Scoring and Expanded Scoring Example: a goal win only happens in the
    Last Battle with 5+ support/opposition; time running out (the final Last Battle
    game-turn completed) is the only way to tie; concession and forfeit are scored as
    a kill in that game-turn.

    Args:
        game: The record to check.

    Returns:
        Every problem found, errors and warnings, in a fixed order; empty if fine.

    >>> g = WotGame(1, "a", "b", WotWinner.HERO, WotEnded.BEFORE_LAST_BATTLE, WotEndedBy.GOAL)
    >>> [p.code for p in validate_game(g)]
    ['goal-before-last-battle']
    """
    problems: list[WotProblem] = []
    if game.table < 1:
        problems.append(_error("bad-table", f"table number {game.table} is below 1", game))
    if game.hero == game.villain:
        problems.append(_error("same-player", f"{game.hero} cannot play both Hero and Villain", game))
    before = game.ended is WotEnded.BEFORE_LAST_BATTLE
    if game.by is WotEndedBy.GOAL:
        if before:
            problems.append(
                _error(
                    "goal-before-last-battle",
                    "a game is won by support/opposition only during the Last Battle; "
                    "use by: kill, concession or forfeit, or ended: last-battle",
                    game,
                )
            )
        if game.winner is WotWinner.BOTH_LOSE:
            problems.append(_error("both-lose-by-goal", "both players cannot lose by reaching a goal", game))
    if game.by is WotEndedBy.TIME:
        if game.winner is not WotWinner.TIE:
            problems.append(
                _error(
                    "time-not-tie",
                    "a game that ran out of time (final Last Battle turn completed) is a tie; "
                    "use winner: tie, or say how it was won",
                    game,
                )
            )
        if before:
            problems.append(
                _error(
                    "time-before-last-battle",
                    "time runs out only after the final Last Battle game-turn; use ended: last-battle",
                    game,
                )
            )
    elif game.winner is WotWinner.TIE:
        problems.append(
            _error(
                "tie-not-time",
                "a tie happens only when time is called in the Last Battle; use by: time",
                game,
            )
        )
    for side in _needed_finals(game):
        if game.final(side) is None:
            what = "support" if side is WotSide.HERO else "opposition"
            problems.append(
                _error(
                    "missing-final",
                    f"the {side.value}'s final {what} is needed to score this Last Battle "
                    f"result (set {side.value}_final)",
                    game,
                )
            )
    won = game.winning_side
    if won is not None and game.by is WotEndedBy.GOAL and not before and game.tiebreak_override is None:
        mine, theirs = game.final(won), game.final(won.other)
        if mine is not None and mine < GOAL:
            problems.append(
                _error(
                    "goal-not-reached",
                    f"a goal win needs {GOAL}+ final support/opposition, the {won.value} has {mine}",
                    game,
                )
            )
        elif mine is not None and theirs is not None and theirs >= mine:
            problems.append(
                _warning(
                    "goal-margin-not-positive",
                    f"the winner's final ({mine}) is not above the loser's ({theirs}); "
                    "the tie-breaking points will not be positive",
                    game,
                )
            )
    override = game.tiebreak_override
    if override is not None:
        if game.by not in (WotEndedBy.CONCESSION, WotEndedBy.FORFEIT):
            problems.append(
                _warning(
                    "override-without-concession",
                    "the rules let the judge reassign tie-breaking points after a "
                    "concession or forfeit; this game ended otherwise",
                    game,
                )
            )
        if not override.note.strip():
            problems.append(
                _warning(
                    "override-without-note",
                    "a judge's tie-breaking override must be noted on the score sheet; add a note",
                    game,
                )
            )
    return tuple(problems)


def validate_round(record: WotRound, players: Iterable[str] | None = None) -> tuple[WotProblem, ...]:
    """Check one Game's results: each game, and each player at most once.

    Args:
        record: The Game's tables and byes.
        players: The event's player ids; when given, unknown ids are errors.

    Returns:
        Every problem found: those of :func:`validate_game` for each table, then
        round-level ones (player twice, table number twice, unknown player, more
        than one bye).
    """
    problems: list[WotProblem] = []
    for game in record.games:
        problems += validate_game(game)
    return (*problems, *validate_round_shape(record, players))


def validate_round_shape(record: WotRound, players: Iterable[str] | None = None) -> tuple[WotProblem, ...]:
    """The round-level checks of :func:`validate_round` alone (a player twice, a table
    number twice, an unknown player, more than one bye): what a Game's tables, each checked
    on its own by :func:`validate_game`, cannot show."""
    problems: list[WotProblem] = []
    # A game with the same player on both sides is already a same-player error.
    seen: Counter[str] = Counter()
    for game in record.games:
        seen.update({game.hero, game.villain})
    seen.update(bye.player for bye in record.byes)
    for player in sorted(p for p, n in seen.items() if n > 1):
        problems.append(
            WotProblem(
                WotSeverity.ERROR,
                "player-twice",
                f"{player} appears {seen[player]} times in this game",
                player=player,
            )
        )
    tables = Counter(game.table for game in record.games)
    for table in sorted(t for t, n in tables.items() if n > 1):
        problems.append(WotProblem(WotSeverity.ERROR, "table-twice", f"table {table} is used twice", table=table))
    if players is not None:
        known = frozenset(players)
        for player in sorted(set(seen) - known):
            problems.append(
                WotProblem(
                    WotSeverity.ERROR,
                    "unknown-player",
                    f"{player} is not a player of this event",
                    player=player,
                )
            )
    if len(record.byes) > 1:
        problems.append(
            WotProblem(
                WotSeverity.WARNING,
                "several-byes",
                f"{len(record.byes)} byes in one game; the rules give at most one",
            )
        )
    return tuple(problems)
