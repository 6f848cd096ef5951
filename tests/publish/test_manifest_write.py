"""A whole build writes the events' manifest without holding it whole (issue 38: memory that
does not grow with the archive): the whole manifest is written and signed a row at a time
(:meth:`~ingest.publish.cache.EventStore.write_signed`), never held whole. Counted, never
timed: the rows handed to the manifest's writing, and the memory allocated while it
writes (tracemalloc); the file written is the one the whole payload signed makes, byte for byte.
"""

from __future__ import annotations

import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.build import generate
from ingest.publish import events_manifest, unchanged
from ingest.publish.cache import EventStore
from ingest.publish.events_manifest import FILE
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site_helpers import TODAY


@pytest.fixture(autouse=True)
def _forking_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runner's own threads (pytest-xdist) hold no lock a build takes."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_a_whole_build_writes_the_events_manifest_without_holding_its_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the whole file allocates less than a fifth of its size at its peak (it held the
    rows' lines, the payload as text and as bytes, and the payload signed: four times the
    file and more)."""
    root = tmp_path / "archive"
    generate(root, 18)  # forked from 16 events on
    peaks: list[int] = []
    real_save = events_manifest.save_rows

    def save_rows(store: EventStore, manifest: Any, changed: Any, shown: Any) -> Any:
        tracemalloc.start()
        try:
            return real_save(store, manifest, changed, shown)
        finally:
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()

    monkeypatch.setattr(unchanged, "save_rows", save_rows)  # (as note_events calls it)
    build_site(
        Project(root),
        today=TODAY,
        docs_only=True,
        workers=2,
        cache_home=tmp_path / "cache",
        settled_before=time.time_ns(),
    )
    folder = next((tmp_path / "cache").rglob(FILE)).parent
    size = (folder / FILE).stat().st_size
    assert size > 18 * 4000  # (the rows are some kilobytes each)
    assert len(peaks) == 1 and peaks[0] < size // 5, (peaks, size)


def test_the_manifest_read_back_holds_the_rows_the_events_made(tmp_path: Path) -> None:
    """A new process reads back every row the whole build wrote, as the event's
    own slim header: the next build takes every event from the manifest, none made again."""
    root = tmp_path / "archive"
    generate(root, 18)
    home, settled = tmp_path / "cache", time.time_ns()
    first = build_site(Project(root), today=TODAY, docs_only=True, workers=2, cache_home=home, settled_before=settled)
    again = build_site(Project(root), today=TODAY, docs_only=True, workers=2, cache_home=home, settled_before=settled)
    assert first.events_made == 18
    assert (again.events_made, again.events_cached) == (0, 18)
    assert again.events_read == [] and again.entries_read == []


def test_a_file_signed_as_it_is_written_is_the_file_signed_whole(tmp_path: Path) -> None:
    """:meth:`EventStore.write_signed` writes what :meth:`EventStore.signed` makes of the whole
    payload, byte for byte, and read back it checks; a payload that fails half way leaves
    the previous file as it was and no temporary file behind."""
    store = EventStore(tmp_path / "events", "fingerprint", b"k" * 32)
    chunks = [b"first line", b"\nsecond \xc3\xa9", b"", b"\nthird"]
    path = tmp_path / "file.json"
    assert store.write_signed(path, "a key", iter(chunks)) == sum(map(len, chunks))
    assert path.read_bytes() == store.signed("a key", b"".join(chunks))
    assert store.read_signed(path, "a key") == b"".join(chunks)
    assert store.read_signed(path, "another key") is None

    def broken() -> Iterator[bytes]:
        yield b"half"
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        store.write_signed(path, "a key", broken())
    assert store.read_signed(path, "a key") == b"".join(chunks)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]
