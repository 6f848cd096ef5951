"""One event file made into what the site needs of it: read and checked, its report
computed once (on the event as published: ``players.yaml``'s naming applied once,
:func:`ingest.source.naming.naming_of`), its pages and API documents rendered from it, its
digest taken.

Every event of a build is made the same way, here or in a forked process
(:mod:`ingest.publish.parallel`): :class:`EventMaker` holds what all of them share (formats,
card data, archetypes, players, the site's settings and language, the build cache) and
:meth:`EventMaker.make` returns a :class:`BuiltEvent`, small enough to send back from a
worker: the rendered files and digest (a :class:`~ingest.publish.cache.CachedEvent`, which
the worker also keeps in the build cache), never the computed report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ingest.checks.event_files import EventData, load_event
from ingest.core.diagnostics import Diagnostic, has_errors
from ingest.core.errors import IngestError
from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.deck_memo import DeckMemo
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.events_manifest_rows import row_texts
from ingest.publish.sync import FileGroup
from ingest.publish.unchanged import cached_event
from ingest.site.event_pages import render_event
from ingest.site.page import Files, SiteInputs
from ingest.site.templates import Templates
from ingest.source.naming import naming_of
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary


@dataclass(frozen=True, slots=True)
class BuiltEvent:
    """One event file as a build made it."""

    path: str
    """The file (as a POSIX path)."""
    shown: str
    """How diagnostics name it."""
    key: str
    """Its key in the build cache (empty when the file could not be read)."""
    slug: str | None
    """Its slug (None when the file has errors)."""
    diagnostics: tuple[Diagnostic, ...]
    """Everything found in it: reading, and the checks of pairings, results and decks."""
    entry: CachedEvent | None
    """Its files, digest and warnings; None when it has errors (nothing is rendered)."""
    row: tuple[str, str] | None = None
    """What the events' manifest keeps of it (:func:`~ingest.publish.events_manifest_rows.row_texts`),
    taken before the entry is thinned for the build; None when it has errors."""


@dataclass(frozen=True, slots=True)
class EventMaker:
    """What every event of a build is made with."""

    project: Project
    data: EventData
    """The format and schema data."""
    card_data: Mapping[str, CardData]
    archetypes: ArchetypeBook | None
    inputs: SiteInputs
    """The site's settings, players, seasons and language (no reports: one event at a time)."""
    templates: Templates
    """The page templates and assets, read once for the build."""
    store: EventStore
    """The build cache: events made are kept there."""
    settled_before: int | None = None
    """Decklist files last changed before this time (ns since the epoch) are kept in the cache
    with their signature (see :func:`ingest.checks.event_files.load_event`)."""
    lasting: bool = True
    """Whether the process keeps the entries for a later build (``serve``), which checks an
    entry by its decklist files (:attr:`~ingest.publish.cache_entries.CachedEvent.decks`);
    without, an entry kept on disk comes back without them (a later process reads them
    from the build cache), so that a whole build holds less of each event."""
    decks: DeckMemo = field(default_factory=DeckMemo, compare=False)
    """The decklists parsed, checked and classified for the events made so far (in this
    process: a forked worker adds to its own copy)."""

    def make(self, path: Path) -> BuiltEvent:
        """Reads, checks, computes and renders one event file, and keeps it in the build cache."""
        item = load_event(path, self.project, None, self.data, self.settled_before)
        key = self.store.key(item.shown, item.text) if item.text is not None else ""
        event = item.event
        if event is None or has_errors(item.diagnostics):
            return BuiltEvent(path.as_posix(), item.shown, key, None, item.diagnostics, None)
        registry = self.inputs.players
        report = compute_summary(
            event,
            item.deck_files,
            self.data.formats,
            self.archetypes,
            card_data=self.card_data,
            naming=naming_of(event, registry),
            memo=self.decks,
        )
        found = (*item.diagnostics, *report.checks)
        if has_errors(found):
            return BuiltEvent(path.as_posix(), item.shown, key, event.slug, found, None)
        rendered = render_event(report, self.inputs, self.templates)
        entry = replace(cached_event(item, report, rendered, item.deck_refs, registry), key=key, shown=item.shown)
        row = row_texts(entry)
        if self.store.save(key, item.shown, entry):
            # Kept on disk: its files are read back one event at a time when they are written,
            # so a build never holds every event's files at once.
            entry = entry.without_files()
            if not self.lasting:
                entry = replace(entry, decks=(), decks_digest=entry.decks_named())
        self.store.remember_good(item.shown, key)
        return BuiltEvent(path.as_posix(), item.shown, key, event.slug, found, entry, row)


def last_good(built: BuiltEvent, memory: BuildMemory, store: EventStore) -> CachedEvent | None:
    """The entry of the last version of an event file made without errors (kept by this
    process, else noted in the build cache), kept in the cache by this build: its files may
    be read from there."""
    entry = memory.last_good.get(built.path) or store.last_good(built.shown)
    if entry is not None and entry.key:
        store.used.add(entry.key)
    return entry


def cached_files(
    entry: CachedEvent, store: EventStore, maker: EventMaker, timings: BuildTimings, made: bool
) -> FileGroup:
    """An event's files as the build cache keeps them (``made``: by this build), read back
    when they are to be written; one that cannot be read back whole (the entry changed on
    disk since its header was read) is made again."""

    def load() -> Files:
        if not made:
            timings.files_loaded.append(entry.shown)
        whole = store.with_files(entry.key, entry.shown, entry)
        if whole is not None:
            return whole.rendered.files
        remade = maker.make(maker.project.root / entry.shown)
        if remade.entry is None or remade.entry.listing != entry.listing:
            raise IngestError(f"{entry.shown}: its build cache entry changed during the build; build again")
        timings.events_made += 1
        timings.events_cached -= 1
        again = store.with_files(remade.key, remade.shown, remade.entry)
        if again is None:
            raise IngestError(f"{entry.shown}: its build cache entry cannot be read back; build again")
        return again.rendered.files

    return FileGroup(entry.listing, load)
