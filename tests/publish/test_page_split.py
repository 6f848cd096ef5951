"""A whole build of many pages writes them in two processes: the same site, errors reported.

:func:`ingest.publish.engines.run_mkdocs` with ``workers=2`` forks mkdocs once every page
is read (:mod:`ingest.publish.page_split`); each process writes its share of the pages and
of the other files. The site is byte for byte the one a single process makes, an error in
either share fails the build with the page named, and the forked process never outlives
the build nor goes back to the caller. With Zensical, the pages are finished (their
fragments put in) by two processes the same way. A whole build in several processes
writes the build folder one process writes; one whose folder cannot be written fails
with words and keeps the previous site.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
from pathlib import Path
from typing import Any

import pytest

from ingest.core.errors import IngestError
from ingest.publish import page_finish as pf
from ingest.publish.engines import run_mkdocs
from ingest.publish.mkdocs_plugin import ScorekeeperPlugin
from ingest.publish.page_split import MIN_PAGES, PageSplit, SplitError
from ingest.publish.parallel import forked_map
from ingest.publish.run import build_site
from ingest.publish.sync import TOKEN
from ingest.site import fragments as fr
from ingest.source.project import Project
from tests.site_helpers import TODAY, make_project

PAGES = MIN_PAGES + 50


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _docs(root: Path, *, broken: tuple[str, ...] = (), links: str = "") -> Path:
    """``PAGES`` pages with a table each (a fragment), a static file per page, and the
    pages the navigation of ``mkdocs.yml`` lists."""
    docs, frags = root / "build" / "docs", root / "build" / pf.FOLDER
    for name in ("events", "players", "formats", "rules"):
        (docs / name).mkdir(parents=True)
        (docs / name / "index.md").write_text(f"# {name.title()}\n")
    for name in ["index", *(f"p{i:03d}" for i in range(PAGES))]:
        (docs / "api").mkdir(parents=True, exist_ok=True)
        (docs / f"{name}.md").write_text(
            f"---\ntitle: Page {name}\n---\n# Page {name}\n\n{links}\n\n{fr.placeholder(0)}\n"
        )
        (docs / "api" / f"{name}.json").write_text(json.dumps({"page": name}))
        if name not in broken:  # a page without its fragment fails
            frags.mkdir(parents=True, exist_ok=True)
            (frags / f"{name}.md{fr.SUFFIX}").write_text(fr.encode([f"<table><tr><td>{name}</td></tr></table>"]))
    return docs


@pytest.fixture(autouse=True)
def _forking_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runner's own threads (pytest-xdist) hold no lock a build takes."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def _project(tmp_path: Path) -> Project:
    return make_project(tmp_path / "p", samples=False)


def _no_child_left() -> bool:
    try:
        return os.waitpid(-1, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return True


def test_two_processes_write_the_site_one_process_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The warnings too: each page links to a missing page (found as each process reads its
    pages) and to a missing heading (checked after the pages are written)."""
    read: list[str] = []
    markdown = ScorekeeperPlugin.on_page_markdown

    def reading(self: ScorekeeperPlugin, text: str, *, page: Any, config: Any, files: Any) -> str:
        read.append(page.file.src_uri)
        return markdown(self, text, page=page, config=config, files=files)

    monkeypatch.setattr(ScorekeeperPlugin, "on_page_markdown", reading)
    project = _project(tmp_path)
    with project.mkdocs_file.open("a", encoding="utf-8") as f:
        f.write("validation:\n  anchors: warn\n")
    docs = _docs(project.root, links="[gone](gone.md) [nowhere](#nowhere)")
    one, two = tmp_path / "one", tmp_path / "two"
    totals: list[int] = []
    warned = run_mkdocs(project, docs, one, strict=False, workers=1)
    alone = len(read)
    warnings = run_mkdocs(
        project, docs, two, strict=False, workers=2, progress=lambda stage, done, total: totals.append(total)
    )
    assert len(warned) >= 2 * PAGES
    assert sorted(warnings) == sorted(warned)
    assert _tree(one) == _tree(two)
    assert "<td>p123</td>" in (two / "p123" / "index.html").read_text(encoding="utf-8")
    assert len(_tree(two)) > 2 * PAGES
    # This process wrote about half of the pages: the other half came from the forked one.
    pages = PAGES + 5  # and the index, and the four the navigation lists
    assert totals and max(totals) == (pages + 1) // 2
    # It read (and converted) its half too, and the five the navigation lists: every page shows their titles.
    assert len(read[:alone]) == pages
    mine = read[alone:]
    assert (pages + 1) // 2 < len(mine) <= (pages + 1) // 2 + 5
    assert {"index.md", "events/index.md", "players/index.md", "formats/index.md", "rules/index.md"} <= set(mine)
    assert _no_child_left()


