"""Event night in headless Chromium: two phones (390x844, each its own browser context) report
and confirm a match, a dispute the TO settles on the TO page, the round clock paused and
extended on the projector and the event page, and the event page following a new result
by itself, never while its visitor types. The real venue server, in its own process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.builders import run_cli
from tests.site_helpers import DESKTOP, PHONE
from tests.venue.support import Venue, codes_of, make_event

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from pytest_playwright.pytest_playwright import CreateContextCallback as NewContext

pytestmark = pytest.mark.browser

EVENT_PAGE = "/events/2026-11-27-friday-night-venue/"


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    root = tmp_path_factory.mktemp("browser") / "project"
    players = ("Alice Example", "Bob Builder", "Carol Chen", "Dan Dorn", "Erin Eve", "Fay Fox", "Gus Gray", "Hana Ho")
    path = make_event(root, players)
    running = Venue(root, (path,), root.parent / "data").start()
    yield running
    running.stop()


def _phone(new_context: NewContext, venue: Venue) -> Page:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True, base_url=venue.url).new_page()
    page.set_default_timeout(15_000)
    return page


def _to(new_context: NewContext, venue: Venue) -> Page:
    page = new_context(viewport=DESKTOP, base_url=venue.url).new_page()
    page.goto(f"/to?token={venue.token}")
    return page


def _codes(to: Page) -> dict[int, str]:
    to.reload()
    return codes_of(to.content())


def _open(page: Page, code: str, who: str) -> None:
    """A player types the slip's code and says who they are."""
    page.goto("/report")
    page.locator("#sk-code").fill(code.lower())
    page.get_by_role("button", name="Open my match").tap()
    page.get_by_role("button", name=f"I am {who}").tap()
    expect(page.locator("#sk-status")).to_be_visible()


def _players(page: Page) -> tuple[str, str]:
    names = page.locator(".sk-venue-match strong").all_inner_texts()
    return names[0], names[1]


def test_two_phones_report_and_confirm_and_neither_page_reloads(new_context: NewContext, venue: Venue) -> None:
    to = _to(new_context, venue)
    code = _codes(to)[1]
    first, second = _phone(new_context, venue), _phone(new_context, venue)
    first.goto(f"/report/{code}")
    a, b = _players(first)
    _open(first, code, a)
    first.evaluate("window.__kept = 1")
    # The open form has no "change what I reported" button, not even an empty one.
    expect(first.locator("#sk-form-box > summary")).to_be_hidden()
    first.get_by_text("Won 2-1", exact=True).tap()
    first.get_by_role("button", name="Send the result").tap()
    expect(first.locator("#sk-status")).to_contain_text(f"Received: you reported {a} 2-1 {b}. Waiting for {b}")
    _open(second, code, b)
    expect(second.locator("#sk-status")).to_contain_text(f"{a} reported {a} 2-1 {b}. Is that right?")
    second.evaluate("window.__kept = 2")
    second.get_by_role("button", name=f"Confirm: {a} 2-1 {b}").tap()
    # Both phones learn it is recorded, in place: the first one by the live stream alone.
    for page in (first, second):
        expect(page.locator("#sk-status")).to_contain_text(f"Recorded: {a} 2-1 {b}. It is on the pairings page.")
        assert page.evaluate("window.__kept") in (1, 2)
        expect(page.locator("#sk-form-box > summary")).to_be_hidden()  # nothing left to change
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_dispute_is_settled_on_the_to_page(new_context: NewContext, venue: Venue) -> None:
    to = _to(new_context, venue)
    code = _codes(to)[2]
    first, second = _phone(new_context, venue), _phone(new_context, venue)
    first.goto(f"/report/{code}")
    a, b = _players(first)
    _open(first, code, a)
    first.get_by_text("Won 2-0", exact=True).tap()
    first.get_by_role("button", name="Send the result").tap()
    _open(second, code, b)
    second.get_by_text("No: report what happened").tap()  # not what the opponent said
    second.get_by_text("Won 2-1", exact=True).tap()
    second.get_by_role("button", name="Send the result").tap()
    expect(second.locator("#sk-status")).to_contain_text(
        f"You and {a} reported different results: yours {a} 1-2 {b}, theirs {a} 2-0 {b}."
    )
    expect(first.locator("#sk-status")).to_contain_text("The TO decides: please call a judge.")
    # Each phone's own form folds away once it has reported; it opens again to change it.
    expect(first.locator("form.sk-report")).to_be_hidden()
    expect(first.get_by_text("Change what I reported")).to_be_visible()
    row = to.locator("tr[id$='rounds/1/2']")
    expect(row.locator(".sk-venue-state")).to_have_text("disputed")  # the TO page shows itself anew
    expect(row).to_contain_text(f"{a} 2-0 {b}")
    expect(row).to_contain_text(f"{a} 1-2 {b}")
    row.locator("li", has_text=f"{b}: {a} 1-2 {b}").get_by_role("button", name="Accept").click()
    expect(to.locator(".sk-venue-notice")).to_contain_text("accepted")
    for page in (first, second):
        expect(page.locator("#sk-status")).to_contain_text(f"Recorded: {a} 1-2 {b}.")


