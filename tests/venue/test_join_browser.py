"""Registration and check-in in headless Chromium at 390x844: a player registers at the join page
(picking herself from players.yaml), keeps her code and checks in; another registers and the TO,
on their own phone, refuses him with a reason, which his phone shows without reloading; the TO
checks a player in at the desk and pairs round 1, which pairs the checked-in players only. The
real venue server, in its own process. Screenshots go to $SCOREKEEPER_SHOTS when it is set."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ingest.checks.event_files import load_event
from ingest.source.project import Project
from tests.site_helpers import PHONE
from tests.venue.support import Venue, make_event

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("join-browser") / "project"
    path = make_event(root, ("Carol Chen", "Dan Dorn"), pair=False, extra=("--check-in",))
    (root / "players.yaml").write_text("players:\n  - {id: alice, name: Alice Example}\n", encoding="utf-8")
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _phone(new_context: NewContext, venue: Venue) -> Page:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=venue.url).new_page()
    page.set_default_timeout(20_000)
    return page


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_register_check_in_refusal_and_round_one(new_context: NewContext, venue: Venue) -> None:
    alice = _phone(new_context, venue)
    alice.goto("/join")
    expect(alice.get_by_role("heading", name="Join Friday Night Venue")).to_be_visible()
    _shot(alice, "1-join")
    alice.get_by_label("Your name").fill("alice example")
    alice.get_by_role("button", name="Register").tap()
    # players.yaml knows an Alice Example: she is asked whether that is her.
    alice.get_by_role("button", name="Yes, I am Alice Example").tap()
    status = alice.locator(".sk-venue-status")
    expect(status).to_contain_text("waits for the TO to accept it")
    code = alice.locator(".sk-venue-big-code").inner_text()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code)
    _shot(alice, "2-registered")

    bob = _phone(new_context, venue)
    bob.goto("/join")
    bob.get_by_label("Your name").fill("<img src=x onerror=alert(1)>")
    bob.get_by_label("my initials").check()
    bob.get_by_role("button", name="Register").tap()
    expect(bob.locator(".sk-venue-entry h1")).to_have_text("<img src=x onerror=alert(1)>")

    to = _phone(new_context, venue)
    to.goto(f"/to?token={venue.token}")
    rows = to.locator(".sk-venue-waiting li")
    expect(rows).to_have_count(2)
    _shot(to, "3-to-registrations")
    alice_row = rows.filter(has_text="Alice Example")
    expect(alice_row).to_contain_text("from players.yaml")
    alice_row.get_by_role("button", name="Approve").tap()
    expect(to.locator(".sk-venue-notice")).to_contain_text("Registration of Alice Example approved.")
    bob_row = to.locator(".sk-venue-waiting li").filter(has_text="onerror")
    bob_row.get_by_placeholder("Why (the player reads it)").fill("One entry per person, please")
    bob_row.get_by_role("button", name="Refuse").tap()
    expect(to.locator(".sk-venue-notice")).to_contain_text("refused")

    # Both phones follow without reloading: Alice is offered the check-in, Bob reads the refusal.
    expect(alice.locator(".sk-venue-status")).to_contain_text("Check in when you are here", timeout=30_000)
    expect(bob.locator(".sk-venue-status")).to_contain_text(
        "The TO did not accept the registration of <img src=x onerror=alert(1)> for Friday Night Venue. "
        "Please see the TO.",
        timeout=30_000,
    )
    expect(bob.locator(".sk-venue-status")).to_contain_text("The TO says: One entry per person, please")
    _shot(bob, "4-refused")
    alice.get_by_role("button", name="Check in: I am here").tap()
    expect(alice.locator(".sk-venue-status")).to_contain_text("Alice Example is checked in", timeout=30_000)
    _shot(alice, "5-checked-in")

    # The TO checks Carol in at the desk; Dan never came. Round 1 pairs Alice and Carol.
    to.reload()
    to.locator(".sk-venue-roster summary").tap()
    to.locator(".sk-venue-roster tr").filter(has_text="Carol Chen").get_by_role("button", name="Check in").tap()
    expect(to.locator(".sk-venue-notice")).to_contain_text("Carol Chen (carol-chen) checked in")
    expect(to.locator(".sk-venue-registrations")).to_contain_text("3 players on the roster, 2 checked in")
    _shot(to, "6-to-checked-in")
    to.get_by_role("button", name="Pair the next round", exact=True).tap()
    expect(to.locator(".sk-venue-notice")).to_contain_text("not checked in, so not paired")
    expect(to.locator(".sk-venue-notice")).to_contain_text("Dan Dorn (dan-dorn)")
    _shot(to, "7-to-paired")
    event = load_event(venue.files[0], Project(venue.root)).event
    assert event is not None and len(event.rounds) == 1
    assert {p for m in event.rounds[0].matches for p in m.players} == {"alice", "carol-chen"}
    expect(alice.locator(".sk-venue-status")).to_contain_text("Your table is on the pairings", timeout=30_000)
    _shot(alice, "8-paired")
