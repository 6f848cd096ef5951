"""What the analytics cost: a full build of the weekly archive with and without them, a
one-result rebuild of an unrelated format, and what a phone downloads for the analytics page.

Prints figures; it is not a test (no timing is ever asserted). The archive is
``benchmarks/build.py``'s weekly one (``--events`` 32-player Modern events, public lists),
with every tenth event a Legacy one (the same lists, a format of its own). Every build runs
in a new process, as ``scorekeeper build`` does, with the analytics or with them taken out
(the analytics pages, the per-event and archive tables and the events' analytics records);
wall seconds and CPU seconds (the process and its workers) are printed side by side, each the
median of ``--repeat`` runs taken in turn.

1. the full build (no ``build/`` folder, no build cache). Budget: with analytics <= 1.10x
   without, in wall and in CPU seconds;
2. a new process after one result of the newest Legacy event changed (the build cache the
   full build left): nothing measurable, i.e. within the runs' own spread;
3. a phone (headless Chromium at 390x844) opening the Modern analytics page: the gzipped
   bytes of the page itself (the theme's assets are the format page's too) and of everything
   downloaded on a first visit. Budget: the page adds <= 30 KB.

    python benchmarks/analytics.py                      # 300 events, 3 runs each
    python benchmarks/analytics.py --events 60 --repeat 1 --no-phone   # quick
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.build import TODAY, generate, phone_weight, verdict  # noqa: E402

BUDGET_FULL = 1.10
"""A full build with analytics <= this many times one without."""
BUDGET_PAGE_KB = 30.0
"""What the analytics page adds to what a phone downloads, gzipped."""
LEGACY_EVERY = 10
"""Every tenth event is a Legacy one."""


def without_analytics() -> None:
    """Takes the analytics out of this process: no records, no tables, no analytics pages."""
    from ingest.site import brief, event_pages, site_files

    def nothing(*args: object, **kwargs: object) -> dict[str, str]:
        return {}

    def none(*args: object, **kwargs: object) -> None:
        return None

    for module, name, value in (
        (brief, "analytics_record", none),
        (event_pages, "analytics_record", none),
        (event_pages, "event_tables", none),
        (event_pages, "event_table_files", nothing),
        (site_files, "archive_tables", nothing),
        (site_files, "analytics_pages", nothing),
        (site_files, "formats_with_analytics", lambda digests: set()),
    ):
        assert hasattr(module, name), (module, name)
        setattr(module, name, value)


def child(mode: str, root: Path) -> None:
    """One build of the project at ``root`` (``mode``: with or without analytics); prints its stages."""
    from ingest.cli.common import settled_before, user_cache_home
    from ingest.publish.run import build_site
    from ingest.source.project import Project

    if mode == "without":
        without_analytics()
    t = build_site(
        Project(root), today=TODAY, cache_home=user_cache_home(), settled_before=settled_before(), on_diagnostics=None
    )
    print(json.dumps({"events": t.events, "site": t.site, "write": t.write, "engine": t.engine, "made": t.events_made}))


def run(mode: str, root: Path) -> tuple[float, float, dict[str, float]]:
    """Wall and CPU seconds of one build in a new process, and its stages."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--child", mode, str(root)], capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"the build {mode} analytics failed:\n{proc.stderr}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(proc.stdout.strip().splitlines()[-1])


def clean(root: Path) -> None:
    """No build folder and no build cache: the next build is a full one."""
    from ingest.cli.common import user_cache_home
    from ingest.publish.cache import cache_folder

    shutil.rmtree(root / "build", ignore_errors=True)
    shutil.rmtree(cache_folder(user_cache_home(), root / "build"), ignore_errors=True)
    os.sync()


def make_archive(root: Path, events: int) -> Path:
    """The weekly archive with every tenth event a Legacy one; returns the newest Legacy event."""
    generate(root, events)
    legacy = []
    for i, path in enumerate(sorted((root / "events").rglob("*.yaml"))):
        if i % LEGACY_EVERY == LEGACY_EVERY - 1:
            text = path.read_text(encoding="utf-8")
            text = text.replace("format: modern", "format: legacy", 1).replace("Friday Night Modern", "Legacy League")
            path.write_text(text, encoding="utf-8")
            legacy.append(path)
    return legacy[-1]


