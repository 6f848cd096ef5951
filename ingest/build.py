"""``scorekeeper build``: events -> build/docs (Markdown, API, print views) -> build/site.

The steps: read and check every event (any error: report them all, write nothing),
compute each event's report (cached by content hash), render the site's files, write
``build/docs`` (only changed files are rewritten, so unchanged pages keep their
timestamps), then run the site engine into a staging folder and swap it in for
``build/site`` atomically. A failed build leaves the previous site whole.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import hashlib
import json
import logging
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ingest import __version__, pickling
from ingest.archive_summary import summarise_finished_events
from ingest.assemble import deck_path_problem
from ingest.collector import collector_paused, results_frozen
from ingest.diagnostics import Diagnostic, SourcePos, error, has_errors
from ingest.errors import IngestError
from ingest.formats import ArchetypeBook, archetypes_from_documents
from ingest.pipeline import (
    EventData,
    Loaded,
    ParsedEvent,
    card_data,
    event_data,
    format_registry,
    load_event,
    parse_key,
    positioned,
    read_data_files,
    site_config,
)
from ingest.players import PlayerRegistry, registry_from
from ingest.project import Project
from ingest.report import EventReport, compute_report
from ingest.site import Files, SiteInputs, site_files
from ingest.storage import display_path, find_files, read_text, replace_dir, write_atomically
from ingest.validation import load_schema, validate_document
from ingest.yamldoc import load_plain, parse_yaml


def _register_pickling() -> None:
    """Loaded event files and reports, as build workers send them back and the report cache
    stores them: some 1,200 frozen dataclasses per event (tests/test_pickling.py checks
    that every one reachable from the sample events is registered). A class left out
    still pickles, the slow way."""
    from ingest import decklists, decks, diagnostics, legality, model, pipeline, report, standings, wot_event, yamldoc
    from ingest.rulesets import base
    from ingest.wot import scoring

    pickling.register_modules(
        decklists, decks, diagnostics, legality, model, pipeline, report, base, standings, wot_event, scoring, yamldoc
    )


_register_pickling()

ENGINES = ("mkdocs", "zensical")


@dataclass
class BuildTimings:
    """Seconds spent in each step of the last build."""

    read: float = 0.0
    compute: float = 0.0
    render: float = 0.0
    write: float = 0.0
    engine: float = 0.0
    pages: int = 0
    reports_cached: int = 0
    reports_computed: int = 0
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def pipeline(self) -> float:
        """Everything before the site engine."""
        return self.read + self.compute + self.render + self.write


def today_from_env(explicit: dt.date | None) -> dt.date:
    """The build's "today": --today, else SOURCE_DATE_EPOCH, else the clock."""
    if explicit is not None:
        return explicit
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return dt.date.today()


def load_players(project: Project) -> tuple[PlayerRegistry, list[Diagnostic]]:
    """players.yaml, checked (an absent file is an empty registry)."""
    path = project.players_file
    if not path.exists():
        return PlayerRegistry(), []
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown)
    if text is None:
        return PlayerRegistry(), problems
    doc, problems = parse_yaml(text, shown)
    if doc is None:
        return PlayerRegistry(), problems
    problems += validate_document(doc, load_schema(project.schema("players")))
    if problems:
        return PlayerRegistry(), problems
    return registry_from(doc)


def load_archetype_book(project: Project) -> tuple[ArchetypeBook | None, list[Diagnostic]]:
    """Archetype rules from formats/archetypes/, with positioned problems."""
    folder = project.formats_dir / "archetypes"
    if not folder.is_dir():
        return None, []
    documents, docs, diags = read_data_files(folder, project.root)
    schema = json.loads(project.schema("archetypes").read_text(encoding="utf-8"))
    book, problems = archetypes_from_documents(documents, schema)
    return book, diags + positioned(problems, docs)


@dataclass(frozen=True, slots=True)
class Collected:
    """Every input of a build, read and checked."""

    events: tuple[Loaded, ...]
    players: PlayerRegistry
    archetypes: ArchetypeBook | None
    diagnostics: tuple[Diagnostic, ...]


