"""The values a Wheel of Time event's pages are made from (:class:`WotView`): each game's
tables, the standings after each game and each player's cycles, as
:func:`ingest.site.wot_views.wot_view` works them out."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WotGameRow:
    """One table of a game (or a bye): both sides, the winner, how it ended and what each scored."""

    table: int | str
    hero: str
    villain: str
    """``bye`` on the side a player with a bye does not play."""
    hero_url: str
    villain_url: str
    hero_won: bool
    villain_won: bool
    winner: str
    """The winner's name, ``tie``, ``both lose`` or ``bye``."""
    ended: str
    """How and when the game ended, in words ("goal in the Last Battle")."""
    finals: str
    """The final support and opposition values ("7–3"), when the Last Battle was reached."""
    hero_gp: int | str
    villain_gp: int | str
    hero_tbp: str
    villain_tbp: str
    note: str
    """A judge's ruling recorded with the game."""


@dataclass(frozen=True, slots=True)
class WotGame:
    """One game of the event (WoT rules, Time: games come in cycles of two)."""

    number: int
    cycle: int
    game_in_cycle: int
    rows: tuple[WotGameRow, ...]
    complete: bool


@dataclass(frozen=True, slots=True)
class WotStandingsRow:
    """One row of the standings after a game (WoT rules, Final Score)."""

    rank: int | str
    """The rank (``–`` for a player removed from the event)."""
    name: str
    url: str
    gp: int
    """Game points."""
    tbp: str
    """Tie-breaking points, as shown."""
    removed: bool
    """Removed from the event by a forfeit (WoT rules, Standard Tournament Floor Rules)."""
    byes: int
    dropped: bool = False
    """Dropped by the end of the game these standings follow (still ranked, not paired again),
    marked as every ruleset's standings mark a drop."""


@dataclass(frozen=True, slots=True)
class WotCycleRow:
    """A player's game points and tie-breaking points in each cycle."""

    name: str
    url: str
    cycles: tuple[tuple[int | str, str], ...]


@dataclass(frozen=True, slots=True)
class WotView:
    """What a Wheel of Time event's pages show."""

    games: tuple[WotGame, ...]
    standings: tuple[tuple[WotStandingsRow, ...], ...]
    """After each game."""
    cycles: tuple[WotCycleRow, ...]
    n_cycles: int
