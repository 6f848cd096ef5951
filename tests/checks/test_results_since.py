"""The event of a text ``report`` wrote without reading it, kept as a kept event plus the
results recorded since (issue 38, point 5: ingest.checks.results_since): ``pair`` after a round
of reports takes it instead of reading the file whole, it is exactly what a whole reading of
the text assembles, and a record that is tampered with, of another text or that does not fit
its base is never taken."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ingest.checks.event_files as event_files
from ingest.checks import assemblies, results_since
from ingest.checks.assemblies import assembly_data, assembly_key, derived_assembly, known_assembly
from ingest.checks.readings import event_data_key
from ingest.checks.results_since import RecordedResult, SinceKept, since_data, since_from
from ingest.cli.verdict_files import SinceKeptFiles, install_verdict_store
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.source.project import Project
from ingest.source.signing import signing_key
from tests.builders import run_cli
from tests.checks.conftest import SHOWN

EIGHT = """name: Eight
date: 2026-12-05
game: mtg
format: modern
seed: 3
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: a, name: Ann}
  - {id: b, name: Bob}
  - {id: c, name: Cat}
  - {id: d, name: Dan}
  - {id: e, name: Eve}
  - {id: f, name: Fay}
  - {id: g, name: Gus}
  - {id: h, name: Hal}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [a, b], games: 2-0}
      - {table: 2, players: [c, d], games: 2-0}
      - {table: 3, players: [e, f], games: 2-0}
      - {table: 4, players: [g, h], games: 2-0}
  - round: 2
    matches:
      - {table: 1, players: [a, c]}
      - {table: 2, players: [e, g]}
      - {table: 3, players: [b, d]}
      - {table: 4, players: [f, h]}
"""
"""Round 2 of 3 paired as ``pair`` writes it, no result in yet: its first result is recorded
by reading the whole file, the others from what was kept (ingest.edit.quick_report)."""


@pytest.fixture
def project(kept_project: Callable[[str], Path]) -> Path:
    """A project of one event (:data:`EIGHT`), with a user cache folder of its own, whose
    texts of any length keep their event."""
    return kept_project(EIGHT)


def _home(root: Path) -> Path:
    return root.parent / "cache" / "scorekeeper"


def _key(root: Path) -> str:
    key = assembly_key((root / SHOWN).read_text(), SHOWN, event_data_key(Project(root)))
    assert key is not None
    return key


def _report_round(root: Path) -> None:
    """Every result of round 2, one command each (the first by reading the whole file)."""
    for table, games in [(1, "2-1"), (2, "0-2"), (3, "1-1-1"), (4, "2-0")]:
        code, out = run_cli(root, "report", str(root / SHOWN), "--table", str(table), games)
        assert code == 0, out


def _whole_reading(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What a whole reading of the file keeps, as data (nothing kept before it)."""
    monkeypatch.setattr(assemblies, "STORE", {})
    monkeypatch.setattr(results_since, "STORE", {})
    text = (root / SHOWN).read_text()
    event_files.parse_event_text(text, SHOWN, Project(root), keep=True)
    found: dict[str, Any] = assembly_data(assemblies.STORE[_key(root)])
    return found


