"""The schemas' addresses are real: every ``$id`` is under the project's canonical home (declared
in ``pyproject.toml``), every build publishes the schemas under ``schema/`` so an address
resolves on whichever site published them, the editor hint ``new`` and ``import`` write works
without a ``schema/`` folder in the project, and nothing in validation reaches the network."""

from __future__ import annotations

import json
import socket
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ingest import HOME
from ingest.publish.schemas import schema_names
from ingest.source.project import Project, shipped
from ingest.source.validation import load_schema
from tests.builders import ROOT, run_cli, run_ok

NEW = ("new", "--name", "FNM 1", "--date", "2026-11-20", "--game", "mtg", "--format", "modern")
EVENT = "events/2026/2026-11-20-fnm-1.yaml"


def test_every_schema_s_id_is_its_address_under_the_declared_home() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls["Homepage"] == HOME
    files = sorted((ROOT / "schema").glob("*.schema.json"))
    assert len(files) >= 16
    for path in files:
        assert json.loads(path.read_text(encoding="utf-8"))["$id"] == f"{HOME}schema/{path.name}", path.name


def _first_line(root: Path, path: str = EVENT) -> str:
    return (root / path).read_text(encoding="utf-8").splitlines()[0]


def test_new_in_a_project_without_schemas_points_the_editor_at_the_published_schema(tmp_path: Path) -> None:
    run_ok(tmp_path, *NEW)
    assert _first_line(tmp_path) == f"# yaml-language-server: $schema={HOME}schema/event.schema.json"


def test_the_hint_points_at_the_project_s_own_site_when_mkdocs_yml_gives_it(tmp_path: Path) -> None:
    config = shipped("mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config + "site_url: https://club.example/results/\n", encoding="utf-8")
    run_ok(tmp_path, *NEW)
    assert (
        _first_line(tmp_path) == "# yaml-language-server: $schema=https://club.example/results/schema/event.schema.json"
    )


def test_a_project_with_its_own_schema_keeps_the_relative_hint(tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    for path in shipped("schema").glob("*.json"):
        (tmp_path / "schema" / path.name).write_bytes(path.read_bytes())
    run_ok(tmp_path, *NEW)
    assert _first_line(tmp_path) == "# yaml-language-server: $schema=../../schema/event.schema.json"


def test_the_site_publishes_the_schemas_the_project_validates_with(tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    for path in shipped("schema").glob("*.json"):
        (tmp_path / "schema" / path.name).write_bytes(path.read_bytes())
    own = json.loads(shipped("schema").joinpath("players.schema.json").read_text(encoding="utf-8"))
    own["description"] = "Our club's players"
    (tmp_path / "schema" / "players.schema.json").write_text(json.dumps(own), encoding="utf-8")
    (tmp_path / "events").mkdir()
    run_ok(tmp_path, "build", "--docs-only", "--today", "2026-11-20")
    docs = tmp_path / "build" / "docs" / "schema"
    published = sorted(p.name for p in docs.iterdir())
    assert published == sorted(f"{name}.schema.json" for name in schema_names(Project(tmp_path)))
    assert "event.schema.json" in published and "api-event-mtgo.schema.json" in published
    assert (docs / "event.schema.json").read_bytes() == (shipped("schema") / "event.schema.json").read_bytes()
    assert json.loads((docs / "players.schema.json").read_text(encoding="utf-8"))["description"] == "Our club's players"


def test_a_schema_linked_from_outside_the_project_is_not_published(tmp_path: Path) -> None:
    outside = tmp_path / "outside.schema.json"
    outside.write_text('{"secret": "not for the site"}', encoding="utf-8")
    root = tmp_path / "club"
    (root / "schema").mkdir(parents=True)
    (root / "events").mkdir()
    for path in shipped("schema").glob("*.json"):
        (root / "schema" / path.name).write_bytes(path.read_bytes())
    (root / "schema" / "cli-pair.schema.json").unlink()
    (root / "schema" / "cli-pair.schema.json").symlink_to(outside)
    code, out = run_cli(root, "build", "--docs-only", "--today", "2026-11-20")
    assert code == 1 and "schema/cli-pair.schema.json" in out, out
    assert not any(
        "not for the site" in p.read_text(errors="replace") for p in (root / "build").rglob("*.json") if p.is_file()
    )


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """No connection and no name lookup: whatever tries one fails the test."""

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("validation tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.mark.usefixtures("offline")
def test_schemas_load_and_validate_offline_with_their_ids_as_addresses(tmp_path: Path) -> None:
    for path in sorted(shipped("schema").glob("*.schema.json")):
        schema = load_schema(path)
        assert schema.verdict.is_valid({}) in (True, False)  # compiled without fetching its $id
    run_ok(tmp_path, *NEW)
    out = run_ok(tmp_path, "validate")
    assert out.endswith("checked 1 event file: 1 warning\n") and "no players yet" in out, out
