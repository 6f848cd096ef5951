"""A build after one change does work in proportion to the change, not to the archive:
counted (never timed) in builds of a new process and of a watching one, and what they leave
checked against what a build that looks at everything leaves."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from ingest.publish import analytics_cache, analytics_kept, sync
from ingest.publish import cache as build_cache
from ingest.publish.analytics_cache import AnalyticsCache
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import content_digest
from ingest.publish.run import _open_store, build_site
from ingest.publish.watched import ChangeLog
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, SAMPLE_EVENTS
from tests.site_helpers import TODAY, make_project

MODERN_FORMAT = ("mtg", "modern")


def docs_build(root: Path, home: Path, memory: BuildMemory | None = None) -> BuildTimings:
    """A build of build/docs alone, in a new process's way or (``memory``) a watching one's."""
    return build_site(
        Project(root),
        today=TODAY,
        cache_home=home,
        settled_before=time.time_ns(),
        workers=1,
        memory=memory,
        docs_only=True,
    )


def _docs(root: Path) -> dict[str, bytes]:
    """Every file of build/docs and build/fragments."""
    out: dict[str, bytes] = {}
    for tree in ("docs", "fragments"):
        base = root / "build" / tree
        out.update((f"{tree}/{p.relative_to(base).as_posix()}", p.read_bytes()) for p in base.rglob("*") if p.is_file())
    return out


def _notes(home: Path) -> Path:
    return next((home / "builds").iterdir()) / build_cache.LAST_GOOD


def _entries(home: Path) -> set[str]:
    return {p.stem for p in (next((home / "builds").iterdir()) / build_cache.FOLDER).glob("*.json")}


def _pointing(home: Path) -> dict[str, str]:
    """Each note's file name and the entry key it points to."""
    return {p.name: p.read_text().split("\n")[1] for p in _notes(home).iterdir()}


@pytest.fixture
def notes_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The notes of last good entries each build's pruning read."""
    counts: list[int] = []
    prune = EventStore.prune

    def counted(self: EventStore) -> None:
        before = self.notes_read
        prune(self)
        counts.append(self.notes_read - before)

    monkeypatch.setattr(EventStore, "prune", counted)
    return counts


def _modern(root: Path) -> Path:
    return next(p for p in (root / "events").rglob(f"{MODERN}.yaml"))


