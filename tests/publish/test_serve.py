"""`scorekeeper serve`: live preview that rebuilds on save and shows errors in a banner."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import cast

from ingest.edit.locking import edit_lock, wait_for_edits
from ingest.publish.serve import LiveStatus, serve, watch
from ingest.source.storage import write_atomically
from tests.site_helpers import make_project


def _status(url: str, since: int) -> LiveStatus:
    with urllib.request.urlopen(f"{url}__scorekeeper/status?since={since}", timeout=30) as r:
        return cast(LiveStatus, json.loads(r.read()))


def test_serve_rebuilds_on_save_and_keeps_the_last_good_site_on_errors(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    ready: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(
        target=serve,
        kwargs={
            "project": project,
            "host": "127.0.0.1",
            "port": 0,
            "engine": "mkdocs",
            "today": lambda: dt.date(2026, 11, 22),
            "echo": lambda _m: None,
            "ready": ready.append,
            "stop": stop,
        },
        daemon=True,
    )
    thread.start()
    deadline = time.time() + 120
    while not ready and time.time() < deadline:
        time.sleep(0.1)
    assert ready, "the preview did not start"
    url = ready[0]
    try:
        first = _status(url, -1)
        page = urllib.request.urlopen(url).read().decode()
        assert "__scorekeeper/status" in page  # the live-reload client is injected
        event = next((tmp_path / "events").rglob("*pioneer-weekly.yaml"))
        text = event.read_text()
        event.write_text(text.replace("name: 'Pioneer Weekly #18'", "name: Pioneer Weekly Edited"))
        second = _status(url, int(first["serial"]))
        assert second["version"] != first["version"] and second["errors"] == ""
        page = urllib.request.urlopen(f"{url}events/2026-11-20-pioneer-weekly/").read().decode()
        assert "Pioneer Weekly Edited" in page
        event.write_text(text.replace("seed: 1820", "seed: x"))
        third = _status(url, int(second["serial"]))
        assert "error[schema]" in str(third["errors"]) and third["version"] == second["version"]
        page = urllib.request.urlopen(f"{url}events/2026-11-20-pioneer-weekly/").read().decode()
        assert "Pioneer Weekly Edited" in page  # the last good site is still served
        assert "error[schema]" in page  # the errors reach the page's banner script
    finally:
        stop.set()
        thread.join(timeout=10)


def _calls_after(calls: list[float], action: Callable[[], object], quiet: float = 1.0) -> int:
    """How many changes the watcher reports for ``action``, once it has been quiet for
    ``quiet`` seconds (at most ten seconds: a watcher that never goes quiet counts high)."""
    before = len(calls)
    action()
    deadline = time.monotonic() + 10
    seen, since = len(calls), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        time.sleep(0.05)
        if len(calls) != seen:
            seen, since = len(calls), time.monotonic()
    return len(calls) - before


def test_the_watcher_sees_atomic_saves_but_not_a_builds_look_at_the_edit_locks(tmp_path: Path) -> None:
    """A build waits for the edit lock of every event file (``wait_for_edits``): taking a
    lock touches its folder, which must not start another build (``serve`` rebuilt for ever
    once a command had left a lock file). A file saved atomically (a hidden temporary file
    renamed over it, as every command writes) is a change."""
    project = make_project(tmp_path, samples=False)
    event = project.events_dir / "2026" / "x.yaml"
    event.parent.mkdir(parents=True)
    event.write_text("name: x\n")
    calls: list[float] = []
    observer = watch(project, lambda: calls.append(time.monotonic()))
    try:
        time.sleep(0.3)

        def edit() -> None:  # as a command edits: under the file's lock, which it leaves
            with edit_lock(event, "x.yaml"):
                write_atomically(event, "name: y\n")

        assert _calls_after(calls, edit) >= 1
        assert _calls_after(calls, lambda: wait_for_edits(project.events_dir)) == 0
        assert _calls_after(calls, lambda: write_atomically(event, "name: z\n")) >= 1
        assert _calls_after(calls, lambda: (tmp_path / "notes.txt").write_text("not a source file")) == 0
    finally:
        observer.stop()
        observer.join(timeout=10)
