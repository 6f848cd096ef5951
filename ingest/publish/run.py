"""``scorekeeper build``: events -> build/docs and build/fragments -> build/site.

The steps: take the events that did not change from the build cache
(:mod:`ingest.publish.cache`); read and check every other event (any error: report them
all, write nothing), compute its report (kept in memory by content hash, for ``serve``)
and render its files; render the pages about many events; write ``build/docs`` (Markdown
pages with placeholders, API) and ``build/fragments`` (the pages' HTML tables; see
:mod:`ingest.site.fragments`), only changed files being rewritten; then run the site
engine into a staging folder (mkdocs on the changed pages only, when the previous site
was built from the same configuration) and swap it in for ``build/site`` atomically, or,
when no Markdown page changed, swap the changed fragments into the previous pages. A
failed build leaves the previous site whole.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gc
import hashlib
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ingest import __version__
from ingest.core.collector import collector_paused, results_frozen
from ingest.core.diagnostics import Diagnostic, SourcePos, error, has_errors
from ingest.core.errors import IngestError
from ingest.decks.archetypes import ArchetypeBook
from ingest.edit.locking import wait_for_edits
from ingest.publish.archive_summary import summarise_finished_events
from ingest.publish.cache import (
    CachedEvent,
    EventStore,
    build_fingerprint,
    cached_event,
    find_unchanged,
    load_player_pages,
    open_store,
    save_player_pages,
)
from ingest.publish.engines import run_mkdocs, run_zensical, source_date_epoch
from ingest.publish.sync import TreeChanges, sync_tree
from ingest.report.event_report import EventReport, compute_report
from ingest.site import fragments as fr
from ingest.site.i18n import locale_dirs
from ingest.site.pages import PLAYER_PAGE, Files, RenderedEvent, SiteInputs, render_event, site_files
from ingest.source.assemble import slug_for
from ingest.source.naming import naming_key, publishable
from ingest.source.pipeline import (
    EventData,
    Loaded,
    ParsedEvent,
    card_data,
    card_data_files,
    event_data,
    format_registry,
    load_archetype_book,
    load_event,
    load_players,
    parse_key,
    site_config,
)
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.season import Season
from ingest.source.season_files import load_seasons
from ingest.source.storage import display_path, find_files, read_text, replace_dir, write_atomically

ENGINES = ("mkdocs", "zensical")

Progress = Callable[[str, int, int], None]
"""Told what a build is doing: a stage, how many of its items are done, of how many."""


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


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


@dataclass(frozen=True, slots=True)
class Collected:
    """Every input of a build, read and checked."""

    events: tuple[Loaded, ...]
    players: PlayerRegistry
    archetypes: ArchetypeBook | None
    diagnostics: tuple[Diagnostic, ...]
    seasons: tuple[Season, ...] = ()
    unchanged: tuple[CachedEvent, ...] = ()
    """Events taken from the build cache (not in ``events``)."""


def collect(
    project: Project,
    *,
    strict: bool = False,
    parsed: dict[Any, ParsedEvent] | None = None,
    preloaded: Mapping[str, Loaded] | None = None,
    progress: Progress = _no_progress,
    unchanged: Mapping[str, CachedEvent] | None = None,
) -> Collected:
    """Reads and checks every event file, players.yaml, formats and archetypes.

    ``preloaded`` holds event files this build has already read (by path), such as the
    ones :func:`prefill` read in its workers moments before. ``unchanged``: events taken
    from the build cache (by path), which are not read again; their warnings are kept.
    """
    from ingest.source.checks import duplicate_slugs, shared_file_diagnostics

    diags: list[Diagnostic] = shared_file_diagnostics(project)
    players, _ = load_players(project)
    archetypes, _ = load_archetype_book(project)
    loaded = []
    kept = []
    named: list[tuple[str, str]] = []
    files_shown: list[str] = []
    data = event_data(project)
    paths = find_files([project.events_dir]) if project.events_dir.exists() else []
    for done, path in enumerate(paths):
        progress("reading events", done, len(paths))
        entry = (unchanged or {}).get(path.as_posix())
        if entry is not None:
            kept.append(entry)
            diags += entry.diagnostics
            shown = display_path(path, project.root)
            files_shown.append(shown)
            named.append((shown, entry.rendered.digest.history.slug))
            continue
        item = (preloaded or {}).get(path.as_posix()) or load_event(path, project, parsed, data)
        loaded.append(item)
        files_shown.append(item.shown)
        diags += item.diagnostics
        if item.event is not None:
            named.append((item.shown, item.event.slug))
    diags += duplicate_slugs(named)
    seasons, problems = load_seasons(project, [slug_for(shown) for shown in files_shown])
    diags += problems
    del strict
    found = tuple(sorted(set(diags), key=Diagnostic.sort_key))
    return Collected(tuple(loaded), players, archetypes, found, seasons, tuple(kept))


class ReportCache:
    """Computed reports by content hash, held in memory: an unchanged event is never recomputed.

    The key covers the event text, its decklist files, the format and archetype data and
    the engine version. ``serve`` (and the benchmarks) keep one between builds; a new
    ``scorekeeper build`` process starts empty. Reports are not stored on disk (decoding one
    from JSON took longer than computing it again): what a new process finds of earlier
    builds is the build cache (:mod:`ingest.publish.cache`), each event's files and digest.
    """

    def __init__(self) -> None:
        self.memory: dict[str, EventReport] = {}
        self.pages: dict[Any, dict[str, str | bytes]] = {}
        """Rendered pages, by report (or player history) and rendering inputs."""
        self.parsed: dict[Any, ParsedEvent] = {}
        """Parsed and checked event files, by content hash."""
        self.prepared: set[str] = set()
        """Reports the parallel workers computed for the build under way (it counts them as
        computed, not as cached)."""
        self.written: dict[str, dict[str, str | bytes]] = {}
        """What the last build wrote into build/docs and build/fragments (see :func:`sync_tree`)."""
        self.token = ""
        """The token the last build of this process left in ``build/.cache/docs.token``."""
        self.player_pages: list[str] | None = None
        """The keys of the player pages in the build cache, as this process last read or wrote it."""
        self.fingerprint = ""
        """The build cache's fingerprint then."""
        self.events: dict[str, CachedEvent] = {}
        """Events as the build cache keeps them, by key (:mod:`ingest.publish.cache`): read
        from disk once per process."""

    def get(self, key: str) -> EventReport | None:
        return self.memory.get(key)

    def put(self, key: str, report: EventReport) -> None:
        self.memory[key] = report


