"""Every stage reports what it can: a broken part of a file never hides, nor crashes, the other checks."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from ingest.checks.event_files import parse_event_text
from ingest.source.project import Project
from ingest.source.yamldoc import YamlPath, iter_paths, parse_yaml
from tests.builders import DATA, ROOT

TEAMS = """\
name: Team Standard
date: 2026-10-01
game: mtg
format: standard
seed: 9
structure: {pairing: swiss, swiss_rounds: 2, team_size: 2, team_kind: mtr-team, playoff: {top: 2}}
teams:
  - {id: ta, name: A, members: [a1, a2]}
  - {id: tb, name: B, members: [b1, b2]}
players:
  - {id: a1, name: A1}
  - {id: a2, name: A2}
  - {id: b1, name: B1}
  - {id: b2, name: B2}
rounds:
  - round: 1
    matches:
      - {table: 1, teams: [ta, tb], seats: [{games: 2-1}, {result: double-loss}]}
    drops: [tb]
"""

WOT = """\
name: WoT Test
date: 2026-11-01
game: wot
format: sealed
seed: 5
structure: {pairing: wot-cycles, swiss_rounds: 4}
players:
  - {id: a, name: A}
  - {id: b, name: B}
  - {id: c, name: C}
rounds:
  - round: 1
    matches:
      - {table: 1, hero: c, villain: b, winner: hero, ended: last-battle, by: goal, hero_final: 7, villain_final: 3}
      - {bye: a}
"""

WRONG: tuple[Any, ...] = ("??", -5, None, [1, 2, 3], {"x": 1})
"""Values of the wrong type or form for almost any place of an event file."""


def _mutations(data: Any) -> Iterator[tuple[YamlPath, Any]]:
    """Every place of the document with a wrong value put in it, or the place removed."""
    for path, _ in iter_paths(data):
        if not path:
            continue
        for wrong in (*WRONG, _REMOVED):
            changed = copy.deepcopy(data)
            parent = changed
            for step in path[:-1]:
                parent = parent[step]
            if wrong is _REMOVED:
                del parent[path[-1]]
            else:
                parent[path[-1]] = copy.deepcopy(wrong)
            yield path, changed


_REMOVED = object()


@pytest.mark.parametrize("name", ["basic", "teams", "wot"])
def test_no_broken_value_anywhere_crashes_validation(name: str) -> None:
    text = {"basic": (DATA / "valid" / "basic.yaml").read_text(), "teams": TEAMS, "wot": WOT}[name]
    project = Project(ROOT)
    original, problems = parse_yaml(text, "e.yaml")
    assert original is not None and problems == []
    tried = 0
    for path, data in _mutations(original.data):
        _doc, event, found = parse_event_text(yaml.safe_dump(data, sort_keys=False), "e.yaml", project)
        errors = [d for d in found if d.is_error]
        assert (event is None) == bool(errors), path
        tried += 1
    assert tried > 100


def test_a_duplicate_key_keeps_the_first_value_and_checks_go_on() -> None:
    text = (DATA / "valid" / "basic.yaml").read_text().replace("rounds:\n", "seed: 1\nrounds:\n", 1)
    doc, event, found = parse_event_text(text, "e.yaml", Project(ROOT))
    assert event is None and doc is not None
    assert [d.code for d in found if d.is_error] == ["duplicate-key"]
    original, _ = parse_yaml((DATA / "valid" / "basic.yaml").read_text(), "e.yaml")
    assert original is not None and doc.data["seed"] == original.data["seed"]
