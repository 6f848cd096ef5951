"""Which events a build can take from the build cache (:mod:`ingest.publish.cache`) without
reading them again: the event files recognised by their size, times and inode (an index kept
signed in the cache), the decklist files and ``players.yaml`` records each entry's event read
checked as they were (:func:`still_valid`), and an event made now turned into its entry
(:func:`cached_event`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from ingest.checks.event_files import Loaded
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, check_part, listing_of
from ingest.publish.cache_keys import event_players, players_digest, text_digest
from ingest.publish.decklist_check import plain_folders as plain_folders  # (where tests have found it)
from ingest.publish.decklist_check import still_valid
from ingest.publish.events_manifest import Manifest, current, save_rows, whole_row
from ingest.publish.events_manifest_index import IndexRow, entry_of_line
from ingest.publish.events_manifest_rows import Row, entry_of, row_of, same_decks
from ingest.site.event_pages import RenderedEvent
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.storage import FileSignature, display_path, file_signature, find_files, read_text, signature_of
from ingest.summary.event_summary import EventSummary


def shown_paths(paths: Sequence[Path], root: Path) -> dict[str, str]:
    """Each path (by ``as_posix``) as diagnostics show it (:func:`~ingest.source.storage.display_path`):
    a path named below ``root`` is cut to the part below it without resolving anything (an
    archive's thousands of event files), any other is given to ``display_path``."""
    base = os.path.abspath(root)
    prefix = base.rstrip(os.sep) + os.sep
    out: dict[str, str] = {}
    for path in paths:
        named = os.path.abspath(path)
        if named.startswith(prefix) and len(named) > len(prefix):
            out[path.as_posix()] = named[len(prefix) :].replace(os.sep, "/")
        else:
            out[path.as_posix()] = display_path(path, root)
    return out


@dataclass
class CacheCheck:
    """What :func:`find_unchanged` did (a build reports it; tests count it), and the events'
    manifest rows it found good (:mod:`ingest.publish.events_manifest`)."""

    read: list[str] = field(default_factory=list)
    """Event files read to take their key (the others were recognised by their signature)."""
    looked_at: list[str] = field(default_factory=list)
    """Event files whose file and decklist files were looked at (the others were trusted:
    :mod:`ingest.publish.watched`)."""
    entries_read: list[str] = field(default_factory=list)
    """Events whose entry's header was read from the build cache (the others were taken
    from the events' manifest, or from this process's memory)."""
    unpacked: list[str] = field(default_factory=list)
    """Events taken from the events' manifest whose brief was decoded from their row (filled
    on as the build asks for them: :class:`~ingest.publish.events_manifest_rows.PackedEvent`)."""
    decklists_looked_at: int = 0
    """Decklist files looked at (one ``lstat`` each) to take their events from the cache."""
    decklists_read: list[str] = field(default_factory=list)
    """Decklist files read again to compare their text (their signature was not the one kept)."""
    rows: dict[str, Row | IndexRow] = field(default_factory=dict)
    """The events' manifest rows of the events taken and looked at, by event file (as shown)."""
    signatures: dict[str, tuple[FileSignature, str]] = field(default_factory=dict)
    """Each event file's signature and key, when it could be taken (settled): an event made
    by the build gets its row from them."""
    remake: Callable[[Path], CachedEvent | None] | None = None
    """Makes an event again when its entry is asked for more than its row holds and cannot be
    read back (:func:`~ingest.publish.events_manifest_rows.entry_of`); the build sets it."""
    shown_now: str = ""
    """(The event file being looked at, for :attr:`decklists_read`.)"""
    shown: dict[str, str] = field(default_factory=dict)
    """Each event file looked for (by ``as_posix``) as diagnostics show it (:func:`shown_paths`)."""
    manifest: Manifest | None = None
    """The events' manifest as the build found it: given, what this process kept of it
    (:func:`~ingest.publish.events_manifest.current` reads it again if the files changed
    since); after :func:`find_unchanged`, as read."""


def find_unchanged(
    project: Project,
    store: EventStore,
    registry: PlayerRegistry,
    memory: dict[str, CachedEvent],
    settled_before: int | None = None,
    check: CacheCheck | None = None,
    paths: Sequence[Path] | None = None,
    trusted: Mapping[str, CachedEvent] | None = None,
) -> dict[str, CachedEvent]:
    """The events a build can take from the cache, by path: those with an entry (in
    ``memory``, else in the events' manifest, else on disk, read without its files) that is
    still valid (:func:`still_valid`).

    An event file is recognised without reading it when its size, times and inode are those
    it had when a build last took its key, if it had settled then (``settled_before``, see
    :func:`~ingest.source.storage.file_signature`); any other is read and its key taken.
    ``paths``: the project's event files, when the caller has listed them already.
    ``trusted``: events (by path) a watching process knows unchanged since it last took them
    (:func:`ingest.publish.watched.trusted_events`): taken as they are, nothing looked at.
    The manifest is read once (:func:`~ingest.publish.events_manifest.load_manifest`), and
    not at all when every event but those looked at is ``trusted`` (their rows are not
    needed: the rows looked at or made are appended); the caller saves the changed rows once
    the events the build made have theirs (:func:`note_events`).
    """
    found: dict[str, CachedEvent] = {}
    memo: dict[str, str] = {}
    folders: dict[str, bool] = {}
    check = check if check is not None else CacheCheck()
    if paths is None:
        paths = find_files([project.events_dir]) if project.events_dir.exists() else []
    names = check.shown = shown_paths(paths, project.root)
    if trusted is not None and check.manifest is not None and check.manifest.rows is None:
        manifest = current(store, check.manifest)  # (no row read while the files are as this process left them)
    else:
        manifest = current(store, None)
    check.manifest = manifest
    rows = manifest.rows if manifest.rows is not None else {}
    for path in paths:
        shown = names[path.as_posix()]
        known = rows.get(shown)
        kept = trusted.get(path.as_posix()) if trusted is not None else None
        if kept is not None:
            store.used.add(kept.key)
            memory[kept.key] = kept
            found[path.as_posix()] = kept
            if known is not None and known[1] == kept.key:
                check.rows[shown] = known
                check.signatures[shown] = (known[0], known[1])
            continue
        check.looked_at.append(shown)
        check.shown_now = shown
        key = None
        if known is not None:
            try:
                if signature_of(os.lstat(path)) == known[0]:
                    key = known[1]
                    check.signatures[shown] = (known[0], key)
            except OSError:
                pass
        if key is None:
            signature = file_signature(path, settled_before)  # (taken before the file is read)
            text, _ = read_text(path, shown, within=project.within(path))
            check.read.append(shown)
            if text is None:
                continue
            key = store.key(shown, text)
            if signature is not None:
                check.signatures[shown] = (signature, key)
        entry = memory.get(key)
        row = known if known is not None and known[1] == key else None
        if entry is None and row is not None:
            remade = _remake(check, path)
            if isinstance(row, IndexRow):
                fetch = partial(whole_row, store, manifest, shown, row)
                entry = entry_of_line(store, shown, row, fetch, check.entries_read, remade, check.unpacked)
            else:
                entry = entry_of(store, row, shown, check.entries_read, remade, check.unpacked)
        if entry is None:
            entry = store.load(key, shown, files=False)
            check.entries_read.append(shown)
            row = None
        store.used.add(key)
        refreshed: dict[str, FileSignature] = {}
        if entry is not None and still_valid(entry, path, registry, memo, folders, check, settled_before, refreshed):
            if refreshed:
                entry = replace(entry, decks=same_decks(entry.decks, refreshed))
                if isinstance(row, IndexRow):
                    row = None  # (its row made again from the event)
                elif row is not None:  # (its brief as it was: the steps are not read to write it again)
                    row = (
                        row[0],
                        row[1],
                        json.dumps(check_part(entry), ensure_ascii=False, separators=(",", ":")),
                        row[3],
                    )
            memory[key] = entry
            found[path.as_posix()] = entry
            sig = check.signatures.get(shown)
            if sig is not None and sig[1] == key:
                check.rows[shown] = row if row is not None else row_of(sig[0], entry)
    return found


def _remake(check: CacheCheck, path: Path) -> Callable[[], CachedEvent | None]:
    return lambda: check.remake(path) if check.remake is not None else None


def note_events(
    store: EventStore,
    check: CacheCheck,
    made: Sequence[tuple[str, CachedEvent, tuple[str, str] | None]],
    shown: Collection[str],
) -> Manifest:
    """Saves what changed of the events' manifest: the rows of the events taken and of those
    made now (``made``: each event file as shown, its entry and its row's parts as JSON) that
    differ from the rows read (all of them when none were read: a watching process's build,
    which has rows only for the events it looked at or made). ``shown``: the project's event
    files (as shown), whose rows a new whole file keeps. Returns the manifest as now on disk,
    without its rows (what a watching process keeps for its next build)."""
    rows = dict(check.rows)
    for name, entry, texts in made:
        sig = check.signatures.get(name)
        if sig is not None and sig[1] == entry.key and texts is not None:
            rows[name] = row_of(sig[0], entry, texts)
    manifest = check.manifest if check.manifest is not None else current(store, None)
    loaded = manifest.rows
    changed = {
        name: row
        for name, row in rows.items()
        if not isinstance(row, IndexRow) and (loaded is None or loaded.get(name) != row)  # (an index line: as on disk)
    }
    saved = save_rows(store, manifest, changed, shown)
    return replace(saved, rows=None)


def cached_event(
    item: Loaded, report: EventSummary, rendered: RenderedEvent, refs: Sequence[str], registry: PlayerRegistry
) -> CachedEvent:
    """What the cache keeps of an event built now: ``item`` as read (the digest of each decklist
    file it read, ``deck_files``), its report, its files, and ``refs``, the decklist files its text names."""
    assert item.event is not None
    read = {f.ref: f for f in item.deck_files}
    decks = tuple(
        (ref, text_digest(read[ref].text), read[ref].signature) if ref in read else (ref, None, None) for ref in refs
    )
    ids = event_players(item.event, report.event)
    return CachedEvent(
        rendered,
        tuple(item.diagnostics) + tuple(report.checks),
        decks,
        ids,
        players_digest(ids, registry),
        listing_of(rendered.files),
    )
