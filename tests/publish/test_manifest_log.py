"""What a build writes back of the events' manifest is what changed (:mod:`ingest.publish.events_manifest`):
the rows of the events it made, appended to the log, one signed line each, never the whole
file rewritten for one result; a watching process (``serve``) reads neither file while no
other process wrote them. The log is folded into a new whole file once it grows past a share
of it. A log torn by a crash, or left by another whole file, loses only the rows it no
longer proves (each row is checked where it is used), and the site is a clean build's, byte
for byte. What is read and written is counted, never timed."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import cache_entries, events_manifest, events_manifest_rows
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.cache import EventStore
from ingest.publish.events_manifest import FILE, LOG, load_manifest
from ingest.publish.events_manifest_index import IndexRow
from ingest.publish.run import build_site
from ingest.publish.watched import ChangeLog
from ingest.source import storage
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, SAMPLE_EVENTS, _same, _settle
from tests.site_helpers import TODAY, make_project


def _build(root: Path, home: Path, memory: BuildMemory | None = None) -> BuildTimings:
    return build_site(
        Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1, memory=memory
    )


def _folder(home: Path) -> Path:
    (found,) = (home / "builds").glob(f"*/{FILE}")
    return found.parent


def _event(root: Path) -> Path:
    return next((root / "events").rglob(f"{MODERN}.yaml"))


def _change(root: Path, old: str = "games: 2-0}", new: str = "games: 0-2}") -> str:
    """One result of the Modern event changed (settled: its signature can be kept); its name as shown."""
    event = _event(root)
    text = event.read_text(encoding="utf-8")
    assert old in text
    event.write_text(text.replace(old, new, 1), encoding="utf-8")
    _settle(event)
    return event.relative_to(root).as_posix()


def _log_rows(folder: Path) -> list[str]:
    """The event files the log's lines name, in order."""
    log = folder / LOG
    if not log.exists():
        return []
    return [line.split(b"\t")[1].decode() for line in log.read_bytes().split(b"\n")[:-1]]


def _project(root: Path) -> None:
    make_project(root)
    shutil.rmtree(root / "seasons")  # (a season reads the steps of every event it counts from its entry)
    _settle(*(p for p in (root / "events").rglob("*") if p.is_file()))


