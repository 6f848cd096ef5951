"""Shared fixtures for the test suite.

``pytest --update-golden`` rewrites every golden file (expected diagnostics, golden site
output, golden pairings, deck verdicts) from the current code; review the diff like code.
Builders for events live in :mod:`tests.builders`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from ingest.source.project import Project
from tests.builders import ROOT

# Speed is measured in benchmarks/, never in a test: no property fails because one example
# ran slowly (Hypothesis's default 200 ms deadline made tests flaky on a busy machine).
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False, help="rewrite golden files from the current output"
    )


BROWSER_FIXTURES = frozenset({"browser", "context", "page", "new_context"})
"""pytest-playwright's fixtures: a test that uses one drives a browser."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test that uses a browser ``browser`` (``pytest -m "not browser"`` skips them)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether golden files should be rewritten."""
    return bool(request.config.getoption("--update-golden"))


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
