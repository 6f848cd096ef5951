"""The analysts' tables as files: CSV through the standard library's ``csv`` module (quoting,
UTF-8; for spreadsheets, with a byte-order mark and no text cell that a spreadsheet would run
as a formula), referred to by the JSON API.

The build publishes each event's rows once, beside its API document:
``api/events/<slug>/matches.csv`` and ``standings.csv``, without the columns that name the
event (the file does); the event's API document names them under ``tables``, and its schema
(``schema/api-event.schema.json``, ``$defs/matches_csv`` and ``$defs/standings_csv``) gives
each column and its type. (They were also in the document as JSON rows: the same facts as
its ``rounds`` and ``final``, and a third of it.) ``api/tables.json`` lists every event's
files with the event's date, game and format (``schema/api-tables.schema.json``), which is
the archive's table.
Decklists live in one document per event (the MTGODecklistCache copy for Magic, the API
document otherwise), and a site of 10,000 events stays under GitHub Pages' 1 GB, so the
card rows are not published again: ``scorekeeper export --csv`` writes them, with every
table of any range in one file each (:mod:`ingest.cli.export`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ingest.analytics.tables import (
    EVENT_COLUMNS,
    MATCH_COLUMNS,
    STANDINGS_COLUMNS,
    Tables,
    Value,
)
from ingest.site.page import Files

BOM = "\ufeff"

INDEX = "api/tables.json"
"""The archive's list of every event's tables."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with one of these as a formula (CSV injection)."""


def _spreadsheet_safe(value: Value) -> Value:
    """Text a spreadsheet would run as a formula, with an apostrophe in front (it shows as text)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Value]], *, bom: bool = False) -> str:
    """A CSV table with its header row (``\\r\\n`` line ends, as RFC 4180 and spreadsheets expect).

    >>> csv_text(("a", "b"), [("x, y", None), ('a "b" c', 3)])
    'a,b\\r\\n"x, y",\\r\\n"a ""b"" c",3\\r\\n'
    """
    out = io.StringIO()
    if bom:
        out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    if bom:  # for spreadsheets: no name from a file becomes a formula there
        rows = (tuple(_spreadsheet_safe(v) for v in row) for row in rows)
    writer.writerows(["" if v is None else v for v in row] for row in rows)
    return out.getvalue()


def _own(rows: Iterable[tuple[Value, ...]]) -> list[tuple[Value, ...]]:
    """Rows without the columns that name the event."""
    return [row[EVENT_COLUMNS:] for row in rows]


def tables_document(slug: str) -> dict[str, str]:
    """Where an event's API document finds its tables: the CSV files beside it, relative to
    it. The rows are published once, as CSV; their columns and types are in the document's
    schema (``$defs/matches_csv``, ``$defs/standings_csv``), and the same facts as JSON are
    the document's rounds and standings."""
    return {"matches": f"{slug}/matches.csv", "standings": f"{slug}/standings.csv"}


def event_table_files(slug: str, t: Tables) -> Files:
    """One event's tables as CSV, beside its API document."""
    folder = f"api/events/{slug}/"
    return {
        folder + "matches.csv": csv_text(MATCH_COLUMNS[EVENT_COLUMNS:], _own(t.matches)),
        folder + "standings.csv": csv_text(STANDINGS_COLUMNS[EVENT_COLUMNS:], _own(t.standings)),
    }


def tables_index(events: Iterable[Mapping[str, Any]]) -> Files:
    """``api/tables.json``: every event (``slug``, ``date``, ``game``, ``format``) with its tables' files
    and the API document holding them as JSON."""
    doc = {
        "api_version": 1,
        "columns": {"matches": list(MATCH_COLUMNS), "standings": list(STANDINGS_COLUMNS)},
        "events": [
            {
                **{k: e[k] for k in ("slug", "date", "game", "format")},
                "matches": f"api/events/{e['slug']}/matches.csv",
                "standings": f"api/events/{e['slug']}/standings.csv",
                "document": f"api/events/{e['slug']}.json",
            }
            for e in events
        ],
    }
    return {INDEX: json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"}
