"""Big-event benchmark: the event-night commands on one event of thousands of players.

Prints figures; it is not a test. An event of ``--players`` players is played through the
engine (each round planned by the pairing engine and written into the file, its results
filled in from a seeded model), then the commands a TO runs are timed as a user runs them,
each in a new process, wall time beside the CPU time of the child:

- ``report`` of one table in the current round (the round's other tables reported), and the
  same on an 8-player event (the command's floor: what it imports and starts);
- ``pair --dry-run`` of the next round, and ``pair`` writing it (the file put back before each run);
- ``validate`` of the file;
- the TO's night (``--night N``): the round's last N results reported one command each, the
  first on a file nothing was kept about (the first result of the round is recorded by reading
  the whole file), then ``pair --dry-run`` and ``pair``, each timed as it follows the one
  before (:mod:`ingest.checks.results_since`: the event of each text a report writes is kept
  as the results recorded since a kept one), and the same with ``pair`` alone after the
  reports; ``--only-night`` skips the rest.

Each is timed on the file as the command that wrote it left it: its recorded rounds'
verdicts known (:mod:`ingest.planner.round_verdicts`, in this run's own cache folder), and
the check of its text's rounds kept (:mod:`ingest.checks.readings`) with its open round
(:mod:`ingest.checks.open_round`: ``report`` then records the result without reading the
whole file, :mod:`ingest.edit.quick_report`) and the event it was assembled into
(:mod:`ingest.checks.assemblies`: the text is not read again), then, beside it, the same
command with those gone (``before``: as every command was before readings were kept, and as the first command
is on a file written elsewhere, a ``git pull`` or an editor).

The commands run with their bytecode compiled (in this run's own folder), as from an installed
package: where ``PYTHONDONTWRITEBYTECODE`` is set, every start would compile the package again
(about 0.3 s of CPU more), which no TO's command pays.

``--growth N`` also times ``scorekeeper pair`` of each round up to round N (a new process
each, the round's results filled in before the next), to show how it grows with the rounds
played; ``--only-growth`` skips the rest.

    python benchmarks/big_event.py [--players 2048] [--rounds 8] [--growth 15] [--night 6] [--only-night]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.pairing_stages import fit  # noqa: E402
from ingest.checks.event_files import load_event  # noqa: E402
from ingest.edit.new_round import round_entry, write_entry  # noqa: E402
from ingest.planner.outcome import PlannedRound  # noqa: E402
from ingest.planner.plan import plan_next_round  # noqa: E402
from ingest.source.project import Project  # noqa: E402

_SCORES = ["2-0", "2-1", "0-2", "1-2", "2-1", "1-2", "1-1-1"]


def start_event(folder: Path, players: int, rounds: int) -> Path:
    """An empty Swiss event of ``players`` players in a new project at ``folder``."""
    (folder / "events").mkdir(parents=True, exist_ok=True)
    path = folder / "events" / "big.yaml"
    roster = "".join(f"  - {{id: p{i:05d}, name: Player {i}}}\n" for i in range(players))
    path.write_text(
        "name: Big Open\ndate: 2026-12-05\ngame: mtg\nformat: modern\nseed: 11\n"
        f"structure: {{pairing: swiss, swiss_rounds: {rounds}, best_of: 3}}\nplayers:\n" + roster + "rounds: []\n"
    )
    return path


def pair_round(path: Path, project: Project, rng: random.Random | None) -> float:
    """Plans the next round and writes it, with every match's result when ``rng`` is given.
    Returns the seconds spent (loading, planning and writing)."""
    began = time.perf_counter()
    event = load_event(path, project).event
    assert event is not None, "the generated event is invalid"
    plan = plan_next_round(event)
    assert isinstance(plan, PlannedRound), plan
    entry = round_entry(plan)
    if rng is not None:
        matches: list[dict[str, object]] = []
        for match in cast(list[dict[str, object]], entry["matches"]):
            if "players" in match:
                match = {**match, "games": rng.choice(_SCORES)}
            matches.append(match)
        entry["matches"] = matches
    path.write_text(write_entry(path.read_text(), plan, entry))
    return time.perf_counter() - began


def play(path: Path, rounds_played: int, *, open_round: bool, seed: int = 5) -> list[float]:
    """Plays ``rounds_played`` rounds with results, then pairs one more without results when
    ``open_round``. Returns the seconds per round."""
    project = Project(path.parents[1])
    rng = random.Random(seed)
    times = [pair_round(path, project, rng) for _ in range(rounds_played)]
    if open_round:
        times.append(pair_round(path, project, None))
    return times


def report_all_but_one(path: Path, *, leave_open: bool = True) -> int:
    """Fills in every result of the last (open) round but its first open table's (every one
    without ``leave_open``); returns that table."""
    lines = path.read_text().splitlines(keepends=True)
    first = None
    start = max(i for i, line in enumerate(lines) if line.lstrip().startswith("- round:"))
    for i in range(start, len(lines)):
        line = lines[i]
        if "players: [" in line and "games:" not in line and line.rstrip().endswith("}"):
            table = int(line.split("table: ")[1].split(",")[0])
            if first is None:
                first = table
                if leave_open:
                    continue
            lines[i] = line.rstrip()[:-1] + ", games: 2-0}\n"
    path.write_text("".join(lines))
    assert first is not None
    return first


def run(
    args: list[str], root: Path, timeout: float | None = None, stages: dict[str, float] | None = None
) -> tuple[float, float, int]:
    """Runs ``scorekeeper`` in a new process: wall seconds, CPU seconds of the child, status
    (-1 when it was stopped after ``timeout`` wall seconds). With ``stages``, the command runs
    with the pairing engine's stages timed (``benchmarks/pairing_stages.py``), and their
    figures are put into it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    runner = ["-m", "ingest"] if stages is None else [str(ROOT / "benchmarks" / "pairing_stages.py")]
    command = [sys.executable, *runner, "--root", str(root), *args]
    # This run's own verdicts, and its own compiled bytecode (kept, as an installed package's is).
    # The code of the checkout this script is in (run from another checkout, that one's).
    env = {
        **os.environ,
        "XDG_CACHE_HOME": str(root / "cache"),
        "PYTHONPYCACHEPREFIX": str(root / "bytecode"),
        "PYTHONPATH": str(ROOT),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False, timeout=timeout)
    except subprocess.TimeoutExpired:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return time.perf_counter() - began, cpu, -1
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        print(done.stderr, file=sys.stderr)
    if stages is not None:
        for line in done.stderr.splitlines():
            if line.startswith("pairing-stages "):
                stages.update(json.loads(line.removeprefix("pairing-stages ")))
    return wall, cpu, done.returncode


