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

import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from .costs import FloatLadder, Floats

__all__ = ["AGE_LIMIT", "LongFloat", "Tail", "Window", "float_lower_bound"]

AGE_LIMIT = 8
"""Boundaries a float is followed over, when more than two may cross a boundary at once."""

Open = tuple[int, int]
"""A float open at a boundary: (boundaries crossed so far, the last boundary it must still cross or -1)."""

State = tuple[tuple[int, ...], tuple[Open, ...]]
"""Recent crossing counts (for the windows) and the open floats, sorted."""


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
    costs: Mapping[int, Floats]
    """Floats crossing the boundary between the region and the rest -> the region's cost.

    At the top, each such float is paid down to the first group below the region, as a
    floated pair; at the bottom, from the region's first group down (it is counted
    where it starts)."""


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
    groups = [g for g, c in enumerate(counts) if c > 0]
    k = len(groups)
    if k <= 1:
        return (0, 0, 0, 0)
    values = ladder.values
    # Super-boundary j separates groups[j] and groups[j + 1]; the one below the
    # last group is never crossed.
    gaps = [values[hi] - values[lo] for hi, lo in itertools.pairwise(groups)] + [0]
    steps = [lo - hi for hi, lo in itertools.pairwise(groups)] + [0]
    heights = [ladder.height_prefix[lo] - ladder.height_prefix[hi] for hi, lo in itertools.pairwise(groups)] + [0]
    above = list(itertools.accumulate(counts[g] for g in groups))
    parity = [a % 2 for a in above[:-1]] + [0]
    physical = [min(a, above[-1] - a) for a in above]
    position = {g: j for j, g in enumerate(groups)}
    first, last = 0, k - 1  # positions of the groups bounded here
    pinned: dict[int, Mapping[int, Floats]] = {}
    if top is not None:
        first = position[top.group] + 1
        pinned[first - 1] = top.costs
    if bottom is not None:
        last = position[bottom.group] - 1
        pinned[last] = bottom.costs
    if first > last:
        raise ValueError("the tail regions overlap")
    # Window constraints by right boundary: (left boundary, need); boundary -1 is the
    # top of the standings, never crossed.
    needs: dict[int, list[tuple[int, int]]] = {}
    alone: dict[int, int] = {}  # position -> players of that one group who must leave it
    width = 1
    for w in windows:
        members = [g for g in range(w.first, w.last + 1) if counts[g] > 0]
        if not members or w.leaving <= 0:
            continue
        a, b = position[members[0]], position[members[-1]]
        needs.setdefault(b, []).append((a - 1, w.leaving))
        if a == b:
            alone[a] = max(alone.get(a, 0), w.leaving)
        width = max(width, b - a + 2)
    known = [(passing or {}).get(g, 0) for g in groups]
    tags: dict[int, list[int]] = {}  # position -> last boundary each long float must cross
    thresholds: dict[int, list[int]] = {}  # position -> least gap of each float ending there
    for lf in long_floats:
        i, r = position.get(lf.group), position.get(lf.reach)
        if i is None or r is None or not first <= i <= last:
            continue
        if r > i:
            tags.setdefault(i, []).append(min(r - 1, last))
        else:
            thresholds.setdefault(i, []).append(values[groups[max(r, first - 1)]] - values[groups[i]])
    for ts in thresholds.values():
        ts.sort(reverse=True)
    blocked_positions = {
        (position[a], position[b]) for a, b in blocked if a in position and b in position and position[a] >= first
    }
    cap = list(physical)
    if not needs and not pinned and not blocked_positions:
        reserved = sum(map(len, tags.values())) + sum(map(len, thresholds.values()))
        cap = [min(c, 2 + max(known) + reserved) for c in cap]
    if limit is not None:
        cap = [min(c, limit[0] + max(top.costs, default=0) if top else limit[0]) for c in cap]
    # Ages are followed exactly while few floats can be open at once; otherwise up to
    # an age that still tells every window which floats pass over it all.
    if ages is None:
        ages = AGE_LIMIT
    if ages < 1:
        raise ValueError("ages must be at least 1")
    oldest = k if max(cap) <= 2 else max([ages] + [j - left + 1 for j, lst in needs.items() for left, _ in lst])
    # What the boundaries below boundary j still cost at least, for ``limit``: each odd
    # boundary is crossed; each change of parity between two boundaries is an end of a
    # float in the group between, and so is each player who must leave a group alone;
    # those ends are made by the floats open at j (one end each) or new ones (two each).
    ends = [0] * (k + 1)
    odd_steps = [0] * (k + 1)
    for i in range(last - 1, -1, -1):
        ends[i] = ends[i + 1] + max(int(parity[i] != parity[i + 1]), alone.get(i + 1, 0))
        odd_steps[i] = odd_steps[i + 1] + parity[i + 1] * steps[i + 1]
    best: dict[State, Floats] = {((0,) * width, ()): (0, 0, 0, 0)}
    for j in range(k):
        inside = first <= j <= last
        gap, step, height = gaps[j], steps[j], heights[j]
        extra: Mapping[int, Floats] = {}
        if j in pinned:
            extra = {c: cost for c, cost in pinned[j].items() if c % 2 == parity[j]}
            choices: Iterable[int] = sorted(extra)
        elif not inside or j == k - 1:
            choices = (0,)
        else:
            choices = range(parity[j], cap[j] + 1, 2)
        # Gap so far of a float of each age arriving at group j (started at j - age).
        reach = [0] + [values[groups[max(j - age, 0)]] - values[groups[j]] for age in range(1, oldest + 1)]
        ends_ok = _EndCheck(j, first, oldest, reach, thresholds.get(j, ()), blocked_positions)
        nxt: dict[State, Floats] = {}
        for (history, open_), total in best.items():
            for c in choices:
                recent = (*history[1:], c)
                paid = extra.get(c, (0, 0, 0, 0))
                if not inside:
                    # The top region's floats appear at its last boundary, paid
                    # there; below the bounded groups every float ends.
                    _keep(nxt, limit, (recent, ((1, -1),) * c), _add(total, paid))
                    continue
                for kept, starting in _moves(open_, c, counts[groups[j]], known[j], j, len(tags.get(j, ())), ends_ok):
                    value = (
                        total[0] + paid[0] + starting,
                        total[1] + paid[1] + c * step,
                        total[2] + paid[2] + c * gap * gap + 2 * gap * sum(reach[age] for age, _ in kept),
                        total[3] + paid[3] + c * height,
                    )
                    if limit is not None and value > limit:
                        continue
                    opened = [(min(age + 1, oldest), u if u > j else -1) for age, u in kept]
                    opened += [(1, u if u > j else -1) for u in tags.get(j, ())]
                    opened += [(1, -1)] * (starting - len(tags.get(j, ())))
                    state = tuple(sorted(opened))
                    if limit is not None:
                        ahead = max(0, ends[j] - c + 1) // 2
                        if (value[0] + ahead, value[1] + odd_steps[j], value[2], value[3]) > limit:
                            continue
                    if not all(
                        (0 if left < 0 else recent[len(recent) - 1 - (j - left)])
                        + c
                        - 2 * sum(1 for age, _ in state if age > j - left)
                        >= need
                        for left, need in needs.get(j, ())
                    ):
                        continue
                    _keep(nxt, limit, (recent, state), value)
        best = nxt
    if not best:
        if limit is not None:
            return None
        raise ValueError("the constraints admit no pairing")
    return min(best.values())


