"""The analysts' tables as CSV: through the standard library's ``csv`` module (quoting,
UTF-8; for spreadsheets, with a byte-order mark and no text cell that a spreadsheet would run
as a formula), as ``scorekeeper export --csv`` writes them (:mod:`ingest.cli.export`).

Each fact is published once (issue 38): an event's matches and standings are in its API
document (``api/events/<slug>.json``), whose ``tables`` says how its tidy tables are made
from it, and the event page's links make ``matches.csv`` and ``standings.csv`` from it on the
reader's phone, as :func:`csv_text` writes them (``scorekeeper.js``, ``analystsTables``). The
build publishes them no more as files beside the document: they repeated its rounds and
standings with every player's name and archetype again in each row (9.5 KB of a 32-player
event's 15 KB of rows and standings). Their columns and types are in the document's schema
(``schema/api-event.schema.json``, ``$defs/matches_csv`` and ``$defs/standings_csv``);
``export`` writes every table of any range, the decklists' card rows included.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from ingest.analytics.tables import Value

BOM = "\ufeff"

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