def _floor(root: Path) -> tuple[float, float]:
    """The cost of starting the command at all: ``scorekeeper --version`` (once before, to compile
    the package; ``--help`` imports every command to list them)."""
    run(["--help"], root)
    wall, cpu, _ = run(["--version"], root)
    return wall, cpu


def timed(root: Path, path: Path, text: str, command: list[str], runs: int, *, kept: bool) -> tuple[float, float, int]:
    """Median wall and CPU seconds of ``command`` on ``text`` (and its last status): with what
    ``validate`` keeps about the text when ``kept``, else with nothing kept about it."""
    kept_folders = [root / "cache" / "scorekeeper" / name for name in KEPT]
    walls, cpus, status = [], [], 0
    for _ in range(runs):
        path.write_text(text)
        # Only what was kept about the file as it is now, never about a text a run before this
        # one made (every edit's new text is new).
        for folder in kept_folders:
            shutil.rmtree(folder, ignore_errors=True)
        if kept:
            run(["validate"], root)
        wall, cpu, status = run(command, root)
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus), status


KEPT = ("readings", "open-rounds", "assemblies", "results-since")
"""What commands keep about a file's texts (the rounds' verdicts aside)."""


def reopen(text: str, count: int) -> tuple[str, list[int]]:
    """``text`` with the results of the first ``count`` matches of its last round taken out,
    and their tables."""
    lines = text.splitlines(keepends=True)
    start = max(i for i, line in enumerate(lines) if line.lstrip().startswith("- round:"))
    tables: list[int] = []
    for i in range(start, len(lines)):
        line = lines[i]
        if len(tables) < count and "players: [" in line and ", games: " in line and line.rstrip().endswith("}"):
            tables.append(int(line.split("table: ")[1].split(",")[0]))
            lines[i] = line[: line.index(", games: ")] + "}\n"
    assert len(tables) == count
    return "".join(lines), tables


