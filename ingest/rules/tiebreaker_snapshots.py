"""Every player's percentages and tiebreakers at one point of the event, exactly.

Match-win percentage (MTR Appendix C: match points over 3 x rounds played; Bushiroad
3.2.1.2: over the event's rounds, truncated to two decimals), game-win percentage, their
floors, and the opponents' averages OMW%, OGW% and OOMW%, each a rational number
``(numerator, denominator)``. Averages are summed as integers over one common denominator.
:mod:`ingest.rules.standings_ranking` takes a snapshot for the players evaluated after each round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ingest.core.ids import PlayerId
from ingest.core.rulesets import Ruleset
from ingest.rules.standings_totals import RunningTotals
from ingest.rules.standings_values import Rational, ValuesTable, over_common_denominator


def _frac(f: Fraction) -> Rational:
    return (f.numerator, f.denominator)


def _floor_list(
    raws: list[Rational | None], floor: Fraction | None, constant: Fraction | None, empty: Rational
) -> list[Rational]:
    """Applies a floor to each value (None: no value, replaced by ``empty``)."""
    if floor is None:
        return [empty if r is None else r for r in raws]
    fn, fd = floor.numerator, floor.denominator
    low = _frac(constant) if constant is not None else (fn, fd)
    return [empty if r is None else (low if r[0] * fd < fn * r[1] else r) for r in raws]


def _rounded_list(values: list[Rational], digits: int | None) -> list[Rational]:
    if digits is None:
        return values
    scale = 10**digits
    return [((2 * n * scale + d) // (2 * d), scale) for n, d in values]


def _average(
    opps: list[list[int]], own: Sequence[Rational], subjects: Iterable[int], empty: Fraction
) -> dict[int, Rational]:
    """For each subject, the average of ``own`` over its opponents (exact)."""
    nums, den = over_common_denominator(own)
    get = nums.__getitem__
    out: dict[int, Rational] = {}
    empty_r = _frac(empty)
    for i in subjects:
        o = opps[i]
        out[i] = (sum(map(get, o)), len(o) * den) if o else empty_r
    return out


@dataclass(frozen=True, slots=True)
class TiebreakerSnapshot:
    """The percentages of every player, and the tiebreakers of the players evaluated, at one point."""

    values: ValuesTable
    """Every player's own percentages as opponents see them."""
    tiebreaks: dict[str, dict[int, Rational]]
    """Tiebreaker id (``mw`` included) -> player index -> value, for the players evaluated."""


def tiebreaker_snapshot(
    acc: RunningTotals,
    rules: Ruleset,
    tiebreakers: Sequence[str],
    subjects: Sequence[int],
    event_rounds: int,
    index: Mapping[PlayerId, int],
    effective: Sequence[int] | None = None,
) -> TiebreakerSnapshot:
    """The tiebreakers of ``subjects`` (player indices) from the totals ``acc``.

    Args:
        acc: the running totals at this point.
        rules: the ruleset (floors, percentage basis, precision).
        tiebreakers: the tiebreaker ids in force; ``mw`` and ``gw`` are always computed.
        subjects: the players evaluated at this point.
        event_rounds: the event's rounds so far (the MW% basis of Bushiroad 3.2.1.2).
        index: player id -> index.
        effective: each player's effective rounds in double elimination (Bushiroad 3.2.2.2).
    """
    n = len(acc.points)
    # Match-win percentage (MTR App. C: points / (3 x rounds played); Bushiroad 3.2.1.2:
    # points / (event rounds x points per win), truncated to two decimals; Bushiroad
    # 3.2.2.2: each player's effective rounds in double elimination).
    if rules.mw_basis == "event-rounds" and effective is not None:
        w = rules.win_points
        mw_raw: list[Rational | None] = [(p, w * max(r, 1)) for p, r in zip(acc.points, effective, strict=True)]
    elif rules.mw_basis == "event-rounds":
        den = rules.win_points * max(event_rounds, 1)
        mw_raw = [(p, den) for p in acc.points]
    else:
        w = rules.win_points
        mw_raw = [(p, w * r) if r else None for p, r in zip(acc.points, acc.rounds, strict=True)]
    if rules.mw_truncate is not None:
        scale = 10**rules.mw_truncate
        mw_raw = [None if v is None else ((v[0] * scale) // v[1], scale) for v in mw_raw]
    constant = rules.platform.floor_constant
    mw = _floor_list(mw_raw, rules.mw_floor, constant, _frac(rules.mw_floor))
    # Game-win percentage: game points / (3 x games played).
    gw_raw: list[Rational | None] = [(g, 3 * c) if c else None for g, c in zip(acc.game_points, acc.games, strict=True)]
    if rules.empty_gw is not None:
        empty_gw = _frac(rules.empty_gw)
    else:
        empty_gw = _frac(rules.gw_floor) if rules.gw_floor is not None else (0, 1)
    gw = _floor_list(gw_raw, rules.gw_floor, constant, empty_gw)
    gw_opp = _floor_list(gw_raw, rules.ogw_floor, constant, _frac(rules.ogw_floor))
    digits = rules.platform.intermediate_precision
    tb: dict[str, dict[int, Rational]] = {}
    wanted = set(tiebreakers)
    if "omw" in wanted or "oomw" in wanted:
        need = range(n) if "oomw" in wanted else subjects
        tb["omw"] = _average(acc.opps, _rounded_list(mw, digits), need, rules.empty_omw)
    if "ogw" in wanted:
        tb["ogw"] = _average(acc.opps, _rounded_list(gw_opp, digits), subjects, rules.empty_omw)
    if "oomw" in wanted:
        omw_all = [tb["omw"][i] for i in range(n)]
        tb["oomw"] = _average(acc.opps, omw_all, subjects, rules.empty_omw)
    tb["gw"] = {i: gw[i] for i in subjects}
    tb["mw"] = {i: mw[i] for i in subjects}
    if rules.platform.no_match_values is not None:
        o, g, og = (_frac(x) for x in rules.platform.no_match_values)
        for i in subjects:
            if acc.rounds[i] == 0:
                for tid, val in (("omw", o), ("gw", g), ("ogw", og)):
                    if tid in tb:
                        tb[tid][i] = val
    return TiebreakerSnapshot(ValuesTable(index, mw, mw_raw, gw, gw_opp, gw_raw), tb)
