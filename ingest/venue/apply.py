"""Writing accepted results into the event file: the same locked edit as ``scorekeeper report``
(:func:`ingest.edit.event_file.edit_event_file` with :func:`ingest.edit.recording.record_words`),
so a result from a phone and one typed at the same moment never lose each other, the file
is checked before it is written, and its comments stay.

Writing is idempotent: a result the file already holds is not written again (and is not a
refusal), so what was accepted but not marked written when the server stopped is simply
written again at the next start. A player's result never replaces one in the file (from any
path); the TO's does (``replace``). What cannot be written is kept with the reason, for the
TO (:data:`~ingest.venue.claims.STATES`: ``blocked``), and tried again when the file changes.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit, edit_event_file
from ingest.edit.recording import record_words
from ingest.source.project import Project
from ingest.venue.events import Events, _signature
from ingest.venue.store import Store, Submission, seating
from ingest.venue.tables import Claim


def write_result(events: Events, store: Store, slug: str, subject: str) -> bool:
    """Writes what was accepted about one table and not written yet; returns whether the
    event file changed.

    The latest accepted claim is the result (the TO's decisions and the players' agreement
    leave one); accepted claims that say something else are taken back.
    """
    waiting = [s for s in store.about(slug, subject) if s.state == "accepted" and s.applied is None]
    if not waiting:
        return False
    live = events.get(slug)
    table = live.table(subject) if live is not None else None
    if table is not None:
        # A result accepted for other players than those seated there now (the round was paired
        # again before it was written) is not theirs: taken back, kept in the table's history.
        stale = [s.id for s in waiting if s.seated and s.seated != seating(table.units)]
        if stale:
            store.withdraw(stale, "the round was paired again before this result was written")
            waiting = [s for s in waiting if s.id not in stale]
            if not waiting:
                return False
    chosen = waiting[-1]
    claim = Claim.from_payload(chosen.payload)
    same = [s.id for s in waiting if Claim.from_payload(s.payload) == claim]
    other = [s.id for s in waiting if s.id not in same]
    if other:
        store.withdraw(other, "replaced by a later decision")
    if live is None or table is None:
        store.not_applied(same, "this table is no longer in the event file (was the round paired again?)")
        return False
    if table.recorded == claim:
        store.applied(same, "already recorded")
        return False
    replace = bool(chosen.payload.get("replace"))

    def edit(text: str, event: Event) -> Edit:
        return record_words(text, event, claim.words, claim.options(table, replace=replace))

    try:
        outcome = edit_event_file(
            live.path, events.project, edit, data=events.data(), read_before=events.read_before(live.path)
        )
    except IngestError as exc:
        again = events.read(live.path).table(subject)
        if again is not None and again.recorded == claim:
            store.applied(same, "already recorded")
            return False
        store.not_applied(same, exc.text)
        return False
    store.applied(same, outcome.edit.description)
    return outcome.written


class Applier:
    """The thread that writes accepted results, one table at a time, oldest first."""

    def __init__(self, events: Events, store: Store, on_written: Callable[[], None], on_change: Callable[[], None]):
        self.events, self.store = events, store
        self.on_written = on_written
        """Called after the event file changed (the server rebuilds the site)."""
        self.on_change = on_change
        """Called after anything was marked (the phones' and the TO's pages update)."""
        self.wake = threading.Event()
        self.stop = threading.Event()
        self.tried: dict[tuple[str, str], object] = {}
        """A blocked table's event file as it was when writing was refused (tried again once it changes)."""
        self.thread = threading.Thread(target=self._loop, name="scorekeeper-venue-apply", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def poke(self) -> None:
        """Something was accepted: write it."""
        self.wake.set()

    def _loop(self) -> None:
        while not self.stop.is_set():
            self.wake.wait(timeout=1.0)
            self.wake.clear()
            try:
                self.run_once()
            except Exception as exc:  # the thread must outlive one bad table; the TO sees it
                print(f"venue: could not write a result: {exc!r}", flush=True)

    def run_once(self) -> int:
        """Writes everything waiting; returns how many tables' results (and entries) were written."""
        from ingest.venue.entries import CHECK_IN, REGISTRATION
        from ingest.venue.entry_writing import write_entry

        subjects: dict[tuple[str, str, str], list[Submission]] = defaultdict(list)
        for s in self.store.unapplied():
            if s.kind in (REGISTRATION, CHECK_IN):
                subjects[(s.event, s.subject, "entry")].append(s)
            elif s.kind == "result":
                subjects[(s.event, s.subject, s.kind)].append(s)
        written = 0
        for (slug, subject, kind), waiting in subjects.items():
            path = self.events.path_of(slug)
            sig = _signature(path) if path is not None else None
            if any(s.outcome for s in waiting) and self.tried.get((slug, subject)) == sig:
                continue  # refused, and the file has not changed since
            if kind == "entry":
                wrote = write_entry(self.events, self.store, slug, subject)
                if wrote is None:
                    continue  # a check-in waiting for its registration: nothing changed
                changed = wrote
            else:
                changed = write_result(self.events, self.store, slug, subject)
            self.tried[(slug, subject)] = _signature(path) if path is not None else None
            written += changed
            if changed:
                self.on_written()
            self.on_change()
        return written


def write_now(project: Project, events: Events, store: Store, slug: str, subject: str) -> str:
    """Writes what was accepted about one table (the command line's ``accept``); returns what
    the writing said (the outcome stored)."""
    del project
    write_result(events, store, slug, subject)
    done = [s for s in store.about(slug, subject) if s.state == "accepted"]
    return done[-1].outcome if done else ""
