"""What the planner answers: the round to write (:class:`PairPlan`) or why there is none (:class:`Finished`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class PairPlan:
    """What ``pair`` will write."""

    key: str
    """``rounds`` or ``playoff``."""
    round: dict[str, Any]
    """The new round as plain data (``round``, ``matches``)."""
    losses: tuple[tuple[int, str], ...] = ()
    """Match losses for late entrants: (0-based index of an earlier round, player)."""
    lines: tuple[str, ...] = ()
    """The pairings in words, for the terminal."""
    notes: tuple[str, ...] = field(default=())
    """Anything the organizer should know (rematches forced, a second bye, ...)."""


@dataclass(frozen=True, slots=True)
class Finished:
    """The planner's answer for an event with nothing left to pair."""

    reason: str
    """Why, in words: "the playoff is finished: Noor Berger is the champion"."""
