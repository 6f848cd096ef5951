"""An event's API document names each player by id once (API version 6): elsewhere by their
place in ``players``, read back as the page's script reads it (``withIds``)."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import jsonschema
import pytest

from ingest.api import Project, compute_summary, load_event
from ingest.core.model import Event
from ingest.site.api import event_document, event_file
from ingest.summary.event_summary import EventSummary
from tests.builders import ROOT
from tests.site_helpers import read_event_document

SAMPLES = sorted((ROOT / "events").rglob("*.yaml"))


def _report(path: Path) -> EventSummary:
    loaded = load_event(path, Project(ROOT))
    assert isinstance(loaded.event, Event), [d.render() for d in loaded.diagnostics]
    return compute_summary(loaded.event, loaded.deck_files, today=dt.date(2026, 12, 31))


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_published_document_read_back_is_the_event_document(path: Path) -> None:
    """Each sample event (individual, team, Wheel of Time, with decklists or not): the
    published document, valid against its schema and read as a program reads it (its tables
    as objects, each place in ``players`` as that player's id), says what the document made
    from the event says, item for item."""
    report = _report(path)
    _, text = event_file(report)
    published = json.loads(text)
    jsonschema.validate(published, json.loads((ROOT / "schema" / "api-event.schema.json").read_text(encoding="utf-8")))
    read = read_event_document(text)
    made = json.loads(json.dumps(event_document(report)))  # (tuples as lists)
    for key in ("players", "final"):
        made[key] = [{k: v for k, v in item.items() if v is not None} for item in made[key]]
    for stage in ("rounds", "playoff"):
        made[stage] = [
            {**rnd, "matches": [{k: v for k, v in m.items() if v is not None} for m in rnd["matches"]]}
            for rnd in made[stage]
        ]
    if "decklists" in made:  # (a table's null is an item left out: a deck not checked)
        made["decklists"] = {pid: {k: v for k, v in d.items() if v is not None} for pid, d in made["decklists"].items()}
    if "wot_standings" in made:
        made["wot_standings"] = [
            [{k: v for k, v in r.items() if k != "tbp"} for r in after] for after in made["wot_standings"]
        ]
    assert read == made


def test_an_individual_events_document_writes_each_player_id_once() -> None:
    """The Modern sample (32 players, rounds, a top cut, public decklists): each player's id
    is in the document's text once, under ``players`` (it was in every match, standings row
    and deck), and the matches, the standings and the decks name them by place."""
    report = _report(ROOT / "events" / "2026" / "2026-11-13-friday-night-modern.yaml")
    _, text = event_file(report)
    doc = json.loads(text)
    ids = [row[doc["players"]["columns"].index("id")] for row in doc["players"]["rows"]]
    assert len(ids) >= 8
    for pid in ids:
        assert len(re.findall(f'"{re.escape(pid)}"', text)) == 1, pid
    column = doc["rounds"][0]["matches"]["columns"].index("players")
    assert all(isinstance(p, int) for row in doc["rounds"][0]["matches"]["rows"] for p in row[column] or [])
    assert {type(row[doc["final"]["columns"].index("player")]) for row in doc["final"]["rows"]} == {int}
    places = [row[doc["decklists"]["columns"].index("player")] for row in doc["decklists"]["rows"]]
    assert places == sorted(places) and set(places) <= set(range(len(ids)))