def _data_fingerprint(project: Project) -> str:
    h = hashlib.sha256(__version__.encode())
    for folder in (project.formats_dir, project.schema_dir):
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                h.update(path.relative_to(folder).as_posix().encode() + path.read_bytes())
    if project.mkdocs_file.is_file():
        h.update(project.mkdocs_file.read_bytes())
    code = Path(__file__).resolve().parents[1]
    for path in sorted(code.rglob("*.py")):
        h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def report_key(fingerprint: str, item: Loaded, players: PlayerRegistry | None = None) -> str:
    """The content hash a report is cached under: data, code, the event file and its decklists,
    and how its players chose to be named (players.yaml)."""
    assert item.event is not None and item.text is not None
    h = hashlib.sha256(fingerprint.encode() + item.shown.encode() + item.text.encode())
    if players is not None:
        h.update(naming_key(item.event, players).encode())
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


_Prepared = tuple[dict[Any, ParsedEvent], Loaded, str, EventReport | None, Any, dict[str, str | bytes] | None]
"""What a worker sends back: its parse-cache entry, the loaded file, report key, report,
page-cache key and pages."""


def _worker_event(path: str) -> _Prepared:
    """One event in a worker process: parse and check, compute the report, render its pages."""
    from ingest.site.pages import event_pages_key, render_event_pages

    project: Project = _WORKER["project"]
    _WORKER["done"] = done = _WORKER.get("done", 0) + 1
    if done % 64 == 0:
        gc.collect()  # the collector is paused in workers (see prefill): the odd cycle goes here
    parsed: dict[Any, ParsedEvent] = {}
    data: EventData = _WORKER["data"]
    item = load_event(Path(path), project, parsed, data)
    if item.event is None or has_errors(item.diagnostics):
        return parsed, item, "", None, None, None
    registry = data.formats
    cards = _WORKER["cards"]
    archetypes = _WORKER["archetypes"]
    key = report_key(_WORKER["fingerprint"], item, _WORKER["players"])
    report = publishable(
        item.event, _WORKER["players"], lambda e: compute_report(e, registry, archetypes, card_data=cards)
    )
    report = replace(report, cache_key=key)
    inputs = SiteInputs(
        (report,),
        _WORKER["players"],
        registry,
        _WORKER["today"],
        seasons=_WORKER["seasons"],
        language=_WORKER["language"],
        locales=locale_dirs(project.root),
    )
    templates = Path(_WORKER["templates"])
    return (
        parsed,
        item,
        key,
        report,
        event_pages_key(report, inputs, templates, _WORKER["templates_fingerprint"]),
        render_event_pages(report, inputs, templates),
    )


