"""Check a recorded Swiss round against the pairing rules and the optimum.

Recorded pairings (made by hand, or by other software) are judged by the rules
the engine follows: no rematch (MTR 10.4, Bushiroad 3.2.1), no pairing across
draft pods (MTR 7.6), no second bye while an active player has fewer
(DESIGN §4), and no pairing worse than the optimum of
:mod:`ingest.pairing.swiss` on any cost level (among them the fewest players
paired outside their point group, then the smallest gaps). The findings are data: the
caller turns them into positioned diagnostics and also reports what this module
cannot see (a dropped player who was paired shows up here only as an id that is
not an entrant, and is ignored).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .costs import LEVELS, FloatLadder, Floats, PairingCost, unit_cost
from .float_bound import float_lower_bound
from .matching import solve_unit
from .swiss import Entrant, Seed, Table, _contexts, _ladder_of, _UnitContext

__all__ = ["Finding", "FindingKind", "check_swiss_round"]

FindingKind = Literal["rematch", "repeated-bye", "cross-pod", "not-optimal", "unpaired", "paired-twice"]
"""Kinds of finding, kebab-case like the diagnostic codes of the site."""

_MEASURES = {
    "rematches": "rematches",
    "bye_choice": "bye-choice",
    "floated_pairs": "floated-pairs",
    "float_steps": "float-steps",
    "squared_gap": "squared-gap",
    "float_height": "float-height",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem with a recorded round."""

    kind: FindingKind
    """What is wrong (see :data:`FindingKind`)."""
    players: tuple[str, ...]
    """Players concerned: the pair of a table, the bye receiver, or (for a
    ``bye-choice`` finding) the recorded receiver then the optimal one."""
    table: int | None = None
    """1-based position of the table in the recorded list, if one table is concerned."""
    pod: str | None = None
    """Pod concerned (None: no pods, or not pod-specific)."""
    measure: str | None = None
    """For ``not-optimal``: the first cost level that is worse (``byes``,
    ``rematches``, ``bye-choice``, ``floated-pairs``, ``float-steps``, ``squared-gap``,
    ``float-height``);
    for ``repeated-bye``: ``byes``."""
    recorded: int | None = None
    """Value of ``measure`` in the recorded round (bye choice: position of the
    receiver in the bye order, 0 = first choice)."""
    optimum: int | None = None
    """Best value of ``measure`` that a rule-abiding pairing reaches."""


def check_swiss_round(
    entrants: Iterable[Entrant],
    tables: Sequence[tuple[str, str] | Table],
    byes: Sequence[str],
    *,
    seed: Seed,
    round_number: int,
    awarded_byes: Collection[str] = frozenset(),
) -> tuple[Finding, ...]:
    """Check one recorded Swiss round.

    Args:
        entrants: the players who were active when the round was paired, with
            their standing *before* the round.
        tables: the recorded pairs, in their recorded order.
        byes: players recorded with a bye this round (awarded byes included).
        seed: the event seed (the optimum does not depend on it, only the choice
            among equally good pairings does).
        round_number: the round checked.
        awarded_byes: players whose bye was awarded outright; they are not
            judged as pairing byes.

    Returns:
        Findings in order: per table, then per player, then per pod.

    Raises:
        ValueError: duplicate entrant ids or an invalid round number.

    The optimality check runs per pod, and only when every player of the pod is
    paired exactly once inside the pod; it reports the most important cost level
    on which the recorded pairing is worse than the optimum. A first round (or
    one before any history) is random, so only its structure is checked.

    >>> players = [Entrant("a", 3, 1), Entrant("b", 3, 2), Entrant("c", 0, 3),
    ...            Entrant("d", 0, 4)]
    >>> [f.measure for f in check_swiss_round(players, [("a", "c"), ("b", "d")], [],
    ...                                       seed=1, round_number=2)]
    ['floated-pairs']
    """
    players = list(entrants)
    awarded = frozenset(awarded_byes)
    contexts = _contexts(players, seed=seed, round_number=round_number, awarded=awarded & {p.id for p in players})
    by_id = {p.id: p for p in players}
    pairs = [(t.player1, t.player2) if isinstance(t, Table) else (t[0], t[1]) for t in tables]
    findings: list[Finding] = []
    seen: Counter[str] = Counter()
    for position, (a, b) in enumerate(pairs, start=1):
        seen.update(x for x in (a, b) if x in by_id)
        pa, pb = by_id.get(a), by_id.get(b)
        if pa is None or pb is None or a == b:
            continue
        if b in pa.opponents or a in pb.opponents:
            findings.append(Finding("rematch", (a, b), table=position, pod=pa.pod))
        if pa.pod != pb.pod:
            findings.append(Finding("cross-pod", (a, b), table=position))
    seen.update(x for x in byes if x in by_id)
    bye_set = set(byes)
    # (in rank order: only those unpaired or paired twice are sorted, nearly never anyone)
    odd = [p for p in players if seen[p.id] > 1 or (seen[p.id] == 0 and p.id not in awarded)]
    for p in sorted(odd, key=lambda p: (p.rank, p.id)):
        findings.append(Finding("unpaired" if seen[p.id] == 0 else "paired-twice", (p.id,), pod=p.pod))
    findings.extend(_repeated_byes(players, bye_set, awarded))
    for ctx in contexts:
        findings.extend(_check_pod(ctx, pairs, byes))
    return tuple(findings)


