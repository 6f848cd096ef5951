"""Zensical is an extra of the distribution (``tcg-scorekeeper[zensical]``), not a dependency.

A project that asks for it where it is not installed gets one line saying how to install it,
from the real command line, and nothing is written. "Not installed" is made here by a package
named ``zensical`` first on PYTHONPATH whose import fails, as the import of a missing one does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ingest.publish.engines import ZENSICAL_MISSING

MESSAGE = f"error: {ZENSICAL_MISSING}"


@pytest.fixture(scope="module")
def no_zensical(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a process in which ``import zensical`` fails."""
    stubs = tmp_path_factory.mktemp("stubs")
    (stubs / "zensical").mkdir()
    (stubs / "zensical" / "__init__.py").write_text(
        "raise ImportError(\"No module named 'zensical'\")\n", encoding="utf-8"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "SOURCE_DATE_EPOCH"}}
    env.update(PYTHONPATH=str(stubs), NO_COLOR="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def _run(env: dict[str, str], root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ingest", "--root", str(root), *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=root,
        timeout=300,
    )


@pytest.fixture
def project(tmp_path: Path, no_zensical: dict[str, str]) -> Path:
    made = _run(
        no_zensical,
        tmp_path,
        *("new", "--name", "Engine Night", "--date", "2026-11-27", "--game", "mtg", "--format", "modern"),
    )
    assert made.returncode == 0, made.stderr
    return tmp_path


def test_the_stub_hides_zensical(no_zensical: dict[str, str]) -> None:
    hidden = subprocess.run(
        [sys.executable, "-c", "import zensical"], env=no_zensical, capture_output=True, check=False
    )
    assert hidden.returncode == 1 and b"ImportError" in hidden.stderr
    shown = subprocess.run([sys.executable, "-c", "import zensical"], capture_output=True, check=False)
    assert shown.returncode == 0, shown.stderr  # the test extra installs it


def test_build_with_zensical_missing_says_how_to_install_it(project: Path, no_zensical: dict[str, str]) -> None:
    built = _run(no_zensical, project, "build", "--engine", "zensical", "--today", "2026-11-27")
    assert built.returncode == 1
    assert built.stderr.splitlines() == [MESSAGE]
    assert "pip install 'tcg-scorekeeper[zensical]'" in built.stderr
    assert not (project / "build").exists()


def test_serve_and_venue_with_zensical_missing_say_it_before_starting(
    project: Path, no_zensical: dict[str, str]
) -> None:
    served = _run(no_zensical, project, "serve", "--engine", "zensical", "--port", "0")
    assert (served.returncode, served.stderr.splitlines()) == (1, [MESSAGE])
    (event,) = (project / "events" / "2026").glob("*.yaml")
    venue = _run(no_zensical, project, "venue", str(event), "--engine", "zensical", "--port", "0")
    assert (venue.returncode, venue.stderr.splitlines()) == (1, [MESSAGE])
    assert not (project / "build").exists()


def test_the_default_engine_and_the_markdown_need_no_zensical(project: Path, no_zensical: dict[str, str]) -> None:
    docs = _run(no_zensical, project, "build", "--engine", "zensical", "--docs-only", "--today", "2026-11-27")
    assert docs.returncode == 0, docs.stderr
    assert (project / "build" / "docs" / "index.md").is_file()
    (event,) = (project / "events" / "2026").glob("*.yaml")
    for name in ("Alice", "Bob"):
        assert _run(no_zensical, project, "add-player", str(event), "--name", name).returncode == 0
    built = _run(no_zensical, project, "build", "--strict", "--today", "2026-11-27")
    assert built.returncode == 0, built.stderr
    assert (project / "build" / "site" / "index.html").is_file()
