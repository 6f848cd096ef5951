"""Test helpers: an independent cost function, a brute-force solver, a simulator."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ingest.pairing.swiss import Entrant, SwissRound, pair_swiss

Cost = tuple[int, int, int, int, int, int]
"""(rematches, bye choice, floated pairs, float steps, squared gap, float height)."""


def bye_position(players: Sequence[Entrant]) -> dict[str, int]:
    """Each player's place in the bye order: fewest byes, then lowest-ranked first.

    Ranks must be distinct (the generators ensure it), so no seeded tie-break
    is involved.
    """
    order = sorted(players, key=lambda p: (p.byes, -p.rank))
    return {p.id: i for i, p in enumerate(order)}


def reference_cost(players: Sequence[Entrant], pairs: Sequence[tuple[str, str]], bye: str | None) -> Cost:
    """Cost of a pairing of one unit, from first principles (DESIGN §4), independently of the engine.

    In order: rematches; the bye receiver's place in the bye order; players paired
    outside their point group (counted in pairs: a pair of different points moves
    both); then how far: point groups crossed, squared point gaps; then how high in
    the standings (each crossed group boundary counts its height above the lowest
    group).
    """
    by_id = {p.id: p for p in players}
    values = sorted({p.points for p in players}, reverse=True)
    group = {v: i for i, v in enumerate(values)}
    top = len(values) - 1
    outside = rematches = steps = squares = height = 0
    for a, b in pairs:
        pa, pb = by_id[a], by_id[b]
        if b in pa.opponents or a in pb.opponents:
            rematches += 1
        if pa.points != pb.points:
            outside += 2
        ga, gb = sorted((group[pa.points], group[pb.points]))
        steps += gb - ga
        squares += (pa.points - pb.points) ** 2
        height += sum(top - boundary for boundary in range(ga, gb))
    choice = 0 if bye is None else bye_position(players)[bye]
    return (rematches, choice, outside // 2, steps, squares, height)


def all_pairings(ids: Sequence[str]) -> Iterator[tuple[list[tuple[str, str]], str | None]]:
    """Every pairing of ``ids`` with at most one bye (exactly one when odd)."""
    if len(ids) % 2 == 1:
        for i, bye in enumerate(ids):
            rest = [*ids[:i], *ids[i + 1 :]]
            for pairs in _perfect(rest):
                yield pairs, bye
    else:
        for pairs in _perfect(list(ids)):
            yield pairs, None


def _perfect(ids: list[str]) -> Iterator[list[tuple[str, str]]]:
    if not ids:
        yield []
        return
    first = ids[0]
    for i in range(1, len(ids)):
        rest = ids[1:i] + ids[i + 1 :]
        for tail in _perfect(rest):
            yield [(first, ids[i]), *tail]


def brute_force(players: Sequence[Entrant]) -> Cost:
    """Lowest cost over every pairing of one unit that gives the bye to a player with the
    fewest byes (a rule before every level: nobody gets a second bye while a player who has
    had none is paired, DESIGN §4)."""
    ids = [p.id for p in players]
    fewest = min((p.byes for p in players), default=0)
    allowed = {p.id for p in players if p.byes == fewest}
    return min(reference_cost(players, pairs, bye) for pairs, bye in all_pairings(ids) if bye is None or bye in allowed)


def round_cost(players: Sequence[Entrant], result: SwissRound) -> Cost:
    """Reference cost of an engine result for a single-unit field."""
    pairs = [(t.player1, t.player2) for t in result.tables]
    byes = [b.player for b in result.byes if not b.awarded]
    assert len(byes) <= 1
    return reference_cost(players, pairs, byes[0] if byes else None)


# ---------------------------------------------------------------------------
# Simulated tournaments


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A simulated Swiss event."""

    name: str
    players: int
    rounds: int
    seed: int
    win: int = 3
    """Points for a win (3 for MTR/Aequitas, 1 for Bushiroad)."""
    draw: int = 1
    """Points for a draw (0 for Bushiroad)."""
    draw_rate: float = 0.05
    pods: int = 0
    """Number of draft pods (0 = none)."""
    drops: tuple[tuple[int, str], ...] = ()
    """(after round, player) drops."""
    awarded: tuple[tuple[str, int], ...] = ()
    """(player, rounds of awarded byes)."""


