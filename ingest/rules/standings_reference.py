"""The ranking written plainly: a reference for :meth:`ingest.rules.standings_ranking.Ranker.rank`.

The ranker sorts integer keys built in bulk for events of thousands of players; this module
ranks the same rows from their values as fractions, one player at a time, in the words of
the rules, so a reader can check the order against them and the tests can hold the two
equal (``tests/rules/test_ranking_reference.py``, a Hypothesis property). Nothing else uses it.

MTR Appendix C: "players are ranked by match points, then opponents' match-win percentage,
game-win percentage, then opponents' game-win percentage"; the Aequitas rules rank the same
way. Bushiroad 3.2.1.2 (outside Japan): points, opponents' match-win percentage, opponents'
opponents' match-win percentage, then head to head between tied fighters who met, then a
random method (here the event seed, as for ties that nothing breaks under the other rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ingest.core.ids import PlayerId
from ingest.core.rulesets import Ruleset
from ingest.rules.standings_values import Row, round_half_up

__all__ = ["reference_ranking"]


def reference_ranking(
    rows: Sequence[Row],
    rules: Ruleset,
    tiebreakers: Sequence[str],
    seed_key: Mapping[PlayerId, bytes],
    beat: Mapping[tuple[PlayerId, PlayerId], int],
) -> list[tuple[int, PlayerId, bool, int]]:
    """``rows`` (in any order) ranked again from their own values: each player's rank, id,
    whether the rank is shared, and (Bushiroad) the matches won against the players tied with them.

    Args:
        rows: the players' rows, each with its record and exact values.
        rules: the ruleset.
        tiebreakers: the tiebreakers in force, in order (``h2h`` included where it is).
        seed_key: each player's place in the seed's order (the random method).
        beat: (winner, loser) -> matches the one won against the other in the rounds counted.
    """

    def strength(row: Row) -> tuple[Fraction | int, ...]:
        """What decides the order, highest first: match points, then (manatraders) rounds
        played, then each tiebreaker in order, exactly or as the platform published it."""
        key: list[Fraction | int] = [row.record.points]
        if rules.platform.rank_rounds_played:
            key.append(row.record.rounds)
        for tid in tiebreakers:
            if tid == "h2h":
                continue
            _, num, den = next(v for v in row.values if v[0] == tid)
            if rules.platform.rank_on_published and rules.platform.publish_precision is not None:
                key.append(round_half_up(num, den, rules.platform.publish_precision))
            else:
                key.append(Fraction(num, den))
        return tuple(key)

    by_strength: dict[tuple[Fraction | int, ...], list[Row]] = {}
    for row in rows:
        by_strength.setdefault(strength(row), []).append(row)
    out: list[tuple[int, PlayerId, bool, int]] = []
    for key in sorted(by_strength, reverse=True):
        tied = sorted((row.player for row in by_strength[key]), key=lambda p: seed_key[p])
        wins = dict.fromkeys(tied, 0)
        if "h2h" in tiebreakers and len(tied) > 1:
            wins = {p: sum(beat.get((p, q), 0) for q in tied if q != p) for p in tied}
            tied = _by_head_to_head(tied, beat, seed_key)
        splits = len(tied) == 1 or rules.random_final or "h2h" in tiebreakers
        first = len(out) + 1
        for place, player in enumerate(tied, start=first):
            out.append((place if splits else first, player, not splits, wins[player]))
    return out


def _by_head_to_head(
    tied: list[PlayerId], beat: Mapping[tuple[PlayerId, PlayerId], int], seed_key: Mapping[PlayerId, bytes]
) -> list[PlayerId]:
    """Bushiroad 3.2.1.2 step 2: a fighter who beat another tied fighter (more match wins
    between them) ranks above them. Each place goes to the first in the seed's order among
    those no one left has beaten; when everyone left has been beaten by someone left (their
    results go round in a circle), to the first in the seed's order of them all."""
    left = list(tied)
    out: list[PlayerId] = []
    while left:
        unbeaten = [p for p in left if not any(beat.get((q, p), 0) > beat.get((p, q), 0) for q in left)]
        pick = min(unbeaten or left, key=lambda p: seed_key[p])
        out.append(pick)
        left.remove(pick)
    return out
