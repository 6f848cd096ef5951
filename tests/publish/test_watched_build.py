"""A watching process (``serve``) looks again only at the events its watcher reported: the
event files and decklist files of the others are not looked at (counted, never timed), and
the site is the one a clean build makes, byte for byte. What the watcher cannot place makes
the build look at everything (:mod:`ingest.publish.watched`)."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.publish import site_update
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.run import build_site
from ingest.publish.site_manifest import SiteCheck, SiteManifest, check_site
from ingest.publish.watched import ChangeLog, LastLook, trusted_events
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, SAMPLE_EVENTS, _same
from tests.publish.test_player_book import EDITS, _edit, _unregister_half
from tests.site_helpers import TODAY, make_project


def _build(root: Path, home: Path, memory: BuildMemory, today: dt.date = TODAY) -> BuildTimings:
    return build_site(
        Project(root), today=today, cache_home=home, settled_before=time.time_ns(), workers=1, memory=memory
    )


def _events(root: Path) -> list[Path]:
    return sorted(e for e in (root / "events").rglob("*.yaml") if "decks" not in e.parts)


def test_a_watching_build_looks_only_at_the_reported_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    walks: list[Path] = []

    def walked(site: Path, manifest: SiteManifest | None) -> SiteCheck:
        if site == root / "build" / "site":  # (not the clean build's that the site is compared with)
            walks.append(site)
        return check_site(site, manifest)

    monkeypatch.setattr(site_update, "check_site", walked)
    make_project(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    first = _build(root, home, memory)
    assert len(first.events_looked_at) == SAMPLE_EVENTS, "the first build knows nothing: it looks at every event"
    assert len(walks) == 1

    quiet = _build(root, home, memory)
    assert quiet.events_looked_at == [] and quiet.events_made == 0

    modern = next(e for e in _events(root) if e.stem == MODERN)
    text = modern.read_text(encoding="utf-8")
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    memory.changes.record(os.fspath(modern))
    memory.changes.record(os.fspath(modern.parent / f".{modern.name}.lock"))  # an edit's lock: not an event
    edited = _build(root, home, memory)
    shown = modern.relative_to(root).as_posix()
    assert edited.events_looked_at == [shown] and edited.events_made == 1
    assert len(walks) == 1, "the site this process left is taken as its manifest lists it, not looked at again"
    _same(root, tmp_path)

    # Another process built meanwhile (the manifest is another file): the site is looked at.
    _build(root, home, BuildMemory())
    assert len(walks) == 2
    _build(root, home, memory)
    assert len(walks) == 3
    _same(root, tmp_path)


def test_a_reported_decklist_makes_its_event_again(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    _build(root, home, memory)
    decks = sorted((root / "events").rglob("decks/**/*.txt"))
    assert decks, "the samples have decklist files"
    deck = decks[0]
    deck.write_text(deck.read_text(encoding="utf-8").replace("4 ", "3 ", 1), encoding="utf-8")
    memory.changes.record(os.fspath(deck))
    again = _build(root, home, memory)
    assert again.events_made == 1 and len(again.events_looked_at) == 1
    _same(root, tmp_path)


def test_what_the_watcher_cannot_place_makes_the_build_look_at_everything(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    _build(root, home, memory)
    # players.yaml: every event's players are checked against it again.
    memory.changes.record(os.fspath(root / "players.yaml"))
    assert len(_build(root, home, memory).events_looked_at) == SAMPLE_EVENTS
    # A folder moved: its files are not named one by one.
    memory.changes.record_everything()
    assert len(_build(root, home, memory).events_looked_at) == SAMPLE_EVENTS
    # A new event file: the events folder is listed again, and the new event made.
    modern = next(e for e in _events(root) if e.stem == MODERN)
    added = modern.with_name("2026-11-27-friday-night-modern-next.yaml")
    added.write_text(modern.read_text(encoding="utf-8").replace("date: 2026-11-13", "date: 2026-11-27"), "utf-8")
    memory.changes.record(os.fspath(added))
    grown = _build(root, home, memory)
    assert grown.events_made == 1 and len(grown.events_looked_at) == SAMPLE_EVENTS + 1
    _same(root, tmp_path)
    # An event removed: listed again, its pages gone.
    added.unlink()
    memory.changes.record(os.fspath(added))
    shrunk = _build(root, home, memory)
    assert len(shrunk.events_looked_at) == SAMPLE_EVENTS
    _same(root, tmp_path)
    # Another day (another build fingerprint): every event is looked at.
    later = _build(root, home, memory, today=TODAY + dt.timedelta(days=1))
    assert len(later.events_looked_at) == SAMPLE_EVENTS


def test_a_build_without_a_watcher_looks_at_every_event(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory = BuildMemory()  # as a benchmark keeps it: nothing watched
    _build(root, home, memory)
    assert len(_build(root, home, memory).events_looked_at) == SAMPLE_EVENTS


def test_trust_is_given_only_for_the_same_fingerprint_and_known_paths(tmp_path: Path) -> None:
    events = tmp_path / "events"
    event = events / "2026" / "a.yaml"
    event.parent.mkdir(parents=True)
    event.write_text("name: a\n")
    last = LastLook("f1", (event,), {})
    assert trusted_events(None, frozenset(), "f1", events) is None
    assert trusted_events(last, None, "f1", events) is None
    assert trusted_events(last, frozenset(), "f2", events) is None
    kept = trusted_events(last, frozenset({os.path.abspath(events / "2026" / ".a.yaml.swp")}), "f1", events)
    assert kept is not None and list(kept.paths) == [event]
    assert trusted_events(last, frozenset({os.path.abspath(events / "2026" / "notes.txt")}), "f1", events) is None


def _files(root: Path) -> dict[str, bytes]:
    """Every file of the project but the build folder, by absolute name."""
    return {
        os.path.abspath(p): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and "build" not in p.relative_to(root).parts[:1]
    }


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(EDITS), st.integers(0, 50)), min_size=1, max_size=3))
def test_a_watching_process_builds_what_a_clean_build_makes_whatever_the_changes(
    tmp_path: Path, edits: list[tuple[str, int]]
) -> None:
    """The players' book's random sequences of changes, each reported as serve's watcher
    reports it (every file created, changed or removed), a build of a watching process after
    each: build/docs, build/fragments and build/site are a clean build's, byte for byte."""
    work = tmp_path / f"w{time.monotonic_ns()}"
    root, home = work / "p", work / "home"
    make_project(root)
    _unregister_half(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    _build(root, home, memory)
    for kind, n in edits:
        before = _files(root)
        _edit(root, kind, n)
        after = _files(root)
        for name in set(before) | set(after):
            if before.get(name) != after.get(name):
                memory.changes.record(name)
        _build(root, home, memory)
        _same(root, work)
    shutil.rmtree(work, ignore_errors=True)