def test_the_clock_paused_and_extended_on_the_projector_and_the_event_page(
    new_context: NewContext, venue: Venue
) -> None:
    to = _to(new_context, venue)
    screen = new_context(viewport={"width": 1280, "height": 720}, base_url=venue.url).new_page()
    screen.goto("/screen")
    expect(screen.locator(".sk-clock")).to_have_text(re.compile(r"\d+:\d\d left"))
    phone = _phone(new_context, venue)
    phone.goto(EVENT_PAGE)
    expect(phone.locator(".sk-live .sk-clock")).to_have_text(re.compile(r"\d+:\d\d left"))
    to.get_by_role("button", name="Pause").click()
    expect(screen.locator(".sk-clock")).to_have_text(re.compile(r"\d+:\d\d left, paused"))
    expect(phone.locator(".sk-live .sk-clock")).to_have_text(re.compile(r"\d+:\d\d left, paused"))
    # Read once the projector shows the paused clock (a reload may be under way: the served text
    # is the same time left).
    before = int(screen.locator(".sk-clock.sk-paused").inner_text().split(":")[0])
    assert before >= 40, before
    to.get_by_role("button", name="+5").click()
    expect(screen.locator(".sk-clock")).to_have_text(re.compile(rf"{before + 5}:\d\d left, paused"))
    to.get_by_role("button", name="Resume").click()
    expect(to.get_by_role("button", name="Pause")).to_be_visible()  # the TO page took the click
    # Running again from where it stood, the 5 minutes kept (paused at 54:00, it may read 53:59
    # by the projector's next look: a minute less, never the 5 minutes lost).
    expect(screen.locator(".sk-clock")).to_have_text(re.compile(rf"({before + 5}|{before + 4}):\d\d left$"))
    expect(phone.locator(".sk-live .sk-clock")).to_have_text(re.compile(r"\d+:\d\d left$"))


def test_the_event_page_follows_a_result_but_not_under_the_visitors_fingers(
    new_context: NewContext, venue: Venue
) -> None:
    phone = _phone(new_context, venue)
    phone.goto(EVENT_PAGE)
    row = phone.locator(".sk-live .sk-pairings tbody tr", has=phone.locator("td", has_text=re.compile(r"^3$")))
    expect(row).to_contain_text("playing")
    expect(phone.locator(".sk-venue-report")).to_have_attribute("href", "/report")
    phone.locator("#sk-find-input").tap()
    phone.keyboard.type("car")
    phone.evaluate(
        "window.__kept = 1; (function (live) { var reload = live.reloadWhenIdle;"
        " live.reloadWhenIdle = function () { window.__told = 1; reload(); }; })(window.scorekeeperLive)"
    )
    assert run_cli(venue.root, "report", str(venue.files[0]), "--table", "3", "0-2")[0] == 0
    phone.wait_for_function("window.__told === 1", timeout=30_000)  # built, and the page was told
    assert phone.evaluate("window.__kept") == 1  # but it waits for the typing
    phone.locator("#sk-find-input").blur()
    phone.wait_for_function("window.__kept === undefined", timeout=30_000)  # reloaded by itself
    expect(row).to_contain_text("0-2")
    assert phone.locator("#sk-find-input").input_value() == "car"  # the search survived the reload


def test_the_to_desk_is_not_drawn_again_under_a_pressed_button(new_context: NewContext, venue: Venue) -> None:
    """The desk draws itself anew when the inbox changes; a button replaced between the TO's
    press and release would take no click (the round clock's +1 lost)."""
    to = _to(new_context, venue)
    clock = to.locator(".sk-venue-desk .sk-clock")
    extra = int(clock.get_attribute("data-extra") or 0)
    button = to.get_by_role("button", name="+1", exact=True)
    button.evaluate("b => { b.dataset.pressed = 'yes'; }")
    box = button.bounding_box()
    assert box is not None
    to.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    to.mouse.down()
    to.evaluate("document.dispatchEvent(new Event('sk:inbox'))")  # what a phone's claim makes happen
    to.wait_for_timeout(1500)  # the desk's redraw waits 0.3 s, then fetches the page
    assert button.get_attribute("data-pressed") == "yes"  # the very button pressed is still there
    to.mouse.up()
    expect(to.locator(".sk-venue-desk .sk-clock")).to_have_attribute("data-extra", str(extra + 1))
    # Released, the desk draws itself anew again.
    to.evaluate("document.dispatchEvent(new Event('sk:inbox'))")
    expect(to.get_by_role("button", name="+1", exact=True)).not_to_have_attribute("data-pressed", "yes")
