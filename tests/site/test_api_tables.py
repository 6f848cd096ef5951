"""The analysts' tables in the JSON API and as CSV, per event and archive-wide, as the build
writes them: valid against schema/api-tables.schema.json, each entry once, and only what may
be published (no archetype or card of a private list; a hidden player as "Player N")."""

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

SCHEMA = Draft202012Validator(
    json.loads((ROOT / "schema" / "api-tables.schema.json").read_text(encoding="utf-8")),
    format_checker=FormatChecker(),
)


def _csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tables")
    project = make_project(root)
    # Kenji Quist chose to be hidden; the Pioneer weekly's lists became private.
    players = root / "players.yaml"
    players.write_text(
        players.read_text(encoding="utf-8").replace(
            "{id: kenji-quist, name: Kenji Quist}", "{id: kenji-quist, name: Kenji Quist, display: hidden}"
        ),
        encoding="utf-8",
    )
    pioneer = next((root / "events").rglob("2026-11-20-pioneer-weekly.yaml"))
    pioneer.write_text(
        pioneer.read_text(encoding="utf-8").replace("decklists: after-event", "decklists: private"), encoding="utf-8"
    )
    build_site(project, today=TODAY, docs_only=True)
    return root / "build" / "docs"


def test_every_tables_document_passes_the_schema(docs: Path) -> None:
    found = [docs / "api" / "tables" / "tables.json", *sorted((docs / "api" / "events").glob("*/tables.json"))]
    assert len(found) == 1 + len(list((ROOT / "events").rglob("*.yaml")))
    for path in found:
        errors = [e.message for e in SCHEMA.iter_errors(json.loads(path.read_text(encoding="utf-8")))]
        assert errors == [], path


def test_the_archive_s_tables_are_the_events_one_after_another(docs: Path) -> None:
    archive = json.loads((docs / "api" / "tables" / "tables.json").read_text(encoding="utf-8"))
    per_event = [json.loads(p.read_text(encoding="utf-8")) for p in (docs / "api" / "events").glob("*/tables.json")]
    assert len(archive["matches"]) == sum(len(d["matches"]) for d in per_event)
    assert len(archive["standings"]) == sum(len(d["standings"]) for d in per_event)
    assert _csv(docs / "api" / "tables" / "matches.csv") == [
        {k: "" if v is None else str(v) for k, v in row.items()} for row in archive["matches"]
    ]
    cards = _csv(docs / "api" / "tables" / "cards.csv")
    assert len(cards) == sum(len(_csv(p)) for p in (docs / "api" / "events").glob("*/cards.csv"))
    event, _ = sample_event_and_decks(MODERN)
    entries = sum(len(r.matches) for r in (*event.rounds, *event.playoff))
    assert sum(1 for m in archive["matches"] if m["event"] == MODERN) == entries


def test_only_what_may_be_published(docs: Path) -> None:
    pioneer = json.loads((docs / "api/events/2026-11-20-pioneer-weekly/tables.json").read_text(encoding="utf-8"))
    assert pioneer["matches"] and all(m["archetype"] == "" for m in pioneer["matches"])
    assert _csv(docs / "api/events/2026-11-20-pioneer-weekly/cards.csv") == []
    modern = (docs / f"api/events/{MODERN}/matches.csv").read_text(encoding="utf-8")
    cards = (docs / f"api/events/{MODERN}/cards.csv").read_text(encoding="utf-8")
    every = "".join(p.read_text(encoding="utf-8") for p in (docs / "api").rglob("*.csv"))
    assert "Kenji Quist" not in every and "kenji-quist" not in every
    assert "Player " in modern and "Player " in cards  # counted, under their number


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