def test_the_kept_event_after_a_round_of_reports_is_the_whole_readings(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _report_round(project)
    install_verdict_store(_home(project))
    since = results_since.STORE[_key(project)]
    assert [(r.table, r.games) for r in since.results] == [(2, "0-2"), (3, "1-1-1"), (4, "2-0")]
    kept = known_assembly(_key(project))
    assert kept is not None
    assert assembly_data(kept) == _whole_reading(project, monkeypatch)  # positions, values, keys and warnings included


def test_pair_after_a_round_of_reports_takes_the_kept_event(project: Path, assembled: list[int]) -> None:
    _report_round(project)
    assembled.clear()
    code, dry = run_cli(project, "pair", str(project / SHOWN), "--dry-run")
    assert code == 0 and "table 1" in dry
    assert assembled == []  # nothing assembled from the YAML: the event kept, and its results since
    code, out = run_cli(project, "pair", str(project / SHOWN))
    assert code == 0 and "wrote round 3" in out
    assert assembled == []  # (the round it appends is read alone: ingest.checks.appended_round)


def _tamper(path: Path) -> None:
    mac, _, payload = path.read_bytes().partition(b"\n")
    path.write_bytes(mac + b"\n" + payload.replace(b'"0-2"', b'"2-0"'))


def _resign_for_another_table(path: Path) -> None:
    """A record signed with the user's key, as for another text: a table already reported."""
    home = path.parents[2]
    store = SinceKeptFiles(home / "results-since", signing_key(home))
    key = path.stem
    data = json.loads(path.read_bytes().partition(b"\n")[2])
    data[1][0][1] = 1  # table 1: already reported in the base
    payload = json.dumps(data, separators=(",", ":")).encode()
    path.write_bytes(store._mac(key, payload).encode() + b"\n" + payload)


def _base_gone(path: Path) -> None:
    for found in (path.parents[2] / "assemblies").rglob("*.json"):
        found.unlink()


@pytest.mark.parametrize("plant", [_tamper, _resign_for_another_table, _base_gone])
def test_a_record_that_does_not_pass_is_not_taken(project: Path, assembled: list[int], plant: Any) -> None:
    _report_round(project)
    _, expected = run_cli(project, "standings", str(project / SHOWN))
    plant(_home(project) / "results-since" / _key(project)[:2] / f"{_key(project)}.json")
    assembled.clear()
    assert run_cli(project, "standings", str(project / SHOWN)) == (0, expected)
    assert assembled == [1]  # read whole


def test_a_hand_edit_after_the_reports_is_read_whole(project: Path, assembled: list[int]) -> None:
    _report_round(project)
    path = project / SHOWN
    path.write_text(path.read_text().replace("[f, h], games: 2-0}", "[f, h], games: 0-2}"))
    assembled.clear()
    assert run_cli(project, "standings", str(project / SHOWN))[0] == 0
    assert assembled == [1]


def _base() -> assemblies.Assembly:
    from ingest.source.yamldoc import parse_yaml

    text = EIGHT
    doc, problems = parse_yaml(text, SHOWN)
    assert doc is not None and not problems
    _, event, found = event_files.parse_event_text(text, SHOWN, Project(Path.cwd()))
    assert event is not None
    return assemblies.Assembly(event, tuple(found), doc.data, len(doc.values), len(doc.keys), ())


def test_results_that_the_quick_path_does_not_write_are_refused() -> None:
    base = _base()
    ok = SinceKept("0" * 64, (RecordedResult(2, 1, "2-1"),))
    derived = derived_assembly(base, ok)
    assert derived is not None
    assert derived.event.rounds[-1].matches[0].score is not None
    assert derived.data["rounds"][1]["matches"][0] == {"table": 1, "players": ["a", "c"], "games": "2-1"}
    assert base.data["rounds"][1]["matches"][0] == {"table": 1, "players": ["a", "c"]}  # the base left as it was
    assert (derived.values, derived.keys) == (base.values + 1, base.keys + 1)
    for results in [
        (RecordedResult(1, 1, "2-1"),),  # not the open round
        (RecordedResult(2, 9, "2-1"),),  # no such table
        (RecordedResult(2, 1, "2-1"), RecordedResult(2, 1, "2-0")),  # twice
        (RecordedResult(2, 1, "2-0-0"),),  # not as GameScore.notation writes it
        (RecordedResult(2, 1, "double-loss"),),  # not a score
    ]:
        assert derived_assembly(base, SinceKept("0" * 64, results)) is None, results
    reported = derived_assembly(derived, ok)
    assert reported is None  # table 1 has its result already
    line = base.event.rounds[-1].matches[0].pos
    assert line is not None
    warned = assemblies.Assembly(
        base.event,
        (Diagnostic(Severity.WARNING, "x", "m", SourcePos(SHOWN, line.line, 40)),),
        base.data,
        base.values,
        base.keys,
        (),
    )
    assert derived_assembly(warned, ok) is None  # a finding on the entry's line may move


def test_a_record_reads_back_field_by_field() -> None:
    since = SinceKept("a" * 64, (RecordedResult(2, 1, "2-1"), RecordedResult(2, 3, "1-1-1")))
    assert since_from(json.loads(json.dumps(since_data(since)))) == since
    for bad in [
        None,
        [],
        ["a" * 64],
        ["a" * 63, [[2, 1, "2-1"]]],
        ["a" * 64, []],
        ["a" * 64, [[2, 1]]],
        ["a" * 64, [[2, True, "2-1"]]],
        ["a" * 64, [[-1, 1, "2-1"]]],
        ["a" * 64, [[2, 1, 21]]],
        ["a" * 64, [2, 1, "2-1"]],
    ]:
        assert since_from(bad) is None, bad
