"""The memory a build lets go, handed back to the system before the engine runs (:mod:`ingest.publish.heap`)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.build import generate
from ingest.publish import heap, run
from ingest.publish.build_state import BuildMemory
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.run import build_site
from ingest.publish.site_update import SiteUpdate
from ingest.source.project import Project
from tests.site_helpers import TODAY


def _resident() -> int:
    """This process's resident set, in bytes."""
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))


@pytest.mark.skipif(heap._trim() is None, reason="no malloc_trim in this C library")
def test_free_memory_held_by_the_c_library_goes_back_to_the_system() -> None:
    """Many blocks let go between a few kept ones stay with the process (the C library keeps
    them for its next allocations) until :func:`~ingest.publish.heap.give_back`."""
    assert sys.platform.startswith("linux")
    blocks = [bytes(1000) for _ in range(64_000)]  # 64 MB, each block from the C library's heap
    kept = blocks[::64]  # one block in 64 stays: no page of the heap is left whole at its top
    del blocks
    before = _resident()
    assert heap.give_back()
    after = _resident()
    assert before - after > 32 * 2**20, (before, after)
    assert len(kept) == 1000 and all(b == bytes(1000) for b in kept)  # what is alive is untouched


def test_a_build_that_keeps_nothing_gives_back_its_memory_once_no_event_is_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scorekeeper build`` (no memory kept) gives its free memory back once, after it has let
    every event's entry go and before the engine runs; a process that builds again (``serve``)
    keeps its events, and gives nothing back."""
    root = tmp_path / "archive"
    generate(root, 4)
    calls: list[tuple[int, int]] = []  # (entries alive, engine runs so far)
    engine_runs: list[int] = []

    def give_back() -> bool:
        gc.unfreeze()  # (the build froze what it held for the collector: counted too)
        gc.collect()
        calls.append((sum(1 for o in gc.get_objects() if isinstance(o, CachedEvent)), len(engine_runs)))
        return True

    real_publish = SiteUpdate.publish

    def publish(self: SiteUpdate, *args: Any, **kwargs: Any) -> dict[str, float]:
        engine_runs.append(1)
        return real_publish(self, *args, **kwargs)

    monkeypatch.setattr(run, "give_back", give_back)
    monkeypatch.setattr(SiteUpdate, "publish", publish)
    gc.collect()
    already = sum(1 for o in gc.get_objects() if isinstance(o, CachedEvent))  # (other tests' entries)
    build_site(Project(root), today=TODAY, workers=1)
    assert calls == [(already, 0)] and engine_runs == [1]
    build_site(Project(root), today=TODAY, workers=1, memory=BuildMemory(), full=True)
    assert len(calls) == 1 and engine_runs == [1, 1]
