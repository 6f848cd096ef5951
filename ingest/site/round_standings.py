"""The standings after each round, as the rounds page's data carries them.

The rounds page's script draws the standings after each round from a data block
(:func:`ingest.site.table_rows.rounds_data`) in which each value is written once and no
more: whole points as numbers, and percentages without their ``%`` sign, in whole
hundredths when they all have two decimals (``3300`` for ``33.00%``).

An MTR event's tables (every tiebreaker a percentage) in the site's default language are
built straight as those numbers from each tiebreaker's fraction (:func:`_hundredths`), with
the arithmetic :func:`~ingest.core.figures.pct_of` writes its digits with. Any other table (a fraction shown as
such, a language that writes figures its own way, a value below zero) is built as the page
shows it, then compacted (:func:`compact_tables`): the two give the same data, and a test
holds them to it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ingest.core.figures import scaled_pct
from ingest.rules.standings_values import Row
from ingest.site import i18n
from ingest.site.event_views import Links, ShownTiebreakers, StandingsView, computed_label, link, table_view
from ingest.summary.event_summary import EventSummary

CompactRow = list[Any]
"""``[rank, unit, points, W-L-D, tiebreakers...]``, and ``{"d": 1, "p": place}`` (each key
when it applies) at the end of a row of a player who dropped or was placed."""


@dataclass(frozen=True, slots=True)
class RoundStandings:
    """The standings after each round, as the rounds page carries them: each table's frame
    (its columns, the round, whether it is complete) as a view without rows, and the rows
    as data for the page's script (:func:`ingest.site.table_rows.rounds_data`)."""

    views: tuple[StandingsView, ...]
    units: tuple[tuple[str, str], ...]
    """Each unit (player or team) of the tables once: its name and its page."""
    tables: tuple[tuple[CompactRow, ...], ...]
    """Each table's rows (:data:`CompactRow`), ``unit`` an index into :attr:`units`. Shared
    by every page made from the view: read, never changed."""
    percent: bool = False
    """Every tiebreaker of every table is a percentage, written without its ``%`` sign."""
    cents: bool = False
    """Those percentages all have two decimals and are written in whole hundredths."""


def round_standings(report: EventSummary, names: Mapping[str, str], links: Links) -> RoundStandings:
    """The standings after each finished round of an event (:attr:`EventSummary.standings`), for
    its rounds page: the round being played has none until it is over (its results so far
    count nowhere, as on the event page)."""
    index: dict[str, int] = {}
    units: list[tuple[str, str]] = []
    tables = [table for table in report.standings if table.after_round != report.in_progress]
    shown = [ShownTiebreakers(table) for table in tables]
    for table in tables:
        for row in table.rows:
            if row.player not in index:
                index[row.player] = len(units)
                units.append((names.get(row.player, row.name), link(links, report, row.player)))
    views = tuple(table_view(report, table, s, ()) for table, s in zip(tables, shown, strict=True))
    straight = _straight(shown, index)
    if straight is not None:
        return RoundStandings(views, tuple(units), straight, percent=True, cents=True)
    written = [[_written_row(row, index, s) for row in table.rows] for table, s in zip(tables, shown, strict=True)]
    compact, percent, cents = compact_tables(written)
    return RoundStandings(views, tuple(units), tuple(map(tuple, compact)), percent=percent, cents=cents)


def _written_row(row: Row, index: Mapping[str, int], shown: ShownTiebreakers) -> tuple[Any, ...]:
    """A row as the page shows it: ``(rank, tied, unit, points, W-L-D, dropped, place, *tiebreakers)``."""
    place = computed_label(row.place) if row.place else ""
    record = row.record
    return (
        row.rank,
        int(row.shared),
        index[row.player],
        str(record.points),
        record.wld,
        int(row.dropped),
        place,
        *shown.cells(row),
    )


