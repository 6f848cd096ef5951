"""Players hand in their decklists at the venue (issue 35, point 2), over HTTP against the real
server: the player code opens only that player's page, an illegal list comes back with every
problem in the site's words and nothing written, a fixed one is taken and written into the
event, a form sent twice is handed in once, the TO page says who is in, missing or illegal, and
once round 1 is paired the page is locked with a sentence saying so."""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.builders import event_at, run_cli
from tests.venue.support import EVENT, Venue, csrf_of, key_of, make_event

SLUG = "2026-11-27-friday-night-venue"
LEGAL = "Deck\n4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Blood Moon\n"
ILLEGAL = "5 Lightning Bolt\n4 Hogaak, Arisen Necropolis\n10 Mountain\nlightning bolt x4\n"


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[Venue]:
    root = tmp_path / "project"
    path = make_event(root, pair=False)
    running = Venue(root, (path,), tmp_path / "data").start()
    yield running
    running.stop()


def player_codes(to_page: str) -> dict[str, str]:
    """Each player's code, as the TO's decklists page lists them (player id -> code)."""
    rows = re.findall(r'<tr id="deck-([^"]+)" data-status="[^"]+">\s*<td>[^<]*</td>\s*<td[^>]*>([0-9A-Z-]+)<', to_page)
    return dict(rows)


def statuses(to_page: str) -> dict[str, str]:
    return dict(re.findall(r'<tr id="deck-([^"]+)" data-status="([^"]+)">', to_page))


def _problems(page: str) -> list[str]:
    found = re.search(r'<ul class="sk-venue-problems">(.*?)</ul>', page, re.S)
    items = re.findall(r"<li>(.*?)</li>", found[1], re.S) if found else []
    return [html.unescape(re.sub(r"<[^>]+>", "", li)).strip() for li in items]


def _database(venue: Venue) -> sqlite3.Connection:
    (found,) = (venue.data / "scorekeeper" / "venue").glob("*.sqlite3")
    return sqlite3.connect(found)


def _send(phone: httpx.Client, code: str, text: str) -> httpx.Response:
    page = phone.get(f"/deck/{code}").text
    return phone.post(f"/deck/{code}", data={"csrf": csrf_of(page), "key": key_of(page), "list": text})


def test_a_player_hands_in_fixes_and_is_locked_out(venue: Venue) -> None:
    to = venue.to_client()
    desk = to.get(f"/to/decks/{SLUG}")
    assert desk.status_code == 200
    codes = player_codes(desk.text)
    assert set(codes) == {"alice-example", "bob-builder", "carol-chen", "dan-dorn", "erin-eve", "fay-fox"}
    assert set(statuses(desk.text).values()) == {"missing"}
    alice = codes["alice-example"]

    phone = venue.client()
    entry = phone.get("/deck")
    opened = phone.post("/deck", data={"csrf": csrf_of(entry.text), "code": alice.lower().replace("-", " ")})
    assert opened.status_code == 200 and str(opened.url).endswith(f"/deck/{alice.replace('-', '')}")
    assert "Alice Example" in opened.text and "Bob Builder" not in opened.text
    assert "You have not handed in a list yet." in opened.text
    assert "Decklists can be handed in until round 1 is paired." in opened.text

    refused = _send(phone, alice, ILLEGAL)
    assert refused.status_code == 200
    assert "Your list was not taken" in refused.text
    problems = _problems(refused.text)
    assert problems[0] == 'Line 4 cannot be read: "lightning bolt x4". Write one card per line as "4 Card Name".'
    assert '"Hogaak, Arisen Necropolis" is banned in Modern (MTR 6.4)' in problems
    assert len(problems) == 4  # the line, the deck size, the copies, the ban: every one
    assert "5 Lightning Bolt" in refused.text  # the list stays in the box, to fix
    assert event_at(venue.root / EVENT, venue.root).player_map()["alice-example"].deck is None

    accepted = _send(phone, alice, LEGAL)
    assert accepted.status_code == 200, accepted.text[:3000]
    assert "Your list was received: 60 cards and a sideboard of 2 cards, legal in Modern." in accepted.text
    deck = event_at(venue.root / EVENT, venue.root).player_map()["alice-example"].deck
    assert deck == "decks/2026-11-27-friday-night-venue/alice-example.txt"
    assert (venue.root / "events/2026" / deck).read_text() == LEGAL

    # Bob's try is refused; the TO page sorts who needs the TO first.
    bob = codes["bob-builder"]
    assert "Your list was not taken" in _send(venue.client(), bob, ILLEGAL).text
    states = statuses(to.get(f"/to/decks/{SLUG}").text)
    assert states["alice-example"] == "legal" and states["bob-builder"] == "refused"
    assert states["carol-chen"] == "missing"

    # Every list sent is in the venue's database, settled with what came of it.
    db = _database(venue)
    rows = db.execute("SELECT side, state FROM submissions WHERE kind = 'decklist' ORDER BY id").fetchall()
    assert rows == [("alice-example", "rejected"), ("alice-example", "accepted"), ("bob-builder", "rejected")]

    # Round 1 is paired: lists are locked, and the page says so.
    code, out = run_cli(venue.root, "pair", str(venue.root / EVENT))
    assert code == 0, out
    locked = phone.get(f"/deck/{alice}")
    assert "Decklists were locked when round 1 was paired; ask the TO to change your list." in locked.text
    assert 'name="list"' not in locked.text
    late = phone.post(f"/deck/{alice}", data={"csrf": csrf_of(opened.text), "key": "k" * 20, "list": ILLEGAL})
    assert late.status_code == 200 and "were locked when round 1 was paired" in late.text
    assert (venue.root / "events/2026" / deck).read_text() == LEGAL