def collect(
    project: Project,
    *,
    strict: bool = False,
    parsed: dict[Any, ParsedEvent] | None = None,
    preloaded: Mapping[str, Loaded] | None = None,
) -> Collected:
    """Reads and checks every event file, players.yaml, formats and archetypes.

    ``preloaded`` holds event files this build has already read (by path), such as the
    ones :func:`prefill` read in its workers moments before.
    """
    diags: list[Diagnostic] = []
    _, format_problems = format_registry(project)
    diags += format_problems
    _, card_problems = card_data(project)
    diags += card_problems
    players, problems = load_players(project)
    diags += problems
    archetypes, problems = load_archetype_book(project)
    diags += problems
    loaded = []
    data = event_data(project)
    for path in find_files([project.events_dir]) if project.events_dir.exists() else []:
        item = (preloaded or {}).get(path.as_posix()) or load_event(path, project, parsed, data)
        loaded.append(item)
        diags += item.diagnostics
    slugs: dict[str, str] = {}
    for item in loaded:
        if item.event is None:
            continue
        if item.event.slug in slugs:
            diags.append(
                error(
                    "duplicate-slug",
                    f'two event files have the address "{item.event.slug}" (also {slugs[item.event.slug]})',
                    SourcePos.file_start(item.shown),
                    "rename one of the files",
                )
            )
        slugs[item.event.slug] = item.shown
    del strict
    return Collected(tuple(loaded), players, archetypes, tuple(sorted(set(diags), key=Diagnostic.sort_key)))


class ReportCache:
    """Computed reports by content hash: an unchanged event is never recomputed.

    The key covers the event text, its decklist files, the format and archetype data and
    the engine version; entries live in memory and, optionally, in a folder on disk.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.memory: dict[str, EventReport] = {}
        self.pages: dict[Any, dict[str, str | bytes]] = {}
        """Rendered event pages, by report and rendering inputs (in memory only)."""
        self.parsed: dict[Any, ParsedEvent] = {}
        """Parsed and checked event files, by content hash (in memory only)."""
        self.prepared: set[str] = set()
        """Reports the parallel workers computed for the build under way (it counts them as
        computed, not as cached)."""

    def get(self, key: str) -> EventReport | None:
        if key in self.memory:
            return self.memory[key]
        report = self.load(self.folder, key) if self.folder is not None else None
        if report is not None:
            self.memory[key] = report
        return report

    @staticmethod
    def load(folder: Path, key: str) -> EventReport | None:
        """One entry of a cache folder, or None when there is none (or it cannot be used)."""
        path = folder / f"{key}.pickle"
        if path.exists():
            with contextlib.suppress(Exception):  # a stale or foreign cache entry: recompute
                report = pickle.loads(path.read_bytes())
                if isinstance(report, EventReport):
                    return report
        return None

    def put(self, key: str, report: EventReport, *, stored: bool = False) -> None:
        """Keeps a report; ``stored``: :meth:`store` has already written it to the folder."""
        self.memory[key] = report
        if self.folder is not None and not stored:
            self.store(self.folder, key, report)

    @staticmethod
    def store(folder: Path, key: str, report: EventReport) -> None:
        """Writes one entry of a cache folder (build workers write their own reports)."""
        write_atomically(
            folder / f"{key}.pickle", pickle.dumps(report, protocol=pickle.HIGHEST_PROTOCOL), durable=False
        )


def _data_fingerprint(project: Project) -> str:
    h = hashlib.sha256(__version__.encode())
    for folder in (project.formats_dir, project.schema_dir):
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                h.update(path.relative_to(folder).as_posix().encode() + path.read_bytes())
    if project.mkdocs_file.is_file():
        h.update(project.mkdocs_file.read_bytes())
    code = Path(__file__).resolve().parent
    for path in sorted(code.rglob("*.py")):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def report_key(fingerprint: str, item: Loaded) -> str:
    """The content hash a report is cached under: data, code, the event file and its decklists."""
    assert item.event is not None and item.text is not None
    h = hashlib.sha256(fingerprint.encode() + item.shown.encode() + item.text.encode())
    for _, ref, text in item.event.deck_texts:
        h.update(ref.encode() + text.encode())
    return h.hexdigest()


# -- parallel preparation ---------------------------------------------------------------------------


def _can_fork() -> bool:
    """Whether work may go to forked processes: the platform forks, and no other thread runs
    (forking a process with other threads, as in ``serve``, could copy a lock in use)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


@contextlib.contextmanager
def _forked_pool(workers: int) -> Iterator[Any]:
    """Processes forked from this one, which inherit its state (module globals) instead of
    receiving it. Everything alive is frozen for the collector meanwhile, so the memory the
    workers share with this process is not copied page by page; the workers, forked inside,
    start with the collector paused too."""
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("fork")
    with collector_paused(freeze=True), concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield pool


_WORKER: dict[str, Any] = {}


_Prepared = tuple[dict[Any, ParsedEvent], Loaded, str, EventReport | None, bool, Any, dict[str, str | bytes] | None]
"""What a worker sends back: its parse-cache entry, the loaded file, report key, report,
whether it computed the report (rather than finding it in the cache folder), page-cache
key and pages."""


