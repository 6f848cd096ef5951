"""Shared fixtures for the test suite.

Golden files (expected diagnostics, golden site output, command output, golden pairings, deck
verdicts) are checked through the ``golden`` fixture (pytest-regressions, see :mod:`tests.goldens`);
``pytest --regen-all`` rewrites every one from the current code; review the diff like code.
Builders for events live in :mod:`tests.builders`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from pytest_regressions.file_regression import FileRegressionFixture

from ingest.source.project import Project
from tests.builders import ROOT
from tests.goldens import Golden

# Speed is measured in benchmarks/, never in a test: no property fails because one example
# ran slowly (Hypothesis's default 200 ms deadline made tests flaky on a busy machine).
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")


@pytest.fixture(scope="session", autouse=True)
def user_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's cache folder (build caches, their signing key) is one of the test run's own,
    in this process and the ``scorekeeper`` processes tests start."""
    folder = tmp_path_factory.mktemp("user-cache")
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


BROWSER_FIXTURES = frozenset({"browser", "context", "page", "new_context"})
"""pytest-playwright's fixtures: a test that uses one drives a browser."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test that uses a browser ``browser`` (``pytest -m "not browser"`` skips them)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def golden(file_regression: FileRegressionFixture) -> Golden:
    """The test's golden files (``golden.check(path, text)``; ``pytest --regen-all`` rewrites them)."""
    return Golden(file_regression)


@pytest.fixture
def project() -> Project:
    """The repository as a project (its schema, formats and templates)."""
    return Project(ROOT)


@pytest.fixture(scope="session")
def sample_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build/docs`` of a docs-only build of the sample events (no site engine run), built on 2026-11-22."""
    import datetime as dt

    from ingest.publish.run import build_site
    from tests.site_helpers import make_project

    project = make_project(tmp_path_factory.mktemp("sample-docs"))
    build_site(project, today=dt.date(2026, 11, 22), docs_only=True)
    return project.root / "build" / "docs"
