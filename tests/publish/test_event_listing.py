"""A build lists the events folder (its event files, and the edit locks it waits on) without
listing again the folders that did not change since the last build listed them
(:mod:`ingest.publish.event_listing`): what it finds is what a walk finds, whatever was made,
removed, renamed or linked since; the folders listed are counted."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.edit.locking import edit_lock, wait_for_edits
from ingest.publish import event_listing
from ingest.publish.event_listing import EventListing, list_events
from ingest.source.storage import find_files

KEY = b"k" * 32
LATER = 2**62
"""A ``settled_before`` after every change a test makes: every folder may be kept."""


def _tree(root: Path, years: int = 3, decks: int = 4) -> Path:
    events = root / "events"
    for y in range(years):
        year = events / f"{2020 + y}"
        (year / "decks").mkdir(parents=True)
        for e in range(2):
            (year / f"{2020 + y}-0{e + 1}-01-fnm.yaml").write_text("name: x\n")
            folder = year / "decks" / f"{2020 + y}-0{e + 1}-01"
            folder.mkdir()
            for d in range(decks):
                (folder / f"p{d}.txt").write_text("4 Island\n")
        (year / "notes.yml").write_text("")
        (year / ".hidden.yaml").write_text("")
        (year / f".{2020 + y}-01-01-fnm.yaml.lock").write_text("")
    return events


def _walked(events: Path) -> tuple[list[str], list[str]]:
    """What a walk finds: the event files (find_files) and the lock files (as wait_for_edits takes them)."""
    locks = sorted(
        Path(folder, name).as_posix()
        for folder, _, names in os.walk(events)
        for name in names
        if name.startswith(".") and name.endswith(".lock")
    )
    return [p.as_posix() for p in find_files([events])], locks


def _found(listing: EventListing) -> tuple[list[str], list[str]]:
    return [p.as_posix() for p in listing.events], [p.as_posix() for p in listing.locks]


def _tick() -> None:
    time.sleep(0.02)  # (past a tick of the file system's clock)


def test_an_unchanged_tree_is_listed_once_then_taken_as_kept(tmp_path: Path) -> None:
    events = _tree(tmp_path)
    cache = tmp_path / "cache"
    first = list_events(events, cache, KEY, LATER)
    assert _found(first) == _walked(events)
    assert first.listed == 1 + 3 + 3 + 6  # events/, each year, its decks/ and each event's decklists
    again = list_events(events, cache, KEY, LATER)
    assert _found(again) == _walked(events)
    assert again.listed == 0


def test_what_changed_in_a_folder_is_found_and_only_that_folder_is_listed_again(tmp_path: Path) -> None:
    events = _tree(tmp_path)
    cache = tmp_path / "cache"
    list_events(events, cache, KEY, LATER)
    _tick()
    year = events / "2021"
    (year / "2021-09-09-new.yaml").write_text("name: new\n")  # made
    (events / "2020" / "2020-01-01-fnm.yaml").unlink()  # removed
    os.rename(events / "2022" / "2022-02-01-fnm.yaml", events / "2022" / "2022-02-01-moved.yml")  # renamed
    (events / "2022" / "decks" / "2022-01-01" / "sub.yaml").write_text("")  # an event file among decklists
    (events / "2020" / "decks" / "2020-01-01" / "p0.txt").write_text("4 Forest\n")  # edited in place: same listing
    listing = list_events(events, cache, KEY, LATER)
    assert _found(listing) == _walked(events)
    assert listing.listed == 4
    assert (year / "2021-09-09-new.yaml") in listing.events


def test_a_new_folder_and_a_removed_folder_are_seen(tmp_path: Path) -> None:
    events = _tree(tmp_path)
    cache = tmp_path / "cache"
    list_events(events, cache, KEY, LATER)
    _tick()
    (events / "2030" / "deep").mkdir(parents=True)
    (events / "2030" / "deep" / "x.yaml").write_text("")
    for name in os.listdir(events / "2021" / "decks" / "2021-01-01"):
        os.unlink(events / "2021" / "decks" / "2021-01-01" / name)
    os.rmdir(events / "2021" / "decks" / "2021-01-01")
    assert _found(list_events(events, cache, KEY, LATER)) == _walked(events)


def test_folders_not_settled_or_holding_a_link_are_listed_every_time(tmp_path: Path) -> None:
    events = _tree(tmp_path, years=1, decks=1)
    cache = tmp_path / "cache"
    target = tmp_path / "elsewhere.yaml"
    target.write_text("")
    os.symlink(target, events / "2020" / "linked.yaml")
    os.symlink(tmp_path, events / "2020" / "decks" / "2020-01-01" / "up")  # a folder link: not walked into
    assert _found(list_events(events, cache, KEY, LATER)) == _walked(events)
    again = list_events(events, cache, KEY, LATER)
    assert again.listed == 2  # the two folders holding a link
    target.unlink()  # the link's target gone: the folder's times do not move
    assert _found(list_events(events, cache, KEY, LATER)) == _walked(events)
    assert list_events(events, cache, KEY, None).listed == 5  # no time given: nothing taken as kept
    fresh = tmp_path / "fresh"
    assert list_events(events, fresh, KEY, 0).listed == 5
    assert list_events(events, fresh, KEY, 0).listed == 5  # nothing had settled: nothing was kept


def test_a_listing_file_not_signed_with_the_key_is_not_used(tmp_path: Path) -> None:
    events = _tree(tmp_path, years=1)
    cache = tmp_path / "cache"
    list_events(events, cache, KEY, LATER)
    assert list_events(events, cache, b"o" * 32, LATER).listed == 5  # another key: listed, and kept again
    kept = cache / event_listing.FILE
    data = kept.read_bytes()
    kept.write_bytes(data.replace(b"2020-01-01-fnm.yaml", b"2020-01-01-fnX.yaml"))
    assert list_events(events, cache, b"o" * 32, LATER).listed == 5


def test_the_edit_locks_found_are_waited_on_and_what_the_edit_made_is_listed(tmp_path: Path) -> None:
    events = _tree(tmp_path, years=1, decks=1)
    cache = tmp_path / "cache"
    list_events(events, cache, KEY, LATER)
    waited: list[list[Path]] = []

    def wait(locks: list[Path]) -> None:  # an edit finishing while the build waits for it
        waited.append(locks)
        _tick()
        (events / "2020" / "2020-05-05-made.yaml").write_text("")

    listing = list_events(events, cache, KEY, LATER, wait)
    assert waited == [[events / "2020" / ".2020-01-01-fnm.yaml.lock"]]
    assert events / "2020" / "2020-05-05-made.yaml" in listing.events
    assert _found(listing) == _walked(events)


def test_a_build_waits_for_an_edit_in_progress(tmp_path: Path) -> None:
    events = _tree(tmp_path, years=1, decks=1)
    event = events / "2020" / "2020-01-01-fnm.yaml"
    with edit_lock(event, "x"):
        pass  # (the lock file stays, as after every command)
    wait_for_edits(events)  # nothing held: returns
    assert _found(list_events(events, None, None, None)) == _walked(events)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["make", "remove", "mkdir", "rename"]),
            st.sampled_from(["a", "b", "a/c", "b/d", "a/c/e"]),
            st.sampled_from(["x.yaml", "y.yml", "z.txt", ".w.yaml.lock"]),
        ),
        max_size=12,
    )
)
def test_the_kept_listing_is_always_a_walks(tmp_path_factory: object, steps: list[tuple[str, str, str]]) -> None:
    """Whatever is made, removed or renamed between builds, the listing is the walk's."""
    root: Path = tmp_path_factory.mktemp("tree")  # type: ignore[attr-defined]
    events = root / "events"
    (events / "a").mkdir(parents=True)
    cache = root / "cache"
    for action, folder, name in steps:
        where = events / folder
        if action == "mkdir":
            where.mkdir(parents=True, exist_ok=True)
        elif action == "make" and where.is_dir():
            (where / name).write_text("")
        elif action == "remove" and (where / name).is_file():
            (where / name).unlink()
        elif action == "rename" and (where / name).is_file():
            os.rename(where / name, where / f"r{name}")
        listing = list_events(events, cache, KEY, LATER)
        assert _found(listing) == _walked(events)
        _tick()
