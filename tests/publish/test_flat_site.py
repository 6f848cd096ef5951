"""A build after one result reads, of the events it takes unchanged, only what the pages
about many events need; the players' book is patched from the changed events alone. What a
build decodes is counted, never timed; what it writes is a clean build's, byte for byte
(the properties of :mod:`tests.publish.test_watched_build` compare it)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from ingest import __version__
from ingest.publish import site_lines
from ingest.publish.events_manifest import load_manifest
from ingest.publish.events_manifest_rows import PackedEvent
from ingest.publish.kept_map import save_map
from ingest.publish.player_build import BookedPlayers, prepare
from ingest.publish.run import _open_store
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, SAMPLE_EVENTS, _same
from tests.publish.test_manifest_log import _build, _change, _count_decoded, _project
from tests.publish.test_packed_rows import _taken
from tests.site_helpers import TODAY


def _prepared(monkeypatch: pytest.MonkeyPatch, decoded: list[str]) -> list[tuple[BookedPlayers, list[str]]]:
    """Each build's players as prepared from now on, with the rows decoded until then."""
    seen: list[tuple[BookedPlayers, list[str]]] = []

    def prepared(*args: Any, **kwargs: Any) -> BookedPlayers:
        booked = prepare(*args, **kwargs)
        seen.append((booked, list(decoded)))
        return booked

    monkeypatch.setattr("ingest.publish.run.prepare_players", prepared)
    return seen


def test_the_players_book_reads_only_the_changed_events_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    shown = _change(root)
    decoded = _count_decoded(monkeypatch)
    seen = _prepared(monkeypatch, decoded)
    _build(root, home)  # a new process's build: no memory
    ((booked, decoded_then),) = seen
    assert booked.histories_read == [shown]
    assert decoded_then == [], "no unchanged event's row is decoded for the players' book"
    assert booked.update.touched, "the changed event's players are made again"


def test_a_new_build_after_one_result_decodes_no_unchanged_events_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    _change(root)
    decoded = _count_decoded(monkeypatch)
    _build(root, home)
    assert decoded == [], "the pages about many events and build/docs read the unchanged events' lines"
    _same(root, tmp_path)


def _lines_file(home: Path) -> Path:
    (found,) = (home / "builds").glob(f"*/{site_lines.FILE}")
    return found


def test_lines_that_cannot_be_read_are_made_from_the_events_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    path = _lines_file(home)
    data = bytearray(path.read_bytes())
    data[-20] ^= 1  # tampered with: the map is not read
    path.write_bytes(bytes(data))
    _change(root)
    decoded = _count_decoded(monkeypatch)
    _build(root, home)
    assert len(decoded) == SAMPLE_EVENTS - 1, "every unchanged event's brief came from its row"
    _same(root, tmp_path)
    decoded.clear()
    _change(root, "games: 0-2}", "games: 2-0}")
    _build(root, home)
    assert decoded == [], "the lines were kept again"
    _same(root, tmp_path)


def test_a_line_that_does_not_decode_is_made_from_its_events_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    store = _open_store(Project(root), TODAY, home)
    lines = site_lines.SiteLines(store)
    kept = lines._loaded()
    assert len(kept) == SAMPLE_EVENTS
    rows = load_manifest(store).rows
    assert rows is not None
    shown, (_, key, *_) = next((s, r) for s, r in rows.items() if not s.endswith(f"{MODERN}.yaml"))
    (line,) = [k for k in kept if k.startswith(f"{key} ")]  # (kept under the key and the registry's digest)
    kept[line] = '{"history":{}}'  # signed, but not a line
    save_map(_lines_file(home), site_lines._key(store), store.sign, {"version": __version__}, {}, lambda: kept, None)
    _change(root)
    decoded = _count_decoded(monkeypatch)
    _build(root, home)
    assert decoded == [shown]
    _same(root, tmp_path)


def test_a_line_gives_what_the_pages_read_of_the_events_brief(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    found, _, _ = _taken(root, home)
    records = 0
    for entry in found.values():
        assert isinstance(entry, PackedEvent)
        rendered, listing = site_lines._decoded(site_lines.line_of(entry), entry)
        own = entry.rendered.brief
        mine = rendered.brief
        assert listing == entry.listing and rendered.files == {}
        assert mine.decks == site_lines.first_decks(own.decks)
        assert {a for a, _, _ in mine.decks} == {a for a, _, _ in own.decks}
        assert dataclasses.replace(mine, decks=own.decks, history=own.history) == own
        assert mine.history == dataclasses.replace(own.history, steps=())
        if own.analytics is not None:
            assert isinstance(mine.analytics, site_lines.LaterRecord) and mine.analytics == own.analytics
            assert mine.analytics.text == own.analytics.text and mine.analytics.record == own.analytics.record
            records += 1
    assert records, "some sample event has an analytics record"
