"""Site build benchmark: what a user waits for and what a phone downloads, against budgets.

Prints figures; it is not a test (no timing is ever asserted). Two synthetic archives:

* ``weekly``: ``--events`` weekly 32-player MTG Modern events (default 300, the last on
  2026-11-13), 600 players drawn into them (a seeded mix of regulars and occasional
  players), 5 Swiss rounds, public decklists (the sample Modern lists);
* ``players``: a player-heavy archive, 40 events of 128 players drawn from 5,000, 7 rounds.

Rounds are written straight into the YAML with a seeded Swiss-like pairing (neighbours in
points order, never a rematch); every event is checked (no errors) before anything is timed.

For each archive and engine it measures, all in the same run (budgets are ratios, so the
machine's speed and load cancel out), each figure in CPU seconds (the process and its children,
``os.wait4``) beside wall time, CPU being what the budgets judge (the machine is shared):

1. the full build (no ``build/`` folder, no cache), in a new process, with its peak memory:
   what its processes need of the machine at the same moment (their proportional set sizes
   summed, sampled while they run: :mod:`benchmarks.memory`; budget < 1 GB, up to 10,000
   weekly events), beside the largest resident set of one of them; and the engine's floor: the
   stock engine alone on the same pages (``build/docs`` as the build wrote it, as the engine
   sees it in the build: kept out of the stock search plugin's index, which our plugin
   replaces by the designed one): for mkdocs, ``mkdocs build`` without our plugin, in as
   many processes as the build uses (the pages dealt out among them, each process a
   ``mkdocs build`` of its share); for Zensical, ``zensical build`` (one process, as the
   build runs it). Budget: full build CPU <= 3x the floor's CPU. With ``--repeat``, full
   builds and floors alternate (build, floor, build, floor...) and the ratio is the median
   over every adjacent pair (a build and the floor after it, a floor and the build after
   it): the machine's load drifts, and a pair measured side by side shares it. Each figure is
   also given per event of the archive, with the machine's load average, and the building
   process's full collections (``gc.callbacks``): the ratio is flat only if the build's CPU per
   event is, and the floor's fixed pages weigh less per event as the archive grows;
2. a phone (headless Chromium at 390x844) opening the largest event page: the gzipped size
   of every response until the network is idle, and the same after opening the search.
   Budget: <= 200 KB;
3. a one-change rebuild in ``serve`` (one result edited; the caches ``serve`` holds, and the
   change told as its watcher tells it: :mod:`ingest.publish.watched`) and a
   ``scorekeeper build`` in a new process after another result changes (with the build
   cache the full build left). Budgets: <= 1 s and <= 3 s of CPU, whatever the archive's
   size. Also, without a budget, a new process after a new event is added;
4. the site on disk: bytes per event (its pages, API documents and tables, its share of
   player pages and of what grows with the archive: analytics, search, feeds, indexes) and
   per player page, what is fixed, and the archive at which the site reaches GitHub Pages'
   1 GB limit (goal: at least 10,000 weekly 32-player events).

    python benchmarks/build.py                          # both archives, both engines
    python benchmarks/build.py --archive weekly --engine mkdocs
    python benchmarks/build.py --events 30 --no-phone   # quick
    python benchmarks/build.py --keep /tmp/archive      # keep the generated projects (reused when there)
    python benchmarks/build.py --repeat 3               # 3 builds and floors, alternated: median of 5 pairs
    python benchmarks/build.py --ratio-only             # the full build and its floor only
    python benchmarks/build.py --profile /tmp/prof      # cProfile of each build (and of serve's one change)
    python benchmarks/build.py --keep /tmp/archive --new-build-only   # a kept archive: new processes only
    python benchmarks/build.py --keep /tmp/archive --serve-only       # a kept archive: serve's one change only

Every timed build starts with nothing left to write back (``os.sync``), the floor too.

Creating many files is a large part of a build: on a file system where that is slow, put
the archives elsewhere with ``TMPDIR`` or ``--keep``.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import datetime as dt
import gzip
import itertools
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.build_child import TODAY as TODAY  # noqa: E402 - (the other benchmarks take it from here)
from benchmarks.memory import Sampler, peaks_by_stage  # noqa: E402
from ingest.checks.project_diagnostics import check_project  # noqa: E402
from ingest.cli.common import settled_before, user_cache_home  # noqa: E402
from ingest.publish.build_state import BuildMemory, BuildTimings  # noqa: E402
from ingest.publish.cache import cache_folder  # noqa: E402
from ingest.publish.run import build_site  # noqa: E402
from ingest.publish.watched import ChangeLog  # noqa: E402
from ingest.source.project import Project  # noqa: E402
from ingest.source.storage import find_files  # noqa: E402
from tools.simulate_samples import FIRST, LAST, deck_text, modern_decks  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Response  # only the phone figures use playwright, imported there

P = ParamSpec("P")
R = TypeVar("R")

LAST_DATE = dt.date(2026, 11, 13)
CHILD = ROOT / "benchmarks" / "build_child.py"
"""A measured build in a new process (:func:`process_build`)."""
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

BUDGET_FLOOR_RATIO = 3.0
"""Full build CPU <= this many times the engine's floor's CPU."""
BUDGET_PHONE_KB = 200.0
"""What a phone downloads to open the largest event page, gzipped."""
BUDGET_SERVE_S = 1.0
"""A one-change rebuild in serve (CPU seconds)."""
BUDGET_CLI_S = 3.0
"""A new scorekeeper build process after one change (CPU seconds)."""
BUDGET_PEAK_MB = 1024
"""A full build's processes together, at their peak (up to :data:`GOAL_EVENTS` events; MB)."""
GOAL_EVENTS = 10_000
"""Weekly 32-player events the site should hold under GitHub Pages' 1 GB."""
GB = 10**9


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
    """``count`` distinct players with names from the samples' name lists (with a middle
    initial when more players are needed than first and last names combine into)."""
    pairs = [(f, "", la) for f in FIRST for la in LAST]
    if count > len(pairs):
        pairs = [(f, m, la) for f in FIRST for m in "ABCDEFGHIJKLMNOPRSTUVWZ" for la in LAST]
    names = sorted(rng.sample(pairs, count))
    archetypes = sorted(modern_decks())
    return [
        Person(
            "-".join(x for x in (f, m, la) if x).lower(),
            " ".join(x for x in (f, f"{m}." if m else "", la) if x),
            rng.choice((1, 1, 1, 2, 3, 6)),
            rng.choice(archetypes),
        )
        for f, m, la in names
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


def project_parts(root: Path) -> None:
    """The repository's :data:`PROJECT_PARTS` copied into an archive's project, over those there.

    A project's own templates and schemas are layered over the shipped ones, so an archive
    kept from an older commit would build with that commit's: its parts are copied again
    each time it is reused."""
    for name in PROJECT_PARTS:
        source, target = ROOT / name, root / name
        if source.is_dir():
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target)
        else:
            shutil.copy2(source, target)


