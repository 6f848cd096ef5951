"""A player's own decklist at the venue (``/deck``), and the TO's view of everyone's (``/to/decks/<event>``).

A player opens "my decklist" with their player code (:meth:`~ingest.venue.codes.VenueKeys.player_code`:
typed at ``/deck``, or the address ``/deck/<code>`` it opens), pastes their list as their deck
program exports it, and sends it. What was sent is stored in the venue's database before
anything else happens (kind ``decklist``, subject ``players/<id>``), then handed in through the
same function as ``scorekeeper submit-deck`` (:func:`ingest.edit.deck_submission.submit_deck`):
the page comes back with the verdict in the site's language, the list still in the box to fix
and send again, until the deadline; then the page says the list is locked and offers no box.
The stored submission is settled with what came of it (``accepted`` and written, or
``rejected`` with the reasons) in one transaction.

Wrong codes count against the phone's address as on the report form; forms carry the
session's CSRF token and an idempotency key (a form sent twice is handed in once, and the
second answer is the first one's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ingest.core.errors import IngestError
from ingest.core.model import Player
from ingest.decks.card_files import card_data
from ingest.edit.deck_submission import MAX_LIST_CHARACTERS, Accepted, TooLate, deadline_passed, submit_deck
from ingest.site.i18n import gettext as _
from ingest.site.submission_words import OutcomeWords, deadline_words, outcome_words
from ingest.venue.codes import new_token, read_code, same, shown_code
from ingest.venue.context import Venue
from ingest.venue.deck_view import deck_overview, list_on_file
from ingest.venue.events import LiveEvent
from ingest.venue.guard import FormTooLarge, Session, client_address, read_form
from ingest.venue.store import NewSubmission

KIND = "decklist"
"""The stored submissions' kind."""
MAX_DECK_FORM = 9 * MAX_LIST_CHARACTERS + 4096
"""The largest deck form read, in bytes: the longest list, every character percent-encoded UTF-8."""

_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


@dataclass(frozen=True, slots=True)
class Owner:
    """Whose page a player code opens."""

    live: LiveEvent
    player: Player
    code: str


def find_player(venue: Venue, code: str) -> Owner | None:
    """The event and player ``code`` is the player code of (every code compared, in constant time)."""
    found: Owner | None = None
    for live in venue.events.all():
        if live.event is None:
            continue
        for player in live.event.players:
            if same(venue.guard.keys.player_code(live.slug, player.id), code) and found is None:
                found = Owner(live, player, code)
    return found


_COULD_NOT_WRITE = "could not be written"
"""The stored outcome of a list the event file could not take (the page words it)."""


def _stored_words(state: str, outcome: str) -> OutcomeWords:
    """What the player was told about a stored submission (its outcome: the headline, then
    each problem, one per line, in the site's language when it was handed in)."""
    if state == "pending":
        return OutcomeWords(
            "refused", _("Your list could not be written into the event file; show this page to the TO.")
        )
    headline, *problems = outcome.split("\n")
    return OutcomeWords("accepted" if state == "accepted" else "refused", headline, tuple(problems))


