"""The theme templates around every page: Scorekeeper's own (``theme/``) under a project's
``theme.custom_dir``, for both engines, and a site built again when either changes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ingest.publish.engine_config import THEME_FOLDER, theme_folder
from ingest.publish.site_update import engine_fingerprint
from ingest.source.project import shipped
from tests.site_helpers import make_project

DAY = dt.date(2026, 11, 27)


def test_a_changed_override_or_theme_template_builds_the_site_again(tmp_path: Path) -> None:
    """The fingerprint a previous site is reused by changes with the project's theme
    overrides (a page updated alone would keep the old page around it), not with nothing."""
    project = make_project(tmp_path, samples=False)
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("  name: material\n", "  name: material\n  custom_dir: overrides\n")
    )
    (tmp_path / "overrides").mkdir()
    main = tmp_path / "overrides" / "main.html"
    main.write_text('{% extends "base.html" %}\n', encoding="utf-8")
    before = engine_fingerprint(project, "mkdocs", DAY, strict=False)
    assert engine_fingerprint(project, "mkdocs", DAY, strict=False) == before
    main.write_text(
        '{% extends "base.html" %}\n{% block announce %}Finals on Saturday{% endblock %}\n', encoding="utf-8"
    )
    assert engine_fingerprint(project, "mkdocs", DAY, strict=False) != before


def test_zensical_is_given_one_folder_with_the_projects_overrides_over_ours(tmp_path: Path) -> None:
    """Zensical reads one ``custom_dir``: ours alone, or a copy in the build folder of ours
    with the project's files over it (mkdocs is given both folders, the project's first)."""
    build = tmp_path / "build"
    build.mkdir()
    assert theme_folder(None, build) == shipped("theme")
    own = tmp_path / "overrides"
    (own / "partials").mkdir(parents=True)
    (own / "main.html").write_text("theirs\n", encoding="utf-8")
    (own / "partials" / "extra.html").write_text("extra\n", encoding="utf-8")
    merged = theme_folder(own, build)
    assert merged == build / THEME_FOLDER
    assert (merged / "main.html").read_text(encoding="utf-8") == "theirs\n"
    assert (merged / "partials" / "extra.html").read_text(encoding="utf-8") == "extra\n"
    ours = shipped("theme") / "partials" / "copyright.html"
    assert (merged / "partials" / "copyright.html").read_bytes() == ours.read_bytes()
    # A file the project removed is gone from the next build's copy.
    (own / "partials" / "extra.html").unlink()
    assert not (theme_folder(own, build) / "partials" / "extra.html").exists()
