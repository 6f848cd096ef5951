"""The pairing-system registry: the schema names the same systems, and what code asks of a
system (its noun, its knockouts, its planner) comes from its entry."""

from __future__ import annotations

import dataclasses
import json

import pytest

from ingest.planner.systems import SYSTEMS, system_of
from tests.builders import ROOT, make_event, played


def test_the_schema_lists_exactly_the_registered_systems() -> None:
    schema = json.loads((ROOT / "schema" / "event.schema.json").read_text())
    assert sorted(_find_pairing_enum(schema)) == sorted(SYSTEMS)


def _find_pairing_enum(node: object) -> list[str]:
    if isinstance(node, dict):
        pairing = node.get("properties", {}).get("pairing") if isinstance(node.get("properties"), dict) else None
        if isinstance(pairing, dict) and "enum" in pairing:
            return list(pairing["enum"])
        for value in node.values():
            found = _find_pairing_enum(value)
            if found:
                return found
    return []


@pytest.mark.parametrize(
    ("pairing", "noun", "knockout"),
    [
        ("swiss", "round", None),
        ("single-elimination", "round", 1),
        ("double-elimination", "round", 2),  # Bushiroad 3.2.2: out after two losses
        ("round-robin", "round", None),
        ("wot-cycles", "game", None),  # WoT seed 001: one entry of rounds is a Game
    ],
)
def test_each_system_says_what_it_is(pairing: str, noun: str, knockout: int | None) -> None:
    event = make_event([[played("a", "b", "2-0")]], top=None)
    event = dataclasses.replace(event, structure=dataclasses.replace(event.structure, pairing=pairing))
    system = system_of(event)
    assert (system.id, system.round_noun, system.knockout_losses) == (pairing, noun, knockout)
    assert system.fixed_field is (pairing in ("single-elimination", "double-elimination", "round-robin"))
