"""`scorekeeper serve`: live preview that rebuilds on save and shows errors in a banner."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
import urllib.request
from pathlib import Path
from typing import cast

from ingest.publish.serve import LiveStatus, serve
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
