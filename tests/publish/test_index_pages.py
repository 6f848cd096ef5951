"""The events index (a page a year) after a change: only the pages of the years the change is
in are rendered again, the others taken as the last build made them, kept in the build cache
(signed; one that does not check is not used); the site is a clean build's, byte for byte."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import index_cache
from ingest.publish.build_state import BuildTimings
from ingest.publish.run import build_site
from ingest.site import site_files
from ingest.site.page import Files, page_files
from ingest.site.templates import Templates
from ingest.source.project import Project
from tests.publish.test_incremental_build import MODERN, _same
from tests.site_helpers import TODAY, make_project


def _build(root: Path, home: Path) -> BuildTimings:
    return build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1)


def test_a_result_changed_renders_its_years_index_page_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    modern = root / "events" / "2026" / f"{MODERN}.yaml"
    text = modern.read_text(encoding="utf-8")
    older = root / "events" / "2024" / "2024-05-03-friday-night-modern.yaml"
    older.parent.mkdir()
    shutil.copytree(modern.parent / "decks", older.parent / "decks")
    older.write_text(re.sub(r"(?m)^date: .*$", "date: 2024-05-03", text), "utf-8")
    rendered: list[str] = []
    original = page_files

    def counted(path: str, templates: Templates, name: str, context: Mapping[str, Any]) -> Files:
        if path.startswith("events/") and name == "events_index.md.j2":
            rendered.append(path)
        return original(path, templates, name, context)

    monkeypatch.setattr(site_files, "page_files", counted)
    _build(root, home)
    assert sorted(rendered) == ["events/2024/index.md", "events/index.md"]

    rendered.clear()
    _build(root, home)
    assert rendered == [], "nothing changed: every page of the index is taken as it was"

    # A result changed leaves the event's line as it was (its winner too): no page is made.
    modern.write_text(text.replace("games: 2-0}", "games: 2-1}", 1), "utf-8")
    _build(root, home)
    assert rendered == []

    # An event renamed: its year's page is made again, no other.
    older.write_text(older.read_text(encoding="utf-8").replace("name: ", "name: Old ", 1), "utf-8")
    _build(root, home)
    assert rendered == ["events/2024/index.md"]
    rendered.clear()
    modern.write_text(text.replace("name: ", "name: New ", 1), "utf-8")
    _build(root, home)
    assert rendered == ["events/index.md"]

    # The kept pages edited in the cache without its key: not used, every page made again.
    kept = next(home.rglob(index_cache.FILE))
    kept.write_bytes(kept.read_bytes().replace(b"2024", b"2025"))
    rendered.clear()
    modern.write_text(text, "utf-8")
    _build(root, home)
    assert sorted(rendered) == ["events/2024/index.md", "events/index.md"]
    _same(root, tmp_path)


def test_the_reference_pages_are_made_once_for_a_fingerprint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The formats' and rules pages depend on the build's fingerprint (code, formats, date,
    language) and on which formats have analytics, not on any result: a build after a result
    takes them from the build cache (a new process) or from its memory (serve), and the site
    is a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    made: list[str] = []
    for name in ("format_pages", "rules_pages"):
        original = getattr(site_files, name)

        def counted(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Files:
            made.append(_name)
            return dict(_original(*args, **kwargs))

        monkeypatch.setattr(site_files, name, counted)
    _build(root, home)
    assert sorted(made) == ["format_pages", "rules_pages"]
    made.clear()
    modern = root / "events" / "2026" / f"{MODERN}.yaml"
    text = modern.read_text(encoding="utf-8")
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), "utf-8")
    _build(root, home)
    assert made == [], "a result changed: the reference pages are taken as they were"
    _same(root, tmp_path)
    made.clear()
    later = build_site(
        Project(root), today=TODAY.replace(day=TODAY.day + 1), cache_home=home, settled_before=time.time_ns(), workers=1
    )
    assert later.events_made > 0 and sorted(made) == ["format_pages", "rules_pages"], "another date: made again"
