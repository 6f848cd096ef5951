"""The cost of a Swiss pairing, level by level.

A Swiss round is judged by a lexicographic cost (DESIGN §4; MTR 10.4 and Aequitas
8.2: pair within point groups, never repeat an opponent; Bushiroad 3.2.1: "match up
the fighters with equal points as much as possible"). From the most to the least
important level:

1. ``rematches``: pairs that already met (only when no rematch-free pairing of
   everyone exists at all with the bye given to a player with the fewest byes:
   that is not a level but a rule, see :func:`ingest.pairing.swiss.pair_swiss`);
2. ``bye_choice``: the bye receiver's position in the bye order (fewest byes
   first, then the lowest-ranked player); 0 is the first choice;
3. ``floated_pairs``: pairs whose two players are in different point groups, so
   that as few players as possible are paired outside their group (each such
   pair moves two players: 9v6 + 6v3 + 3v0 floats six players where 9v0 + 6v6 +
   3v3 floats two);
4. ``float_steps``: a pair whose players lie *k* point groups apart counts *k*;
5. ``squared_gap``: the sum over pairs of the squared point difference, so that
   among as many floats as few steps, small gaps beat big ones;
6. ``float_height``: every group boundary a pair crosses counts its height above
   the bottom of the standings, so floats among the lower groups are preferred
   to floats among the top tables.

Pairing everyone (at most one bye) comes before all of these and is not a level
of the cost: the engine always pairs everyone. The lower bound that proves a
pairing optimal without a complete graph is in :mod:`ingest.pairing.float_bound`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = ["FloatLadder", "Floats", "PairingCost"]

Floats = tuple[int, int, int, int]
"""The float levels of a pairing: (floated pairs, float steps, squared gap, float height)."""


@dataclass(frozen=True, slots=True, order=True)
class PairingCost:
    """Lexicographic cost of one pairing unit (a pod, or the whole field).

    Compare two costs with ``<``: the smaller one is the better pairing.

    >>> PairingCost(0, 0, 1, 3, 81, 6) < PairingCost(0, 0, 3, 3, 27, 6)
    True
    """

    rematches: int
    """Pairs whose players have met before."""
    bye_choice: int
    """Position of the bye receiver in the bye order (0 = first choice, 0 when no bye)."""
    floated_pairs: int
    """Pairs whose two players have different points (half the players paired outside their group)."""
    float_steps: int
    """Sum over pairs of the number of point groups between the two players."""
    squared_gap: int
    """Sum over pairs of the squared difference of their points."""
    float_height: int
    """Sum over crossed group boundaries of their height above the lowest group."""

    @property
    def floats(self) -> Floats:
        """The float levels, the ones a lower bound speaks of."""
        return (self.floated_pairs, self.float_steps, self.squared_gap, self.float_height)

    def first_difference(self, other: PairingCost) -> str | None:
        """Name the most important level at which ``self`` and ``other`` differ.

        >>> PairingCost(0, 0, 1, 3, 27, 6).first_difference(PairingCost(0, 0, 1, 3, 81, 6))
        'squared_gap'
        """
        for name in LEVELS:
            if getattr(self, name) != getattr(other, name):
                return name
        return None


LEVELS: tuple[str, ...] = (
    "rematches",
    "bye_choice",
    "floated_pairs",
    "float_steps",
    "squared_gap",
    "float_height",
)
"""Names of the cost levels, most important first."""


@dataclass(frozen=True, slots=True)
class FloatLadder:
    """The point groups of one pairing unit, highest first.

    Group indices count from the top (0 = most points). The boundary below group
    ``g`` has height ``len(values) - 1 - g``: the lowest boundary has height 1.

    >>> ladder = FloatLadder.of([9, 6, 6, 3, 0])
    >>> ladder.values
    (9, 6, 3, 0)
    >>> ladder.pair_cost(9, 0), ladder.pair_cost(3, 0), ladder.pair_cost(6, 6)
    ((1, 3, 81, 6), (1, 1, 9, 1), (0, 0, 0, 0))
    """

    values: tuple[int, ...]
    """Distinct point totals, descending."""
    index: Mapping[int, int]
    """Point total -> group index."""
    height_prefix: tuple[int, ...]
    """``height_prefix[g]``: summed heights of the boundaries above group ``g``."""

    @classmethod
    def of(cls, points: Iterable[int]) -> FloatLadder:
        """Build the ladder of the distinct values in ``points``."""
        values = tuple(sorted(set(points), reverse=True))
        top = len(values) - 1
        prefix = [0]
        for g in range(top):
            prefix.append(prefix[-1] + (top - g))
        return cls(values, {v: g for g, v in enumerate(values)}, tuple(prefix))

    def pair_cost(self, a: int, b: int) -> Floats:
        """Float levels of a pair with ``a`` and ``b`` points."""
        ga, gb = self.index[a], self.index[b]
        if ga > gb:
            ga, gb = gb, ga
        return (1 if ga != gb else 0), gb - ga, (a - b) ** 2, self.height_prefix[gb] - self.height_prefix[ga]


def unit_cost(
    ladder: FloatLadder,
    pairs: Iterable[tuple[int, int]],
    *,
    rematches: int,
    bye_choice: int,
) -> PairingCost:
    """Total the float levels over ``pairs`` (given as point totals)."""
    floated = steps = squares = height = 0
    for a, b in pairs:
        f, s, q, h = ladder.pair_cost(a, b)
        floated += f
        steps += s
        squares += q
        height += h
    return PairingCost(rematches, bye_choice, floated, steps, squares, height)
