"""The registration desk: players who register at the venue's join page, check in, and what the
TO decides, whatever carries the request (the join page, the TO page, ``scorekeeper inbox``,
``accept``, ``reject``, ``check-in``).

A registration is stored (kind ``registration``, subject ``players/<id>``) before the phone
is told; the TO approves or refuses it, or, with the TO's setting ``at-once``
(:data:`REGISTER_MODES`), it is approved as it arrives, as agreed results are with the
results' setting. An approved registration is written into the event file by
``add-player``'s own edit (:func:`ingest.edit.corrections.add_player`: the same id from the
name, the same late-entry losses after round 1), through the locked edit path
(:mod:`ingest.venue.apply`). A player who picks themselves from ``players.yaml`` enters under
their id there; a new player of a community that keeps ``players.yaml`` chooses how they are
named (full name, initials, a handle, or not at all: DESIGN §10) and is added to it.

A check-in (kind ``check-in``) is taken at once and written as ``checked_in: true``
(:func:`ingest.edit.check_in.check_in_player`) as soon as the player is in the file.

The player's code (:meth:`ingest.venue.codes.VenueKeys.player_code`) opens their entry on
any phone; a phone that registered also remembers it (as it remembers "I am Alice" at a table).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.edit.event_file import make_edit
from ingest.edit.late_entry import late_entry
from ingest.site.i18n import gettext as _
from ingest.source.players import PlayerRegistry, RegisteredPlayer
from ingest.venue.codes import same
from ingest.venue.desk import Refused
from ingest.venue.events import Events, LiveEvent
from ingest.venue.registration import Registration, clean_name, registration_for, taken_sentence
from ingest.venue.store import NewSubmission, Store, Submission

REGISTER_SETTING = "register"
"""The settings row that holds the TO's choice (:data:`REGISTER_MODES`)."""
REGISTER_MODES = ("to", "at-once")
"""``to``: every registration waits for the TO; ``at-once``: it is written as it arrives."""
REGISTRATION = "registration"
CHECK_IN = "check-in"
ENTRY = "entry"
"""The subject under which a phone remembers the player it registered (:meth:`Store.choose_side`)."""


def subject_of(player_id: str) -> str:
    return f"players/{player_id}"


@dataclass(frozen=True, slots=True)
class Entry:
    """Where one player's entry stands."""

    id: str
    name: str
    state: str
    """``pending`` (waiting for the TO), ``accepted`` (being written), ``blocked`` (accepted,
    the file refused it: the TO sees why), ``registered`` (in the event file), ``refused``,
    ``left-out`` (written, then taken off the roster: not checked in when round 1 was paired)."""
    reason: str = ""
    """Why it was refused, or blocked."""
    checked_in: bool = False
    check_in_sent: bool = False
    """A check-in was sent and waits to be written (the registration is not in the file yet)."""
    submission: Submission | None = None
    """The latest registration sent (None: the player was entered by the TO)."""