def _worker_event(path: str) -> _Prepared:
    """One event in a worker process: parse and check, compute the report, render its pages."""
    from ingest.site import event_pages_key, render_event_pages

    project: Project = _WORKER["project"]
    _WORKER["done"] = done = _WORKER.get("done", 0) + 1
    if done % 64 == 0:
        gc.collect()  # the collector is paused in workers (see prefill): the odd cycle goes here
    parsed: dict[Any, ParsedEvent] = {}
    data: EventData = _WORKER["data"]
    item = load_event(Path(path), project, parsed, data)
    if item.event is None or has_errors(item.diagnostics):
        return parsed, item, "", None, False, None, None
    registry = data.formats
    cards = _WORKER["cards"]
    archetypes = _WORKER["archetypes"]
    key = report_key(_WORKER["fingerprint"], item)
    folder = _WORKER["cache_folder"]
    # A report an earlier build stored (the build process is new, so only its folder knows).
    report = ReportCache.load(folder, key) if folder is not None else None
    computed = report is None
    if report is None:
        report = replace(compute_report(item.event, registry, archetypes, card_data=cards), cache_key=key)
        if folder is not None:
            ReportCache.store(folder, key, report)
    inputs = SiteInputs((report,), _WORKER["players"], registry, _WORKER["today"])
    templates = Path(_WORKER["templates"])
    return (
        parsed,
        item,
        key,
        report,
        computed,
        event_pages_key(report, inputs, templates, _WORKER["templates_fingerprint"]),
        render_event_pages(report, inputs, templates),
    )


def prefill(project: Project, cache: ReportCache, today: dt.date, workers: int | None = None) -> dict[str, Loaded]:
    """Parses, computes and renders uncached events in parallel worker processes.

    The results go into ``cache``; the build that follows finds everything there. Used
    when many events are new (a first build of an archive). Returns the event files the
    workers read (by path), for :func:`collect`; empty when nothing ran in parallel.
    """
    from ingest.site import templates_fingerprint

    workers = workers or min(os.cpu_count() or 1, 8)
    cache.prepared.clear()  # (left over only when the last build stopped on errors)
    paths = find_files([project.events_dir]) if project.events_dir.exists() else []
    data = event_data(project)
    todo = []
    for path in paths:
        shown = display_path(path, project.root)
        text, _ = read_text(path, shown)  # a file that cannot be read: the sequential pass reports it
        if text is not None and parse_key(text, shown, project, data) not in cache.parsed:
            todo.append(path.as_posix())
    if workers < 2 or len(todo) < 16 or not _can_fork():
        return {}
    players, _ = load_players(project)  # problems are reported by the sequential pass
    _WORKER.update(
        cache_folder=cache.folder,
        project=project,
        data=data,
        cards=card_data(project)[0],
        fingerprint=_data_fingerprint(project),
        players=players,
        today=today,
        templates=str(project.templates_dir),
        templates_fingerprint=templates_fingerprint(project.templates_dir),
        archetypes=load_archetype_book(project)[0],
    )
    loaded: dict[str, Loaded] = {}

    def keep(result: _Prepared) -> None:
        parsed, item, key, report, computed, pages_key, pages = result
        loaded[item.path.as_posix()] = item
        cache.parsed.update(parsed)
        if report is not None:
            cache.put(key, report, stored=True)
            if computed:
                cache.prepared.add(key)
        if pages is not None:
            cache.pages[pages_key] = pages

    # The first event here: the schemas, format data and templates it loads are then
    # inherited by the forked workers instead of being loaded again in each.
    keep(_worker_event(todo[0]))
    # With the collector paused, the growing pile of received reports (frozen dataclasses
    # and tuples, no cycles) is not walked again and again; each worker collects now and
    # then itself.
    try:
        with _forked_pool(workers) as pool:
            for result in pool.map(_worker_event, todo[1:]):
                keep(result)
    finally:
        _WORKER.clear()
    return loaded


_FORKED: dict[str, Any] = {}


def _forked_chunk(index: int) -> Files:
    files: Files = _FORKED["fn"](_FORKED["chunks"][index])
    return files


FORK_MIN_ITEMS = 100
"""Fewer items than this in the chunks after the first: a fork would cost more than it saves."""


