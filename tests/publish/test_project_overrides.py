"""A project's own files are layered over the shipped ones file by file (README, "Layout"):
a template, a game's format file, an archetype file or a schema the project has replaces the
shipped file of that name only, and every other comes from the package. Real builds of
projects in a temporary folder that start empty, as a community's repository does."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

from ingest.decks.format_files import format_registry, load_archetype_book
from ingest.publish.run import build_site
from ingest.source.project import Project, shipped
from tests.builders import ROOT, run_cli, run_ok

KITCHEN = """\
game: mtg
name: "Magic: The Gathering"
formats:
  kitchen:
    name: Kitchen Table
    kind: constructed
    source: "Our league's rules"
    deck:
      main: {min: 60, max: null, source: "MTR 6.1"}
      sideboard: {allowed: true, max: 15, source: "MTR 6.1"}
      copies: {max: 4, source: "MTR 6.1"}
"""
"""A community's own Magic formats: one format of its own, none of ours."""

TODAY = dt.date(2026, 11, 22)


def _new(root: Path, name: str, date: str, game: str, fmt: str) -> tuple[int, str]:
    return run_cli(root, "new", "--name", name, "--date", date, "--game", game, "--format", fmt)


def test_a_lone_formats_mtg_yaml_replaces_only_magics_formats(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "mtg.yaml").write_text(KITCHEN, encoding="utf-8")
    registry, problems = format_registry(Project(tmp_path))
    assert problems == ()
    assert registry.ids("mtg") == ("kitchen",)
    # Every other game's formats are still the shipped ones (vanguard was unknown before).
    assert "standard" in registry.ids("vanguard") and "constructed" in registry.ids("transformers")
    run_ok(
        tmp_path,
        "new",
        "--name",
        "Vanguard Night",
        "--date",
        "2026-11-20",
        "--game",
        "vanguard",
        "--format",
        "standard",
    )
    run_ok(tmp_path, "new", "--name", "Kitchen", "--date", "2026-11-21", "--game", "mtg", "--format", "kitchen")
    code, out = _new(tmp_path, "Modern", "2026-11-22", "mtg", "modern")
    assert code == 1 and 'unknown format "modern" for game mtg; known formats: kitchen' in out
    code, out = run_cli(tmp_path, "validate")
    assert code == 0, out


def test_a_broken_own_format_file_is_reported_not_replaced_by_the_shipped_one(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "mtg.yaml").write_text(KITCHEN.replace('    source: "Our league\'s rules"\n', ""))
    registry, problems = format_registry(Project(tmp_path))
    assert [(p.pos.path, p.code) for p in problems] == [("formats/mtg.yaml", "schema")]
    assert registry.ids("mtg") == () and "mtg" in registry.unreadable and registry.ids("vanguard")


def test_an_archetype_file_of_the_project_replaces_that_formats_only(tmp_path: Path) -> None:
    (tmp_path / "formats" / "archetypes").mkdir(parents=True)
    (tmp_path / "formats" / "archetypes" / "modern.yaml").write_text(
        "game: mtg\nformat: modern\nsource: ours\narchetypes:\n  - {name: Our Burn, requires: [Lightning Bolt]}\n",
        encoding="utf-8",
    )
    book, problems = load_archetype_book(Project(tmp_path))
    assert problems == [] and book is not None
    assert [a.name for a in book.rules[("mtg", "modern")]] == ["Our Burn"]
    shipped_book, _ = load_archetype_book(Project(ROOT))
    assert shipped_book is not None and book.rules[("mtg", "pioneer")] == shipped_book.rules[("mtg", "pioneer")]


def test_a_schema_of_the_project_replaces_that_schema_only(tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    own = tmp_path / "schema" / "players.schema.json"
    shutil.copy(shipped("schema") / "players.schema.json", own)
    project = Project(tmp_path)
    assert project.schema("players") == own
    assert project.schema("event") == shipped("schema") / "event.schema.json"


def test_one_custom_template_is_used_and_every_other_is_shipped(tmp_path: Path) -> None:
    """One template of the project's own broke the build before ('event.md.j2' not found)."""
    run_ok(
        tmp_path,
        "new",
        "--name",
        "Vanguard Night",
        "--date",
        "2026-11-20",
        "--game",
        "vanguard",
        "--format",
        "standard",
    )
    (tmp_path / "site_templates").mkdir()
    (tmp_path / "site_templates" / "home.md.j2").write_text(
        "# {{ site_name }}\n\nWelcome to the Dragon's Hoard results.\n", encoding="utf-8"
    )
    build_site(Project(tmp_path), today=TODAY, workers=1)
    site = tmp_path / "build" / "site"
    assert "Welcome to the Dragon's Hoard results." in (site / "index.html").read_text(encoding="utf-8")
    event = (site / "events" / "2026-11-20-vanguard-night" / "index.html").read_text(encoding="utf-8")
    assert "Vanguard Night" in event
    # The shipped assets and the shipped pages' templates are there.
    assert (site / "assets" / "scorekeeper.js").read_bytes() == (
        shipped("site_templates") / "assets" / "scorekeeper.js"
    ).read_bytes()
    assert (site / "formats" / "vanguard" / "standard" / "index.html").is_file()
    assert (site / "rules" / "index.html").is_file()


def test_a_projects_own_asset_replaces_the_shipped_one_of_its_name(tmp_path: Path) -> None:
    run_ok(
        tmp_path,
        "new",
        "--name",
        "Vanguard Night",
        "--date",
        "2026-11-20",
        "--game",
        "vanguard",
        "--format",
        "standard",
    )
    (tmp_path / "site_templates" / "assets").mkdir(parents=True)
    css = shipped("site_templates") / "assets" / "scorekeeper.css"
    (tmp_path / "site_templates" / "assets" / "scorekeeper.css").write_text(
        css.read_text(encoding="utf-8") + "\n.md-header { background: #7a1f1f; }\n", encoding="utf-8"
    )
    build_site(Project(tmp_path), today=TODAY, docs_only=True, workers=1)
    docs = tmp_path / "build" / "docs" / "assets"
    assert (docs / "scorekeeper.css").read_text(encoding="utf-8").endswith("#7a1f1f; }\n")
    assert (docs / "scorekeeper.js").read_bytes() == (
        shipped("site_templates") / "assets" / "scorekeeper.js"
    ).read_bytes()
