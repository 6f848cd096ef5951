"""The quick decklists' check (:func:`~ingest.publish.decklist_check.quick_valid`): an event's
decklist files, by folder, compared with one digest of their signatures. Whatever changed
behind its back makes it say "look file by file": a file edited in place with its size and
modification time put back, touched, replaced by a rename, removed, a file that did not
exist made, a folder on the way replaced by a link. What it looks at is counted."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from ingest.publish.decklist_check import quick_part, quick_valid
from ingest.source.storage import signature_of

NAMES = ("alice.txt", "bob.txt", "carol.txt")


class Counts:
    """What the check counts."""

    def __init__(self) -> None:
        self.decklists_looked_at = 0
        self.decklists_read: list[str] = []
        self.shown_now = ""


def _event(tmp: Path) -> tuple[Path, list[list[object]]]:
    """An event file, its decklist files in decks/a and one in decks/b, and the row's decklist
    files as a build keeps them (a reference, a digest, a signature; one named but missing)."""
    event = tmp / "2026" / "event.yaml"
    for folder, names in (("a", NAMES), ("b", ("dan.txt",))):
        (event.parent / "decks" / folder).mkdir(parents=True, exist_ok=True)
        for name in names:
            (event.parent / "decks" / folder / name).write_text(f"4 {name}\n", encoding="utf-8")
    event.write_text("event: {}\n", encoding="utf-8")
    past = time.time() - 60
    decks: list[list[object]] = []
    for ref in [*(f"decks/a/{n}" for n in NAMES), "decks/b/dan.txt"]:
        os.utime(event.parent / ref, (past, past))
        decks.append([ref, "digest", list(signature_of(os.lstat(event.parent / ref)))])
    decks.append(["decks/a/missing.txt", None, None])
    return event, decks


def _valid(event: Path, decks: list[list[object]], counts: Counts | None = None) -> bool:
    part = quick_part(decks)
    assert part is not None
    return quick_valid(part, event, {}, counts)


def _in_place(deck: Path) -> None:
    before = deck.stat()
    deck.write_text(deck.read_text(encoding="utf-8").replace("4", "3"), encoding="utf-8")
    os.utime(deck, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert deck.stat().st_size == before.st_size and deck.stat().st_mtime_ns == before.st_mtime_ns


def _renamed_over(deck: Path) -> None:
    other = deck.with_name(".new")
    shutil.copy2(deck, other)
    os.replace(other, deck)


def _folder_linked(deck: Path) -> None:
    folder = deck.parent
    shutil.move(folder, folder.with_name("elsewhere"))
    os.symlink(folder.with_name("elsewhere"), folder)


CHANGES: dict[str, Callable[[Path], None]] = {
    "edited in place, its size and modification time put back": _in_place,
    "touched": lambda deck: deck.touch(),
    "replaced by a rename with the same text and times": _renamed_over,
    "removed": lambda deck: deck.unlink(),
    "its folder replaced by a link to a copy": _folder_linked,
}


def test_the_files_as_they_were_check_and_each_is_looked_at_once(tmp_path: Path) -> None:
    event, decks = _event(tmp_path)
    counts = Counts()
    assert _valid(event, decks, counts)
    assert counts.decklists_looked_at == len(NAMES) + 1


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_file_changed_behind_its_back_does_not_check(tmp_path: Path, name: str) -> None:
    event, decks = _event(tmp_path)
    CHANGES[name](event.parent / "decks" / "a" / "bob.txt")
    assert not _valid(event, decks)


def test_a_file_named_but_missing_then_made_does_not_check(tmp_path: Path) -> None:
    event, decks = _event(tmp_path)
    (event.parent / "decks" / "a" / "missing.txt").write_text("4 Island\n", encoding="utf-8")
    assert not _valid(event, decks)


def test_an_event_with_a_file_read_before_it_settled_has_no_quick_part(tmp_path: Path) -> None:
    """A file read without a signature (it had not settled) is read again each time: no quick part."""
    _, decks = _event(tmp_path)
    decks[1][2] = None
    assert quick_part(decks) is None
