"""The TO's side of the venue (``/to``, behind the TO's token) and the projector (``/screen``).

The TO page shows each event's round at a glance and every claim waiting; from it the TO
accepts or rejects claims, enters a table's result, sets whether agreed results are accepted
at once, starts, pauses, resumes and extends the round clock, pairs the next round and prints
the round with each table's code. Every change to an event file is the command line's own
edit (:mod:`ingest.venue.round_actions`, :mod:`ingest.venue.desk`).
"""

from __future__ import annotations

import collections
from dataclasses import replace
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ingest.core.errors import IngestError
from ingest.site.i18n import gettext as _
from ingest.site.qr import qr_code
from ingest.venue.claims import ACCEPT_MODES
from ingest.venue.codes import new_token
from ingest.venue.context import Venue
from ingest.venue.desk import Refused
from ingest.venue.entries import REGISTER_MODES
from ingest.venue.events import LiveEvent
from ingest.venue.guard import FormTooLarge, client_address, number, read_form
from ingest.venue.pages import NO_STORE
from ingest.venue.result_forms import form_of
from ingest.venue.round_actions import CLOCK_ACTIONS, change_clock, check_in_now, pair_next
from ingest.venue.to_view import entries_overview, event_overview, screen_view, started_now

NOTES_KEPT = 64
"""What the TO was told after the last actions, kept for the TO page to show."""