def prefill(
    project: Project,
    cache: ReportCache,
    today: dt.date,
    workers: int | None = None,
    progress: Progress = _no_progress,
    unchanged: Container[str] = (),
) -> dict[str, Loaded]:
    """Parses, computes and renders uncached events in parallel worker processes.

    The results go into ``cache``; the build that follows finds everything there. Used
    when many events are new (a first build of an archive); events ``unchanged`` (paths:
    taken from the build cache) are left out. Returns the event files the workers read
    (by path), for :func:`collect`; empty when nothing ran in parallel.
    """
    from ingest.site.pages import templates_fingerprint

    workers = workers or min(os.cpu_count() or 1, 8)
    cache.prepared.clear()  # (left over only when the last build stopped on errors)
    paths = find_files([project.events_dir]) if project.events_dir.exists() else []
    data = event_data(project)
    todo = []
    for path in paths:
        if path.as_posix() in unchanged:
            continue
        shown = display_path(path, project.root)
        text, _ = read_text(path, shown)  # a file that cannot be read: the sequential pass reports it
        if text is not None and parse_key(text, shown, project, data) not in cache.parsed:
            todo.append(path.as_posix())
    if workers < 2 or len(todo) < 16 or not _can_fork():
        return {}
    players, _ = load_players(project)  # problems are reported by the sequential pass
    _WORKER.update(
        project=project,
        data=data,
        cards=card_data(project)[0],
        fingerprint=_data_fingerprint(project),
        players=players,
        today=today,
        templates=str(project.templates_dir),
        templates_fingerprint=templates_fingerprint(project.templates_dir),
        archetypes=load_archetype_book(project)[0],
        seasons=load_seasons(project)[0],
        language=site_language(project),
    )
    loaded: dict[str, Loaded] = {}

    def keep(result: _Prepared) -> None:
        parsed, item, key, report, pages_key, pages = result
        loaded[item.path.as_posix()] = item
        progress("preparing events", len(loaded), len(todo))
        cache.parsed.update(parsed)
        if report is not None:
            cache.put(key, report)
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
    collected: Collected,
    project: Project,
    cache: ReportCache,
    timings: BuildTimings,
    progress: Progress = _no_progress,
) -> list[EventReport]:
    """Each event's report, from the cache when its inputs are unchanged."""
    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    fingerprint = _data_fingerprint(project)
    reports = []
    for done, item in enumerate(collected.events):
        progress("computing standings", done, len(collected.events))
        key = report_key(fingerprint, item, collected.players)
        report = cache.get(key)
        if report is None:
            assert item.event is not None
            report = publishable(
                item.event,
                collected.players,
                lambda e: compute_report(e, registry, collected.archetypes, card_data=cards),
            )
            report = replace(report, cache_key=key)
            cache.put(key, report)
            timings.reports_computed += 1
        elif key in cache.prepared:  # computed for this build, by a worker
            timings.reports_computed += 1
        else:
            timings.reports_cached += 1
        reports.append(report)
    cache.prepared.clear()
    return reports


BUILD_LOCK = ".build.lock"
"""The lock file in ``build/`` that one build at a time holds (``serve`` and the CLI alike)."""

BUILD_LOCK_TIMEOUT = 600.0
"""Seconds a build waits for another one to finish."""


