"""The live event page: round start times in the file, pair --start, the clock, the reload poll, the cut panel."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.pipeline import load_event
from ingest.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run
from tests.test_pair_command import HEADER


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER.replace("best_of: 3,", "best_of: 3, round_minutes: 50,"))
    return tmp_path


def test_pair_start_records_the_time_of_day(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", "19:30")
    assert code == 0, out
    assert re.search(r"- round: 1\n  started: '?19:30'?\n  matches:", path.read_text())
    event = load_event(path, Project(project)).event
    assert event is not None and event.rounds[0].started == "19:30"


def test_pair_start_now_reads_the_clock(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", "now")
    assert code == 0, out
    event = load_event(path, Project(project)).event
    assert event is not None and re.fullmatch(r"\d\d:\d\d", event.rounds[0].started)


@pytest.mark.parametrize("bad", ["25:00", "7pm", "19:3"])
def test_pair_start_refuses_what_is_not_a_time(project: Path, bad: str) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--start", bad)
    assert code == 2 and "is not a time of day" in out
    assert path.read_text().endswith("rounds: []   # filled by pair\n")


def test_started_unquoted_is_the_same_time_and_a_bad_one_is_a_positioned_error(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path))
    text = path.read_text().replace("- round: 1\n", "- round: 1\n  started: 19:30\n")
    path.write_text(text)
    event = load_event(path, Project(project)).event
    assert event is not None and event.rounds[0].started == "19:30"  # YAML 1.1 read it as 1170
    path.write_text(text.replace("started: 19:30", "started: half past seven"))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "started:" in t)
    code, out = run(project, "validate", str(path))
    assert code == 1 and f"e.yaml:{line}:" in out and "started" in out, out
