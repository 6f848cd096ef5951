"""A result is written in the words of the event's family; another family's words say whose they are."""

from __future__ import annotations

from pathlib import Path

from tests.builders import run_cli

SWISS = """\
name: Friday Night Modern
date: 2026-11-20
game: mtg
format: modern
seed: 3
structure: {pairing: swiss, swiss_rounds: 3}
players:
  - {id: alice, name: Alice}
  - {id: bob, name: Bob}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [alice, bob]}
"""


def test_a_wheel_of_time_result_in_a_match_event_is_refused_with_whose_it_is(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "fnm.yaml"
    path.write_text(SWISS, encoding="utf-8")
    code, out = run_cli(tmp_path, "report", str(path), "--table", "1", "hero", "--ended", "last-battle", "--by", "kill")
    assert code == 1
    assert "'hero' is a Wheel of Time result; this event records games won-lost such as 2-1 or 0-0-3" in out
    # Written wrongly, it is answered in that family's words first.
    code, out = run_cli(tmp_path, "report", str(path), "--table", "1", "hero", "2-1")
    assert code == 1 and "'hero 2-1' is not a Wheel of Time result" in out
    code, out = run_cli(tmp_path, "report", str(path), "--table", "1", "2-1")
    assert code == 0 and "{table: 1, players: [alice, bob], games: 2-1}" in path.read_text(encoding="utf-8")
