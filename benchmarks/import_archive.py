"""Import benchmark: an aggregator's archive of MTGODecklistCache files, imported and built.

Prints figures; it is not a test. ``--files`` files are generated in the MTGODecklistCache
format from real samples (by default the 24 files of ``tests/data/import/mtgodecklistcache``;
``--samples DIR`` takes another folder of such files): each a copy of one sample with its
name, date and address varied and its players renamed from a shared pool, so the same
people play many events (and are matched to ``players.yaml`` across them, as a community
that registers its players has them). Then, each as a user runs it, in a new process:

- ``scorekeeper import`` of the whole folder;
- ``scorekeeper build`` of the project;
- with ``--publish``, ``scorekeeper publish`` of the site to a local S3 server (moto's),
  twice: every file sent, then nothing changed and nothing sent.

Each is reported in wall and CPU seconds and its peak memory (the largest resident size of
the command's process and the workers it ran, from ``wait4``), with the bytes the event files
and the site take (and take on disk, in whole blocks). Figures per file show whether
anything grows faster than the archive: run two sizes (``--files 300 3000``) and compare;
``--profile`` runs the import under cProfile and prints where its time went (the figures
then carry the profiler's own cost).

    python benchmarks/import_archive.py [--files 300] [--samples DIR] [--pool 4000] [--no-build] [--profile] [--publish]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "data" / "import" / "mtgodecklistcache"


def _names(pool: int) -> list[str]:
    rng = random.Random(9)
    first = ["Ana", "Bram", "Chiara", "Dario", "Elif", "Femi", "Greta", "Hugo", "Ines", "Jonas", "Kaia", "Luca"]
    last = ["Lima", "Stone", "Okafor", "Berg", "Rossi", "Tanaka", "Novak", "Silva", "Moreau", "Kowalski"]
    return [f"{rng.choice(first)} {rng.choice(last)} {i}" for i in range(pool)]


def _rename(doc: Any, names: dict[str, str]) -> Any:
    """The sample with every player's name replaced (decks, rounds and standings alike)."""
    for deck in doc.get("Decks") or []:
        if isinstance(deck.get("Player"), str):
            deck["Player"] = names.get(deck["Player"], deck["Player"])
    for rnd in doc.get("Rounds") or []:
        for match in rnd.get("Matches") or []:
            for key in ("Player1", "Player2"):
                if isinstance(match.get(key), str):
                    match[key] = names.get(match[key], match[key])
    for row in doc.get("Standings") or []:
        if isinstance(row.get("Player"), str):
            row["Player"] = names.get(row["Player"], row["Player"])
    return doc


def _players_of(doc: Any) -> list[str]:
    seen: dict[str, None] = {}
    for deck in doc.get("Decks") or []:
        seen.setdefault(deck.get("Player"))
    for rnd in doc.get("Rounds") or []:
        for match in rnd.get("Matches") or []:
            seen.setdefault(match.get("Player1"))
            seen.setdefault(match.get("Player2"))
    for row in doc.get("Standings") or []:
        seen.setdefault(row.get("Player"))
    return [n for n in seen if isinstance(n, str) and n and n.lower() not in ("bye", "-", "null")]