@contextlib.contextmanager
def build_lock(project: Project, progress: Progress = _no_progress) -> Iterator[None]:
    """Holds the project's build lock: two builds at once never touch each other's files.

    The lock is an operating-system lock (``filelock``), released however the process
    ends. Raises IngestError when another build holds it for :data:`BUILD_LOCK_TIMEOUT`.
    """
    from filelock import FileLock, Timeout

    project.build_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(project.build_dir / BUILD_LOCK, thread_local=False, is_singleton=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        progress("waiting for another build of this project", 0, 1)
        try:
            lock.acquire(timeout=BUILD_LOCK_TIMEOUT)
        except Timeout:
            raise IngestError(
                f"another build of this project has been running for {BUILD_LOCK_TIMEOUT:g} s; nothing was written"
            ) from None
    try:
        yield
    finally:
        lock.release()


def build_site(
    project: Project,
    *,
    engine: str = "mkdocs",
    strict: bool = False,
    today: dt.date,
    cache: ReportCache | None = None,
    docs_only: bool = False,
    full: bool = False,
    on_diagnostics: Callable[[list[Diagnostic]], None] | None = None,
    progress: Progress = _no_progress,
) -> BuildTimings:
    """Builds ``build/docs`` and ``build/site``; raises IngestError (writing nothing) on any error.

    Args:
        project: the project.
        engine: mkdocs or zensical.
        strict: warnings fail the build too.
        today: the build's date (the command line reads it: --today, SOURCE_DATE_EPOCH or the clock).
        cache: computed reports from earlier builds (serve, benchmarks).
        docs_only: stop after writing build/docs (and build/fragments).
        full: run the engine on every page even when the previous site could be updated in place.
        on_diagnostics: receives warnings when the build goes ahead.
        progress: told each stage and how far it is (see :data:`Progress`).

    One build of a project runs at a time (:func:`build_lock`), and it starts once the
    edit commands working on event files have finished (:func:`ingest.edit.locking.wait_for_edits`).
    The engine renders every page, with the HTML fragments put in by our plugin (mkdocs)
    or after it (Zensical, :func:`ingest.site.fragments.finish_site`). When no Markdown page
    changed since a site built from the same configuration, the engine is not run: the
    changed fragments are swapped into the previous pages (:func:`_update_pages`); when
    some did, mkdocs makes only those, the others linked from the previous site
    (:func:`~ingest.publish.engines.run_mkdocs`). From rendering to the end, the computed
    results are frozen for the garbage collector (:func:`~ingest.core.collector.results_frozen`).
    """
    if engine not in ENGINES:
        raise IngestError(f"unknown engine {engine!r}; expected one of: {', '.join(ENGINES)}")
    with build_lock(project, progress):
        wait_for_edits(project.events_dir)
        return _build(
            project,
            engine=engine,
            strict=strict,
            today=today,
            cache=cache,
            docs_only=docs_only,
            full=full,
            on_diagnostics=on_diagnostics,
            step=progress,
        )


def _build(
    project: Project,
    *,
    engine: str,
    strict: bool,
    today: dt.date,
    cache: ReportCache | None,
    docs_only: bool,
    full: bool,
    on_diagnostics: Callable[[list[Diagnostic]], None] | None,
    step: Progress,
) -> BuildTimings:
    with results_frozen() as freeze:
        timings = BuildTimings()
        start = time.perf_counter()
        cache = cache if cache is not None else ReportCache()
        day = today
        store = _open_store(project, day)
        unchanged: dict[str, CachedEvent] = {}
        if store is not None:
            step("checking the build cache", 0, 1)
            checked = time.perf_counter()
            unchanged = find_unchanged(project, store, load_players(project)[0], cache.events)
            timings.extra["cache check"] = time.perf_counter() - checked
            if cache.player_pages is None or store.fingerprint != cache.fingerprint:
                # Player pages made for other inputs (mkdocs.yml, the date, ...) go.
                for k in [k for k in cache.pages if isinstance(k, str) and k.startswith(PLAYER_PAGE)]:
                    del cache.pages[k]
                kept = load_player_pages(store)
                cache.pages.update(kept)
                cache.player_pages, cache.fingerprint = list(kept), store.fingerprint
        preloaded = prefill(project, cache, day, progress=step, unchanged=unchanged)
        timings.extra["parallel"] = float(bool(preloaded))
        collected = collect(
            project, strict=strict, parsed=cache.parsed, preloaded=preloaded, progress=step, unchanged=unchanged
        )
        timings.reports_cached += len(collected.unchanged)
        timings.read = time.perf_counter() - start
        diags = list(collected.diagnostics)
        if has_errors(diags, strict=strict):
            raise IngestError(diags)
        t = time.perf_counter()
        reports = compute_reports(collected, project, cache, timings, step)
        timings.compute = time.perf_counter() - t
        # Pairing, game-record and deck checks come with each (cached) report.
        diags = sorted(set(diags + [d for r in reports for d in r.checks]), key=Diagnostic.sort_key)
        if has_errors(diags, strict=strict):
            raise IngestError(diags)
        if on_diagnostics is not None and diags:
            finished = [r.event.path for r in reports if r.status == "complete"]
            finished += [
                c.rendered.digest.path for c in collected.unchanged if c.rendered.digest.history.status == "complete"
            ]
            on_diagnostics(summarise_finished_events(diags, finished))
        freeze()  # the results stay as they are until the build ends: no collection scans them again
        t = time.perf_counter()
        registry, _ = format_registry(project)
        inputs = SiteInputs(
            (),
            collected.players,
            registry,
            day,
            _site_name(project),
            site_url=_site_url(project),
            seasons=collected.seasons,
            language=site_language(project),
            locales=locale_dirs(project.root),
        )
        fresh = _render_events(project, collected, reports, inputs, cache, store, step)
        rendered = [*fresh, *(c.rendered for c in collected.unchanged)]
        files = site_files(
            inputs, project.templates_dir, page_cache=cache.pages, mapper=forked_map, progress=step, rendered=rendered
        )
        if store is not None:
            cache.player_pages = save_player_pages(store, cache.pages, files, cache.player_pages or ())
        timings.render = time.perf_counter() - t
        timings.pages = sum(1 for f in files if f.endswith(".md"))
        t = time.perf_counter()
        docs = project.build_dir / "docs"
        folder = project.build_dir / fr.FOLDER
        site = project.build_dir / "site"
        manifest = project.build_dir / ".cache" / "site.json"
        fingerprint = _engine_fingerprint(project, engine, day, strict=strict)
        incremental = (
            not full and site.is_dir() and manifest.is_file() and manifest.read_text(encoding="utf-8") == fingerprint
        )
        # From here until the new site is in place, build/site may not match build/docs: the
        # next build starts from scratch if this one does not finish.
        manifest.unlink(missing_ok=True)
        step("writing build/docs", 0, 1)
        doc_files = {k: v for k, v in files.items() if not k.startswith(fr.PREFIX)}
        # What this process wrote last time stands for the trees only if no other build
        # (another process) wrote them since: each build leaves a token of its own.
        token = project.build_dir / ".cache" / "docs.token"
        try:
            on_disk = token.read_text(encoding="utf-8")
        except OSError:
            on_disk = ""
        if on_disk != cache.token:
            cache.written.clear()
        token.unlink(missing_ok=True)
        changes = sync_tree(docs, doc_files, cache.written.setdefault("docs", {}))
        fragment_changes = sync_tree(
            folder,
            {k[len(fr.PREFIX) :]: v for k, v in files.items() if k.startswith(fr.PREFIX)},
            cache.written.setdefault("fragments", {}),
        )
        cache.token = os.urandom(16).hex()
        write_atomically(token, cache.token, durable=False)
        if store is not None:
            store.prune()
        timings.write = time.perf_counter() - t
        if docs_only:
            return timings
        t = time.perf_counter()
        # Without a Markdown page added, removed or changed, the engine has nothing to do:
        # the changed fragments go into the finished pages, other files are copied.
        swap = incremental and not any(rel.endswith(".md") for rel in changes.written | changes.removed)
        timings.extra["incremental"] = float(swap)
        if swap:
            step("updating pages", 0, 1)
            _update_pages(site, docs, folder, changes, fragment_changes, engine)
            manifest.write_text(fingerprint, encoding="utf-8")
            timings.engine = time.perf_counter() - t
            return timings
        # Only this build runs (the build lock): a staging folder left here is from a build
        # that was interrupted.
        for stale in project.build_dir.glob(".site-next-*"):
            shutil.rmtree(stale, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=".site-next-", dir=project.build_dir))
        try:
            step(f"running {engine}", 0, 1)
            with source_date_epoch(day):
                if engine == "zensical":
                    warnings = run_zensical(project, docs, staging, strict=strict)
                    step("finishing pages", 0, 1)
                    fr.finish_site(staging, docs, folder, engine)
                elif incremental:  # only the pages that changed are made
                    remake = {fr.page_html(rel) or rel for rel in changes.written | changes.removed}
                    remake |= {fr.page_html(rel[: -len(".json")]) or rel for rel in fragment_changes.written}
                    remake |= {fr.page_html(rel[: -len(".json")]) or rel for rel in fragment_changes.removed}
                    warnings = run_mkdocs(
                        project, docs, staging, strict=strict, progress=step, previous=site, stale=remake
                    )
                    timings.extra["pages made"] = float(len(remake))
                else:
                    warnings = run_mkdocs(project, docs, staging, strict=strict, progress=step)
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
        return timings


