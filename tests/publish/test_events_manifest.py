"""A new ``scorekeeper build`` takes the events that did not change from the events' manifest
(:mod:`ingest.publish.events_manifest`): one signed file, not every event's entry. What it
reads is counted, never timed: the changed event's file, and no other event's entry or
decklist file; every decklist file is looked at once (one ``lstat``). A decklist file
changed behind the manifest's back (edited in place keeping its size and modification time,
touched, replaced by a rename, removed and put back) is found, and the site is a clean
build's, byte for byte."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ingest.publish import cache as build_cache
from ingest.publish.build_outcome import BuildIncomplete
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.cache import EventStore
from ingest.publish.events_manifest import FILE
from ingest.publish.events_manifest_rows import Later
from ingest.publish.run import build_site
from ingest.publish.watched import ChangeLog
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, SAMPLE_EVENTS, _same, _settle
from tests.publish.test_player_book import EDITS, _edit, _unregister_half
from tests.publish.test_watched_build import _files
from tests.site_helpers import TODAY, make_project

DECKS = Path("events") / "2026" / "decks" / "2026-11-13-modern"


def _build(root: Path, home: Path) -> BuildTimings:
    """A build as a new process makes it (no memory of an earlier build)."""
    return build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1)


def _project(root: Path, *, seasons: bool = True) -> None:
    make_project(root)
    if not seasons:  # (a season reads the steps of every event it counts)
        shutil.rmtree(root / "seasons")
    _settle(*(p for p in (root / "events").rglob("*") if p.is_file()))


def _decklist_files(root: Path) -> int:
    """The decklist files the sample events name (each looked at once by a new build)."""
    refs = 0
    for event in (root / "events").rglob("*.yaml"):
        if "decks" not in event.parts:
            refs += len(re.findall(r"deck: ", event.read_text(encoding="utf-8")))
    return refs


def _manifest(root: Path, home: Path) -> Path:
    (found,) = (home / "builds").glob(f"*/{FILE}")
    return found


def test_a_new_build_after_one_result_reads_the_changed_event_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root, seasons=False)
    first = _build(root, home)
    assert first.events_made == SAMPLE_EVENTS
    assert _manifest(root, home).is_file()

    headers: list[str] = []
    real_load = EventStore.load

    def counted(self: EventStore, key: str, shown: str, *, files: bool = True) -> Any:
        if not files:
            headers.append(shown)
        return real_load(self, key, shown, files=files)

    monkeypatch.setattr(build_cache.EventStore, "load", counted)
    quiet = _build(root, home)
    assert (quiet.events_made, quiet.events_cached) == (0, SAMPLE_EVENTS)
    assert quiet.events_read == [] and quiet.entries_read == [] and headers == []
    assert quiet.decklists_read == []
    assert quiet.decklists_looked_at == _decklist_files(root), "each decklist file looked at once"

    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    edited = _build(root, home)
    shown = modern.relative_to(root).as_posix()
    assert (edited.events_made, edited.events_cached) == (1, SAMPLE_EVENTS - 1)
    assert edited.events_read == [shown], "the other event files are known by their signature"
    # The changed event's entry is looked up under its new key (none), no other entry is read.
    assert edited.entries_read == [shown] and headers == [shown]
    assert edited.decklists_read == []
    _same(root, tmp_path)


@pytest.mark.skipif(os.stat not in os.supports_dir_fd, reason="the platform looks at files by their paths")
def test_a_new_build_looks_at_each_decklist_file_by_name_in_its_opened_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each decklist file is looked at relative to its folder, opened once (``dir_fd``), not by
    its whole path: no path to walk again for each file."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root, seasons=False)
    _build(root, home)
    relative: list[str] = []
    real = os.lstat

    def counted(path: Any, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("dir_fd") is not None:
            relative.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "lstat", counted)
    quiet = _build(root, home)
    assert quiet.events_made == 0
    assert len(relative) == _decklist_files(root) and all("/" not in name for name in relative)


def test_a_season_reads_the_steps_of_the_events_it_counts_only_from_their_entries(tmp_path: Path) -> None:
    """The rows hold no history steps: a season's table asks the entries of the events it
    counts, once each, and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    again = _build(root, home)
    assert again.events_made == 0
    assert len(again.entries_read) == len(set(again.entries_read)) <= SAMPLE_EVENTS
    _same(root, tmp_path)


