"""A build keeps the cyclic collector out of the pages about many events and the writing of
build/docs (they hold the players' histories and the analytics records while they are made:
each full collection scanned all of them, 18 at 3,000 weekly events), and lets it run again,
what those stages left frozen, before the engine."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import run
from ingest.publish.run import build_site
from ingest.publish.site_update import SiteUpdate
from ingest.source.project import Project
from tests.site_helpers import TODAY, make_project


def _watch(monkeypatch: pytest.MonkeyPatch, name: str, seen: list[tuple[str, bool, int]]) -> None:
    """``run.<name>`` records, when it is called, whether the collector runs and how many objects are frozen."""
    real: Callable[..., Any] = getattr(run, name)

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append((name, gc.isenabled(), gc.get_freeze_count()))
        return real(*args, **kwargs)

    monkeypatch.setattr(run, name, watched)


def test_no_full_collection_while_the_site_pages_and_build_docs_are_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "p"
    make_project(root)
    seen: list[tuple[str, bool, int]] = []
    for name in ("site_files", "write_docs"):
        _watch(monkeypatch, name, seen)

    made: list[list[int]] = [[]]  # made while the pages are made, alive when the engine runs
    real_site_files: Callable[..., Any] = run.__dict__["site_files"]

    def site_files(*args: Any, **kwargs: Any) -> Any:
        made.append([])
        return real_site_files(*args, **kwargs)

    monkeypatch.setattr(run, "site_files", site_files)
    young: list[bool] = []

    def publish(self: object, *args: object, **kwargs: object) -> dict[str, object]:
        seen.append(("engine", gc.isenabled(), gc.get_freeze_count()))
        young.append(any(o is made[-1] for o in gc.get_objects()))  # (the frozen are in none of the generations)
        return {}

    monkeypatch.setattr(SiteUpdate, "publish", publish)
    before = gc.isenabled()
    gc.enable()
    try:
        build_site(Project(root), today=TODAY, cache_home=tmp_path / "home", settled_before=time.time_ns(), workers=1)
    finally:
        if not before:
            gc.disable()
    assert [(name, enabled) for name, enabled, _ in seen] == [
        ("site_files", False),
        ("write_docs", False),
        ("engine", True),
    ]
    # The results were frozen before the pages were made; what the pages left is frozen too
    # before the engine runs, and nothing stays frozen after the build.
    assert seen[0][2] > 0
    assert young == [False] and gc.is_tracked(made[-1])
    assert gc.get_freeze_count() == 0