def _open_store(project: Project, day: dt.date) -> EventStore | None:
    """The build cache on disk for this build's inputs (:mod:`ingest.publish.cache`)."""
    fingerprint = build_fingerprint(project, day.isoformat(), _data_fingerprint(project), card_data_files(project))
    return open_store(project, fingerprint)


def _render_events(
    project: Project,
    collected: Collected,
    reports: Sequence[EventReport],
    inputs: SiteInputs,
    cache: ReportCache,
    store: EventStore | None,
    step: Progress,
) -> list[RenderedEvent]:
    """The files and digests of the events computed in this build, kept in the build cache."""
    from ingest.site.pages import templates_fingerprint

    fingerprint = templates_fingerprint(project.templates_dir)
    data = event_data(project)
    out = []
    for done, (item, report) in enumerate(zip(collected.events, reports, strict=True)):
        step("rendering event pages", done, len(reports))
        rendered = render_event(report, inputs, project.templates_dir, cache.pages, fingerprint)
        out.append(rendered)
        parsed = cache.parsed.get(parse_key(item.text or "", item.shown, project, data))
        if store is not None and item.text is not None and parsed is not None:
            refs = [deck.ref for deck in parsed[0]]
            key = store.key(item.shown, item.text)
            entry = cached_event(item, report, rendered, refs, collected.players)
            store.save(key, item.shown, entry)
            cache.events[key] = entry
    return out


