"""Builds that run at once, and builds that start while an edit holds an event file's lock.

Real processes, not threads: `scorekeeper build` in one terminal while `serve` (or another
build) runs in another, and an edit command holding the lock of the file being built.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from ingest.edit.locking import lock_path
from ingest.publish.build_lock import BUILD_LOCK
from tests.site_helpers import TODAY, make_project

HOLD = """
import sys, time
from pathlib import Path
from filelock import FileLock
lock = FileLock(sys.argv[1], thread_local=False, is_singleton=False)
lock.acquire()
Path(sys.argv[2]).write_text("held")
time.sleep(float(sys.argv[3]))
if len(sys.argv) > 4:  # the edit, written while the lock is held
    Path(sys.argv[4]).write_text(Path(sys.argv[4]).read_text().replace(sys.argv[5], sys.argv[6]))
lock.release()
"""


def _build(root: Path, *extra: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "ingest", "--root", str(root), "build", "--today", TODAY.isoformat(), *extra]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _hold(lock: Path, flag: Path, seconds: float, *edit: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(lock), str(flag), str(seconds), *edit], text=True)
    deadline = time.time() + 30
    while not flag.exists() and time.time() < deadline:
        time.sleep(0.02)
    assert flag.exists(), "the lock holder did not start"
    return proc


def test_two_builds_at_once_both_finish_and_leave_one_whole_site(tmp_path: Path) -> None:
    """Two `scorekeeper build` processes (say serve's and one in another terminal): neither
    deletes the other's work in progress; both succeed and the site is whole afterwards."""
    project = make_project(tmp_path)
    first = _build(tmp_path, "--engine", "zensical")
    second = _build(tmp_path)
    outs = [p.communicate(timeout=300) for p in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], outs
    build = tmp_path / "build"
    assert not [p.name for p in build.iterdir() if p.name.startswith((".site-next-", ".zensical-", ".site.old"))]
    assert (build / "site" / "events" / "2026-11-13-friday-night-modern" / "index.html").is_file()
    assert not list(tmp_path.glob(".scorekeeper-zensical*")) and not (tmp_path / ".cache").exists()
    del project


def test_a_build_waits_for_another_build_holding_the_lock(tmp_path: Path) -> None:
    make_project(tmp_path)
    (tmp_path / "build").mkdir()
    holder = _hold(tmp_path / "build" / BUILD_LOCK, tmp_path / "held", 3.0)
    start = time.time()
    build = _build(tmp_path, "--docs-only")
    _out, err = build.communicate(timeout=300)
    assert build.returncode == 0, err
    assert holder.wait(timeout=30) == 0
    assert time.time() - start >= 2.5, "the build did not wait for the lock"


def test_a_build_that_starts_during_an_edit_waits_for_it_and_builds_the_edited_file(tmp_path: Path) -> None:
    """An edit command holds `.<name>.lock` next to the event file while it writes: the
    build reads the file only once the edit is done."""
    make_project(tmp_path)
    event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
    holder = _hold(
        lock_path(event), tmp_path / "held", 2.0, str(event), "name: 'Pioneer Weekly #18'", "name: Pioneer Edited"
    )
    build = _build(tmp_path, "--docs-only")
    _out, err = build.communicate(timeout=300)
    assert holder.wait(timeout=30) == 0
    assert build.returncode == 0, err
    page = tmp_path / "build" / "docs" / "events" / "2026-11-20-pioneer-weekly" / "index.md"
    assert "Pioneer Edited" in page.read_text(encoding="utf-8")


def test_a_killed_build_does_not_block_the_next_one(tmp_path: Path) -> None:
    make_project(tmp_path)
    (tmp_path / "build").mkdir()
    holder = _hold(tmp_path / "build" / BUILD_LOCK, tmp_path / "held", 60.0)
    holder.kill()
    holder.wait(timeout=30)
    build = _build(tmp_path, "--docs-only")
    _out, err = build.communicate(timeout=120)
    assert build.returncode == 0, err
    assert os.path.exists(tmp_path / "build" / "docs" / "index.md")


def test_serve_compares_the_files_again_after_a_build_in_another_process(tmp_path: Path) -> None:
    """serve remembers what it wrote into build/docs; a build in another process (here for another
    day, so other pages) makes it compare with the disk again instead of trusting its memory."""
    from ingest.publish.build_state import BuildMemory
    from ingest.publish.run import build_site

    project = make_project(tmp_path / "served")
    memory = BuildMemory()
    build_site(project, today=TODAY, memory=memory, docs_only=True)
    other_day = [sys.executable, "-m", "ingest", "--root", str(project.root), "build", "--today", "2027-03-01"]
    assert subprocess.run([*other_day, "--docs-only"], capture_output=True, check=False).returncode == 0
    build_site(project, today=TODAY, memory=memory, docs_only=True)
    fresh = make_project(tmp_path / "fresh")
    build_site(fresh, today=TODAY, docs_only=True)

    def tree(root: Path) -> dict[str, bytes]:
        out = {}
        for name in ("docs", "fragments"):
            base = root / "build" / name
            out.update({f"{name}/{p.relative_to(base)}": p.read_bytes() for p in base.rglob("*") if p.is_file()})
        return out

    assert tree(project.root) == tree(fresh.root)
