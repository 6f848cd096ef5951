"""The players' way in: the join page (``/join``), which the venue's QR codes open (the one the
terminal prints and the projector shows).

A player types their name (and, where the community keeps ``players.yaml``, picks themselves
from it or says how a new player is to be named), and gets their own player code, shown
large: it opens their entry on any phone (``/join/<code>``) and what else is theirs. Their
entry says where the registration stands (waiting for the TO, accepted, refused with the
TO's words), and offers the check-in when the event has one. The page links the event's
live page for everyone who only came to follow it.

Every form carries the session's CSRF token and an idempotency key; registrations are
limited per address (:data:`~ingest.venue.guard.REGISTRATIONS`) and wrong player codes
count against the address as wrong match codes do. Every refusal is a sentence in the
site's language.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ingest.site.i18n import gettext as _
from ingest.source.naming import DISPLAYS
from ingest.venue.codes import new_token, read_code, shown_code
from ingest.venue.context import Venue
from ingest.venue.desk import Refused
from ingest.venue.entries import Entry
from ingest.venue.events import LiveEvent
from ingest.venue.guard import FORM_KEY, FormTooLarge, Session, client_address, read_form

_DEFAULTS: dict[str, Any] = {"error": "", "code_error": "", "refused": None, "late": "", "closed": "", "name": ""}
"""What every drawing of the join page has, unless its context says otherwise."""


class JoinPages:
    """The handlers of ``/join``."""

    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def routes(self) -> list[Route]:
        return [
            Route("/join", self.page, methods=["GET"]),
            Route("/join", self.register, methods=["POST"]),
            Route("/join/code", self.enter_code, methods=["POST"]),
            Route("/join/{code}", self.entry_page, methods=["GET"]),
            Route("/join/{code}/check-in", self.check_in, methods=["POST"]),
        ]

    # -- drawing ---------------------------------------------------------------------------------

    def _event(self, slug: str) -> LiveEvent | None:
        events = self.venue.events.all()
        if slug:
            return next((e for e in events if e.slug == slug), None)
        return events[0] if len(events) == 1 else None

    def _draw(self, session: Session, live: LiveEvent | None, context: dict[str, Any], status: int = 200) -> Response:
        venue = self.venue
        with venue.speaking():
            title = _("Join %(event)s") % {"event": live.name} if live is not None else _("Join an event")
            content = venue.draw(
                "venue_join.html.j2", {**_DEFAULTS, "csrf": venue.guard.csrf(session), "key": new_token(), **context}
            )
        return venue.guard.keep(venue.framed(live, title, content, watch="inbox", status=status), session)

    def _form_context(self, live: LiveEvent, error: str = "", name: str = "") -> dict[str, Any]:
        entries = self.venue.entries
        return {
            "mode": "form",
            "live": live,
            "live_url": f"/events/{live.slug}/",
            "closed": entries.opens(live),
            "late": entries.late_words(live),
            "registry": entries.registry() is not None,
            "displays": DISPLAYS,
            "check_in": bool(live.event and live.event.structure.check_in and not live.event.rounds),
            "error": error,
            "name": name,
        }

    def _entry_context(self, live: LiveEvent, entry: Entry, code: str, error: str = "") -> dict[str, Any]:
        event = live.event
        paired = bool(event is not None and (event.rounds or event.playoff))
        table = live.table_of(entry.id)
        return {
            "table": table,
            "report_url": f"/report/{live.code_of(table.subject)}" if table is not None else "",
            "opponent": table.other(entry.id).name if table is not None else "",
            "deck_url": f"/deck/{code}",
            "mode": "entry",
            "live": live,
            "live_url": f"/events/{live.slug}/",
            "entry": entry,
            "code": code,
            "shown_code": shown_code(code),
            "status": entry_words(live, entry),
            "may_check_in": bool(
                event is not None
                and event.structure.check_in
                and not paired
                and entry.state in ("pending", "accepted", "blocked", "registered")
                and not entry.checked_in
                and not entry.check_in_sent
            ),
            "error": error,
        }

    # -- the join page ---------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        live = self._event(request.query_params.get("event", "")[:200])
        if live is None:
            return self._draw(session, None, {"mode": "events", "events": venue.events.all()})

        def context() -> dict[str, Any]:
            entry = venue.entries.phone_entry(live, session.id)
            if entry is not None and entry.state not in ("refused", "left-out"):
                return self._entry_context(live, entry, venue.entries.code_of(live, entry.id))
            found = self._form_context(live)
            if entry is not None:  # refused or left out: the phone is told, and may register again
                found["refused"] = entry_words(live, entry)
            return found

        return self._draw(session, live, await venue.run(context))

    async def register(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        try:
            form = await read_form(request)
        except FormTooLarge:
            form = {}
        live = self._event(form.get("event", "")[:200])
        if live is None:
            return RedirectResponse("/join", status_code=303)
        if not venue.guard.form_ok(request, session, form) or not FORM_KEY.match(form.get("key", "")):
            with venue.speaking():
                error = _("This form has expired. Reload the page and send it again.")
            return self._draw(session, live, await venue.run(self._form_context, live, error), 403)
        name = form.get("name", "")[:300]
        known = form.get("known", "")[:80]
        new = form.get("new") == "1"

        def work() -> tuple[dict[str, Any], int] | str:
            entries = venue.entries
            if not known and not new:
                found = entries.candidates(live, name)
                if found:  # is this you?
                    return {
                        **self._form_context(live, name=name),
                        "mode": "who",
                        "candidates": found,
                        "display": form.get("display", "full"),
                        "handle": form.get("handle", "")[:100],
                    }, 200
            if not venue.guard.may_register(client_address(request)):
                return {**self._form_context(live, name=name), "error": _too_many()}, 429
            try:
                sent = entries.register(
                    live,
                    name,
                    known=known,
                    display=form.get("display", "full"),
                    handle=form.get("handle", "")[:100],
                    key=form["key"],
                    device=session.id,
                )
            except Refused as exc:
                return {**self._form_context(live, str(exc), name)}, 409
            return entries.code_of(live, sent.side)

        done = await venue.run(work)
        if isinstance(done, str):
            return venue.guard.keep(RedirectResponse(f"/join/{done}", status_code=303), session)
        context, status = done
        return self._draw(session, live, context, status)

    # -- a player's entry ------------------------------------------------------------------------

    async def _lookup(self, request: Request, typed: str) -> tuple[LiveEvent, str, str] | str:
        """The event and player a code opens, or why not (a wrong code counts against the address)."""
        venue = self.venue
        address = client_address(request)
        with venue.speaking():
            if venue.guard.blocked_for(address):
                return _("Too many wrong codes from this phone. Wait a few minutes, or ask the TO.")
            code = read_code(typed)
            if code is not None:
                for live in venue.events.all():
                    pid = await venue.run(venue.entries.find_code, live, code)
                    if pid is not None:
                        return live, pid, code
            venue.guard.failed(address)
            return _("This code opens no entry. Check your player code: eight letters and digits, such as ABCD-2345.")

    async def enter_code(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        try:
            form = await read_form(request)
        except FormTooLarge:
            form = {}
        live = self._event(form.get("event", "")[:200])
        if not venue.guard.form_ok(request, session, form):
            return RedirectResponse("/join", status_code=303)
        found = await self._lookup(request, form.get("code", "")[:40])
        if isinstance(found, str):
            if live is None:
                return self._draw(session, None, {"mode": "events", "events": venue.events.all(), "error": found}, 404)
            context = await venue.run(self._form_context, live)
            return self._draw(session, live, {**context, "code_error": found}, 404)
        return RedirectResponse(f"/join/{found[2]}", status_code=303)

    async def entry_page(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        found = await self._lookup(request, request.path_params["code"][:40])
        if isinstance(found, str):
            return self._draw(session, None, {"mode": "events", "events": venue.events.all(), "error": found}, 404)
        live, pid, code = found

        def context() -> dict[str, Any] | None:
            entry = venue.entries.entry(live, pid)
            if entry is None:
                return None
            if not session.fresh:
                venue.entries.remember(live, session.id, pid)
            return self._entry_context(live, entry, code, request.query_params.get("problem", "")[:300])

        made = await venue.run(context)
        if made is None:
            return RedirectResponse("/join", status_code=303)
        return self._draw(session, live, made)

    async def check_in(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        try:
            form = await read_form(request)
        except FormTooLarge:
            form = {}
        found = await self._lookup(request, request.path_params["code"][:40])
        if isinstance(found, str):
            return self._draw(session, None, {"mode": "events", "events": venue.events.all(), "error": found}, 404)
        live, pid, code = found
        if not venue.guard.form_ok(request, session, form) or not FORM_KEY.match(form.get("key", "")):
            with venue.speaking():
                problem = _("This form has expired. Reload the page and send it again.")
            return _back(code, problem)
        try:
            await venue.run(venue.entries.check_in, live, pid, key=form["key"], device=session.id)
        except Refused as exc:
            return _back(code, str(exc))
        return RedirectResponse(f"/join/{code}", status_code=303)


def _back(code: str, problem: str) -> Response:
    from urllib.parse import urlencode

    return RedirectResponse(f"/join/{code}?{urlencode({'problem': problem})}", status_code=303)


def _too_many() -> str:
    return _("Too many registrations from this phone. Ask the TO to register you.")


def entry_words(live: LiveEvent, entry: Entry) -> dict[str, str]:
    """What a player's phone says about their entry: ``message``, ``tone`` (``ok``, ``wait``,
    ``alert``, ``open``) and ``reason`` (the TO's words, when they gave any)."""
    event = live.event
    paired = bool(event is not None and (event.rounds or event.playoff))
    check_in = bool(event is not None and event.structure.check_in)
    name = {"player": entry.name, "event": live.name}
    if entry.state == "refused":
        return {
            "tone": "alert",
            "message": _("The TO did not accept the registration of %(player)s for %(event)s. Please see the TO.")
            % name,
            "reason": entry.reason,
        }
    if entry.state == "left-out":
        return {
            "tone": "alert",
            "message": _(
                "%(player)s was not checked in when round 1 was paired, so is not playing %(event)s. You can still "
                "join as a late entry: register again, or see the TO."
            )
            % name,
            "reason": "",
        }
    if entry.state == "pending":
        message = _("Received: the registration of %(player)s for %(event)s waits for the TO to accept it.") % name
        if check_in and not paired and entry.check_in_sent:
            message += " " + _("You are checked in: it counts once the TO accepts you.")
        elif check_in and not paired:
            message += " " + _("You can check in now: it counts once the TO accepts you.")
        return {"tone": "wait", "message": message, "reason": ""}
    if entry.state in ("accepted", "blocked"):
        return {
            "tone": "wait",
            "message": _("Accepted: %(player)s is being added to %(event)s.") % name,
            "reason": "",
        }
    if paired:
        return {
            "tone": "ok",
            "message": _("%(player)s is registered for %(event)s. Your table is on the pairings.") % name,
            "reason": "",
        }
    if not check_in:
        return {
            "tone": "ok",
            "message": _("%(player)s is registered for %(event)s. Round 1 pairs you.") % name,
            "reason": "",
        }
    if entry.checked_in:
        return {
            "tone": "ok",
            "message": _("%(player)s is checked in for %(event)s. Round 1 pairs you.") % name,
            "reason": "",
        }
    if entry.check_in_sent:
        return {"tone": "wait", "message": _("Checked in: it is being written."), "reason": ""}
    return {
        "tone": "open",
        "message": _(
            "%(player)s is registered for %(event)s. Check in when you are here: round 1 pairs only the players "
            "who checked in."
        )
        % name,
        "reason": "",
    }
