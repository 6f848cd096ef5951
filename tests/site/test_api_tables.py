"""The analysts' tables as CSV, as the build writes them: each event's rows once, as CSV,
named under ``tables`` in its API document (whose schema gives their columns), the
archive's list of them (schema/api-tables.schema.json), each entry once, and only what may
be published (no archetype of a list not public yet; a hidden player as "Player N")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from ingest.publish.run import build_site
from ingest.site.api_tables import csv_text
from tests.builders import ROOT
from tests.site_helpers import MODERN, TODAY, make_project, sample_event_and_decks


def _schema(name: str) -> Draft202012Validator:
    doc = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    return Draft202012Validator(doc, format_checker=FormatChecker())


def _csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tables")
    project = make_project(root)
    # Kenji Quist chose to be hidden.
    players = root / "players.yaml"
    players.write_text(
        players.read_text(encoding="utf-8").replace(
            "{id: kenji-quist, name: Kenji Quist}", "{id: kenji-quist, name: Kenji Quist, display: hidden}"
        ),
        encoding="utf-8",
    )
    build_site(project, today=TODAY, docs_only=True)
    return root / "build" / "docs"


def test_every_tables_document_passes_its_schema(docs: Path) -> None:
    index = json.loads((docs / "api" / "tables.json").read_text(encoding="utf-8"))
    assert list(_schema("api-tables.schema.json").iter_errors(index)) == []
    assert len(index["events"]) == len(list((ROOT / "events").rglob("*.yaml")))
    each = _schema("api-event.schema.json")
    for e in index["events"]:
        doc = json.loads((docs / e["document"]).read_text(encoding="utf-8"))
        assert [x.message for x in each.iter_errors(doc)] == [], e["slug"]
        assert doc["slug"] == e["slug"] and "tables" in doc
        assert (docs / e["matches"]).is_file() and (docs / e["standings"]).is_file()


def _value(text: str) -> object:
    """A CSV cell as a JSON value (``$defs/matches_csv``): empty is null, a whole number an integer."""
    if text == "":
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def test_the_document_refers_to_the_csv_rows_each_entry_there_once(docs: Path) -> None:
    """Issue 38 point 4: the tables are published once, as CSV; the API document names the
    files (relative to it) and its schema gives their header and each row's types."""
    doc = json.loads((docs / f"api/events/{MODERN}.json").read_text(encoding="utf-8"))
    assert doc["tables"] == {"matches": f"{MODERN}/matches.csv", "standings": f"{MODERN}/standings.csv"}
    schema = json.loads((ROOT / "schema" / "api-event.schema.json").read_text(encoding="utf-8"))["$defs"]
    counts = {}
    for name in ("matches", "standings"):
        text = (docs / "api" / "events" / doc["tables"][name]).read_text(encoding="utf-8")
        header, *rows = list(csv.reader(io.StringIO(text, newline="")))
        shape = schema[f"{name}_csv"]["properties"]
        assert header == shape["columns"]["const"]
        row = Draft202012Validator(shape["row"])
        assert [e.message for r in rows for e in row.iter_errors([_value(c) for c in r])] == []
        counts[name] = len(rows)
    event, _ = sample_event_and_decks(MODERN)
    assert counts["matches"] == sum(len(r.matches) for r in (*event.rounds, *event.playoff))
    assert counts["standings"] == len(event.players)


def test_only_what_may_be_published(docs: Path) -> None:
    # The Pioneer weekly is being played and its lists are published after the event.
    pioneer = _csv(docs / "api/events/2026-11-20-pioneer-weekly/matches.csv")
    assert pioneer and all(m["archetype"] == "" and m["opponent_archetype"] in ("", None) for m in pioneer)
    modern = (docs / f"api/events/{MODERN}/matches.csv").read_text(encoding="utf-8")
    every = "".join(p.read_text(encoding="utf-8") for p in (docs / "api").rglob("*.csv"))
    assert "Kenji Quist" not in every and "kenji-quist" not in every
    assert "Player " in modern  # counted, under their number
    assert not list((docs / "api").rglob("cards.csv"))  # the decklists are published once, elsewhere


def test_text_is_quoted_never_structure() -> None:
    text = csv_text(("name", "n"), [('Ann, "the" =SUM(A1)\nNext', 1)])
    assert list(csv.reader(io.StringIO(text, newline=""))) == [["name", "n"], ['Ann, "the" =SUM(A1)\nNext', "1"]]
    # For spreadsheets (--bom), a cell that would be a formula stays text.
    sheet = csv_text(("name", "n"), [("=HYPERLINK(1)", -1), ("@x", 2), ("Ann", 3)], bom=True)
    assert list(csv.reader(io.StringIO(sheet.removeprefix("\ufeff"), newline=""))) == [
        ["name", "n"],
        ["'=HYPERLINK(1)", "-1"],
        ["'@x", "2"],
        ["Ann", "3"],
    ]