def generate(
    root: Path, events: int, players: int = PLAYERS, field: int = FIELD, rounds: int = ROUNDS, seed: int = 20261113
) -> Path:
    """Writes the archive into ``root``; returns the latest event's file."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    project_parts(root)
    pool = people(rng, players)
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
        for p in draw_field(rng, pool, field):
            archetype = p.archetype if rng.random() < 0.8 else rng.choice(archetypes)
            (deck_dir / f"{p.id}.txt").write_text(texts[archetype], encoding="utf-8")
            entrants.append((p, f"decks/{date.isoformat()}/{p.id}.txt"))
        played = swiss_rounds(rng, [p.id for p, _ in entrants], rounds)
        latest = folder / f"{date.isoformat()}-friday-night-modern-{number}.yaml"
        text = event_text(number, date, rng.randrange(1, 2**31), entrants, played)
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
# Measuring


@dataclass(frozen=True, slots=True)
class Archive:
    """One generated archive."""

    name: str
    events: int
    players: int
    field: int
    rounds: int


def verdict(ok: bool) -> str:
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


SEARCH_EXCLUDED = "search:\n  exclude: true\n"
"""The front matter that keeps a page out of the stock search plugin's index."""


def floor_docs(docs: Path, target: Path) -> None:
    """The pages of ``docs`` as the engine sees them in a build: the same files (linked), the
    Markdown pages kept out of the stock search plugin's index, as our plugin keeps them
    (its ``on_page_markdown``; the designed index replaces the plugin's): a floor that
    indexed every page would count work the build never asks of the engine."""
    for path in sorted(docs.rglob("*")):
        if not path.is_file():
            continue
        out = target / path.relative_to(docs)
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix != ".md":
            os.link(path, out)
            continue
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---\n"):
            text = "---\n" + SEARCH_EXCLUDED + "---\n" + text
        elif "\nsearch:" not in text[: text.index("\n---\n", 3) + 1]:
            text = "---\n" + SEARCH_EXCLUDED + text[4:]
        out.write_text(text, encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Cost:
    """What a process (with its children) cost: wall and CPU seconds, and its peak memory."""

    wall: float
    cpu: float
    """User and system seconds of the process and of every child it waited for."""
    rss: int
    """The largest resident set of the process or of one of its children, in bytes."""
    together: int = 0
    """The peak of the memory the processes needed at the same moment: their proportional set
    sizes summed, sampled while they ran (:mod:`benchmarks.memory`), in bytes."""
    samples: Sequence[tuple[float, int]] = ()
    """The samples behind :attr:`together`: each one's time and sum."""

    def __str__(self) -> str:
        return f"{self.cpu:7.2f} s CPU {self.wall:7.2f} s wall"


def run_processes(commands: Sequence[Sequence[str]], env: dict[str, str] | None = None) -> Cost:
    """Runs ``commands`` side by side; their summed CPU seconds (children included, as
    ``os.wait4`` reports them), the wall time until the last ends, the largest peak memory of
    one process and the peak of them all together (:class:`benchmarks.memory.Sampler`).
    Each must succeed (its output is shown otherwise)."""
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env) for cmd in commands]
    sampler = Sampler([proc.pid for proc in procs])
    cpu, rss, failed = 0.0, 0, []
    for proc in procs:
        assert proc.stdout is not None
        output = proc.stdout.read()  # (read before waiting: a full pipe would block the child)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        cpu += usage.ru_utime + usage.ru_stime
        rss = max(rss, usage.ru_maxrss * 1024)  # (kilobytes on Linux)
        if proc.returncode != 0:
            failed.append(output.decode("utf-8", "replace")[-3000:])
    peak = sampler.stop()
    assert not failed, "a measured process failed:\n" + "\n".join(failed)
    # ru_maxrss is only the fallback where /proc cannot be read: a child started by vfork and
    # exec from this process reports this process's peak as its own (benchmarks.memory.Peak.largest)
    return Cost(time.perf_counter() - start, cpu, peak.largest or rss, peak.pss, peak.samples)


