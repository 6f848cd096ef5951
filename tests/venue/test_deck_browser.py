"""A player hands in their decklist on a phone (390x844, headless Chromium) against the real venue
server: an illegal list comes back with every problem, the fixed list is taken, and once
round 1 is paired the page is locked with a sentence saying so. The TO's page shows who is in.
Screenshots of each step go to ``$SCOREKEEPER_SHOTS`` when it is set (to look at them)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.builders import run_cli
from tests.site_helpers import DESKTOP, PHONE
from tests.venue.support import EVENT, Venue, make_event
from tests.venue.test_decklists import SLUG, player_codes

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

pytestmark = pytest.mark.browser

ILLEGAL = "Deck\n5 Lightning Bolt\n4 Hogaak, Arisen Necropolis\n51 Mountain\nSideboard\n2 Blood Moon\n"
FIXED = "Deck\n4 Lightning Bolt\n56 Mountain\nSideboard\n2 Blood Moon\n"


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("decks") / "project"
    path = make_event(root, pair=False)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_a_player_fixes_an_illegal_list_and_is_locked_out_after_the_deadline(
    new_context: NewContext, venue: Venue
) -> None:
    code = player_codes(venue.to_client().get(f"/to/decks/{SLUG}").text)["alice-example"]
    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=venue.url).new_page()
    phone.set_default_timeout(15_000)
    phone.goto("/deck")
    _shot(phone, "1-code")
    phone.get_by_label("Your player code").fill(code.lower())
    phone.get_by_role("button", name="Open my decklist").tap()
    expect(phone.get_by_text("You have not handed in a list yet.")).to_be_visible()
    expect(phone.locator(".sk-venue-match")).to_have_text("Alice Example")

    box = phone.get_by_label("Paste your list as your deck program exports it")
    box.fill(ILLEGAL)
    _shot(phone, "2-pasted")
    phone.get_by_role("button", name="Send my list").tap()
    verdict = phone.locator("#sk-verdict")
    expect(verdict).to_contain_text("Your list was not taken. Fix what is listed below and send it again.")
    problems = verdict.locator("li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_have_text(
        '5 copies of "Lightning Bolt" across deck and sideboard; at most 4 are allowed (MTR 6.1)'
    )
    expect(problems.nth(1)).to_have_text('"Hogaak, Arisen Necropolis" is banned in Modern (MTR 6.4)')
    expect(box).to_have_value(re.compile(r"^Deck\n5 Lightning Bolt"))  # kept, to fix
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _shot(phone, "3-refused")

    box.fill(FIXED)
    phone.get_by_role("button", name="Send my list").tap()
    expect(verdict).to_contain_text("Your list was received: 60 cards and a sideboard of 2 cards, legal in Modern.")
    expect(verdict.locator("li")).to_have_count(0)
    expect(phone.get_by_role("button", name="Send a changed list")).to_be_visible()
    _shot(phone, "4-accepted")

    to = new_context(viewport=DESKTOP, base_url=venue.url).new_page()
    to.goto(f"/to?token={venue.token}")
    to.get_by_role("link", name="Decklists").click()
    expect(to.locator("#deck-alice-example")).to_have_attribute("data-status", "legal")
    expect(to.locator("#deck-bob-builder")).to_have_attribute("data-status", "missing")
    _shot(to, "5-to-decks")
    to.get_by_role("link", name="Print each player's code").click()
    slips = to.locator("#print-codes .slip")
    expect(slips).to_have_count(6)
    expect(slips.filter(has_text="Alice Example")).to_contain_text(code)
    _shot(to, "5b-to-codes")

    code_, out = run_cli(venue.root, "pair", str(venue.root / EVENT))
    assert code_ == 0, out
    phone.reload()
    locked = "Decklists were locked when round 1 was paired; ask the TO to change your list."
    expect(phone.get_by_text(locked)).to_be_visible()
    expect(phone.get_by_label("Paste your list as your deck program exports it")).to_have_count(0)
    phone.get_by_text("The list you handed in").tap()
    expect(phone.locator(".sk-venue-list pre")).to_contain_text("4 Lightning Bolt")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _shot(phone, "6-locked")