def generate(folder: Path, files: int, samples: Path, pool: list[str]) -> int:
    """Writes ``files`` MTGODecklistCache files into ``folder``; returns their total size."""
    sources = sorted(samples.glob("*.json"))
    if not sources:
        raise SystemExit(f"no .json file in {samples}")
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sources]
    rng = random.Random(5)
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    start = dt.date(2020, 1, 4)
    for i in range(files):
        k = i % len(docs)
        doc = json.loads(json.dumps(docs[k]))  # a copy
        players = _players_of(doc)
        chosen = rng.sample(pool, min(len(players), len(pool)))
        doc = _rename(doc, dict(zip(players, chosen, strict=False)))
        day = (start + dt.timedelta(days=7 * (i // len(docs)) + k % 7)).isoformat()
        head = doc["Tournament"]
        head["Name"] = f"{head.get('Name') or 'Event'} {i + 1}"
        head["Date"] = day + "T18:00:00"
        uri = head.get("Uri") or "https://example.org/t"
        head["Uri"] = f"{uri.rstrip('/')}-{i + 1}"
        for deck in doc.get("Decks") or []:
            deck["Date"] = day + "T18:00:00"
        text = json.dumps(doc)
        name = f"{sources[k].stem.split('--')[0]}--event-{i + 1:05d}-{day}.json"
        (folder / name).write_text(text, encoding="utf-8")
        total += len(text)
    return total


def run(
    args: list[str], root: Path, *, profile: Path | None = None, env: dict[str, str] | None = None
) -> tuple[float, float, int, int]:
    """``scorekeeper`` in a new process: wall and CPU seconds, peak resident KB and exit status of
    that command alone (``wait4``: the process and the workers it waited for, not the commands
    run before it). ``profile``: run it under cProfile, its statistics written there; ``env``:
    variables added to the environment."""
    env = {**os.environ, "XDG_CACHE_HOME": str(root / "cache"), **(env or {})}
    prof = ["-m", "cProfile", "-o", str(profile)] if profile else []
    began = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, *prof, "-m", "ingest", "--root", str(root), *args],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stderr is not None
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - began
    cpu = usage.ru_utime + usage.ru_stime
    if child.returncode:
        print("\n".join(err.splitlines()[-5:]), file=sys.stderr)
    return wall, cpu, usage.ru_maxrss, child.returncode


def _size(folder: Path) -> tuple[int, int, int]:
    """The files under ``folder``: their bytes, the bytes the disk gives them (whole blocks), and
    how many there are."""
    files = [p.stat() for p in folder.rglob("*") if p.is_file()]
    return sum(s.st_size for s in files), sum(s.st_blocks * 512 for s in files), len(files)


def _top(profile: Path, count: int = 12) -> None:
    """The functions the profiled command spent most time in, by own time."""
    import pstats

    stats = pstats.Stats(str(profile))
    stats.sort_stats("tottime").print_stats(count)


@contextlib.contextmanager
def s3_server(folder: Path) -> Iterator[str]:
    """A local S3 server (moto's, ``pip install 'moto[server]'``) in a process of its own; its address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    with (folder / "moto.log").open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=log
        )
        try:
            for _ in range(600):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
                time.sleep(0.1)
            yield f"http://127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(timeout=60)


def publish_twice(root: Path, files: int) -> None:
    """``scorekeeper publish`` of the built site to a local S3 server: the first run sends every
    file, the second (nothing changed) compares and sends none."""
    import boto3

    env = {
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
    }
    with s3_server(root) as endpoint:
        boto3.client(
            "s3",
            endpoint_url=endpoint,
            region_name="us-east-1",
            aws_access_key_id="bench",
            aws_secret_access_key="bench",
        ).create_bucket(Bucket="archive")
        for label in ("publish", "again"):
            wall, cpu, peak, status = run(["publish", "s3://archive/site", "--endpoint-url", endpoint], root, env=env)
            print(
                f"  {label:7} {wall:7.1f} s wall {cpu:7.1f} s CPU  peak {peak / 1024:6.0f} MB  "
                f"{1000 * cpu / files:6.1f} CPU-ms per event  (exit {status}; to a local S3 server)"
            )


def measure(
    files: int, samples: Path, pool_size: int, *, build: bool = True, profile: bool = False, publish: bool = False
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "events").mkdir()
        pool = _names(pool_size)
        (root / "players.yaml").write_text(
            "players:\n" + "".join(f"  - {{id: p{i:05d}, name: {n}}}\n" for i, n in enumerate(pool)), encoding="utf-8"
        )
        source = root / "archive"
        raw = generate(source, files, samples, pool)
        paths = sorted(str(p.relative_to(root)) for p in source.glob("*.json"))
        stats = root / "import.prof" if profile else None
        wall, cpu, peak, status = run(["import", *paths], root, profile=stats)
        events, events_disk, count = _size(root / "events")
        print(f"{files} files ({raw / 1e6:.1f} MB of JSON, {pool_size} players in players.yaml)")
        print(
            f"  import  {wall:7.1f} s wall {cpu:7.1f} s CPU  peak {peak / 1024:6.0f} MB  "
            f"{1000 * cpu / files:6.1f} CPU-ms per file  (exit {status}{', under cProfile' if profile else ''})"
        )
        print(
            f"  events  {events / 1e6:7.1f} MB in {count} files (event files and decklists; "
            f"{events_disk / 1e6:.1f} MB on disk), {events / files / 1e3:.0f} KB per event"
        )
        if stats is not None:
            _top(stats)
        if not build:
            return
        wall, cpu, peak, status = run(["build"], root)
        site, site_disk, count = _size(root / "build" / "site")
        print(
            f"  build   {wall:7.1f} s wall {cpu:7.1f} s CPU  peak {peak / 1024:6.0f} MB  "
            f"{1000 * cpu / files:6.1f} CPU-ms per event  (exit {status})"
        )
        print(
            f"  site    {site / 1e6:7.1f} MB in {count} files ({site_disk / 1e6:.1f} MB on disk), "
            f"{site / files / 1e3:.0f} KB per event"
        )
        if publish:
            publish_twice(root, files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, nargs="+", default=[300])
    parser.add_argument("--samples", type=Path, default=SAMPLES, help="a folder of MTGODecklistCache files")
    parser.add_argument("--pool", type=int, default=4000, help="players across the archive (in players.yaml)")
    parser.add_argument("--no-build", action="store_true", help="time the import only")
    parser.add_argument(
        "--profile", action="store_true", help="run the import under cProfile and print where it spent its time"
    )
    parser.add_argument(
        "--publish",
        action="store_true",
        help="publish the built site to a local S3 server twice (moto[server], in the test extra)",
    )
    args = parser.parse_args()
    for files in args.files:
        measure(files, args.samples, args.pool, build=not args.no_build, profile=args.profile, publish=args.publish)


if __name__ == "__main__":
    main()
