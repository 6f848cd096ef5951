"""Live preview latency: from saving an event file to the browser being told to reload.

Prints figures; not a test. Budget (issue 5): within 2 s of a save for the sample site.

    python benchmarks/serve.py [--saves 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ingest.publish.serve import LiveStatus, serve  # noqa: E402
from ingest.source.project import Project  # noqa: E402


def status(url: str, since: int) -> LiveStatus:
    with urllib.request.urlopen(f"{url}__scorekeeper/status?since={since}", timeout=60) as r:
        return cast(LiveStatus, json.loads(r.read()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in ("schema", "formats", "site_templates", "events"):
            shutil.copytree(ROOT / name, root / name)
        for name in ("mkdocs.yml", "players.yaml"):
            shutil.copy(ROOT / name, root / name)
        ready: list[str] = []
        stop = threading.Event()
        started = time.perf_counter()
        thread = threading.Thread(
            target=serve,
            daemon=True,
            kwargs={
                "project": Project(root),
                "host": "127.0.0.1",
                "port": 0,
                "engine": "mkdocs",
                "today": lambda: dt.date(2026, 11, 22),
                "echo": lambda _m: None,
                "ready": ready.append,
                "stop": stop,
            },
        )
        thread.start()
        while not ready:
            time.sleep(0.05)
        print(f"first build and serve: {time.perf_counter() - started:.2f} s")
        url = ready[0]
        event = next((root / "events").rglob("*pioneer-weekly.yaml"))
        text = event.read_text()
        serial = int(status(url, -1)["serial"])
        times = []
        for i in range(args.saves):
            time.sleep(4)  # let the background full refresh of the previous save finish
            start = time.perf_counter()
            event.write_text(text.replace("name: 'Pioneer Weekly #18'", f"name: Pioneer Weekly edit {i}"))
            state = status(url, serial)
            times.append(time.perf_counter() - start)
            serial = int(state["serial"])
        stop.set()
        thread.join(timeout=10)
    print(
        f"save -> reload signal over {args.saves} saves: median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s (budget 2 s: {'PASS' if max(times) <= 2 else 'FAIL'})"
    )


if __name__ == "__main__":
    main()
