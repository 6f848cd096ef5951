"""What a build reports of itself (:class:`BuildTimings`) and what a process keeps between
its builds (:class:`BuildMemory`): the values :func:`ingest.publish.run.build_site` takes and
fills, apart from the build itself."""

from __future__ import annotations

import resource
from dataclasses import dataclass, field

from ingest.publish.analytics_kept import KeptFormat
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.events_manifest import Manifest
from ingest.publish.index_cache import IndexFile
from ingest.publish.kept_map import KeptFile
from ingest.publish.player_book import PlayerBook
from ingest.publish.site_lines import SiteLines
from ingest.publish.site_update import KeptSite
from ingest.publish.sync import DocsRecord
from ingest.publish.watched import ChangeLog, LastLook
from ingest.site.site_files import IndexPages


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that ended, so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class BuildTimings:
    """Seconds spent in each step of the last build, and what it did."""

    events: float = 0.0
    """Taking events from the build cache and making the others (reading, checking, computing, rendering)."""
    site: float = 0.0
    """Making the pages about many events."""
    write: float = 0.0
    engine: float = 0.0
    pages: int = 0
    events_cached: int = 0
    """Events taken from the build cache."""
    events_made: int = 0
    """Events made in this build."""
    events_read: list[str] = field(default_factory=list)
    """Event files read to recognise them (the others: by their size, times and inode)."""
    events_looked_at: list[str] = field(default_factory=list)
    """Event files whose file and decklist files were looked at to take them from the build
    cache or make them (the others a watching process knew unchanged: :mod:`ingest.publish.watched`)."""
    entries_read: list[str] = field(default_factory=list)
    """Events taken from the build cache whose entry's header was read (the others' rows of the
    events' manifest sufficed: :mod:`ingest.publish.events_manifest`), or whose history's
    steps or published archetypes a page asked for."""
    decklists_looked_at: int = 0
    """Decklist files looked at (one ``lstat`` each) to take their events from the build cache."""
    decklists_read: list[str] = field(default_factory=list)
    """Decklist files read again to compare their text with the one their event was made from."""
    files_loaded: list[str] = field(default_factory=list)
    """Events taken from the build cache whose files were read back to be written (an event
    made by the build is kept in the cache and read back from there too, one at a time)."""
    processes: int = 1
    """Processes the events were made in."""
    players_made: int = 0
    """Players whose pages and API documents were made (the others' stand as they were)."""
    players_read: list[str] = field(default_factory=list)
    """Players whose records were read from the build cache (:mod:`ingest.publish.player_book`)."""
    extra: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds of each step (events, site, write, engine): this process's and those of the
    processes it forked for the step."""

    @property
    def pipeline(self) -> float:
        """Everything before the site engine."""
        return self.events + self.site + self.write


class BuildMemory:
    """What a process keeps between its builds (``serve``, the benchmarks); a new
    ``scorekeeper build`` process starts with none and finds the build cache on disk."""

    def __init__(self) -> None:
        self.events: dict[str, CachedEvent] = {}
        """Events as the build cache keeps them, by key (:mod:`ingest.publish.cache`): read
        from disk once per process, or made by it."""
        self.analytics: dict[tuple[str, str], KeptFormat] = {}
        """Each format's analytics pages as last made or listed (:mod:`ingest.publish.analytics_cache`)."""
        self.record: DocsRecord | None = None
        """What the last build of this process wrote into build/docs and build/fragments
        (:class:`~ingest.publish.sync.DocsRecord`); a new process reads the build cache's."""
        self.record_file: KeptFile | None = None
        """The record's files as the last build of this process left them (it appends what
        the next one changes: :mod:`ingest.publish.kept_map`)."""
        self.book: PlayerBook | None = None
        """The players' book as this process last patched it (:mod:`ingest.publish.player_book`)."""
        self.last_good: dict[str, CachedEvent] = {}
        """Each event file's last version made without errors, by path (the site keeps its
        pages while the file has errors: :mod:`ingest.publish.build_outcome`)."""
        self.changes: ChangeLog | None = None
        """What the watcher of a watching process (``serve``) reported since its last build;
        None: nothing is watched, every event is looked at (:mod:`ingest.publish.watched`)."""
        self.last_look: LastLook | None = None
        """What the last build of a watching process found of the events."""
        self.index_pages: IndexPages | None = None
        """The events index's pages as the last build of this process made them
        (:mod:`ingest.publish.index_cache`); a new process reads the build cache's."""
        self.index_file: IndexFile | None = None
        """The kept pages' files in the build cache as the last build of this process left them."""
        self.manifest: Manifest | None = None
        """The events' manifest as the last build of this process left it on disk, without
        its rows (:mod:`ingest.publish.events_manifest`): a watching process appends the
        rows it changes without reading the manifest again while nothing else wrote it."""
        self.site: KeptSite | None = None
        """The site's manifest as the last build of this process saved it (a watching
        process takes the site as listed there: :meth:`SiteUpdate.prepare`)."""
        self.lines: SiteLines | None = None
        """The events' lines for the pages about many events as this process last read and
        kept them (:mod:`ingest.publish.site_lines`); a new process reads the build cache's."""
