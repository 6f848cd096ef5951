"""Nothing in the build folder runs code or is trusted: there is no report cache on disk.

Issue 16, point 1: a file planted in the build folder (say force-committed on a branch)
must never run code and never be used. The on-disk report cache, which unpickled its
entries, is gone (it did not earn its place once entries had to be safe data: decoding a
report from JSON took longer than computing it). Each test runs `scorekeeper build` in a
new process, as a user would after a checkout.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import subprocess
import sys
from pathlib import Path

from tests.builders import ROOT
from tests.site_helpers import TODAY, make_project

SAMPLE_EVENTS = 8


class _Payload:
    """Unpickling this runs a shell command that leaves a marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        import os

        return os.system, (f"touch {self.marker}",)


def _build(root: Path) -> tuple[int, int]:
    """`scorekeeper build` in a new process: (events computed, events from cache)."""
    cmd = [sys.executable, "-m", "ingest", "--root", str(root), "build", "--today", TODAY.isoformat(), "--docs-only"]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"\((\d+) events computed, (\d+) from cache\)", proc.stderr)
    assert found, proc.stderr
    return int(found.group(1)), int(found.group(2))


def _docs(root: Path) -> dict[str, bytes]:
    out = {}
    for folder in ("docs", "fragments"):
        base = root / "build" / folder
        out.update({f"{folder}/{p.relative_to(base)}": p.read_bytes() for p in base.rglob("*") if p.is_file()})
    return out


def test_a_build_writes_no_cache_that_a_later_build_reads(tmp_path: Path) -> None:
    """Reports are kept in memory only (serve): a new process computes them again, and the
    build folder holds no report, pickled or otherwise."""
    make_project(tmp_path)
    assert _build(tmp_path) == (SAMPLE_EVENTS, 0)
    first = _docs(tmp_path)
    assert _build(tmp_path) == (SAMPLE_EVENTS, 0)
    assert _docs(tmp_path) == first
    cache = tmp_path / "build" / ".cache"
    assert [p.name for p in cache.rglob("*") if p.name not in ("site.json", "docs.token")] == []


def test_planted_cache_files_are_neither_run_nor_used(tmp_path: Path) -> None:
    """Files planted where the report cache used to live (a pickle that runs a command under
    every name the old cache read, and JSON lookalikes) are never read: no command runs and
    the pages are those of a clean build."""
    make_project(tmp_path)
    _build(tmp_path)
    clean = _docs(tmp_path)
    marker = tmp_path / "pwned"
    payload = pickle.dumps(_Payload(marker))
    folder = tmp_path / "build" / ".cache" / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    keys = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(4)]
    # The keys the old cache used: a hash of the checkout and of each event file.
    keys += [_old_key(tmp_path, path) for path in sorted((tmp_path / "events").rglob("*.yaml"))]
    for key in keys:
        (folder / f"{key}.pickle").write_bytes(payload)
        (folder / f"{key}.json").write_bytes(payload)
    for place in (tmp_path / "build" / ".cache", tmp_path / "build" / "fragments"):
        (place / "x.pickle").write_bytes(payload)
    assert _build(tmp_path) == (SAMPLE_EVENTS, 0)
    assert not marker.exists()
    assert {k: v for k, v in _docs(tmp_path).items() if not k.endswith("x.pickle")} == clean


def _old_key(root: Path, path: Path) -> str:
    """A guess at a report key (any value will do: nothing reads the folder)."""
    return hashlib.sha256(path.relative_to(root).as_posix().encode() + path.read_bytes()).hexdigest()


def test_nothing_in_the_package_unpickles_or_loads_yaml_unsafely() -> None:
    """The one reading path for data files is ingest.source.yamldoc (safe loader); no module unpickles
    (build workers send their results back through multiprocessing, never through a file)."""
    offenders = []
    for path in sorted((ROOT / "ingest").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        patterns = (
            r"pickle\.loads?\(",
            r"\bmarshal\.loads?\(",
            r"\bshelve\.",
            r"yaml\.(unsafe_load|full_load|load_all)\(",
            r"Loader=(yaml\.)?(Unsafe|Full)?Loader\b",
        )
        for pattern in patterns:
            if re.search(pattern, text):
                offenders.append(f"{path.relative_to(ROOT)}: {pattern}")
    assert offenders == []
