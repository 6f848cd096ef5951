"""The rounds page's standings data (:func:`ingest.site.round_standings.compact_tables`): the
tiebreakers judged all at once give what judging each value alone gives, and a row's rank,
unit, points, record and tiebreakers, then what a dropped or placed player's row adds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ingest.site.round_standings import compact_tables

_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_HUNDREDTHS = re.compile(r"(?:0|[1-9][0-9]*)\.[0-9]{2}")


def each_alone(tables: Sequence[Sequence[Sequence[Any]]]) -> tuple[list[list[list[Any]]], bool, bool]:
    """The tables compacted as before: every tiebreaker matched on its own."""
    percent = any(len(row) > 7 for rows in tables for row in rows) and all(
        isinstance(v, str) and v.endswith("%") for rows in tables for row in rows for v in row[7:]
    )
    cents = percent and all(_HUNDREDTHS.fullmatch(v[:-1]) for rows in tables for row in rows for v in row[7:])
    out = []
    for rows in tables:
        compact = []
        for row in rows:
            values = list(row)
            if isinstance(values[3], str) and _INTEGER.fullmatch(values[3]):
                values[3] = int(values[3])
            if cents:
                values[7:] = [int(v[:-1].replace(".", "")) for v in values[7:]]
            elif percent:
                values[7:] = [v[:-1] for v in values[7:]]
            rank, _tied, unit, points, wld, dropped, place, *tiebreakers = values
            more = {**({"d": 1} if dropped else {}), **({"p": place} if place else {})}
            compact.append([rank, unit, points, wld, *tiebreakers, *([more] if more else [])])
        out.append(compact)
    return out, percent, cents


PERCENTAGES = st.builds(lambda a, b: f"{a}.{b:02d}%", st.integers(0, 100), st.integers(0, 99))
TIEBREAKERS = st.one_of(
    PERCENTAGES,
    PERCENTAGES.map(lambda v: v + "\n" + v),  # a line break inside: never two values
    st.text(alphabet="0123456789.%\n-", max_size=8),
    st.integers(0, 9),
)

DROPPED_AND_PLACE = st.tuples(st.sampled_from([0, 1]), st.sampled_from(["", "Top 8"]))


@given(
    st.lists(
        st.lists(
            st.tuples(st.just(1), st.just(0), st.just(0), st.sampled_from(["3", "1.5", "-0"]), st.just("1-0-0"))
            .flatmap(
                lambda r: st.tuples(st.sampled_from([0, 1]), st.sampled_from(["", "Top 8"])).map(lambda m: (*r, *m))
            )
            .flatmap(lambda r: st.lists(TIEBREAKERS, max_size=3).map(lambda t: (*r, *t))),
            max_size=4,
        ),
        max_size=3,
    )
)
def test_the_tiebreakers_judged_at_once_are_judged_as_each_alone(tables: list[list[tuple[Any, ...]]]) -> None:
    assert compact_tables(tables) == each_alone(tables)


def test_a_line_break_inside_a_value_keeps_it_from_being_hundredths() -> None:
    row = (1, 0, 0, "3", "1-0-0", 0, "", "1.00%\n2.00%")
    assert compact_tables([[row]]) == ([[[1, 0, 3, "1-0-0", "1.00%\n2.00"]]], True, False)
