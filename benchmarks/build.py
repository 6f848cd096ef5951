"""Site build benchmark: a synthetic five-year archive of weekly Modern events.

Prints figures; it is not a test. The archive: ``--events`` weekly 32-player MTG Modern
events (default 300, one week apart, the last on 2026-11-13), 600 players drawn into
them (a seeded mix of regulars and occasional players), 5 Swiss rounds each with public
decklists (the sample Modern lists of ``tools/simulate_samples.py``). Rounds are written
straight into the YAML with a seeded Swiss-like pairing (neighbours in points order,
never a rematch), so generating takes seconds; every event is checked with
``ingest.build.collect`` (no errors) before anything is timed.

For each engine it measures:

1. a full build (fresh in-memory ``ReportCache``, no ``build/`` folder, no engine cache):
   total, the pipeline share (read + compute + render + write) and the engine share;
2. pages, HTML files, size of ``build/site`` and the average HTML size per page;
3. a rebuild after one result changes in the latest event (one ``games:`` value edited
   in the YAML text), over that engine's full build and with the in-memory caches a first
   build leaves (as ``serve`` holds them, see :func:`warm_cache`): only that event is
   recomputed.

Every engine's full build runs before any rebuild, and builds are moved aside between
measurements and deleted after all of them (see :func:`measure_full`).

Budgets (printed PASS/FAIL, not asserted): pipeline <= 10 % of the full build, a
one-change rebuild <= 25 % of the full build, <= 100 KB of HTML per rendered page on
average (print views, copied as they are, are not pages).

``--explore`` adds two probes for the rebuild analysis: a ``mkdocs --dirty`` pass over a
copy of the last site (only the pages whose Markdown changed are rebuilt; the search
index then lacks every other page), and Zensical with its cache and a stable site folder.

Zensical 0.0.7x requires ``site_dir`` inside the folder of its configuration file and
panics on an absolute ``docs_dir``, which ``ingest.build.run_zensical`` does not respect
(its configuration lives in a temporary folder); when the shipped runner fails on a probe
project, the zensical figures use :func:`run_zensical_in_root` and say so.

Creating files is a large part of the pipeline's write and of the engine's: on a file
system where it is slow (some ext4 volumes without a journal make every new file step over
the folder's deleted inodes), put the archive elsewhere with ``TMPDIR`` or ``--keep``.

    python benchmarks/build.py                      # 300 events, mkdocs and zensical
    python benchmarks/build.py --events 30 --engine mkdocs
    python benchmarks/build.py --keep /tmp/archive  # keep the generated project
    python benchmarks/build.py --explore            # also the incremental-engine probes
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ingest.build as build_module  # noqa: E402
from ingest.build import BuildTimings, ReportCache, build_site, collect  # noqa: E402
from ingest.errors import IngestError  # noqa: E402
from ingest.project import Project  # noqa: E402
from tools.simulate_samples import FIRST, LAST, deck_text, modern_decks  # noqa: E402

LAST_DATE = dt.date(2026, 11, 13)
TODAY = dt.date(2026, 11, 22)
PLAYERS = 600
FIELD = 32
ROUNDS = 5
PROJECT_PARTS = ("mkdocs.yml", "schema", "formats", "site_templates")
Pair = tuple[str, str]
"""Two player ids at one table."""
Played = tuple[str, str, str]
"""(player, opponent, games) of one table."""
RESULTS = (("2-0", 30), ("2-1", 20), ("1-2", 20), ("0-2", 27), ("1-1-1", 3))
"""Match results and their weights (percent)."""

BUDGET_PIPELINE = 0.10
BUDGET_REBUILD = 0.25
BUDGET_HTML_KB = 100.0


# --------------------------------------------------------------------------------------
# The archive


@dataclass(frozen=True, slots=True)
class Person:
    """One player of the archive."""

    id: str
    name: str
    weight: int
    """How often they come (relative)."""
    archetype: str
    """The deck they usually play."""


def people(rng: random.Random, count: int) -> list[Person]:
    """``count`` distinct players with names from the samples' name lists."""
    names = sorted(rng.sample([(f, la) for f in FIRST for la in LAST], count))
    archetypes = sorted(modern_decks())
    return [
        Person(f"{f}-{la}".lower(), f"{f} {la}", rng.choice((1, 1, 1, 2, 3, 6)), rng.choice(archetypes))
        for f, la in names
    ]