def forked_map(fn: Callable[[Sequence[str]], Files], chunks: Sequence[Sequence[str]]) -> list[Files]:
    """``map(fn, chunks)`` with the chunks after the first in forked processes (a :data:`site.Mapper`).

    The function and chunks are inherited by the fork, not sent; only the rendered files come
    back. The build process renders the first chunk meanwhile. Runs in order, in this
    process, for small chunks and where forking is unavailable or unsafe (other threads
    running, as in ``serve``); a forked process that dies has its chunk redone here.
    """
    import concurrent.futures

    if sum(len(chunk) for chunk in chunks[1:]) < FORK_MIN_ITEMS or not _can_fork():
        return [fn(chunk) for chunk in chunks]
    _FORKED.update(fn=fn, chunks=chunks)
    try:
        with _forked_pool(len(chunks) - 1) as pool:
            rest = [pool.submit(_forked_chunk, i) for i in range(1, len(chunks))]
            out = [fn(chunks[0])]
            for i, future in enumerate(rest, start=1):
                try:
                    out.append(future.result())
                except concurrent.futures.process.BrokenProcessPool:  # killed (out of memory?)
                    out.append(fn(chunks[i]))
            return out
    finally:
        _FORKED.clear()


def compute_reports(
    collected: Collected, project: Project, cache: ReportCache, timings: BuildTimings
) -> list[EventReport]:
    """Each event's report, from the cache when its inputs are unchanged."""
    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    fingerprint = _data_fingerprint(project)
    reports = []
    for item in collected.events:
        key = report_key(fingerprint, item)
        report = cache.get(key)
        if report is None:
            assert item.event is not None
            report = replace(compute_report(item.event, registry, collected.archetypes, card_data=cards), cache_key=key)
            cache.put(key, report)
            timings.reports_computed += 1
        elif key in cache.prepared:  # computed for this build, by a worker
            timings.reports_computed += 1
        else:
            timings.reports_cached += 1
        reports.append(report)
    cache.prepared.clear()
    return reports


@dataclass(frozen=True, slots=True)
class TreeChanges:
    """What :func:`sync_tree` changed (paths relative to the tree)."""

    written: frozenset[str]
    """Files created or rewritten."""
    removed: frozenset[str]
    """Files deleted."""


def _write_new(path: str, data: bytes) -> None:
    """Creates a file with ``data``: three system calls, without Python's buffered file object."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def sync_tree(target: Path, files: Mapping[str, str | bytes]) -> TreeChanges:
    """Makes ``target`` hold exactly ``files``; unchanged files are not touched.

    Each changed file is replaced atomically, so unchanged files keep their timestamps
    (which is what lets the site engine rebuild only the pages that changed). The tree
    is listed once; files are compared and written by a few threads, since the time
    goes into system calls that release the interpreter lock.
    """
    import concurrent.futures

    target.mkdir(parents=True, exist_ok=True)
    root = os.fspath(target)
    present: set[str] = set()
    folders: list[str] = []
    for dirpath, _, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        prefix = "" if rel == "." else rel.replace(os.sep, "/") + "/"
        if prefix:
            folders.append(prefix)
        present.update(prefix + name for name in filenames)
    made = {prefix.rstrip("/") for prefix in folders}
    for rel in files:
        parent = rel.rpartition("/")[0]
        if parent and parent not in made:
            os.makedirs(os.path.join(root, parent), exist_ok=True)
            while parent and parent not in made:
                made.add(parent)
                parent = parent.rpartition("/")[0]

    def write(item: tuple[str, str | bytes]) -> str | None:
        rel, content = item
        data = content.encode("utf-8") if isinstance(content, str) else content
        dest = os.path.join(root, rel)
        if rel in present:
            try:
                if os.stat(dest).st_size == len(data):
                    with open(dest, "rb") as f:
                        if f.read() == data:
                            return None
            except OSError:  # e.g. a dangling symbolic link: replaced by the file below
                pass
            write_atomically(Path(dest), data, durable=False)
        else:  # a new file: nobody reads a half-written one (the engine runs after this step)
            _write_new(dest, data)
        return rel

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        written = {rel for rel in pool.map(write, files.items(), chunksize=64) if rel is not None}
    removed = {rel for rel in present if rel not in files}
    for rel in sorted(removed):
        os.unlink(os.path.join(root, rel))
    for prefix in sorted(folders, reverse=True):  # deepest first: empty folders go
        with contextlib.suppress(OSError):  # not empty: still in use
            os.rmdir(os.path.join(root, prefix))
    return TreeChanges(frozenset(written), frozenset(removed))


@contextlib.contextmanager
def _source_date_epoch(today: dt.date) -> Iterator[None]:
    """Pins the engines' build date (sitemap, archives) to ``today`` for reproducible output."""
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = str(
        int(dt.datetime(today.year, today.month, today.day, tzinfo=dt.UTC).timestamp())
    )
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


