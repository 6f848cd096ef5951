"""What each piece of the build's performance machinery saves, switched off one at a time.

Prints a table; not a test. On the weekly archive of ``benchmarks/build.py`` (300 events by
default), with mkdocs-material, for the build as it is and with each piece switched off:
the full build, the one-change rebuild in ``serve`` (its in-memory caches warm) and a
``scorekeeper build`` in a new process after one result changes. Every figure comes from a
fresh process that switches the piece off before it builds, so no cache or switch leaks
from one measurement to the next. A piece earns its place when switching it off costs at
least 10 % of the full build or of a one-change rebuild.

    python benchmarks/machinery.py [--events 300] [--repeat 1]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.build import TODAY, change_result, generate  # noqa: E402
from ingest.cli.progress import TerminalProgress  # noqa: E402


def _replace(module: ModuleType, name: str, replacement: object) -> None:
    """Replaces a name a module imported, for the rest of this (child) process."""
    setattr(module, name, replacement)


def _no_fork() -> None:
    import ingest.publish.parallel

    _replace(ingest.publish.parallel, "can_fork", lambda: False)


def _no_engine_split() -> None:
    """mkdocs writes every page in this process (no site is large enough to split)."""
    import ingest.publish.mkdocs_plugin

    _replace(ingest.publish.mkdocs_plugin, "MIN_PAGES", 2**62)


def _no_gc_build() -> None:
    """The build's own garbage-collector handling: results frozen from the pages about many
    events on, and the heap frozen (collector paused) around the forked workers."""
    import ingest.publish.parallel
    import ingest.publish.run

    @contextlib.contextmanager
    def paused(*, freeze: bool = False) -> Iterator[None]:
        yield

    @contextlib.contextmanager
    def frozen() -> Iterator[Callable[[], None]]:
        yield lambda: None

    _replace(ingest.publish.parallel, "collector_paused", paused)
    _replace(ingest.publish.run, "results_frozen", frozen)


def _no_gc_standings() -> None:
    """The collector paused while standings are computed (benchmarks/standings.py measures it
    on one large event)."""
    import ingest.rules.final_standings
    import ingest.rules.standings

    @contextlib.contextmanager
    def paused(*, freeze: bool = False) -> Iterator[None]:
        yield

    _replace(ingest.rules.standings, "collector_paused", paused)
    _replace(ingest.rules.final_standings, "collector_paused", paused)


def _no_memory_caches() -> None:
    import ingest.publish.build_state
    import ingest.publish.run

    real = ingest.publish.run._build

    def build(project: Any, **kwargs: Any) -> Any:
        kwargs["memory"] = ingest.publish.build_state.BuildMemory()  # nothing kept in memory from one build to the next
        return real(project, **kwargs)

    ingest.publish.run._build = build


def _no_page_swap() -> None:
    import ingest.publish.run

    real = ingest.publish.run._build

    def build(project: Any, **kwargs: Any) -> Any:
        kwargs["full"] = True  # the engine renders every page, as before the page update
        return real(project, **kwargs)

    ingest.publish.run._build = build


def _no_build_cache() -> None:
    import ingest.publish.run
    from ingest.publish.cache import EventStore

    # A store that only gives keys: nothing kept on disk.
    _replace(ingest.publish.run, "open_store", lambda project, fingerprint, home: EventStore.in_memory(fingerprint))


def _no_deck_signatures() -> None:
    """Every decklist file of a cached event is read again to check it (no signatures taken)."""
    import ingest.checks.event_files

    _replace(ingest.checks.event_files, "file_signature", lambda path, settled_before: None)


PIECES: dict[str, tuple[str, Callable[[], None] | None]] = {
    "baseline": ("everything on", None),
    "fork": ("every forked process (events, pages, mkdocs' pages)", _no_fork),
    "engine-split": ("mkdocs reading and writing the pages in two processes", _no_engine_split),
    "gc-build": ("the build's collector freezes (run.py, parallel.py)", _no_gc_build),
    "gc-standings": ("collector paused in standings (rules/standings.py)", _no_gc_standings),
    "memory-caches": ("in-memory caches of serve (events, pages, files written)", _no_memory_caches),
    "page-swap": ("page update without the engine (fragment swap)", _no_page_swap),
    "build-cache": ("build cache on disk (ingest/publish/cache.py)", _no_build_cache),
    "deck-signatures": ("decklist files not read again when unchanged (signatures)", _no_deck_signatures),
}


def child(piece: str, mode: str, root: Path, latest: Path) -> None:
    """One measurement in this (fresh) process: prints its seconds as JSON."""
    switch = PIECES[piece][1]
    if switch is not None:
        switch()
    import material  # noqa: F401 - imports are not the build's
    import mkdocs.commands.build  # noqa: F401

    from ingest.cli.common import settled_before, user_cache_home
    from ingest.publish.build_state import BuildMemory
    from ingest.publish.cache import cache_folder
    from ingest.publish.run import build_site
    from ingest.source.project import Project

    project = Project(root)
    home = user_cache_home()  # where `scorekeeper build` keeps its cache
    if mode == "full":
        shutil.rmtree(project.build_dir, ignore_errors=True)
        shutil.rmtree(cache_folder(home, project.build_dir), ignore_errors=True)
        os.sync()  # what earlier builds wrote is on disk: it does not slow this one down
        start = time.perf_counter()
        build_site(project, today=TODAY, cache_home=home, settled_before=settled_before())
    elif mode == "serve":
        memory = BuildMemory()
        build_site(project, today=TODAY, memory=memory, cache_home=home, settled_before=settled_before())
        change_result(latest, 0)
        start = time.perf_counter()
        build_site(project, today=TODAY, memory=memory, cache_home=home, settled_before=settled_before())
    else:
        change_result(latest, 1)
        start = time.perf_counter()
        build_site(project, today=TODAY, cache_home=home, settled_before=settled_before())
    print(json.dumps(time.perf_counter() - start))


def measure(piece: str, mode: str, root: Path, latest: Path) -> float:
    original = latest.read_text(encoding="utf-8")
    try:
        cmd = [sys.executable, __file__, "--child", piece, mode, str(root), str(latest)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        return float(json.loads(out.strip().splitlines()[-1]))
    finally:
        latest.write_text(original, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=1, help="rounds of measurements (the best is kept)")
    parser.add_argument("--only", nargs="*", choices=list(PIECES), help="measure only these pieces")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        piece, mode, root, latest = args.child
        child(piece, mode, Path(root), Path(latest))
        return
    work = Path(tempfile.mkdtemp(prefix="sk-bench-machinery-"))
    progress = TerminalProgress()
    try:
        latest = generate(work / "archive", args.events)
        pieces = ["baseline", *(args.only or [p for p in PIECES if p != "baseline"])]
        results: dict[str, dict[str, float]] = {piece: {} for piece in pieces}
        todo, done = len(pieces) * 3 * args.repeat, 0
        # Round after round over every piece, so that a machine getting slower or faster
        # during the run weighs on all pieces alike; the best of the rounds is kept.
        for _ in range(args.repeat):
            for piece in pieces:
                for mode in ("full", "serve", "cli"):
                    progress(f"measuring {piece}, {mode}", done, todo)
                    seconds = measure(piece, mode, work / "archive", latest)
                    results[piece][mode] = min(seconds, results[piece].get(mode, seconds))
                    done += 1
        progress.close()
        base = results["baseline"]
        print(f"{args.events} events, mkdocs; seconds (saving = cost of switching the piece off, share of the build)")
        print(f"{'piece':<52} {'full':>7} {'serve':>7} {'cli':>7}   saving: full / serve / cli")
        for piece in pieces:
            r = results[piece]
            line = f"{PIECES[piece][0]:<52} {r['full']:7.2f} {r['serve']:7.2f} {r['cli']:7.2f}"
            if piece != "baseline":
                shares = [(r[m] - base[m]) / base[m] for m in ("full", "serve", "cli")]
                line += "   " + " / ".join(f"{s:+.0%}" for s in shares)
                line += "   keep" if max(shares) >= 0.10 else "   does not earn its place"
            print(line)
    finally:
        progress.close()
        from ingest.cli.common import user_cache_home
        from ingest.publish.cache import cache_folder

        shutil.rmtree(cache_folder(user_cache_home(), work / "archive" / "build"), ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
