"""A community's own pages (``pages/``: About, league rules, images) are built into the site
beside ours and reachable from the navigation (:mod:`ingest.source.own_pages`); a page where
Scorekeeper writes is refused at its file, and nothing is written."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ingest.publish.run import build_site
from ingest.source.own_pages import GENERATED, generated_clash
from ingest.source.project import Project
from tests.builders import run_cli, run_ok

TODAY = dt.date(2026, 11, 22)
SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def _project(root: Path, config: str = "site_name: Dragons\n") -> Project:
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    run_ok(
        root, "new", "--name", "Vanguard Night", "--date", "2026-11-20", "--game", "vanguard", "--format", "standard"
    )
    pages = root / "pages"
    (pages / "images").mkdir(parents=True)
    (pages / "about.md").write_text(
        "# About the Dragons\n\nWe meet on Fridays.\n\n![The venue](images/venue.png)\n", encoding="utf-8"
    )
    (pages / "league-rules.md").write_text("---\ntitle: League rules\n---\n\nBest of three.\n", encoding="utf-8")
    (pages / "images" / "venue.png").write_bytes(PNG)
    return Project(root)


def _nav_titles(html: str) -> list[str]:
    """The titles of the top-level tabs of a page (mkdocs-material and Zensical alike)."""
    return re.findall(r'class="md-tabs__link[^"]*">\s*([^<]+?)\s*</a>', html)


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_projects_pages_are_built_and_reachable_from_the_navigation(tmp_path: Path, engine: str) -> None:
    project = _project(tmp_path)
    build_site(project, engine=engine, today=TODAY, workers=1)
    site = tmp_path / "build" / "site"
    about = (site / "about" / "index.html").read_text(encoding="utf-8")
    assert "We meet on Fridays." in about and 'src="../images/venue.png"' in about
    assert (site / "images" / "venue.png").read_bytes() == PNG
    assert "Best of three." in (site / "league-rules" / "index.html").read_text(encoding="utf-8")
    home = (site / "index.html").read_text(encoding="utf-8")
    # Ours first, then the project's pages by file name, each under its title.
    assert _nav_titles(home) == ["Home", "Events", "Players", "Formats", "Rules", "About the Dragons", "League rules"]
    assert re.search(r'href="(\./)?about/"', home)


def test_a_page_the_projects_nav_names_keeps_its_title_and_place(tmp_path: Path) -> None:
    config = "site_name: Dragons\nnav:\n  - Who we are: about.md\n  - Home: index.md\n"
    project = _project(tmp_path, config)
    build_site(project, today=TODAY, workers=1)
    home = (tmp_path / "build" / "site" / "index.html").read_text(encoding="utf-8")
    # Home (ours, renamed in its place by the project's entry), then the project's entry, then the page it did not name.
    assert _nav_titles(home) == ["Home", "Events", "Players", "Formats", "Rules", "Who we are", "League rules"]


def test_a_removed_page_leaves_the_site(tmp_path: Path) -> None:
    project = _project(tmp_path)
    build_site(project, today=TODAY, workers=1)
    (tmp_path / "pages" / "league-rules.md").unlink()
    build_site(project, today=TODAY, workers=1)
    site = tmp_path / "build" / "site"
    assert not (site / "league-rules").exists() and not (tmp_path / "build" / "docs" / "league-rules.md").exists()
    assert "League rules" not in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "about" / "index.html").is_file()


def test_a_page_where_scorekeeper_writes_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    _project(tmp_path)
    (tmp_path / "pages" / "index.md").write_text("# Our home\n", encoding="utf-8")
    (tmp_path / "pages" / "events").mkdir()
    (tmp_path / "pages" / "events" / "calendar.md").write_text("# Calendar\n", encoding="utf-8")
    code, out = run_cli(tmp_path, "validate")
    assert code == 1
    assert [line for line in out.splitlines() if "error[" in line] == [
        "pages/events/calendar.md:1:1: error[own-pages]: pages/events/calendar.md would stand where Scorekeeper"
        " writes events/ (the site's own pages)",
        "pages/index.md:1:1: error[own-pages]: pages/index.md would stand where Scorekeeper writes index.md (the"
        " site's own pages)",
    ]
    code, out = run_cli(tmp_path, "build")
    assert code == 1 and "nothing was written" in out
    assert not (tmp_path / "build" / "docs").exists() and not (tmp_path / "build" / "site").exists()


def test_a_page_that_is_not_utf8_or_links_out_of_the_project_is_refused(tmp_path: Path) -> None:
    _project(tmp_path)
    (tmp_path / "pages" / "latin1.md").write_bytes("# Caf\xe9\n".encode("latin-1"))
    outside = tmp_path.parent / f"{tmp_path.name}-secret.md"
    outside.write_text("# secret\n", encoding="utf-8")
    (tmp_path / "pages" / "linked.md").symlink_to(outside)
    code, out = run_cli(tmp_path, "validate")
    assert code == 1
    assert "pages/latin1.md:1:6: error[" in out
    assert "pages/linked.md:1:1: error[outside-project]" in out


def test_every_file_scorekeeper_writes_is_under_a_name_pages_may_not_take(sample_docs: Path) -> None:
    """GENERATED keeps step with the build: a page of the project's never overwrites one of ours."""
    written = sorted({p.relative_to(sample_docs).as_posix() for p in sample_docs.rglob("*") if p.is_file()})
    assert written and all(generated_clash(path) is not None for path in written), [
        path for path in written if generated_clash(path) is None
    ]
    assert {path.split("/", 1)[0] for path in written} <= set(GENERATED)


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_paths_in_mkdocs_yml_resolve_from_its_folder_and_the_sites_files_from_pages(
    tmp_path: Path, engine: str
) -> None:
    """``extra_css`` names a file of the site, as relative to mkdocs' docs_dir: the project's
    ``pages/css/dragons.css``; ``pymdownx.snippets``' ``base_path`` is the folder beside
    mkdocs.yml, whichever folder the command runs in (mkdocs read it from the working folder,
    Zensical from build/)."""
    root = tmp_path / "league"
    root.mkdir()
    config = (
        "site_name: Dragons\n"
        "extra_css: [css/dragons.css]\n"
        "markdown_extensions:\n"
        "  - pymdownx.snippets: {base_path: snippets}\n"
    )
    _project(root, config)
    (root / "pages" / "css").mkdir()
    (root / "pages" / "css" / "dragons.css").write_text(".md-header { background: #7a1f1f; }\n", encoding="utf-8")
    (root / "snippets").mkdir()
    (root / "snippets" / "fees.md").write_text("Entry fee: 5 coins.\n", encoding="utf-8")
    (root / "pages" / "fees.md").write_text('# Fees\n\n--8<-- "fees.md"\n', encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = subprocess.run(
        [str(SCOREKEEPER), "--root", "../league", "build", "--engine", engine],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "warning[site-layers]" not in proc.stdout + proc.stderr
    site = root / "build" / "site"
    assert "Entry fee: 5 coins." in (site / "fees" / "index.html").read_text(encoding="utf-8")
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="stylesheet" href="(\./)?css/dragons\.css"', home)
    assert re.search(r'<link rel="stylesheet" href="(\./)?assets/scorekeeper\.css"', home)
    assert (site / "css" / "dragons.css").is_file()


def test_a_file_of_the_site_that_nothing_writes_is_a_warning_at_its_line(tmp_path: Path) -> None:
    config = (
        "site_name: Dragons\nextra_css: [css/dragons.css]\n"
        "theme:\n  logo: images/logo.svg\n  favicon: images/venue.png\n"
    )
    _project(tmp_path, config)
    code, out = run_cli(tmp_path, "validate")
    assert code == 0
    assert [line for line in out.splitlines() if "site-layers" in line] == [
        "mkdocs.yml:2:13: warning[site-layers]: extra_css[0]: css/dragons.css is not a file of pages/ or of"
        " site_templates/assets/: every page would link to a file that is not there",
        "mkdocs.yml:4:9: warning[site-layers]: theme.logo: images/logo.svg is not a file of pages/ or of"
        " site_templates/assets/: every page would link to a file that is not there",
    ]
