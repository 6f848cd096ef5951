"""The templates read for the site (``ingest.publish.template_files``): the project's files over the
shipped ones, file by file, as the site's Jinja environment then finds them without reading a folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ingest.publish.template_files import current_templates, read_templates, templates_fingerprint
from ingest.site.render import render
from ingest.source.layers import SearchPath
from ingest.source.project import shipped


def _project(tmp_path: Path) -> SearchPath:
    own = tmp_path / "site_templates"
    (own / "assets").mkdir(parents=True)
    (own / "mine.md.j2").write_text("{% include 'part.j2' %}: {{ name }}\n", encoding="utf-8")
    (own / "part.j2").write_text("ours", encoding="utf-8")
    (own / "assets" / "scorekeeper.css").write_text("body { color: red }\n", encoding="utf-8")
    return SearchPath((own, shipped("site_templates")))


def test_the_projects_file_is_taken_over_the_shipped_one_of_its_name(tmp_path: Path) -> None:
    search = _project(tmp_path)
    templates = read_templates(search)
    assert templates.files["assets/scorekeeper.css"] == b"body { color: red }\n"
    assert templates.files["home.md.j2"] == (shipped("site_templates") / "home.md.j2").read_bytes()
    assert templates.shown["mine.md.j2"] == "site_templates/mine.md.j2"
    assert templates.sandboxed  # files of the project's own: its pull requests' code
    assert templates.fingerprint == templates_fingerprint(search)
    assert render(templates, "mine.md.j2", {"name": "<b>"}) == "ours: &lt;b&gt;\n"
    shipped_assets = sorted(p.name for p in (shipped("site_templates") / "assets").iterdir() if p.is_file())
    assert [name for name, _ in templates.assets()] == [f"assets/{n}" for n in shipped_assets]
    assert dict(templates.assets())["assets/scorekeeper.css"] == b"body { color: red }\n"


def test_scorekeepers_own_templates_are_not_sandboxed() -> None:
    assert not read_templates(SearchPath((shipped("site_templates"),))).sandboxed


def test_a_server_reads_the_templates_again_only_when_a_file_changed(tmp_path: Path) -> None:
    search = _project(tmp_path)
    first = current_templates(search)
    assert current_templates(search) is first
    part = tmp_path / "site_templates" / "part.j2"
    part.write_text("changed", encoding="utf-8")
    os.utime(part, ns=(part.stat().st_atime_ns, part.stat().st_mtime_ns + 1_000_000_000))
    second = current_templates(search)
    assert second is not first and second != first
    assert render(second, "mine.md.j2", {"name": "x"}) == "changed: x\n"
    shutil.rmtree(tmp_path / "site_templates" / "assets")
    assert "assets/scorekeeper.css" in current_templates(search).files  # the shipped one again
    assert current_templates(search).files["assets/scorekeeper.css"] != b"body { color: red }\n"
