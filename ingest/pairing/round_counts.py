"""Recommended number of rounds: MTR Appendix E, Aequitas Appendix E, Bushiroad 3.2.1.1, and the
Wheel of Time rules' cycles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["RoundsPlan", "aequitas_rounds", "bushiroad_rounds", "mtr_rounds", "wot_games"]

Structure = Literal["swiss", "single-elimination", "round-robin", "wot-cycles"]
"""What the rounds are."""


@dataclass(frozen=True, slots=True)
class RoundsPlan:
    """A recommended event structure."""

    structure: Structure
    """``swiss``, ``single-elimination`` (no Swiss at all), ``round-robin`` or ``wot-cycles``."""
    rounds: int
    """Recommended rounds of that structure (the default within a range)."""
    min_rounds: int
    """Fewest rounds the source recommends (equal to ``rounds`` unless a range)."""
    max_rounds: int
    """Most rounds the source recommends."""
    playoff: int | None
    """Top-cut size after the Swiss rounds, if the source names one."""
    source: str
    """Where the numbers come from."""


# (highest player count, Swiss rounds) rows of MTR / Aequitas Appendix E from 9 up.
_APPENDIX_E = ((16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


def _appendix_e_rounds(players: int) -> int:
    for upper, rounds in _APPENDIX_E:
        if players <= upper:
            return rounds
    return 10


def mtr_rounds(
    players: int,
    *,
    one_round_byes: int = 0,
    two_round_byes: int = 0,
    three_round_byes: int = 0,
    team: bool = False,
    draft_playoff: bool = False,
) -> RoundsPlan | None:
    """MTR Appendix E: Swiss rounds and playoff for a field.

    Players with awarded byes count extra (a 1-round bye as 2 players, 2 rounds
    as 4, 3 rounds as 8); the bye counts are included in ``players``. Teams count
    as one player each.

    Args:
        players: registered players (or teams), those with byes included.
        one_round_byes: players with a 1-round awarded bye.
        two_round_byes: players with a 2-round awarded bye.
        three_round_byes: players with a 3-round awarded bye.
        team: a team or Two-Headed Giant event (4 teams: 2 single-elimination rounds).
        draft_playoff: Limited with a booster-draft playoff (changes 9-16 players).

    Returns:
        The plan, or None below the table (under 5 players; under 4 teams).

    >>> mtr_rounds(8)
    RoundsPlan(structure='single-elimination', rounds=3, min_rounds=3, max_rounds=3, \
playoff=None, source='MTR Appendix E')
    >>> mtr_rounds(100, one_round_byes=20).rounds  # counted as 120 players
    7
    """
    byes = one_round_byes + two_round_byes + three_round_byes
    if min(players, one_round_byes, two_round_byes, three_round_byes) < 0 or byes > players:
        raise ValueError("player and bye counts must be non-negative, byes within players")
    counted = players + one_round_byes + 3 * two_round_byes + 7 * three_round_byes
    source = "MTR Appendix E"
    if counted == 4 and team:
        return RoundsPlan("single-elimination", 2, 2, 2, None, source)
    if counted < 5:
        return None
    if counted <= 8:
        return RoundsPlan("single-elimination", 3, 3, 3, None, source)
    if counted <= 16:
        if draft_playoff:
            return RoundsPlan("swiss", 4, 4, 4, 8, source)
        return RoundsPlan("swiss", 5, 5, 5, 4, source)
    rounds = _appendix_e_rounds(counted)
    return RoundsPlan("swiss", rounds, rounds, rounds, 8, source)


def aequitas_rounds(players: int) -> RoundsPlan | None:
    """Aequitas Appendix E: Swiss rounds for a Transformers TCG field.

    The table names no playoff size. Returns None under 4 players (Aequitas 8.1
    recommends at least four).

    >>> aequitas_rounds(4).rounds, aequitas_rounds(410).rounds
    (2, 10)
    """
    if players < 0:
        raise ValueError("players must be non-negative")
    source = "Aequitas Appendix E"
    if players < 4:
        return None
    if players == 4:
        return RoundsPlan("swiss", 2, 2, 2, None, source)
    if players <= 8:
        return RoundsPlan("swiss", 3, 3, 3, None, source)
    rounds = _appendix_e_rounds(players)
    return RoundsPlan("swiss", rounds, rounds, rounds, None, source)


# Bushiroad 3.2.1.1: (highest count, rounds without a cut, (min, max) with a cut).
_BUSHIROAD = (
    (8, 3, None),
    (16, 4, (3, 5)),
    (32, 5, (3, 5)),
    (64, 6, (3, 5)),
    (128, 7, (4, 6)),
    (256, 8, (5, 7)),
    (512, 9, (6, 8)),
    (1024, 10, (7, 9)),
)


def bushiroad_rounds(players: int, *, cut: bool = False) -> RoundsPlan | None:
    """Bushiroad 3.2.1.1: Swiss rounds with or without a cut to a top tier.

    2-4 players: a round robin (``n - 1`` rounds, ``n`` when odd). Without a
    cut the table is exact (5-8: 3 rounds ... 513-1024: 10). With a cut it gives
    a range (9-64: 3-5 ... 513-1024: 7-9); ``rounds`` is the middle of the
    range, ``min_rounds``/``max_rounds`` its ends. The cut size is left to the
    organizer (``playoff`` is None).

    Returns:
        The plan, or None where the table has no row: under 2 players, over
        1,024, and 5-8 players with a cut.

    >>> bushiroad_rounds(3)
    RoundsPlan(structure='round-robin', rounds=3, min_rounds=3, max_rounds=3, \
playoff=None, source='Bushiroad 3.2.1.1')
    >>> plan = bushiroad_rounds(100, cut=True)
    >>> plan.rounds, plan.min_rounds, plan.max_rounds
    (5, 4, 6)
    """
    if players < 0:
        raise ValueError("players must be non-negative")
    source = "Bushiroad 3.2.1.1"
    if 2 <= players <= 4:
        rounds = players if players % 2 else players - 1
        return RoundsPlan("round-robin", rounds, rounds, rounds, None, source)
    for upper, plain, ranged in _BUSHIROAD:
        if 5 <= players <= upper:
            if not cut:
                return RoundsPlan("swiss", plain, plain, plain, None, source)
            if ranged is None:
                return None
            low, high = ranged
            return RoundsPlan("swiss", (low + high) // 2, low, high, None, source)
    return None


WOT_CYCLES = 2
"""Wheel of Time rules, Number of Games/Cycles: "Play as many Cycles as you have time for, we
recommend a minimum of 2 Cycles"; each Cycle is two Games, one with each deck (Time)."""


def wot_games(players: int) -> RoundsPlan | None:
    """The Wheel of Time recommendation: two Cycles of two Games, whatever the field.

    >>> plan = wot_games(6)
    >>> plan.structure, plan.rounds
    ('wot-cycles', 4)
    """
    if players < 2:
        return None
    games = 2 * WOT_CYCLES
    return RoundsPlan("wot-cycles", games, games, games, None, "Wheel of Time rules, Number of Games/Cycles")
