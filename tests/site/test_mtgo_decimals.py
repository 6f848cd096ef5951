"""The MTGODecklistCache copy's OMWP, GWP and OGWP (:func:`ingest.site.api_mtgo._decimals`),
worked out from each tiebreaker's numerator and denominator, are the floats the published
fraction gives (:meth:`~ingest.rules.standings_values.Standings.published`, then ``float``,
then rounded): the same JSON text."""

from __future__ import annotations

import json
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ingest.rules.standings_values import Record, Row, round_half_up
from ingest.site.api_mtgo import UNKNOWN, _decimals

NUMBERS = st.integers(-(10**15), 10**15)
DENOMINATORS = st.integers(1, 10**15) | st.integers(-(10**15), -1)
VALUES = st.lists(st.tuples(st.sampled_from(["omw", "gw", "ogw", "mw", "oomw"]), NUMBERS, DENOMINATORS), max_size=6)


def as_fractions(row: Row, precision: int | None, digits: int) -> list[float]:
    """The figures as a Fraction of each value gives them (what the copy wrote before)."""
    out = []
    for tiebreaker in ("omw", "gw", "ogw"):
        if not any(tid == tiebreaker for tid, _, _ in row.values):
            out.append(UNKNOWN)
            continue
        value = next(Fraction(n, d) for tid, n, d in row.values if tid == tiebreaker)
        if precision is not None:
            value = Fraction(round_half_up(value.numerator, value.denominator, precision), 10**precision)
        out.append(round(float(value), digits))
    return out


@given(VALUES, st.sampled_from([None, 2, 4]), st.sampled_from([2, 4]))
def test_the_figures_are_those_of_the_published_fractions(
    values: list[tuple[str, int, int]], precision: int | None, digits: int
) -> None:
    row = Row(1, "a", "A", Record(0, 0, 0, 0, 0, 0, 0, 0, ()), tuple(values))
    made = _decimals(row, precision, digits)
    assert json.dumps(made) == json.dumps(as_fractions(row, precision, digits))