def floor_config(project: Project, docs: Path, site: Path) -> str:
    """``mkdocs.yml`` as the build gives it to mkdocs (layered over the shipped one), without
    our plugin: the stock engine and theme, on ``docs`` into ``site``."""
    import yaml

    from ingest.publish.engine_config import layered_text

    config = yaml.safe_load(layered_text(project))
    plugins = config.get("plugins") or []
    config["plugins"] = [p for p in plugins if p != "scorekeeper" and not (isinstance(p, dict) and "scorekeeper" in p)]
    config["docs_dir"], config["site_dir"] = str(docs), str(site)
    return yaml.safe_dump(config, sort_keys=False, allow_unicode=True)


def deal_pages(docs: Path, shards: Sequence[Path]) -> None:
    """Deals the Markdown pages of ``docs`` out among ``shards`` in turn (the other files,
    copied as the engine copies them, to the first)."""
    pages = sorted(p for p in docs.rglob("*") if p.is_file())
    n = 0
    for path in pages:
        rel = path.relative_to(docs)
        if path.suffix == ".md":
            target, n = shards[n % len(shards)] / rel, n + 1
        else:
            target = shards[0] / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, target)


def engine_floor(project: Project, engine: str, work: Path, processes: int) -> Cost:
    """The stock engine alone on the pages of ``build/docs`` (:func:`floor_docs`; same
    configuration and theme, without our plugin), in ``processes`` processes for mkdocs (as many as the
    build used: each makes its share of the pages), in one for Zensical (as the build runs it)."""
    docs = work / "docs"
    floor_docs(project.build_dir / "docs", docs)
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(int(dt.datetime(*TODAY.timetuple()[:3], tzinfo=dt.UTC).timestamp()))}
    if engine == "zensical":
        from ingest.publish.engine_config import zensical_config

        config = work / "zensical.yml"
        config.write_text(zensical_config(project, work, docs, work / "site"), encoding="utf-8")
        commands = [[sys.executable, "-m", "zensical", "build", "-f", str(config)]]
    else:
        shards = [work / f"docs-{i}" for i in range(processes)]
        deal_pages(docs, shards)
        commands = []
        for i, shard in enumerate(shards):
            config = work / f"mkdocs-{i}.yml"
            config.write_text(floor_config(project, shard, work / f"site-{i}"), encoding="utf-8")
            commands.append([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)])
    os.sync()  # what the full build wrote is on disk: its writing back does not slow the floor
    return run_processes(commands, env)


def change_result(path: Path, nth: int = 0) -> None:
    """Edits one ``games:`` value in the last round (the ``nth`` 2-0 becomes 2-1, or when a
    kept archive has none left, 2-1 becomes 2-0: the same winner)."""
    text = path.read_text(encoding="utf-8")
    start = text.rindex("- round:")
    for old, new in (("2-0", "2-1"), ("2-1", "2-0")):
        matches = list(re.compile(rf"games: {old}\}}").finditer(text, start))
        if len(matches) > nth:
            match = matches[nth]
            path.write_text(text[: match.start()] + f"games: {new}}}" + text[match.end() :], encoding="utf-8")
            return
    raise ValueError(f"{path}: no 2-0 or 2-1 result in the last round to change")


