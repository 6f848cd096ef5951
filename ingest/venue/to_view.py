"""The TO page's view of an event (:func:`event_overview`): the round at a glance (each table
missing, reported, confirmed, disputed, accepted or recorded, with its code to read out to a
player who lost their slip), every claim waiting with what it says and who sent it, the round
clock, and whether the next round can be paired; and the projector's (:func:`screen_view`),
which shows names, tables and the clock, never a code."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.core.round_clock import clock_seconds
from ingest.edit.round_clock import round_clock
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.venue.claims import TableState
from ingest.venue.codes import shown_code
from ingest.venue.desk import Desk
from ingest.venue.entries import Entries
from ingest.venue.events import LiveEvent
from ingest.venue.registration import Registration
from ingest.venue.result_forms import form_of
from ingest.venue.tables import Claim, Table

STATE_WORDS = {
    "missing": N_("missing"),
    "reported": N_("reported"),
    "agreed": N_("confirmed"),
    "disputed": N_("disputed"),
    "accepted": N_("accepted"),
    "blocked": N_("needs the TO"),
    "recorded": N_("recorded"),
}
"""How the TO page names where a table stands (:data:`ingest.venue.claims.STATES`)."""

ATTENTION = ("disputed", "blocked", "agreed", "reported", "missing", "accepted", "recorded")
"""The order the TO page lists tables in: what needs the TO first."""


@dataclass(frozen=True, slots=True)
class ClockView:
    """The current round's clock as the TO page and the projector count it down."""

    started: str
    """``HH:MM``; empty while the clock has not started."""
    minutes: int
    """The round's length."""
    extra: int = 0
    """Minutes the TO added."""
    paused_at: str = ""
    paused_seconds: int = 0
    left: int | None = None
    """Seconds left now (None before it started)."""
    paused: bool = False


@dataclass(frozen=True, slots=True)
class ClaimLine:
    """A result a player sent for a table, waiting for the TO."""

    id: int
    by: str
    """Who sent it (the side's name)."""
    result: str
    """What it says, in words."""
    at: str
    """When it arrived, ``HH:MM``."""
    shared_phone: bool
    """Whether both of the table's claims came from one phone."""


@dataclass(frozen=True, slots=True)
class WaitingLine:
    """A result accepted and not yet in the file."""

    id: int
    result: str
    why: str
    """Why it is not written yet (empty: it is being written)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table on the TO page: where it stands, the claims, and its code to read out."""

    table: Table
    state: str
    """One of :data:`ingest.venue.claims.STATES`."""
    state_label: str
    claims: tuple[ClaimLine, ...]
    waiting: tuple[WaitingLine, ...]
    recorded: str
    """The result in the file, in words (empty: none)."""
    differs: bool
    """Whether the file holds another result than the one agreed."""
    code: str
    subject: str


@dataclass(frozen=True, slots=True)
class StateCount:
    """How many of the round's tables stand in one state."""

    state: str
    label: str
    n: int


@dataclass(frozen=True, slots=True)
class EventOverview:
    """The TO page's section of one event (and what ``scorekeeper inbox`` prints)."""

    live: LiveEvent
    rows: tuple[TableRow, ...] = ()
    """The current round's tables, what needs the TO first."""
    others: tuple[TableRow, ...] = ()
    """Tables of earlier rounds."""
    counts: tuple[StateCount, ...] = ()
    clock: ClockView | None = None
    can_pair: bool = False
    finished: str = ""
    """Why the event has nothing left to pair (empty: it has)."""
    label: str = ""
    """The current round's name."""
    errors: tuple[str, ...] = ()
    """The file's first errors, rendered."""
    entries: EntriesOverview | None = None
    """The registration desk (:func:`entries_overview`), when the page shows it."""


@dataclass(frozen=True, slots=True)
class ScreenLine:
    """A player's line on the projector: their table and opponent."""

    name: str
    table: int | str
    opponent: str
    role: str


@dataclass(frozen=True, slots=True)
class ScreenView:
    """The projector's view: the round, its clock, and everyone's table by name (no codes)."""

    live: LiveEvent
    label: str
    lines: tuple[ScreenLine, ...]
    clock: ClockView | None


def _clock(live: LiveEvent, now: dt.datetime) -> ClockView | None:
    event = live.event
    if event is None or live.current is None:
        return None
    stage, number = live.current
    rnd = (event.playoff if stage == "playoff" else event.rounds)[number - 1]
    if rnd.complete:
        return None  # every result is in: the round's time no longer matters (as on the event page)
    clock = round_clock(event, rnd)
    if clock is None:
        return ClockView("", event.structure.round_minutes or 0)
    seconds = now.hour * 3600 + now.minute * 60 + now.second
    return ClockView(
        clock.started,
        clock.minutes,
        clock.extra_minutes,
        clock.paused_at,
        clock.paused_seconds,
        clock.left(seconds),
        clock.paused,
    )


def _row(live: LiveEvent, state: TableState) -> TableRow:
    assert live.event is not None
    form = form_of(live.event)
    table = state.table
    claims = []
    for sub in state.claims:
        side = table.side(sub.side)
        claims.append(
            ClaimLine(
                sub.id,
                side.name if side else "?",
                form.describe(table, Claim.from_payload(sub.payload)),
                dt.datetime.fromtimestamp(sub.received).strftime("%H:%M"),
                state.one_phone,
            )
        )
    waiting = [WaitingLine(s.id, form.describe(table, Claim.from_payload(s.payload)), s.outcome) for s in state.waiting]
    return TableRow(
        table,
        state.state,
        _(STATE_WORDS[state.state]),
        tuple(claims),
        tuple(waiting),
        form.describe(table, table.recorded) if table.recorded is not None else "",
        state.differs_from_file,
        shown_code(live.code_of(table.subject)),
        table.subject,
    )


