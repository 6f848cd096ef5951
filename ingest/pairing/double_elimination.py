"""Double elimination (Bushiroad 3.2.2 and 3.2.2.1) and its effective rounds (3.2.2.2).

Round 1 is paired at random; later rounds pair equal records (wins and losses)
as far as possible, never repeating an opponent, by the same matching as Swiss
rounds (records play the part of point groups, one group apart per step). A
player is out at two losses; a draw counts as a loss for both players (3.2.2),
so callers pass draws in ``losses``. The event ends when one undefeated player
is left (or, if the last undefeated players all lost, when one player is left).

Top-X variant (3.2.2): when the top X players must be found, undefeated
players only play each other, and the event ends once at most X of them are
left. This module reads "players left" in that sentence as "undefeated
players left"; one-loss players keep playing among themselves meanwhile, so
their records stay comparable for filling the cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .swiss import Bye, Entrant, PodReport, Seed, Table, pair_swiss

__all__ = [
    "DoubleEliminationEntrant",
    "DoubleEliminationRound",
    "Outcome",
    "effective_rounds",
    "pair_double_elimination",
]

Outcome = Literal["win", "loss", "draw", "bye"]
"""A player's result in one round."""


@dataclass(frozen=True, slots=True)
class DoubleEliminationEntrant:
    """A player in a double-elimination event, before a round."""

    id: str
    """Player id."""
    wins: int
    """Matches won (byes included)."""
    losses: int
    """Matches lost, draws included (Bushiroad 3.2.2: a draw is a loss for both)."""
    rank: int
    """1-based current rank (1 = best), ties broken by the caller."""
    opponents: frozenset[str] = frozenset()
    """Everyone this player has met."""
    byes: int = 0
    """Byes received so far."""


@dataclass(frozen=True, slots=True)
class DoubleEliminationRound:
    """The pairings of one double-elimination round, or the end of the event."""

    round_number: int
    """1-based round number."""
    tables: tuple[Table, ...]
    """Tables from the top (best record first); empty when finished."""
    byes: tuple[Bye, ...]
    """Pairing byes (at most one; in the top-X variant one per record group)."""
    eliminated: tuple[str, ...]
    """Entrants with two or more losses (out, not paired), by rank."""
    finished: bool
    """True when no further round is played."""
    winners: tuple[str, ...]
    """When finished: the undefeated player (top-X: the at most X undefeated
    players), or the last player left; by rank."""
    pods: tuple[PodReport, ...] = ()
    """How each group was paired (see :class:`~ingest.pairing.swiss.PodReport`)."""


def pair_double_elimination(
    entrants: Iterable[DoubleEliminationEntrant],
    *,
    seed: Seed,
    round_number: int,
    top: int | None = None,
) -> DoubleEliminationRound:
    """Pair one round of a double-elimination event (Bushiroad 3.2.2.1).

    Args:
        entrants: every player still registered (eliminated ones may be
            included; they are listed in ``eliminated`` and not paired).
        seed: the event seed.
        round_number: the 1-based round being paired.
        top: X for the top-X variant; None for a full double elimination.

    Returns:
        The round's tables and byes, or ``finished`` with the winners.

    Raises:
        ValueError: duplicate ids, negative records, ``top`` below 1.

    >>> players = [DoubleEliminationEntrant(f"p{i}", 0, 0, i) for i in range(1, 7)]
    >>> first = pair_double_elimination(players, seed=3, round_number=1)
    >>> len(first.tables), first.finished
    (3, False)
    """
    players = list(entrants)
    if top is not None and top < 1:
        raise ValueError(f"top must be at least 1, got {top}")
    if any(p.wins < 0 or p.losses < 0 for p in players):
        raise ValueError("wins and losses cannot be negative")
    by_rank = sorted(players, key=lambda p: (p.rank, p.id))
    out = tuple(p.id for p in by_rank if p.losses >= 2)
    active = [p for p in by_rank if p.losses < 2]
    undefeated = [p for p in active if p.losses == 0]
    winners: tuple[str, ...] | None = None
    if top is not None and len(undefeated) <= top:
        winners = tuple(p.id for p in undefeated)
    elif top is None and len(undefeated) == 1:
        winners = (undefeated[0].id,)
    elif len(active) <= 1:
        winners = tuple(p.id for p in active)
    if winners is not None:
        return DoubleEliminationRound(round_number, (), (), out, True, winners)
    history = any(p.opponents or p.wins or p.losses for p in active)
    records = sorted({(p.losses, -p.wins) for p in active})
    group = {record: len(records) - i for i, record in enumerate(records)}
    swiss = [
        Entrant(
            p.id,
            group[(p.losses, -p.wins)] if history else 0,
            p.rank,
            p.opponents,
            p.byes,
            ("undefeated" if p.losses == 0 else "one-loss") if top is not None else None,
        )
        for p in active
    ]
    result = pair_swiss(swiss, seed=f"double-elimination/{seed}", round_number=round_number if history else 1)
    tables = tuple(Table(t.number, t.player1, t.player2, t.rematch) for t in result.tables)
    return DoubleEliminationRound(round_number, tables, result.byes, out, False, (), result.pods)


def effective_rounds(outcomes: Sequence[Outcome], *, total_rounds: int, dropped: bool = False) -> int:
    """Rounds counted for a player's match-win % in double elimination (Bushiroad 3.2.2.2).

    The smallest of: the round of the player's second loss (draws count as
    losses); if the player dropped with fewer than two losses, the rounds played
    plus one (one loss) or two (no loss); and the event's total rounds.

    Args:
        outcomes: the player's result in each round played, in order.
        total_rounds: rounds the event had.
        dropped: True if the player dropped after the rounds listed.

    >>> effective_rounds(["win", "loss", "win", "loss"], total_rounds=6)
    4
    >>> effective_rounds(["win", "loss"], total_rounds=6, dropped=True)
    3
    >>> effective_rounds(["win"], total_rounds=2, dropped=True)
    2
    """
    if total_rounds < 1:
        raise ValueError(f"total_rounds must be at least 1, got {total_rounds}")
    losses = 0
    for played, outcome in enumerate(outcomes, start=1):
        if outcome not in ("win", "loss", "draw", "bye"):
            raise ValueError(f"unknown outcome {outcome!r}")
        if outcome in ("loss", "draw"):
            losses += 1
            if losses == 2:
                return min(played, total_rounds)
    if dropped:
        return min(len(outcomes) + 2 - losses, total_rounds)
    return total_rounds
