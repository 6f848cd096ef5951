"""Where a result goes, as ``scorekeeper report`` is told (:class:`ResultOptions`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ResultOptions:
    """The entry a result is recorded at, and what a family's result adds to its words."""

    round_no: int | None = None
    """1-based round; None: the current round (of the playoff, once it started)."""
    table: int | None = None
    """The table to report, or"""
    player: str | None = None
    """a player (or team) of the match, by id or name; scores are read from their side."""
    playoff: bool = False
    """Report a playoff round (MTR-style)."""
    replace: bool = False
    """Replace a result already recorded (else that is refused)."""
    ended: str | None = None
    """Wheel of Time: before-last-battle or last-battle."""
    by: str | None = None
    """Wheel of Time: goal, kill, concession, forfeit or time."""
    finals: tuple[int, int] | None = None
    """Wheel of Time: the Hero's final support and the Villain's final opposition."""
