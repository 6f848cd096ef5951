"""A build waits for the edit locks of the event files (``wait_for_edits``), in every folder of
the events (a build lists them once and keeps the listing: :mod:`ingest.publish.event_listing`)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

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


def test_a_lock_in_any_folder_is_waited_for(tmp_path: Path) -> None:
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
    wait_for_edits(root)
    done = time.monotonic()
    writer.join()
    assert events and released and done >= released[0]