def _path_taken(t: BuildTimings) -> str:
    """What a build did with the events, for a failure to say which way it went (a rare
    failure under load was seen once in each of two full runs, and never alone)."""
    return (
        f"made {t.events_made}, cached {t.events_cached}, event files read {t.events_read}, "
        f"looked at {t.events_looked_at}, entries read {t.entries_read}, "
        f"decklist files looked at {t.decklists_looked_at}"
    )


def _deck(root: Path) -> Path:
    return root / DECKS / "beatrix-petrov.txt"


def _same_size_edit(root: Path) -> None:
    deck = _deck(root)
    before = deck.stat()
    text = deck.read_text(encoding="utf-8")
    changed = text.replace("12 Forest", "12 Foresu")
    assert changed != text and len(changed) == len(text)
    deck.write_text(changed, encoding="utf-8")
    os.utime(deck, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (deck.stat().st_size, deck.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)


def _touch(root: Path) -> None:
    os.utime(_deck(root))


def _renamed_over(root: Path) -> None:
    deck = _deck(root)
    other = deck.with_name(".new-list")
    other.write_text(deck.read_text(encoding="utf-8").replace("12 Forest", "11 Forest\n1 Swamp"), encoding="utf-8")
    os.replace(other, deck)


def _same_text_renamed_over(root: Path) -> None:
    deck = _deck(root)
    other = deck.with_name(".same-list")
    shutil.copy2(deck, other)
    os.replace(other, deck)


CHANGES = {
    "edited in place, same size and modification time": (_same_size_edit, True),
    "touched": (_touch, False),
    "replaced by a rename": (_renamed_over, True),
    "replaced by a rename with the same text": (_same_text_renamed_over, False),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_decklist_file_changed_behind_the_manifests_back_is_found(tmp_path: Path, name: str) -> None:
    """Each change is seen (the file's signature moved: it is read again); a change of its
    text makes the event again, the same text does not; either way the site is a clean
    build's. A file read again and found the same is known by its new signature after."""
    change, remade = CHANGES[name]
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root, seasons=False)
    _build(root, home)
    change(root)
    t = _build(root, home)
    shown = (DECKS / "beatrix-petrov.txt").as_posix()
    assert t.decklists_read == [shown], _path_taken(t)
    assert t.events_made == (1 if remade else 0)
    _same(root, tmp_path)
    if not remade:
        _settle(_deck(root))  # (settled in the past: its new signature can be kept)
        t = _build(root, home)
        assert t.decklists_read == [shown]
        assert _build(root, home).decklists_read == [], "its new signature was kept"


def test_a_decklist_file_removed_then_put_back_is_found(tmp_path: Path) -> None:
    """Removed behind the manifest's back, the file is missed (the event is made again and
    its error reported: the site keeps its last pages); put back, the file is read (its
    signature is new), its text is the one the cached entry was made from, so the entry
    is taken again, and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root, seasons=False)
    _build(root, home)
    deck = _deck(root)
    kept = deck.read_bytes()
    deck.unlink()
    with pytest.raises(BuildIncomplete) as failed:
        _build(root, home)
    assert "deck-missing" in str(failed.value) and "beatrix-petrov.txt" in str(failed.value)
    deck.write_bytes(kept)
    t = _build(root, home)
    assert t.decklists_read == [(DECKS / "beatrix-petrov.txt").as_posix()]
    assert (t.events_made, t.events_cached) == (0, SAMPLE_EVENTS)
    _same(root, tmp_path)


def test_a_manifest_that_is_not_the_caches_own_is_ignored(tmp_path: Path) -> None:
    """Edited, truncated or removed, the manifest is not used: each event is taken from its
    own entry (read and checked), and the site is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root, seasons=False)
    _build(root, home)
    manifest = _manifest(root, home)
    data = manifest.read_bytes()
    for broken in (data.replace(b"Friday Night Modern", b"Friday Night Hacked"), data[: len(data) // 2], None):
        if broken is None:
            manifest.unlink()
        else:
            manifest.write_bytes(broken)
        t = _build(root, home)
        assert (t.events_made, t.events_cached) == (0, SAMPLE_EVENTS)
        assert sorted(t.entries_read) == sorted(t.events_looked_at), "every entry read instead"
        assert b"Hacked" not in (root / "build" / "docs" / "events" / "index.md").read_bytes()
    _same(root, tmp_path)


def test_an_entry_a_page_asks_for_that_cannot_be_read_back_makes_its_event_again(tmp_path: Path) -> None:
    """The manifest's row is good but the entry behind it is gone: the season's table asks
    for the event's steps, and the event is made again rather than the build failing."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    for entry in (_manifest(root, home).parent / build_cache.FOLDER).glob("*.json"):
        entry.unlink()
    t = _build(root, home)
    assert t.events_made >= 1 and t.events_made + t.events_cached == SAMPLE_EVENTS
    _same(root, tmp_path)


def test_a_later_part_is_read_once_and_equals_what_it_stands_for() -> None:
    calls: list[int] = []

    def load() -> tuple[int, ...]:
        calls.append(1)
        return (1, 2, 3)

    later = Later(load)
    assert calls == []
    assert later == (1, 2, 3) and list(later) == [1, 2, 3] and len(later) == 3 and later[1:] == (2, 3)
    assert calls == [1]
    assert Later(lambda: (1, 2, 3)) == later


DECK_EDITS = ("deck-same-size", "deck-touch", "deck-renamed-over", "deck-same-text-renamed-over")


def _deck_edit(root: Path, kind: str, n: int) -> None:
    """A change to one of the sample's decklist files, behind any manifest's back."""
    decks = sorted(p for p in (root / "events").rglob("*.txt") if "decks" in p.parts)
    deck = decks[n % len(decks)]
    if kind == "deck-touch":
        os.utime(deck)
        return
    text = deck.read_text(encoding="utf-8")
    if kind == "deck-same-text-renamed-over":
        changed = text
    else:  # a digit of a count changed: the same size, another deck
        m = re.search(r"(?m)^([1-9])", text)
        assert m is not None
        changed = text[: m.start()] + str(int(m.group(1)) % 9 + 1) + text[m.end() :]
    if kind == "deck-same-size":
        before = deck.stat()
        deck.write_text(changed, encoding="utf-8")
        os.utime(deck, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:
        other = deck.with_name(f".{deck.name}.new")
        other.write_text(changed, encoding="utf-8")
        os.replace(other, deck)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(st.sampled_from(EDITS + DECK_EDITS), st.integers(0, 50), st.booleans()), min_size=1, max_size=4)
)
@example(edits=[("result", 0, False), ("deck-renamed-over", 50, True), ("result", 13, False), ("result", 0, True)])
def test_new_processes_and_a_watching_one_build_what_a_clean_build_makes_whatever_the_changes(
    tmp_path: Path, edits: list[tuple[str, int, bool]]
) -> None:
    """Random changes (the players' book's, and decklist files changed behind the manifest's
    back), each followed by a build of a new process (``True``: the events' manifest is what
    it has of the last build) or of a watching process told of every change by its watcher;
    new processes and the watching one take turns over one build folder and one cache. After
    each build, build/docs, build/fragments and build/site are a clean build's, byte for byte."""
    work = tmp_path / f"w{time.monotonic_ns()}"
    root, home = work / "p", work / "home"
    make_project(root)
    _unregister_half(root)
    memory = BuildMemory()
    memory.changes = ChangeLog()
    build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1, memory=memory)
    for kind, n, new_process in edits:
        before = _files(root)
        if kind in DECK_EDITS:
            _deck_edit(root, kind, n)
        else:
            _edit(root, kind, n)
        after = _files(root)
        for name in set(before) | set(after):
            if before.get(name) != after.get(name):
                memory.changes.record(name)
        if kind == "deck-touch":  # (a watcher reports a file whose times changed too)
            decks = sorted(p for p in (root / "events").rglob("*.txt") if "decks" in p.parts)
            memory.changes.record(os.fspath(decks[n % len(decks)]))
        with contextlib.suppress(BuildIncomplete):  # (an edit may leave an event with errors: the same for both)
            if new_process:
                _build(root, home)
            else:
                build_site(
                    Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1, memory=memory
                )
        _same(root, work)
    shutil.rmtree(work, ignore_errors=True)


def test_a_decklist_file_read_before_it_settled_is_read_again_by_the_next_new_build(tmp_path: Path) -> None:
    """A build that read the decklist files before they settled kept no signature to trust
    (its index lines have no quick part): the next new build reads each file again, and
    finds one edited in place with its size and modification time put back."""
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    settled = time.time_ns()
    time.sleep(0.05)
    for deck in (root / "events").rglob("*.txt"):
        os.utime(deck)  # (changed after the time the build trusts: their signatures are not)
    build_site(Project(root), today=TODAY, cache_home=home, settled_before=settled, workers=1)
    _deck_edit(root, "deck-same-size", 0)
    t = _build(root, home)
    assert t.events_made == 1
    _same(root, tmp_path)
