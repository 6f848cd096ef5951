"""What the planner answers: the round to write (:class:`PlannedRound`) or why there is none (:class:`Finished`).

A planned round is typed data: its tables and byes as entries of their own types, the
losses late entrants get, and the notes for the organizer. The edit layer writes it into
the event file (:mod:`ingest.edit.new_round`); the command line shows it
(:mod:`ingest.cli.pair_output`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ingest.core.rounds import Round
from ingest.wot.values import WotSide


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """Two players (or teams) paired at a table."""

    number: int
    """The table number, 1 first."""
    first: str
    """The player (or team) written first, the first seat."""
    second: str
    """Their opponent."""
    rematch: bool = False
    """Whether the two met before (Swiss: only when no pairing of everyone without a rematch exists)."""


class ByeReason(enum.Enum):
    """Why a player has no opponent in a planned round."""

    ODD = "odd"
    """The field is odd: the bye the pairing system gives (MTR 10.4: to the lowest-ranked
    player who has not had one)."""
    AWARDED = "awarded"
    """An awarded bye (``players[].byes``) covers the round."""
    OPPONENT_DROPPED = "opponent dropped"
    """A round-robin opponent dropped: the scheduled opponent has no match (Bushiroad 3.2.1.1)."""
    ADVANCES = "advances"
    """A bracket's bye: the player advances to the next round without a match (a bracket whose
    size is not a power of two, or an opponent who left after the cut: MTR 2.10)."""


@dataclass(frozen=True, slots=True)
class PlannedBye:
    """A player (or team) without an opponent in a planned round."""

    unit: str
    """The player (or team) id."""
    reason: ByeReason = ByeReason.ODD
    """Why."""


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """A Wheel of Time table: one player with their Hero deck against one with their Villain deck."""

    number: int
    """The table number, 1 first."""
    hero: str
    """The player who plays their Hero deck."""
    villain: str
    """The player who plays their Villain deck."""


@dataclass(frozen=True, slots=True)
class PlannedGameBye:
    """The bye of a Wheel of Time Game and the side it counts as (WoT rules, Expanded Set-Up Rules)."""

    player: str
    """The player id."""
    side: WotSide
    """The side the bye counts as."""
    side_stated: bool
    """Whether the file must say the side: it is not the Game's default side
    (:func:`ingest.wot.default_bye_side`)."""


@dataclass(frozen=True, slots=True)
class LateLoss:
    """A match loss a late entrant gets for a round played before they joined (``late_entries: loss``)."""

    round: int
    """The earlier round, 1 first."""
    player: str
    """The late entrant."""


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock as written before its matches (:mod:`ingest.core.round_clock`)."""

    started: str
    """The time of day the round started, ``HH:MM``."""
    extra_minutes: int = 0
    """Minutes the TO added."""
    paused_seconds: int = 0
    """How long the clock stood still before."""
    paused_at: str = ""
    """While the clock stands still: when it was stopped, ``HH:MM:SS``."""

    @classmethod
    def of(cls, rnd: Round) -> RoundClock | None:
        """A recorded round's clock (None before it started)."""
        if not rnd.started:
            return None
        return cls(rnd.started, rnd.extra_minutes, rnd.paused_seconds, rnd.paused_at)


@dataclass(frozen=True, slots=True)
class PlannedRound:
    """What ``pair`` will write: the next round (or playoff round) of an event."""

    stage: str
    """Where it is written: ``rounds`` or ``playoff``."""
    number: int
    """The round's number in its stage, 1 first."""
    unit_key: str
    """What a table pairs, as the file names it: ``players`` or ``teams``."""
    tables: tuple[PlannedTable, ...] | tuple[PlannedGame, ...]
    """The tables, table 1 first."""
    byes: tuple[PlannedBye, ...] | tuple[PlannedGameBye, ...] = ()
    """Who plays no match, in the order the pairing system gives them."""
    name: str = ""
    """A playoff round's name (``Final``, ``Semifinals``, ``Quarterfinals``); empty otherwise."""
    cut: tuple[str, ...] = ()
    """Playoff round 1: the cut it is seeded from, seed 1 first (:mod:`ingest.planner.top_cut`)."""
    late_losses: tuple[LateLoss, ...] = ()
    """Match losses for late entrants in earlier rounds."""
    notes: tuple[str, ...] = ()
    """Anything the organizer should know (rematches forced, a second bye, ...)."""
    drops: tuple[str, ...] = ()
    """Drops already recorded for the round (kept when it is paired again: ``pair --redo``)."""
    clock: RoundClock | None = None
    """The round's clock, when it is started as it is written (``pair --start``), or kept when
    it is paired again."""


@dataclass(frozen=True, slots=True)
class Finished:
    """The planner's answer for an event with nothing left to pair."""

    reason: str
    """Why, in words: "the playoff is finished: Noor Berger is the champion"."""
