"""One phone cannot make the venue unreachable: a connection that never finishes its request
is closed, and so is one whose headers grow past the limit; live streams are limited per
phone (by its session, and by its address) while other phones are still served. The real
server, over plain sockets."""

from __future__ import annotations

import re
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ingest.venue.connections import (
    CONNECTIONS,
    HEAD_SECONDS,
    MAX_HEAD,
    RESERVED_FILES,
    connection_limit,
    per_address,
    quiet_accept_errors,
)
from ingest.venue.live import STREAMS_PER_SESSION
from tests.venue.support import Phone, Venue, make_event


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("limits") / "project"
    path = make_event(root)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _connect(venue: Venue, source: str = "127.0.0.1") -> socket.socket:
    """A plain TCP connection to the venue from ``source`` (any 127.x.y.z is this computer)."""
    where = urlsplit(venue.url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.connect((where.hostname or "127.0.0.1", where.port or 80))
    return sock


def _stream(venue: Venue, source: str, cookie: str = "") -> tuple[socket.socket, int]:
    """Opens the live stream from ``source``; returns the connection and the answer's status."""
    sock = _connect(venue, source)
    extra = f"Cookie: {cookie}\r\n" if cookie else ""
    sock.sendall(f"GET /__venue/events?page=%2F HTTP/1.1\r\nHost: venue\r\n{extra}\r\n".encode())
    sock.settimeout(30)
    head = b""
    while b"\r\n" not in head:
        got = sock.recv(4096)
        assert got, "the venue closed the stream"
        head += got
    return sock, int(head.split(b" ", 2)[1])


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the venue closes ``sock`` within ``seconds`` (what it answers is read away)."""
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not sock.recv(65536):
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return False


def test_a_request_sent_by_halves_is_closed(venue: Venue) -> None:
    silent = _connect(venue)
    half = _connect(venue)
    half.sendall(b"GET /events/ HT")
    headers = _connect(venue)
    headers.sendall(b"GET / HTTP/1.1\r\nHost: venue\r\nX-Slow: 1\r\n")
    for sock in (silent, half, headers):
        assert _closed_within(sock, HEAD_SECONDS + 10)
        sock.close()
    # A whole request on a connection is answered, and a next one sent by halves is closed too.
    sock = _connect(venue)
    sock.sendall(b"GET /__venue/version HTTP/1.1\r\nHost: venue\r\n\r\n")
    sock.settimeout(10)
    assert sock.recv(4096).startswith(b"HTTP/1.1 200")
    sock.sendall(b"GET /__venue/version HTTP/1.1\r\nHost")
    assert _closed_within(sock, HEAD_SECONDS + 10)
    sock.close()


def test_headers_past_the_limit_are_refused(venue: Venue) -> None:
    sock = _connect(venue)
    filler = b"X-Filler: " + b"a" * 1000 + b"\r\n"
    sock.sendall(b"GET / HTTP/1.1\r\nHost: venue\r\n" + filler * (2 * MAX_HEAD // len(filler)))
    sock.settimeout(10)
    assert sock.recv(4096).startswith(b"HTTP/1.1 400")
    assert _closed_within(sock, 10)
    sock.close()
    assert Phone(venue).http.get("/__venue/version").status_code == 200


def test_live_streams_are_limited_per_session(venue: Venue) -> None:
    # A phone with its session (a browser keeps the cookie) holds a few streams; its next is refused.
    phone = Phone(venue).http
    phone.get("/report")
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    assert "sk_session=" in cookie
    held = [_stream(venue, "127.0.0.2", cookie) for _ in range(STREAMS_PER_SESSION)]
    assert [status for _sock, status in held] == [200] * STREAMS_PER_SESSION
    refused, status = _stream(venue, "127.0.0.2", cookie)
    assert status == 429
    refused.close()
    # Another phone at the same address still gets its stream, and the phone its own once one ended.
    other, status = _stream(venue, "127.0.0.2")
    assert status == 200
    other.close()
    held.pop()[0].close()
    again: tuple[socket.socket, int] = (held[0][0], 0)
    for _ in range(50):  # the server notices the closed stream within moments
        again = _stream(venue, "127.0.0.2", cookie)
        if again[1] == 200:
            break
        again[0].close()
        time.sleep(0.1)
    assert again[1] == 200
    held.append(again)

    for sock, _status in held:
        sock.close()
    assert Phone(venue).http.get("/").status_code == 200


def test_one_address_holds_half_the_connections_at_most(venue: Venue) -> None:
    assert venue.process is not None
    limits = Path(f"/proc/{venue.process.pid}/limits").read_text(encoding="ascii")
    found = re.search(r"Max open files\s+(\d+)", limits)
    assert found
    most = per_address(connection_limit(int(found[1])))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < most + 256:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(most + 256, hard), hard))
    held = [_connect(venue, "127.0.0.6") for _ in range(most)]
    one_more = _connect(venue, "127.0.0.6")
    assert _closed_within(one_more, 5)  # at once, not after the headers' time
    sock, status = _stream(venue, "127.0.0.7")  # another phone is served
    assert status == 200
    for s in [*held, one_more, sock]:
        s.close()


def test_the_venue_may_open_as_many_files_as_the_system_allows() -> None:
    # In a process of its own: the limit stays raised for the rest of the process.
    script = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "from ingest.venue.connections import raise_open_files\n"
        "print(raise_open_files(), resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    told, now, hard = (int(x) for x in done.stdout.split())
    assert told == now == (hard if hard != resource.RLIM_INFINITY else 10240) > 256
    # uvicorn answers 503 before the files run out; never fewer than 300 phones need at rest.
    assert connection_limit(None) == CONNECTIONS >= 300 * 6
    assert connection_limit(1024) == 1024 - RESERVED_FILES
    assert connection_limit(100) == 64


def test_running_out_of_files_is_one_line_in_the_terminal_not_a_traceback_per_try() -> None:
    lines: list[str] = []
    passed: list[dict[str, object]] = []

    class Loop:
        def default_exception_handler(self, context: dict[str, object]) -> None:
            passed.append(context)

    handle = quiet_accept_errors(lines.append, every=3600)
    full = {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}
    for _ in range(1000):
        handle(Loop(), full)
    handle(Loop(), {"message": "something else"})
    assert lines == ["venue: the computer's limit of open files is reached; new connections wait until others close"]
    assert passed == [{"message": "something else"}]
