"""Each family reads its own round entries; another family's entry, or pairing system, is an error."""

from __future__ import annotations

from ingest.checks.event_files import parse_event_text
from ingest.source.project import Project
from tests.builders import ROOT

HEAD = """\
name: Family Test
date: 2026-11-01
game: {game}
format: {format}
seed: 5
structure: {{pairing: {pairing}, swiss_rounds: 2}}
players:
  - {{id: a, name: A}}
  - {{id: b, name: B}}
rounds:
  - round: 1
    matches:
      - {entry}
"""

HERO_WINS = "{table: 1, hero: a, villain: b, winner: hero, ended: last-battle, by: kill, hero_final: 3}"


def _errors(game: str, fmt: str, pairing: str, entry: str) -> list[str]:
    text = HEAD.format(game=game, format=fmt, pairing=pairing, entry=entry)
    _, event, problems = parse_event_text(text, "family.yaml", Project(ROOT))
    assert event is None or not [d for d in problems if d.is_error]
    return [f"{d.code}: {d.message}" for d in problems if d.is_error]


def test_each_family_reads_its_own_entries() -> None:
    assert _errors("mtg", "modern", "swiss", "{table: 1, players: [a, b], games: 2-1}") == []
    assert _errors("wot", "sealed", "wot-cycles", HERO_WINS) == []


def test_a_wheel_of_time_game_in_a_match_event_is_an_error() -> None:
    """It was read and then ignored by the standings; now the file says what it records."""
    found = _errors("mtg", "modern", "swiss", HERO_WINS)
    assert found == ["match-shape: rounds[0].matches[0]: this event records matches, not Wheel of Time games"]


def test_a_match_in_a_wheel_of_time_event_is_an_error() -> None:
    found = _errors("wot", "sealed", "wot-cycles", "{table: 1, players: [a, b], games: 2-1}")
    assert found == [
        "match-shape: rounds[0].matches[0]: this event records Wheel of Time games: "
        "a Hero and a Villain at each table, or a bye"
    ]
    assert _errors("wot", "sealed", "wot-cycles", "{loss: a}") == found[:1]


def test_a_pairing_system_of_another_family_is_an_error_that_says_what_to_write() -> None:
    bye = "{bye: a}"
    assert _errors("mtg", "modern", "wot-cycles", bye) == [
        "structure: structure.pairing: wot-cycles pairing is for Wheel of Time events only"
    ]
    assert _errors("wot", "sealed", "swiss", bye) == [
        "structure: structure.pairing: Wheel of Time events are paired in cycles; swiss is not supported for them"
    ]