def test_a_one_result_build_reads_only_the_changed_events_note(tmp_path: Path, notes_read: list[int]) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    docs_build(root, home)
    assert len(_pointing(home)) == SAMPLE_EVENTS and notes_read == [0], "no entry went: no note is read"
    modern = _modern(root)
    modern.write_text(modern.read_text(encoding="utf-8").replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    docs_build(root, home)
    assert notes_read[-1] == 1, "only the note of the event whose entry went is read (was: every note)"
    pointing = _pointing(home)
    assert len(pointing) == SAMPLE_EVENTS and set(pointing.values()) <= _entries(home)

    modern.unlink()  # an event gone: its note goes with its entry
    docs_build(root, home)
    assert notes_read[-1] == 1
    pointing = _pointing(home)
    assert len(pointing) == SAMPLE_EVENTS - 1 and set(pointing.values()) <= _entries(home)


def test_a_watching_process_reads_only_the_changed_events_note(tmp_path: Path, notes_read: list[int]) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory = BuildMemory()
    docs_build(root, home, memory)
    modern = _modern(root)
    modern.write_text(modern.read_text(encoding="utf-8").replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    docs_build(root, home, memory)
    assert notes_read[-1] == 1
    assert set(_pointing(home).values()) <= _entries(home)


def test_an_entry_that_does_not_say_its_event_makes_every_note_read(tmp_path: Path, notes_read: list[int]) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    docs_build(root, home)
    folder = next((home / "builds").iterdir()) / build_cache.FOLDER
    (folder / ("0" * 64 + ".json")).write_bytes(b"torn")
    stray = _notes(home) / ("f" * 32)
    stray.write_text("another fingerprint\n" + "1" * 64 + "\n")
    docs_build(root, home)
    assert notes_read[-1] == SAMPLE_EVENTS + 1, "a removed entry that names no event file: every note is read"
    assert not stray.exists() and len(_pointing(home)) == SAMPLE_EVENTS


def test_many_entries_gone_make_every_note_read(
    tmp_path: Path, notes_read: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    docs_build(root, home)
    monkeypatch.setattr(build_cache, "NOTES_BY_ENTRY", 0)
    modern = _modern(root)
    modern.write_text(modern.read_text(encoding="utf-8").replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    docs_build(root, home)
    assert notes_read[-1] == SAMPLE_EVENTS
    assert set(_pointing(home).values()) <= _entries(home)


def _change_a_modern_result(root: Path) -> None:
    """Round 1, table 1 of the Modern event: 2-0 becomes 2-1 (its analytics pages change, a few of them)."""
    path = _modern(root)
    text = path.read_text(encoding="utf-8")
    old = "{table: 1, players: [beatrix-takeda, hana-lindqvist], games: 2-0}"
    assert old in text
    path.write_text(text.replace(old, old.replace("2-0", "2-1")), encoding="utf-8")


def _watching() -> tuple[BuildMemory, ChangeLog]:
    memory = BuildMemory()
    memory.changes = ChangeLog()
    return memory, memory.changes


def test_a_watching_process_hashes_only_the_analytics_pages_it_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages of a format taken as they were (the very texts its last build held) keep
    their digests, in the format's listing and in the record of ``build/docs``."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory, changes = _watching()
    docs_build(root, home, memory)
    before = memory.analytics[MODERN_FORMAT].files
    assert before is not None
    hashed: list[object] = []
    digest = content_digest

    def counted(content: str | bytes) -> str:
        hashed.append(content)
        return digest(content)

    monkeypatch.setattr(analytics_kept, "content_digest", counted)
    monkeypatch.setattr(sync, "content_digest", counted)
    _change_a_modern_result(root)
    changes.record(str(_modern(root)))
    docs_build(root, home, memory)
    after = memory.analytics[MODERN_FORMAT].files
    assert after is not None
    kept = [text for path, text in after.items() if before.get(path) is text]
    remade = [text for path, text in after.items() if before.get(path) is not text]
    assert kept and remade, "a result changes some of the format's pages, not all"
    assert not [t for t in hashed if any(t is k for k in kept)], "a page taken as it was is not hashed again"
    listed = {path: sha for path, sha, _ in memory.analytics[MODERN_FORMAT].listing}
    assert listed == {path: digest(text) for path, text in after.items()}


def test_a_watching_process_writes_a_formats_files_once_it_stops_watching(tmp_path: Path) -> None:
    """Its builds keep a changed format's pages in memory (its body is every page of the
    format); the build cache has them once watching ends, and a build in a new process in
    between makes what a clean build makes."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    docs_build(root, home)  # (a build in a new process writes them)
    memory, changes = _watching()
    docs_build(root, home, memory)
    folder = next((home / "builds").iterdir()) / analytics_cache.FOLDER
    header = folder / AnalyticsCache.file_name(MODERN_FORMAT)
    body = header.with_suffix(analytics_cache.BODY)
    written = {p.name: p.read_bytes() for p in folder.iterdir()}
    _change_a_modern_result(root)
    changes.record(str(_modern(root)))
    docs_build(root, home, memory)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == written, "nothing written after the change"

    other = tmp_path / "other"  # a new process meanwhile (its own cache: the one above is left as it is)
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    docs_build(other, tmp_path / "other-home")
    docs_build(root, tmp_path / "clean-home")  # (the same build/docs as a clean build)

    store = _open_store(Project(root), TODAY, home)
    AnalyticsCache(store, memory.analytics, totals=True).write_totals()
    kept = memory.analytics[MODERN_FORMAT].files
    assert kept is not None and body.read_bytes() == b"".join(str(t).encode() for t in kept.values())
    assert header.read_bytes() != written[header.name]
    made = _docs(root)
    docs_build(root, home)  # a new process: the format's pages as the cache now holds them
    assert _docs(root) == made
