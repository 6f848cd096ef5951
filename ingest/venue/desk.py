"""The results desk: what a phone and the TO may do with a table's result, and what each is
told, whatever carries the request (the venue's pages, the command line's ``inbox``,
``accept`` and ``reject``).

A player's claim is refused, with a sentence saying why, when the table's round is over,
when the file already holds a result or one was already accepted (only the TO changes
them), and when the file would refuse it (checked as ``report`` checks it, without writing).
A confirmation repeats the opponent's claim; a phone that claimed for one side of a table
claims for no other (its session, or its address on the venue's network), and two claims
that agree from one phone wait for the TO. Everything accepted is stored before anyone is told, then written by the
:class:`~ingest.venue.apply.Applier`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.event_file import Edit, make_edit
from ingest.edit.recording import record_words
from ingest.site.i18n import gettext as _
from ingest.venue.claims import ACCEPT_MODES, TableState, accepting, sent_from, settle, table_state
from ingest.venue.events import Events, LiveEvent
from ingest.venue.result_forms import form_of
from ingest.venue.store import NewSubmission, Store, Submission, seating
from ingest.venue.tables import Claim, FormError, Side, Table

MODE_SETTING = "accept"
"""The settings row that holds the TO's choice (:data:`~ingest.venue.claims.ACCEPT_MODES`)."""


class Refused(ValueError):
    """A request the desk turns down; the message (in the site's language) says why."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What became of a claim: stored (or the one sent before with the same key), and where the table stands."""

    submission: Submission
    fresh: bool
    """False when the idempotency key was stored already (a retry): nothing else changed."""
    state: TableState


