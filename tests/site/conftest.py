"""The browser tests use pytest-playwright's fixtures (``browser``, ``context``, ``page``,
``new_context``), launched on Debian's Chromium instead of a downloaded browser.

pytest-playwright's own options apply (``--headed``, ``--slowmo``, ``--tracing
retain-on-failure``, ``--screenshot only-on-failure``, ``--output``); every test that uses a
browser carries the ``browser`` marker (``pytest -m "not browser"`` leaves them out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests.site_helpers import CHROMIUM_ARGS, DESKTOP, system_chromium

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext
    from pytest_playwright.pytest_playwright import CreateContextCallback

DEFAULT_TIMEOUT_MS = 10_000
"""How long an action or a wait on a page may take before the test fails."""
EXPECT_TIMEOUT_MS = 30_000
"""How long an ``expect(...)`` assertion retries (a search index loads slowly on a busy machine).
Tests wait on conditions, never for a fixed time: a long limit costs nothing when they hold."""

try:
    from playwright.sync_api import expect
except ImportError:  # without playwright the browser tests are skipped
    pass
else:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, on the system Chromium."""
    return {**browser_type_launch_args, "executable_path": system_chromium(), "args": CHROMIUM_ARGS}


@pytest.fixture
def context(new_context: CreateContextCallback) -> BrowserContext:
    """A fresh desktop-sized browser context per test (pytest-playwright closes it)."""
    made = new_context(viewport=DESKTOP)
    made.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return made
