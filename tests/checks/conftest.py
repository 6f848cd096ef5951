"""Fixtures of the tests of what a reading keeps (ingest.checks.assemblies, results_since)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ingest.checks.event_files as event_files
from ingest.checks import assemblies

SHOWN = "events/e.yaml"
"""The event file of a project made by :func:`kept_project`."""


@pytest.fixture
def kept_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """Makes a project of one event (its text given, at :data:`SHOWN`), with a user cache folder
    of its own, whose texts of any length keep their event."""

    def make(text: str) -> Path:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
        monkeypatch.setattr(assemblies, "MIN_CHARS", 0)
        root = tmp_path / "club"
        (root / "events").mkdir(parents=True)
        (root / SHOWN).write_text(text)
        return root

    return make


@pytest.fixture
def assembled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times an event text was assembled from its YAML (not taken as kept)."""
    calls: list[int] = []
    real = getattr(event_files, "event_from")  # noqa: B009 - imported there by name, patched there

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(event_files, "event_from", counting)
    return calls
