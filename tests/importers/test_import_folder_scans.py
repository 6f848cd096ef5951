"""An import of many events lists no folder once per event: the edit lock looks for an interrupted
write's temporary file only next to a file locked before, and an event imported again unchanged is
not locked at all. (Each look lists the event's year folder: an archive of thousands of events
imported into one folder cost the square of the events.)"""

from __future__ import annotations

import glob
import shutil
from pathlib import Path
from typing import Any

import pytest

from ingest.edit.locking import edit_lock, lock_path
from tests.builders import ROOT, run_cli

SAMPLES = ROOT / "tests" / "data" / "import" / "mtgodecklistcache"
FILES = (
    "CardsRealm--ritual-de-ter-a-meeple-s-club-010-2026-07-21.json",
    "Topdeck--legacy-savannah-event-XCKUKohLoylp7nwTtLYd-2024-03-30.json",
    "Topdeck--gog-friday-night-modern-gog-friday-night-modern-6-942-2025-02-14.json",
)


@pytest.fixture
def listings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The patterns the edit lock lists folders for."""
    seen: list[str] = []
    real = glob.glob

    def counting(pattern: str, *args: Any, **kwargs: Any) -> list[str]:
        seen.append(pattern)
        return real(pattern, *args, **kwargs)

    monkeypatch.setattr(glob, "glob", counting)  # the module ingest.edit.locking lists with
    return seen


def test_importing_new_events_and_importing_them_again_lists_no_folder(tmp_path: Path, listings: list[str]) -> None:
    (tmp_path / "events").mkdir()
    for name in FILES:
        shutil.copy(SAMPLES / name, tmp_path / name)
    code, out = run_cli(tmp_path, "import", *(str(tmp_path / name) for name in FILES))
    assert code == 0, out
    written = sorted(p for p in (tmp_path / "events").rglob("*") if p.is_file() and not p.name.startswith("."))
    assert len([p for p in written if p.suffix == ".yaml"]) == len(FILES)
    assert listings == []
    before = {p: p.read_bytes() for p in written}
    code, out = run_cli(tmp_path, "import", *(str(tmp_path / name) for name in FILES))
    assert code == 0, out
    assert listings == []  # unchanged: nothing written, nothing locked
    assert {p: p.read_bytes() for p in written} == before
    assert out.count("updated from") == len(FILES)


def test_an_interrupted_writes_temporary_file_is_removed_next_to_a_file_locked_before(tmp_path: Path) -> None:
    event = tmp_path / "events" / "2026" / "fnm.yaml"
    event.parent.mkdir(parents=True)
    event.write_text("name: FNM\n")
    leftover = event.parent / f".{event.name}.k3x9.tmp"
    with edit_lock(event, event.name):  # the file's first lock: nothing to look for
        leftover.write_text("half a file")  # a write interrupted while holding it
    assert lock_path(event).exists() and leftover.exists()
    with edit_lock(event, event.name):
        assert not leftover.exists()