DIRTY_BUILD_WARNING = "A 'dirty' build is being performed"
"""How mkdocs's warning about every ``dirty`` build begins; expected in an incremental update."""


def run_mkdocs(project: Project, docs: Path, site: Path, *, strict: bool, dirty: bool = False) -> list[str]:
    """Builds the site with mkdocs-material; returns the engine's warnings."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    counter = _Counter()
    log = logging.getLogger("mkdocs")
    log.addHandler(counter)
    previous = log.level
    log.setLevel(logging.WARNING)
    try:
        cfg = load_config(config_file=str(project.mkdocs_file), docs_dir=str(docs), site_dir=str(site), strict=strict)
        cfg.plugins.on_startup(command="build", dirty=dirty)
        try:
            mkdocs_build(cfg, dirty=dirty)
        finally:
            cfg.plugins.on_shutdown()
    except (Abort, MkDocsException) as exc:
        at = SourcePos(display_path(project.mkdocs_file, project.root))
        # In strict mode mkdocs aborts with a count; the warnings themselves say what to fix.
        raise IngestError(
            [error("site-engine", w, at) for w in counter.messages] + [error("site-engine", f"mkdocs: {exc}", at)]
        ) from None
    finally:
        log.removeHandler(counter)
        log.setLevel(previous)
    return counter.messages


def run_zensical(
    project: Project, docs: Path, site: Path, *, strict: bool, overrides: Mapping[str, Any] | None = None
) -> list[str]:
    """Builds the site with Zensical (same mkdocs.yml, docs and site folders pointed at ours).

    ``overrides`` replace settings of the configuration for this run.
    """
    import yaml

    config = {**load_plain(project.mkdocs_file.read_text(encoding="utf-8")), **(overrides or {})}
    # Zensical wants docs_dir and site_dir inside the folder of its configuration file:
    # write a temporary copy next to the project's mkdocs.yml, pointing at our folders.
    root = project.root.resolve()
    config["docs_dir"] = os.path.relpath(docs.resolve(), root)
    config["site_dir"] = os.path.relpath(site.resolve(), root)
    # One name for it: Zensical's cache (in <root>/.cache) is found again by the next build.
    cfg = root / ".scorekeeper-zensical.yml"
    try:
        cfg.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        cmd = [_zensical(), "build", "-f", str(cfg)] + (["--strict"] if strict else [])
        proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False)
    finally:
        cfg.unlink(missing_ok=True)
    if proc.returncode != 0:
        raise IngestError(
            [
                error(
                    "site-engine",
                    f"zensical failed: {(proc.stderr or proc.stdout).strip()[-2000:]}",
                    SourcePos(display_path(project.mkdocs_file, project.root)),
                )
            ]
        )
    return [line for line in (proc.stderr or "").splitlines() if "warning" in line.lower()]


def _zensical() -> str:
    exe = shutil.which("zensical", path=str(Path(sys.executable).parent)) or shutil.which("zensical")
    if exe is None:
        raise IngestError("the zensical engine is not installed; pip install zensical")
    return exe


def build_site(
    project: Project,
    *,
    engine: str = "mkdocs",
    strict: bool = False,
    today: dt.date | None = None,
    cache: ReportCache | None = None,
    docs_only: bool = False,
    full: bool = False,
    on_diagnostics: Callable[[list[Diagnostic]], None] | None = None,
) -> BuildTimings:
    """Builds ``build/docs`` and ``build/site``; raises IngestError (writing nothing) on any error.

    Args:
        project: the project.
        engine: mkdocs or zensical.
        strict: warnings fail the build too.
        today: the build's date (default: SOURCE_DATE_EPOCH or the clock).
        cache: computed reports from earlier builds (serve, benchmarks).
        docs_only: stop after writing build/docs.
        full: rebuild every page even when the previous site could be updated in place.
        on_diagnostics: receives warnings when the build goes ahead.

    With mkdocs, when ``build/site`` was built from the same configuration, only the pages
    whose Markdown changed are rendered again: the previous site is copied aside, mkdocs
    updates the copy (``dirty``), the search index is merged, and the copy is swapped in.
    With Zensical, the changed pages are rendered on their own when no page was added or
    removed (:func:`_update_zensical_site`); otherwise Zensical builds the whole site.
    From rendering to the end, the computed results are frozen for the garbage collector
    (:func:`~ingest.collector.results_frozen`).
    """
    with results_frozen() as freeze:
        if engine not in ENGINES:
            raise IngestError(f"unknown engine {engine!r}; expected one of: {', '.join(ENGINES)}")
        timings = BuildTimings()
        start = time.perf_counter()
        cache = cache if cache is not None else ReportCache(project.build_dir / ".cache" / "reports")
        day = today_from_env(today)
        preloaded = prefill(project, cache, day)
        timings.extra["parallel"] = float(bool(preloaded))
        collected = collect(project, strict=strict, parsed=cache.parsed, preloaded=preloaded)
        timings.read = time.perf_counter() - start
        diags = list(collected.diagnostics)
        if has_errors(diags, strict=strict):
            raise IngestError(diags)
        t = time.perf_counter()
        reports = compute_reports(collected, project, cache, timings)
        timings.compute = time.perf_counter() - t
        # Pairing, game-record and deck checks come with each (cached) report.
        diags = sorted(set(diags + [d for r in reports for d in r.checks]), key=Diagnostic.sort_key)
        if has_errors(diags, strict=strict):
            raise IngestError(diags)
        if on_diagnostics is not None and diags:
            on_diagnostics(summarise_finished_events(diags, reports))
        freeze()  # the results stay as they are until the build ends: no collection scans them again
        t = time.perf_counter()
        registry, _ = format_registry(project)
        inputs = SiteInputs(tuple(reports), collected.players, registry, day, _site_name(project))
        files = site_files(inputs, project.templates_dir, page_cache=cache.pages, mapper=forked_map)
        timings.render = time.perf_counter() - t
        timings.pages = sum(1 for f in files if f.endswith(".md"))
        t = time.perf_counter()
        docs = project.build_dir / "docs"
        site = project.build_dir / "site"
        manifest = project.build_dir / ".cache" / "site.json"
        fingerprint = _engine_fingerprint(project, engine, day, strict=strict)
        incremental = (
            not full and site.is_dir() and manifest.is_file() and manifest.read_text(encoding="utf-8") == fingerprint
        )
        # From here until the new site is in place, build/site may not match build/docs: the
        # next build starts from scratch if this one does not finish.
        manifest.unlink(missing_ok=True)
        changes = sync_tree(docs, files)
        if strict and changes.removed:
            incremental = False  # a removed page could leave links to it in pages not rendered again
        timings.write = time.perf_counter() - t
        if docs_only:
            return timings
        t = time.perf_counter()
        for stale in project.build_dir.glob(".site-next-*"):  # left behind by an interrupted build
            shutil.rmtree(stale, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=".site-next-", dir=project.build_dir))
        try:
            with _source_date_epoch(day):
                if engine == "zensical":
                    # Zensical keeps its own cache and skips unchanged pages when its site
                    # folder is kept between builds; pages whose Markdown is gone would stay
                    # behind, so the folder starts empty after removals or a full build.
                    kept = project.build_dir / ".cache" / "zensical-site"
                    partial = incremental and _update_zensical_site(project, docs, site, staging, kept, changes)
                    timings.extra["partial"] = float(partial)
                    if partial:
                        warnings = []
                    else:
                        if not incremental or changes.removed:
                            shutil.rmtree(kept, ignore_errors=True)
                        warnings = run_zensical(project, docs, kept, strict=strict)
                        shutil.copytree(kept, staging, dirs_exist_ok=True)
                elif incremental:
                    warnings = _update_site(project, docs, site, staging, changes)
                else:
                    warnings = run_mkdocs(project, docs, staging, strict=strict)
            if strict and warnings:
                raise IngestError(
                    [
                        error("site-engine", w, SourcePos(display_path(project.mkdocs_file, project.root)))
                        for w in warnings
                    ]
                )
            replace_dir(staging, site)
            manifest.parent.mkdir(parents=True, exist_ok=True)
            manifest.write_text(fingerprint, encoding="utf-8")
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        timings.engine = time.perf_counter() - t
        timings.extra["incremental"] = float(incremental)
        return timings


def _engine_fingerprint(project: Project, engine: str, day: dt.date, *, strict: bool) -> str:
    """What every page of the site depends on besides its own Markdown, and the strictness.

    An update renders only the changed pages, so only their warnings are seen: it is
    strict only when the site it updates was built strictly (without a warning).
    """
    from importlib.metadata import version

    h = hashlib.sha256(f"{engine}:{day.isoformat()}:{'strict' if strict else 'lenient'}:".encode())
    for dist in ("mkdocs", "mkdocs-material") if engine == "mkdocs" else ("zensical",):
        h.update(f"{dist}={version(dist)};".encode())
    if project.mkdocs_file.is_file():
        h.update(project.mkdocs_file.read_bytes())
    return h.hexdigest()


def _page_of(docs_path: str) -> str | None:
    """The URL of the page a Markdown file becomes (None for other files)."""
    if not docs_path.endswith(".md"):
        return None
    if docs_path == "index.md" or docs_path.endswith("/index.md"):
        return docs_path[: -len("index.md")]
    return docs_path[:-3] + "/"


def _update_site(project: Project, docs: Path, site: Path, staging: Path, changes: TreeChanges) -> list[str]:
    """Renders only the changed pages into a copy of the previous site (mkdocs ``dirty``).

    Timestamps are copied too: mkdocs then skips every page whose Markdown is older than
    its HTML. Files whose source was removed are deleted, and the search index is merged:
    the previous entries of untouched pages, plus the entries of the pages rebuilt.

    mkdocs warns about every dirty build, and in strict mode would abort on that warning
    alone: the update runs mkdocs non-strict and returns its other warnings, to which the
    caller applies ``--strict``.
    """
    shutil.copytree(site, staging, dirs_exist_ok=True)
    for rel in changes.removed:
        page = _page_of(rel)
        target = staging / (page + "index.html" if page is not None else rel)
        target.unlink(missing_ok=True)
    index = Path("search") / "search_index.json"
    old = json.loads((site / index).read_text(encoding="utf-8")) if (site / index).is_file() else None
    warnings = [
        w for w in run_mkdocs(project, docs, staging, strict=False, dirty=True) if not w.startswith(DIRTY_BUILD_WARNING)
    ]
    new_path = staging / index
    if old is not None and new_path.is_file():
        rebuilt = {p for rel in changes.written if (p := _page_of(rel)) is not None}
        gone = {p for rel in changes.removed if (p := _page_of(rel)) is not None}
        new = json.loads(new_path.read_text(encoding="utf-8"))
        merged = _merge_search(old, new, rebuilt | gone)
        # Written as the search plugin writes it, so an updated site equals a full build byte for byte.
        new_path.write_text(json.dumps(merged, separators=(",", ":"), default=str), encoding="utf-8")
    return warnings


ZENSICAL_PARTIAL = "zensical-partial"
"""Folder in ``build/.cache`` where Zensical renders only the changed pages."""


def _nav_pages(nav: object) -> list[str] | None:
    """The Markdown files an explicit ``nav`` names, or None when a page's title in the
    navigation would come from the page itself (an entry without a title) or there is no nav.

    >>> _nav_pages([{"Home": "index.md"}, {"Events": [{"All": "events/index.md"}, {"X": "https://x.org"}]}])
    ['index.md', 'events/index.md']
    >>> _nav_pages(["index.md"]) is None, _nav_pages(None) is None
    (True, True)
    """
    if not isinstance(nav, list):
        return None
    out: list[str] = []
    for entry in nav:
        if not isinstance(entry, dict) or len(entry) != 1:
            return None
        (target,) = entry.values()
        if isinstance(target, list):
            inner = _nav_pages(target)
            if inner is None:
                return None
            out += inner
        elif isinstance(target, str):
            if target.endswith(".md") and "://" not in target:
                out.append(target)
        else:
            return None
    return out


def _update_zensical_site(
    project: Project, docs: Path, site: Path, staging: Path, kept: Path, changes: TreeChanges
) -> bool:
    """Renders only the changed pages with Zensical and puts them into a copy of the previous site.

    Zensical 0.0.7x spends about two thirds of a full build even when nothing changed. A
    page's HTML depends on its own Markdown, the configuration and the navigation, and an
    explicit ``nav`` whose entries all have titles is the same whichever pages exist. So
    the changed pages are rendered on their own, next to empty stand-ins for the pages the
    navigation names; their HTML, the changed static files and their search entries then
    replace the old ones in a copy of the previous site, and in Zensical's kept folder so
    that it matches the site whatever Zensical's own cache records. Tests check the result
    equals a full build byte for byte (with this project's theme; a theme that lists every
    page on each page would need ``--full``).

    Returns False, leaving the site and the kept folder as they were, when this does not
    hold and a full build is needed: no explicit titled ``nav`` (or one leading outside the
    docs), ``use_directory_urls: false``, a page was added or removed (the search index and
    sitemap list every page), a changed page is new to the search index, the site's own CSS
    or JavaScript changed, or the partial build failed, warned (say, of a link to a page it
    does not have) or missed a page.
    """
    config = load_plain(project.mkdocs_file.read_text(encoding="utf-8")) if project.mkdocs_file.is_file() else None
    if not isinstance(config, dict) or config.get("use_directory_urls", True) is False or changes.removed:
        return False
    nav = _nav_pages(config.get("nav"))
    pages = {rel: page for rel in sorted(changes.written) if (page := _page_of(rel)) is not None}
    if nav is None or any(not (site / page / "index.html").is_file() for page in pages.values()):
        return False
    extras = [
        x
        for x in [*config.get("extra_css", []), *config.get("extra_javascript", [])]
        if isinstance(x, str) and "://" not in x
    ]
    if any(deck_path_problem(rel) for rel in [*nav, *extras]):
        return False  # (the rule decklist references follow: relative, and no way out)
    nav = [rel for rel in nav if (docs / rel).is_file()]  # an entry for a missing page stays unresolved
    if changes.written & set(extras):
        return False  # a theme may put the site's own CSS or JavaScript (or its hash) in every page
    updates = {rel: docs / rel for rel in sorted(changes.written) if rel not in pages}
    work = project.build_dir / ".cache" / ZENSICAL_PARTIAL
    index = "search.json"
    shutil.rmtree(work, ignore_errors=True)
    try:
        fresh: dict[str, Any] | None = None
        previous: dict[str, Any] = {}
        if pages:
            part_docs, part_site = work / "docs", work / "site"
            for rel in [*pages, *nav, *extras]:
                target = part_docs / rel
                if target.exists():
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                if rel in pages or rel not in nav:
                    if (docs / rel).is_file():
                        shutil.copyfile(docs / rel, target)
                else:
                    target.write_text("", encoding="utf-8")  # the navigation only needs it to exist
            try:  # lenient even if mkdocs.yml says strict: the full build that follows a warning is not
                if run_zensical(project, part_docs, part_site, strict=False, overrides={"strict": False}):
                    return False
            except IngestError:
                return False
            for page in pages.values():
                built = part_site / page / "index.html"
                if not built.is_file():
                    return False
                updates[page + "index.html"] = built
            if (part_site / index).is_file() != (site / index).is_file():
                return False
            if (part_site / index).is_file():
                fresh = json.loads((part_site / index).read_text(encoding="utf-8"))
                previous = json.loads((site / index).read_text(encoding="utf-8"))
                indexed = {_search_page(e) for e in previous.get("items", [])}
                if any(p in pages.values() and p not in indexed for p in map(_search_page, fresh.get("items", []))):
                    return False  # a page new to the index: where a full build lists it is not known here
        if fresh is not None:  # written as Zensical writes it (the kept folder's index is the site's)
            merged = _merge_search(previous, fresh, set(pages.values()), key="items")
            updates[index] = work / index
            updates[index].write_text(json.dumps(merged, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
        shutil.copytree(site, staging, dirs_exist_ok=True)
        for folder in [staging, kept] if kept.is_dir() else [staging]:
            for rel, source in updates.items():
                (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, folder / rel)
        return True
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _search_page(entry: Any) -> str:
    """The page a search entry belongs to (its location without the anchor)."""
    return str(entry.get("location", "")).split("#")[0] if isinstance(entry, dict) else ""


def _merge_search(
    old: Mapping[str, Any], new: Mapping[str, Any], replaced: set[str], key: str = "docs"
) -> dict[str, Any]:
    """The previous search index with the entries of ``replaced`` pages swapped for the new ones.

    Rebuilt pages keep their place; pages that are new come at the end. Entries of other
    pages in ``new`` are left out. ``key`` names the list of entries: ``docs`` for
    mkdocs, ``items`` for Zensical.

    >>> old = {"config": {}, "docs": [{"location": "a/"}, {"location": "b/"}, {"location": "b/#x"}]}
    >>> new = {"config": {}, "docs": [{"location": "b/", "t": 2}, {"location": "c/"}, {"location": "d/"}]}
    >>> [d["location"] for d in _merge_search(old, new, {"b/", "c/"})["docs"]]
    ['a/', 'b/', 'c/']
    """
    fresh: dict[str, list[Any]] = {}
    for entry in new.get(key, []):
        page = _search_page(entry)
        if page in replaced:
            fresh.setdefault(page, []).append(entry)
    docs: list[Any] = []
    placed: set[str] = set()
    for entry in old.get(key, []):
        page = _search_page(entry)
        if page in replaced:
            if page not in placed:
                docs.extend(fresh.get(page, []))
                placed.add(page)
            continue
        docs.append(entry)
    for page, entries in fresh.items():
        if page not in placed:
            docs.extend(entries)
    return {"config": new.get("config", old.get("config", {})), key: docs}


def _site_name(project: Project) -> str:
    return str(site_config(project.mkdocs_file).get("site_name") or "Scorekeeper")
