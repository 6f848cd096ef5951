"""A lower bound on the float levels of every rematch-free pairing of one unit.

A sparse pairing (:mod:`ingest.pairing.sparse_graphs`) is accepted only if its float
levels (:data:`~ingest.pairing.costs.Floats`: floated pairs, float steps, squared gap,
float height) equal a bound that no pairing of the unit beats, so the bound must be
exact in the ordinary case and never too high.

The bound relaxes a pairing to its *floats*: a pair whose players lie in groups ``a``
above ``b`` crosses the group boundaries between them. What every pairing satisfies,
and the bound keeps:

* the parity of the point groups: a boundary with an odd number of players above it
  is crossed an odd number of times, the others an even number of times (groups left
  empty by the bye receiver merge the boundaries around them);
* a group holds the ends of the floats that stop or start in it: floats that cross
  the boundaries above and below a group beyond its size pass over it;
* rematch structure (:class:`Window`, ``passing``, :class:`LongFloat`, ``blocked``):
  runs of groups from which some players must float out, groups some pairs must pass
  over, players whose float must be long, groups whose players have all met.

A float that starts at a boundary is one floated pair; one that passes over a group
continues the same pair, and extending a float whose gap so far is ``G`` by a boundary
of gap ``g`` adds ``2 * G * g + g * g`` to its squared gap, so the squared gap of long
floats is priced whole. A dynamic programme over the boundaries, whose state is the
floats open at a boundary (how many boundaries each has crossed, so where it started),
finds the cheapest relaxed pairing. When more than two floats may cross a boundary at
once, a float's start is followed only ``ages`` boundaries back (:data:`AGE_LIMIT` unless
the caller asks for more; or as far as the widest window needs); an older float is priced
as if it had started there, never more than it costs. ``ages`` only trades the bound's
precision for its work: with ``ages`` at least the number of groups every float's squared
gap is priced whole, and every value of it gives a lower bound.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from .costs import FloatLadder, Floats
from .float_constraints import LongFloat, Tail, Window
from .float_relaxation import Relaxation

__all__ = ["AGE_LIMIT", "LongFloat", "Tail", "Window", "float_lower_bound"]

AGE_LIMIT = 8
"""Boundaries a float is followed over, when more than two may cross a boundary at once."""


def float_lower_bound(
    ladder: FloatLadder,
    counts: Sequence[int],
    windows: Sequence[Window] = (),
    passing: Mapping[int, int] | None = None,
    long_floats: Iterable[LongFloat] = (),
    blocked: Collection[tuple[int, int]] = (),
    *,
    top: Tail | None = None,
    bottom: Tail | None = None,
    limit: Floats | None = None,
    ages: int | None = None,
    apart: Collection[tuple[int, int]] = (),
) -> Floats | None:
    """Lower bound on the float levels of a rematch-free pairing.

    Args:
        ladder: the unit's point groups (including any player later given the bye).
        counts: players left to pair in each ladder group (the bye receiver removed).
        windows: runs of groups that must send players out (rematches inside them).
        passing: ladder group -> pairs known to pass over that group (players
            whose possible partners all lie beyond it).
        long_floats: players whose float must reach a given group.
        blocked: (upper, lower) ladder groups whose players have all met each other:
            no float starts in the one and ends in the other.
        top: the groups down to ``top.group`` are bounded elsewhere; each choice
            of floats leaving them adds its cost.
        bottom: the groups from ``bottom.group`` down are bounded elsewhere.
        limit: only bounds up to this matter (a candidate pairing's levels):
            relaxed pairings beyond it are dropped early.
        ages: boundaries a float's start is followed back over, when more than two
            floats may cross a boundary at once (at least 1; :data:`AGE_LIMIT` when
            None; the number of groups or more follows every float whole).
        apart: (upper, lower) ladder groups whose players have all met each other: no
            float from the one enters the ``bottom`` region in the other
            (:mod:`ingest.pairing.float_ends`).

    Returns:
        Floated pairs, float steps, squared gap and float height that no
        rematch-free pairing of the counted players beats lexicographically,
        with the tail regions' costs added; None if it exceeds ``limit``.

    Raises:
        ValueError: without ``limit``, the constraints admit no pairing at all (no
            rematch-free pairing of everyone exists), or the tail regions overlap.

    How many floats may cross one boundary: with ``limit``, no more than the floated
    pairs it allows (plus the top region's). Otherwise, with no windows, blocked groups
    or tail regions, two more than the constraints demand: if more floats cross a boundary,
    take the one of them that starts lowest and, of the others, the one that ends
    highest; every other such float crosses all the boundaries those two share, so
    pairing their two upper players together and their two lower players together
    keeps every constraint and has fewer steps without more floated pairs. Windows
    (which count players) and blocked groups (which forbid some floats) that exchange
    can break: with them there is no cap below the number of players on either side.

    >>> ladder = FloatLadder.of([9, 6, 3, 0])
    >>> float_lower_bound(ladder, [1, 1, 1, 1])
    (2, 2, 18, 4)
    >>> float_lower_bound(ladder, [1, 2, 1, 0])  # one 9 v 3 float, not 9 v 6 and 6 v 3
    (1, 2, 36, 5)
    """
    if len(counts) != len(ladder.values):
        raise ValueError("counts must have one entry per ladder group")
    if sum(1 for c in counts if c > 0) <= 1:
        return (0, 0, 0, 0)
    relaxation = Relaxation(ladder, counts, top=top, bottom=bottom, limit=limit)
    relaxation.add_windows(windows)
    relaxation.add_long_floats(passing or {}, long_floats)
    relaxation.add_blocked(blocked)
    relaxation.add_entries(apart)
    relaxation.cap_crossings(top)
    relaxation.follow_ages(AGE_LIMIT if ages is None else ages)
    best = relaxation.cheapest()
    if best is None:
        if limit is not None:
            return None
        raise ValueError("the constraints admit no pairing")
    return best
