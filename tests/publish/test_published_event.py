"""One published event: ``players.yaml``'s naming applied once, the summary computed once on
the event as published, and the pages rendered from that summary (issue 39 point 3)."""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ingest.summary.event_summary as event_summary
from ingest.core.model import Event
from ingest.publish.run import build_site
from ingest.summary.event_summary import EventSummary
from tests.site_helpers import TODAY, make_project

KEPT = ("2026-10-10-team-unified-standard", "2026-11-06-draft-night", "2026-11-13-friday-night-modern")
"""A team event, a draft and a Modern event with a top 8; the other sample events are removed."""


def _count_summaries(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts :func:`~ingest.summary.event_summary.compute_summary`'s calls by event slug, in every
    module that imported it (each call still computes the real summary)."""
    real = event_summary.compute_summary
    calls: Counter[str] = Counter()

    def counted(event: Event, *args: Any, **kwargs: Any) -> EventSummary:
        calls[event.slug] += 1
        return real(event, *args, **kwargs)

    for module in list(sys.modules.values()):
        if (
            module is not None
            and module.__name__.startswith("ingest")
            and getattr(module, "compute_summary", None) is real
        ):
            monkeypatch.setattr(module, "compute_summary", counted)
    return calls


def _small_project(root: Path, choices: Callable[[str], str]) -> Path:
    project = make_project(root)
    for path in (project.root / "events").rglob("*.yaml"):
        if path.stem not in KEPT:
            path.unlink()
    project.players_file.write_text(choices(project.players_file.read_text(encoding="utf-8")), encoding="utf-8")
    return project.root


def _hidden_and_renamed(text: str) -> str:
    """A draft's winner and a team member hidden; a Modern player shown by initials under
    another canonical id than the file's (an alias)."""
    for pid in ("ulla-petrov", "alice-kowalski"):
        text = re.sub(r"(\{id: " + pid + r", name: [^}]*)\}", r"\1, display: hidden}", text)
    return text.replace(
        "{id: ines-costa, name: Ines Costa}", "{id: ines-c, name: Ines Costa, aliases: [ines-costa], display: initials}"
    )


@pytest.mark.parametrize("choices", [lambda text: text, _hidden_and_renamed], ids=["named-in-full", "hidden-renamed"])
def test_a_build_computes_each_events_summary_once(
    choices: Callable[[str], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hidden and renamed players included: the summary of an event with players published under
    another id or name was computed a second time on the event as written, for its checks."""
    root = _small_project(tmp_path / "project", choices)
    calls = _count_summaries(monkeypatch)
    from ingest.source.project import Project

    build_site(Project(root), today=TODAY, docs_only=True, workers=1)
    assert calls == Counter(dict.fromkeys(KEPT, 1))
    docs = root / "build" / "docs"
    if choices is _hidden_and_renamed:  # the choices were applied
        assert (docs / "players" / "ines-c.md").is_file() and not (docs / "players" / "ulla-petrov.md").exists()