def draw_field(rng: random.Random, pool: Sequence[Person], size: int) -> list[Person]:
    """A weighted sample without replacement (Efraimidis-Spirakis keys), in pool order."""
    keys = [(rng.random() ** (1.0 / p.weight), i) for i, p in enumerate(pool)]
    keyed = sorted(keys, reverse=True)
    return [pool[i] for _, i in sorted(keyed[:size], key=lambda k: k[1])]


def swiss_rounds(rng: random.Random, ids: Sequence[str], rounds: int) -> list[list[Played]]:
    """Rounds of (player, opponent, games): neighbours in points order, no rematch."""
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    results = [r for r, _ in RESULTS]
    weights = [w for _, w in RESULTS]
    out = []
    for _ in range(rounds):
        tiebreak = {p: rng.random() for p in ids}
        order = sorted(ids, key=lambda p: (-points[p], tiebreak[p]))
        pairs = _pair_without_rematch(order, met)
        assert pairs is not None, "no pairing without a rematch"
        played = []
        for a, b in pairs:
            games = rng.choices(results, weights)[0]
            wins_a, wins_b = (int(x) for x in games.split("-")[:2])
            if wins_a > wins_b:
                points[a] += 3
            elif wins_b > wins_a:
                points[b] += 3
            else:
                points[a] += 1
                points[b] += 1
            met[a].add(b)
            met[b].add(a)
            played.append((a, b, games))
        out.append(played)
    return out


def _pair_without_rematch(order: list[str], met: dict[str, set[str]]) -> list[Pair] | None:
    """Pairs the first unpaired player with the nearest one not met yet (backtracking)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for k, other in enumerate(rest):
        if other in met[first]:
            continue
        tail = _pair_without_rematch(rest[:k] + rest[k + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def event_text(
    number: int, date: dt.date, seed: int, entrants: Sequence[tuple[Person, str]], rounds: Sequence[Sequence[Played]]
) -> str:
    """An event file in the samples' layout: one flow mapping per player and match."""
    q = json.dumps
    lines = [
        "# Generated by benchmarks/build.py",
        f"name: Friday Night Modern {number}",
        f"date: '{date.isoformat()}'",
        "game: mtg",
        "format: modern",
        "rules: mtr",
        f"seed: {seed}",
        "location: The Benchmark Hall",
        "structure:",
        "  pairing: swiss",
        f"  swiss_rounds: {len(rounds)}",
        "  best_of: 3",
        "  decklists: public",
        "players:",
    ]
    lines += [f"  - {{id: {p.id}, name: {q(p.name)}, deck: {deck}}}" for p, deck in entrants]
    lines.append("rounds:")
    for n, matches in enumerate(rounds, start=1):
        lines += [f"- round: {n}", "  matches:"]
        lines += [
            f"    - {{table: {t}, players: [{a}, {b}], games: {g}}}" for t, (a, b, g) in enumerate(matches, start=1)
        ]
    return "\n".join(lines) + "\n"


def generate(root: Path, events: int, seed: int = 20261113) -> Path:
    """Writes the archive into ``root``; returns the latest event's file."""
    rng = random.Random(seed)
    for name in PROJECT_PARTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name)
        else:
            shutil.copy2(source, root / name)
    pool = people(rng, PLAYERS)
    decks = modern_decks()
    archetypes = sorted(decks)
    texts = {a: deck_text(*decks[a]) for a in archetypes}
    registry = ["# Generated by benchmarks/build.py", "players:"]
    registry += [f"  - {{id: {p.id}, name: {json.dumps(p.name)}}}" for p in pool]
    (root / "players.yaml").write_text("\n".join(registry) + "\n", encoding="utf-8")
    latest = root
    for i in range(events):
        number = i + 1
        date = LAST_DATE - dt.timedelta(weeks=events - 1 - i)
        folder = root / "events" / str(date.year)
        deck_dir = folder / "decks" / date.isoformat()
        deck_dir.mkdir(parents=True, exist_ok=True)
        entrants = []
        for p in draw_field(rng, pool, FIELD):
            archetype = p.archetype if rng.random() < 0.8 else rng.choice(archetypes)
            (deck_dir / f"{p.id}.txt").write_text(texts[archetype], encoding="utf-8")
            entrants.append((p, f"decks/{date.isoformat()}/{p.id}.txt"))
        rounds = swiss_rounds(rng, [p.id for p, _ in entrants], ROUNDS)
        latest = folder / f"{date.isoformat()}-friday-night-modern-{number}.yaml"
        text = event_text(number, date, rng.randrange(1, 2**31), entrants, rounds)
        latest.write_text(text, encoding="utf-8")
    return latest


