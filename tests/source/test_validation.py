"""The schema validator is jsonschema's Draft 2020-12 validator, with one difference.

A pattern's ``$`` means the end of the text (JSON Schema's ECMA-262 meaning), not "before a
final line feed" as in Python's ``re``. Everything else (every error, its order, paths,
schema paths and sub-errors) is jsonschema's own: no keyword is re-implemented here.

The verdict comes from jsonschema-rs first (:class:`~ingest.source.validation.Schema`): it
must accept exactly the documents ours accepts, on every file and mutation below.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from ingest.core.errors import IngestError
from ingest.source.validation import Schema, SchemaValidator, _inline_refs, check_document, load_schema
from ingest.source.yamldoc import parse_yaml
from tests.builders import DATA, ROOT, paths_of


@cache
def validators(name: str) -> tuple[Any, Any]:
    """The stock validator and ours over the same (inlined) schema."""
    schema = json.loads((ROOT / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))
    inlined = _inline_refs(schema, schema)
    checker = Draft202012Validator.FORMAT_CHECKER
    return Draft202012Validator(inlined, format_checker=checker), SchemaValidator(inlined, format_checker=checker)


def described(errors: Any) -> list[tuple[Any, ...]]:
    """Everything an error says, sub-errors included, in order."""
    return [
        (
            e.message,
            tuple(e.absolute_path),
            tuple(e.absolute_schema_path),
            e.validator,
            repr(e.validator_value),
            repr(e.instance),
            described(e.context),
        )
        for e in errors
    ]


def schema(name: str) -> Schema:
    return load_schema(ROOT / "schema" / f"{name}.schema.json")


def assert_same_errors(name: str, data: Any) -> int:
    stock, fast = validators(name)
    expected = described(stock.iter_errors(data))
    assert described(fast.iter_errors(data)) == expected
    # jsonschema-rs gives the same verdict as ours (the one that reports the errors).
    ours = not list(fast.iter_errors(data))
    assert schema(name).accepts(data) == ours, (name, ours)
    return len(expected)


def documents(*folders: Path) -> list[Any]:
    out = []
    for folder in folders:
        for path in sorted(folder.rglob("*.yaml")):
            text = path.read_bytes().decode("utf-8", errors="replace")  # one test file is not UTF-8
            doc, _ = parse_yaml(text, path.name)
            if doc is not None:
                out.append(doc.data)
    return out


EVENTS = documents(ROOT / "events", DATA / "valid", DATA / "invalid")


def test_every_event_file_of_the_tests_gets_the_same_errors() -> None:
    assert len(EVENTS) > 40
    counts = [assert_same_errors("event", data) for data in EVENTS]
    assert sum(1 for n in counts if n) >= 10  # the invalid files do fail


def test_the_players_file_gets_the_same_errors() -> None:
    (players,) = documents_of(ROOT / "players.yaml")
    assert assert_same_errors("players", players) == 0
    broken = copy.deepcopy(players)
    broken["players"][0]["id"] = "Not An Id!"
    broken["players"][1]["email"] = 7
    broken["players"].append({"name": ""})
    assert assert_same_errors("players", broken) >= 3


def documents_of(path: Path) -> list[Any]:
    doc, _ = parse_yaml(path.read_text(encoding="utf-8"), path.name)
    assert doc is not None
    return [doc.data]


# -- mutations --------------------------------------------------------------------------


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=40),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.sampled_from(
        ["", "alice", "Alice B", "2-1", "1-1-1", "9-99", "2026-13-01", "2026-11-13", "mtr", "hero", "x" * 90]
    ),
    # a text ending in a line feed is where the two differ (test_a_line_feed_does_not_end_a_pattern)
    st.text(alphabet=st.characters(blacklist_characters="\n"), max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(["id", "name", "players", "games", "table", "bye", "extra"]), inner, max_size=3
        ),
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_event_gets_the_same_errors(data: st.DataObject) -> None:
    """A value replaced, a key removed or added anywhere in a real event file."""
    doc = copy.deepcopy(data.draw(st.sampled_from(EVENTS[:12]), label="event"))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(paths_of(doc)), label="path")
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "remove", "add"]), label="action")
        if action == "replace":
            parent[path[-1]] = data.draw(values, label="value")
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "notes", "winner", "seats", "side"]))] = data.draw(values)
    assert_same_errors("event", doc)


def test_a_line_feed_does_not_end_a_pattern() -> None:
    stock, ours = validators("players")
    (players,) = documents_of(ROOT / "players.yaml")
    broken = copy.deepcopy(players)
    broken["players"][0]["id"] += "\n"
    assert described(stock.iter_errors(broken)) == []  # Python's $ matches before the final line feed
    (problem,) = ours.iter_errors(broken)
    assert problem.validator == "pattern" and tuple(problem.absolute_path) == ("players", 0, "id")


def test_a_document_jsonschema_rs_accepts_has_no_diagnostics_and_others_are_explained() -> None:
    """The fast verdict short-cuts only valid documents: an invalid one gets jsonschema's
    positioned diagnostics, exactly as without jsonschema-rs."""
    _, ours = validators("event")
    for path in sorted((DATA / "invalid").glob("*.yaml")) + sorted((ROOT / "events").rglob("*.yaml")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        doc, _ = parse_yaml(text, path.name)
        if doc is None:
            continue
        assert check_document(doc, schema("event")) == check_document(doc, ours), path.name


def test_values_json_cannot_hold_are_left_to_jsonschema() -> None:
    doc, _ = parse_yaml("name: x\n1: one\n", "e.yaml")  # a key that is a number, not a string
    assert doc is not None and not schema("event").accepts(doc.data)
    problems = check_document(doc, schema("event")).diagnostics
    assert problems and all(p.pos.line for p in problems), problems


def test_jsonschema_rs_reads_dollar_as_the_end_of_the_text() -> None:
    ids = schema("players")
    (players,) = documents_of(ROOT / "players.yaml")
    assert ids.accepts(players)
    broken = copy.deepcopy(players)
    broken["players"][0]["id"] += "\n"
    assert not ids.accepts(broken)


SEASONS = documents(DATA / "seasons", ROOT / "seasons")


def test_every_season_file_gets_the_same_verdict() -> None:
    assert len(SEASONS) >= 5
    for data in SEASONS:
        assert_same_errors("season", data)


GAME_FILES = documents(ROOT / "formats")
ARCHETYPE_FILES = documents(ROOT / "formats" / "archetypes")


def test_every_format_and_archetype_file_gets_the_same_errors() -> None:
    """Format files now take the fast verdict too (issue 18): it must agree with jsonschema."""
    assert len(GAME_FILES) == 6 + len(ARCHETYPE_FILES) and len(ARCHETYPE_FILES) >= 5
    for data in GAME_FILES:
        assert assert_same_errors("format" if "formats" in data else "archetypes", data) == 0
    for data in ARCHETYPE_FILES:
        assert assert_same_errors("archetypes", data) == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_format_or_archetype_file_gets_the_same_errors(data: st.DataObject) -> None:
    """A value replaced or a key removed anywhere in a real game or archetype file."""
    small = [d for d in GAME_FILES if "formats" in d and d["game"] != "mtg"] + ARCHETYPE_FILES
    doc = copy.deepcopy(data.draw(st.sampled_from(small), label="file"))
    name = "archetypes" if "archetypes" in doc else "format"
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(paths_of(doc)), label="path")
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans(), label="remove"):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(st.one_of(values, st.sampled_from(["2025-13-01", "2025-6-1", "Bad Id"])))
    assert_same_errors(name, doc)


def test_a_schema_that_is_not_a_json_schema_is_refused_with_its_file_named(tmp_path: Path) -> None:
    """A project's own schema is checked against the meta-schema before anything is validated with it."""
    broken = tmp_path / "event.schema.json"
    broken.write_text('{"type": "object", "properties": {"name": {"type": "strin"}}}', encoding="utf-8")
    with pytest.raises(IngestError, match=r"event\.schema\.json: not a valid JSON Schema"):
        load_schema(broken)
