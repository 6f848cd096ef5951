"""A new build takes the unchanged events from their manifest rows kept packed
(:class:`~ingest.publish.events_manifest_rows.PackedEvent`): the events step decodes each row's
check part (players, warnings, slug, status, decklist files) and no row's brief; what a row
gives when asked is what the event's own entry holds. Rows decoded are counted, never timed."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ingest.publish.build_outcome import build_diagnostics
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.events_manifest import load_manifest
from ingest.publish.events_manifest_index import IndexRow
from ingest.publish.events_manifest_rows import PackedEvent, entry_of
from ingest.publish.run import _open_store
from ingest.publish.unchanged import CacheCheck, find_unchanged, shown_paths
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.source.storage import find_files
from tests.publish.test_incremental_build import SAMPLE_EVENTS
from tests.publish.test_manifest_log import _build, _change, _project
from tests.site_helpers import TODAY


def _unpacked(entry: PackedEvent) -> bool:
    return entry.unpacked


def _taken(root: Path, home: Path) -> tuple[dict[str, CachedEvent], CacheCheck, PlayerRegistry]:
    """The events a new build takes from the cache, as its events step finds them."""
    project = Project(root)
    store = _open_store(project, TODAY, home)
    players, _ = load_players(project)
    check = CacheCheck()
    found = find_unchanged(project, store, players, {}, None, check, find_files([project.events_dir]))
    return dict(found), check, players


def test_the_events_step_decodes_no_rows_brief(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    shown = _change(root)
    found, check, _ = _taken(root, home)
    assert len(found) == SAMPLE_EVENTS - 1 and check.read == [shown]
    assert all(isinstance(e, PackedEvent) for e in found.values())
    project = Project(root)
    paths = find_files([project.events_dir])
    names = shown_paths(paths, project.root)
    diags = build_diagnostics(project, [], found, names, [])
    assert check.unpacked == [], "the warnings, slugs and decklist checks come from the rows' check parts"
    assert not any(_unpacked(e) for e in found.values() if isinstance(e, PackedEvent))
    assert [c.status for c in found.values()]
    assert check.unpacked == [] and diags is not None


def test_a_packed_row_gives_what_the_events_entry_holds(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    found, check, _ = _taken(root, home)
    store = _open_store(Project(root), TODAY, home)
    for entry in found.values():
        assert isinstance(entry, PackedEvent)
        own = store.load(entry.key, entry.shown, files=False)
        assert own is not None
        assert (entry.players, entry.registry, entry.diagnostics, entry.key, entry.shown) == (
            own.players,
            own.registry,
            own.diagnostics,
            own.key,
            own.shown,
        )
        assert entry.decks == own.decks and entry.slug == own.slug and entry.status == own.status
        assert not _unpacked(entry)
        assert entry.rendered.brief == own.rendered.brief and entry.listing == own.listing
        assert _unpacked(entry) and not entry.loaded
        plain = dataclasses.replace(entry, decks=())
        assert type(plain) is not PackedEvent and plain.rendered.brief == own.rendered.brief and plain.decks == ()
    assert sorted(check.unpacked) == sorted(e.shown for e in found.values())


def test_a_rows_header_that_cannot_be_decoded_is_taken_from_the_events_entry(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    store = _open_store(Project(root), TODAY, home)
    rows = load_manifest(store, whole=True).rows
    assert rows
    shown, row = next(iter(rows.items()))
    assert not isinstance(row, IndexRow)
    sig, key, check, header = row
    read: list[str] = []
    entry = entry_of(store, (sig, key, check, header[:-5]), shown, read)  # a torn header, its check part whole
    assert isinstance(entry, PackedEvent) and read == []
    own = store.load(key, shown, files=False)
    assert own is not None and entry.rendered.brief == own.rendered.brief and read == [shown]
    assert entry_of(store, (sig, key, check[:-5], header), shown) is None  # a torn check part: no row
