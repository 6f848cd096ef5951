"""``scorekeeper build``: events -> build/docs and build/fragments -> build/site.

The steps:

1. the events that did not change since a build kept them are taken from the build
   cache (:mod:`ingest.publish.cache`);
2. every other event is made into its files and digest (:mod:`ingest.publish.event_build`:
   read, checked, computed, rendered), in forked processes when there are many
   (:mod:`ingest.publish.parallel`); any error in any file: all are reported, nothing is
   written;
3. the pages about many events (home, indexes, players, seasons, search) are made from the
   events' digests (:func:`ingest.site.site_files.site_files`);
4. ``build/docs`` (Markdown pages of headings and prose, API) and ``build/fragments`` (the pages'
   HTML tables, see :mod:`ingest.site.fragments`) are written, only changed files rewritten
   (the engine then takes the fragments from memory);
5. the site engine runs into a staging folder (mkdocs on the changed pages only, when the
   previous site was built from the same configuration), swapped in for ``build/site``
   atomically; when no Markdown page changed, the changed fragments are swapped into the
   previous pages instead. A failed build leaves the previous site whole.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ingest.checks.event_files import event_data
from ingest.core.collector import collector_paused, results_frozen
from ingest.core.diagnostics import Diagnostic
from ingest.core.errors import IngestError
from ingest.decks.card_files import card_data, card_data_files
from ingest.decks.format_files import load_archetype_book
from ingest.publish.analytics_cache import AnalyticsCache
from ingest.publish.archive_summary import summarise_finished_events
from ingest.publish.build_files import kept_record, save_record
from ingest.publish.build_lock import build_lock
from ingest.publish.build_outcome import build_diagnostics, build_outcome
from ingest.publish.build_state import BuildMemory, BuildTimings, cpu_seconds
from ingest.publish.cache import EventStore, open_store
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.cache_keys import build_fingerprint, code_fingerprint
from ingest.publish.engines import require_engine
from ingest.publish.event_build import EventMaker, cached_files, last_good
from ingest.publish.event_listing import project_events
from ingest.publish.heap import give_back
from ingest.publish.index_cache import kept_index_pages, made_from, save_index_pages
from ingest.publish.parallel import fork_map, workers_for
from ingest.publish.player_build import prepare as prepare_players
from ingest.publish.schemas import schema_files
from ingest.publish.shared_values import Shared, share
from ingest.publish.site_lines import site_lines
from ingest.publish.site_settings import site_inputs
from ingest.publish.site_update import SiteUpdate
from ingest.publish.sync import plain_build_folders, write_docs
from ingest.publish.template_files import read_templates
from ingest.publish.unchanged import CacheCheck, find_unchanged, note_events
from ingest.publish.watched import LastLook, trusted_events
from ingest.site.page import in_order
from ingest.site.site_files import site_files
from ingest.source.assemble import slug_for
from ingest.source.own_pages import own_pages
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.source.season_files import load_seasons

ENGINES = ("mkdocs", "zensical")

EVENTS_TO_FORK = 16
"""Fewer events to make than this: forking would cost more than it saves."""

Progress = Callable[[str, int, int], None]
"""Told what a build is doing: a stage, how many of its items are done, of how many."""


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


def build_site(
    project: Project,
    *,
    engine: str = "mkdocs",
    strict: bool = False,
    today: dt.date,
    memory: BuildMemory | None = None,
    docs_only: bool = False,
    full: bool = False,
    workers: int | None = None,
    on_diagnostics: Callable[[list[Diagnostic]], None] | None = None,
    progress: Progress = _no_progress,
    cache_home: Path | None = None,
    settled_before: int | None = None,
) -> BuildTimings:
    """Builds ``build/docs`` and ``build/site``.

    An error outside the event files raises IngestError, and nothing is written; an event
    file with errors is left out (or kept as last built without errors) and the others are
    published, then :class:`~ingest.publish.build_outcome.BuildIncomplete` is raised, as it
    is for warnings under ``strict`` (:mod:`ingest.publish.build_outcome`).

    Args:
        project: the project.
        engine: mkdocs or zensical.
        strict: warnings fail the build too (once the site is written).
        today: the build's date (the command line reads it: --today, SOURCE_DATE_EPOCH or the clock).
        memory: what this process kept of its earlier builds (serve, benchmarks); None: the
            process makes no other build (the events' entries then hold less of each event:
            :attr:`~ingest.publish.event_build.EventMaker.lasting`).
        docs_only: stop after writing build/docs (and build/fragments).
        full: run the engine on every page even when the previous site could be updated in place.
        workers: processes to make events in (default: one per CPU; 1: this one only). More
            than one only where forking is safe (:func:`ingest.publish.parallel.can_fork`).
        on_diagnostics: receives warnings when the build goes ahead.
        progress: told each stage and how far it is (see :data:`Progress`).
        cache_home: the user's cache folder, where the build cache on disk lives (the
            command line passes it: :func:`ingest.cli.common.user_cache_home`); None: the
            events are kept in memory only (:mod:`ingest.publish.cache`).
        settled_before: decklist files last changed before this time (ns since the epoch;
            the command line passes its start minus :data:`~ingest.source.storage.SETTLED_NS`)
            are recognised unchanged by their size, times and inode in later builds; None:
            every decklist file of a cached event is read again to check it.

    One build of a project runs at a time (:func:`build_lock`), and it starts once the
    edit commands working on event files have finished (:func:`~ingest.publish.event_listing.project_events`).
    The engine renders every page, with the HTML fragments put in by our plugin (mkdocs)
    or after it (Zensical, :func:`ingest.publish.page_finish.finish_site`). When no Markdown page
    changed since a site built from the same configuration, the engine is not run: the
    changed fragments are swapped into the previous pages (:func:`_update_pages`); when
    some did, mkdocs makes only those, the others linked from the previous site
    (:func:`~ingest.publish.engines.run_mkdocs`). From rendering the pages about many events
    to the end, the events' results are frozen for the garbage collector
    (:func:`~ingest.core.collector.results_frozen`).
    """
    if engine not in ENGINES:
        raise IngestError(f"unknown engine {engine!r}; expected one of: {', '.join(ENGINES)}")
    if not docs_only:
        require_engine(engine)  # before anything is written
    with build_lock(project, progress):
        listed = project_events(project, cache_home, settled_before).events  # (once no edit is being written)
        return _build(
            project,
            listed=listed,
            engine=engine,
            strict=strict,
            today=today,
            memory=memory if memory is not None else BuildMemory(),
            lasting=memory is not None,
            docs_only=docs_only,
            full=full,
            workers=workers,
            on_diagnostics=on_diagnostics,
            step=progress,
            cache_home=cache_home,
            settled_before=settled_before,
        )


def _build(
    project: Project,
    *,
    listed: list[Path],
    engine: str,
    strict: bool,
    today: dt.date,
    memory: BuildMemory,
    lasting: bool,
    docs_only: bool,
    full: bool,
    workers: int | None,
    on_diagnostics: Callable[[list[Diagnostic]], None] | None,
    step: Progress,
    cache_home: Path | None,
    settled_before: int | None,
) -> BuildTimings:
    with results_frozen() as freeze, contextlib.ExitStack() as loading:
        # Reading the archive (thousands of cached events' briefs) allocates millions of small
        # objects and no reference cycles: each full collection meanwhile would scan all of
        # them again. The collector resumes when they are frozen.
        loading.enter_context(collector_paused())
        timings = BuildTimings()
        start = time.perf_counter()
        cpu = cpu_seconds()
        day = today
        store = _open_store(project, day, cache_home)
        players, _ = load_players(project)
        step("checking the build cache", 0, 1)
        check = CacheCheck(manifest=memory.manifest)
        reported = memory.changes.take() if memory.changes is not None else None
        last, memory.last_look = memory.last_look, None  # (until this build has found the events)
        trust = trusted_events(last, reported, store.fingerprint, project.events_dir)
        paths = list(trust.paths) if trust is not None else listed
        unchanged = find_unchanged(
            project,
            store,
            players,
            memory.events,
            settled_before,
            check,
            paths,
            trusted=trust.entries if trust is not None else None,
        )
        timings.events_read, timings.events_looked_at = check.read, check.looked_at
        timings.entries_read = check.entries_read  # (filled on as a page asks an entry for more)
        timings.decklists_looked_at, timings.decklists_read = check.decklists_looked_at, check.decklists_read
        timings.extra["cache check"] = time.perf_counter() - start
        shown = check.shown  # (the event files as shown_paths names them)
        seasons, season_problems = load_seasons(project, [slug_for(name) for name in shown.values()])
        inputs = site_inputs(project, players, tuple(seasons), day)
        templates = read_templates(project.templates)
        maker = EventMaker(
            project,
            event_data(project),
            card_data(project)[0],
            load_archetype_book(project)[0],
            inputs,
            templates,
            store,
            settled_before,
            lasting,
        )
        todo = [path for path in paths if path.as_posix() not in unchanged]

        def remake(path: Path) -> CachedEvent | None:
            """An event taken from the events' manifest whose entry a page needs and the cache
            cannot give back: made again (:func:`~ingest.publish.events_manifest_rows.entry_of`)."""
            again = maker.make(path)
            if again.entry is not None:
                timings.events_made += 1
                timings.events_cached -= 1
            return again.entry

        check.remake = remake
        processes = workers_for(workers)
        timings.processes = processes if len(todo) >= EVENTS_TO_FORK else 1
        table: Shared = {}  # equal values of the events' entries, held once (as each comes)
        built = fork_map(
            maker.make,
            todo,
            workers=timings.processes,
            done=lambda n: step("making events", n, len(todo)),
            then=lambda b: b if b.entry is None else replace(b, entry=share(b.entry, table)),
        )
        store.used.update(b.key for b in built if b.key)  # (a worker's own record of it stays in the worker)
        memory.manifest = note_events(
            store, check, [(b.shown, b.entry, b.row) for b in built if b.key and b.entry is not None], shown.values()
        )
        memory.events.update((b.key, b.entry) for b in built if b.key and b.entry is not None)
        timings.events_made = sum(1 for b in built if b.entry is not None)
        timings.events_cached = len(unchanged)
        diags = build_diagnostics(project, built, unchanged, shown, season_problems)
        timings.events = time.perf_counter() - start
        timings.cpu["events"], cpu = cpu_seconds() - cpu, cpu_seconds()
        outcome = build_outcome(
            built,
            unchanged,
            diags,
            strict=strict,
            last_good=lambda b: last_good(b, memory, store),
        )
        memory.last_good.update((b.path, b.entry) for b in built if b.entry is not None)
        memory.last_good.update(unchanged)
        if memory.changes is not None:
            found = dict(unchanged)
            found.update((b.path, b.entry) for b in built if b.entry is not None and b.key)
            memory.last_look = LastLook(store.fingerprint, tuple(paths), found)
        finished = [
            c.shown or c.rendered.brief.path
            for c in outcome.entries
            if c.status == "complete" and (c.shown or c.rendered.brief.path) not in outcome.kept
        ]
        shown_diags = summarise_finished_events(outcome.diagnostics, finished)
        if on_diagnostics is not None and shown_diags and not outcome.failing:
            on_diagnostics(shown_diags)
        loading.close()
        freeze()  # the results stay as they are until the build ends: no collection scans them again
        # The pages about many events and build/docs hold the players' histories and the
        # analytics records while they are made: a full collection meanwhile scans all of
        # them (at 3,000 weekly events, 18 full collections took 4.9 s of CPU). The
        # collector resumes, what survives frozen, before the engine runs.
        loading.enter_context(collector_paused())
        t = time.perf_counter()
        analytics = AnalyticsCache(store, memory.analytics, totals=memory.changes is not None)
        memory.book, kept_book = None, memory.book  # until the book is saved with build/docs
        booked = prepare_players(store, kept_book, outcome.entries, inputs)
        timings.players_made, timings.players_read = len(booked.update.touched), booked.blocks_read
        made_now = {b.key for b in built if b.entry is not None}
        if not lasting:
            # The events' steps (a step for each player and match: the largest part of an
            # entry) are read again by nothing but the players' blocks, which the build cache
            # now holds: the entries let them go (the seasons' tables are made already).
            booked.spill()
            if booked.spilled:
                memory.events.clear()
                memory.last_good.clear()
                built, unchanged = [], {}
                outcome = replace(outcome, entries=booked.without_steps(outcome.entries))
        lines = memory.lines = site_lines(store, memory.lines)  # (what the pages about many events read)
        index_pages, index_file = kept_index_pages(store, memory.index_pages, memory.index_file)
        memory.index_pages, index_before = None, made_from(index_pages)
        # The player pages are made here, not in forked processes: a fork copies every page of
        # this process's memory that its work touches, and the players' histories lie all over
        # it (at 3,000 weekly events two such processes added 436 MB to the build's peak and
        # saved no wall time).
        files = site_files(
            inputs,
            templates,
            mapper=in_order,
            progress=step,
            rendered=[lines.rendered(c) for c in outcome.entries],
            analytics=analytics,
            players=booked.part,
            index_pages=index_pages,
            seasons=booked.tables,
            basis=store.fingerprint,
        )
        if made_from(index_pages) != index_before:
            memory.index_file = save_index_pages(store, index_pages, index_file)
        memory.index_pages = index_pages
        files.update(schema_files(project))  # where the schemas' $id addresses resolve
        player_groups = booked.groups(inputs, templates)
        analytics_groups = analytics.groups()  # the formats' analytics pages left as they were
        hashed = analytics.digests()  # (the pages it made, as it listed them)
        analytics.save()
        files.update((page.path, page.content) for page in own_pages(project).files)  # pages/, beside ours
        timings.site = time.perf_counter() - t
        timings.cpu["site"], cpu = cpu_seconds() - cpu, cpu_seconds()
        timings.pages = sum(1 for f in files if f.endswith(".md")) + sum(
            1
            for listing in [
                *(lines.listing(c) for c in outcome.entries if not c.loaded),
                *(g.listing for g in [*player_groups, *analytics_groups]),
            ]
            for f, _ in listing
            if f.endswith(".md")
        )
        t = time.perf_counter()
        plain_build_folders(project.build_dir)
        kept_site, memory.site = memory.site, None  # (until this build's site is saved)
        site = SiteUpdate.prepare(
            project,
            engine,
            day,
            strict=strict,
            full=full,
            secret=store.secret,
            kept=kept_site if memory.changes is not None else None,
        )
        step("writing build/docs", 0, 1)
        made = [lines.for_files(c) for c in outcome.entries if not c.loaded]
        groups = [cached_files(c, store, maker, timings, c.key in made_now) for c in made]
        record, record_file = kept_record(store, memory.record, memory.record_file)
        memory.record = None  # until build/docs is written
        changes, memory.record = write_docs(
            project.build_dir, files, groups + player_groups + analytics_groups, record, known=hashed
        )
        memory.record_file = save_record(store, memory.record, record, record_file)
        booked.save(memory.record)  # (the players' files as written)
        lines.note(outcome.entries, lasting=lasting)
        memory.book = booked.book
        store.prune()
        timings.write = time.perf_counter() - t
        timings.cpu["write"], cpu = cpu_seconds() - cpu, cpu_seconds()
        if not lasting:
            # Nothing of the events or the players is read again: the engine's pages take
            # their memory (at thousands of events, the build's peak is the engine's).
            memory.events.clear()
            memory.last_good.clear()
            memory.book = memory.record = memory.lines = None
            outcome = replace(outcome, entries=())
            table.clear()
            del built, unchanged, booked, files, made, groups, player_groups, maker, analytics, hashed
            give_back()  # (what held the archive, kept by the C library: the engine starts without it)
        lines.save(let_go=not lasting)  # (once the events are let go: a whole build's lines are tens of MB)
        loading.close()
        freeze()
        if not docs_only:
            t = time.perf_counter()
            timings.extra.update(site.publish(changes, step, workers=processes))
            memory.site = site.saved[-1] if site.saved else None
            timings.engine = time.perf_counter() - t
            timings.cpu["engine"], cpu = cpu_seconds() - cpu, cpu_seconds()
        if outcome.failing:
            changed = any(t.written or t.removed for t in (changes.docs, changes.fragments))
            raise outcome.failure(shown_diags, changed=changed)
        return timings


def _open_store(project: Project, day: dt.date, cache_home: Path | None) -> EventStore:
    """The build cache for this build's inputs (:mod:`ingest.publish.cache`)."""
    fingerprint = build_fingerprint(project, day.isoformat(), code_fingerprint(project), card_data_files(project))
    return open_store(project, fingerprint, cache_home)