def _straight(shown: Sequence[ShownTiebreakers], index: Mapping[str, int]) -> tuple[tuple[CompactRow, ...], ...] | None:
    """The tables' compact rows made from the values themselves, when every tiebreaker is a
    percentage shown as :func:`~ingest.core.figures.pct_of` writes it (the site's default
    language) and every one is at least zero; else None (:func:`compact_tables` then)."""
    if i18n.active().code != i18n.DEFAULT or not any(s.tiebreakers and s.table.rows for s in shown):
        return None
    if not all(all(s.percent) for s in shown if s.table.rows):
        return None
    out = []
    for s in shown:
        rows = []
        for row in s.table.rows:
            breakers = _hundredths(s.fractions(row))
            if breakers is None:
                return None
            points: Any = row.record.points
            if type(points) is not int:
                text = str(points)
                points = int(text) if _INTEGER.fullmatch(text) else text
            values: CompactRow = [row.rank, index[row.player], points, row.record.wld, *breakers]
            place = computed_label(row.place) if row.place else ""
            if row.dropped or place:
                values.append({**({"d": 1} if row.dropped else {}), **({"p": place} if place else {})})
            rows.append(values)
        out.append(tuple(rows))
    return tuple(out)


def _hundredths(fractions: Sequence[tuple[int, int]]) -> list[int] | None:
    """Each ``numerator/denominator`` as whole hundredths of a percent, rounded half up: the
    digits of :func:`~ingest.core.figures.pct_of`'s text (``33.33%``: 3333); None when one is
    below zero or its denominator is not above zero (written as text, then compacted).

    >>> _hundredths([(1, 3), (2, 3), (1, 1), (0, 5)])
    [3333, 6667, 10000, 0]
    """
    out = []
    for n, d in fractions:
        if n < 0 or d <= 0:
            return None
        out.append(scaled_pct(n, d))
    return out


_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")


_HUNDREDTHS = re.compile(r"(?:(?:0|[1-9][0-9]*)\.[0-9]{2}%\n)*")
"""Percentages with two decimals, each followed by a line break: every tiebreaker of the
tables, joined, is matched at once (one match where there was one per value)."""


def compact_tables(tables: Sequence[Sequence[Sequence[Any]]]) -> tuple[list[list[CompactRow]], bool, bool]:
    """The standings rows as the page shows them, written as the rounds page's data writes
    them, each value once and no more: points that are a whole number as a number (``3``,
    not ``"3"``), and, when every tiebreaker of every table is a percentage (MTR's OMW%, GW%,
    OGW%), each without its ``%`` sign, which the page's script puts back (``percent``);
    percentages with two decimals are written as whole hundredths (``3300`` for ``33.00``;
    ``cents``), which the script writes with their two decimals again. A row is ``[rank,
    unit, points, W-L-D, tiebreakers...]``: a rank another row has is tied (the script marks
    it), and a row of a player who dropped or was placed ends with ``{"d": 1, "p": place}``.

    >>> compact_tables([[(1, 0, 0, "3", "1-0-0", 0, "", "33.00%", "100.00%")]])
    ([[[1, 0, 3, '1-0-0', 3300, 10000]]], True, True)
    >>> compact_tables([[(1, 0, 0, "1.5", "1-0-0", 1, "", "2", "33.00%")]])
    ([[[1, 0, '1.5', '1-0-0', '2', '33.00%', {'d': 1}]]], False, False)
    >>> compact_tables([[(1, 0, 0, "3", "1-0-0", 0, "Top 8", "33.0%")]])
    ([[[1, 0, 3, '1-0-0', '33.0', {'p': 'Top 8'}]]], True, False)
    """
    tiebreakers = [v for rows in tables for row in rows for v in row[7:]]
    percent = bool(tiebreakers) and all(isinstance(v, str) and v.endswith("%") for v in tiebreakers)
    joined = "\n".join(tiebreakers) + "\n" if percent else ""
    # (a value holding a line break would join as two: the count of breaks rules that out)
    cents = percent and joined.count("\n") == len(tiebreakers) and _HUNDREDTHS.fullmatch(joined) is not None
    out = []
    for rows in tables:
        compact = []
        for rank, _tied, unit, points, wld, dropped, place, *breakers in rows:
            if isinstance(points, str) and _INTEGER.fullmatch(points):
                points = int(points)
            if cents:
                breakers = [int(v[:-1].replace(".", "")) for v in breakers]
            elif percent:
                breakers = [v[:-1] for v in breakers]
            values = [rank, unit, points, wld, *breakers]
            if dropped or place:
                values.append({**({"d": 1} if dropped else {}), **({"p": place} if place else {})})
            compact.append(values)
        out.append(compact)
    return out, percent, cents