EVENTS: tuple[EventSpec, ...] = (
    EventSpec("mtr-16", 16, 5, seed=101),
    EventSpec("mtr-13-drops", 13, 4, seed=202, drops=((1, "p07"), (2, "p03"))),
    EventSpec("mtr-24-pods", 24, 3, seed=303, pods=3, draw_rate=0.1),
    EventSpec("mtr-21-awarded", 21, 5, seed=404, awarded=(("p01", 2), ("p02", 1))),
    EventSpec("bushiroad-11", 11, 4, seed=505, win=1, draw=0, draw_rate=0.1),
    EventSpec("mtr-70", 70, 7, seed=606, draw_rate=0.08),
)
"""The events replayed against the golden file."""


def simulate(spec: EventSpec) -> dict[str, Any]:
    """Play ``spec`` round by round; return every round's pairing and results.

    Results come from ``random.Random`` seeded by the event; standings are
    points, then a seeded random tie order fixed per player.
    """
    rng = random.Random(f"results/{spec.seed}")
    ids = [f"p{i:02d}" for i in range(1, spec.players + 1)]
    tie = {i: rng.random() for i in ids}
    pod_of = {i: (f"pod{k % spec.pods + 1}" if spec.pods else None) for k, i in enumerate(ids)}
    points = dict.fromkeys(ids, 0)
    opponents: dict[str, set[str]] = {i: set() for i in ids}
    byes = dict.fromkeys(ids, 0)
    awarded_rounds = dict(spec.awarded)
    active = list(ids)
    rounds: list[dict[str, Any]] = []
    for number in range(1, spec.rounds + 1):
        order = sorted(active, key=lambda i: (-points[i], tie[i]))
        entrants = [
            Entrant(i, points[i], r, frozenset(opponents[i]), byes[i], pod_of[i]) for r, i in enumerate(order, start=1)
        ]
        awarded = frozenset(i for i in active if awarded_rounds.get(i, 0) >= number)
        result = pair_swiss(entrants, seed=spec.seed, round_number=number, awarded_byes=awarded)
        outcomes = []
        for t in result.tables:
            x = rng.random()
            if x < spec.draw_rate:
                outcome = "draw"
                points[t.player1] += spec.draw
                points[t.player2] += spec.draw
            elif x < spec.draw_rate + (1 - spec.draw_rate) / 2:
                outcome = "1"
                points[t.player1] += spec.win
            else:
                outcome = "2"
                points[t.player2] += spec.win
            opponents[t.player1].add(t.player2)
            opponents[t.player2].add(t.player1)
            outcomes.append([t.number, t.player1, t.player2, outcome])
        for b in result.byes:
            points[b.player] += spec.win
            byes[b.player] += 1
        rounds.append(
            {
                "round": number,
                "tables": outcomes,
                "byes": [[b.player, "awarded" if b.awarded else "pairing"] for b in result.byes],
                "methods": [p.method for p in result.pods],
                "floated_pairs": result.floated_pairs,
                "float_steps": result.float_steps,
                "squared_gap": result.squared_gap,
            }
        )
        for after, player in spec.drops:
            if after == number and player in active:
                active.remove(player)
    return {"event": spec.name, "rounds": rounds}


def entrants_with(players: Sequence[Entrant], **changes: Any) -> list[Entrant]:
    """Copy ``players`` with the same field changes applied to each."""
    return [replace(p, **changes) for p in players]


GOLDEN = Path(__file__).with_name("golden") / "swiss_events.json"
"""Every event of :data:`EVENTS` played through (``pytest --regen-all`` rewrites it)."""


@cache
def render() -> str:
    """The golden file's expected text: every event of :data:`EVENTS`, simulated."""
    return json.dumps([simulate(spec) for spec in EVENTS], indent=1, sort_keys=True) + "\n"
