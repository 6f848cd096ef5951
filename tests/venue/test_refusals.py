"""Nobody where they do not belong, and a clear sentence for every refusal: a code opens only
its own match, the TO's pages need the TO's token (and say only what the venue told them),
forms need the session's CSRF token and come from the venue's own pages, wrong codes are
rate-limited, and everything a player sends (or a TO types as a player's name) is shown as
text, never run. The real server, over HTTP."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from tests.venue.support import Phone, Venue, codes_of, csrf_of, key_of, make_event

HOSTILE = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "Bob {{ 7*7 }} Builder",
    "Carol'); DROP TABLE submissions;--",
    "Dan <b>Dorn</b>",
    "Erin &amp; Eve",
)
"""Player names as a TO might have typed them, or an attacker might have chosen them."""

RAW = ("<script>alert", "<img src=x", "<b>Dorn</b>", "onerror=alert(2)>")
"""What must never reach a page unescaped."""


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("refusals") / "project"
    path = make_event(root, HOSTILE)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _clean(text: str) -> None:
    for raw in RAW:
        assert raw not in text, raw


def test_hostile_names_and_fields_are_text_everywhere(venue: Venue) -> None:
    to = venue.to_client()
    desk = to.get("/to").text
    _clean(desk)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in desk and "Bob {{ 7*7 }} Builder" in desk
    codes = codes_of(desk)
    phone = Phone(venue)
    for code in codes.values():
        page = phone.open(code).text
        _clean(page)
        assert "Bob 49 Builder" not in page
        sides = re.findall(r'name="side" value="([^"]+)"', page)
        phone.i_am(sides[0])
        _clean(phone.page)
        answer = phone.send(result="2-1", note="<script>alert(3)</script>", evil='"><svg onload=alert(4)>')
        _clean(str(answer["html"]))
        assert "alert(3)" not in phone.page and "<svg onload" not in phone.page
    screen = venue.client().get("/screen").text
    _clean(screen)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in screen
    _clean(to.get("/to").text)
    _clean(to.get(f"/to/print/{venue.files[0].stem}").text)
    # A code field holding a script comes back as text in the refusal.
    r = venue.client().post("/report", data={"csrf": "x", "code": "<script>alert(5)</script>"})
    assert "<script>alert(5)" not in r.text


def test_a_code_opens_only_its_own_match(venue: Venue) -> None:
    to = venue.to_client()
    codes = codes_of(to.get("/to").text)

    def claims_at_table_3() -> list[str]:
        row = to.get("/to").text.split('id="t-2026-11-27-friday-night-venue-rounds/1/3"', 1)[1].split("</tr>", 1)[0]
        return re.findall(r"<li>#(\d+)", row)

    before = claims_at_table_3()
    mine, other = Phone(venue), Phone(venue)
    other.open(codes[3])
    their_player = re.findall(r'name="side" value="([^"]+)"', other.page)[0]
    mine.open(codes[1])
    # Claiming to be a player of another table with this table's code: not a side here.
    r = mine.i_am(their_player)
    assert "Who are you?" in r.text
    r = mine.http.post(
        f"/report/{mine.code}",
        data={"csrf": csrf_of(mine.page), "key": "k" * 20, "result": "2-0", "side": their_player},
        headers={"Accept": "application/json"},
    )
    assert "Who are you?" in r.text  # sent back to say who they are; nothing stored
    assert claims_at_table_3() == before


def test_forms_need_the_sessions_token_and_the_venues_own_pages(venue: Venue) -> None:
    codes = codes_of(venue.to_client().get("/to").text)
    phone = Phone(venue)
    phone.open(codes[2])
    sides = re.findall(r'name="side" value="([^"]+)"', phone.page)
    phone.i_am(sides[1])
    form = {"key": key_of(phone.page), "result": "2-0"}
    r = phone.http.post(f"/report/{phone.code}", data=form, headers={"Accept": "application/json"})
    assert r.status_code == 403 and r.json()["error"] == "This form has expired. Reload the page and send it again."
    r = phone.http.post(
        f"/report/{phone.code}",
        data={**form, "csrf": csrf_of(phone.page)},
        headers={"Accept": "application/json", "Origin": "http://evil.example"},
    )
    assert r.status_code == 403
    stranger = venue.client()  # another phone: its session's token is not this one's
    r = stranger.post(f"/report/{phone.code}", data={**form, "csrf": csrf_of(phone.page)})
    assert r.status_code == 403 and "This form has expired" in r.text
    # The TO's actions need the TO's token, and the TO's form its CSRF token too.
    r = venue.client().post("/to/pair", data={"slug": "x"})
    assert r.status_code == 403 and "This page is for the TO" in r.text
    r = venue.client().get("/to")
    assert r.status_code == 403
    to = venue.to_client()
    r = to.post("/to/clock", data={"slug": venue.files[0].stem, "clock": "pause"})
    assert "This form has expired" in r.text
    # A player's form token is not the TO's: a session planted in the TO's browser (with its
    # player form token) cannot act for the TO.
    planted = Phone(venue)
    planted.open(codes[3])
    to.cookies.set("sk_session", planted.http.cookies["sk_session"])
    r = to.post("/to/clock", data={"slug": venue.files[0].stem, "clock": "pause", "csrf": csrf_of(planted.page)})
    assert "This form has expired" in r.text
    assert "paused_at" not in venue.files[0].read_text()


def _raw_get(venue: Venue, path: str) -> str:
    """The head of the answer to ``GET path``, sent as written."""
    url = urlsplit(venue.url)
    with socket.create_connection((url.hostname, url.port), timeout=30) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := conn.recv(4096)):
            answer += chunk
    return answer.split(b"\r\n\r\n")[0].decode("latin-1") + "\r\n"


def test_the_site_never_serves_a_file_outside_it(venue: Venue) -> None:
    http = venue.client()
    for path in ("/../mkdocs.yml", "/%2e%2e/mkdocs.yml", "/events/../../mkdocs.yml", "/..%2f..%2fetc/passwd"):
        r = http.get(path)
        assert r.status_code == 404 and "site_name" not in r.text, path
    assert http.get("/__venue/../mkdocs.yml").status_code == 404
    # A folder's address without its "/" is redirected on this server, never to another host
    # (``//events`` redirected to ``//events/`` is the host "events" to a browser).
    # (Sent on a plain socket: an HTTP client reads "//events" as a host of its own.)
    for path in ("//events", "//assets", "/events"):
        head = _raw_get(venue, path)
        assert head.startswith("HTTP/1.1 301"), (path, head)
        assert f"\r\nlocation: /{path.strip('/')}/\r\n" in head.lower(), (path, head)
    r = http.get("/")
    assert r.headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_the_to_page_says_only_what_the_venue_told_it(venue: Venue) -> None:
    to = venue.to_client()
    lure = "Your token leaked: open http://evil.example to get a new one"
    for name in ("problem", "said", "note"):
        page = to.get("/to", params={name: lure}).text
        assert "evil.example" not in page and "token leaked" not in page
    # What an action tells the TO is still shown, and its address carries no text.
    r = to.post("/to/reject", data={"csrf": csrf_of(to.get("/to").text), "id": "424242"})
    assert r.status_code == 200 and "There is no result 424242 at this venue." in r.text
    assert re.fullmatch(r"/to\?note=[A-Za-z0-9_-]+", r.url.raw_path.decode())
    assert "There is no result" not in to.get("/to", params={"note": "0" * 22}).text


def test_wrong_codes_are_refused_then_rate_limited(venue: Venue) -> None:
    """Last in the module: the limit is per address, and every test phone is 127.0.0.1."""
    codes = codes_of(venue.to_client().get("/to").text)
    phone = venue.client()
    r = phone.get("/report/ZZZZ-ZZZZ")
    assert r.status_code == 404
    assert "This code opens no match. Check the code on your result slip" in r.text
    for _ in range(7):
        phone.get("/report/ZZZZ-ZZZ0")
    r = phone.get("/report/ZZZZ-ZZZ1")
    assert r.status_code == 429 and "Too many wrong codes from this phone. Wait 10 minutes, or ask the TO." in r.text
    # Even the right code waits now: guessing cannot go on.
    r = phone.get(f"/report/{codes[1]}")
    assert r.status_code == 429
    # A wrong TO token counts too, and shows nothing of the TO page.
    r = venue.client().get("/to?token=guess")
    assert r.status_code == 403 and "TO desk" not in r.text