def night(root: Path, path: Path, text: str, reports: int, runs: int, *, dry_run: bool = True) -> None:
    """The TO's night on ``text`` (a round complete): its first ``reports`` results taken out,
    the file written elsewhere (nothing kept about it), then reported one command each, then
    ``pair --dry-run`` (unless not ``dry_run``) and ``pair``. Median wall and CPU seconds of
    each command, in turn."""
    rel = str(path.relative_to(root))
    start, tables = reopen(text, reports)
    steps = [(f"report {n + 1} of {reports}", ["report", rel, "--table", str(t), "2-1"]) for n, t in enumerate(tables)]
    steps += [("pair --dry-run", ["pair", rel, "--dry-run"])] if dry_run else []
    steps += [("pair", ["pair", rel])]
    walls: list[list[float]] = [[] for _ in steps]
    cpus: list[list[float]] = [[] for _ in steps]
    statuses = [0] * len(steps)
    for _ in range(runs):
        path.write_text(start)
        for name in KEPT:
            shutil.rmtree(root / "cache" / "scorekeeper" / name, ignore_errors=True)
        for i, (_, command) in enumerate(steps):
            wall, cpu, statuses[i] = run(command, root)
            walls[i].append(wall)
            cpus[i].append(cpu)
    then = "pair --dry-run and pair" if dry_run else "pair"
    print(f"  the TO's night: {reports} reports, then {then} (median of {runs}):")
    for i, (label, _) in enumerate(steps):
        wall, cpu = statistics.median(walls[i]), statistics.median(cpus[i])
        print(f"    {label:36} {wall:6.2f} s wall {cpu:6.2f} s CPU  (exit {statuses[i]})")


def small_report(root: Path, runs: int) -> None:
    """``report`` on an 8-player event (round 2 of 3, its other results in): the command's floor."""
    path = start_event(root, 8, 3)
    run(["--help"], root)  # compiled once in this project's bytecode folder
    play(path, 1, open_round=True)
    table = report_all_but_one(path)
    text = path.read_text()
    command = ["report", str(path.relative_to(root)), "--table", str(table), "2-1"]
    run(["validate"], root)  # its round 1 verdict known, as the command that paired round 2 left it
    b_wall, b_cpu, _ = timed(root, path, text, command, runs, kept=False)
    wall, cpu, status = timed(root, path, text, command, runs, kept=True)
    print(
        f"  {'report, 8 players':38} {wall:6.2f} s wall {cpu:6.2f} s CPU  (before: {b_wall:.2f} s wall"
        f" {b_cpu:.2f} s CPU; median of {runs}, exit {status})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--rounds", type=int, default=8, help="Swiss rounds played before the measured round")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--growth", type=int, default=0, help="time pair per round up to this round")
    parser.add_argument("--only-growth", action="store_true", help="measure the growth only")
    parser.add_argument("--night", type=int, default=6, help="results reported in the TO's night (0: none)")
    parser.add_argument("--only-night", action="store_true", help="measure the TO's night only")
    parser.add_argument("--keep", type=Path, help="also write the event (round open, round complete) here")
    parser.add_argument(
        "--timeout", type=float, default=300.0, help="growth: give up on a round's pair after this many seconds (wall)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if args.only_growth:
            growth(root / "growth", args.players, args.growth, args.timeout, args.keep)
            return
        path = start_event(root, args.players, max(args.rounds + 3, args.growth + 1))
        began = time.perf_counter()
        play(path, args.rounds, open_round=True)
        table = report_all_but_one(path)
        size = path.stat().st_size
        print(
            f"{args.players} players, round {args.rounds + 1} open: {size / 1e6:.2f} MB file "
            f"(made in {time.perf_counter() - began:.1f} s)"
        )
        floor_wall, floor_cpu = _floor(root)
        print(f"  {'scorekeeper --version (start-up floor)':38} {floor_wall:6.2f} s wall {floor_cpu:6.2f} s CPU")
        if not args.only_night:
            small_report(root / "small", args.runs)
        rel = str(path.relative_to(root))
        open_text = path.read_text()
        report_all_but_one(path, leave_open=False)  # the round complete: what pair --dry-run and validate see
        complete_text = path.read_text()
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / "open.yaml").write_text(open_text)
            (args.keep / "complete.yaml").write_text(complete_text)
        if args.night:
            path.write_text(complete_text)
            run(["validate"], root)  # the rounds' verdicts known, as the commands of the round left them
            night(root, path, complete_text, args.night, args.runs)
            night(root, path, complete_text, args.night, args.runs, dry_run=False)
        if args.only_night:
            return
        cases: list[tuple[str, list[str], str]] = [
            ("report --table N 2-1", ["report", rel, "--table", str(table), "2-1"], open_text),
            ("pair --dry-run", ["pair", rel, "--dry-run"], complete_text),
            ("pair", ["pair", rel], complete_text),
            ("validate", ["validate"], complete_text),
        ]
        for label, command, text in cases:
            path.write_text(text)
            run(["validate"], root)  # the rounds' verdicts known, as the command that wrote it left them
            b_wall, b_cpu, _ = timed(root, path, text, command, args.runs, kept=False)
            wall, cpu, status = timed(root, path, text, command, args.runs, kept=True)
            print(
                f"  {label:38} {wall:6.2f} s wall {cpu:6.2f} s CPU  (before: {b_wall:.2f} s wall {b_cpu:.2f} s CPU;"
                f" median of {args.runs}, exit {status})"
            )
        if args.growth:
            growth(root / "growth", args.players, args.growth, args.timeout, args.keep)


