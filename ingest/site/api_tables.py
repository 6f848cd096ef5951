"""The analysts' tables as files: CSV (the standard library's ``csv`` module: quoting, UTF-8;
for spreadsheets, with a byte-order mark and no text cell that a spreadsheet would run as a
formula) and the same rows in the JSON API
(``schema/api-tables.schema.json``).

Per event, beside its API document: ``api/events/<slug>/matches.csv``, ``standings.csv``,
``cards.csv`` and ``tables.json`` (matches and standings). For the archive:
``api/tables/matches.csv``, ``standings.csv``, ``cards.csv`` and ``tables.json``. Decklists
live in one JSON document per event (the MTGODecklistCache copy for Magic, the API document
otherwise), so the cards are a CSV table only.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

from ingest.analytics.tables import CARD_COLUMNS, MATCH_COLUMNS, STANDINGS_COLUMNS, Tables, Value, as_objects
from ingest.site.page import Files

BOM = "\ufeff"

TABLES_DIR = "api/tables/"
"""Where the archive's tables go."""


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with one of these as a formula (CSV injection)."""


def _spreadsheet_safe(value: Value) -> Value:
    """Text a spreadsheet would run as a formula, with an apostrophe in front (it shows as text)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(columns: tuple[str, ...], rows: Iterable[tuple[Value, ...]], *, bom: bool = False) -> str:
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


def tables_json(t: Tables) -> str:
    """The match and standings tables as one JSON document."""
    doc = {
        "api_version": 1,
        "matches": as_objects(MATCH_COLUMNS, t.matches),
        "standings": as_objects(STANDINGS_COLUMNS, t.standings),
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"


def table_files(folder: str, t: Tables, *, bom: bool = False) -> Files:
    """The tables under ``folder`` (ending in ``/``): three CSV files and ``tables.json``."""
    return {
        folder + "matches.csv": csv_text(MATCH_COLUMNS, t.matches, bom=bom),
        folder + "standings.csv": csv_text(STANDINGS_COLUMNS, t.standings, bom=bom),
        folder + "cards.csv": csv_text(CARD_COLUMNS, t.cards, bom=bom),
        folder + "tables.json": tables_json(t),
    }


def joined_csv(texts: Iterable[str], columns: tuple[str, ...]) -> str:
    """Many events' CSV files (as :func:`csv_text` wrote them) as one: one header, then each
    file's rows (cheap: the rows are not parsed again)."""
    header = csv_text(columns, ())
    return header + "".join(t[len(header) :] for t in texts)
