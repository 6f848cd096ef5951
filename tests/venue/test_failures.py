"""A request that fails is one line in the TO's terminal and a sentence on the phone, never a
traceback a phone can print there as often as it likes; and what phones (or the TO's page)
send as numbers never fails the server: "²" is a digit to ``str.isdigit`` but not a number
to ``int``, and twenty digits overflow SQLite's integers."""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ingest.venue.app import Failures
from ingest.venue.guard import number
from tests.venue.support import Phone, Venue, codes_of, csrf_of, make_event


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("failures") / "project"
    path = make_event(root)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def test_numbers_are_ascii_digits_that_fit() -> None:
    assert [number(t) for t in ("0", "7", "123456789")] == [0, 7, 123456789]
    assert [number(t) for t in ("²", "٣", "1234567890", "-1", " 1", "1.0", "", None)] == [None] * 8


def test_what_phones_send_never_fails_the_server(venue: Venue) -> None:
    where = urlsplit(venue.url)
    with socket.create_connection((where.hostname or "127.0.0.1", where.port or 80), timeout=30) as sock:
        sock.sendall(b"GET /__venue/events?inbox=%C2%B2 HTTP/1.1\r\nHost: venue\r\n\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")
    # The status of a table, asked by a phone that has not said who it is: nothing to say yet.
    to = venue.to_client()
    desk = to.get("/to").text
    phone = Phone(venue)
    phone.open(codes_of(desk)[1])
    r = phone.http.get(f"/report/{phone.code}/status")
    assert r.status_code == 200
    assert (r.json()["html"].strip(), r.json()["state"], r.json()["form"]) == ("", None, "")
    # The TO's actions with numbers that are not numbers, or too large for the database.
    csrf = csrf_of(desk)
    for action, form, told in (
        ("accept", {"id": "²"}, "There is no result 0"),
        ("reject", {"id": "99999999999999999999"}, "There is no result 0"),
        ("replace", {"id": "-1"}, "There is no result 0"),
        ("clock", {"slug": venue.files[0].stem, "clock": "extend", "minutes": "²"}, "1 to 120 minutes, not 0"),
    ):
        r = to.post(f"/to/{action}", data={"csrf": csrf, **form})
        assert r.status_code == 200 and told in r.text, (action, r.status_code, r.text[:300])
    said = "\n".join(venue.said)
    assert "Traceback" not in said and "failed" not in said


class _Pages:
    """What :class:`Failures` asks of the venue: its message page, drawn in its language."""

    def speaking(self) -> object:
        import contextlib

        return contextlib.nullcontext()

    def draw(self, name: str, context: dict[str, str]) -> str:
        assert name == "venue_message.html.j2"
        return f"<h1>{context['title']}</h1><p>{context['message']}</p>"

    def framed(self, live: object, title: str, content: str, *, watch: str, status: int) -> Response:
        del live, watch
        return Response(f"<title>{title}</title>{content}", status_code=status, media_type="text/html")


def test_a_failing_request_is_one_line_and_a_sentence() -> None:
    def failing(request: Request) -> Response:
        raise ValueError(f"invalid literal for int() with base 10: {request.query_params['n']!r}\x1b[2J")

    lines: list[str] = []
    failures = Middleware(Failures, venue=_Pages(), log=lines.append)  # type: ignore[arg-type]  # as make_app puts it
    app = Starlette(routes=[Route("/report/{code}/status", failing)], middleware=[failures])

    async def ask() -> httpx.Response:
        # The transport raises what would reach the server (and its traceback in the terminal).
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://venue") as client:
            return await client.get("/report/ABCD2345/status?token=secret&n=%C2%B2")

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (the browser tests keep one)
        r = pool.submit(asyncio.run, ask()).result()
    assert r.status_code == 500
    assert "The venue could not answer this. Go back and try again; if it happens again, tell the TO." in r.text
    assert len(lines) == 1
    assert lines[0].startswith("venue: GET /report/ABCD2345/status failed: ValueError: invalid literal")
    assert "secret" not in lines[0] and "\x1b" not in lines[0] and "\n" not in lines[0]