class _EndCheck:
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


def _add(a: Floats, b: Floats) -> Floats:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _keep(states: dict[State, Floats], limit: Floats | None, state: State, value: Floats) -> None:
    if limit is not None and value > limit:
        return
    if state not in states or value < states[state]:
        states[state] = value


def _moves(
    open_: tuple[Open, ...],
    crossing: int,
    room: int,
    known: int,
    j: int,
    new_tags: int,
    ends_ok: Callable[[Sequence[int]], bool],
) -> Iterator[tuple[tuple[Open, ...], int]]:
    """Which of the floats open above group ``j`` pass over it to cross the boundary below.

    ``crossing`` floats cross the boundary below the group; the ones that do not pass
    over it start in it (``new_tags`` of them long floats), and the open floats that
    do not pass end in it: a group of ``room`` players holds at most ``room`` ends and
    starts, each float that must still cross passes, and the floats ending in it must
    pass ``ends_ok``.

    Yields:
        The open floats that pass, and how many floats start.
    """
    before = len(open_)
    must = [f for f in open_ if f[1] >= j]
    free = [f for f in open_ if f[1] < j]
    low = max(known, len(must), -((room - before - crossing) // 2))
    high = min(before, crossing - new_tags)
    seen: set[tuple[Open, ...]] = set()
    for passing in range(low, high + 1):
        for chosen in itertools.combinations(range(len(free)), passing - len(must)):
            kept = tuple(sorted(must + [free[i] for i in chosen]))
            if kept in seen:
                continue
            seen.add(kept)
            if ends_ok([free[i][0] for i in range(len(free)) if i not in chosen]):
                yield kept, crossing - passing
