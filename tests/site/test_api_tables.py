"""The analysts' tables: made from each event's API document (each fact once; its ``tables``
says how, its schema gives their columns), never published again beside it, written as CSV
as the standard library quotes it, and only what may be published (no archetype of a list
not public yet; a hidden player as "Player N")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from ingest.analytics.tables import EVENT_COLUMNS
from ingest.publish.run import build_site
from ingest.site.api_tables import csv_text
from tests.builders import ROOT
from tests.site_helpers import MODERN, TODAY, make_project, read_event_document


def _schema(name: str) -> Draft202012Validator:
    doc = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    return Draft202012Validator(doc, format_checker=FormatChecker())


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


def test_the_tables_are_made_from_each_events_document_not_published_again(docs: Path) -> None:
    """Issue 38 point 4: each fact once. The build writes no CSV beside an event's API document
    nor ``api/tables.json``: the document says how its tidy tables are made from it
    (``tables``: ``players`` for an individual event, ``teams`` for a team event, none for
    Wheel of Time), which the event page's links do on the phone
    (``tests/site/test_browser_tables.py``) and ``scorekeeper export --csv`` writes."""
    assert not list((docs / "api").rglob("*.csv")) and not (docs / "api" / "tables.json").exists()
    each = _schema("api-event.schema.json")
    kinds = {}
    for path in sorted((docs / "api" / "events").glob("*.json")):
        if path.name.endswith(".mtgo.json"):
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert [x.message for x in each.iter_errors(doc)] == [], path.name
        kinds[path.stem] = doc.get("tables")
    assert len(kinds) == len(list((ROOT / "events").rglob("*.yaml")))
    assert kinds.pop("2026-08-15-wheel-of-time-sealed") is None
    assert kinds.pop("2026-10-10-team-unified-standard") == "teams"
    assert set(kinds.values()) == {"players"}
    team = read_event_document((docs / "api/events/2026-10-10-team-unified-standard.json").read_text(encoding="utf-8"))
    seats = [m["seats"] for r in team["rounds"] for m in r["matches"] if "seats" in m]
    assert seats and all(len(s) == 3 for s in seats)  # each seat's games: the seat matches' rows


def _value(text: str) -> object:
    """A CSV cell as a JSON value (``$defs/matches_csv``): empty is null, a whole number an integer."""
    if text == "":
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def test_the_schema_gives_the_columns_export_writes(docs: Path, tmp_path: Path) -> None:
    """The document's schema gives the tables' header and each row's types
    (``$defs/matches_csv``, ``$defs/standings_csv``), as ``scorekeeper export --csv`` writes them."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    root = docs.parent.parent
    result = CliRunner().invoke(main, ["--root", str(root), "export", "--csv", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    schema = json.loads((ROOT / "schema" / "api-event.schema.json").read_text(encoding="utf-8"))["$defs"]
    for name in ("matches", "standings"):
        text = (tmp_path / "out" / f"{name}.csv").read_bytes().decode("utf-8")
        header, *rows = list(csv.reader(io.StringIO(text, newline="")))
        shape = schema[f"{name}_csv"]["properties"]
        assert header[EVENT_COLUMNS:] == shape["columns"]["const"]
        row = Draft202012Validator(shape["row"])
        mine = [r[EVENT_COLUMNS:] for r in rows if r[0] == MODERN]
        assert mine and [e.message for r in mine for e in row.iter_errors([_value(c) for c in r])] == []


def test_only_what_may_be_published(docs: Path) -> None:
    # The Pioneer weekly is being played and its lists are published after the event.
    pioneer = read_event_document((docs / "api/events/2026-11-20-pioneer-weekly.json").read_text(encoding="utf-8"))
    assert pioneer["players"] and not [p for p in pioneer["players"] if "archetype" in p]
    every = "".join(p.read_text(encoding="utf-8") for p in (docs / "api" / "events").glob("*.json"))
    assert "Kenji Quist" not in every and "kenji-quist" not in every
    modern = read_event_document((docs / f"api/events/{MODERN}.json").read_text(encoding="utf-8"))
    assert any(p["name"].startswith("Player ") for p in modern["players"])  # counted, under their number


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
