"""Writing approved registrations and check-ins into the event file: ``add-player``'s edit and
``check-in``'s (:func:`ingest.edit.corrections.add_player`,
:func:`ingest.edit.check_in.check_in_player`) through the locked edit path
(:func:`ingest.edit.event_file.edit_event_file`), as :mod:`ingest.venue.apply` writes results.

Writing is idempotent: a player on the roster is not added again, a player checked in is not
checked in again, so what was approved and not marked written when the server stopped is
simply written at the next start. A new player of a community that keeps ``players.yaml`` is
added to it first, with the naming they chose, so no page is ever built with the event
holding them and ``players.yaml`` not yet saying how they are named.
"""

from __future__ import annotations

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.check_in import check_in_player
from ingest.edit.event_file import Edit, edit_event_file
from ingest.edit.players_file import add_to_registry, registry_entry
from ingest.venue.entries import CHECK_IN, REGISTRATION
from ingest.venue.events import Events, LiveEvent
from ingest.venue.registration import Registration
from ingest.venue.store import Store, Submission


def _waiting(store: Store, slug: str, subject: str, kind: str) -> list[Submission]:
    return [s for s in store.about(slug, subject, kind) if s.state == "accepted" and s.applied is None]


def write_entry(events: Events, store: Store, slug: str, subject: str) -> bool | None:
    """Writes the approved registration and the check-in about one player that are not
    written yet. Returns whether the event file changed, or None when there was nothing to
    do yet (a check-in waiting for its registration)."""
    live = events.get(slug)
    registrations = _waiting(store, slug, subject, REGISTRATION)
    checks = _waiting(store, slug, subject, CHECK_IN)
    if live is None:
        store.not_applied([s.id for s in registrations + checks], "this event is no longer run by the venue")
        return False
    changed, done = False, False
    if registrations:
        written = _register(events, store, live, registrations)
        if written is None:
            return False
        changed, done = written, True
        live = events.read(live.path)
    if checks:
        written = _check_in(events, store, live, checks)
        if written is not None:
            changed, done = changed or written, True
    return changed if done else None


def _register(events: Events, store: Store, live: LiveEvent, waiting: list[Submission]) -> bool | None:
    """Writes the latest approved registration; None when it could not be written (the reason is kept)."""
    chosen = waiting[-1]
    if len(waiting) > 1:
        store.applied([s.id for s in waiting[:-1]], "sent again; the later registration is written")
    registration = Registration.from_payload(chosen.payload)
    if live.event is not None and any(p.id == registration.id for p in live.event.players):
        store.applied([chosen.id], "already on the roster")
        return False
    project = events.project
    if project.players_file.exists() and not registration.known:
        entry = registry_entry(registration.id, registration.name, registration.display, registration.handle)
        try:
            add_to_registry(project, entry)
        except IngestError as exc:
            store.not_applied([chosen.id], exc.text)
            return None

    def edit(text: str, event: Event) -> Edit:
        return registration.add(text, event)

    try:
        outcome = edit_event_file(
            live.path, project, edit, data=events.data(), read_before=events.read_before(live.path)
        )
    except IngestError as exc:
        again = events.read(live.path).event
        if again is not None and any(p.id == registration.id for p in again.players):
            store.applied([chosen.id], "already on the roster")
            return False
        store.not_applied([chosen.id], exc.text)
        return None
    store.applied([chosen.id], outcome.edit.description)
    return outcome.written


def _check_in(events: Events, store: Store, live: LiveEvent, waiting: list[Submission]) -> bool | None:
    """Writes a check-in once the player is on the roster; None while they are not (yet)."""
    ids = [s.id for s in waiting]
    pid = waiting[-1].side
    player = next((p for p in live.event.players if p.id == pid), None) if live.event is not None else None
    if player is None:
        sent = [s for s in store.about(live.slug, waiting[-1].subject, REGISTRATION) if s.state != "superseded"]
        if not sent or sent[-1].state == "rejected":
            store.withdraw(ids, "the registration was refused")
            return False
        return None  # the registration waits for the TO
    if player.checked_in:
        store.applied(ids, "checked in already")
        return False

    def edit(text: str, event: Event) -> Edit:
        return check_in_player(text, event, pid)

    try:
        outcome = edit_event_file(live.path, events.project, edit, data=events.data())
    except IngestError as exc:
        store.withdraw(ids, exc.text.splitlines()[0] if exc.text else "")
        return False
    store.applied(ids, outcome.edit.description)
    return outcome.written
