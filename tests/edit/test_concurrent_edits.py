"""Nothing lost: edits that run at the same moment, killed commands and editor saves.

Real processes, not threads: each edit runs ``scorekeeper`` in its own process (forked
from the test for speed, or started as the installed command), as two laptops at the
scorekeeper's table or a script reporting every table would.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ingest.cli.main  # noqa: F401  (imported before forking, so each child starts at once)
from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.core.rounds import GameScore
from ingest.edit.event_file import Edit, edit_event_file
from ingest.edit.locking import edit_lock, lock_path
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run

TABLES = 8

HEADER = """\
name: Busy Night
date: 2026-12-04
game: mtg
format: modern
seed: 99
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
""" + "".join(f"  - {{id: p{i:02d}, name: Player {i}}}\n" for i in range(1, 2 * TABLES + 1))

FORK = multiprocessing.get_context("fork")


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "e.yaml"
    path.write_text(HEADER + "rounds: []\n")
    code, out = run(tmp_path, "pair", str(path))
    assert code == 0, out
    return path


def _report_in_child(
    root: str,
    path: str,
    table: int,
    start: multiprocessing.synchronize.Event,
    results: multiprocessing.queues.Queue[tuple[int, int, str]],
) -> None:
    """A child process: waits for the start signal, then reports one table."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    start.wait()
    result = CliRunner().invoke(main, ["--root", root, "report", path, "--table", str(table), "2-1"])
    results.put((table, result.exit_code, result.output))


def _recorded(path: Path) -> dict[int, str]:
    loaded = load_event(path, Project(path.parents[1]))
    assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
    rnd = loaded.event.rounds[-1]
    return {m.table: m.score.notation() for m in rnd.matches if m.table is not None and m.score is not None}


def test_every_table_reported_at_once_is_in_the_file(event_file: Path) -> None:
    """Eight processes report eight different tables at the same moment, over and over
    (SCOREKEEPER_CONCURRENCY_RUNS times, 10 by default)."""
    root = str(event_file.parents[1])
    pristine = event_file.read_text()
    runs = int(os.environ.get("SCOREKEEPER_CONCURRENCY_RUNS", "10"))
    lost = 0
    for _ in range(runs):
        event_file.write_text(pristine)
        start = FORK.Event()
        results: multiprocessing.queues.Queue[tuple[int, int, str]] = FORK.Queue()
        children = [
            FORK.Process(target=_report_in_child, args=(root, str(event_file), t, start, results))
            for t in range(1, TABLES + 1)
        ]
        for child in children:
            child.start()
        start.set()
        said = [results.get(timeout=60) for _ in children]
        for child in children:
            child.join(timeout=60)
        assert all(code == 0 for _, code, _ in said), [out for _, code, out in said if code]
        recorded = _recorded(event_file)
        lost += TABLES - len(recorded)
    assert lost == 0, f"{lost} of {runs * TABLES} results were lost"


def test_the_installed_command_serialises_edits(event_file: Path) -> None:
    """The same with the `scorekeeper` command itself, started as separate programs."""
    root = event_file.parents[1]
    command = [sys.executable, "-m", "ingest", "--root", str(root), "report", str(event_file)]
    procs = [
        subprocess.Popen([*command, "--table", str(t), "2-1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for t in range(1, TABLES + 1)
    ]
    outputs = [p.communicate(timeout=120)[0].decode() for p in procs]
    recorded = _recorded(event_file)
    for table, (proc, output) in enumerate(zip(procs, outputs, strict=True), start=1):
        if proc.returncode == 0:  # it said it recorded the result: the result is in the file
            assert recorded.get(table) == "2-1", output
        else:  # a machine too busy to finish seven edits within the lock's timeout: refused, said so
            assert proc.returncode == 1 and "is being changed by another command" in output, output
            assert table not in recorded
    assert sum(p.returncode == 0 for p in procs) >= TABLES // 2, outputs


def _hold_the_lock_forever(path: str, ready: multiprocessing.synchronize.Event) -> None:
    """A child process that takes the edit lock, leaves half a write behind, and hangs."""
    target = Path(path)
    with edit_lock(target, target.name):
        (target.parent / f".{target.name}.12345.tmp").write_text("half a file")
        ready.set()
        time.sleep(600)


def test_a_command_killed_while_holding_the_lock_blocks_nothing(event_file: Path) -> None:
    ready = FORK.Event()
    child = FORK.Process(target=_hold_the_lock_forever, args=(str(event_file), ready))
    child.start()
    assert ready.wait(30)
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    child.join(30)
    leftover = event_file.parent / f".{event_file.name}.12345.tmp"
    assert leftover.exists() and lock_path(event_file).exists()
    began = time.monotonic()
    code, out = run(event_file.parents[1], "report", str(event_file), "--table", "1", "2-0")
    assert code == 0, out
    assert time.monotonic() - began < 10  # not a lock timeout: the system released the lock
    assert _recorded(event_file) == {1: "2-0"}
    assert not leftover.exists()  # the killed write's temporary file is cleaned up under the lock


def test_a_busy_file_is_refused_by_name_and_nothing_is_written(event_file: Path) -> None:
    ready = FORK.Event()
    child = FORK.Process(target=_hold_the_lock_forever, args=(str(event_file), ready))
    child.start()
    try:
        assert ready.wait(30)
        before = event_file.read_text()
        project = Project(event_file.parents[1])
        with pytest.raises(Exception, match=r"e\.yaml is being changed by another command"):
            edit_event_file(event_file, project, lambda text, event: Edit(text + "# x\n", "touched"), timeout=0.5)
        assert event_file.read_text() == before
    finally:
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join(30)


def test_an_editor_save_between_read_and_replace_is_not_lost(event_file: Path) -> None:
    """Someone saves the file from an editor while the command is making its edit."""
    project = Project(event_file.parents[1])
    saved = {"done": False}

    def edit(text: str, event: Event) -> Edit:
        if not saved["done"]:  # the editor saves after the command read the file
            saved["done"] = True
            event_file.write_text(event_file.read_text().replace("name: Busy Night", "name: Busy Night (edited)"))
        from ingest.edit.recording import record_result

        return record_result(text, event, round_no=None, table=3, player=None, result=_score("2-0"))

    outcome = edit_event_file(event_file, project, edit)
    assert outcome.attempts == 2  # the change on disk was seen, and the edit made again on it
    text = event_file.read_text()
    assert "name: Busy Night (edited)" in text
    assert _recorded(event_file) == {3: "2-0"}


def _score(text: str) -> GameScore:
    return GameScore.parse(text)
