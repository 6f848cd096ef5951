"""What a pass over many event files looks up once (ingest.checks.event_files.event_data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.checks.event_files import event_data, load_event
from ingest.source.project import Project, shipped
from tests.builders import run_ok

NEW = ("new", "--name", "FNM 1", "--date", "2026-11-20", "--game", "mtg", "--format", "modern")
EVENT = "events/2026/2026-11-20-fnm-1.yaml"


def test_the_event_schema_is_found_once_for_a_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_ok(tmp_path, *NEW)
    project = Project(tmp_path)
    data = event_data(project)
    assert data.event_schema == shipped("schema") / "event.schema.json"

    def not_again(self: Project, name: str) -> Path:
        raise AssertionError(f"looked for the {name} schema again")

    monkeypatch.setattr(Project, "schema", not_again)
    loaded = load_event(tmp_path / EVENT, project, None, data)
    assert loaded.event is not None and [d.code for d in loaded.diagnostics] == ["no-players"]


def test_the_project_s_own_event_schema_is_the_one_found(tmp_path: Path) -> None:
    run_ok(tmp_path, *NEW)
    own = json.loads((shipped("schema") / "event.schema.json").read_text(encoding="utf-8"))
    own["required"] = [*own["required"], "organizer"]  # a community's own rule
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "event.schema.json").write_text(json.dumps(own), encoding="utf-8")
    project = Project(tmp_path)
    data = event_data(project)
    assert data.event_schema == tmp_path / "schema" / "event.schema.json"
    loaded = load_event(tmp_path / EVENT, project, None, data)
    assert [d.code for d in loaded.diagnostics if d.is_error] == ["schema"]
    assert "organizer" in loaded.diagnostics[0].message
