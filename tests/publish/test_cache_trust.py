"""How a build trusts an unchanged event's build cache entry: by the signature of its file and
of its decklist files, each folder on the way to a decklist looked at once per build (an
archive's events share their decklist folders), and never through a symbolic link."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from ingest.core.errors import IngestError
from ingest.publish import unchanged
from ingest.publish.build_state import BuildTimings
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site_helpers import TODAY, make_project

MODERN = "2026-11-13-friday-night-modern"


def _build(root: Path, home: Path) -> BuildTimings:
    return build_site(
        Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1, docs_only=True
    )


def test_a_folder_is_plain_when_every_part_on_the_way_is_a_folder_and_no_link(tmp_path: Path) -> None:
    base = tmp_path / "events"
    (base / "decks" / "a").mkdir(parents=True)
    (base / "elsewhere").mkdir()
    (base / "decks" / "b").symlink_to(base / "elsewhere", target_is_directory=True)
    (base / "decks" / "file").write_text("x", encoding="utf-8")
    seen: dict[str, bool] = {}
    folder = os.fspath(base)
    assert unchanged.plain_folders(folder, "decks/a", seen)
    assert unchanged.plain_folders(folder, "", seen)
    for inner in ("decks/b", "decks/file", "decks/missing", "decks/../decks/a", "decks/./a", "decks//a", ".."):
        assert not unchanged.plain_folders(folder, inner, seen), inner


def test_each_folder_is_looked_at_once_in_a_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "events"
    (base / "decks" / "a").mkdir(parents=True)
    looked: list[str] = []
    real_lstat = os.lstat

    def counted(path: str | os.PathLike[str], *args: object, **kwargs: object) -> os.stat_result:
        looked.append(os.fspath(path))
        return real_lstat(path)

    monkeypatch.setattr(os, "lstat", counted)
    seen: dict[str, bool] = {}
    for _ in range(50):  # fifty events whose decklists are in one folder
        assert unchanged.plain_folders(os.fspath(base), "decks/a", seen)
    assert sorted(looked) == sorted([os.fspath(base / "decks"), os.fspath(base / "decks" / "a")])


def test_an_unchanged_event_whose_decklist_folder_became_a_link_is_not_taken_from_the_cache(tmp_path: Path) -> None:
    """The event's file and its decklist files are as they were (same text), but the folder
    that holds them is now a link to a copy: the entry is not used, and the event is read
    again, which refuses a decklist reached through a link."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    first = _build(root, home)
    assert first.events_made > 1
    again = _build(root, home)
    assert again.events_made == 0
    decks = root / "events" / "2026" / "decks" / "2026-11-13-modern"
    copy = tmp_path / "copy"
    decks.rename(copy)
    decks.symlink_to(copy, target_is_directory=True)
    with pytest.raises(IngestError) as failed:
        _build(root, home)
    assert "2026-11-13-modern" in str(failed.value) or MODERN in str(failed.value)


def test_the_collector_does_not_scan_the_archive_while_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading thousands of cached events' briefs allocates millions of objects without
    cycles: the cyclic collector is paused meanwhile (at 3,000 events each full collection
    scanned all of them again), and resumes after."""
    import gc

    from ingest.publish import run

    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    seen: list[bool] = []
    real = unchanged.find_unchanged

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "find_unchanged", watched)  # as run.py calls it
    before = gc.isenabled()
    _build(root, home)
    assert seen == [False]
    assert gc.isenabled() == before