def _count_decoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rows decoded into events from now on (by event file)."""
    decoded: list[str] = []
    real = cache_entries.decode_slim

    def counted(header: dict[str, Any], checked: Any, key: str, shown: str) -> Any:
        decoded.append(shown)
        return real(header, checked, key, shown)

    monkeypatch.setattr(events_manifest_rows, "decode_slim", counted)
    return decoded


def test_a_new_build_after_one_result_appends_that_events_row_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    folder = _folder(home)
    whole = (folder / FILE).read_bytes()
    inode = (folder / FILE).stat().st_ino
    assert not (folder / LOG).exists()

    _build(root, home)
    assert not (folder / LOG).exists(), "nothing changed: nothing written"

    shown = _change(root)
    decoded = _count_decoded(monkeypatch)
    t = _build(root, home)
    assert t.events_made == 1
    assert decoded == [], "the unchanged events' rows are not decoded: their lines are read (site_lines.py)"
    assert (folder / FILE).read_bytes() == whole and (folder / FILE).stat().st_ino == inode, "not rewritten"
    assert _log_rows(folder) == [f'"{shown}"']
    assert (folder / LOG).stat().st_size < len(whole) / SAMPLE_EVENTS * 3, "one row's bytes"
    manifest = load_manifest(_store_of(root, home))
    assert manifest.rows is not None and len(manifest.rows) == SAMPLE_EVENTS
    assert manifest.logged == (folder / LOG).stat().st_size

    again = _build(root, home)
    assert (again.events_made, again.events_read, again.entries_read) == (0, [], []), "the logged row is used"
    _same(root, tmp_path)


def _store_of(root: Path, home: Path) -> Any:
    """The build cache a build of ``root`` opens today."""
    from ingest.publish.run import _open_store

    return _open_store(Project(root), TODAY, home)


def test_a_watching_process_reads_no_manifest_and_appends_what_it_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    _build(root, home, memory)
    folder = _folder(home)
    whole = (folder / FILE).read_bytes()

    reads: list[str] = []
    real_file, real_signed = storage.read_build_file, EventStore.read_signed

    def counted_file(path: Path | str, limit: int = 0) -> bytes | None:
        reads.append(Path(path).name)
        return real_file(path, limit)

    def counted_signed(store: EventStore, path: Path, key: str) -> bytes | None:
        if path.name in (FILE, LOG):
            reads.append(path.name)
        return real_signed(store, path, key)

    monkeypatch.setattr(events_manifest, "read_build_file", counted_file)
    monkeypatch.setattr(EventStore, "read_signed", counted_signed)
    decoded = _count_decoded(monkeypatch)
    for n, (old, new) in enumerate((("games: 2-0}", "games: 0-2}"), ("games: 0-2}", "games: 2-0}"))):
        shown = _change(root, old, new)
        memory.changes.record(os.fspath(_event(root)))
        t = _build(root, home, memory)
        assert t.events_made == 1 and t.events_looked_at == [shown]
        assert reads == [] and decoded == [], "the manifest is not read again, no row decoded"
        assert (folder / FILE).read_bytes() == whole
        assert _log_rows(folder) == [f'"{shown}"'] * (n + 1)
    monkeypatch.undo()
    _same(root, tmp_path)
    t = _build(root, home)  # a new process reads the log over the whole file
    assert (t.events_made, t.events_read, t.entries_read) == (0, [], [])


def test_a_log_past_its_share_is_folded_into_a_new_whole_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    monkeypatch.setattr(events_manifest, "LOG_FLOOR", 0)  # (the sample's manifest is small)
    _build(root, home)
    folder = _folder(home)
    share = (folder / FILE).stat().st_size // events_manifest.LOG_SHARE
    flips = (("games: 2-0}", "games: 0-2}"), ("games: 0-2}", "games: 2-0}"))
    for n in range(12):
        _change(root, *flips[n % 2])
        _build(root, home)
        assert not (folder / LOG).exists() or (folder / LOG).stat().st_size <= share
        if not (folder / LOG).exists():
            break
    else:
        pytest.fail("the log was never folded")
    manifest = load_manifest(_store_of(root, home))
    assert manifest.rows is not None and len(manifest.rows) == SAMPLE_EVENTS and manifest.logged == 0
    t = _build(root, home)
    assert (t.events_made, t.events_read, t.entries_read) == (0, [], [])
    _same(root, tmp_path)


@pytest.mark.parametrize("damage", ["torn", "another whole file"])
def test_a_log_that_does_not_check_loses_only_its_rows(tmp_path: Path, damage: str) -> None:
    """The log's last line torn (a crash while appending), or the whole file written again
    under it with another nonce: the rows it no longer proves are not used (the changed
    event's entry is read again), and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    folder = _folder(home)
    shown = _change(root)
    _build(root, home)
    log = folder / LOG
    data = log.read_bytes()
    if damage == "torn":
        log.write_bytes(data[:-10])
    else:  # the whole file as it was before the change, written again under another nonce
        store = _store_of(root, home)
        os.unlink(log)
        read = load_manifest(store, whole=True).rows
        assert read is not None
        rows = {name: row for name, row in read.items() if not isinstance(row, IndexRow)}
        events_manifest.save_rows(store, events_manifest.Manifest(store.fingerprint, {}), rows, list(rows))
        log.write_bytes(data)
    manifest = load_manifest(_store_of(root, home))
    assert manifest.logged == 0
    t = _build(root, home)
    assert t.events_made == 0 and t.events_read == [shown], "the file is read to take its key"
    _same(root, tmp_path)