def change_one_result(path: Path) -> str:
    """Edits one ``games:`` value in the last round (a 2-0 becomes 2-1: same winner).

    Returns the file's previous text.
    """
    text = path.read_text(encoding="utf-8")
    last_round = text.rindex("- round:")
    match = re.compile(r"games: 2-0\}").search(text, last_round)
    assert match is not None, "no 2-0 result in the last round"
    path.write_text(text[: match.start()] + "games: 2-1}" + text[match.end() :], encoding="utf-8")
    return text


# --------------------------------------------------------------------------------------
# Zensical


def run_zensical_in_root(
    project: Project, docs: Path, site: Path, *, strict: bool, overrides: Mapping[str, Any] | None = None
) -> list[str]:
    """``ingest.build.run_zensical`` with the workaround Zensical 0.0.7x needs.

    Zensical takes the folder of its configuration file as the project root, requires
    ``site_dir`` inside it and panics on an absolute ``docs_dir``. This writes the
    temporary configuration into the project root with relative paths (its cache then
    lives in ``<root>/.cache`` and survives between builds).
    """
    import yaml

    config = {**yaml.safe_load(project.mkdocs_file.read_text(encoding="utf-8")), **(overrides or {})}
    config["docs_dir"] = os.path.relpath(docs, project.root)
    config["site_dir"] = os.path.relpath(site, project.root)
    cfg = project.root / ".scorekeeper-zensical.yml"
    cfg.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    try:
        cmd = [build_module._zensical(), "build", "-f", str(cfg)] + (["--strict"] if strict else [])
        proc = subprocess.run(cmd, cwd=project.root, capture_output=True, text=True, check=False)
    finally:
        cfg.unlink(missing_ok=True)
    if proc.returncode != 0:
        raise IngestError(f"zensical failed: {(proc.stderr or proc.stdout).strip()[-2000:]}")
    return [line for line in (proc.stderr or "").splitlines() if "warning" in line.lower()]


# --------------------------------------------------------------------------------------
# Measuring


@dataclass(frozen=True, slots=True)
class SiteSize:
    """What a build produced."""

    pages: int
    """Markdown pages (``BuildTimings.pages``)."""
    html_files: int
    """Every HTML file of the site: the pages, 404.html and the print views copied as they are."""
    html_bytes: int
    page_files: int
    """HTML files the engine rendered from Markdown (not copied from build/docs)."""
    page_bytes: int
    largest: tuple[int, str]
    """Size and path of the largest rendered page."""
    total_bytes: int
    search_index_bytes: int


def site_size(site: Path, docs: Path, pages: int) -> SiteSize:
    """Counts the files of ``build/site``; pages are HTML files that build/docs does not hold."""
    html = total = files = page_bytes = page_files = 0
    largest = (0, "")
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        size = path.stat().st_size
        total += size
        if path.suffix == ".html":
            html += size
            files += 1
            rel = path.relative_to(site).as_posix()
            if not (docs / rel).is_file():
                page_bytes += size
                page_files += 1
                largest = max(largest, (size, rel))
    indexes = [site / "search" / "search_index.json", site / "search.json"]  # mkdocs, Zensical
    index = sum(p.stat().st_size for p in indexes if p.is_file())
    return SiteSize(pages, files, html, page_files, page_bytes, largest, total, index)


def docs_snapshot(docs: Path) -> dict[str, int]:
    """Modification times of ``build/docs`` (which files a rebuild rewrote)."""
    return {p.relative_to(docs).as_posix(): p.stat().st_mtime_ns for p in sorted(docs.rglob("*")) if p.is_file()}


def timed_build(project: Project, engine: str, cache: ReportCache) -> tuple[float, BuildTimings]:
    """One ``build_site`` call and its wall time."""
    start = time.perf_counter()
    timings = build_site(project, engine=engine, today=TODAY, cache=cache)
    return time.perf_counter() - start, timings


def verdict(ok: bool) -> str:
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


@dataclass(frozen=True)
class Measured:
    """One engine's full build, kept aside until its rebuild is measured."""

    engine: str
    full: float
    """Wall time of the full build (s)."""
    kept: dict[Path, Path]
    """Where the engine's build folders wait: their place in the project -> their place aside."""


