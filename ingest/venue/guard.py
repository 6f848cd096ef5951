"""Who may do what at the venue: sessions, the forms' CSRF tokens, the TO's token, the limit on
wrong codes, and the headers every answer carries.

- A phone's session is a random id in a cookie (``HttpOnly``, ``SameSite=Lax``), signed with
  the venue key so a made-up one is replaced. Every form carries the session's CSRF token
  (an HMAC of the session); a form posted without it, or from another site (its ``Origin``),
  is refused.
- The TO's token is printed in the terminal when the venue starts; opening ``/to?token=...``
  once puts it in a cookie (``SameSite=Strict``) on that device.
- Wrong codes (and wrong TO tokens) count per client address: :data:`ATTEMPTS` in
  :data:`WINDOW` seconds, then that address is refused until the window has passed;
  registrations likewise, :data:`REGISTRATIONS` in the window.
- A form's body is read up to :data:`MAX_FORM` bytes, as ``application/x-www-form-urlencoded``;
  nothing in it is ever used as a path or run.
"""

from __future__ import annotations

import collections
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request
from starlette.responses import Response

from ingest.venue.codes import VenueKeys, new_token, same

SESSION_COOKIE = "sk_session"
TO_COOKIE = "sk_to"
ATTEMPTS = 8
"""Wrong codes an address may send within :data:`WINDOW` seconds."""
WINDOW = 600.0
"""Seconds over which wrong codes are counted."""
REGISTRATIONS = 10
"""Registrations an address may send within :data:`WINDOW` seconds (a phone registers one
player, a parent a few; more is someone filling the roster with made-up names)."""
FORM_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
"""What a form's idempotency key looks like (anything else is not one of the venue's forms)."""
MAX_FORM = 16 * 1024
"""The largest form body read, in bytes."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'",
}
"""Headers on every answer: no framing (the TO page cannot be clicked through another site),
forms post only here, and a report address never leaves in a ``Referer``."""


class FormTooLarge(ValueError):
    """A form's body is larger than :data:`MAX_FORM`."""


async def read_form(request: Request, *, limit: int = MAX_FORM) -> dict[str, str]:
    """The fields of a urlencoded form (the first value of each), read up to ``limit`` bytes
    (:data:`MAX_FORM`; a decklist's form takes more).

    Raises:
        FormTooLarge: the body is larger.
    """
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise FormTooLarge("form too large")
    fields: dict[str, str] = {}
    for name, value in parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True):
        fields.setdefault(name, value)
    return fields


@dataclass(frozen=True, slots=True)
class Session:
    """A phone's (or the TO's device's) session."""

    id: str
    fresh: bool
    """Made by this request (its cookie is set on the answer)."""


class Guard:
    """Sessions, CSRF tokens, the TO's token and the limit on wrong codes."""

    def __init__(self, keys: VenueKeys, to_token: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.keys = keys
        self.to_token = to_token
        self.clock = clock
        self.lock = threading.Lock()
        self.failures: dict[str, collections.deque[float]] = {}
        self.registered: dict[str, collections.deque[float]] = {}

    # -- sessions and CSRF ---------------------------------------------------------------------

    def session(self, request: Request) -> Session:
        """The request's session, or a new one when it has none (or a cookie not made here)."""
        raw = request.cookies.get(SESSION_COOKIE, "")
        sid, _, check = raw.partition(".")
        if sid and check and same(check, self.keys.session_check(sid)):
            return Session(sid, False)
        return Session(new_token(), True)

    def keep(self, response: Response, session: Session) -> Response:
        """Sets the session's cookie on ``response`` when the session is new."""
        if session.fresh:
            response.set_cookie(
                SESSION_COOKIE,
                f"{session.id}.{self.keys.session_check(session.id)}",
                max_age=7 * 24 * 3600,
                httponly=True,
                samesite="lax",
                path="/",
            )
        return response

    def csrf(self, session: Session, *, to: bool = False) -> str:
        """The CSRF token of ``session``'s forms; ``to``: of the TO's forms, made with the TO's
        token too (a session cookie planted in the TO's browser yields no TO form token)."""
        return self.keys.csrf_token(f"{session.id}\x1fto\x1f{self.to_token}" if to else session.id)

    def form_ok(self, request: Request, session: Session, form: Mapping[str, str], *, to: bool = False) -> bool:
        """Whether a posted form is the venue's own: sent from a page of this server (its
        ``Origin``, when the browser gives one) with the session's CSRF token (the TO's form
        token with ``to``)."""
        origin = request.headers.get("origin")
        if origin and origin != "null":
            host = request.headers.get("host", "")
            if urlsplit(origin).netloc != host:
                return False
        token = form.get("csrf", "")
        return not session.fresh and bool(token) and same(token, self.csrf(session, to=to))

    async def posted(
        self, request: Request, session: Session, *, to: bool = False, keyed: bool = False
    ) -> dict[str, str] | None:
        """The posted form if it is the venue's own (:meth:`form_ok`; with ``keyed``, its
        idempotency key well formed), or None: too large, expired, or not from this server."""
        try:
            form = await read_form(request)
        except FormTooLarge:
            return None
        if not self.form_ok(request, session, form, to=to):
            return None
        if keyed and not FORM_KEY.match(form.get("key", "")):
            return None
        return form

    # -- the TO ---------------------------------------------------------------------------------

    def is_to(self, request: Request) -> bool:
        """Whether the request carries the TO's token (its cookie)."""
        return same(request.cookies.get(TO_COOKIE, ""), self.to_token)

    def to_token_ok(self, given: str) -> bool:
        return same(given, self.to_token)

    def keep_to(self, response: Response) -> Response:
        response.set_cookie(TO_COOKIE, self.to_token, max_age=24 * 3600, httponly=True, samesite="strict", path="/")
        return response

    # -- wrong codes ----------------------------------------------------------------------------

    def _recent(
        self, address: str, counts: dict[str, collections.deque[float]] | None = None
    ) -> collections.deque[float]:
        now = self.clock()
        found = (self.failures if counts is None else counts).setdefault(address, collections.deque())
        while found and now - found[0] > WINDOW:
            found.popleft()
        return found

    def blocked_for(self, address: str) -> float:
        """Seconds until ``address`` may try a code again (0: it may now)."""
        with self.lock:
            found = self._recent(address)
            if len(found) < ATTEMPTS:
                return 0.0
            return max(0.0, WINDOW - (self.clock() - found[0]))

    def failed(self, address: str) -> None:
        """Counts a wrong code (or TO token) from ``address``."""
        with self.lock:
            self._recent(address).append(self.clock())

    # -- registrations --------------------------------------------------------------------------

    def may_register(self, address: str) -> bool:
        """Whether ``address`` may send another registration now (and counts it if so)."""
        with self.lock:
            found = self._recent(address, self.registered)
            if len(found) >= REGISTRATIONS:
                return False
            found.append(self.clock())
            return True


_NUMBER = re.compile(r"[0-9]{1,9}")
"""A number a phone or the TO's page sends: ASCII digits (``str.isdigit`` takes "²", which
``int`` refuses), at most nine (far below SQLite's largest integer)."""


def number(text: str | None) -> int | None:
    """The number ``text`` is, or None when it is not one (see :data:`_NUMBER`)."""
    if text is None or not _NUMBER.fullmatch(text):
        return None
    return int(text)


def client_address(request: Request) -> str:
    """The address a request came from (the phone's on the venue's network)."""
    return request.client.host if request.client is not None else "?"