def event_overview(desk: Desk, live: LiveEvent, now: dt.datetime) -> EventOverview:
    """The TO page's section of one event."""
    now_live, states = desk.overview(live.slug)
    if now_live is None or now_live.event is None:
        return EventOverview(live)
    live = now_live
    current = [_row(live, s) for s in states if s.table.open]
    others = [_row(live, s) for s in states if not s.table.open]
    order = list(ATTENTION)
    counted = Counter(r.state for r in current)
    counts = tuple(StateCount(s, _(STATE_WORDS[s]), counted[s]) for s in order if counted[s])
    label = current[0].table.label if current else ""
    complete = bool(current) and all(r.state == "recorded" for r in current)
    finished = _finished(live) if complete else ""
    return EventOverview(
        live,
        tuple(sorted(current, key=lambda r: (order.index(r.state), r.table.table or 0))),
        tuple(others),
        counts,
        _clock(live, now),
        (complete or live.current is None) and not live.errors and not finished,
        finished,
        label,
        tuple(d.render() for d in live.errors[:5]),
    )


_FINISHED: dict[int, tuple[LiveEvent, str]] = {}
"""Whether an event read once is over (the planner asked once per reading of the file)."""


def _finished(live: LiveEvent) -> str:
    """Why the event has nothing left to pair (empty: it has), asked of the planner as ``pair`` asks."""
    from ingest.planner.outcome import Finished
    from ingest.planner.plan import plan_next_round

    kept = _FINISHED.get(id(live))
    if kept is not None and kept[0] is live:
        return kept[1]
    assert live.event is not None
    try:
        plan = plan_next_round(live.event)
    except IngestError:
        reason = ""  # pairing would be refused: pair says why when the TO asks
    else:
        reason = plan.reason if isinstance(plan, Finished) else ""
    if len(_FINISHED) > 16:
        _FINISHED.clear()
    _FINISHED[id(live)] = (live, reason)
    return reason


DISPLAY_WORDS = {
    "full": N_("by name"),
    "initials": N_("by initials"),
    "handle": N_("by the handle %(handle)s"),
    "hidden": N_("not named"),
}
"""How the TO page says a new player chose to be named."""


@dataclass(frozen=True, slots=True)
class RegistrationLine:
    """A registration sent from the join page that waits for the TO (or that they refused)."""

    id: int
    name: str
    player: str
    """The id the registration gives the player."""
    how: str
    """How the player chose to be named, in words."""
    at: str
    """When it arrived, ``HH:MM``."""
    state: str
    """``pending``, ``approved`` (not written yet) or ``refused``."""
    reason: str
    check_in: bool
    """Whether the player checked in with it."""


@dataclass(frozen=True, slots=True)
class RosterLine:
    """A player on the roster, with their check-in and their own code."""

    id: str
    name: str
    checked_in: bool
    code: str


@dataclass(frozen=True, slots=True)
class EntriesOverview:
    """The TO page's registration desk for one event (and what ``scorekeeper inbox`` lists)."""

    waiting: tuple[RegistrationLine, ...]
    refused: tuple[RegistrationLine, ...]
    """The last ten refused."""
    players: tuple[RosterLine, ...]
    count: int
    here: int
    """How many players checked in."""
    check_in: bool
    """Whether players check in before round 1 (and round 1 is not paired yet)."""


def entries_overview(entries: Entries, live: LiveEvent) -> EntriesOverview:
    """The TO page's registration desk for one event: the registrations waiting (or refused by
    the file), the refused ones, and the roster with who is checked in and each player's code."""
    event = live.event
    waiting: list[RegistrationLine] = []
    refused: list[RegistrationLine] = []
    for entry in entries.registrations(live):
        sub = entry.submission
        if sub is None or entry.state in ("registered", "left-out"):
            continue
        registration = Registration.from_payload(sub.payload)
        how = _(DISPLAY_WORDS.get(registration.display, DISPLAY_WORDS["full"])) % {"handle": registration.handle}
        row = RegistrationLine(
            sub.id,
            entry.name,
            entry.id,
            _("from players.yaml") if registration.known else how,
            dt.datetime.fromtimestamp(sub.received).strftime("%H:%M"),
            entry.state,
            entry.reason,
            entry.check_in_sent,
        )
        (refused if entry.state == "refused" else waiting).append(row)
    players = list(event.players) if event is not None else []
    paired = bool(event is not None and (event.rounds or event.playoff))
    check_in = bool(event is not None and event.structure.check_in and not paired)
    return EntriesOverview(
        tuple(waiting),
        tuple(refused[-10:]),
        tuple(RosterLine(p.id, p.name, p.checked_in, shown_code(entries.code_of(live, p.id))) for p in players),
        len(players),
        sum(1 for p in players if p.checked_in),
        check_in,
    )


def screen_view(live: LiveEvent, now: dt.datetime) -> ScreenView:
    """The projector's view: the round, its clock, and everyone's table by name (no codes)."""
    lines: list[ScreenLine] = []
    label = ""
    for table in live.current_tables():
        label = table.label
        for me, them in ((table.sides[0], table.sides[1]), (table.sides[1], table.sides[0])):
            lines.append(ScreenLine(me.name, table.table or "", them.name, me.role))
    lines.sort(key=lambda line: (line.name.casefold(), line.name))
    return ScreenView(live, label, tuple(lines), _clock(live, now))


def started_now(now: dt.datetime) -> str:
    """The time of day a round starts when the TO starts it now (``HH:MM``)."""
    text = now.strftime("%H:%M")
    assert clock_seconds(text) is not None
    return text
