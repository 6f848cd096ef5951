"""The record of build/docs (ingest.publish.build_files) after one result: what changed is
appended as writing build/docs found it, not by comparing the record's every entry again, and
the record read back stands for the trees (a change undone in a new process is written)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from benchmarks.build import change_result, generate
from ingest.publish import build_files, kept_map
from ingest.publish.build_state import BuildMemory
from ingest.publish.watched import ChangeLog
from tests.publish.test_one_change_work import docs_build
from tests.publish.test_player_book import _tree

_build = docs_build


@pytest.mark.parametrize("process", ["new", "watching"])
def test_a_one_result_build_appends_what_it_wrote_without_comparing_the_whole_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, process: str
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    latest = generate(root, 8)
    original = latest.read_text(encoding="utf-8")
    memory = BuildMemory()
    if process == "watching":
        memory.changes = ChangeLog()
    _build(root, home, memory)
    compared: list[int] = []
    real = kept_map.changed_entries

    def changed_entries(before: Any, now: Any) -> Any:
        compared.append(len(now))
        return real(before, now)

    monkeypatch.setattr(build_files, "changed_entries", changed_entries)
    change_result(latest, 0)
    if memory.changes is not None:
        memory.changes.record(os.fspath(latest))
    _build(root, home, memory if process == "watching" else None)
    assert compared == [], "the record's entries are not compared again"
    # The change undone, in a new process: the record kept says what the trees hold, so the
    # event's files and its players' are written back (a stale record would leave them).
    latest.write_text(original, encoding="utf-8")
    _build(root, home)
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns("build"))
    _build(clean, tmp_path / "clean-home")
    assert _tree(root) == _tree(clean)