def _repeated_byes(players: Sequence[Entrant], bye_set: set[str], awarded: frozenset[str]) -> list[Finding]:
    """Pairing byes given to someone with more byes than a player who played."""
    found = []
    given = [p for p in players if p.byes and p.id in bye_set and p.id not in awarded]  # (nearly never anyone)
    for p in sorted(given, key=lambda p: (p.rank, p.id)):
        playing = [q.byes for q in players if q.pod == p.pod and q.id not in bye_set]
        fewest = min(playing, default=p.byes)
        if fewest < p.byes:
            found.append(
                Finding(
                    "repeated-bye",
                    (p.id,),
                    pod=p.pod,
                    measure="byes",
                    recorded=p.byes,
                    optimum=fewest,
                )
            )
    return found


def _check_pod(ctx: _UnitContext, pairs: Sequence[tuple[str, str]], byes: Sequence[str]) -> list[Finding]:
    """Compare one pod's recorded pairing with its optimum."""
    node = {p.id: i for i, p in enumerate(ctx.order)}
    mine = [(node[a], node[b]) for a, b in pairs if a in node and b in node and a != b]
    touching = sum(1 for a, b in pairs if a in node or b in node)
    pod_byes = [node[x] for x in dict.fromkeys(byes) if x in node]  # recorded order
    covered = Counter(v for pair in mine for v in pair) + Counter(pod_byes)
    if touching != len(mine) or any(covered[v] != 1 for v in range(len(ctx.order))):
        return []  # structural findings already say what is wrong
    needed = len(ctx.order) % 2
    if len(pod_byes) > needed:
        return [
            Finding(
                "not-optimal",
                tuple(sorted(ctx.order[v].id for v in pod_byes)),
                pod=ctx.pod,
                measure="byes",
                recorded=len(pod_byes),
                optimum=needed,
            )
        ]
    if ctx.random_round:
        return []
    bye = pod_byes[0] if pod_byes else None
    ladder = _ladder_of(ctx)
    recorded = unit_cost(
        ladder,
        ((ctx.order[u].points, ctx.order[v].points) for u, v in mine),
        rematches=sum(1 for u, v in mine if v in ctx.met[u]),
        bye_choice=0 if bye is None else ctx.bye_order[bye],
    )
    if proven_optimal(ctx, ladder, recorded, bye):
        return []
    best = solve_unit([p.points for p in ctx.order], ctx.bye_order, ctx.met, bye_nodes=ctx.bye_candidates)
    return _compare(ctx, recorded, best.cost, bye, best.bye)


def proven_optimal(ctx: _UnitContext, ladder: FloatLadder, recorded: PairingCost, bye: int | None) -> bool:
    """Whether the recorded pairing is optimal by the solver's cheapest proof (no solve needed).

    No rematch and the first choice for the bye (or no bye) cannot be beaten on those
    levels, and any pairing that ties them gives the bye to the same player, so pairs the
    same players; the parity bound of :func:`~ingest.pairing.float_bound.float_lower_bound` then
    holds for its float levels. A recorded round that meets the bound is optimal, as a
    solved one proven by ``parity`` is in :mod:`ingest.pairing.optimality_proof`.
    """
    if recorded.rematches or recorded.bye_choice:
        return False
    if not any(recorded.floats):
        return True  # no float at all: no bound is lower, so none need be worked out
    counts = [0] * len(ladder.values)
    for node, player in enumerate(ctx.order):
        if node != bye:
            counts[ladder.index[player.points]] += 1
    return recorded.floats == parity_bound(ladder, tuple(counts))


def parity_bound(ladder: FloatLadder, counts: tuple[int, ...]) -> Floats | None:
    """:func:`~ingest.pairing.float_bound.float_lower_bound` of the players counted in each point
    group, with no rematch structure: a function of the groups' points and counts alone, kept
    for the rounds to come (the rounds of an archive's events of one size repeat the same
    groups: at 300 weekly 32-player events, 765 bounds were 236 distinct ones)."""
    key = (ladder.values, counts)
    with _BOUNDS_LOCK:
        if key in _BOUNDS:
            return _BOUNDS[key]
    found = float_lower_bound(ladder, counts)
    with _BOUNDS_LOCK:
        if len(_BOUNDS) >= BOUNDS_KEPT:
            _BOUNDS.clear()
        _BOUNDS[key] = found
    return found


BOUNDS_KEPT = 4096
"""Parity bounds a process keeps (all are let go when that many are)."""

_BOUNDS: dict[tuple[tuple[int, ...], tuple[int, ...]], Floats | None] = {}
"""Parity bounds found, by the groups' points and counts (:func:`parity_bound`)."""

_BOUNDS_LOCK = threading.Lock()
"""Held while :data:`_BOUNDS` is read or written (the venue's server checks rounds in threads)."""


def _compare(
    ctx: _UnitContext,
    recorded: PairingCost,
    optimum: PairingCost,
    recorded_bye: int | None,
    optimal_bye: int | None,
) -> list[Finding]:
    level = recorded.first_difference(optimum)
    if level is None or recorded < optimum:
        return []
    mine, best = getattr(recorded, level), getattr(optimum, level)
    players: tuple[str, ...] = ()
    if level == "bye_choice" and recorded_bye is not None and optimal_bye is not None:
        players = (ctx.order[recorded_bye].id, ctx.order[optimal_bye].id)
    assert level in LEVELS
    return [
        Finding(
            "not-optimal",
            players,
            pod=ctx.pod,
            measure=_MEASURES[level],
            recorded=mine,
            optimum=best,
        )
    ]