def change_result(path: Path, nth: int) -> None:
    """Flips the ``nth`` 2-0 of the last round to 2-1 and back (same winner, a new file each time)."""
    text = path.read_text(encoding="utf-8")
    matches = list(re.finditer(r"games: 2-[01]\}", text[text.rindex("- round:") :]))
    m = matches[nth % len(matches)]
    at = text.rindex("- round:") + m.start()
    new = "games: 2-1}" if m.group() == "games: 2-0}" else "games: 2-0}"
    path.write_text(text[:at] + new + text[at + len(m.group()) :], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="generate the archive here and keep it")
    parser.add_argument("--no-phone", action="store_true", help="skip the phone's figures (needs Chromium)")
    parser.add_argument("--child", nargs=2, metavar=("MODE", "ROOT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], Path(args.child[1]))
        return
    work = Path(args.keep or tempfile.mkdtemp(prefix="sk-analytics-"))
    root = work / "archive"
    shutil.rmtree(root, ignore_errors=True)
    legacy = make_archive(root, args.events)
    print(f"archive: {args.events} weekly events ({args.events // LEGACY_EVERY} Legacy), {os.cpu_count()} CPUs")
    full: dict[str, list[tuple[float, float, dict[str, float]]]] = {"with": [], "without": []}
    again: dict[str, list[tuple[float, float, dict[str, float]]]] = {"with": [], "without": []}
    for i in range(args.repeat):
        for mode in ("without", "with"):
            clean(root)
            full[mode].append(run(mode, root))
            change_result(legacy, i)
            again[mode].append(run(mode, root))
    for label, figures in (("full build", full), ("one Legacy result, new process", again)):
        print(f"\n{label} (median of {args.repeat})")
        med = {
            m: (statistics.median(w for w, _, _ in f), statistics.median(c for _, c, _ in f))
            for m, f in figures.items()
        }
        for mode in ("without", "with"):
            wall, cpu = med[mode]
            stages = figures[mode][-1][2]
            print(
                f"  {mode:8} {wall:7.2f} s wall {cpu:7.2f} s CPU   (events {stages['events']:.2f}, pages about many "
                f"events {stages['site']:.2f}, write {stages['write']:.2f}, engine {stages['engine']:.2f} s; "
                f"{stages['made']:.0f} events made)"
            )
        wall_ratio, cpu_ratio = med["with"][0] / med["without"][0], med["with"][1] / med["without"][1]
        spread = max(w for w, _, _ in figures["without"]) - min(w for w, _, _ in figures["without"])
        # Each run with analytics follows one without, so the pair saw the machine's load alike:
        # the median of the pairs' ratios is what a busy machine blurs least.
        pairs = [w[1] / wo[1] for wo, w in zip(figures["without"], figures["with"], strict=True)]
        print(
            "  CPU s, run by run: without "
            + " ".join(f"{c:.2f}" for _, c, _ in figures["without"])
            + "; with "
            + " ".join(f"{c:.2f}" for _, c, _ in figures["with"])
            + f"; pairs' ratios {' '.join(f'{r:.3f}' for r in pairs)} (median {statistics.median(pairs):.3f}x)"
        )
        line = f"  with / without: {wall_ratio:.3f}x wall, {cpu_ratio:.3f}x CPU; without's own spread {spread:.2f} s"
        if label == "full build":
            ok = wall_ratio <= BUDGET_FULL and cpu_ratio <= BUDGET_FULL
            line += f"   budget <= {BUDGET_FULL:.2f}x: {verdict(ok)}"
        else:
            line += f"   (added {med['with'][0] - med['without'][0]:+.2f} s wall)"
        print(line)
    site = root / "build" / "site"
    page = site / "analytics" / "mtg" / "modern" / "index.html"
    own = len(gzip.compress(page.read_bytes(), compresslevel=6))
    print(f"\nanalytics page (Modern, {args.events - args.events // LEGACY_EVERY} events): {own / 1024:.1f} KB gzipped")
    if not args.no_phone:
        opened, count, _, _ = phone_weight(site, "analytics/mtg/modern/")
        fmt, fcount, _, _ = phone_weight(site, "formats/mtg/modern/")
        added = (opened - fmt) / 1024
        print(
            f"  phone, first visit: {opened / 1024:.1f} KB in {count} responses; the format page "
            f"{fmt / 1024:.1f} KB in {fcount}; added {added:.1f} KB   "
            f"budget <= {BUDGET_PAGE_KB:.0f} KB: {verdict(added <= BUDGET_PAGE_KB)}"
        )
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