def test_one_process_writes_a_small_site_and_a_build_of_some_pages(tmp_path: Path) -> None:
    project = _project(tmp_path)
    docs = _docs(project.root)
    for page in sorted(docs.glob("p*.md"))[MIN_PAGES - 10 :]:
        page.unlink()
    totals: list[int] = []
    run_mkdocs(project, docs, tmp_path / "s", strict=True, workers=2, progress=lambda s, d, t: totals.append(t))
    assert max(totals) == len(list(docs.rglob("*.md")))


@pytest.mark.parametrize("broken", [("p000",), tuple(f"p{i:03d}" for i in range(PAGES))])
def test_a_page_that_fails_in_either_process_fails_the_build(tmp_path: Path, broken: tuple[str, ...]) -> None:
    """``p000`` is the forked process's (the index comes first); with every page broken this
    process fails first and stops the other."""
    project = _project(tmp_path)
    docs = _docs(project.root, broken=broken)
    me = os.getpid()
    with pytest.raises(IngestError) as caught:
        run_mkdocs(project, docs, tmp_path / "s", strict=False, workers=2)
    assert os.getpid() == me
    assert "placeholder 0 has no fragment" in str(caught.value)
    assert f"{broken[0]}.md" in str(caught.value) or len(broken) > 1
    assert _no_child_left()


def test_zensicals_pages_are_finished_the_same_in_two_processes(tmp_path: Path) -> None:
    """Zensical runs no plugin: the fragments go into its pages afterwards, half of them in a
    forked process (:func:`ingest.publish.page_finish.finish_site` with the build's mapper)."""
    docs = _docs(_project(tmp_path).root)
    folder = docs.parent / pf.FOLDER
    sites: list[dict[str, bytes]] = []
    for mapper in (map, forked_map):
        site = tmp_path / f"site-{len(sites)}"
        for page in sorted(docs.rglob("*.md")):
            src = page.relative_to(docs).as_posix()
            rel = pf.page_html(src)
            assert rel is not None
            table = fr.placeholder(0) if (folder / f"{src}{fr.SUFFIX}").is_file() else ""
            (site / rel).parent.mkdir(parents=True, exist_ok=True)
            (site / rel).write_text(f"<html><head></head><body>\n<h1>{rel}</h1>\n{table}\n</body></html>\n")
        pf.finish_site(site, docs, folder, mapper)
        sites.append(_tree(site))
    assert sites[0] == sites[1]
    assert "<td>p123</td>" in sites[1]["p123/index.html"].decode()
    assert _no_child_left()


class _File:
    def __init__(self, page: bool) -> None:
        self.page = page

    def is_documentation_page(self) -> bool:
        return self.page


def test_a_second_process_that_is_killed_fails_the_build_with_words() -> None:
    """Killed before it could report (the out-of-memory killer): an error that says so."""
    split = PageSplit([])
    files = [_File(i % 3 == 0) for i in range(12)]
    split.fork(files)
    if split.in_child:
        os.kill(os.getpid(), signal.SIGKILL)
    with pytest.raises(SplitError, match=r"stopped \(killed by signal 9\); build again"):
        split.join()
    shares = [f.is_modified() for f in files]  # type: ignore[attr-defined]
    assert shares.count(True) == 6  # this process's share: every other page, every other file
    assert _no_child_left()


def _build_folder(root: Path) -> dict[str, bytes]:
    build = root / "build"
    return {f"{tree}/{k}": v for tree in ("docs", pf.FOLDER, "site") for k, v in _tree(build / tree).items()}


def test_a_whole_build_in_several_processes_writes_the_build_folder_one_process_writes(tmp_path: Path) -> None:
    """Events, pages, ``build/fragments`` and the site (the engine taking the fragments from
    memory): the same bytes."""
    folders = []
    for workers in (1, 2):
        project = make_project(tmp_path / f"w{workers}")
        build_site(project, today=TODAY, workers=workers)
        assert (project.build_dir / TOKEN).is_file()
        folders.append(_build_folder(project.root))
    assert folders[0] == folders[1]
    assert any(k.startswith(f"{pf.FOLDER}/events/") for k in folders[1])


def test_fragments_that_cannot_be_written_fail_the_build_and_keep_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from click.testing import CliRunner

    from ingest.cli.main import main
    from ingest.publish import sync

    project = make_project(tmp_path / "p")
    build_site(project, today=TODAY)
    site = _tree(project.build_dir / "site")
    shutil.rmtree(project.build_dir / pf.FOLDER)

    def full_disk(path: str, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)

    monkeypatch.setattr(sync, "_write_new", full_disk)
    result = CliRunner().invoke(main, ["--root", str(project.root), "build", "--full", "--today", TODAY.isoformat()])
    assert result.exit_code == 1
    assert "error: could not write the build:" in result.output and "build/site is as it was" in result.output
    assert "Traceback" not in result.output
    assert _tree(project.build_dir / "site") == site
    assert _no_child_left()