def growth(root: Path, players: int, rounds: int, timeout: float, keep: Path | None) -> None:
    """``scorekeeper pair`` of each round in turn, each in a new process (every result of the
    round filled in before the next is paired): how its time grows with the rounds played.

    A round whose pair takes more than ``timeout`` wall seconds is reported and ends the run
    (the rounds after it cannot be paired). With ``keep``, the event before each round is paired
    is written there (``before-NN.yaml``), to profile one round on its own."""
    print(f"scorekeeper pair per round, {players} players (a new process each; CPU seconds of the child):")
    print("  round    wall     CPU   other    plan   build   match   proof   nodes    edges   file")
    path = start_event(root, players, rounds)
    rel = str(path.relative_to(root))
    run(["--help"], root)  # compiled once
    total = 0.0
    figures: list[dict[str, float]] = []
    for number in range(1, rounds + 1):
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"before-{number:02}.yaml").write_text(path.read_text())
        stages: dict[str, float] = {}
        wall, cpu, status = run(["pair", rel], root, timeout, stages)
        total += cpu
        if status == -1:
            print(f"  round {number:2}  did not finish in {timeout:.0f} s wall ({cpu:.2f} s CPU)", flush=True)
            return
        assert status == 0, f"pair of round {number} failed"
        report_all_but_one(path, leave_open=False)
        inside = sum(stages.get(k, 0.0) for k in ("plan", "build", "match", "proof"))
        figures.append({**stages, "round": number, "CPU": cpu, "other": stages.get("cpu", cpu) - inside})
        print(
            f"  {number:5} {wall:7.2f} {cpu:7.2f} {stages.get('cpu', cpu) - inside:7.2f} {stages.get('plan', 0):7.2f}"
            f" {stages.get('build', 0):7.3f} {stages.get('match', 0):7.3f} {stages.get('proof', 0):7.3f}"
            f" {int(stages.get('nodes', 0)):7} {int(stages.get('edges', 0)):8}"
            f" {path.stat().st_size / 1e6:5.2f} MB",
            flush=True,
        )
    print(f"  all {rounds} rounds: {total:.1f} s CPU", flush=True)
    later = [f for f in figures if f["round"] >= 2]
    if len(later) > 1:
        for key in ("CPU", "other", "plan", "build", "match", "proof"):
            costs = [f.get(key, 0.0) for f in later]
            print(f"  fit of {key:5} per round (rounds 2+): {fit([int(f['round']) for f in later], costs)}")


if __name__ == "__main__":
    main()
