"""The TO page's view of an event (:func:`event_overview`): the round at a glance (each table
missing, reported, confirmed, disputed, accepted or recorded, with its code to read out to a
player who lost their slip), every claim waiting with what it says and who sent it, the round
clock, and whether the next round can be paired; and the projector's (:func:`screen_view`),
which shows names, tables and the clock, never a code."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

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
from ingest.venue.tables import Claim

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


def _clock(live: LiveEvent, now: dt.datetime) -> dict[str, Any] | None:
    event = live.event
    if event is None or live.current is None:
        return None
    stage, number = live.current
    rnd = (event.playoff if stage == "playoff" else event.rounds)[number - 1]
    if rnd.complete:
        return None  # every result is in: the round's time no longer matters (as on the event page)
    clock = round_clock(event, rnd)
    if clock is None:
        return {"started": "", "minutes": event.structure.round_minutes or 0}
    seconds = now.hour * 3600 + now.minute * 60 + now.second
    return {
        "started": clock.started,
        "minutes": clock.minutes,
        "extra": clock.extra_minutes,
        "paused_at": clock.paused_at,
        "paused_seconds": clock.paused_seconds,
        "left": clock.left(seconds),
        "paused": clock.paused,
    }


def _row(live: LiveEvent, state: TableState) -> dict[str, Any]:
    assert live.event is not None
    form = form_of(live.event)
    table = state.table
    claims = []
    for sub in state.claims:
        side = table.side(sub.side)
        claims.append(
            {
                "id": sub.id,
                "by": side.name if side else "?",
                "result": form.describe(table, Claim.from_payload(sub.payload)),
                "at": dt.datetime.fromtimestamp(sub.received).strftime("%H:%M"),
                "shared_phone": state.one_phone,
            }
        )
    waiting = [
        {"id": s.id, "result": form.describe(table, Claim.from_payload(s.payload)), "why": s.outcome}
        for s in state.waiting
    ]
    return {
        "table": table,
        "state": state.state,
        "state_label": _(STATE_WORDS[state.state]),
        "claims": claims,
        "waiting": waiting,
        "recorded": form.describe(table, table.recorded) if table.recorded is not None else "",
        "differs": state.differs_from_file,
        "code": shown_code(live.code_of(table.subject)),
        "subject": table.subject,
    }


def event_overview(desk: Desk, live: LiveEvent, now: dt.datetime) -> dict[str, Any]:
    """The TO page's section of one event."""
    now_live, states = desk.overview(live.slug)
    if now_live is None or now_live.event is None:
        return {"live": live, "rows": [], "others": [], "counts": [], "clock": None, "can_pair": False, "label": ""}
    live = now_live
    current = [_row(live, s) for s in states if s.table.open]
    others = [_row(live, s) for s in states if not s.table.open]
    order = list(ATTENTION)
    counted = Counter(r["state"] for r in current)
    counts = [{"state": s, "label": _(STATE_WORDS[s]), "n": counted[s]} for s in order if counted[s]]
    label = current[0]["table"].label if current else ""
    complete = bool(current) and all(r["state"] == "recorded" for r in current)
    finished = _finished(live) if complete else ""
    return {
        "live": live,
        "rows": sorted(current, key=lambda r: (order.index(r["state"]), r["table"].table or 0)),
        "others": others,
        "counts": counts,
        "clock": _clock(live, now),
        "can_pair": (complete or live.current is None) and not live.errors and not finished,
        "finished": finished,
        "label": label,
        "errors": [d.render() for d in live.errors[:5]],
    }


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


def entries_overview(entries: Entries, live: LiveEvent) -> dict[str, Any]:
    """The TO page's registration desk for one event: the registrations waiting (or refused by
    the file), the refused ones, and the roster with who is checked in and each player's code."""
    event = live.event
    waiting: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    for entry in entries.registrations(live):
        sub = entry.submission
        if sub is None or entry.state in ("registered", "left-out"):
            continue
        registration = Registration.from_payload(sub.payload)
        how = _(DISPLAY_WORDS.get(registration.display, DISPLAY_WORDS["full"])) % {"handle": registration.handle}
        row = {
            "id": sub.id,
            "name": entry.name,
            "player": entry.id,
            "how": _("from players.yaml") if registration.known else how,
            "at": dt.datetime.fromtimestamp(sub.received).strftime("%H:%M"),
            "state": entry.state,
            "reason": entry.reason,
            "check_in": entry.check_in_sent,
        }
        (refused if entry.state == "refused" else waiting).append(row)
    players = list(event.players) if event is not None else []
    paired = bool(event is not None and (event.rounds or event.playoff))
    check_in = bool(event is not None and event.structure.check_in and not paired)
    return {
        "waiting": waiting,
        "refused": refused[-10:],
        "players": [
            {"id": p.id, "name": p.name, "checked_in": p.checked_in, "code": shown_code(entries.code_of(live, p.id))}
            for p in players
        ],
        "count": len(players),
        "here": sum(1 for p in players if p.checked_in),
        "check_in": check_in,
    }


def screen_view(live: LiveEvent, now: dt.datetime) -> dict[str, Any]:
    """The projector's view: the round, its clock, and everyone's table by name (no codes)."""
    lines: list[dict[str, Any]] = []
    label = ""
    for table in live.current_tables():
        label = table.label
        for me, them in ((table.sides[0], table.sides[1]), (table.sides[1], table.sides[0])):
            lines.append({"name": me.name, "table": table.table or "", "opponent": them.name, "role": me.role})
    lines.sort(key=lambda line: (str(line["name"]).casefold(), line["name"]))
    clock = _clock(live, now)
    return {"live": live, "label": label, "lines": lines, "clock": clock}


def started_now(now: dt.datetime) -> str:
    """The time of day a round starts when the TO starts it now (``HH:MM``)."""
    text = now.strftime("%H:%M")
    assert clock_seconds(text) is not None
    return text
