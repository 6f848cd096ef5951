"""Making one event, by stage: CPU milliseconds per event, in one process.

Prints figures; it is not a test. The full build's ratio to the engine's floor
(``benchmarks/build.py --ratio-only``) is measured on a shared 2-core machine, where the
load moves a whole build by more than most cuts save; this measures the events step alone,
as :meth:`ingest.publish.event_build.EventMaker.make` makes each event (read and check its
file and decklists, compute its summary and the recorded pairings' checks, render its pages
and documents, keep its entry), in one process, on the process's CPU clock, with a build
cache in memory (no disk writes, no forked workers): the part of the build's CPU that grows
with the events, each stage apart.

The archive is ``benchmarks/build.py``'s weekly one (generated into ``--keep`` if not
there). With ``--against ROOT`` (another checkout of Scorekeeper), the two source trees are
measured in turn, each in a new process, ``--runs`` times: a cut shows as the difference
of the medians, the load of the moment shared by both sides.

    python benchmarks/event_stages.py --events 100
    python benchmarks/event_stages.py --keep /tmp/archive --events 300 --against ../main --runs 3

Each pass over the events starts with no round's verdict known to the process, as a build
does (:data:`ingest.planner.round_verdicts.STORE`: a build never checks a round twice).

Each stage is the time spent inside the function named (its callees included), so the
stages nest: ``checks`` and ``standings`` are within ``summary``; ``pages``, ``views`` and
``copy`` within ``render``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TODAY = dt.date(2026, 11, 22)
"""The day the events are made on (``benchmarks/build_child.py``'s)."""

STAGES = (
    ("read", "ingest.publish.event_build", "load_event"),
    ("summary", "ingest.publish.event_build", "compute_summary"),
    ("checks", "ingest.checks.project_diagnostics", "recorded_pairing_checks"),
    ("standings", "ingest.summary.match_results", "standings_by_round"),
    ("render", "ingest.publish.event_build", "render_event"),
    ("pages", "ingest.site.event_pages", "page_files"),
    ("views", "ingest.site.event_pages", "_event_context"),
    ("copy", "ingest.site.event_pages", "mtgo_files"),
    ("brief", "ingest.site.event_pages", "event_brief"),
)
"""Each stage: its name, the module that calls the function, and the function's name there."""


@contextlib.contextmanager
def timed_stages(spent: dict[str, float]) -> Iterator[None]:
    """Puts a CPU clock around each stage's function, where its caller finds it, for the
    block (each is put back after); a stage whose function is not there (another version of
    the code) is left out."""
    put: list[tuple[Any, str, Any]] = []
    for name, module_name, attribute in STAGES:
        module = importlib.import_module(module_name)
        fn = getattr(module, attribute, None)
        if fn is None:
            continue

        def clocked(*args: Any, _fn: Callable[..., Any] = fn, _name: str = name, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return _fn(*args, **kwargs)
            finally:
                spent[_name] += time.process_time() - start

        put.append((module, attribute, fn))
        setattr(module, attribute, clocked)
    try:
        yield
    finally:
        for module, attribute, fn in put:
            setattr(module, attribute, fn)


def stages_of(archive: Path, events: int, repeat: int) -> dict[str, float]:
    """Makes the archive's first ``events`` events ``repeat`` times; CPU milliseconds per
    event, the whole ``make`` and each stage (those whose function the code has)."""
    from ingest.checks.event_files import event_data
    from ingest.decks.card_files import card_data
    from ingest.decks.format_files import load_archetype_book
    from ingest.publish.cache import EventStore
    from ingest.publish.event_build import EventMaker
    from ingest.publish.site_settings import site_inputs
    from ingest.publish.template_files import read_templates
    from ingest.source.project import Project
    from ingest.source.reading import load_players

    spent: dict[str, float] = defaultdict(float)
    project = Project(archive)
    players, _ = load_players(project)
    maker = EventMaker(
        project,
        event_data(project),
        card_data(project)[0],
        load_archetype_book(project)[0],
        site_inputs(project, players, (), TODAY),
        read_templates(project.templates),
        EventStore.in_memory("event-stages"),
        None,
        False,
    )
    files = sorted((archive / "events").rglob("*.yaml"))[:events]
    maker.make(files[0])  # (what the first event loads: schemas, templates, formats)
    with timed_stages(spent):
        start = time.process_time()
        for _ in range(repeat):
            # The rounds' verdicts known to the process (a build never checks a round twice:
            # kept, the next pass would find every verdict and check nothing).
            verdicts = getattr(sys.modules.get("ingest.planner.round_verdicts"), "STORE", None)
            if verdicts is not None:
                verdicts.clear()
            for path in files:
                if maker.make(path).entry is None:
                    raise SystemExit(f"{path}: not made (errors)")
        total = time.process_time() - start
    scale = 1000 / (len(files) * repeat)
    return {"make": total * scale, **{name: spent[name] * scale for name, _, _ in STAGES if name in spent}}


def measured(code: Path, archive: Path, events: int, repeat: int) -> dict[str, float]:
    """:func:`stages_of` in a new process that imports the code of ``code`` (and no other)."""
    cmd = [sys.executable, __file__, "--child", str(code), str(archive), str(events), str(repeat)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def line(label: str, figures: dict[str, float]) -> str:
    stages = ", ".join(f"{name} {figures[name]:.2f}" for name, _, _ in STAGES if name in figures)
    return f"{label:<10} make {figures['make']:6.2f} ms/event: {stages}"


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        given = sys.argv[2:6]
        sys.path.insert(0, given[0])  # (the code measured: this checkout's or --against's)
        print(json.dumps(stages_of(Path(given[1]), int(given[2]), int(given[3]))))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=200, help="events made (the archive's first)")
    parser.add_argument("--archive-events", type=int, default=300, help="events of the archive generated")
    parser.add_argument("--repeat", type=int, default=1, help="times each event is made in a run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each side")
    parser.add_argument("--keep", type=Path, help="generate the archive into this folder (reused when there)")
    parser.add_argument("--against", type=Path, help="another checkout of Scorekeeper, measured in turn with this one")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from benchmarks.build import generate

    root = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="sk-bench-stages-"))
    archive = root / "weekly"
    if not (archive / "events").is_dir():
        generate(archive, args.archive_events)
    sides = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    print(
        f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}; {args.events} events of {archive} "
        f"made {args.repeat} times a run, in one process (CPU)"
    )
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in sides}
    for _ in range(args.runs):
        for label, code in sides:
            figures = measured(code, archive, args.events, args.repeat)
            runs[label].append(figures)
            one, five, _ = os.getloadavg()
            print(line(label, figures) + f"   (load {one:.1f}, {five:.1f})", flush=True)
    for label, found in runs.items():
        medians = {key: statistics.median(f[key] for f in found) for key in found[0]}
        print(line(f"{label} (median)", medians))


if __name__ == "__main__":
    main()
