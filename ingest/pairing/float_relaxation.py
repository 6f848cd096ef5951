"""The relaxed pairing that :func:`~ingest.pairing.float_bound.float_lower_bound` minimises.

A pairing is relaxed to its floats (see :mod:`ingest.pairing.float_bound`); a dynamic
programme over the boundaries between the non-empty point groups, whose state is the
floats open at a boundary, finds the cheapest relaxed pairing that keeps the constraints.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence

from .costs import FloatLadder, Floats
from .float_constraints import Crossings, LongFloat, Open, Tail, Window
from .float_ends import EndCheck, Entering, EntryPricing, moves

__all__ = ["STATE_LIMIT", "Relaxation", "moves"]

STATE_LIMIT = 20_000
"""Relaxed pairings kept at one boundary, when a candidate's levels are the limit, beyond which
the bound gives up (as if the candidate were above it): the programme's work stays a fraction
of what the complete graph costs."""

State = tuple[tuple[int, ...], tuple[Open, ...]]
"""Recent crossing counts (for the windows) and the open floats, sorted."""


class Relaxation:
    """The relaxed pairing :func:`float_lower_bound` minimises, and the programme that does it.

    Boundary ``j`` (a super-boundary) separates the ``j``-th and the next non-empty group;
    the one below the last group is never crossed. The constraints are added step by step
    (windows, long floats and passing pairs, blocked groups), then how many floats may
    cross a boundary and how far back a float is followed are fixed, and
    :meth:`cheapest` runs the programme over the boundaries.
    """

    def __init__(
        self,
        ladder: FloatLadder,
        counts: Sequence[int],
        *,
        top: Tail | None,
        bottom: Tail | None,
        limit: Floats | None,
    ) -> None:
        self.counts = counts
        self.limit = limit
        groups = [g for g, c in enumerate(counts) if c > 0]
        self.groups = groups
        """Ladder index of each non-empty group, from the top."""
        self.values = values = ladder.values
        self.gaps = [values[hi] - values[lo] for hi, lo in itertools.pairwise(groups)] + [0]
        self.steps = [lo - hi for hi, lo in itertools.pairwise(groups)] + [0]
        self.heights = [
            ladder.height_prefix[lo] - ladder.height_prefix[hi] for hi, lo in itertools.pairwise(groups)
        ] + [0]
        above = list(itertools.accumulate(counts[g] for g in groups))
        self.parity = [a % 2 for a in above[:-1]] + [0]
        """Per boundary, whether an odd number of floats crosses it."""
        self.cap = [min(a, above[-1] - a) for a in above]
        """Per boundary, the most floats that may cross it (at first, the players on the smaller side)."""
        self.position = {g: j for j, g in enumerate(groups)}
        self._bound_tails(top, bottom)
        self.needs: dict[int, list[tuple[int, int]]] = {}
        """Window constraints by their lowest group's position: (the boundary above the window, players
        who must leave it); boundary -1 is the top of the standings, never crossed."""
        self.alone: dict[int, int] = {}
        """Position -> players of that one group who must leave it."""
        self.width = 1
        """Crossing counts remembered for the windows (the widest window's boundaries)."""
        self.known = [0] * len(groups)
        """Per position, pairs known to pass over that group."""
        self.tags: dict[int, list[int]] = {}
        """Position -> the last boundary each long float starting there must cross."""
        self.thresholds: dict[int, list[int]] = {}
        """Position -> the least gap of each long float ending there, longest first."""
        self.blocked: set[tuple[int, int]] = set()
        """(upper, lower) positions between which no float runs."""
        self.particular = -1
        self.oldest = len(groups)
        """The age beyond which a float's start is no longer followed."""

    def _bound_tails(self, top: Tail | None, bottom: Tail | None) -> None:
        """The positions bounded here, between the tail regions bounded elsewhere."""
        self.first, self.last = 0, len(self.groups) - 1
        self.pinned: dict[int, Mapping[Crossings, Floats]] = {}
        """Boundary -> the crossings a tail region allows there, and what the region costs."""
        self.tails = (top, bottom)
        """The top and bottom regions bounded elsewhere (None where there is none)."""
        self.entries: EntryPricing | None = None
        """What the floats entering the bottom region cost more than its price, by where each may end."""
        if top is not None:
            self.first = self.position[top.group] + 1
            self.pinned[self.first - 1] = top.costs
        if bottom is not None:
            self.last = self.position[bottom.group] - 1
            self.pinned[self.last] = bottom.costs
        if self.first > self.last:
            raise ValueError("the tail regions overlap")

    def add_windows(self, windows: Iterable[Window]) -> None:
        """Runs of groups that must send players out, as constraints on the crossings around them."""
        for w in windows:
            members = [g for g in range(w.first, w.last + 1) if self.counts[g] > 0]
            if not members or w.leaving <= 0:
                continue
            a, b = self.position[members[0]], self.position[members[-1]]
            self.needs.setdefault(b, []).append((a - 1, w.leaving))
            if a == b:
                self.alone[a] = max(self.alone.get(a, 0), w.leaving)
            self.width = max(self.width, b - a + 2)

    def add_long_floats(self, passing: Mapping[int, int], long_floats: Iterable[LongFloat]) -> None:
        """Pairs known to pass over groups, and floats that must start or end far away."""
        self.known = [passing.get(g, 0) for g in self.groups]
        position, groups, values = self.position, self.groups, self.values
        for lf in long_floats:
            i, r = position.get(lf.group), position.get(lf.reach)
            if i is None or r is None or not self.first <= i <= self.last:
                continue
            if r > i:
                self.tags.setdefault(i, []).append(min(r - 1, self.last))
            else:
                gap = values[groups[max(r, self.first - 1)]] - values[groups[i]]
                self.thresholds.setdefault(i, []).append(gap)
        for ts in self.thresholds.values():
            ts.sort(reverse=True)

    def add_blocked(self, blocked: Iterable[tuple[int, int]]) -> None:
        """Pairs of groups whose players have all met: no float joins them."""
        position = self.position
        self.blocked = {
            (position[a], position[b])
            for a, b in blocked
            if a in position and b in position and position[a] >= self.first
        }
        self.particular = max([*self.thresholds, *(end for _, end in self.blocked)], default=-1)
        """The last position where it matters which floats end there, not only how old they are:
        a float must be long enough to end there, or may not end there. Below it, only floats
        of one kind (:meth:`_kinds`) are told apart by their age."""

    def add_entries(self, apart: Iterable[tuple[int, int]]) -> None:
        """Pairs of groups whose players have all met, the lower one in the bottom region: no float
        from the one enters the region in the other (:class:`~ingest.pairing.float_ends.EntryPricing`)."""
        top, bottom = self.tails
        if bottom is not None:
            position, last = self.position, self.last
            below = {(a, b) for a, b in apart if position.get(a, last + 1) <= last < position.get(b, -1)}
            self.entries = EntryPricing(self.values, bottom, top, below)

    def _kinds(self, j: int) -> Callable[[int], int] | None:
        """The kind of each float open at group ``j`` (started ``age`` groups above it), by its
        age: which of the bottom region's groups it may not enter (None: every float may enter
        every group, one kind)."""
        entries = self.entries
        if entries is None or not entries.apart:
            return None
        groups, oldest = self.groups, self.oldest
        return lambda age: entries.kind(groups[j - age] if age < oldest and j - age >= 0 else None)

    def cap_crossings(self, top: Tail | None) -> None:
        """How many floats may cross each boundary (see :func:`float_lower_bound`)."""
        if not self.needs and not self.pinned and not self.blocked:
            reserved = sum(map(len, self.tags.values())) + sum(map(len, self.thresholds.values()))
            self.cap = [min(c, 2 + max(self.known) + reserved) for c in self.cap]
        if self.limit is not None:
            most = self.limit[0] + max(map(len, top.costs), default=0) if top else self.limit[0]
            self.cap = [min(c, most) for c in self.cap]

    def follow_ages(self, ages: int) -> None:
        """How far back a float's start is followed.

        Exactly while few floats can be open at once; otherwise up to ``ages``, or as far
        as the widest window needs to tell which floats pass over it all.
        """
        if ages < 1:
            raise ValueError("ages must be at least 1")
        if max(self.cap) > 2:
            spans = [j - left + 1 for j, lst in self.needs.items() for left, _ in lst]
            self.oldest = max([ages, *spans])

    def cheapest(self) -> Floats | None:
        """The cheapest relaxed pairing's float levels; None if none meets the constraints (and the limit)."""
        self._still_to_pay()
        best: dict[State, Floats] = {((0,) * self.width, ()): (0, 0, 0, 0)}
        for j in range(len(self.groups)):
            best = self._cross(j, best)
            if j >= self.particular:
                best = _undominated(best, self._kinds(j + 1))
            if self.limit is not None and len(best) > STATE_LIMIT:
                return None  # not proved: a denser graph, or the complete graph, decides
        return min(best.values(), default=None)

    def _still_to_pay(self) -> None:
        """What the boundaries below boundary ``j`` still cost at least, for ``limit``.

        Each odd boundary is crossed; each change of parity between two boundaries is an
        end of a float in the group between, and so is each player who must leave a group
        alone; those ends are made by the floats open at ``j`` (one end each) or new ones
        (two each).
        """
        k = len(self.groups)
        self.ends = [0] * (k + 1)
        self.odd_steps = [0] * (k + 1)
        parity, steps = self.parity, self.steps
        for i in range(self.last - 1, -1, -1):
            self.ends[i] = self.ends[i + 1] + max(int(parity[i] != parity[i + 1]), self.alone.get(i + 1, 0))
            self.odd_steps[i] = self.odd_steps[i + 1] + parity[i + 1] * steps[i + 1]

    def _cross(self, j: int, best: Mapping[State, Floats]) -> dict[State, Floats]:
        """The cheapest relaxed pairings once boundary ``j`` is crossed, by state."""
        if self.first <= j <= self.last:
            return self._cross_inside(j, best)
        # The top region's floats appear at its last boundary, paid there down to the first
        # group below it, each followed on from its own group; below the bounded groups
        # every float ends.
        nxt: dict[State, Floats] = {}
        for crossings, paid in self._choices(j):
            opened = tuple(sorted((min(self.first - self.position[g], self.oldest), -1) for g in crossings))
            for (history, _), total in best.items():
                _keep(nxt, self.limit, ((*history[1:], len(crossings)), opened), _add(total, paid))
        return nxt

    def _choices(self, j: int) -> list[tuple[Crossings, Floats]]:
        """The floats that may cross boundary ``j`` and what a tail region adds for them.

        At a tail region's edge, the groups of the region they leave or enter (see
        :class:`~ingest.pairing.float_constraints.Tail`); elsewhere only their count
        matters, given as that many floats of the group above the boundary.
        """
        nothing = (0, 0, 0, 0)
        if j in self.pinned:
            return [(key, cost) for key, cost in sorted(self.pinned[j].items()) if len(key) % 2 == self.parity[j]]
        if not self.first <= j <= self.last or j == len(self.groups) - 1:
            return [((), nothing)]
        return [((self.groups[j],) * c, nothing) for c in range(self.parity[j], self.cap[j] + 1, 2)]

    def _cross_inside(self, j: int, best: Mapping[State, Floats]) -> dict[State, Floats]:
        """Boundary ``j`` below a group bounded here: the floats open above it end in the group
        or pass over it, and new ones start in it."""
        # Gap so far of a float of each age arriving at group j (started at j - age).
        values, groups = self.values, self.groups
        reach = [0] + [values[groups[max(j - age, 0)]] - values[groups[j]] for age in range(1, self.oldest + 1)]
        ends_ok = EndCheck(j, self.first, self.oldest, reach, self.thresholds.get(j, ()), self.blocked)
        room, known, tags = self.counts[groups[j]], self.known[j], len(self.tags.get(j, ()))
        gap = self.gaps[j]
        by_count: dict[int, list[tuple[Crossings, Floats]]] = {}
        for crossings, paid in self._choices(j):
            by_count.setdefault(len(crossings), []).append((crossings, paid))
        entries = self.entries if j == self.last and j in self.pinned else None
        kinds = self._kinds(j)
        nxt: dict[State, Floats] = {}
        least = {c: min(paid[:2] for _, paid in choices) for c, choices in by_count.items()}
        for (history, open_), total in best.items():
            for c, choices in by_count.items():
                if (
                    self.limit is not None
                    and (
                        total[0] + least[c][0] + max(0, c - len(open_)),
                        total[1] + least[c][1] + c * self.steps[j],
                    )
                    > self.limit[:2]
                ):
                    continue  # more floated pairs and steps than the limit, however they cross
                recent = (*history[1:], c)
                for kept, starting in moves(open_, c, room, known, j, tags, ends_ok, j > self.particular, kinds):
                    crossed = (
                        total[0] + starting,
                        total[1] + c * self.steps[j],
                        total[2] + c * gap * gap + 2 * gap * sum(reach[age] for age, _ in kept),
                        total[3] + c * self.heights[j],
                    )
                    state = self._opened(j, kept, starting)
                    floats = self._entering(j, kept, starting, reach) if entries is not None else ()
                    for crossings, paid in choices:
                        value = _add(crossed, paid)
                        if entries is not None:  # what the floats cost more than the region's price
                            deeper = entries.least(floats, crossings)
                            if deeper is None:
                                continue  # no float may end where this way enters the region
                            value = (value[0], value[1], value[2] + 2 * deeper, value[3])
                        if self.limit is not None and value > self.limit:
                            continue
                        if self._admissible(j, recent, c, state, value):
                            _keep(nxt, self.limit, (recent, state), value)
        return nxt

    def _entering(self, j: int, kept: Iterable[Open], starting: int, reach: Sequence[int]) -> Entering:
        """The floats crossing boundary ``j`` into the bottom region: each its gap at the region's
        first group and its kind (:class:`EntryPricing`)."""
        assert self.entries is not None
        gap, kind = self.gaps[j], self.entries.kind
        passing = [(reach[age] + gap, kind(None if age >= self.oldest else self.groups[j - age])) for age, _ in kept]
        return (*passing, *[(gap, kind(self.groups[j]))] * starting)

    def _opened(self, j: int, kept: Iterable[Open], starting: int) -> tuple[Open, ...]:
        """The floats open below boundary ``j``: the ones that passed, one boundary older, and the new ones."""
        tags = self.tags.get(j, ())
        opened = [(min(age + 1, self.oldest), u if u > j else -1) for age, u in kept]
        opened += [(1, u if u > j else -1) for u in tags]
        opened += [(1, -1)] * (starting - len(tags))
        return tuple(sorted(opened))

    def _admissible(self, j: int, recent: Sequence[int], crossing: int, state: tuple[Open, ...], value: Floats) -> bool:
        """Whether a relaxed pairing crossing boundary ``j`` this way may still be the cheapest.

        With a limit, what the boundaries below still cost at least must fit under it; and
        every window ending at group ``j`` must have sent out its players.
        """
        if self.limit is not None:
            ahead = max(0, self.ends[j] - crossing + 1) // 2
            if (value[0] + ahead, value[1] + self.odd_steps[j], value[2], value[3]) > self.limit:
                return False
        return all(
            (0 if left < 0 else recent[len(recent) - 1 - (j - left)])
            + crossing
            - 2 * sum(1 for age, _ in state if age > j - left)
            >= need
            for left, need in self.needs.get(j, ())
        )


def _undominated(states: Mapping[State, Floats], kinds: Callable[[int], int] | None = None) -> dict[State, Floats]:
    """``states`` without the ones another state dominates, below the last particular position.

    A state dominates another with the same recent crossings, the same floats that must
    still cross a boundary (their ``last``) of each kind (``kinds``, by age: which of the
    bottom region's groups they may enter) and as many open floats, each no older than
    its counterpart (the floats of each ``last`` and kind sorted by age), when its levels
    are no higher. Below ``particular`` nothing about a float but its age, kind and ``last``
    matters: every way the other state goes on is open to it too (which floats pass over a
    group and which end, how many start), each at no higher cost: the floated pairs, steps
    and heights are the same, and a younger float's squared gap grows less (its gap so far
    is smaller) and it never fails a window the older one meets (a window counts the floats
    older than it). So the cheapest relaxed pairing is among the states kept.

    Draw-heavy rounds have many small point groups, and floats of many ages open at once:
    the states that only differ by older floats at a higher cost are most of them.
    """
    grouped: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], list[tuple[Floats, tuple[int, ...], State]]]
    grouped = {}
    for state, value in states.items():
        history, open_ = state
        floats = sorted((last, 0 if kinds is None else kinds(age), age) for age, last in open_)
        classes = tuple((last, kind) for last, kind, _ in floats)
        grouped.setdefault((history, classes), []).append((value, tuple(age for _, _, age in floats), state))
    kept: dict[State, Floats] = {}
    for members in grouped.values():
        members.sort()
        front: list[tuple[int, ...]] = []
        for value, ages, state in members:
            if any(all(a <= b for a, b in zip(other, ages, strict=True)) for other in front):
                continue
            front.append(ages)
            kept[state] = value
    return kept


def _add(a: Floats, b: Floats) -> Floats:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _keep(states: dict[State, Floats], limit: Floats | None, state: State, value: Floats) -> None:
    if limit is not None and value > limit:
        return
    if state not in states or value < states[state]:
        states[state] = value