# -- the phone --------------------------------------------------------------------------


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` on a localhost port (no compression: sizes are gzipped by the measurement)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def largest_event_page(site: Path) -> str:
    """The largest HTML page of any event (its URL path)."""
    pages = [(p.stat().st_size, p) for p in (site / "events").glob("*/**/index.html")]
    size, path = max(pages)
    del size
    return path.parent.relative_to(site).as_posix() + "/"


def phone_weight(site: Path, page: str) -> tuple[int, int, int, int]:
    """Gzipped bytes a phone downloads to open ``page``, and after opening the search.

    Returns (on opening, responses on opening, after searching, of which the search index).
    Every response's body is gzipped (level 6, as web servers do) and summed.
    """
    from playwright.sync_api import sync_playwright

    sizes: dict[str, int] = {}

    def record(response: Response) -> None:
        try:
            body = response.body()
        except Exception:  # a redirect or an aborted request has no body
            return
        sizes[response.url] = len(gzip.compress(body, compresslevel=6))

    with served(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            tab = ctx.new_page()
            tab.on("response", record)
            tab.goto(base + page, wait_until="networkidle")
            opened, count = sum(sizes.values()), len(sizes)
            tab.locator("label[for=__search]").first.tap()
            tab.keyboard.type("a")
            tab.wait_for_load_state("networkidle")
            tab.wait_for_timeout(500)
            index = sum(v for k, v in sizes.items() if k.endswith(("search_index.json", "/search.json")))
            return opened, count, sum(sizes.values()), index
        finally:
            browser.close()


# -- the site on disk -------------------------------------------------------------------


GROWING = (
    "analytics",
    "search",
    "feeds",
    "api/events.json",
    "api/tables.json",
    "events/index.html",
    "players/index.html",
)
"""Files and folders beside the events' own that grow with the archive: the analytics pages
(an archetype's matches list every match), the search index, the feeds, the indexes of
events and players (and their pages a year or an initial: :func:`_growing`)."""


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.is_dir() else 0


def _growing(site: Path) -> int:
    """Bytes of :data:`GROWING`, with the events index's year pages and the players index's initials."""
    years = sum(_size(p) for p in (site / "events").iterdir() if p.is_dir() and p.name.isdigit())
    initials = sum(_size(p) for p in (site / "players").iterdir() if p.is_dir() and p.name.startswith("_"))
    return sum(_size(site / part) for part in GROWING) + years + initials


def site_bytes(site: Path, archive: Archive) -> None:
    """Bytes per event and per player page, and the archive at which the site reaches 1 GB.

    An event's own files are its folder, its API documents and its analysts' tables
    (``api/events/<slug>/*.csv``). A player page grows with the events played: a
    least-squares line over the player pages (HTML and API document) gives the bytes of a
    page with no event and the bytes each event adds; an event adds that for each of its
    players. What else grows with the archive (:data:`GROWING`: analytics, search, feeds,
    indexes) is counted as its share per event; the rest (theme, formats, rules, schemas,
    home page) is fixed.
    """
    total = _size(site)
    events = [p for p in (site / "events").iterdir() if p.is_dir() and not p.name.isdigit()]
    api = site / "api" / "events"
    # An event's API documents: its own and its MTGODecklistCache copy (``<slug>.mtgo.json``).
    documents = [sum(f.stat().st_size for f in api.glob(f"{e.name}.*json")) for e in events]
    tables = [_size(api / e.name) for e in events]
    own = [_size(e) + d + t for e, d, t in zip(events, documents, tables, strict=True)]
    per_event = statistics.fmean(own)
    points = []
    for page in (site / "players").iterdir():
        html = page / "index.html"
        if not html.is_file() or page.name.startswith("_"):
            continue
        doc = site / "api" / "players" / f"{page.name}.json"
        size = html.stat().st_size + (doc.stat().st_size if doc.is_file() else 0)
        played = len(json.loads(doc.read_text(encoding="utf-8")).get("events", [])) if doc.is_file() else 0
        points.append((played, size))
    xs, ys = [x for x, _ in points], [y for _, y in points]
    slope, intercept = statistics.linear_regression(xs, ys) if len(set(xs)) > 1 else (0.0, statistics.fmean(ys))
    players_bytes = sum(ys)
    growing = _growing(site)
    shared = growing / len(events)
    fixed = total - sum(own) - players_bytes - growing
    growth = per_event + archive.field * slope + shared
    pages = per_event - statistics.fmean(documents) - statistics.fmean(tables)
    pool = len(points) * intercept
    ceiling = (GB - fixed - pool) / growth
    print(
        f"  site on disk        {total / 2**20:8.1f} MB: events {sum(own) / 2**20:.1f} MB, player pages "
        f"{players_bytes / 2**20:.1f} MB ({len(points)}), growing with the archive {growing / 2**20:.1f} MB "
        f"(analytics {_size(site / 'analytics') / 2**20:.1f} MB), fixed {fixed / 2**20:.1f} MB"
    )
    print(
        f"  bytes per event     {growth / 1024:8.1f} KB ({growth / 1000:.1f} kB, decimal, as GitHub counts): "
        f"its pages {pages / 1024:.1f}, "
        f"API documents {statistics.fmean(documents) / 1024:.1f}, tables (CSV) {statistics.fmean(tables) / 1024:.1f}, "
        f"its players' pages {archive.field * slope / 1024:.1f} ({slope / 1024:.2f} KB a player per event played), "
        f"its share of what grows with the archive {shared / 1024:.1f} (analytics, search, feeds, indexes)"
    )
    print(
        f"  bytes per player    {statistics.fmean(ys) / 1024:8.1f} KB "
        f"(page + API document; {intercept / 1024:.1f} KB with no event)"
    )
    if archive.name == "weekly":
        print(
            f"  1 GB reached at     {ceiling:8.0f} weekly {archive.field}-player events ({growth / 1024:.1f} KB each, "
            f"{len(points)} players; fixed {fixed / 2**20:.1f} MB)   "
            f"goal >= {GOAL_EVENTS:,}: {verdict(ceiling >= GOAL_EVENTS)}"
        )


# -- one archive, one engine ------------------------------------------------------------


def timed(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> tuple[Cost, R]:
    """Calls ``fn`` in this process: its wall and CPU seconds (forked children included)."""
    before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    value = fn(*args, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before, strict=True))
    return Cost(wall, cpu, 0), value


def build(project: Project, engine: str, **options: Any) -> tuple[Cost, BuildTimings]:
    """A build in this process as the command line makes it (the user's cache folder, files
    settled two seconds before), timed."""
    return timed(
        build_site,
        project,
        engine=engine,
        today=TODAY,
        cache_home=user_cache_home(),
        settled_before=settled_before(),
        **options,
    )


PROFILE: Path | None = None
"""Where each build process writes its cProfile statistics (``--profile``); None: not profiled."""


def process_build(project: Project, engine: str, name: str) -> tuple[Cost, dict[str, Any]]:
    """A build in a new process (:mod:`benchmarks.build_child`), as ``scorekeeper build`` makes it: its
    cost, and what it did (:class:`BuildTimings` as JSON)."""
    out = Path(tempfile.mkstemp(prefix="sk-timings-", suffix=".json")[1])
    try:
        cmd = [sys.executable, str(CHILD), str(project.root), engine, str(out)]
        if PROFILE is not None:
            PROFILE.mkdir(parents=True, exist_ok=True)
            cmd.append(str(PROFILE / f"{name}.prof"))
        cost = run_processes([cmd])
        return cost, json.loads(out.read_text(encoding="utf-8"))
    finally:
        out.unlink(missing_ok=True)


def mb(n: int) -> str:
    return f"{n / 2**20:.0f} MB"


def full_build(project: Project, archive: Archive, engine: str) -> tuple[Cost, dict[str, Any]]:
    """A full build in a new process (no build folder, no build cache), and its stages."""
    shutil.rmtree(project.build_dir, ignore_errors=True)
    shutil.rmtree(cache_folder(user_cache_home(), project.build_dir), ignore_errors=True)  # no build cache either
    os.sync()  # nothing written before (the archive, the last build) is still being written back
    full, t = process_build(project, engine, f"full-{archive.name}-{archive.events}-{engine}")
    c = t["cpu"]
    print(
        f"full build  {full}, peak {mb(full.together)} (its processes together; the largest alone "
        f"{mb(full.rss)})   budget < {BUDGET_PEAK_MB} MB: {verdict(full.together < BUDGET_PEAK_MB * 2**20)}\n"
        f"  stages, CPU (wall) events {c['events']:.2f} ({t['events']:.2f}; {t['processes']} processes), pages "
        f"about many events {c['site']:.2f} ({t['site']:.2f}), write {c['write']:.2f} ({t['write']:.2f}), "
        f"engine {c['engine']:.2f} ({t['engine']:.2f}) s; {t['pages']} pages; the rest (imports, checks) "
        f"{full.cpu - sum(c.values()):.2f} s CPU\n"
        f"  per event, CPU    {per_event(full.cpu, archive)} the build, {per_event(c['events'], archive)} making "
        f"events, {per_event(c['site'] + c['write'], archive)} pages about many events and writing, "
        f"{per_event(c['engine'], archive)} engine   (load {load()})\n"
        f"  full collections  {t['collector']['full']}, {t['collector']['cpu']:.2f} s CPU (the building process)\n"
        f"  peak by stage     {stage_peaks(full, t)}",
        flush=True,
    )
    return full, t


def stage_peaks(cost: Cost, said: dict[str, Any]) -> str:
    """The peak of the processes together while each stage of the build ran, as its progress
    told the stages (:func:`benchmarks.memory.peaks_by_stage`): where the memory goes."""
    stages = [(float(t), str(name)) for t, name in said.get("stages", [])]
    peaks = peaks_by_stage(cost.samples, stages)
    return ", ".join(f"{name} {mb(pss)}" for name, pss in peaks) or "not sampled"


def per_event(seconds: float, archive: Archive) -> str:
    """CPU milliseconds per event of the archive."""
    return f"{1000 * seconds / archive.events:.1f} ms"


def load() -> str:
    """The machine's load average over the last minute and five (its other processes' share of the CPUs)."""
    one, five, _ = os.getloadavg()
    return f"{one:.1f}, {five:.1f} on {os.cpu_count()} cores"


def floor_of(project: Project, engine: str, work: Path, processes: int) -> Cost:
    """The engine's floor on the pages the last build wrote (:func:`engine_floor`)."""
    where = work / f"floor-{engine}"
    shutil.rmtree(where, ignore_errors=True)
    try:
        floor = engine_floor(project, engine, where, processes)
    finally:
        shutil.rmtree(where, ignore_errors=True)
    print(f"floor       {floor} ({processes} processes)   (load {load()})", flush=True)
    return floor


def adjacent_ratios(runs: Sequence[tuple[str, Cost]]) -> list[float]:
    """CPU ratios of full build to floor over each adjacent pair of the alternated runs
    (``("build", cost)`` and ``("floor", cost)`` in the order measured).

    >>> b, f = Cost(0, 12.0, 0), Cost(0, 4.0, 0)
    >>> adjacent_ratios([("build", b), ("floor", f), ("build", Cost(0, 9.0, 0)), ("floor", Cost(0, 3.0, 0))])
    [3.0, 2.25, 3.0]
    """
    out = []
    for (k1, c1), (k2, c2) in itertools.pairwise(runs):
        if k1 != k2:
            build, floor = (c1, c2) if k1 == "build" else (c2, c1)
            out.append(build.cpu / floor.cpu)
    return out


def measure(
    project: Project,
    archive: Archive,
    engine: str,
    latest: Path,
    work: Path,
    *,
    phone: bool,
    repeat: int = 1,
    ratio_only: bool = False,
) -> None:
    """Every figure of one engine on one archive (the build folders are removed first).

    With ``repeat``, that many full builds, each followed by its floor (build, floor, build,
    floor...); the budget is judged on the median of the CPU ratios of every adjacent pair
    (:func:`adjacent_ratios`: ``2 * repeat - 1`` pairs). ``ratio_only``: nothing else.
    """
    print(f"\n== {archive.name} archive, {engine}")
    runs: list[tuple[str, Cost]] = []
    for _ in range(repeat):
        full, t = full_build(project, archive, engine)
        runs.append(("build", full))
        runs.append(("floor", floor_of(project, engine, work, t["processes"] if engine == "mkdocs" else 1)))
    ratios = adjacent_ratios(runs)
    builds = [c.cpu for k, c in runs if k == "build"]
    floors = [c.cpu for k, c in runs if k == "floor"]
    ratio = statistics.median(ratios)
    budget = f"budget <= {BUDGET_FLOOR_RATIO:.0f}x: {verdict(ratio <= BUDGET_FLOOR_RATIO)}"
    print(
        f"CPU ratio, median of {len(ratios)} adjacent pairs  {ratio:.2f}x "
        f"({', '.join(f'{r:.2f}' for r in ratios)}; full build {min(builds):.2f}-{max(builds):.2f} s CPU, "
        f"floor {min(floors):.2f}-{max(floors):.2f} s)   {budget}\n"
        f"  per event, CPU    full build {per_event(min(builds), archive)[:-3]}-{per_event(max(builds), archive)}, "
        f"floor {per_event(min(floors), archive)[:-3]}-{per_event(max(floors), archive)} (a larger archive spreads "
        "the floor's fixed pages over more events: the ratio stays flat only if the build's cost per event "
        "stays within the budget of the floor's)"
    )
    if ratio_only:
        return
    site = project.build_dir / "site"
    if phone:
        page = largest_event_page(site)
        opened, count, searched, index = phone_weight(site, page)
        print(
            f"  phone, largest event page  {opened / 1024:6.1f} KB gzipped in {count} responses "
            f"({page})   budget <= {BUDGET_PHONE_KB:.0f} KB: {verdict(opened / 1024 <= BUDGET_PHONE_KB)}"
        )
        print(f"  ... after opening the search  {searched / 1024:6.1f} KB (the index {index / 1024:.1f} KB)")
    site_bytes(site, archive)
    original = latest.read_text(encoding="utf-8")
    try:
        serve_change(project, engine, latest)
        change_result(latest, 1)
        os.sync()
        cli, said = process_build(project, engine, f"change-{archive.name}-{archive.events}-{engine}")
        print(
            f"CLI, one change   {cli}, peak {mb(cli.together)} (a new process)   "
            f"budget <= {BUDGET_CLI_S:.0f} s CPU: {verdict(cli.cpu <= BUDGET_CLI_S)}   ({made(said)})"
        )
        print(
            f"  stages, CPU       {steps(said['cpu'])}; "
            f"the rest (imports, checks) {cli.cpu - sum(said['cpu'].values()):.2f} s"
        )
        # Not a budget: a new event adds pages, so the engine runs on more pages.
        added = latest.with_name(latest.name.replace(".yaml", "-next.yaml"))
        added.write_text(original.replace("name: Friday Night Modern", "name: Next Friday Night Modern"), "utf-8")
        try:
            cli, said = process_build(project, engine, f"new-event-{archive.name}-{archive.events}-{engine}")
            print(f"CLI, one new event {cli}, peak {mb(cli.together)}   ({made(said)})")
        finally:
            added.unlink()
    finally:
        latest.write_text(original, encoding="utf-8")


def serve_change(project: Project, engine: str, latest: Path) -> None:
    """A one-change rebuild in ``serve``: the caches a running ``serve`` holds (a first build
    in this process), then one result changes, which its watcher reports, and the build
    after is measured, with its stages (``latest`` is left changed). With ``--profile``, that
    build's cProfile statistics are written as ``serve-one-change.prof`` (the profiler's
    clock is the process's CPU time; the build's figures then include the profiler's cost)."""
    memory = BuildMemory()
    memory.changes = ChangeLog()
    build(project, engine, memory=memory)
    change_result(latest, 0)
    memory.changes.record(os.fspath(latest))
    where = PROFILE
    profiler = cProfile.Profile(time.process_time) if where is not None else None
    if profiler is not None:
        profiler.enable()
    again, r = build(project, engine, memory=memory)
    if profiler is not None and where is not None:
        profiler.disable()
        where.mkdir(parents=True, exist_ok=True)
        profiler.dump_stats(str(where / "serve-one-change.prof"))
    print(
        f"serve, one change {again}   budget <= {BUDGET_SERVE_S:.0f} s CPU: {verdict(again.cpu <= BUDGET_SERVE_S)}"
        f"   (events made {r.events_made}, looked at {len(r.events_looked_at)}; "
        f"engine run: {'no' if r.extra.get('incremental') else 'yes'}; load {load()})",
        flush=True,
    )
    print(f"  stages, CPU       {steps(r.cpu)}", flush=True)


def serve_only(project: Project, archive: Archive, engine: str, latest: Path) -> None:
    """A one-change rebuild in ``serve`` and nothing else (``--serve-only``, on an archive
    kept with ``--keep``): :func:`serve_change`, the archive's file put back after."""
    print(f"\n== {archive.name} archive, {engine}, serve only")
    original = latest.read_text(encoding="utf-8")
    try:
        serve_change(project, engine, latest)
    finally:
        latest.write_text(original, encoding="utf-8")


def new_build_only(project: Project, archive: Archive, engine: str, latest: Path) -> None:
    """A ``scorekeeper build`` in a new process after one result changed, and nothing else
    (``--new-build-only``, on an archive kept with ``--keep``): a first new process brings the
    build folder and the build cache up to date (a full build when there are none, or when
    the code changed since they were made), then one result changes and a second is measured,
    with what it read (events' entries, decklist files looked at and read again)."""
    print(f"\n== {archive.name} archive, {engine}, new processes only")
    first, said = process_build(project, engine, f"update-{archive.name}-{archive.events}-{engine}")
    print(f"CLI, bringing the build up to date   {first}, peak {mb(first.together)}   ({made(said)})", flush=True)
    original = latest.read_text(encoding="utf-8")
    try:
        change_result(latest, 0)
        os.sync()
        cli, said = process_build(project, engine, f"change-{archive.name}-{archive.events}-{engine}")
        print(
            f"CLI, one change   {cli}, peak {mb(cli.together)} (a new process)   "
            f"budget <= {BUDGET_CLI_S:.0f} s CPU: {verdict(cli.cpu <= BUDGET_CLI_S)}   ({made(said)})"
        )
        print(
            f"  stages, CPU       {steps(said['cpu'])}; "
            f"the rest (imports, checks) {cli.cpu - sum(said['cpu'].values()):.2f} s"
        )
        print(
            f"  read: {len(said['events_read'])} event files, {len(said['entries_read'])} events' entries, "
            f"{len(said['decklists_read'])} decklist files; looked at (lstat) {said['decklists_looked_at']} "
            f"decklist files; cache check {said['extra'].get('cache check', 0.0):.2f} s wall   (load {load()})"
        )
    finally:
        latest.write_text(original, encoding="utf-8")


def steps(cpu: dict[str, float]) -> str:
    """CPU seconds of each step of a build."""
    return ", ".join(f"{name} {seconds:.2f}" for name, seconds in cpu.items()) + " s"


def made(t: dict[str, Any]) -> str:
    """What a build says it computed."""
    return f"{t['events_made']} events made, {t['events_cached']} from the build cache"


ARCHIVES = {
    "weekly": Archive("weekly", 300, PLAYERS, FIELD, ROUNDS),
    "players": Archive("players", 40, 5000, 128, 7),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", choices=("weekly", "players", "both"), default="both")
    parser.add_argument("--events", type=int, default=None, help="events in the weekly archive (default 300)")
    parser.add_argument("--engine", choices=("mkdocs", "zensical", "both"), default="both")
    parser.add_argument("--no-phone", action="store_true", help="skip the browser measurement")
    parser.add_argument(
        "--repeat", type=int, default=1, help="full builds and floors to measure (the budget takes the median ratio)"
    )
    parser.add_argument(
        "--keep", type=Path, help="generate into this folder and keep it (an archive already there is reused)"
    )
    parser.add_argument("--ratio-only", action="store_true", help="measure the full build and its floor only")
    parser.add_argument("--profile", type=Path, help="write each build process's cProfile statistics here")
    parser.add_argument(
        "--new-build-only",
        action="store_true",
        help="with --keep: a new build process after one result changed, nothing else (brought up to date first)",
    )
    parser.add_argument(
        "--serve-only",
        action="store_true",
        help="with --keep: a one-change rebuild in serve, nothing else (a first build in the process before it)",
    )
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile.resolve() if args.profile else None
    root = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="sk-bench-build-"))
    root.mkdir(parents=True, exist_ok=True)
    import material  # noqa: F401 - the theme's import cost is not the build's
    import mkdocs.commands.build  # noqa: F401

    print(
        f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}; budgets are ratios within this run; "
        "the engines are imported beforehand"
    )
    try:
        names = ("weekly", "players") if args.archive == "both" else (args.archive,)
        engines = ("mkdocs", "zensical") if args.engine == "both" else (args.engine,)
        for name in names:
            archive = ARCHIVES[name]
            if name == "weekly" and args.events:
                archive = Archive(name, args.events, PLAYERS, FIELD, ROUNDS)
            folder = root / name
            start = time.perf_counter()
            if args.keep and (folder / "events").is_dir():  # generated before: the same archive
                latest = max(find_files([folder / "events"]))
                assert len(find_files([folder / "events"])) == archive.events, f"{folder} holds another archive"
                project_parts(folder)  # the repository's templates and settings now, not those it was made with
            else:
                latest = generate(folder, archive.events, archive.players, archive.field, archive.rounds)
            project = Project(folder)
            errors = [d for d in check_project(project).diagnostics if d.is_error]
            assert not errors, "generated events do not validate:\n" + "\n".join(d.render() for d in errors[:10])
            print(
                f"\narchive {name}: {archive.events} events x {archive.field} players from {archive.players}, "
                f"{archive.rounds} Swiss rounds, public decklists (generated and checked in "
                f"{time.perf_counter() - start:.1f} s)"
            )
            for engine in engines:
                if args.new_build_only:
                    new_build_only(project, archive, engine, latest)
                    continue
                if args.serve_only:
                    serve_only(project, archive, engine, latest)
                    continue
                measure(
                    project,
                    archive,
                    engine,
                    latest,
                    root / "work",
                    phone=not args.no_phone,
                    repeat=args.repeat,
                    ratio_only=args.ratio_only,
                )
    finally:
        for name in ("weekly", "players"):
            if not (args.keep and (args.new_build_only or args.serve_only)):  # (kept for the next run)
                shutil.rmtree(cache_folder(user_cache_home(), root / name / "build"), ignore_errors=True)
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