class Desk:
    """The venue's results: claims in, decisions, and where every table stands."""

    def __init__(self, events: Events, store: Store, *, wake: Callable[[], None], changed: Callable[[], None]):
        self.events, self.store = events, store
        self.wake = wake
        """Tells the applier something was accepted."""
        self.changed = changed
        """Tells the pages that watch the inbox something changed."""

    # -- the TO's setting ----------------------------------------------------------------------

    @property
    def mode(self) -> str:
        mode = self.store.setting(MODE_SETTING, "agreed")
        return mode if mode in ACCEPT_MODES else "agreed"

    def set_mode(self, mode: str) -> None:
        if mode not in ACCEPT_MODES:
            raise ValueError(mode)
        self.store.set_setting(MODE_SETTING, mode)
        for live in self.events.all():
            for table in live.current_tables():
                self._settle(table)
        self.changed()

    # -- where tables stand --------------------------------------------------------------------

    def state(self, table: Table) -> TableState:
        """Where ``table`` stands now. What was sent is read before the event file: a result
        marked written is then always in the file as read (read the other way round, a result
        written in between would be in neither)."""
        sent = self.store.about(table.event, table.subject)
        live = self.events.get(table.event)
        now = live.table(table.subject) if live is not None else None
        return table_state(now or table, sent)

    def overview(self, slug: str) -> tuple[LiveEvent | None, list[TableState]]:
        """The event as its file is now, with every table of the round being played and every
        other table with something waiting (what was sent read first, as :meth:`state` does)."""
        sent: dict[str, list[Submission]] = {}
        for s in self.store.of_event(slug):
            sent.setdefault(s.subject, []).append(s)
        live = self.events.get(slug)
        if live is None:
            return None, []
        out = []
        for table in live.tables:
            state = table_state(table, sent.get(table.subject, []))
            if table.open or state.claims or state.waiting or state.differs_from_file:
                out.append(state)
        return live, out

    def _settle(self, table: Table) -> TableState:
        state = self.state(table)
        decisions = settle(state, self.mode)
        if decisions:
            self.store.decide(decisions)
            self.wake()
            state = self.state(table)
        return state

    def settle_all(self) -> None:
        """Accepts what agreed while the server was down (a claim stored, the agreement not)."""
        for live in self.events.all():
            for table in live.current_tables():
                self._settle(table)

    # -- a player's claim ----------------------------------------------------------------------

    def claim(
        self,
        live: LiveEvent,
        table: Table,
        side: Side,
        form: Mapping[str, str],
        *,
        key: str,
        device: str,
        address: str = "",
    ) -> Sent:
        """Stores what ``side`` reports (``form``: the report form's fields, or ``confirm``
        naming the opponent's claim), sent from the phone ``device`` at ``address``.

        A phone speaks for one side of a table: once it has sent a claim for one side, it
        cannot send one for the other (a player alone cannot make both claims agree).

        Raises:
            Refused: the table takes no claim now, or the form holds no result of it.
        """
        earlier = self.store.by_key(key)
        if earlier is not None:  # a retry: the first one sent with this key, untouched
            return Sent(earlier, False, self.state(table))
        state = self.state(table)
        self._open(live, table, state)
        self._one_side(table, side, state, device, address)
        if form.get("confirm"):
            claim, action = self._confirmation(table, side, state, form["confirm"]), "confirm"
        else:
            event = self._event(live)
            try:
                claim = form_of(event).claim(event, table, side, form)
            except FormError as exc:
                raise Refused(str(exc)) from None
            action = "report"
            theirs = state.claim_of(table.other(side.id).id)
            if theirs is None or Claim.from_payload(theirs.payload) != claim:
                self._check(live, table, claim)
        new = NewSubmission(
            key,
            "result",
            table.event,
            table.subject,
            side.id,
            action,
            claim.payload(),
            device,
            seated=seating(table.units),
            address=address,
        )
        stored, fresh = self.store.submit(new)
        state = self._settle(table)
        self.changed()
        return Sent(stored, fresh, state)

    def _open(self, live: LiveEvent, table: Table, state: TableState) -> None:
        form = form_of(self._event(live))
        if not table.open:
            raise Refused(_("%(round)s is over: its results are now taken by the TO.") % {"round": table.label})
        if table.recorded is not None:
            raise Refused(
                _("This match's result is already recorded: %(result)s. Only the TO can change it.")
                % {"result": form.describe(table, table.recorded)}
            )
        if state.waiting:
            result = form.describe(table, Claim.from_payload(state.waiting[-1].payload))
            raise Refused(
                _("This match's result was already accepted: %(result)s. Only the TO can change it.")
                % {"result": result}
            )

    def _one_side(self, table: Table, side: Side, state: TableState, device: str, address: str) -> None:
        """Refuses a claim for ``side`` from a phone that has claimed for the other side of the table."""
        other = table.other(side.id)
        for sent in state.history:
            if sent.side != other.id or sent.action == "to" or sent.seated != seating(table.units):
                continue
            if sent_from(sent, device, address):
                raise Refused(
                    _(
                        "This phone already reported for %(player)s at this table; each player reports from "
                        "their own phone, or the TO enters the result."
                    )
                    % {"player": other.name}
                )

    def _confirmation(self, table: Table, side: Side, state: TableState, confirms: str) -> Claim:
        """The opponent's claim that ``side`` confirms (from another phone: :meth:`_one_side`)."""
        other = table.other(side.id)
        theirs = state.claim_of(other.id)
        if theirs is None or str(theirs.id) != confirms:
            raise Refused(_("%(player)s changed what they reported; check it again.") % {"player": other.name})
        return Claim.from_payload(theirs.payload)

    def _event(self, live: LiveEvent) -> Event:
        if live.event is None:
            raise Refused(_("The event file cannot be read just now; ask the TO."))
        return live.event

    def _check(self, live: LiveEvent, table: Table, claim: Claim, *, replace: bool = False) -> None:
        """Refuses a claim the event file would refuse: checked as ``report`` checks it, on the
        file as the venue last read it (nothing is locked or written; writing it checks again)."""

        def edit(text: str, event: Event) -> Edit:
            return record_words(text, event, claim.words, claim.options(table, replace=replace))

        try:
            make_edit(live.text, live.shown, self.events.project, edit, data=self.events.data(), checked=live.checked)
        except IngestError as exc:
            reason = exc.text.splitlines()[0] if exc.text else ""
            raise Refused(_("This result cannot be recorded: %(reason)s") % {"reason": reason}) from None

    # -- the TO's decisions --------------------------------------------------------------------

    def accept(self, sid: int, *, replace: bool = False, key: str) -> TableState:
        """The TO accepts claim ``sid``: the pending claims that agree with it are accepted with
        it, the others rejected. With ``replace`` it is the TO's own result: it replaces a
        different one the file holds (a claim that could not be written for that reason is
        accepted this way). ``key``: the idempotency key of the TO's form.

        Raises:
            Refused: there is no such claim waiting.
        """
        _live, table, sub = self._subject_of(sid)
        state = self.state(table)
        waiting = sub.state == "accepted" and sub.applied is None
        if sub.state == "pending" and not replace:
            self.store.decide(accepting(state, sub))
        elif sub.state == "pending" or waiting:
            self._to_submission(table, state, Claim.from_payload(sub.payload), key)
        else:
            raise Refused(self._not_waiting(sid, sub))
        self.wake()
        self.changed()
        return self.state(table)

    def reject(self, sid: int) -> TableState:
        """The TO rejects claim ``sid`` (an accepted one that could not be written, too).

        Raises:
            Refused: there is no such claim waiting.
        """
        _live, table, sub = self._subject_of(sid)
        if sub.state == "pending":
            self.store.decide({sid: "rejected"})
        elif sub.state == "accepted" and sub.applied is None:
            self.store.withdraw([sid], "rejected by the TO")
        else:
            raise Refused(self._not_waiting(sid, sub))
        self.changed()
        return self.state(table)

    @staticmethod
    def _not_waiting(sid: int, sub: Submission) -> str:
        if sub.state == "accepted":
            return _("Result %(id)s was already accepted and written.") % {"id": sid}
        return _("Result %(id)s is not waiting for a decision any more.") % {"id": sid}

    def _to_submission(self, table: Table, state: TableState, claim: Claim, key: str) -> None:
        """Stores the TO's result for ``table``: accepted, replacing what the file holds; what
        the players sent is settled by it."""
        new = NewSubmission(
            key,
            "result",
            table.event,
            table.subject,
            "",
            "to",
            {**claim.payload(), "replace": True},
            "to",
            state="accepted",
            seated=seating(table.units),
        )
        if self.store.by_key(key) is not None:
            return  # the same form sent again
        if state.waiting:
            self.store.withdraw([s.id for s in state.waiting], "replaced by the TO's decision")
        self.store.submit(new, {s.id: "superseded" for s in state.claims})

    def to_result(self, live: LiveEvent, table: Table, form: Mapping[str, str], *, key: str) -> TableState:
        """The TO enters a table's result (it replaces what the file or the players have).

        Raises:
            Refused: the form holds no result of the table, or the file would refuse it.
        """
        event = self._event(live)
        try:
            claim = form_of(event).claim(event, table, table.sides[0], form, full=True)
        except FormError as exc:
            raise Refused(str(exc)) from None
        self._check(live, table, claim, replace=True)
        self._to_submission(table, self.state(table), claim, key)
        self.wake()
        self.changed()
        return self.state(table)

    def _subject_of(self, sid: int) -> tuple[LiveEvent, Table, Submission]:
        sub = self.store.get(sid)
        live = self.events.get(sub.event) if sub is not None else None
        table = live.table(sub.subject) if live is not None and sub is not None else None
        if sub is None or live is None or table is None:
            raise Refused(_("There is no result %(id)s at this venue.") % {"id": sid})
        return live, table, sub