class Entries:
    """Registrations and check-ins in, the TO's decisions, and where every entry stands."""

    def __init__(self, events: Events, store: Store, *, wake: Callable[[], None], changed: Callable[[], None]):
        self.events, self.store = events, store
        self.wake, self.changed = wake, changed
        self.lock = threading.Lock()
        """Held while a registration is checked and stored (two phones never take one id)."""

    # -- the TO's setting ----------------------------------------------------------------------

    @property
    def mode(self) -> str:
        mode = self.store.setting(REGISTER_SETTING, "to")
        return mode if mode in REGISTER_MODES else "to"

    def set_mode(self, mode: str) -> None:
        if mode not in REGISTER_MODES:
            raise ValueError(mode)
        self.store.set_setting(REGISTER_SETTING, mode)
        if mode == "at-once":
            waiting = {s.id: "accepted" for live in self.events.all() for s in self._pending(live.slug)}
            if waiting:
                self.store.decide(waiting)
                self.wake()
        self.changed()

    # -- codes ---------------------------------------------------------------------------------

    def code_of(self, live: LiveEvent, player_id: str) -> str:
        return self.events.keys.player_code(live.slug, player_id)

    def find_code(self, live: LiveEvent, code: str) -> str | None:
        """The player ``code`` opens at ``live`` (on the roster, or registered here, refused
        included), every code compared."""
        found: str | None = None
        for pid in self._known_ids(live):
            if same(self.code_of(live, pid), code) and found is None:
                found = pid
        return found

    def _known_ids(self, live: LiveEvent) -> list[str]:
        ids = [p.id for p in live.event.players] if live.event is not None else []
        for s in self.store.of_event(live.slug, REGISTRATION):  # a refused one too: its phone is told
            if s.side not in ids:
                ids.append(s.side)
        return ids

    # -- a registration --------------------------------------------------------------------------

    def registry(self) -> PlayerRegistry | None:
        """``players.yaml`` as it is now (None: the community keeps none)."""
        if not self.events.project.players_file.exists():
            return None
        return self.events.registry()

    def candidates(self, live: LiveEvent, name: str) -> list[RegisteredPlayer]:
        """The people of ``players.yaml`` a typed name may be (the same name or handle, any case)."""
        registry = self.registry()
        if registry is None:
            return []
        typed = " ".join(name.split()).casefold()
        taken = {p.id for p in live.event.players} if live.event is not None else set()
        return [
            p
            for p in registry.players.values()
            if typed in (p.name.casefold(), p.handle.casefold()) and p.id not in taken
        ]

    def opens(self, live: LiveEvent) -> str:
        """Why ``live`` takes no registration now (empty: it takes one), in the site's language."""
        event = live.event
        if event is None:
            return _("The event file cannot be read just now; ask the TO.")
        if event.is_team_event:
            return _("Teams register with the TO at this event.")
        try:
            late_entry(event)
        except IngestError:
            return _("%(event)s takes no more players.") % {"event": live.name}
        return ""

    def late_words(self, live: LiveEvent) -> str:
        """What registering now means for a player who joins late (empty before round 1)."""
        if live.event is None or not live.event.rounds:
            return ""
        losses = live.event.structure.pairing == "swiss" and live.event.structure.late_entries == "loss"
        n = len(live.event.rounds)
        if losses:
            return _(
                "Round 1 has been paired: you join as a late entry, with a match loss for each round already "
                "paired (%(n)s), and play from the next round."
            ) % {"n": n}
        return _("Round 1 has been paired: you join as a late entry and play from the next round.")

    def register(
        self,
        live: LiveEvent,
        typed: str,
        *,
        known: str = "",
        display: str = "full",
        handle: str = "",
        key: str,
        device: str,
    ) -> Submission:
        """Stores a registration of ``typed`` (a name) at ``live``: as the person ``known`` of
        ``players.yaml``, or as a new player named as ``display`` says (``handle``: the one chosen).

        Raises:
            Refused: the event takes no registration now, or this one (the sentence says why).
        """
        earlier = self.store.by_key(key)
        if earlier is not None:  # the same form sent again
            return earlier
        why = self.opens(live)
        if why:
            raise Refused(why)
        assert live.event is not None
        name = clean_name(typed)
        registration = registration_for(live.event, self.registry(), name, known, display, handle)
        with self.lock:
            self._not_taken(live, registration, device)
            self._check(live, registration)
            state = "accepted" if self.mode == "at-once" else "pending"
            new = NewSubmission(
                key,
                REGISTRATION,
                live.slug,
                subject_of(registration.id),
                registration.id,
                "register",
                registration.payload(),
                device,
                state=state,
            )
            stored, _fresh = self.store.submit(new)
        self.store.choose_side(device, live.slug, ENTRY, registration.id)
        self.wake()
        self.changed()
        return stored

    def _not_taken(self, live: LiveEvent, registration: Registration, device: str) -> None:
        """Refuses a registration of someone on the roster or registered from another phone."""
        assert live.event is not None
        folded = registration.name.casefold()
        if any(p.id == registration.id or p.name.casefold() == folded for p in live.event.players):
            raise Refused(taken_sentence(registration.name))
        for s in self.store.of_event(live.slug, REGISTRATION):
            if s.state == "rejected" or s.state == "superseded":
                continue
            theirs = Registration.from_payload(s.payload)
            if (s.side == registration.id or theirs.name.casefold() == folded) and s.device != device:
                raise Refused(taken_sentence(registration.name))

    def _check(self, live: LiveEvent, registration: Registration) -> None:
        """Refuses a registration the event file would refuse (checked as ``add-player`` checks it)."""
        try:
            make_edit(
                live.text,
                live.shown,
                self.events.project,
                registration.add,
                data=self.events.data(),
                checked=live.checked,
            )
        except IngestError as exc:
            reason = exc.text.splitlines()[0] if exc.text else ""
            raise Refused(_("This registration cannot be taken: %(reason)s") % {"reason": reason}) from None

    # -- a check-in ------------------------------------------------------------------------------

    def check_in(self, live: LiveEvent, player_id: str, *, key: str, device: str) -> Submission:
        """Stores that ``player_id`` is here (taken at once; written once they are in the file).

        Raises:
            Refused: the event has no check-in, round 1 is paired, or the entry was refused.
        """
        earlier = self.store.by_key(key)
        if earlier is not None:
            return earlier
        event = live.event
        if event is None or not event.structure.check_in:
            raise Refused(_("This event has no check-in: you are paired once the TO has your registration."))
        if event.rounds or event.playoff:
            raise Refused(_("Round 1 has been paired: check-in is over. See the pairings for your table."))
        entry = self.entry(live, player_id)
        if entry is None or entry.state in ("refused", "left-out"):
            raise Refused(_("Your registration was not accepted, so you cannot check in. Please see the TO."))
        new = NewSubmission(
            key, CHECK_IN, live.slug, subject_of(player_id), player_id, "check-in", {}, device, state="accepted"
        )
        stored, _fresh = self.store.submit(new)
        self.wake()
        self.changed()
        return stored

    # -- where entries stand ---------------------------------------------------------------------

    def _pending(self, slug_: str) -> list[Submission]:
        return [s for s in self.store.of_event(slug_, REGISTRATION) if s.state == "pending"]

    def entry(self, live: LiveEvent, player_id: str) -> Entry | None:
        """Where ``player_id``'s entry stands (None: neither on the roster nor registered here).
        What was sent is read before the event file, as for a table (:meth:`Desk.state`)."""
        sent = self.store.about(live.slug, subject_of(player_id), REGISTRATION)
        checks = self.store.about(live.slug, subject_of(player_id), CHECK_IN)
        live = self.events.get(live.slug) or live
        player = next((p for p in live.event.players if p.id == player_id), None) if live.event else None
        latest = next((s for s in reversed(sent) if s.state != "superseded"), None)
        if player is not None:
            waiting = any(s.state == "accepted" and s.applied is None for s in checks)
            return Entry(player.id, player.name, "registered", "", player.checked_in, waiting, latest)
        if latest is None:
            return None
        registration = Registration.from_payload(latest.payload)
        sent_check = any(s.state == "accepted" for s in checks)
        if latest.state == "rejected":
            state = "refused"
        elif latest.state == "accepted" and latest.applied is None:
            state = "blocked" if latest.outcome else "accepted"
        elif latest.state == "accepted":
            state = "left-out"  # written, then taken off the roster: not checked in for round 1 (or by the TO)
        else:
            state = "pending"
        return Entry(registration.id, registration.name, state, latest.outcome, False, sent_check, latest)

    def phone_entry(self, live: LiveEvent, device: str) -> Entry | None:
        """The entry this phone registered (or last opened with a code) at ``live``."""
        pid = self.store.side_of(device, live.slug, ENTRY)
        return self.entry(live, pid) if pid else None

    def remember(self, live: LiveEvent, device: str, player_id: str) -> None:
        """This phone is ``player_id``'s (opened with their code)."""
        self.store.choose_side(device, live.slug, ENTRY, player_id)

    def registrations(self, live: LiveEvent) -> list[Entry]:
        """Every registration sent to ``live`` that is not on the roster (yet), oldest first."""
        seen: dict[str, Entry] = {}
        for s in self.store.of_event(live.slug, REGISTRATION):
            if s.side in seen:
                continue
            entry = self.entry(live, s.side)
            if entry is not None:
                seen[s.side] = entry
        return list(seen.values())

    # -- the TO's decisions ----------------------------------------------------------------------

    def _registration_of(self, sid: int) -> Submission:
        sub = self.store.get(sid)
        if sub is None or sub.kind != REGISTRATION or self.events.get(sub.event) is None:
            raise Refused(_("There is no registration %(id)s at this venue.") % {"id": sid})
        return sub

    def approve(self, sid: int) -> Submission:
        """The TO approves registration ``sid`` (written into the event file by the applier).

        Raises:
            Refused: there is no such registration waiting.
        """
        sub = self._registration_of(sid)
        if sub.state != "pending":
            raise Refused(_("Registration %(id)s is not waiting for a decision.") % {"id": sid})
        self.store.decide({sid: "accepted"})
        self.wake()
        self.changed()
        return self.store.get(sid) or sub

    def refuse(self, sid: int, reason: str = "") -> Submission:
        """The TO refuses registration ``sid`` (one waiting, or accepted and refused by the file);
        ``reason`` is shown to the player. The player's check-in goes with it.

        Raises:
            Refused: there is no such registration waiting.
        """
        sub = self._registration_of(sid)
        reason = " ".join(reason.split())[:200]
        if sub.state == "pending":
            self.store.decide({sid: "rejected"}, outcome=reason)
        elif sub.state == "accepted" and sub.applied is None:
            self.store.withdraw([sid], reason)
        else:
            raise Refused(_("Registration %(id)s is not waiting for a decision.") % {"id": sid})
        checks = [s.id for s in self.store.about(sub.event, sub.subject, CHECK_IN) if s.applied is None]
        if checks:
            self.store.withdraw(checks, "the registration was refused")
        self.changed()
        return self.store.get(sid) or sub
