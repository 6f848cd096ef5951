"""The rules pages' worked example of a Swiss round, paired by the engine at every build.

Each example is a field before a later round, nobody having met yet, where the fewest
players paired outside their point group and the smallest point gaps disagree: the engine
pairs the odd players of two groups with each other over the even group between them
(DESIGN §4; MTR 10.4 and Aequitas 8.2 pair within match-point groups; Bushiroad 3.2.1:
"match up the fighters with equal points as much as possible"). The page shows the
engine's tables beside the pairing by neighbouring groups that it does not choose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ingest.core.rulesets import get_ruleset
from ingest.pairing.swiss import Entrant, pair_swiss

__all__ = ["PairingExample", "pairing_example"]


@dataclass(frozen=True, slots=True)
class PairingExample:
    """One field, the engine's pairing of it, and the pairing by neighbouring groups."""

    ruleset: str
    """Ruleset whose points the field has."""
    field: tuple[tuple[str, int], ...]
    """Players (name, points), in standings order."""
    tables: tuple[tuple[str, int, str, int], ...]
    """The engine's tables from the top: (player, points, opponent, points)."""
    outside: int
    """Players the engine pairs outside their point group."""
    neighbours: tuple[tuple[str, str], ...]
    """The pairing that floats each odd group's player to the next group down (not chosen)."""
    neighbours_outside: int
    """Players that pairing would pair outside their point group."""


_FIELDS: dict[int, tuple[str, tuple[tuple[str, int], ...], tuple[tuple[str, str], ...]]] = {
    3: (
        "mtr",
        (("Ana", 9), ("Ben", 6), ("Cleo", 6), ("Dev", 3)),
        (("Ana", "Ben"), ("Cleo", "Dev")),
    ),
    1: (
        "bushiroad",
        (("Ana", 3), ("Ben", 2), ("Cleo", 2), ("Dev", 1), ("Eli", 1), ("Fay", 0)),
        (("Ana", "Ben"), ("Cleo", "Dev"), ("Eli", "Fay")),
    ),
}
"""By the points a win earns (a ruleset's ``win_points``): the rules whose example it is, the
field (9 | 6 6 | 3 in match points, MTR Appendix C and Aequitas; 3 | 2 2 | 1 1 | 0 in
Bushiroad points, 3.2.1) and the pairing by neighbouring groups."""


def pairing_example(ruleset: str) -> PairingExample | None:
    """The worked pairing example of the ruleset with this id, if its points have one: the
    MTR's serves every ruleset whose win earns 3 points (Aequitas, a registered one), the
    Bushiroad example those whose win earns 1.

    >>> example = pairing_example("mtr")
    >>> example.tables, example.outside, example.neighbours_outside
    ((('Ana', 9, 'Dev', 3), ('Ben', 6, 'Cleo', 6)), 2, 4)
    """
    found = _FIELDS.get(get_ruleset(ruleset).win_points)
    if found is None:
        return None
    key, field, neighbours = found
    points = dict(field)
    entrants = [Entrant(name, pts, rank) for rank, (name, pts) in enumerate(field, start=1)]
    paired = pair_swiss(entrants, seed="rules-example", round_number=4)
    tables = tuple((t.player1, points[t.player1], t.player2, points[t.player2]) for t in paired.tables)
    return PairingExample(
        key,
        field,
        tables,
        _outside([(a, b) for a, _, b, _ in tables], points),
        neighbours,
        _outside(neighbours, points),
    )


def _outside(pairs: Iterable[tuple[str, str]], points: Mapping[str, int]) -> int:
    return sum(2 for a, b in pairs if points[a] != points[b])
