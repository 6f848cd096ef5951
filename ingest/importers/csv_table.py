"""A CSV file read into rows of cells with their positions (:class:`CsvTable`), and the
words a spreadsheet writes results in (:data:`RESULT_WORDS`): what every family's rows
are read from (:mod:`ingest.importers.csv_results`)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.importers.tournament import clean_text
from ingest.source.storage import decode_utf8

RESULT_WORDS = {
    "win": "win",
    "won": "win",
    "w": "win",
    "loss": "loss",
    "lost": "loss",
    "l": "loss",
    "draw": "draw",
    "drew": "draw",
    "d": "draw",
    "tie": "tie",
    "bye": "bye",
    "double loss": "double-loss",
    "double-loss": "double-loss",
    "both-lose": "both-lose",
    "both lose": "both-lose",
}
"""A result cell's words, each as the word it means."""


@dataclass(frozen=True, slots=True)
class Cell:
    """A value and where it is."""

    text: str
    pos: SourcePos


class CsvTable:
    """One CSV file read into rows of cells, with the problems found."""

    def __init__(self, raw: bytes, shown: str, columns: tuple[str, ...], required: tuple[str, ...]) -> None:
        self.shown = shown
        self.problems: list[Diagnostic] = []
        self.rows: list[dict[str, Cell]] = []
        self.line_of_row: list[int] = []
        text, problems = decode_utf8(raw, shown)
        if text is None:
            self.problems += problems
            return
        text = text.removeprefix("\ufeff")
        if not text.strip():
            self.problems.append(error("import", "the file is empty", SourcePos(shown, 1, 1), header_hint(columns)))
            return
        first = text.splitlines()[0] if text.splitlines() else ""
        delimiter = max(",;\t", key=first.count)
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
        try:
            header = next(reader)
        except csv.Error as exc:
            self.problems.append(error("import", f"the header row is not CSV: {exc}", SourcePos(shown, 1, 1)))
            return
        names = [h.strip().lower().replace(" ", "_") for h in header]
        for i, name in enumerate(names):
            if name not in columns:
                self.problems.append(
                    error(
                        "import",
                        f'column {i + 1} is named "{clean_text(header[i], 40)}", which is not a column of this file',
                        SourcePos(shown, 1, i + 1),
                        header_hint(columns),
                    )
                )
            elif names.index(name) != i:
                self.problems.append(
                    error("import", f'column "{name}" appears twice', SourcePos(shown, 1, i + 1), "keep one of them")
                )
        for need in required:
            if need not in names:
                self.problems.append(
                    error("import", f'the header has no "{need}" column', SourcePos(shown, 1, 1), header_hint(columns))
                )
        if self.problems:
            return
        start = reader.line_num + 1
        while True:
            try:
                values = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                self.problems.append(error("import", f"this row is not CSV: {exc}", SourcePos(shown, start, 1)))
                return
            line = start
            start = reader.line_num + 1
            if not any(v.strip() for v in values):
                continue
            if len(values) > len(names):
                self.problems.append(
                    error(
                        "import",
                        f"row has {len(values)} values but the header has {len(names)} columns",
                        SourcePos(shown, line, len(names) + 1),
                        "remove the extra values, or quote a value that holds the delimiter",
                    )
                )
                continue
            row = {
                name: Cell(values[i].strip() if i < len(values) else "", SourcePos(shown, line, i + 1))
                for i, name in enumerate(names)
            }
            self.rows.append(row)
            self.line_of_row.append(line)

    def err(self, cell: Cell, column: str, message: str, hint: str = "") -> None:
        where = f"row {cell.pos.line}, column {cell.pos.col} ({column})"
        self.problems.append(error("import", f"{where}: {message}", cell.pos, hint))


def header_hint(columns: tuple[str, ...]) -> str:
    return "the header names the columns: " + ", ".join(columns)