def _engine_fingerprint(project: Project, engine: str, day: dt.date, *, strict: bool) -> str:
    """What every page of the site depends on besides its own Markdown and fragments, and the strictness.

    A page-update build (:func:`_update_pages`) runs no engine and so sees no warning: it
    is strict only when the site it updates was built strictly (without a warning).
    """
    from importlib.metadata import version

    h = hashlib.sha256(f"{engine}:{day.isoformat()}:{'strict' if strict else 'lenient'}:{__version__}:".encode())
    for dist in ("mkdocs", "mkdocs-material") if engine == "mkdocs" else ("zensical",):
        h.update(f"{dist}={version(dist)};".encode())
    if project.mkdocs_file.is_file():
        h.update(project.mkdocs_file.read_bytes())
    return h.hexdigest()


def _update_pages(
    site: Path, docs: Path, folder: Path, changes: TreeChanges, fragments: TreeChanges, engine: str
) -> None:
    """Updates the previous site in place: new fragments swapped into its pages, changed files copied.

    Used when no Markdown page changed: the engine would render every page as before. All
    new contents are computed first, then each changed file is replaced atomically (a
    temporary file renamed over it), so a reader always gets a whole file. Copying the
    site to swap it in whole would cost more than the update itself: a site has a folder
    per page. If this step is interrupted, the next build starts from scratch (the site's
    fingerprint is written only after it).
    """
    new: dict[str, bytes] = {rel: (docs / rel).read_bytes() for rel in sorted(changes.written)}
    for rel in sorted(fragments.written | fragments.removed):
        src = rel[: -len(".json")]
        page = fr.page_html(src)
        if page is None or not (site / page).is_file():
            continue
        html = (site / page).read_text(encoding="utf-8")
        new[page] = fr.swap(html, fr.read_fragments(folder, src), src).encode("utf-8")
    for rel, data in new.items():
        write_atomically(site / rel, data, durable=False)
    for rel in sorted(changes.removed):
        (site / rel).unlink(missing_ok=True)
    if fr.SEARCH_FILE in fragments.written:
        fr.write_search_index(site, fr.read_search_entries(folder), engine)


def site_language(project: Project) -> str:
    """``theme.language`` from mkdocs.yml: the language of the pages (``en`` when unset)."""
    theme = site_config(project.mkdocs_file).get("theme")
    language = theme.get("language") if isinstance(theme, dict) else None
    return language if isinstance(language, str) and language else "en"


def _site_name(project: Project) -> str:
    return str(site_config(project.mkdocs_file).get("site_name") or "Scorekeeper")


def _site_url(project: Project) -> str:
    """``site_url`` from mkdocs.yml (feeds and printed QR codes need the site's address); empty when unset."""
    url = site_config(project.mkdocs_file).get("site_url")
    if not isinstance(url, str) or not re.fullmatch(r"https?://[^\s\"'<>\\]+", url):
        return ""  # unset, or not a web address: no feed links or QR codes point anywhere else
    return url