def test_a_form_sent_twice_is_handed_in_once(venue: Venue) -> None:
    code = player_codes(venue.to_client().get(f"/to/decks/{SLUG}").text)["carol-chen"]
    phone = venue.client()
    page = phone.get(f"/deck/{code}").text
    data = {"csrf": csrf_of(page), "key": key_of(page), "list": LEGAL}
    first = phone.post(f"/deck/{code}", data=data)
    second = phone.post(f"/deck/{code}", data={**data, "list": ILLEGAL})
    assert first.status_code == second.status_code == 200
    assert "legal in Modern" in second.text
    db = _database(venue)
    assert db.execute("SELECT count(*) FROM submissions WHERE kind = 'decklist'").fetchone() == (1,)


def test_a_wrong_code_opens_nothing_and_is_limited(venue: Venue) -> None:
    phone = venue.client()
    for _ in range(8):
        assert phone.get("/deck/ABCD2345").status_code == 404
    blocked = phone.get("/deck/ABCD2345")
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.text
    # Everyone's codes are on the TO's page only.
    not_to = venue.client().get(f"/to/decks/{SLUG}")
    assert not_to.status_code == 403 and "This page is for the TO" in not_to.text


def test_a_post_without_the_forms_token_is_refused(venue: Venue) -> None:
    code = player_codes(venue.to_client().get(f"/to/decks/{SLUG}").text)["dan-dorn"]
    phone = venue.client()
    phone.get(f"/deck/{code}")
    refused = phone.post(f"/deck/{code}", data={"key": "k" * 20, "list": LEGAL})
    assert refused.status_code == 403 and "This form has expired" in refused.text
    assert event_at(venue.root / EVENT, venue.root).player_map()["dan-dorn"].deck is None


def test_a_list_on_file_is_worded_in_the_sites_language(tmp_path: Path) -> None:
    """A line of the list on file that cannot be read is quoted in Japanese on the player's page
    (the reader's English reason stays in the terminal), as every broken rule is."""
    root = tmp_path / "project"
    path = make_event(root, pair=False)
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: en", "language: ja"), encoding="utf-8")
    decks = path.parent / "decks"
    decks.mkdir()
    (decks / "alice.txt").write_text("4 Lightning Bolt [foil: yes]\n5 Lightning Bolt\n51 Mountain\n", encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: Alice Example}", "name: Alice Example, deck: decks/alice.txt}"), "utf-8")
    running = Venue(root, (path,), tmp_path / "data").start()
    try:
        alice = player_codes(running.to_client().get(f"/to/decks/{SLUG}").text)["alice-example"]
        page = running.client().get(f"/deck/{alice}").text
    finally:
        running.stop()
    problems = _problems(page)
    line = "1行目を読み取れません：「4 Lightning Bolt [foil: yes]」。"
    assert problems[0] == f"{line}1行に1種類、「4 カード名」の形で書いてください。"
    assert not [p for p in problems if "attribute" in p or "cannot be read" in p], problems
    assert len(problems) == 3, problems  # the line (left out), then the deck size and the copies