class ToPages:
    """The handlers of ``/to`` and ``/screen``."""

    def __init__(self, venue: Venue) -> None:
        self.venue = venue
        self.notes: collections.OrderedDict[str, tuple[str, str]] = collections.OrderedDict()
        """What the TO was last told after an action (what was done, why not), by the random
        id the TO page's address carries: the address never carries the text, so a link
        someone sends the TO cannot make the TO page say anything ("your token leaked, open
        ...")."""

    def _back(self, *, said: str = "", problem: str = "", roster: bool = False) -> Response:
        """Back to the TO page, saying what was done (or why not); ``roster``: with the roster open
        (the TO checks players in one after another)."""
        note = new_token()
        self.notes[note] = (said, problem)
        while len(self.notes) > NOTES_KEPT:
            self.notes.popitem(last=False)
        return RedirectResponse(f"/to?note={note}" + ("&open=roster" if roster else ""), status_code=303)

    def routes(self) -> list[Route]:
        return [
            Route("/to", self.page, methods=["GET"]),
            Route("/to/{action}", self.act, methods=["POST"]),
            Route("/to/print/{slug}", self.print_round, methods=["GET"]),
            Route("/to/table/{slug}/{subject:path}", self.table_form, methods=["GET"]),
            Route("/screen", self.screen, methods=["GET"]),
        ]

    def _forbidden(self, request: Request) -> Response:
        with self.venue.speaking():
            content = self.venue.draw(
                "venue_message.html.j2",
                {
                    "title": _("This page is for the TO"),
                    "message": _("Open the TO page with the address or QR code the venue printed in its terminal."),
                },
            )
            title = _("This page is for the TO")
        del request
        return self.venue.framed(None, title, content, watch="", status=403)

    async def page(self, request: Request) -> Response:
        venue = self.venue
        token = request.query_params.get("token")
        if token is not None:
            address = client_address(request)
            if venue.guard.blocked_for(address) or not venue.guard.to_token_ok(token):
                venue.guard.failed(address)
                return self._forbidden(request)
            return venue.guard.keep_to(RedirectResponse("/to", status_code=303))
        if not venue.guard.is_to(request):
            return self._forbidden(request)
        session = venue.guard.session(request)
        notice, problem = self.notes.get(request.query_params.get("note", ""), ("", ""))
        open_roster = request.query_params.get("open") == "roster"

        def draw() -> tuple[str, str, LiveEvent | None]:
            now = venue.now()
            events = [
                replace(event_overview(venue.desk, live, now), entries=entries_overview(venue.entries, live))
                for live in venue.events.all()
            ]
            content = venue.draw(
                "venue_to.html.j2",
                {
                    "events": events,
                    "mode": venue.desk.mode,
                    "modes": ACCEPT_MODES,
                    "register_mode": venue.entries.mode,
                    "open_roster": open_roster,
                    "csrf": venue.guard.csrf(session, to=True),
                    "notice": notice,
                    "problem": problem,
                    "key": new_token(),
                    "notes": venue.notes,
                    "clock_actions": CLOCK_ACTIONS,
                },
            )
            first = events[0].live if events else None
            return _("TO desk"), content, first

        title, content, first = await venue.run(draw)
        return venue.guard.keep(venue.framed(first, title, content, watch="inbox"), session)

    async def act(self, request: Request) -> Response:
        venue = self.venue
        if not venue.guard.is_to(request):
            return self._forbidden(request)
        session = venue.guard.session(request)
        try:
            form = await read_form(request)
        except FormTooLarge:
            form = {}
        if not venue.guard.form_ok(request, session, form, to=True):
            with venue.speaking():
                return self._back(problem=_("This form has expired. Reload the page and send it again."))
        action = request.path_params["action"]
        try:
            said = await venue.run(self._do, action, form)
        except (Refused, IngestError) as exc:
            text = exc.text if isinstance(exc, IngestError) else str(exc)
            return self._back(problem=text)
        return self._back(said=said, roster=action == "check-in")

    def _do(self, action: str, form: dict[str, str]) -> str:
        """One of the TO's actions; returns what to tell the TO."""
        venue = self.venue
        desk = venue.desk
        if action in ("accept", "replace", "reject"):
            sid = number(form.get("id")) or 0
            if action == "reject":
                desk.reject(sid)
                return _("Result %(id)s rejected.") % {"id": sid}
            desk.accept(sid, replace=action == "replace", key=form.get("key") or new_token())
            return _("Result %(id)s accepted.") % {"id": sid}
        if action == "mode":
            mode = form.get("mode", "")
            if mode not in ACCEPT_MODES:
                raise Refused(_("Choose how results are accepted."))
            desk.set_mode(mode)
            return (
                _("Results both players agree on are now accepted at once.")
                if mode == "agreed"
                else _("Every result now waits for you to accept it.")
            )
        if action in ("approve", "refuse", "register-mode"):
            return self._registration(action, form)
        live = venue.events.get(form.get("slug", ""))
        if live is None:
            raise Refused(_("This venue does not run that event."))
        if action == "clock":
            what = form.get("clock", "")
            minutes = number(form.get("minutes")) or 0
            if what not in CLOCK_ACTIONS:
                raise Refused(_("Choose what to do with the clock."))
            said = change_clock(venue.project, live.path, what, now=venue.now(), minutes=minutes)
        elif action == "pair":
            start = started_now(venue.now()) if form.get("start") else ""
            said = pair_next(venue.project, live.path, start=start)
        elif action == "check-in":
            said = check_in_now(venue.project, live.path, form.get("player", ""))
        elif action == "result":
            table = live.table(form.get("subject", ""))
            if table is None:
                raise Refused(_("That table is not in the event file."))
            desk.to_result(live, table, form, key=form.get("key") or new_token())
            said = _("Result for %(round)s, table %(table)s sent to the event file.") % {
                "round": table.label,
                "table": table.table or "?",
            }
        else:
            raise Refused(_("Unknown action."))
        venue.request_rebuild()
        return said

    def _registration(self, action: str, form: dict[str, str]) -> str:
        """The TO approves or refuses a registration, or says how registrations are taken."""
        entries = self.venue.entries
        if action == "register-mode":
            mode = form.get("register", "")
            if mode not in REGISTER_MODES:
                raise Refused(_("Choose how registrations are taken."))
            entries.set_mode(mode)
            return (
                _("Registrations are now written into the event file as they arrive.")
                if mode == "at-once"
                else _("Every registration now waits for you to approve it.")
            )
        sid = int(form["id"]) if form.get("id", "").isdigit() else 0
        if action == "approve":
            sub = entries.approve(sid)
            return _("Registration of %(player)s approved.") % {"player": sub.payload.get("name", "?")}
        sub = entries.refuse(sid, form.get("reason", ""))
        return _("Registration of %(player)s refused.") % {"player": sub.payload.get("name", "?")}

    async def table_form(self, request: Request) -> Response:
        """The TO enters a table's result (a dispute decided otherwise, a slip brought to the desk)."""
        venue = self.venue
        if not venue.guard.is_to(request):
            return self._forbidden(request)
        session = venue.guard.session(request)
        live = venue.events.get(request.path_params["slug"])
        table = live.table(request.path_params["subject"]) if live is not None else None
        if live is None or table is None or live.event is None:
            return RedirectResponse("/to", status_code=303)
        event = live.event

        def draw() -> tuple[str, str]:
            content = venue.draw(
                "venue_report.html.j2",
                {
                    "mode": "to",
                    "event_name": live.name,
                    "table": table,
                    "me": table.sides[0],
                    "error": "",
                    "key": new_token(),
                    "csrf": venue.guard.csrf(session, to=True),
                    "slug": live.slug,
                    "choices": form_of(event).choices(event, table, table.sides[0], full=True),
                    "status": None,
                    "recorded": form_of(event).describe(table, table.recorded) if table.recorded is not None else "",
                },
            )
            return _("Enter a result"), content

        title, content = await venue.run(draw)
        return venue.guard.keep(venue.framed(live, title, content, watch=""), session)

    async def print_round(self, request: Request) -> Response:
        """The round being played as printed for the venue: the wall sheet (with a QR code to the
        event's live page) and a result slip per table, each with its code and a QR code to
        its report form. For the TO only: the slips' codes are what lets a player report."""
        venue = self.venue
        if not venue.guard.is_to(request):
            return self._forbidden(request)
        live = venue.events.get(request.path_params["slug"])
        if live is None or live.event is None:
            return RedirectResponse("/to", status_code=303)

        def draw() -> tuple[str, str]:
            from ingest.venue.slips import printed_with_codes

            printed = printed_with_codes(live, venue.project, venue.address)
            qr_event = qr_code(venue.event_url(live), "sk-qr-event")
            content = venue.draw("venue_print.html.j2", {"e": live.event, "printed": printed, "qr_event": qr_event})
            return _("Print the round"), content

        title, content = await venue.run(draw)
        return venue.framed(live, title, content, watch="")

    async def screen(self, request: Request) -> Response:
        """The projector: the round's clock, everyone's table by name, and how to join (no codes)."""
        venue = self.venue
        wanted = request.query_params.get("event", "")
        events = venue.events.all()
        live = next((e for e in events if e.slug == wanted), events[0] if events else None)
        if live is None:
            return RedirectResponse("/", status_code=303)

        def draw() -> str:
            view = screen_view(live, venue.now())
            join = qr_code(venue.join_url(live), "sk-qr-join")
            context: dict[str, Any] = {
                "live": view.live,
                "label": view.label,
                "lines": view.lines,
                "clock": view.clock,
                "join": join,
                "join_url": venue.join_url(live),
                "now": venue.millis(),
                "lang": venue.language,
            }
            return venue.draw("venue_screen.html.j2", context)

        body = await venue.run(draw)
        return HTMLResponse(body, headers=NO_STORE)
