"""The round clock in the event file: ``clock start|pause|resume|extend``, ``pair --start`` with
``--redo``, ``new --round-minutes``, and the time left as every page counts it."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.core.round_clock import RoundClock, clock_seconds
from ingest.edit.event_file import edit_event_file
from ingest.edit.round_clock import extend_clock, pause_clock, resume_clock, round_clock, start_clock
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run
from tests.planner.test_pair_command import HEADER


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER.replace("best_of: 3,", "best_of: 3, round_minutes: 50,"))
    return tmp_path


def _clock(project: Path) -> RoundClock:
    event = load_event(project / "events" / "e.yaml", Project(project)).event
    assert event is not None
    clock = round_clock(event, (event.playoff or event.rounds)[-1])
    assert clock is not None
    return clock


def _edit(project: Path, edit: object, **kw: object) -> str:
    outcome = edit_event_file(project / "events" / "e.yaml", Project(project), lambda t, e: edit(t, e, **kw))  # type: ignore[operator]
    return outcome.edit.description


def test_pause_resume_and_extend_are_data_that_count_the_round_down(project: Path) -> None:
    path = project / "events" / "e.yaml"
    assert run(project, "pair", str(path), "--start", "19:30")[0] == 0
    assert _edit(project, pause_clock, at="19:40:00") == "Round 1: the clock is paused at 19:40:00; 40:00 left"
    # While it stands still the time left does not move, however late it is.
    assert _clock(project).left(clock_seconds("19:55:00") or 0) == 40 * 60
    said = _edit(project, resume_clock, at="19:42:30")
    assert said == "Round 1: the clock runs again at 19:42:30 (it stood still 2:30); 40:00 left"
    assert _edit(project, extend_clock, minutes=5, at="19:42:30") == "Round 1: 5 minutes added (5 in all); 45:00 left"
    clock = _clock(project)
    assert (clock.paused_at, clock.paused_seconds, clock.extra_minutes) == ("", 150, 5)
    assert clock.left(clock_seconds("20:27:30") or 0) == 0  # 19:30 + 50 + 5 minutes + 2:30 paused
    text = path.read_text()
    assert "  started: '19:30'\n" in text and "  paused_seconds: 150\n" in text and "  extra_minutes: 5\n" in text
    # Starting it again starts the round from its full length: additions and pauses go.
    assert _edit(project, start_clock, at="20:00") == "Round 1: the clock started again at 20:00 (50 minutes)"
    clock = _clock(project)
    assert (clock.started, clock.paused_seconds, clock.extra_minutes) == ("20:00", 0, 0)


def test_the_clock_refuses_what_makes_no_sense(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path))
    before = path.read_text()
    code, out = run(project, "clock", str(path), "pause")
    assert code == 1 and "Round 1's clock has not started; `scorekeeper clock FILE start` starts it" in out
    assert run(project, "clock", str(path), "start", "19:30")[0] == 0
    code, out = run(project, "clock", str(path), "resume")
    assert code == 1 and "the clock is not paused" in out
    code, out = run(project, "clock", str(path), "extend")
    assert code == 2 and "extend takes the minutes to add" in out
    code, out = run(project, "clock", str(path), "extend", "500")
    assert code == 1 and "extend the clock by 1 to 120 minutes, not 500" in out
    code, out = run(project, "clock", str(path), "start", "25:00")
    assert code == 2 and "is not a time of day" in out
    assert run(project, "clock", str(path), "pause")[0] == 0
    code, out = run(project, "clock", str(path), "pause")
    assert code == 1 and "the clock is already paused" in out
    assert path.read_text() != before


def test_extend_needs_a_round_length(project: Path) -> None:
    path = project / "events" / "e.yaml"
    path.write_text(HEADER)
    run(project, "pair", str(path), "--start", "19:30")
    code, out = run(project, "clock", str(path), "extend", "5")
    assert code == 1 and "the event has no round length to extend" in out and "--round-minutes" in out


def test_pair_redo_keeps_the_clock_or_starts_it_anew(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path), "--start", "19:30")
    _edit(project, extend_clock, minutes=3, at="19:35:00")
    _edit(project, pause_clock, at="19:36:00")
    code, out = run(project, "drop", str(path), "ivy", "--after-round", "0")
    code, out = run(project, "pair", str(path), "--redo")
    assert code == 0, out
    clock = _clock(project)
    assert (clock.started, clock.extra_minutes, clock.paused_at) == ("19:30", 3, "19:36:00")
    code, out = run(project, "pair", str(path), "--redo", "--start", "19:50")
    assert code == 0, out
    clock = _clock(project)
    assert (clock.started, clock.extra_minutes, clock.paused_at) == ("19:50", 0, "")
    assert "- round: 1\n  started: '19:50'\n  matches:" in path.read_text()


def test_new_writes_the_round_length(tmp_path: Path) -> None:
    code, out = run(
        tmp_path, "new", "--name", "Timed", "--date", "2026-12-01", "--game", "mtg", "--format", "modern",
        "--round-minutes", "50",
    )  # fmt: skip
    assert code == 0, out
    text = (tmp_path / "events" / "2026" / "2026-12-01-timed.yaml").read_text()
    assert "  round_minutes: 50\n" in text
    code, out = run(
        tmp_path, "new", "--name", "Blitz", "--date", "2026-12-01", "--game", "mtg", "--format", "modern",
        "--round-minutes", "5",
    )  # fmt: skip
    assert code == 2 and "5 is not in the range 10<=x<=600" in out


def test_a_paused_at_written_by_hand_without_quotes_is_a_positioned_error(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path), "--start", "19:30")
    path.write_text(path.read_text().replace("  started: '19:30'\n", "  started: '19:30'\n  paused_at: 19:40:00\n"))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "paused_at" in t)
    code, out = run(project, "validate", str(path))
    assert code == 1 and f"e.yaml:{line}:" in out and "must be a time of day in quotes, e.g. '19:52:10'" in out, out


def test_the_clock_command_reads_the_computers_clock(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path), "--start", "now")
    before = dt.datetime.now()
    code, out = run(project, "clock", str(path), "pause")
    assert code == 0, out
    stopped = clock_seconds(_clock(project).paused_at)
    assert stopped is not None
    now = before.hour * 3600 + before.minute * 60 + before.second
    assert 0 <= (stopped - now) % 86400 <= 5
