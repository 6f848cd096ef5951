"""What a process that watches the project (``serve``) knows changed since its last build, and
the events it may therefore take as they were without looking at their files again.

A new ``scorekeeper build`` knows nothing of what happened since the last build: it lists the
events folder and looks at every cached event's file and decklist files
(:func:`~ingest.publish.unchanged.find_unchanged`), one ``lstat`` each, some 100,000 at 3,000 weekly
events. ``serve`` is told of every change by its watcher, so between two of its builds an
event is looked at again only when the watcher reported its file or one of its decklist
files. What it cannot place (a folder moved or removed, players.yaml, mkdocs.yml, a format
file, a file it does not know in the events folder, the watcher's own overflow) makes the
next build look at everything, as a new process does; so does a change of the build's
fingerprint (the code, the configuration, the day).

Paths are compared as the build names them (absolute, not resolved): the watcher is
given the project's folders by the same absolute names (:func:`watched_folders`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.publish.cache_entries import CachedEvent


class ChangeLog:
    """The paths the watcher reported since the last build took them (thread-safe).

    It starts as "anything may have changed": the first build after the watcher started
    looks at everything."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._paths: set[str] = set()
        self._everything = True

    def record(self, path: str | bytes) -> None:
        """The watcher saw ``path`` (a file) created, changed, moved or removed."""
        name = os.path.abspath(os.fsdecode(path))
        with self._lock:
            self._paths.add(name)

    def record_everything(self) -> None:
        """The watcher cannot say what changed (a folder moved or removed, an overflow)."""
        with self._lock:
            self._everything = True

    def take(self) -> frozenset[str] | None:
        """The paths reported since the last call, and forgets them; None: anything may have changed."""
        with self._lock:
            out = None if self._everything else frozenset(self._paths)
            self._paths.clear()
            self._everything = False
            return out


@dataclass(frozen=True, slots=True)
class LastLook:
    """What a build of a watching process found: its fingerprint, the event files it listed,
    and the events it took or made without errors, by path (``as_posix``)."""

    fingerprint: str
    paths: tuple[Path, ...]
    found: Mapping[str, CachedEvent]


@dataclass(frozen=True, slots=True)
class Trusted:
    """The event files to build from, and the events to take as they were without a look."""

    paths: Sequence[Path]
    entries: Mapping[str, CachedEvent]


def trusted_events(
    last: LastLook | None, changed: frozenset[str] | None, fingerprint: str, events_dir: Path
) -> Trusted | None:
    """The events a build may take as ``last`` found them, given the paths ``changed`` since;
    None: every event is looked at (nothing known, anything may have changed, another
    fingerprint, or a change the events cannot be told from)."""
    if last is None or changed is None or last.fingerprint != fingerprint:
        return None
    if not changed:
        return Trusted(last.paths, last.found)
    events = os.path.abspath(events_dir) + os.sep
    by_name = {os.path.abspath(p): p.as_posix() for p in last.paths}
    untrusted: set[str] = set()
    others = []
    for name in changed:
        if os.path.basename(name).startswith("."):
            continue  # a lock, an atomic save's temporary file, an editor's swap: no event or decklist is hidden
        if name not in by_name:
            others.append(name)
        elif not os.path.lexists(name):
            return None  # removed: the events are listed again
        else:
            untrusted.add(by_name[name])
    decks = _deck_files(last.found) if others else {}  # (an edit of an event file alone needs none)
    for name in others:
        if name in decks:
            untrusted.update(decks[name])
        elif not name.startswith(events):
            return None  # players.yaml, mkdocs.yml, formats, seasons...: look at everything
        elif name.endswith("~"):
            continue  # an editor's backup: neither an event nor a decklist the last build read
        else:
            return None  # a file the last build did not list (new, or a decklist named by nothing yet)
    return Trusted(last.paths, {p: e for p, e in last.found.items() if p not in untrusted})


def _deck_files(found: Mapping[str, CachedEvent]) -> dict[str, set[str]]:
    """Each decklist file the events name (absolute), and the events that name it."""
    out: dict[str, set[str]] = {}
    for path, entry in found.items():
        folder = os.path.dirname(os.path.abspath(path))
        for ref, _, _ in entry.decks:
            out.setdefault(os.path.normpath(os.path.join(folder, ref)), set()).add(path)
    return out


def watched_folders(folders: Iterable[Path]) -> list[str]:
    """The folders to give the watcher: absolute, as the build names its files."""
    return [os.path.abspath(f) for f in folders if f.is_dir()]
