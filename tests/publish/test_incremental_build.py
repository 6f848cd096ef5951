"""A build after a change does the work the change calls for and makes the site a clean build
makes, byte for byte: a result edited, an event added, an event removed, a player renamed
in players.yaml. The work is counted (event files read, events made, events whose files were
read back from the build cache), never timed."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from ingest.publish import site_update
from ingest.publish.build_state import BuildTimings
from ingest.publish.cache import signing_key
from ingest.publish.run import build_site
from ingest.publish.site_manifest import Listed, load_manifest, record_site
from ingest.source.project import Project
from ingest.source.storage import FileSignature
from tests.site_helpers import TODAY, make_project

MODERN = "2026-11-13-friday-night-modern"
SAMPLE_EVENTS = 8


def _build(root: Path, home: Path) -> BuildTimings:
    """A build as a new ``scorekeeper build`` process makes it: the build cache on disk, files
    settled when they last changed more than a tick before (here: before now)."""
    return build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1)


def _tree(root: Path) -> dict[str, bytes]:
    out = {}
    for folder in ("docs", "fragments", "site"):
        base = root / "build" / folder
        out.update(
            {f"{folder}/{p.relative_to(base).as_posix()}": p.read_bytes() for p in base.rglob("*") if p.is_file()}
        )
    return out


def _clean(root: Path, tmp: Path) -> dict[str, bytes]:
    """Every file of a build of a copy of the project without its build folder or cache."""
    other = tmp / "clean"
    shutil.rmtree(other, ignore_errors=True)
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    _build(other, tmp / f"clean-home-{time.monotonic_ns()}")
    return _tree(other)


def _same(root: Path, tmp: Path) -> None:
    mine, clean = _tree(root), _clean(root, tmp)
    assert sorted(mine) == sorted(clean)
    assert [k for k in mine if mine[k] != clean[k]] == []


def _settle(*paths: Path) -> None:
    """Moves the files' times back a minute: they have settled (a build may trust their signature)."""
    past = time.time() - 60
    for path in paths:
        os.utime(path, (past, past))


def test_an_incremental_build_makes_a_clean_builds_site_and_only_the_changed_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    events = sorted((root / "events").rglob("*.yaml"))
    events = [e for e in events if "decks" not in e.parts]
    assert len(events) == SAMPLE_EVENTS
    _settle(*events)
    first = _build(root, home)
    assert first.events_made == SAMPLE_EVENTS and len(first.events_read) == SAMPLE_EVENTS

    # Nothing changed: no event file is read, none made, no event's files read back.
    again = _build(root, home)
    assert (again.events_made, again.events_cached, again.events_read, again.files_loaded) == (0, 8, [], [])
    pages = sum(1 for k in _tree(root) if k.startswith("docs/") and k.endswith(".md"))
    assert again.pages == first.pages == pages, "the pages counted, those of events in the cache included"

    # One result edited: that file alone is read and made; the others' files stay in the cache.
    modern = next(e for e in events if e.stem == MODERN)
    text = modern.read_text(encoding="utf-8")
    assert "games: 2-0}" in text
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    walks: list[Path] = []

    def walked(site: Path, known: Listed) -> dict[str, tuple[str, FileSignature]]:
        walks.append(site)
        return record_site(site, known)

    monkeypatch.setattr(site_update, "record_site", walked)
    edited = _build(root, home)
    assert walks == [], "the pages updated in place: the site is not walked again to list it"
    shown = modern.relative_to(root).as_posix()
    assert (edited.events_made, edited.events_read, edited.files_loaded) == (1, [shown], [])
    assert edited.extra["incremental"] == 1.0, "no page's Markdown changed: the pages were updated in place"
    # The site's manifest, written from the verified listing and the files updated, is the
    # one a walk of the whole site makes.
    loaded = load_manifest(root / "build", signing_key(home) or b"")
    assert loaded is not None and loaded[0].files == record_site(root / "build" / "site", {})
    assert loaded[1].logged > 0, "the manifest's changed entries appended, not the whole manifest written again"
    _same(root, tmp_path)

    # An event added (a copy under another name): made; the others untouched.
    added = modern.with_name("2026-11-27-friday-night-modern-next.yaml")
    added.write_text(
        re.sub(
            r"(?m)^date: .*$", "date: 2026-11-27", re.sub(r"(?m)^name: .*$", "name: Friday Night Modern Next", text)
        ),
        encoding="utf-8",
    )
    grown = _build(root, home)
    assert (grown.events_made, grown.events_cached, grown.files_loaded) == (1, SAMPLE_EVENTS, [])
    _same(root, tmp_path)

    # An event removed: nothing made, its files gone from every tree.
    added.unlink()
    shrunk = _build(root, home)
    assert (shrunk.events_made, shrunk.events_cached, shrunk.files_loaded) == (0, SAMPLE_EVENTS, [])
    assert not any("friday-night-modern-next" in k for k in _tree(root))
    _same(root, tmp_path)

    # A player renamed in players.yaml: the events they played are made again, no other.
    registry = root / "players.yaml"
    names = registry.read_text(encoding="utf-8")
    assert "name: Kenji Quist}" in names
    played = [e for e in events if "kenji-quist" in e.read_text(encoding="utf-8")]
    assert 0 < len(played) < SAMPLE_EVENTS
    registry.write_text(names.replace("name: Kenji Quist}", "name: Kenji Q. Quist}"), encoding="utf-8")
    renamed = _build(root, home)
    assert renamed.events_made == len(played) and renamed.events_read == []
    built = _tree(root)
    assert b"Kenji Q. Quist" in built["site/players/kenji-quist/index.html"]
    _same(root, tmp_path)


def test_a_build_whose_trees_were_removed_reads_the_events_files_back_and_makes_none(tmp_path: Path) -> None:
    """With build/docs gone, the record of what it held stands for nothing: every event's
    files are read back from the build cache (no event made again) and compared."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    _build(root, home)
    shutil.rmtree(root / "build" / "docs")
    rebuilt = _build(root, home)
    assert rebuilt.events_made == 0 and len(rebuilt.files_loaded) == SAMPLE_EVENTS
    _same(root, tmp_path)
