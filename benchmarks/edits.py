"""Edit benchmark: one `report` on an event file, alone and with others at the same moment.

Prints figures; it is not a test. The lock (issue 15) must not make the single-user case
noticeably slower: the floor is the same edit without the lock, measured in the same run.

    python benchmarks/edits.py [--players 64] [--runs 40] [--writers 8]
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import ingest.edit.event_file as event_file_module
from ingest.checks.event_files import load_event
from ingest.core.rounds import GameScore
from ingest.edit.event_file import edit_event_file
from ingest.edit.new_round import apply_plan
from ingest.edit.recording import record_result
from ingest.planner.outcome import PlannedRound
from ingest.planner.plan import plan_next_round
from ingest.source.project import Project

ROOT = Path(__file__).resolve().parents[1]


def _event(folder: Path, players: int) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, folder / name)
    (folder / "events").mkdir()
    path = folder / "events" / "e.yaml"
    roster = "".join(f"  - {{id: p{i:04d}, name: Player {i}}}\n" for i in range(players))
    path.write_text(
        "name: Bench\ndate: 2026-12-04\ngame: mtg\nformat: modern\nseed: 7\n"
        "structure: {pairing: swiss, swiss_rounds: 5, best_of: 3}\nplayers:\n" + roster + "rounds: []\n"
    )
    project = Project(folder)
    for number in (1, 2, 3):
        event = load_event(path, project).event
        assert event is not None
        plan = plan_next_round(event)
        assert isinstance(plan, PlannedRound)
        path.write_text(apply_plan(path.read_text(), plan))
        if number == 3:
            break
        paired = load_event(path, project).event
        assert paired is not None
        for m in paired.rounds[-1].matches:
            if len(m.players) == 2:
                current = load_event(path, project).event
                assert current is not None
                edit = record_result(
                    path.read_text(),
                    current,
                    round_no=None,
                    table=m.table,
                    player=None,
                    result=GameScore(2, 1),
                )
                path.write_text(edit.text)
    return path


_FLIP = [GameScore(2, 0), GameScore(0, 2)]


def _report(path: Path, table: int) -> float:
    """One report that writes the file: each call records the other result of the two."""
    _FLIP.reverse()
    score = _FLIP[0]
    began = time.perf_counter()
    edit_event_file(
        path,
        Project(path.parents[1]),
        lambda text, event: record_result(
            text, event, round_no=None, table=table, player=None, result=score, replace=True
        ),
    )
    return time.perf_counter() - began


@contextlib.contextmanager
def _no_lock(path: Path, shown: str, *, timeout: float = 0) -> Iterator[None]:
    yield


def _child(
    path: str, table: int, start: multiprocessing.synchronize.Event, out: multiprocessing.queues.Queue[float]
) -> None:
    start.wait()
    began = time.perf_counter()
    _report(Path(path), table)
    out.put(time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--writers", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = _event(Path(tmp), args.players)
        tables = args.players // 2
        _report(path, 1)  # warm the format and schema caches, as a long-lived process has them
        locked, unlocked = [], []
        for i in range(args.runs):  # alternate, so both see the same machine
            locked.append(_report(path, 1 + i % tables))
            with mock.patch.object(event_file_module, "edit_lock", _no_lock):
                unlocked.append(_report(path, 1 + i % tables))
        lock_ms, floor_ms = statistics.median(locked) * 1000, statistics.median(unlocked) * 1000
        print(f"{args.players} players, round 3 of 5: one report")
        print(f"  with the lock     {lock_ms:7.1f} ms (median of {args.runs})")
        print(f"  without the lock  {floor_ms:7.1f} ms (floor, same run)")
        print(f"  lock overhead     {lock_ms - floor_ms:7.1f} ms ({lock_ms / floor_ms:.2f}x)")
        fork = multiprocessing.get_context("fork")
        waits: list[float] = []
        batches = max(1, args.runs // args.writers)
        for _ in range(batches):
            start = fork.Event()
            out: multiprocessing.queues.Queue[float] = fork.Queue()
            procs = [
                fork.Process(target=_child, args=(str(path), 1 + t % tables, start, out)) for t in range(args.writers)
            ]
            for p in procs:
                p.start()
            start.set()
            waits.extend(out.get(timeout=120) for _ in procs)
            for p in procs:
                p.join()
        print(
            f"  {args.writers} at once          median {statistics.median(waits) * 1000:7.1f} ms, "
            f"slowest {max(waits) * 1000:7.1f} ms per report ({batches} batches)"
        )


if __name__ == "__main__":
    main()
