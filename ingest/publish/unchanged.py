"""Which events a build can take from the build cache (:mod:`ingest.publish.cache`) without
reading them again: the event files recognised by their size, times and inode (an index kept
signed in the cache), the decklist files and ``players.yaml`` records each entry's event read
checked as they were (:func:`still_valid`), and an event made now turned into its entry
(:func:`cached_event`)."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ingest import __version__
from ingest.checks.event_files import Loaded
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, listing_of, text_of
from ingest.publish.cache_keys import event_players, players_digest, text_digest
from ingest.site.event_pages import RenderedEvent
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.source.storage import (
    FileSignature,
    display_path,
    file_signature,
    find_files,
    read_text,
    signature_of,
    write_atomically,
)
from ingest.summary.event_summary import EventSummary


def still_valid(
    entry: CachedEvent,
    event_file: Path,
    registry: PlayerRegistry,
    memo: dict[str, str] | None = None,
    folders: dict[str, bool] | None = None,
) -> bool:
    """Whether the decklist files an entry's event read and its players' records are as then.

    Each decklist file must still be a regular file inside the event's folder, reached
    without a symbolic link (as :func:`ingest.checks.event_files.load_event` requires), and
    hold the same text: it is read again unless its size, times and inode are those it had
    when it was read (its signature).

    ``folders`` keeps, for one build, whether each folder on the way was a plain folder
    (:func:`plain_folders`): the events of an archive share their decklist folders, and
    a folder is looked at once, not once per event.
    """
    if players_digest(entry.players, registry, memo) != entry.registry:
        return False
    folder = os.path.dirname(event_file)  # paths as text: a thousand decklist files are looked at
    seen = folders if folders is not None else {}
    for ref, digest, signature in entry.decks:
        target = os.path.join(folder, ref)
        if digest is None:
            if os.path.lexists(target):
                return False
            continue
        if not plain_folders(folder, os.path.dirname(ref), seen):
            return False
        try:
            st = os.lstat(target)
            if not stat.S_ISREG(st.st_mode):
                return False
        except OSError:
            return False
        if signature is not None and signature_of(st) == signature:
            continue  # the same size, times and inode as when it was read: the same text
        text, _ = read_text(Path(target), ref)
        if text is None or text_digest(text) != digest:
            return False
    return True


def plain_folders(folder: str, inner: str, seen: dict[str, bool]) -> bool:
    """Whether ``folder/inner`` is reached from ``folder`` through plain folders only: each
    part of ``inner`` a name (not ``.``, ``..`` or empty) of a folder that is not a symbolic
    link. That is what comparing its real path with ``folder``'s says, with one ``lstat`` a
    folder; ``seen`` keeps the answers by path (a build looks at each folder once)."""
    if not inner:
        return True
    path = os.path.join(folder, inner)
    known = seen.get(path)
    if known is not None:
        return known
    parent, _, name = inner.rpartition(os.sep)
    ok = name not in ("", ".", "..") and plain_folders(folder, parent, seen)
    if ok:
        try:
            ok = stat.S_ISDIR(os.lstat(path).st_mode)
        except OSError:
            ok = False
    seen[path] = ok
    return ok


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


INDEX_FILE = "event-files.json"
"""In the build's cache folder: each event file's signature when its key was last taken, and
that key (:func:`find_unchanged`), for one build fingerprint."""


def _load_index(store: EventStore) -> dict[str, tuple[FileSignature, str]]:
    """The event files' signatures and keys the last build noted, if noted for this build's
    fingerprint and signed with the store's key; empty otherwise."""
    if store.folder is None:
        return {}
    key = "index:" + store.fingerprint
    payload = store.read_signed(store.folder.parent / INDEX_FILE, key)
    if payload is None:
        return {}
    try:
        obj = json.loads(payload)
        if obj["key"] != key or obj["version"] != __version__:
            return {}
        out: dict[str, tuple[FileSignature, str]] = {}
        for shown, (size, modified, changed, inode, entry) in obj["files"].items():
            sig = (size, modified, changed, inode)
            if not all(isinstance(n, int) for n in sig):
                return {}
            out[text_of(shown)] = (sig, text_of(entry))
        return out
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def _save_index(store: EventStore, index: Mapping[str, tuple[FileSignature, str]]) -> None:
    """Notes the event files' signatures and keys (a failure to write costs the next build time)."""
    if store.folder is None:
        return
    key = "index:" + store.fingerprint
    payload = json.dumps(
        {"key": key, "version": __version__, "files": {k: [*sig, entry] for k, (sig, entry) in sorted(index.items())}},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    with contextlib.suppress(OSError):
        store.folder.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(store.folder.parent / INDEX_FILE, store.signed(key, payload), durable=False)


@dataclass
class CacheCheck:
    """What :func:`find_unchanged` did (a build reports it; tests count it)."""

    read: list[str] = field(default_factory=list)
    """Event files read to take their key (the others were recognised by their signature)."""
    looked_at: list[str] = field(default_factory=list)
    """Event files whose file and decklist files were looked at (the others were trusted:
    :mod:`ingest.publish.watched`)."""


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
    ``memory``, else on disk, read without its files) that is still valid (:func:`still_valid`).

    An event file is recognised without reading it when its size, times and inode are those
    it had when a build last took its key, if it had settled then (``settled_before``, see
    :func:`~ingest.source.storage.file_signature`); any other is read and its key taken.
    ``paths``: the project's event files, when the caller has listed them already.
    ``trusted``: events (by path) a watching process knows unchanged since it last took them
    (:func:`ingest.publish.watched.trusted_events`): taken as they are, nothing looked at.
    """
    found: dict[str, CachedEvent] = {}
    memo: dict[str, str] = {}
    folders: dict[str, bool] = {}
    if paths is None:
        paths = find_files([project.events_dir]) if project.events_dir.exists() else []
    names = shown_paths(paths, project.root)
    index = _load_index(store)
    noted: dict[str, tuple[FileSignature, str]] = {}
    for path in paths:
        shown = names[path.as_posix()]
        known = index.get(shown)
        kept = trusted.get(path.as_posix()) if trusted is not None else None
        if kept is not None:
            store.used.add(kept.key)
            memory[kept.key] = kept
            found[path.as_posix()] = kept
            if known is not None:
                noted[shown] = known
            continue
        if check is not None:
            check.looked_at.append(shown)
        key = None
        if known is not None:
            try:
                if signature_of(os.lstat(path)) == known[0]:
                    key = known[1]
                    noted[shown] = known
            except OSError:
                pass
        if key is None:
            signature = file_signature(path, settled_before)  # (taken before the file is read)
            text, _ = read_text(path, shown, within=project.within(path))
            if check is not None:
                check.read.append(shown)
            if text is None:
                continue
            key = store.key(shown, text)
            if signature is not None:
                noted[shown] = (signature, key)
        entry = memory.get(key)
        if entry is None:
            entry = store.load(key, shown, files=False)
        else:
            store.used.add(key)
        if entry is not None and still_valid(entry, path, registry, memo, folders):
            memory[key] = entry
            found[path.as_posix()] = entry
    if noted != index:
        _save_index(store, noted)
    return found


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
