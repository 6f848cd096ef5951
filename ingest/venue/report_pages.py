"""The players' side of the venue: the report form (``/report``).

A player types the code of their result slip (or scans the slip's QR code, which opens
``/report/<code>``), says who they are ("I am Alice", remembered for the session, and at
the next tables of the event), and taps the result. Their opponent opens the same code on
their own phone and confirms it, or reports what they saw. The form never reloads itself:
it sends with the page's script (the same idempotency key on every retry) and updates its
status block in place as claims and decisions come in (:mod:`ingest.venue.phone`).
Without the script it still works, posting and showing the page again.

Every refusal is a sentence on the phone in the site's language: a wrong code, too many of
them, a round that is over, a result already recorded or accepted, a form that expired.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ingest.site.i18n import gettext as _
from ingest.venue.codes import new_token, read_code, shown_code
from ingest.venue.context import Venue
from ingest.venue.desk import Refused
from ingest.venue.entries import ENTRY
from ingest.venue.events import LiveEvent
from ingest.venue.guard import Session, client_address
from ingest.venue.phone import status_view
from ingest.venue.result_forms import form_of
from ingest.venue.tables import Side, Table


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


class ReportPages:
    """The handlers of ``/report``."""

    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def routes(self) -> list[Route]:
        return [
            Route("/report", self.entry, methods=["GET"]),
            Route("/report", self.enter, methods=["POST"]),
            Route("/report/{code}", self.match, methods=["GET"]),
            Route("/report/{code}", self.send, methods=["POST"]),
            Route("/report/{code}/me", self.choose, methods=["POST"]),
            Route("/report/{code}/status", self.status, methods=["GET"]),
        ]

    # -- pages ---------------------------------------------------------------------------------

    def _page(self, session: Session, live: LiveEvent | None, context: dict[str, Any], status: int = 200) -> Response:
        venue = self.venue
        with venue.speaking():
            title = _("Report a result")
            content = venue.draw("venue_report.html.j2", {"csrf": venue.guard.csrf(session), **context})
        return venue.guard.keep(venue.framed(live, title, content, watch="inbox", status=status), session)

    def _refusal(self, request: Request, session: Session, message: str, status: int, code: str = "") -> Response:
        if _wants_json(request):
            return self.venue.guard.keep(JSONResponse({"ok": False, "error": message}, status_code=status), session)
        return self._page(session, None, {"mode": "code", "error": message, "code": code}, status)

    async def entry(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        if not session.fresh:
            # A phone opened with a player's own code goes straight to that player's match.
            own = await self.venue.run(self._own_match, session)
            if own:
                return RedirectResponse(f"/report/{own}", status_code=303)
        return self._page(session, None, {"mode": "code", "error": "", "code": ""})

    def _own_match(self, session: Session) -> str:
        """The code of the match being played by the player whose own code opened this phone's
        entry (:meth:`ingest.venue.entries.Entries.remember`), or ``""``."""
        for live in self.venue.events.all():
            player = self.venue.store.side_of(session.id, live.slug, ENTRY)
            table = live.table_of(player) if player else None
            if table is not None:
                return live.code_of(table.subject)
        return ""

    async def enter(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        form = await self.venue.guard.posted(request, session)
        if form is None:
            return self._expired(request, session)
        found = await self._lookup(request, session, form.get("code", ""))
        if isinstance(found, Response):
            return found
        _live, _table, code = found
        return RedirectResponse(f"/report/{code}", status_code=303)

    async def _lookup(self, request: Request, session: Session, typed: str) -> tuple[LiveEvent, Table, str] | Response:
        """The event and table a typed code opens, or the refusal (a wrong code counts against the address)."""
        venue = self.venue
        address = client_address(request)
        wait = venue.guard.blocked_for(address)
        with venue.speaking():
            if wait:
                minutes = max(1, round(wait / 60))
                message = _("Too many wrong codes from this phone. Wait %(minutes)s minutes, or ask the TO.") % {
                    "minutes": minutes
                }
                return self._refusal(request, session, message, 429)
            code = read_code(typed)
            found = await venue.run(venue.events.find_code, code) if code else None
            if found is None:
                venue.guard.failed(address)
                message = _(
                    "This code opens no match. Check the code on your result slip: eight letters and digits, "
                    "such as ABCD-2345."
                )
                return self._refusal(request, session, message, 404, typed[:20])
        assert code is not None
        return found[0], found[1], code

    def _me(self, session: Session, live: LiveEvent, table: Table) -> Side | None:
        """Who this phone said it is at ``table`` (or at an earlier table of the event)."""
        store = self.venue.store
        chosen = store.side_of(session.id, live.slug, table.subject)
        if not chosen:
            earlier = store.sides_chosen(session.id, live.slug) & set(table.units)
            chosen = next(iter(earlier)) if len(earlier) == 1 else ""
        return table.side(chosen) if chosen else None

    def _match_context(
        self, session: Session, live: LiveEvent, table: Table, code: str, *, change: bool = False
    ) -> dict[str, Any]:
        venue = self.venue
        me = None if change else self._me(session, live, table)
        context: dict[str, Any] = {
            "mode": "match" if me is not None else "who",
            "event_name": live.name,
            "table": table,
            "code": code,
            "shown_code": shown_code(code),
            "me": me,
            "error": "",
            "key": new_token(),
            "live_url": f"/events/{live.slug}/",
            "csrf": venue.guard.csrf(session),
            "status": None,  # a phone that has not said who it is has no status yet
        }
        if me is not None and live.event is not None:
            form = form_of(live.event)
            state = venue.desk.state(table)
            context["table"] = state.table  # as the file is now
            context["status"] = status_view(form, state, me, venue.desk.mode)
            context["choices"] = form.choices(live.event, table, me)
        return context

    async def match(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        live, table, code = found
        change = request.query_params.get("change") == "1"
        context = await self.venue.run(self._match_context, session, live, table, code, change=change)
        return self._page(session, live, context)

    async def choose(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        form = await venue.guard.posted(request, session)
        if form is None:
            return self._expired(request, session)
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        live, table, code = found
        side = table.side(form.get("side", ""))
        if side is not None:
            await venue.run(venue.store.choose_side, session.id, live.slug, table.subject, side.id)
        return RedirectResponse(f"/report/{code}", status_code=303)

    async def send(self, request: Request) -> Response:
        venue = self.venue
        session = venue.guard.session(request)
        form = await venue.guard.posted(request, session, keyed=True)
        if form is None:
            return self._expired(request, session)
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        live, table, code = found
        me = await venue.run(self._me, session, live, table)
        if me is None:
            return RedirectResponse(f"/report/{code}", status_code=303)
        try:
            await venue.run(
                venue.desk.claim,
                live,
                table,
                me,
                form,
                key=form["key"],
                device=session.id,
                address=client_address(request),
            )
        except Refused as exc:
            error = str(exc)
        else:
            error = ""
        context = await venue.run(self._match_context, session, live, table, code)
        if _wants_json(request):
            return venue.guard.keep(JSONResponse(self._status_json(context, error)), session)
        if error:
            return self._page(session, live, {**context, "error": error}, 409)
        return RedirectResponse(f"/report/{code}", status_code=303)

    def _status_json(self, context: dict[str, Any], error: str = "") -> dict[str, Any]:
        with self.venue.speaking():
            html = self.venue.draw("venue_status.html.j2", context)
        status = context.get("status") or {}
        return {
            "ok": not error,
            "error": error,
            "key": context["key"],
            "state": status.get("state"),
            "html": html,
            "form": status.get("form") or "",
            "change": status.get("change") or "",
        }

    async def status(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        live, table, code = found
        context = await self.venue.run(self._match_context, session, live, table, code)
        return JSONResponse(self._status_json(context), headers={"Cache-Control": "no-store"})

    def _expired(self, request: Request, session: Session) -> Response:
        with self.venue.speaking():
            message = _("This form has expired. Reload the page and send it again.")
        return self._refusal(request, session, message, 403)
