"""Check-in before round 1: ``scorekeeper check-in`` writes ``checked_in: true``, and round 1
pairs the checked-in players only, the others taken off the roster (MTR 2.10, Aequitas 2.10: a
player who leaves before round 1 did not take part); one who comes later is a late entry."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ingest.core.rounds import MatchKind
from tests.builders import ROOT, event_at, run_cli, run_ok

HEADER = """\
name: Check-in Night
date: 2026-12-04
game: {game}
format: {format}
seed: 4242
structure: {{pairing: swiss, swiss_rounds: 3, best_of: 3, check_in: true}}
players:
  - {{id: ana, name: Ana}}   # first in line
  - {{id: ben, name: Ben, byes: 1}}
  - {{id: cem, name: Cem}}
  - {{id: dee, name: Dee}}
  - {{id: eve, name: Eve}}
rounds: []
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER.format(game="mtg", format="modern"))
    return tmp_path


def _file(root: Path) -> Path:
    return root / "events" / "e.yaml"


def test_check_in_writes_the_flag_and_counts(project: Path) -> None:
    out = run_ok(project, "check-in", str(_file(project)), "ana", "Cem")
    assert "Ana (ana) checked in (1 of 5 players)" in out
    assert "Cem (cem) checked in (2 of 5 players)" in out
    event = event_at(_file(project), project)
    assert [p.id for p in event.players if p.checked_in] == ["ana", "cem"]
    assert "# first in line" in _file(project).read_text()  # the TO's comment stays
    again = run_ok(project, "check-in", str(_file(project)), "ana")
    assert "checked in already" in again


def test_round_one_pairs_only_the_checked_in(project: Path) -> None:
    run_ok(project, "check-in", str(_file(project)), "ana", "cem", "dee", "eve")
    code, out = run_cli(project, "pair", str(_file(project)))
    assert code == 0, out
    # Ben has an awarded bye but did not come: he is neither paired nor given his bye.
    assert "not checked in, so not paired and taken off the roster (MTR 2.10" in out
    assert "Ben (ben)" in out
    event = event_at(_file(project), project)
    assert [p.id for p in event.players] == ["ana", "cem", "dee", "eve"]
    paired = {pid for m in event.rounds[0].matches for pid in m.players}
    assert paired == {"ana", "cem", "dee", "eve"}
    # Someone who comes after round 1 is paired is a late entry, with the loss the event gives.
    late = run_ok(project, "add-player", str(_file(project)), "--id", "ben", "--name", "Ben")
    assert "a late entry: a match loss for Round 1" in late
    event = event_at(_file(project), project)
    assert any(m.kind is MatchKind.LOSS and m.players == ("ben",) for m in event.rounds[0].matches)
    # Check-in is over once round 1 is paired.
    code, out = run_cli(project, "check-in", str(_file(project)), "ben")
    assert code == 1 and "round 1 is paired already: check-in is over" in out


def test_aequitas_event_cites_its_own_rule(project: Path) -> None:
    _file(project).write_text(HEADER.format(game="transformers", format="constructed"))
    run_ok(project, "check-in", str(_file(project)), "ana", "ben")
    out = run_ok(project, "pair", str(_file(project)), "--dry-run")
    assert "(Aequitas 2.10: a player who leaves before round 1 did not take part)" in out
    assert "Cem (cem), Dee (dee), Eve (eve)" in out
    assert len(event_at(_file(project), project).players) == 5  # a dry run writes nothing


def test_without_check_in_everyone_is_paired(project: Path) -> None:
    _file(project).write_text(HEADER.format(game="mtg", format="modern").replace(", check_in: true", ""))
    code, out = run_cli(project, "check-in", str(_file(project)), "ana")
    assert code == 1 and "this event has no check-in; write check_in: true under structure:" in out
    out = run_ok(project, "pair", str(_file(project)))
    assert "not checked in" not in out
    assert len(event_at(_file(project), project).players) == 5


def test_nobody_checked_in_is_refused(project: Path) -> None:
    code, out = run_cli(project, "pair", str(_file(project)))
    assert code == 1 and "nobody has checked in for round 1" in out
    assert "rounds: []" in _file(project).read_text()


def test_venue_pairs_the_checked_in(project: Path) -> None:
    """The TO page's pair button is the same edit (:func:`ingest.venue.round_actions.pair_next`)."""
    from ingest.source.project import Project
    from ingest.venue.round_actions import pair_next

    run_ok(project, "check-in", str(_file(project)), "ana", "ben", "cem")
    said = pair_next(Project(project), _file(project))
    assert said.startswith("wrote round 1; not checked in") and "Dee (dee), Eve (eve)" in said
    assert [p.id for p in event_at(_file(project), project).players] == ["ana", "ben", "cem"]


def test_new_with_check_in(tmp_path: Path) -> None:
    out = run_ok(tmp_path, "new", "--name", "Doors at 7", "--date", "2026-12-04", "--game", "mtg", "--format",
                 "modern", "--seed", "1", "--check-in")  # fmt: skip
    assert "created" in out
    event = event_at(tmp_path / "events" / "2026" / "2026-12-04-doors-at-7.yaml", tmp_path)
    assert event.structure.check_in is True
