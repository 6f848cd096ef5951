"""A new build reads the events' manifest's index, not its whole file
(:mod:`ingest.publish.events_manifest_index`): its events step takes each unchanged event from
its index line (its quick part: players, warnings, slug, status, its decklist files by name
and one digest of their signatures) and reads no row; a row is read from the whole file
only when its event's brief or decklist files are asked for, once. An index that does not
check (torn, foreign, of another whole file) is not used, nor is a row not where the index
says: the whole file or the event's own entry is read instead, and the site is a clean
build's. What is read is counted, never timed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ingest.publish import events_manifest, events_manifest_index, events_manifest_seal, site_lines, unchanged
from ingest.publish.build_outcome import build_diagnostics
from ingest.publish.events_manifest import FILE, load_manifest
from ingest.publish.events_manifest_index import INDEX, IndexRow, read_index, write_index
from ingest.publish.events_manifest_rows import PackedEvent
from ingest.publish.run import _open_store
from ingest.publish.unchanged import CacheCheck, find_unchanged, shown_paths
from ingest.source import storage
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.source.storage import find_files
from tests.publish.test_incremental_build import SAMPLE_EVENTS, _same
from tests.publish.test_manifest_log import _build, _change, _folder, _project, _store_of
from tests.site_helpers import TODAY


class Reads:
    """What is read of the events' manifest: the whole file (by a whole read) and its rows (one by one)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.whole = 0
        self.rows: list[str] = []
        self.row_bytes = 0
        real_read = storage.read_build_file
        real_fetch = events_manifest_index.fetch_row

        def read(path: Path, limit: int) -> bytes | None:
            data = real_read(path, limit)
            if path.name == FILE and data is not None:
                self.whole += len(data)
            return data

        def fetch(path: Path, sealed: Any, shown: str, at: IndexRow) -> Any:
            self.rows.append(shown)
            self.row_bytes += at.length
            return real_fetch(path, sealed, shown, at)

        monkeypatch.setattr(events_manifest_seal, "read_build_file", read)
        monkeypatch.setattr(events_manifest, "fetch_row", fetch)


def test_a_new_builds_events_step_reads_the_index_and_no_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The events step of a new build after one result: the whole file is not read, no row is
    read or decoded, and every decklist file is looked at once (the quick check)."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    shown = _change(root)
    reads = Reads(monkeypatch)
    project = Project(root)
    store = _open_store(project, TODAY, home)
    players, _ = load_players(project)
    check = CacheCheck()
    paths = find_files([project.events_dir])
    found = find_unchanged(project, store, players, {}, None, check, paths)
    build_diagnostics(project, [], found, shown_paths(paths, project.root), [])
    assert len(found) == SAMPLE_EVENTS - 1 and check.read == [shown]
    assert all(isinstance(e, PackedEvent) and e.quick is not None for e in found.values())
    assert reads.whole == 0, "the whole file is not read"
    assert reads.rows == [] and check.unpacked == [], "no row is read or decoded"
    assert check.decklists_looked_at == sum(
        len(names) for e in found.values() if isinstance(e, PackedEvent) and e.quick for _, names in e.quick[0]
    )


def test_a_new_build_reads_each_row_it_asks_for_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole new build: the rows read are those of the events whose brief a page asked for
    (each once, by its bytes alone), never the whole file; the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    size = (_folder(home) / FILE).stat().st_size
    shown = _change(root)
    reads = Reads(monkeypatch)
    unpacked: list[list[str]] = []
    real_find = unchanged.find_unchanged

    def find(*args: Any, **kwargs: Any) -> Any:
        found = real_find(*args, **kwargs)
        check = args[5] if len(args) > 5 else kwargs["check"]
        unpacked.append(check.unpacked)
        return found

    monkeypatch.setattr("ingest.publish.run.find_unchanged", find)
    t = _build(root, home)
    assert (t.events_made, t.events_read) == (1, [shown])
    assert reads.whole == 0
    assert sorted(reads.rows) == sorted(set(reads.rows)) == sorted(unpacked[0]), "each row asked for, read once"
    assert shown not in reads.rows and reads.row_bytes < size
    _same(root, tmp_path)


@pytest.mark.parametrize("damage", ["torn", "foreign", "of another whole file", "removed"])
def test_an_index_that_does_not_check_is_not_used(tmp_path: Path, damage: str) -> None:
    """The whole file is read instead (its rows all there), the index written again from it
    for the next build, and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    folder = _folder(home)
    index = folder / INDEX
    data = index.read_bytes()
    if damage == "torn":
        index.write_bytes(data[:-20])
    elif damage == "foreign":
        index.write_bytes(data.replace(b"2026", b"2025"))
    elif damage == "of another whole file":
        store = _store_of(root, home)
        write_index(store, folder, "0" * 16, [])
    else:
        index.unlink()
    manifest = load_manifest(_store_of(root, home))
    assert manifest.rows is not None and len(manifest.rows) == SAMPLE_EVENTS
    assert not any(isinstance(row, IndexRow) for row in manifest.rows.values()), "read from the whole file"
    again = load_manifest(_store_of(root, home))
    assert again.rows is not None and all(isinstance(row, IndexRow) for row in again.rows.values()), "written again"
    _change(root)
    assert _build(root, home).events_made == 1
    _same(root, tmp_path)


def test_a_row_not_where_the_index_says_is_not_used(tmp_path: Path) -> None:
    """An index signed with the cache's key whose lines point at other rows (each line's
    offset moved to the next row): no row is taken for another event's, each event is
    taken from its own entry when its brief is asked for (its site line gone, so the pages
    ask the row), and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    folder = _folder(home)
    store = _store_of(root, home)
    nonce = load_manifest(store).nonce
    lines = read_index(store, folder, nonce)
    assert lines is not None and len(lines) == SAMPLE_EVENTS
    names = sorted(lines)
    after = {name: lines[names[(n + 1) % len(names)]] for n, name in enumerate(names)}
    moved = {name: at._replace(offset=after[name].offset, length=after[name].length) for name, at in lines.items()}
    write_index(store, folder, nonce, (_line(name, at) for name, at in sorted(moved.items())))
    (folder / site_lines.FILE).unlink()
    _change(root)
    t = _build(root, home)
    assert t.events_made == 1
    assert len(t.entries_read) == SAMPLE_EVENTS, "every other event's brief from its own entry"
    _same(root, tmp_path)


def _line(shown: str, at: IndexRow) -> bytes:
    """An index line as :func:`~ingest.publish.events_manifest_index.index_lines` writes it."""
    return "\t".join(
        (events_manifest_index._dumps(shown), *map(str, at.signature), at.key, str(at.offset), str(at.length), at.quick)
    ).encode("utf-8")
