"""Lists handed in at the same moment by different players of one event (real processes, as
phones at the venue and a league's workflow would): none is lost, each player's ``deck:``
names their own file, and each file holds their own list."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ingest.cli.main  # noqa: F401  (imported before forking, so each child starts at once)
from ingest.edit.deck_submission import deck_ref
from tests.builders import ROOT, event_at

PLAYERS = 8
FORK = multiprocessing.get_context("fork")
NOW = dt.datetime(2026, 11, 20, 17, 0, tzinfo=dt.UTC)


def _list(n: int) -> str:
    """A legal Modern list that says whose it is (its Mountain count)."""
    return f"4 Lightning Bolt\n{20 + n} Mountain\n{36 - n} Island\n\nSideboard\n{1 + n % 4} Blood Moon\n"


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "night.yaml"
    roster = "".join(f"  - {{id: p{i}, name: Player {i}}}\n" for i in range(PLAYERS))
    path.write_text(
        "name: Night\ndate: 2026-11-20\ngame: mtg\nformat: modern\nseed: 3\n"
        f"structure: {{pairing: swiss, swiss_rounds: 3}}\nplayers:\n{roster}rounds: []\n"
    )
    return path


def _submit_in_child(
    root: str,
    path: str,
    n: int,
    start: multiprocessing.synchronize.Event,
    results: multiprocessing.queues.Queue[tuple[int, str]],
) -> None:
    from ingest.edit.deck_submission import submit_deck
    from ingest.source.project import Project

    start.wait()
    try:
        outcome = submit_deck(Path(path), Project(Path(root)), f"p{n}", _list(n), now=NOW)
        results.put((n, type(outcome).__name__))
    except Exception as exc:  # reported to the test, which fails on it
        results.put((n, f"{type(exc).__name__}: {exc}"))


def _lost(path: Path) -> list[str]:
    """The players whose list is not in the event or not theirs."""
    players = event_at(path, path.parents[1]).player_map()
    lost = []
    for n in range(PLAYERS):
        ref = deck_ref(path, f"p{n}")
        target = path.parent / ref
        if players[f"p{n}"].deck != ref or not target.is_file() or target.read_text() != _list(n):
            lost.append(f"p{n}")
    return lost


def test_lists_handed_in_at_once_are_all_kept(event_file: Path) -> None:
    """Eight processes hand in eight players' lists at the same moment, several times over."""
    pristine = event_file.read_text()
    runs = int(os.environ.get("SCOREKEEPER_CONCURRENCY_RUNS", "5"))
    lost = 0
    for _ in range(runs):
        event_file.write_text(pristine)
        shutil.rmtree(event_file.parent / "decks", ignore_errors=True)
        start = FORK.Event()
        results: multiprocessing.queues.Queue[tuple[int, str]] = FORK.Queue()
        children = [
            FORK.Process(target=_submit_in_child, args=(str(event_file.parents[1]), str(event_file), n, start, results))
            for n in range(PLAYERS)
        ]
        for child in children:
            child.start()
        start.set()
        said = sorted(results.get(timeout=120) for _ in children)
        for child in children:
            child.join(timeout=60)
        assert said == [(n, "Accepted") for n in range(PLAYERS)]
        lost += len(_lost(event_file))
    assert lost == 0, f"{lost} of {runs * PLAYERS} lists were lost"


def test_the_installed_command_keeps_every_list(event_file: Path) -> None:
    """The same with ``scorekeeper submit-deck`` started as separate programs."""
    root = event_file.parents[1]
    lists = []
    for n in range(PLAYERS):
        lists.append(root / f"list-{n}.txt")
        lists[-1].write_text(_list(n))
    command = [sys.executable, "-m", "ingest", "--root", str(root), "submit-deck", str(event_file)]
    procs = [
        subprocess.Popen([*command, f"p{n}", str(lists[n])], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for n in range(PLAYERS)
    ]
    outputs = [p.communicate(timeout=180)[0].decode() for p in procs]
    busy = []
    for n, (proc, output) in enumerate(zip(procs, outputs, strict=True)):
        if proc.returncode == 0:
            assert "legal in Modern" in output, output
        else:  # a machine too busy to finish within the lock's timeout: refused, and said so
            assert proc.returncode == 1 and "is being changed by another command" in output, output
            busy.append(f"p{n}")
    assert sorted(_lost(event_file)) == busy
    assert len(busy) <= PLAYERS // 2, outputs