PROJECT_BUILD_PARTS = ("build", ".cache")
"""The folders a build writes in the project (``.cache``: Zensical's own cache)."""


def move_aside(project: Project, aside: Path, label: str) -> dict[Path, Path]:
    """Moves the build folders into a new folder in ``aside`` (a rename: nothing is deleted)."""
    kept: dict[Path, Path] = {}
    for name in PROJECT_BUILD_PARTS:
        old = project.root / name
        if old.exists():
            kept[old] = Path(tempfile.mkdtemp(prefix=f"{label}-", dir=aside)) / name
            shutil.move(old, kept[old])
    return kept


PROBE_FILES = 400
NORMAL_CREATE_US = 50
SLOW_CREATE_US = 150
"""Microseconds to create one small file: what a healthy folder takes on the reference
machine, and above what the benchmark warns (the write step creates 4,235 files)."""


def file_creation_probe(near: Path, keep: Path) -> float:
    """Microseconds per file to create :data:`PROBE_FILES` small files next to ``near``.

    The files are moved into ``keep`` rather than deleted (deleting them would slow the
    build that follows, see :func:`measure_full`).
    """
    folder = Path(tempfile.mkdtemp(prefix="sk-probe-", dir=near))
    start = time.perf_counter()
    for i in range(PROBE_FILES):
        (folder / f"{i}.md").write_bytes(b"# probe\n")
    spent = time.perf_counter() - start
    shutil.move(folder, keep / folder.name)
    return spent / PROBE_FILES * 1e6


def measure_full(project: Project, engine: str, aside: Path) -> Measured:
    """A full build from nothing and the site's figures; the build is then moved aside.

    Nothing is deleted between the measurements (``main`` deletes ``aside`` after all of
    them): on ext4 without a journal, a file created soon after thousands were deleted
    costs far more to create (the inode allocator steps over every recently deleted inode,
    for each new file), which would charge the benchmark's own clean-up to the build it
    measures. For the same reason every engine's full build runs before any rebuild: a
    rebuild replaces the previous site, which deletes its files.
    """
    move_aside(project, aside, "before")
    cache = ReportCache()
    print(f"\n== {engine}")
    probe = file_creation_probe(project.root, aside)
    full, t = timed_build(project, engine, cache)
    share = t.pipeline / full
    print(
        f"full build            {full:8.2f} s   (read {t.read:.2f}, compute {t.compute:.2f}, "
        f"render {t.render:.2f}, write {t.write:.2f}; engine {t.engine:.2f})"
    )
    print(
        f"  pipeline share      {t.pipeline:8.2f} s = {share:6.1%} of the full build   "
        f"budget <= {BUDGET_PIPELINE:.0%}: {verdict(share <= BUDGET_PIPELINE)}"
    )
    print(
        f"  engine share        {t.engine:8.2f} s = {t.engine / full:6.1%}   "
        f"(reports computed {t.reports_computed}, cached {t.reports_cached})"
    )
    if probe > SLOW_CREATE_US:
        print(
            f"  NOTE: creating a file took {probe:.0f} us just before this build (normally about "
            f"{NORMAL_CREATE_US} us here): files were deleted nearby in the last minutes, so the "
            "write step and the engine are slower than usual"
        )
    if not t.extra.get("parallel"):
        print(
            f"  NOTE: the events were not prepared in parallel (threads running: "
            f"{[th.name for th in threading.enumerate()]}, cores: {os.cpu_count()})"
        )
    size = site_size(project.build_dir / "site", project.build_dir / "docs", t.pages)
    avg_kb = size.page_bytes / max(size.page_files, 1) / 1024
    mb = 2**20
    print(
        f"  pages               {size.pages:8d}   HTML files {size.html_files} "
        f"({size.page_files} rendered pages, the rest print views copied as they are)"
    )
    print(
        f"  build/site          {size.total_bytes / mb:8.1f} MB   "
        f"(HTML {size.html_bytes / mb:.1f} MB, "
        f"search index {size.search_index_bytes / mb:.1f} MB)"
    )
    print(
        f"  average HTML/page   {avg_kb:8.1f} KB   budget <= {BUDGET_HTML_KB:.0f} KB: "
        f"{verdict(avg_kb <= BUDGET_HTML_KB)}   (over all HTML files "
        f"{size.html_bytes / max(size.html_files, 1) / 1024:.1f} KB; largest page "
        f"{size.largest[0] / 1024:.0f} KB, {size.largest[1]})"
    )
    return Measured(engine, full, move_aside(project, aside, engine))


