"""FastValidator reports exactly what jsonschema's Draft 2020-12 validator reports.

It checks simple values in place and hands only failing ones to jsonschema; every error,
its order, paths, schema paths and sub-errors must stay jsonschema's own.
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

from ingest.source.validation import FastValidator, _draft_is_type, _inline_refs
from ingest.source.yamldoc import parse_yaml
from tests.builders import DATA, ROOT


@cache
def validators(name: str) -> tuple[Any, Any]:
    """The stock and the fast validator over the same (inlined) schema."""
    schema = json.loads((ROOT / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))
    inlined = _inline_refs(schema, schema)
    checker = Draft202012Validator.FORMAT_CHECKER
    return Draft202012Validator(inlined, format_checker=checker), FastValidator(inlined, format_checker=checker)


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


def assert_same_errors(name: str, data: Any) -> int:
    stock, fast = validators(name)
    expected = described(stock.iter_errors(data))
    assert described(fast.iter_errors(data)) == expected
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


def paths_of(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths_of(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths_of(value, (*prefix, i))
    return out


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=40),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.sampled_from(
        ["", "alice", "Alice B", "2-1", "1-1-1", "9-99", "2026-13-01", "2026-11-13", "mtr", "hero", "x" * 90]
    ),
    st.text(max_size=6),
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


@pytest.mark.parametrize("name", ["event", "players"])
def test_the_schemas_have_simple_parts_to_check_in_place(name: str) -> None:
    """Otherwise the fast validator would be the stock one, and the tests above vacuous."""
    from ingest.source.validation import _simple_check

    def subschemas(node: Any) -> list[Any]:
        if not isinstance(node, dict):
            return []
        inner = [*node.get("properties", {}).values(), *node.get("anyOf", []), node.get("items")]
        return [node, *(s for child in inner for s in subschemas(child))]

    _, fast = validators(name)
    simple = [s for s in subschemas(fast.schema) if _simple_check(s) is not None]
    assert len(simple) >= 5
    if name == "event":
        rounds = fast.schema["properties"]["rounds"]
        assert _simple_check(rounds) is not None  # every round and match, checked in place


def simple_subschemas(name: str) -> list[Any]:
    """Every subschema the fast validator checks in place."""
    from ingest.source.validation import _simple_check

    def walk(node: Any) -> list[Any]:
        if not isinstance(node, dict):
            return []
        inner = [*node.get("properties", {}).values(), *node.get("anyOf", []), node.get("items")]
        inner += [node.get("additionalProperties"), *node.get("$defs", {}).values(), *node.get("oneOf", [])]
        return [node, *(s for child in inner for s in walk(child))]

    _, fast = validators(name)
    return [s for s in walk(fast.schema) if _simple_check(s) is not None]


PROBES = [None, True, False, 0, -1, 1, 2, 1.5, 99, "", "a", "A", "alice", "Alice B", "x" * 200, "2-1", "9-99"]
PROBES += [[], ["a"], ["a", "b"], ["a", "b", "c"], [1, 2], {}, {"id": "a"}, {"id": "a", "name": ""}, {"extra": 1}]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_value_checked_in_place_is_one_jsonschema_accepts(data: st.DataObject) -> None:
    """The one direction that matters: "no error" in place means no error from jsonschema."""
    from ingest.source.validation import _simple_check

    name = data.draw(st.sampled_from(["event", "players"]))
    schema = data.draw(st.sampled_from(simple_subschemas(name)))
    value = data.draw(st.one_of(st.sampled_from(PROBES), values))
    stock = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    check = _simple_check(schema)
    assert check is not None
    if check(stock, value):
        assert list(stock.iter_errors(value)) == []


@given(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.decimals(allow_nan=False),
        st.fractions(),
        st.text(max_size=3),
        st.lists(st.integers(), max_size=2),
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    ),
    st.sampled_from(["string", "object", "array", "boolean", "null", "number", "integer"]),
)
def test_the_in_place_type_test_is_the_drafts(value: Any, name: str) -> None:
    assert _draft_is_type(value, name) == Draft202012Validator.TYPE_CHECKER.is_type(value, name)
