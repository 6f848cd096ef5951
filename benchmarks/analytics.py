"""What the analytics cost: a full build of the weekly archive with and without them, a
one-result rebuild of an unrelated format, and what a phone downloads for the analytics page.

Prints figures; it is not a test (no timing is ever asserted). The archive is
``benchmarks/build.py``'s weekly one (``--events`` 32-player Modern events, public lists),
with every tenth event a Legacy one (the same lists, a format of its own). Every build runs
in a new process, as ``scorekeeper build`` does, with its bytecode compiled (in this run's own
folder, as an installed package's is: where ``PYTHONDONTWRITEBYTECODE`` is set, every start
would compile the package again, which no user's build pays). Each mode has its archive of
its own (copies of one), so the runs of the modes can be taken in turn:

* ``without``: the analytics taken out (the analytics pages, the per-event and archive
  tables and the events' analytics records; their modules are still imported);
* ``with``: as a build is;
* ``others-out`` (the rebuild only): the analytics of every format but Legacy taken out
  (Modern's events have no record and no tables, Modern has no analytics page), so
  ``with`` minus ``others-out`` is what Modern's analytics cost a Legacy result.

CPU seconds (the process and its workers; what the budgets judge, the machine being shared)
are printed beside wall seconds: each figure's median and the runs' spread (fastest to
slowest, ``--repeat`` runs of each mode taken in turn).

1. the full build (no ``build/`` folder, no build cache). Budget: with analytics <= 1.10x
   without, in wall and in CPU seconds;
2. a new process after one result of the newest Legacy event changed (the build cache the
   full build left). Budget: nothing measurable. Two differences are printed, each against
   both sides' spreads: the whole analytics (``with`` minus ``without``: the Legacy event's
   own record and tables and the Legacy pages included) and the unrelated format's
   (``with`` minus ``others-out``). Beside them, counted in the ``with`` build (no timing):
   the formats whose analytics pages were made, the records decoded and the cache bodies
   read, by format, and the CPU seconds spent in the analytics' own code (timed around its
   entry points);
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
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.build import TODAY, generate, phone_weight, verdict  # noqa: E402

if TYPE_CHECKING:
    from ingest.analytics.records import EventRecord
    from ingest.summary.event_summary import EventSummary

BUDGET_FULL = 1.10
"""A full build with analytics <= this many times one without."""
BUDGET_PAGE_KB = 30.0
"""What the analytics page adds to what a phone downloads, gzipped."""
LEGACY_EVERY = 10
"""Every tenth event is a Legacy one."""


def without_analytics(keep: str | None = None) -> None:
    """Takes the analytics out of this process: no records, no tables, no analytics pages;
    with ``keep``, those of the events of the format ``keep`` stay."""
    from ingest.site import brief, event_pages, site_files

    def nothing(*args: object, **kwargs: object) -> dict[str, str]:
        return {}

    def none(*args: object, **kwargs: object) -> None:
        return None

    if keep is not None:
        real = brief.analytics_record

        def kept(report: EventSummary) -> EventRecord | None:
            return real(report) if report.event.format == keep else None

        for module, name in ((brief, "analytics_record"), (event_pages, "analytics_record")):
            setattr(module, name, kept)
        return
    for module, name, value in (
        (brief, "analytics_record", none),
        (event_pages, "analytics_record", none),
        (site_files, "analytics_pages", nothing),
        (site_files, "formats_with_analytics", lambda digests: set()),
    ):
        assert hasattr(module, name), (module, name)
        setattr(module, name, value)


def counted() -> dict[str, Any]:
    """Counts, in this process, what the analytics do: the formats whose pages are made, the
    records decoded and the cache bodies read (by format), and the CPU seconds in their code."""
    from ingest.analytics.records import KeptRecord
    from ingest.publish import analytics_cache
    from ingest.site import analytics_pages, brief, event_pages, site_files

    out: dict[str, Any] = {"made": [], "decoded": {}, "bodies": [], "cpu": 0.0}
    depth = [0]

    def timed(module: object, name: str) -> None:
        real = getattr(module, name)

        def run(*args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            start = time.process_time()
            try:
                return real(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    out["cpu"] += time.process_time() - start

        setattr(module, name, run)

    for module, name in (
        (brief, "analytics_record"),
        (event_pages, "analytics_record"),
        (site_files, "analytics_pages"),
        (site_files, "formats_with_analytics"),
        (analytics_cache.AnalyticsCache, "groups"),
        (analytics_cache.AnalyticsCache, "save"),
    ):
        timed(module, name)
    real_pages = analytics_pages._format_pages

    def making(inputs: Any, templates: Any, game: str, fmt: str, *args: Any) -> Any:
        out["made"].append(fmt)
        return real_pages(inputs, templates, game, fmt, *args)

    patches: list[tuple[object, str, object]] = [(analytics_pages, "_format_pages", making)]
    real_record = KeptRecord.record.fget  # type: ignore[attr-defined]

    def decoding(self: KeptRecord) -> Any:
        if not self.decoded:
            out["decoded"][self.format] = out["decoded"].get(self.format, 0) + 1
        return real_record(self)

    KeptRecord.record = property(decoding)  # type: ignore[method-assign,assignment]
    real_read = analytics_cache.read_build_file  # type: ignore[attr-defined]
    formats = {analytics_cache.AnalyticsCache.file_name(("mtg", f))[:-5]: f for f in ("modern", "legacy")}

    def reading(path: Path | str, *args: Any) -> bytes | None:
        out["bodies"].append(formats.get(Path(path).stem, Path(path).stem))
        return real_read(path, *args)

    patches.append((analytics_cache, "read_build_file", reading))
    for target, attr, value in patches:
        setattr(target, attr, value)
    return out


def child(mode: str, root: Path) -> None:
    """One build of the project at ``root`` (``mode``: with or without analytics, or others-out); prints its stages."""
    from ingest.cli.common import settled_before, user_cache_home
    from ingest.publish.run import build_site
    from ingest.source.project import Project

    counts: dict[str, Any] = {}
    if mode == "without":
        without_analytics()
    elif mode == "others-out":
        without_analytics(keep="legacy")
    else:
        counts = counted()
    t = build_site(
        Project(root), today=TODAY, cache_home=user_cache_home(), settled_before=settled_before(), on_diagnostics=None
    )
    stages = {"events": t.events, "site": t.site, "write": t.write, "engine": t.engine, "made": t.events_made}
    print(json.dumps({**stages, "counts": counts}))


Run = tuple[float, float, dict[str, Any]]
"""One build: wall seconds, CPU seconds, what its process printed (stages, counts)."""


def run(mode: str, root: Path, bytecode: Path) -> Run:
    """Wall and CPU seconds of one build in a new process (its bytecode compiled in
    ``bytecode``, as an installed package's is), and its stages."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, __file__, "--child", mode, str(root)]
    proc = subprocess.run(command, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"the build ({mode}) failed:\n{proc.stderr}")
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


def spread(runs: list[Run]) -> str:
    """Wall and CPU seconds of ``runs``: each median, and fastest to slowest."""
    walls, cpus = [w for w, _, _ in runs], [c for _, c, _ in runs]
    return (
        f"{statistics.median(walls):6.2f} s wall ({min(walls):.2f}-{max(walls):.2f}), "
        f"{statistics.median(cpus):6.2f} s CPU ({min(cpus):.2f}-{max(cpus):.2f})"
    )


def difference(label: str, base: list[Run], more: list[Run]) -> str:
    """``more`` minus ``base`` in CPU seconds (medians), against both sides' spreads."""
    b, m = [c for _, c, _ in base], [c for _, c, _ in more]
    added = statistics.median(m) - statistics.median(b)
    widest = max(max(b) - min(b), max(m) - min(m))
    overlap = min(m) <= max(b)
    return (
        f"  {label}: {added:+.3f} s CPU ({statistics.median(m) / statistics.median(b):.3f}x); the runs' spreads "
        f"{max(b) - min(b):.3f} and {max(m) - min(m):.3f} s; "
        + ("within them" if abs(added) <= widest else "more than either")
        + (", the ranges overlap" if overlap else ", the ranges do not overlap")
    )


def stages_line(mode: str, runs: list[Run]) -> str:
    stages = runs[-1][2]
    return (
        f"  {mode:10} {spread(runs)}   (last run: events {stages['events']:.2f}, pages about many events "
        f"{stages['site']:.2f}, write {stages['write']:.2f}, engine {stages['engine']:.2f} s wall; "
        f"{stages['made']:.0f} events made)"
    )


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
    bytecode = work / "bytecode"
    modes = ("without", "with", "others-out")
    roots = {mode: work / mode for mode in modes}
    for root in roots.values():
        shutil.rmtree(root, ignore_errors=True)
    legacy = make_archive(roots["with"], args.events).relative_to(roots["with"])
    for mode in ("without", "others-out"):
        shutil.copytree(roots["with"], roots[mode], symlinks=True)
    print(f"archive: {args.events} weekly events ({args.events // LEGACY_EVERY} Legacy), {os.cpu_count()} CPUs")
    full: dict[str, list[Run]] = {"without": [], "with": []}
    for _ in range(args.repeat):
        for mode in full:
            clean(roots[mode])
            full[mode].append(run(mode, roots[mode], bytecode))
    clean(roots["others-out"])
    run("others-out", roots["others-out"], bytecode)  # its build cache, once
    again: dict[str, list[Run]] = {mode: [] for mode in modes}
    for i in range(args.repeat):
        for mode in modes:
            change_result(roots[mode] / legacy, i)
            again[mode].append(run(mode, roots[mode], bytecode))

    print(f"\nfull build ({args.repeat} runs each; median, fastest-slowest)")
    for mode in full:
        print(stages_line(mode, full[mode]))
    med = {m: (statistics.median(w for w, _, _ in f), statistics.median(c for _, c, _ in f)) for m, f in full.items()}
    wall_ratio, cpu_ratio = med["with"][0] / med["without"][0], med["with"][1] / med["without"][1]
    # Each run with analytics follows one without, so the pair saw the machine's load alike.
    pairs = [w[1] / wo[1] for wo, w in zip(full["without"], full["with"], strict=True)]
    ok = wall_ratio <= BUDGET_FULL and cpu_ratio <= BUDGET_FULL
    print(
        f"  with / without: {wall_ratio:.3f}x wall, {cpu_ratio:.3f}x CPU (pairs' CPU ratios "
        f"{' '.join(f'{r:.3f}' for r in pairs)})   budget <= {BUDGET_FULL:.2f}x: {verdict(ok)}"
    )

    print(f"\none Legacy result, new process ({args.repeat} runs each; median, fastest-slowest)")
    for mode in modes:
        print(stages_line(mode, again[mode]))
    print(difference("the whole analytics (with - without)", again["without"], again["with"]))
    print(difference("Modern's analytics (with - others-out)", again["others-out"], again["with"]))
    counts = [r[2]["counts"] for r in again["with"]]
    last = counts[-1]
    cpus = " ".join(f"{c['cpu'] * 1000:.1f}" for c in counts)
    print(
        f"  counted in the build with analytics (last run): pages made for {last['made'] or 'no format'}; records "
        f"decoded {last['decoded'] or 'none'}; cache bodies read {last['bodies'] or 'none'}; "
        f"CPU in the analytics' own code {cpus} ms (run by run)"
    )

    site = roots["with"] / "build" / "site"
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
