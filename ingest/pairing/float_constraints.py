"""What is known about a unit beyond its point groups, for the float lower bound.

The rematch structure and the tail regions that :mod:`ingest.pairing.optimality_proof` finds
and :func:`~ingest.pairing.float_bound.float_lower_bound` takes as constraints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .costs import Floats

__all__ = ["Crossings", "LongFloat", "Open", "Tail", "Window"]

Crossings = tuple[int, ...]
"""The ladder groups, in ladder order, of the region's players whose floats cross a tail
region's edge: at the top, the groups they leave; at the bottom, the groups they enter."""


Open = tuple[int, int]
"""A float open at a boundary: (boundaries crossed so far, the last boundary it must still cross or -1)."""


@dataclass(frozen=True, slots=True)
class Window:
    """A run of consecutive point groups that must send players out of itself."""

    first: int
    """Ladder index of the highest group of the window."""
    last: int
    """Ladder index of the lowest group of the window (inclusive)."""
    leaving: int
    """Minimum number of its players that must be paired outside the window."""


@dataclass(frozen=True, slots=True)
class LongFloat:
    """A player who can only meet players at least ``reach`` groups away, on one side.

    Its pair is a float from its own group to ``reach`` or beyond: a float starting
    in ``group`` (``reach`` below it) or ending in ``group`` (``reach`` above it).
    Distinct long floats of one group are distinct pairs.
    """

    group: int
    """Ladder index of the player's group."""
    reach: int
    """Ladder index of the nearest group holding a player it may meet."""


@dataclass(frozen=True, slots=True)
class Tail:
    """The top or the bottom of the standings, bounded elsewhere (exactly, by a small matching)."""

    group: int
    """Ladder index of the region's group next to the groups bounded here."""
    costs: Mapping[Crossings, Floats]
    """The floats crossing the boundary between the region and the rest, by the region's
    groups they leave or enter -> the region's cost.

    At the top, each such float is paid from its group down to the first group below the
    region, as a floated pair, and the bound follows it on from its group; at the bottom,
    from the region's first group down to its group (it is counted where it starts), and
    the bound adds what its gap above the region makes it cost more. A key may name the
    region's group next to the rest (``group``) for a float that leaves or enters deeper:
    the bound is then lower, never higher."""
    covers: Mapping[int, frozenset[int]] = field(default_factory=dict)
    """The ladder groups each group a key names stands for, where it names more than its own:
    the region's group next to the rest names the groups nearest it that are not named on
    their own (:meth:`~ingest.pairing.tail_regions.RegionPricing.tail`)."""
