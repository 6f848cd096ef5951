"""What a whole build holds at once (issue 38: memory that does not grow with the archive).

Counted, never measured: a process forked while the build holds the archive copies each
page of memory its work touches, so the pages about many events (the players' above all,
whose histories lie all over the build's memory) are made in the build's own process.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from benchmarks.build import generate
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site_helpers import TODAY


@pytest.fixture(autouse=True)
def _forking_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runner's own threads (pytest-xdist) hold no lock a build takes."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_a_whole_build_forks_no_process_while_it_holds_the_archive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The events are made in forked processes (forked before the archive is held); the
    player pages, over a hundred of them here, are made in the build's own process."""
    root = tmp_path / "archive"
    generate(root, 16)  # 16 weekly events (forked from 16 on) of 32 players drawn from 600: over a hundred player pages
    stage = ["start"]
    forks: list[str] = []
    real_fork = os.fork
    me = os.getpid()

    def fork() -> int:
        if os.getpid() == me:
            forks.append(stage[0])
        return real_fork()

    monkeypatch.setattr(os, "fork", fork)

    def progress(name: str, done: int, total: int) -> None:
        stage[0] = name

    timings = build_site(Project(root), today=TODAY, workers=2, docs_only=True, progress=progress)
    players = list((root / "build" / "docs" / "players").glob("*.md"))
    assert timings.processes == 2 and len(players) > 100
    assert forks and set(forks) == {"making events"}, forks
