"""Every entry an edit may touch knows where it is written in its file, and equality ignores it."""

from __future__ import annotations

import dataclasses

from ingest.checks.event_files import parse_event_text
from ingest.core.model import Event
from ingest.source.project import Project
from ingest.wot.wot_entry import wot_entries
from tests.builders import ROOT

SWISS = """\
name: Paths
date: 2026-12-04
game: mtg
format: modern
seed: 1
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3, playoff: {top: 2}}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
  - {id: cem, name: Cem}
  - {id: dee, name: Dee}
  - {id: eve, name: Eve}
rounds:
  - round: 1
    matches:
      - {table: 2, players: [cem, dee], games: 2-0}
      - {table: 1, players: [ana, ben], games: 2-1}
      - {bye: eve}
  - round: 2
    matches:
      - {table: 1, players: [ana, cem], games: 2-0}
      - {table: 2, players: [ben, eve], games: 0-2}
      - {bye: dee}
    drops: [dee, dee, cem]
cut_drops: [eve]
playoff:
  - round: 1
    matches:
      - {table: 1, players: [ana, ben]}
"""

# The same event written another way: block style, comments, a drop listed once.
SWISS_BLOCK = """\
# kept by hand
name: Paths
date: 2026-12-04
game: mtg
format: modern
seed: 1
structure:
  pairing: swiss
  swiss_rounds: 2
  best_of: 3
  playoff: {top: 2}
players:
- {id: ana, name: Ana}
- {id: ben, name: Ben}
- {id: cem, name: Cem}
- {id: dee, name: Dee}
- {id: eve, name: Eve}
rounds:
- round: 1
  matches:
  - table: 2
    players: [cem, dee]
    games: 2-0
  - {table: 1, players: [ana, ben], games: 2-1}   # feature match
  - bye: eve
- round: 2
  matches:
  - {table: 1, players: [ana, cem], games: 2-0}
  - {table: 2, players: [ben, eve], games: 0-2}
  - {bye: dee}
  drops:
  - dee
  - cem
cut_drops: [eve]
playoff:
- round: 1
  matches:
  - {table: 1, players: [ana, ben]}
"""


def _event(text: str) -> Event:
    _doc, event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    assert event is not None, [d.render() for d in diags]
    return event


def test_every_entry_carries_its_path_from_assembly() -> None:
    event = _event(SWISS)
    first, second = event.rounds
    assert first.yaml_path == ("rounds", 0) and second.yaml_path == ("rounds", 1)
    assert [m.yaml_path for m in first.matches] == [("rounds", 0, "matches", j) for j in range(3)]
    table_1 = next(m for m in first.matches if m.table == 1)
    assert table_1.yaml_path == ("rounds", 0, "matches", 1)
    assert event.playoff[0].yaml_path == ("playoff", 0)
    assert event.playoff[0].matches[0].yaml_path == ("playoff", 0, "matches", 0)
    assert [p.yaml_path for p in event.players] == [("players", i) for i in range(5)]
    # Every listing of a drop, a player listed twice included; the drops themselves once each.
    assert second.drops == ("dee", "cem")
    assert second.drop_paths == (
        ("dee", ("rounds", 1, "drops", 0)),
        ("dee", ("rounds", 1, "drops", 1)),
        ("cem", ("rounds", 1, "drops", 2)),
    )
    assert event.cut_drop_paths == (("eve", ("cut_drops", 0)),)


def test_team_and_wheel_of_time_entries_carry_their_paths() -> None:
    team = _event((ROOT / "events" / "2026" / "2026-10-10-team-unified-standard.yaml").read_text(encoding="utf-8"))
    tm = team.rounds[0].team_matches[0]
    assert tm.yaml_path[:3] == ("rounds", 0, "matches")
    assert team.rounds[0].matches[0].yaml_path == tm.yaml_path  # the team-level result is that entry
    assert [t.yaml_path for t in team.teams] == [("teams", i) for i in range(len(team.teams))]
    wot = _event(WOT)
    assert [g.yaml_path for g in wot_entries(wot.rounds[0])] == [
        ("rounds", 0, "matches", 0),
        ("rounds", 0, "matches", 1),
    ]


def test_events_that_differ_only_in_layout_are_equal() -> None:
    one, other = _event(SWISS), _event(SWISS_BLOCK)
    assert one.rounds[1].drop_paths != other.rounds[1].drop_paths
    assert one.rounds[0].matches[0].pos != other.rounds[0].matches[0].pos
    assert one == other and hash(one.rounds) == hash(other.rounds)
    match = one.rounds[0].matches[0]
    moved = dataclasses.replace(match, yaml_path=("rounds", 0, "matches", 9))
    assert moved == match and hash(moved) == hash(match)


WOT = """\
name: WoT Paths
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
      - {table: 1, hero: a, villain: b}
      - {bye: c}
"""


def test_the_sample_events_have_a_path_for_every_round_and_match() -> None:
    for path in sorted((ROOT / "events").rglob("*.yaml")):
        event = _event(path.read_text(encoding="utf-8"))
        for rnd in (*event.rounds, *event.playoff):
            assert len(rnd.yaml_path) == 2, path.name
            paths = [e.yaml_path for e in rnd.matches] + [g.yaml_path for g in wot_entries(rnd)]
            paths += [tm.yaml_path for tm in rnd.team_matches]
            assert all(p[:3] == (*rnd.yaml_path, "matches") for p in paths), path.name
