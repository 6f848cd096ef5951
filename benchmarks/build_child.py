"""A measured build in a new process, as ``scorekeeper build`` makes it (``benchmarks/build.py``
runs it: ``python benchmarks/build_child.py ROOT ENGINE OUT [PROFILE]``): it imports what the
command imports (its command line and the build), not what the benchmark measures with
(the archive's generator, the project's checks), so that its CPU is the command's.
"""

from __future__ import annotations

import datetime as dt
import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TODAY = dt.date(2026, 11, 22)
"""The benchmarks' builds' date."""


def child_build(root: Path, engine: str, out: Path, profile: Path | None) -> None:
    """The build of a new process: what ``scorekeeper build`` does, its
    :class:`BuildTimings` written into ``out``. Profiled (``profile``), the build is made in
    this one process (events and pages alike), so the statistics hold all of its work; the
    profiler's clock is the process's CPU time, as the budgets are (on a shared machine, wall
    time would count waiting for the disk and for other processes)."""
    import cProfile
    import dataclasses

    import ingest.cli.main  # (what the command imports before the build)
    import ingest.cli.site  # noqa: F401
    from ingest.cli.common import settled_before, user_cache_home
    from ingest.publish.run import build_site
    from ingest.source.project import Project

    project = Project(root)
    collections = Collections()
    gc.callbacks.append(collections.seen)
    profiler = cProfile.Profile(time.process_time) if profile is not None else None
    if profiler is not None:
        profiler.enable()
    stages = Stages()
    t = build_site(
        project,
        engine=engine,
        today=TODAY,
        cache_home=user_cache_home(),
        settled_before=settled_before(),
        workers=1 if profiler is not None else None,
        progress=stages.seen,
    )
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(str(profile))
    gc.callbacks.remove(collections.seen)
    said = dataclasses.asdict(t)
    said["collector"] = {"full": collections.full, "cpu": collections.cpu}
    said["stages"] = stages.started
    out.write_text(json.dumps(said), encoding="utf-8")


class Stages:
    """When each stage of the build began (the clock's time, which the measuring process's
    memory samples share: :func:`benchmarks.memory.peaks_by_stage`), as the build tells its
    progress (a stage it comes back to is not counted again)."""

    def __init__(self) -> None:
        self.started: list[tuple[float, str]] = []
        self._last = ""

    def seen(self, stage: str, done: int, total: int) -> None:
        if stage != self._last:
            self._last = stage
            self.started.append((time.time(), stage))


class Collections:
    """The cyclic collector's full collections in this process (not in the processes it forks)
    and the CPU seconds they took, as :data:`gc.callbacks` tells them."""

    def __init__(self) -> None:
        self.full = 0
        self.cpu = 0.0
        self._start = 0.0

    def seen(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.full += 1
            self.cpu += time.process_time() - self._start


if __name__ == "__main__":
    root, engine, out, *profile = sys.argv[1:]
    child_build(Path(root), engine, Path(out), Path(profile[0]) if profile else None)
