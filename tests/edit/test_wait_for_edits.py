"""A build waits for the edit locks of the event files (``wait_for_edits``); a watching
process (``serve``) looks only in the folders where its watcher saw changes, not in every
folder of the archive (an events folder holds a folder of decklists per event)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from ingest.edit.locking import edit_lock, wait_for_edits


def _archive(root: Path, events: int) -> list[Path]:
    out = []
    for n in range(events):
        event = root / "2026" / f"2026-01-{n + 1:02d}-e.yaml"
        decks = root / "2026" / "decks" / f"2026-01-{n + 1:02d}"
        decks.mkdir(parents=True, exist_ok=True)
        (decks / "a.txt").write_text("4 Island\n")
        event.write_text("name: e\n")
        out.append(event)
    return out


def test_a_watched_change_waits_for_the_lock_beside_it_and_lists_only_its_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "events"
    events = _archive(root, 12)
    for event in events:
        with edit_lock(event, event.name):  # (each leaves its lock file, as commands do)
            pass
    listed: list[str] = []
    real = os.listdir

    def counted(path: str) -> list[str]:
        listed.append(os.path.relpath(path, root))
        return real(path)

    monkeypatch.setattr(os, "listdir", counted)
    monkeypatch.setattr(os, "walk", lambda *a, **k: pytest.fail("every folder walked"))
    held = threading.Event()
    released: list[float] = []

    def edit() -> None:
        with edit_lock(events[3], events[3].name):
            held.set()
            time.sleep(0.5)
            released.append(time.monotonic())

    writer = threading.Thread(target=edit)
    writer.start()
    held.wait(10)
    decklist = root / "2026" / "decks" / "2026-01-04" / "a.txt"
    wait_for_edits(root, near=[str(decklist)])
    done = time.monotonic()
    writer.join()
    assert released and done >= released[0], "the build waited for the edit beside the reported decklist"
    assert sorted(listed) == [".", "2026", "2026/decks", "2026/decks/2026-01-04"]


def test_without_a_watcher_every_folder_is_looked_at(tmp_path: Path) -> None:
    root = tmp_path / "events"
    events = _archive(root, 3)
    deep = root / "2026" / "decks" / "late.yaml"
    deep.write_text("name: late\n")
    held = threading.Event()
    released: list[float] = []

    def edit() -> None:
        with edit_lock(deep, deep.name):
            held.set()
            time.sleep(0.5)
            released.append(time.monotonic())

    writer = threading.Thread(target=edit)
    writer.start()
    held.wait(10)
    wait_for_edits(root, near=None)
    done = time.monotonic()
    writer.join()
    assert events and released and done >= released[0]