def warm_cache(project: Project) -> ReportCache:
    """The in-memory caches a first build leaves (as ``serve`` holds them), over the kept build.

    The full build's own caches are not kept for this: held through the other engine's full
    build, their hundred megabytes made its forked workers slower. Writing ``build/docs``
    again changes no file (same content), and the site's fingerprint, which a build removes
    until its site is in place, is put back.
    """
    manifest = project.build_dir / ".cache" / "site.json"
    fingerprint = manifest.read_text(encoding="utf-8")
    cache = ReportCache()
    _docs_only(project, cache)
    manifest.write_text(fingerprint, encoding="utf-8")
    return cache


def measure_rebuild(project: Project, measured: Measured, latest: Path, *, explore: bool = False) -> None:
    """The rebuild after one result changes, over the engine's own full build (and the probes)."""
    engine, full = measured.engine, measured.full
    for place, kept in measured.kept.items():
        shutil.move(kept, place)
    print(f"\n== {engine}, one change")
    cache = warm_cache(project)
    before = docs_snapshot(project.build_dir / "docs")
    original = change_one_result(latest)
    try:
        again, r = timed_build(project, engine, cache)
    finally:
        latest.write_text(original, encoding="utf-8")
    after = docs_snapshot(project.build_dir / "docs")
    rewritten = sorted(k for k in after if before.get(k) != after[k])
    ratio = again / full
    print(
        f"one-change rebuild    {again:8.2f} s = {ratio:6.1%} of the full build   "
        f"budget <= {BUDGET_REBUILD:.0%}: {verdict(ratio <= BUDGET_REBUILD)}"
    )
    print(
        f"  pipeline {r.pipeline:.2f} s (read {r.read:.2f}, compute {r.compute:.2f}, "
        f"render {r.render:.2f}, write {r.write:.2f}); engine {r.engine:.2f} s; "
        f"reports computed {r.reports_computed}, cached {r.reports_cached}"
    )
    shown = ", ".join(rewritten[:6]) + (", ..." if len(rewritten) > 6 else "")
    print(f"  docs files rewritten {len(rewritten)} of {len(after)}: {shown}")
    assert r.reports_computed == 1, "the one-change rebuild should recompute exactly one event"
    if explore and engine == "mkdocs":
        explore_mkdocs_dirty(project, cache, full)
    elif explore:
        explore_zensical_cache(project, cache, latest, full)


def _docs_only(project: Project, cache: ReportCache) -> BuildTimings:
    return build_site(project, today=TODAY, cache=cache, docs_only=True)


def _search_entries(site: Path) -> int:
    index = site / "search" / "search_index.json"
    return len(json.loads(index.read_text(encoding="utf-8"))["docs"]) if index.is_file() else 0


def explore_mkdocs_dirty(project: Project, cache: ReportCache, full: float) -> None:
    """What a ``mkdocs build --dirty`` pass over the last site would cost (for the analysis).

    Runs after the one-change rebuild, whose edit is undone again: the pipeline rewrites
    the same few docs files (now newer than their pages), the site is copied with its
    timestamps and mkdocs rebuilds, in dirty mode, only the pages whose source changed.
    """
    site, docs = project.build_dir / "site", project.build_dir / "docs"
    t = _docs_only(project, cache)
    target = project.build_dir / "site-dirty"
    shutil.rmtree(target, ignore_errors=True)
    start = time.perf_counter()
    shutil.copytree(site, target, copy_function=shutil.copy2)
    copied = time.perf_counter() - start
    before = {p: p.stat().st_mtime_ns for p in sorted(target.rglob("*.html"))}
    start = time.perf_counter()
    with build_module._source_date_epoch(TODAY):
        build_module.run_mkdocs(project, docs, target, strict=False, dirty=True)
    dirty = time.perf_counter() - start
    rebuilt = sum(1 for p, m in before.items() if p.stat().st_mtime_ns != m)
    whole = t.pipeline + copied + dirty
    print(
        f"  probe: mkdocs --dirty pass {dirty:.2f} s ({rebuilt} of {len(before)} pages rebuilt; "
        f"search index keeps {_search_entries(target)} of {_search_entries(site)} entries)"
    )
    print(
        f"         + site copy {copied:.2f} s + pipeline {t.pipeline:.2f} s = {whole:.2f} s "
        f"= {whole / full:.1%} of the full build"
    )
    shutil.rmtree(target, ignore_errors=True)


