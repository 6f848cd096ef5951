"""What standings are made of: a player's record, their tiebreaker values, a row, a table.

Immutable values, and the exact arithmetic on rationals they are built with;
:mod:`ingest.rules.standings` computes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from ingest.core.ids import PlayerId
from ingest.core.rulesets import Ruleset

Rational = tuple[int, int]
"""A non-reduced fraction (numerator, positive denominator)."""


def rational_lt(a: Rational, b: Rational) -> bool:
    return a[0] * b[1] < b[0] * a[1]


def over_common_denominator(values: Sequence[Rational]) -> tuple[list[int], int]:
    """Numerators over one common denominator, and that denominator.

    >>> over_common_denominator([(1, 2), (1, 3), (2, 4)])
    ([6, 4, 6], 12)
    """
    den = lcm(*{d for _, d in values}) if values else 1
    return [n * (den // d) for n, d in values], den


def round_half_up(n: int, d: int, digits: int) -> int:
    """``n/d`` rounded half-up to ``digits`` decimals, as an integer count of 10**-digits.

    >>> round_half_up(5, 9, 7), round_half_up(1, 8, 2)
    (5555556, 13)
    """
    return int((2 * n * 10**digits + d) // (2 * d))


# -- output values --------------------------------------------------------------------------


class Record(NamedTuple):
    """What a player did in the rounds counted (an immutable tuple: cheap to build by the thousand)."""

    points: int
    """Match points."""
    wins: int
    """Match wins, byes included (except where the ruleset's ``byes_in_wins`` says otherwise)."""
    losses: int
    """Match losses (double losses and losses without opponent included)."""
    draws: int
    """Drawn matches."""
    byes: int
    """Byes received."""
    rounds: int
    """Rounds played (byes and losses included)."""
    game_points: int
    """Game points (3 per game won, 1 per drawn game; a bye adds its 2-0)."""
    games: int
    """Games played (the GW% denominator is 3 x games)."""
    opponents: tuple[PlayerId, ...]
    """Distinct opponents in the order first met (byes excluded)."""

    @property
    def wld(self) -> str:
        """``W-L-D`` as players write it."""
        return f"{self.wins}-{self.losses}-{self.draws}"


@dataclass(frozen=True, slots=True)
class PlayerValues:
    """A player's own percentages as opponents see them, at one point in the event."""

    mw: Rational
    """Match-win percentage after truncation and floor."""
    mw_raw: Rational | None
    """Before the floor (None: no rounds played)."""
    gw: Rational
    """Own game-win percentage (own floor)."""
    gw_opp: Rational
    """Game-win percentage inside an opponent's OGW% (opponent floor)."""
    gw_raw: Rational | None
    """Before any floor (None: no games played)."""

    @property
    def mw_floored(self) -> bool:
        """Whether the floor replaced the match-win percentage."""
        return self.mw_raw is None or rational_lt(self.mw_raw, self.mw)

    @property
    def gw_floored(self) -> bool:
        """Whether the floor replaced the game-win percentage seen by opponents."""
        return self.gw_raw is None or rational_lt(self.gw_raw, self.gw_opp)


class Row(NamedTuple):
    """One line of the standings (an immutable tuple)."""

    rank: int
    """1-based; players tied on everything share a rank."""
    player: PlayerId
    """Player id."""
    name: str
    """Display name."""
    record: Record
    """Points and W-L-D at the time the player is evaluated."""
    values: tuple[tuple[str, int, int], ...]
    """Tiebreakers as (id, numerator, denominator), in the ruleset's order, plus ``mw``.

    ``h2h`` (Bushiroad 3.2.1.2) is the count of matches won against the players tied with
    this one on points and every percentage before it (0 when nobody is tied)."""
    dropped: bool = False
    """The player dropped."""
    evaluated_after: int = 0
    """The round (Swiss rounds, then playoff rounds numbered on) whose totals the row shows."""
    place: str = ""
    """Playoff placing label (Champion, Finalist, Top 4, ...), if any."""
    shared: bool = False
    """Whether another player has the same rank."""

    def value(self, tiebreaker: str) -> Fraction:
        """The exact value of a tiebreaker."""
        for tid, n, d in self.values:
            if tid == tiebreaker:
                return Fraction(n, d)
        raise KeyError(tiebreaker)

    def has(self, tiebreaker: str) -> bool:
        """Whether the row carries this tiebreaker."""
        return any(tid == tiebreaker for tid, _, _ in self.values)


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranking at one point of the event."""

    ruleset: Ruleset
    """The (event-specific) ruleset used."""
    after_round: int
    """Swiss rounds counted."""
    rows: tuple[Row, ...]
    """In rank order."""
    final: bool = False
    """Whether playoff results decide the top places."""
    complete: bool = True
    """Whether every counted round is fully reported."""
    values_at: Mapping[int, ValuesTable] = field(default_factory=dict)
    """Each player's own percentages at each evaluation round (for the per-opponent detail)."""

    @property
    def tiebreakers(self) -> tuple[str, ...]:
        """Tiebreaker ids shown, in order."""
        return tuple(t for t in self.ruleset.tiebreakers if not self.rows or self.rows[0].has(t))

    def row(self, player: PlayerId) -> Row:
        """The row of one player."""
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(player)

    def published(self, row: Row, tiebreaker: str) -> Fraction:
        """A tiebreaker as the ruleset publishes it (rounded half-up where it rounds)."""
        value = row.value(tiebreaker)
        digits = self.ruleset.platform.publish_precision
        if digits is None:
            return value
        return Fraction(round_half_up(value.numerator, value.denominator, digits), 10**digits)

    def renamed(self, to: Callable[[PlayerId], PlayerId], names: Mapping[PlayerId, str]) -> Standings:
        """The same standings with every player id ``to`` gives for it and the names ``names``
        gives by the ids as they were (a player published under another id or name,
        :mod:`ingest.source.naming`); the order and every value are unchanged."""

        def row(r: Row) -> Row:
            record = r.record._replace(opponents=tuple(to(o) for o in r.record.opponents))
            return r._replace(player=to(r.player), name=names.get(r.player, r.name), record=record)

        return replace(
            self,
            rows=tuple(row(r) for r in self.rows),
            values_at={t: table.renamed(to) for t, table in self.values_at.items()},
        )


# -- arithmetic helpers -------------------------------------------------------------------------


class ValuesTable:
    """Every player's own percentages at one point of the event (built lazily per player)."""

    __slots__ = ("_gw", "_gw_opp", "_gw_raw", "_index", "_mw", "_mw_raw")

    def __init__(
        self,
        index: Mapping[PlayerId, int],
        mw: list[Rational],
        mw_raw: list[Rational | None],
        gw: list[Rational],
        gw_opp: list[Rational],
        gw_raw: list[Rational | None],
    ) -> None:
        self._index, self._mw, self._mw_raw = index, mw, mw_raw
        self._gw, self._gw_opp, self._gw_raw = gw, gw_opp, gw_raw

    def __getitem__(self, player: PlayerId) -> PlayerValues:
        i = self._index[player]
        return PlayerValues(self._mw[i], self._mw_raw[i], self._gw[i], self._gw_opp[i], self._gw_raw[i])

    def __contains__(self, player: object) -> bool:
        return player in self._index

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> ValuesTable:
        """The same values under the player ids ``to`` gives."""
        index = {to(pid): i for pid, i in self._index.items()}
        return ValuesTable(index, self._mw, self._mw_raw, self._gw, self._gw_opp, self._gw_raw)