class DeckPages:
    """The handlers of ``/deck`` and ``/to/decks``."""

    def __init__(self, venue: Venue) -> None:
        self.venue = venue

    def routes(self) -> list[Route]:
        return [
            Route("/deck", self.entry, methods=["GET"]),
            Route("/deck", self.enter, methods=["POST"]),
            Route("/deck/{code}", self.page, methods=["GET"]),
            Route("/deck/{code}", self.send, methods=["POST"]),
            Route("/to/decks/{slug}", self.to_page, methods=["GET"]),
        ]

    # -- drawing ---------------------------------------------------------------------------------

    def _draw(self, session: Session, live: LiveEvent | None, context: dict[str, Any], status: int = 200) -> Response:
        venue = self.venue
        with venue.speaking():
            title = _("My decklist")
            content = venue.draw("venue_deck.html.j2", {"csrf": venue.guard.csrf(session), **context})
        return venue.guard.keep(venue.framed(live, title, content, watch="", status=status), session)

    def _code_page(self, session: Session, error: str = "", code: str = "", status: int = 200) -> Response:
        return self._draw(session, None, {"mode": "code", "error": error, "code": code}, status)

    def _player_context(self, owner: Owner, words: OutcomeWords | None = None) -> dict[str, Any]:
        """The page of a player: what came of the last list they sent (until lists lock), their
        list as the event holds it, the deadline, and the box (or the lock)."""
        venue = self.venue
        live, player = owner.live, owner.player
        assert live.event is not None
        event = live.event
        locked = deadline_passed(event, venue.now().astimezone())
        on_file = list_on_file(venue.project, live, player)
        sent = venue.store.about(live.slug, f"players/{player.id}", KIND)
        last = sent[-1] if sent else None
        if words is None and last is not None and not locked:
            words = _stored_words(last.state, last.outcome)
        text = str(last.payload.get("text", "")) if last is not None else (on_file.text if on_file else "")
        return {
            "mode": "player",
            "event_name": live.name,
            "player": player,
            "names": live.names,
            "code": owner.code,
            "shown_code": shown_code(owner.code),
            "locked": locked,
            "deadline": deadline_words(event.structure.decklist_deadline),
            "late": outcome_words(TooLate(player.id, event.structure.decklist_deadline)).headline if locked else "",
            "on_file": on_file,
            "text": text,
            "words": words,
            "key": new_token(),
            "limit": MAX_LIST_CHARACTERS,
            "live_url": f"/events/{live.slug}/",
        }

    # -- the player ------------------------------------------------------------------------------

    async def _lookup(self, request: Request, session: Session, typed: str) -> Owner | Response:
        venue = self.venue
        address = client_address(request)
        with venue.speaking():
            wait = venue.guard.blocked_for(address)
            if wait:
                minutes = max(1, round(wait / 60))
                message = _("Too many wrong codes from this phone. Wait %(minutes)s minutes, or ask the TO.") % {
                    "minutes": minutes
                }
                return self._code_page(session, message, status=429)
            code = read_code(typed)
            found: Owner | None = await venue.run(find_player, venue, code) if code else None
            if found is None:
                venue.guard.failed(address)
                message = _(
                    "This is not a player code of this event. Check the code the TO gave you: eight letters "
                    "and digits, such as ABCD-2345."
                )
                return self._code_page(session, message, typed[:20], 404)
        return found

    async def entry(self, request: Request) -> Response:
        return self._code_page(self.venue.guard.session(request))

    async def enter(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        form = await self.venue.guard.posted(request, session)
        if form is None:
            return self._expired(session)
        found = await self._lookup(request, session, form.get("code", ""))
        if isinstance(found, Response):
            return found
        return RedirectResponse(f"/deck/{found.code}", status_code=303)

    async def page(self, request: Request) -> Response:
        session = self.venue.guard.session(request)
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        context = await self.venue.run(self._player_context, found)
        return self._draw(session, found.live, context)

    async def send(self, request: Request) -> Response:
        """Stores and hands in a list, then shows the player's page (``303``: a reload shows the
        page again, never sends the list again)."""
        venue = self.venue
        session = venue.guard.session(request)
        try:
            form = await read_form(request, limit=MAX_DECK_FORM)
        except FormTooLarge:
            form = None
        found = await self._lookup(request, session, request.path_params["code"])
        if isinstance(found, Response):
            return found
        if form is None:
            with venue.speaking():
                words = OutcomeWords(
                    "refused",
                    _("The list is longer than %(limit)s characters; paste only the list.")
                    % {"limit": MAX_LIST_CHARACTERS},
                )
            context = await venue.run(self._player_context, found, words)
            return self._draw(session, found.live, context, 413)
        if not venue.guard.form_ok(request, session, form) or not _KEY.match(form.get("key", "")):
            return self._expired(session)
        await venue.run(self._hand_in, found, form.get("list", ""), form["key"], session.id)
        return venue.guard.keep(RedirectResponse(f"/deck/{found.code}", status_code=303), session)

    def _hand_in(self, owner: Owner, text: str, key: str, device: str) -> None:
        """Stores what was sent, hands it in, and settles the stored submission with what the
        player is told (a form sent again is handed in once: the stored one stands)."""
        venue = self.venue
        live, player = owner.live, owner.player
        subject = f"players/{player.id}"
        stored, fresh = venue.store.submit(
            NewSubmission(key, KIND, live.slug, subject, str(player.id), "submit", {"text": text}, device)
        )
        if not fresh and stored.state != "pending":
            return
        try:
            outcome = submit_deck(
                live.path,
                venue.project,
                str(player.id),
                str(stored.payload.get("text", "")),
                now=venue.now().astimezone(),
                data=venue.events.data(),
                card_data=card_data(venue.project)[0],
                read_before=venue.events.read_before(live.path),
            )
        except IngestError as exc:  # the event file cannot be edited now: the TO must see to it
            print(f"venue: {player.id}'s decklist could not be written: {exc.text}", flush=True)
            venue.store.settle(stored.id, "pending", _COULD_NOT_WRITE)
            return
        words = outcome_words(outcome)
        said = "\n".join((words.headline, *words.problems))
        venue.store.settle(stored.id, "accepted" if isinstance(outcome, Accepted) else "rejected", said)
        if isinstance(outcome, Accepted):
            venue.request_rebuild()

    def _expired(self, session: Session) -> Response:
        with self.venue.speaking():
            message = _("This form has expired. Reload the page and send it again.")
        return self._code_page(session, message, status=403)

    # -- the TO ----------------------------------------------------------------------------------

    async def to_page(self, request: Request) -> Response:
        venue = self.venue
        if not venue.guard.is_to(request):
            return RedirectResponse("/to", status_code=303)
        live = venue.events.get(request.path_params["slug"])
        if live is None or live.event is None:
            return Response(status_code=404)
        session = venue.guard.session(request)

        def draw() -> str:
            view = deck_overview(venue, live, KIND)
            return venue.draw("venue_decks_to.html.j2", view)

        content = await venue.run(draw)
        with venue.speaking():
            title = _("Decklists")
        return venue.guard.keep(venue.framed(live, title, content, watch="inbox"), session)