def explore_zensical_cache(project: Project, cache: ReportCache, latest: Path, full: float) -> None:
    """What Zensical costs with its cache kept and a stable site folder (for the analysis)."""
    docs, target = project.build_dir / "docs", project.build_dir / "site-stable"
    shutil.rmtree(target, ignore_errors=True)
    _docs_only(project, cache)
    with build_module._source_date_epoch(TODAY):
        start = time.perf_counter()
        run_zensical_in_root(project, docs, target, strict=False)
        first = time.perf_counter() - start
        original = change_one_result(latest)
        try:
            t = _docs_only(project, cache)
            start = time.perf_counter()
            run_zensical_in_root(project, docs, target, strict=False)
            again = time.perf_counter() - start
        finally:
            latest.write_text(original, encoding="utf-8")
    whole = t.pipeline + again
    print(
        f"  probe: zensical into a stable site folder: first {first:.2f} s, after one change "
        f"{again:.2f} s (+ pipeline {t.pipeline:.2f} s = {whole:.2f} s = {whole / full:.1%} "
        "of the full build)"
    )
    shutil.rmtree(target, ignore_errors=True)


def zensical_runner() -> Callable[[], None] | None:
    """Tries the shipped Zensical runner on a one-page project; if it fails, patches it.

    Returns a function that undoes the patch, or None when no patch was needed.
    """
    probe = Path(tempfile.mkdtemp(prefix="sk-zensical-probe-"))
    try:
        (probe / "mkdocs.yml").write_text("site_name: Probe\n", encoding="utf-8")
        docs = probe / "build" / "docs"
        docs.mkdir(parents=True)
        (docs / "index.md").write_text("# Probe\n", encoding="utf-8")
        try:
            build_module.run_zensical(Project(probe), docs, probe / "build" / "site", strict=False)
            return None
        except IngestError as exc:
            first = str(exc).strip().splitlines()[-1][:200]
            print(
                f"NOTE: ingest.build.run_zensical fails with this Zensical ({first});\n"
                "      the zensical figures use run_zensical_in_root (config in the project "
                "root, relative docs_dir/site_dir)."
            )
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    original = build_module.run_zensical
    build_module.run_zensical = run_zensical_in_root

    def undo() -> None:
        build_module.run_zensical = original

    return undo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="weekly events (default 300)")
    parser.add_argument("--engine", choices=("mkdocs", "zensical", "both"), default="both")
    parser.add_argument("--keep", type=Path, help="generate into this (new) folder and keep it")
    parser.add_argument(
        "--explore",
        action="store_true",
        help="also probe incremental engine passes (mkdocs --dirty; Zensical's cache with a stable site folder)",
    )
    args = parser.parse_args()
    root = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="sk-bench-build-"))
    root.mkdir(parents=True, exist_ok=True)
    try:
        start = time.perf_counter()
        latest = generate(root, args.events)
        generated = time.perf_counter() - start
        project = Project(root)
        start = time.perf_counter()
        collected = collect(project)
        errors = [d for d in collected.diagnostics if d.is_error]
        warnings = len(collected.diagnostics) - len(errors)
        shown = "\n".join(d.render() for d in errors[:10])
        assert not errors, f"generated events do not validate:\n{shown}"
        assert len(collected.events) == args.events
        validated = time.perf_counter() - start
        print(
            f"archive: {args.events} events x {FIELD} players, {PLAYERS} players, {ROUNDS} Swiss "
            f"rounds, public decklists; generated in {generated:.1f} s, validated in "
            f"{validated:.1f} s (0 errors, {warnings} warnings)"
        )
        print(
            f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}; the engines are "
            "imported beforehand (no import time in the first build)"
        )
        import material  # noqa: F401 - the theme's import cost is not the build's
        import mkdocs.commands.build  # noqa: F401

        engines = ("mkdocs", "zensical") if args.engine == "both" else (args.engine,)
        aside = Path(tempfile.mkdtemp(prefix="sk-bench-previous-", dir=root.parent))
        undo = zensical_runner() if "zensical" in engines else None
        try:
            measured = [measure_full(project, engine, aside) for engine in engines]
            for one in measured:
                measure_rebuild(project, one, latest, explore=args.explore)
                move_aside(project, aside, f"{one.engine}-rebuilt")
        finally:
            if undo is not None:
                undo()
            shutil.rmtree(aside, ignore_errors=True)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
