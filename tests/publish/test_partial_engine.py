"""When some pages change, mkdocs makes only those; the site is the one a whole build makes.

A build after an event is added, removed or renamed changes Markdown pages, so the site
engine runs: on the changed pages only, the others linked from the previous site
(:func:`ingest.publish.engines.run_mkdocs` with ``previous``). Every file of the result is
byte for byte what a whole build of the same project makes, and the previous site is never
written through a link.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site_helpers import TODAY, make_project

MODERN = "2026-11-13-friday-night-modern"


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _change(root: Path, change: str) -> None:
    event = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = event.read_text(encoding="utf-8")
    if change == "event added":
        event.with_name("2026-11-27-friday-night-modern-43.yaml").write_text(
            text.replace("Friday Night Modern 42", "Friday Night Modern 43").replace("'2026-11-13'", "'2026-11-27'"),
            encoding="utf-8",
        )
    elif change == "event removed":
        event.unlink()
    else:
        event.write_text(text.replace("Friday Night Modern 42", "Friday Night Modern Forty-Two"), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "strict"), [("event added", False), ("event removed", False), ("event renamed", True)]
)
def test_a_build_of_the_changed_pages_makes_the_site_a_whole_build_makes(
    tmp_path: Path, change: str, strict: bool
) -> None:
    """Strict or not: a build of some pages is no warning."""
    root = tmp_path / "p"
    project = make_project(root)
    build_site(project, today=TODAY, strict=strict)
    site = root / "build" / "site"
    watch = tmp_path / "watch"
    watch.mkdir()
    before = {}
    for rel in ("index.html", "events/index.html", f"events/{MODERN}/index.html", "players/index.html"):
        os.link(site / rel, watch / rel.replace("/", "_"))
        before[rel] = (site / rel).read_bytes()
    _change(root, change)
    timings = build_site(project, today=TODAY, strict=strict)
    assert timings.extra["incremental"] == 0.0 and timings.extra["pages made"] > 0, "only some pages were made"
    partial = _tree(site)
    for rel, data in before.items():
        assert (watch / rel.replace("/", "_")).read_bytes() == data, f"{rel} of the previous site was written"
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns("build"))
    build_site(Project(clean), today=TODAY, strict=strict)
    whole = _tree(clean / "build" / "site")
    assert partial.keys() == whole.keys()
    assert [k for k in whole if whole[k] != partial[k]] == []
    assert before["events/index.html"] != partial["events/index.html"], "the events index was made again"
