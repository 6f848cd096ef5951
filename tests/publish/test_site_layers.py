"""A project's ``mkdocs.yml`` is layered over the shipped one (:mod:`ingest.source.site_layers`):
a short file keeps our plugin, stylesheet, script, search and web fonts off, under both engines;
an entry of ours goes only when named under ``extra.scorekeeper.remove``, and ``validate`` and
``build`` warn, at the line, when something the site needs is off."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ingest.publish.run import build_site
from ingest.source.project import Project
from ingest.source.site_layers import layered_config, merged
from tests.builders import run_cli, run_ok

TODAY = dt.date(2026, 11, 22)
SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")

TWO_LINES = "site_name: 竜の巣リーグ\ntheme: {language: ja}\n"
"""The short mkdocs.yml the README suggested, which dropped our CSS and JS and turned web fonts on."""


def _project(root: Path, config: str) -> Project:
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    run_ok(
        root, "new", "--name", "Vanguard Night", "--date", "2026-11-20", "--game", "vanguard", "--format", "standard"
    )
    return Project(root)


def _layered(root: Path, config: str) -> dict[str, Any]:
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    (root / "events").mkdir(exist_ok=True)
    layered, problems = layered_config(Project(root))
    assert layered is not None, problems
    return layered.data


def test_lists_merge_ours_first_then_the_projects_and_a_named_entry_takes_ours_place() -> None:
    ours = {
        "plugins": ["search", "scorekeeper"],
        "extra_css": ["assets/scorekeeper.css"],
        "theme": {
            "name": "material",
            "font": False,
            "features": ["navigation.prune"],
            "palette": [{"scheme": "default"}],
        },
        "nav": [{"Home": "index.md"}, {"Events": "events/index.md"}],
    }
    theirs = {
        "plugins": [{"search": {"lang": "ja"}}, "tags"],
        "extra_css": ["css/ours.css", "assets/scorekeeper.css"],
        "theme": {"language": "ja", "features": ["navigation.tabs"], "palette": [{"scheme": "slate"}]},
        "nav": [{"イベント": "events/index.md"}, {"About": "about.md"}],
    }
    assert merged(ours, theirs) == {
        "plugins": [{"search": {"lang": "ja"}}, "scorekeeper", "tags"],
        "extra_css": ["assets/scorekeeper.css", "css/ours.css"],
        "theme": {
            "name": "material",
            "font": False,
            "features": ["navigation.prune", "navigation.tabs"],
            "palette": [{"scheme": "slate"}],  # any other list: the project's
            "language": "ja",
        },
        "nav": [{"Home": "index.md"}, {"イベント": "events/index.md"}, {"About": "about.md"}],
    }


def test_a_two_line_mkdocs_yml_keeps_our_css_js_plugin_search_and_fonts_off(tmp_path: Path) -> None:
    data = _layered(tmp_path, TWO_LINES)
    assert data["site_name"] == "竜の巣リーグ" and data["theme"]["language"] == "ja"
    assert data["theme"]["font"] is False and "navigation.prune" in data["theme"]["features"]
    assert data["plugins"] == ["search", "scorekeeper"]
    assert data["extra_css"] == ["assets/scorekeeper.css"] and data["extra_javascript"] == ["assets/scorekeeper.js"]
    assert run_cli(tmp_path, "validate") == (0, "checked 0 event files: no problems found\n")


def test_theme_given_by_its_name_alone_keeps_our_theme_settings(tmp_path: Path) -> None:
    data = _layered(tmp_path, "site_name: Dragons\ntheme: material\n")
    assert data["theme"]["name"] == "material" and data["theme"]["font"] is False
    assert "navigation.prune" in data["theme"]["features"]


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_site_built_from_a_two_line_mkdocs_yml_links_our_css_and_js(tmp_path: Path, engine: str) -> None:
    project = _project(tmp_path, TWO_LINES)
    build_site(project, engine=engine, today=TODAY, workers=1)
    for page in ("index.html", "events/2026-11-20-vanguard-night/index.html"):
        html = (tmp_path / "build" / "site" / page).read_text(encoding="utf-8")
        assert re.search(r'<link rel="stylesheet" href="[./]*assets/scorekeeper\.css"', html), page
        assert re.search(r'<script src="[./]*assets/scorekeeper\.js"', html), page
        assert "fonts.googleapis.com" not in html and '<html lang="ja"' in html
        assert "<title>" in html and "竜の巣リーグ" in html


def test_an_entry_of_ours_is_removed_only_by_name_and_the_build_warns_at_its_line(tmp_path: Path) -> None:
    config = (
        "site_name: Dragons\n"
        "theme:\n"
        "  font: {text: Roboto}\n"
        "plugins:\n"
        "  - search: {enabled: false}\n"
        "extra:\n"
        "  scorekeeper:\n"
        "    remove:\n"
        "      extra_javascript: [assets/scorekeeper.js]\n"
        "      theme.features: [navigation.tabs]\n"
        "      nav: [rules/index.md]\n"
    )
    data = _layered(tmp_path, config)
    assert data["extra_javascript"] == [] and data["extra_css"] == ["assets/scorekeeper.css"]
    assert "navigation.tabs" not in data["theme"]["features"] and "navigation.prune" in data["theme"]["features"]
    assert [next(iter(e.values())) for e in data["nav"]] == [
        "index.md",
        "events/index.md",
        "players/index.md",
        "formats/index.md",
    ]
    code, out = run_cli(tmp_path, "validate")
    assert code == 0
    assert [line for line in out.splitlines() if not line.startswith("  hint:")] == [
        "mkdocs.yml:3:9: warning[site-layers]: theme.font: web fonts are turned back on: every page fetches them"
        " from Google Fonts (slower on venue Wi-Fi, missing offline, and the readers' addresses go to Google)",
        "mkdocs.yml:5:23: warning[site-layers]: plugins[0].search.enabled: the search plugin is switched off: the"
        " site has no search (players, events, archetypes, formats, banned cards)",
        "mkdocs.yml:9:26: warning[site-layers]: extra.scorekeeper.remove.extra_javascript[0]: assets/scorekeeper.js"
        " is removed from extra_javascript: find my table, the round clock, the cut calculator and sortable tables"
        " stop working",
        "checked 0 event files: 3 warnings",
    ]


def test_what_cannot_be_removed_or_is_not_ours_is_an_error_at_its_line(tmp_path: Path) -> None:
    config = (
        "site_name: Dragons\n"
        "extra:\n"
        "  scorekeeper:\n"
        "    remove:\n"
        "      plugins: [scorekeeper, tags]\n"
        "      site_name: [x]\n"
    )
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    (tmp_path / "events").mkdir()
    code, out = run_cli(tmp_path, "validate")
    assert code == 1
    errors = [line for line in out.splitlines() if ": error[" in line]
    assert errors == [
        "mkdocs.yml:5:17: error[site-layers]: extra.scorekeeper.remove.plugins[0]: scorekeeper cannot be removed:"
        " it puts the tables Scorekeeper renders into the pages",
        'mkdocs.yml:5:30: error[site-layers]: extra.scorekeeper.remove.plugins[1]: "tags" is not one of ours'
        " (ours: search, scorekeeper)",
        'mkdocs.yml:6:18: error[site-layers]: extra.scorekeeper.remove.site_name: "site_name" is not a list of ours;'
        " entries can be removed from plugins, markdown_extensions, extra_css, extra_javascript, theme.features, nav",
    ]
    code, out = run_cli(tmp_path, "build")
    assert code == 1 and "nothing was written" in out and not (tmp_path / "build" / "site").exists()


def test_the_warning_is_printed_by_build_and_removed_js_is_gone_from_the_pages(tmp_path: Path) -> None:
    config = (
        "site_name: Dragons\nextra:\n  scorekeeper:\n    remove:\n      extra_javascript: [assets/scorekeeper.js]\n"
    )
    _project(tmp_path, config)
    code, out = run_cli(tmp_path, "build")
    assert code == 0, out
    assert (
        "mkdocs.yml:5:26: warning[site-layers]: extra.scorekeeper.remove.extra_javascript[0]: assets/scorekeeper.js"
        " is removed from extra_javascript"
    ) in out
    html = (tmp_path / "build" / "site" / "index.html").read_text(encoding="utf-8")
    assert "assets/scorekeeper.js" not in html and "assets/scorekeeper.css" in html


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_relative_custom_dir_resolves_from_mkdocs_yml_whatever_the_working_folder(
    tmp_path: Path, engine: str
) -> None:
    """``theme.custom_dir: overrides`` is the folder beside mkdocs.yml under both engines, the
    command run from another folder with a relative ``--root`` (Zensical is given a
    configuration written into build/)."""
    root = tmp_path / "league"
    root.mkdir()
    _project(root, "site_name: Dragons\ntheme:\n  custom_dir: overrides\n")
    (root / "overrides").mkdir()
    (root / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block announce %}Finals on Saturday{% endblock %}\n', encoding="utf-8"
    )
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1795305600"}
    proc = subprocess.run(
        [str(SCOREKEEPER), "--root", "league", "build", "--engine", engine],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Finals on Saturday" in (root / "build" / "site" / "index.html").read_text(encoding="utf-8")
