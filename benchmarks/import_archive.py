"""Import benchmark: an aggregator's archive of MTGODecklistCache files, imported and built.

Prints figures; it is not a test. ``--files`` files are generated in the MTGODecklistCache
format from real samples (by default the 24 files of ``tests/data/import/mtgodecklistcache``;
``--samples DIR`` takes another folder of such files): each a copy of one sample with its
name, date and address varied and its players renamed from a shared pool, so the same
people play many events (and are matched to ``players.yaml`` across them, as a community
that registers its players has them). Then, each as a user runs it, in a new process:

- ``scorekeeper import`` of the whole folder;
- ``scorekeeper build`` of the project.

Each is reported in wall and CPU seconds and its peak memory (the largest resident size of
the processes it ran, ``getrusage`` of the children), with the bytes the site takes on
disk. Figures per file show whether anything grows faster than the archive: run two sizes
(``--files 300 3000``) and compare.

    python benchmarks/import_archive.py [--files 300] [--samples DIR] [--pool 4000] [--no-build]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
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


def run(args: list[str], root: Path) -> tuple[float, float, int, int]:
    """``scorekeeper`` in a new process: wall and CPU seconds, peak resident KB of the children
    so far (a maximum over every process run), exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    env = {**os.environ, "XDG_CACHE_HOME": str(root / "cache")}
    done = subprocess.run(
        [sys.executable, "-m", "ingest", "--root", str(root), *args],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode:
        print("\n".join(done.stderr.splitlines()[-5:]), file=sys.stderr)
    return wall, cpu, after.ru_maxrss, done.returncode


def _size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def measure(files: int, samples: Path, pool_size: int, *, build: bool = True) -> None:
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
        wall, cpu, peak, status = run(["import", *paths], root)
        events, _ = _size(root / "events")
        print(f"{files} files ({raw / 1e6:.1f} MB of JSON, {pool_size} players in players.yaml)")
        print(
            f"  import  {wall:7.1f} s wall {cpu:7.1f} s CPU  peak {peak / 1024:6.0f} MB  "
            f"{1000 * cpu / files:6.1f} CPU-ms per file  (exit {status}; event files {events / 1e6:.1f} MB)"
        )
        if not build:
            return
        wall, cpu, peak, status = run(["build"], root)
        site, count = _size(root / "build" / "site")
        print(
            f"  build   {wall:7.1f} s wall {cpu:7.1f} s CPU  peak {peak / 1024:6.0f} MB  "
            f"{1000 * cpu / files:6.1f} CPU-ms per event  (exit {status})"
        )
        print(f"  site    {site / 1e6:7.1f} MB in {count} files, {site / files / 1e3:.0f} KB per event")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, nargs="+", default=[300])
    parser.add_argument("--samples", type=Path, default=SAMPLES, help="a folder of MTGODecklistCache files")
    parser.add_argument("--pool", type=int, default=4000, help="players across the archive (in players.yaml)")
    parser.add_argument("--no-build", action="store_true", help="time the import only")
    args = parser.parse_args()
    for files in args.files:
        measure(files, args.samples, args.pool, build=not args.no_build)


if __name__ == "__main__":
    main()
