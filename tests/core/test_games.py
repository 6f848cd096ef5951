"""The games table is the one list of games: the schemas and formats/ agree with it."""

from __future__ import annotations

import json
from typing import Any

import yaml

from ingest.core.games import DEFAULT_RULES, GAMES, TABLE
from ingest.core.rulesets import RULESETS
from ingest.core.rulesets.registry import SHIPPED
from tests.builders import ROOT


def schema(name: str) -> Any:
    return json.loads((ROOT / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))


def test_every_schema_names_exactly_the_games_of_the_table() -> None:
    ids = [g.id for g in TABLE]
    assert schema("event")["properties"]["game"]["enum"] == ids
    assert schema("format")["properties"]["game"]["enum"] == ids
    assert schema("archetypes")["properties"]["game"]["enum"] == ids


def _marked(node: Any, source: str) -> list[list[str]]:
    """The enums of a schema that take their values from ``source`` (``x-enum-from``)."""
    if isinstance(node, list):
        return [e for item in node for e in _marked(item, source)]
    if not isinstance(node, dict):
        return []
    found = [node["enum"]] if node.get("x-enum-from") == source else []
    return found + [e for value in node.values() for e in _marked(value, source)]


def test_every_enum_of_games_lists_the_shipped_games_for_editors() -> None:
    """The loaded schemas take every game of the table (a registered one too); the files list
    the shipped games, which editors complete from."""
    ids = [g.id for g in TABLE]
    enums = {name: _marked(schema(name), "games") for name in ("event", "format", "archetypes", "season")}
    counts = {name: len(found) for name, found in enums.items()}
    assert counts == {"event": 1, "format": 1, "archetypes": 1, "season": 2}
    assert all(found == ids for lists in enums.values() for found in lists)


def test_the_event_schema_describes_every_game_by_its_name() -> None:
    description = schema("event")["properties"]["game"]["description"]
    for game in TABLE:
        assert f"{game.id} ({game.name})" in description


def test_every_game_has_its_format_file_and_nothing_else_does() -> None:
    files = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in (ROOT / "formats").glob("*.yaml")}
    assert set(files) == set(GAMES)
    assert all(doc["game"] == stem for stem, doc in files.items())


def test_the_event_schema_lists_the_format_ids_of_formats_files() -> None:
    """Format ids live in formats/<game>.yaml; the event schema repeats them for editors'
    completion, plus ``other`` for a format Scorekeeper does not know."""
    ids: set[str] = {"other"}
    for path in (ROOT / "formats").glob("*.yaml"):
        ids |= set(yaml.safe_load(path.read_text(encoding="utf-8"))["formats"])
    assert set(schema("event")["properties"]["format"]["enum"]) == ids
    assert _marked(schema("event"), "formats") == [schema("event")["properties"]["format"]["enum"]]


def test_every_default_ruleset_exists() -> None:
    assert set(DEFAULT_RULES.values()) <= set(RULESETS)


def test_the_event_schemas_rules_lists_the_shipped_rulesets_for_editors() -> None:
    """The loaded schema takes every ruleset of the registry (a registered one too); the file
    lists the shipped ones, which editors complete from."""
    assert _marked(schema("event"), "rules") == [[r.id for r in SHIPPED]]
