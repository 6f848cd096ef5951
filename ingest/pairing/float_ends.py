"""Where the floats of the relaxed pairing end, for :mod:`ingest.pairing.float_relaxation`.

Which of the floats open above a group end in it and which pass over it (:func:`moves`),
whether they may end there (:class:`EndCheck`: long enough, from a group that can meet
it), and which float enters the bottom tail region where (:class:`EntryPricing`).

The bottom region (:mod:`ingest.pairing.tail_regions`) is priced for each way floats may
enter it: by the region's groups they enter, each float paying its depth below the region's
first group (``d``) as if it started there. A float whose gap is ``G`` at the region's first
group costs ``(G + d) ** 2``, where the region priced ``d ** 2`` and the floats' crossings
``G ** 2``: ``2 * G * d`` more. Which float goes how deep is the question.

Without knowing who can meet whom, the longest floats go to the shallowest depths: the least
this can be (the rearrangement inequality). In the late rounds of a big event that is often
a pairing that cannot be: the floats are the leaders, a dozen groups down, and the few
players at the bottom have met some of them already. Round 28 of the 2,048-player benchmark
event (``benchmarks/big_event.py --growth 30``, results all won by the higher-ranked player):
the three players on 66 points and the one on 39 must float to the one on 12 and the one on
9; all three 66s have met the 12, so the 66 takes the 9 and the 39 the 12, and the squared
gap is 162 more than the rearrangement says; the bound fell short by exactly that, and the
round went to the complete graph (31 s of CPU). Here each float is matched with a depth only
in a group where it may end: a float from a group whose players have all met the players of
the group it would enter does not end there (``apart``, the groups' pairs whose players have
all met, small groups only; a float whose start is not followed back is let end anywhere).
Every pairing puts each float into a group it may enter, so the least of these matchings is
still at most what the pairing pays.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

from .float_constraints import Crossings, Open, Tail

__all__ = ["EndCheck", "Entering", "EntryPricing", "moves", "youngest"]

Entering = tuple[tuple[int, int], ...]
"""The floats crossing into the bottom region: each its gap at the region's first group and its
kind (:meth:`EntryPricing.kind`)."""


class EntryPricing:
    """What the floats entering the bottom tail region cost more than the region's price.

    Args:
        values: the ladder's point totals.
        bottom: the bottom region (its first group and its ways, the groups each key names).
        top: the top region, if any: a float that left it from its edge group may have left any
            group that edge names.
        apart: (upper, lower) ladder groups whose players have all met each other, the lower
            one in the bottom region.
    """

    def __init__(
        self, values: Sequence[int], bottom: Tail, top: Tail | None, apart: Collection[tuple[int, int]]
    ) -> None:
        first = values[bottom.group]
        self.top = top
        self.apart = frozenset(apart)
        self.depths: dict[Crossings, list[tuple[int, frozenset[int] | None]]] = {
            key: sorted(((first - values[g], _named(bottom, g)) for g in key), key=lambda way: way[0])
            for key in bottom.costs
        }
        """Per way, each entering float's depth below the region's first group (shallowest first)
        and the groups it may enter (None: any of the region's)."""
        self.kinds: list[frozenset[int]] = [frozenset()]
        """Per kind of float, the region's groups it may not enter (kind 0: none)."""
        self._kind: dict[int | None, int] = {None: 0}
        self._least: dict[tuple[Entering, Crossings], int | None] = {}

    def kind(self, group: int | None) -> int:
        """The kind of a float the bound follows from ``group`` (None: not followed back so far):
        which of the region's groups it may not enter, as an index of :attr:`kinds`. Floats
        of one kind may enter the same groups, so that only their gaps tell them apart."""
        if group not in self._kind:
            starts: frozenset[int] | None = None
            if self.top is not None and group == self.top.group:
                starts = _named(self.top, group)
            elif group is not None:
                starts = frozenset((group,))
            barred = (
                frozenset()
                if starts is None
                else frozenset(e for s, e in self.apart if s in starts and all((t, e) in self.apart for t in starts))
            )
            if barred not in self.kinds:
                self.kinds.append(barred)
            self._kind[group] = self.kinds.index(barred)
        return self._kind[group]

    def least(self, floats: Entering, key: Crossings) -> int | None:
        """The least ``sum(G * d)`` over the ways to give each float a depth of ``key`` in a group
        it may enter; None if there is none (no pairing enters the region that way)."""
        found = (floats, key)
        if found not in self._least:
            self._least[found] = self._match(floats, self.depths[key])
        return self._least[found]

    def _match(self, floats: Entering, depths: Sequence[tuple[int, frozenset[int] | None]]) -> int | None:
        ordered = sorted(floats, reverse=True)
        may = [[ends is None or not ends <= self.kinds[kind] for _, ends in depths] for _, kind in ordered]
        if all(may[i][i] for i in range(len(ordered))):  # the rearrangement is a way: the least of all
            return sum(gap * depth for (gap, _), (depth, _) in zip(ordered, depths, strict=True))
        best: dict[int, int] = {0: 0}
        for i, (gap, _) in enumerate(ordered):
            reached: dict[int, int] = {}
            for used, total in best.items():
                for k, (depth, _) in enumerate(depths):
                    if used >> k & 1 or not may[i][k]:
                        continue
                    value = total + gap * depth
                    mask = used | 1 << k
                    if value < reached.get(mask, value + 1):
                        reached[mask] = value
            best = reached
        return best.get((1 << len(depths)) - 1)


def _named(region: Tail, group: int) -> frozenset[int] | None:
    """The ladder groups a key's ``group`` stands for: its own, or those :attr:`Tail.covers` gives;
    None (any) for the region's edge group when it gives none, which may name any deeper group."""
    if group in region.covers:
        return region.covers[group]
    return None if group == region.group else frozenset((group,))


class EndCheck:
    """Whether floats may end in group ``j``: long enough for its thresholds, between groups that can meet."""

    def __init__(
        self,
        j: int,
        first: int,
        oldest: int,
        reach: Sequence[int],
        thresholds: Sequence[int],
        blocked: Collection[tuple[int, int]],
    ) -> None:
        self.j, self.first, self.oldest, self.reach = j, first, oldest, reach
        self.thresholds = thresholds
        self.blocked = {j - start for start, end in blocked if end == j}
        """Ages of floats that cannot end here (their start group met all of this one)."""

    def __call__(self, ages: Sequence[int]) -> bool:
        if any(age in self.blocked and age < self.oldest and self.j - age >= self.first for age in ages):
            return False
        if not self.thresholds:
            return True
        # A float of the oldest age may have come from higher up: it may be long enough.
        longest = max(self.thresholds)
        gaps = sorted((longest if age >= self.oldest else self.reach[age] for age in ages), reverse=True)
        return len(gaps) >= len(self.thresholds) and all(g >= t for g, t in zip(gaps, self.thresholds, strict=False))


def moves(
    open_: tuple[Open, ...],
    crossing: int,
    room: int,
    known: int,
    j: int,
    new_tags: int,
    ends_ok: Callable[[Sequence[int]], bool],
    oldest_end: bool,
    kinds: Callable[[int], int] | None = None,
) -> Iterator[tuple[tuple[Open, ...], int]]:
    """Which of the floats open above group ``j`` pass over it to cross the boundary below.

    ``crossing`` floats cross the boundary below the group; the ones that do not pass
    over it start in it (``new_tags`` of them long floats), and the open floats that
    do not pass end in it: a group of ``room`` players holds at most ``room`` ends and
    starts, each float that must still cross passes, and the floats ending in it must
    pass ``ends_ok``. With ``oldest_end``, only the oldest floats that may end do: a
    younger float never costs more than an older one below (its gap so far is smaller),
    so the cheapest relaxed pairing is among those, unless a float must be long enough
    to end somewhere or may not end somewhere (the caller knows): the oldest of each kind
    (``kinds``, by age: which of the bottom region's groups a float may enter).

    Yields:
        The open floats that pass, and how many floats start.
    """
    before = len(open_)
    must = [f for f in open_ if f[1] >= j]
    free = [f for f in open_ if f[1] < j]
    low = max(known, len(must), -((room - before - crossing) // 2))
    high = min(before, crossing - new_tags)
    seen: set[tuple[Open, ...]] = set()
    if oldest_end:
        free.sort()
    for passing in range(low, high + 1):
        ways = (
            youngest(free, passing - len(must), kinds)
            if oldest_end
            else itertools.combinations(range(len(free)), passing - len(must))
        )
        for chosen in ways:
            kept = tuple(sorted(must + [free[i] for i in chosen]))
            if kept in seen:
                continue
            seen.add(kept)
            if ends_ok([free[i][0] for i in range(len(free)) if i not in chosen]):
                yield kept, crossing - passing


def youngest(free: Sequence[Open], count: int, kinds: Callable[[int], int] | None) -> Iterable[Sequence[int]]:
    """The ways to choose ``count`` of the ``free`` floats (sorted, youngest first): the youngest
    of each kind, as many of each kind as any split of ``count`` takes."""
    if kinds is None:
        return [range(count)]
    by_kind: dict[int, list[int]] = {}
    for i, (age, _) in enumerate(free):
        by_kind.setdefault(kinds(age), []).append(i)
    members = list(by_kind.values())
    return [
        [i for chosen, group in zip(split, members, strict=True) for i in group[:chosen]]
        for split in itertools.product(*(range(len(group) + 1) for group in members))
        if sum(split) == count
    ]
