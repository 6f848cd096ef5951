"""Hostile project files, second round (issue 33): configuration, templates, catalogs and paths.

An independent attack found project files that ran code at ``build`` while ``validate`` said
"no problems found" (a ``!!python/...`` tag in ``mkdocs.yml``, a project template, a theme
override, ``hooks:``), markup in ``site_name`` run on every page, files reached through
symbolic links out of the project, and tracebacks (a season ``factor: .inf``, a ``.po``
placeholder its message lacks, a 5,001-digit number in an imported file, any tag in
``mkdocs.yml`` under Zensical). Each test here replays one of them with files of our own,
and fails without its fix. Whatever would run code writes a marker file; it must never appear.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ingest.source.project import Project
from tests.builders import ROOT
from tests.source.test_hostile_input import MODERN, _project, _run


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _col(path: Path, fragment: str) -> tuple[int, int]:
    """The 1-based line and column where ``fragment`` is first written."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if fragment in line:
            return number, line.index(fragment) + 1
    raise AssertionError(fragment)


def _marker(tmp_path: Path) -> Path:
    marker = tmp_path / "ran-code"
    assert not marker.exists()
    return marker


def _build(project: Project, *args: str) -> str:
    result = _run(project, "build", "--today", "2026-11-22", *args)
    return f"{result.exit_code}\n{result.output}"


# -- tracebacks: non-finite and enormous numbers, catalog placeholders, imports -------------------


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan", "1.0e+400", "9" * 4200])
@pytest.mark.parametrize("folder", ["seasons", "presets"])
def test_a_number_no_season_can_hold_is_a_positioned_error(tmp_path: Path, value: str, folder: str) -> None:
    project = _project(tmp_path, MODERN)
    head = "name: League\nevents: {game: mtg}\n" if folder == "seasons" else ""
    # (1.0e+300 points times a factor of 4,200 digits: a figure Python refuses to write as text)
    text = head + "points:\n  placement:\n    - {place: 1, points: 1.0e+300}\n  size_factors:\n"
    text += f"    - {{players: 2, factor: {value}}}\n"
    (project.root / folder).mkdir()
    path = project.root / folder / "league.yaml"
    path.write_text(text, encoding="utf-8")
    if folder == "presets":
        (project.root / "seasons").mkdir()
        (project.root / "seasons" / "league.yaml").write_text("name: L\npreset: league\nevents: {game: mtg}\n")
    line, col = _col(path, value[:20])
    for command in (["validate"], ["build", "--docs-only", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"{folder}/league.yaml:{line}:{col}: error[yaml-value]" in result.output, command
    assert not (project.root / "build" / "docs").exists()


def test_a_number_of_five_thousand_digits_in_an_imported_file_is_positioned(tmp_path: Path) -> None:
    project = _project(tmp_path)
    source = sorted((ROOT / "tests" / "data" / "import" / "mtgodecklistcache").glob("*.json"))[0]
    text = source.read_text(encoding="utf-8")
    at = text.index('"Points": ') + len('"Points": ')
    end = at + len(text[at:]) - len(text[at:].lstrip("0123456789"))
    hostile = tmp_path / source.name
    hostile.write_text(text[:at] + "9" * 5001 + text[end:], encoding="utf-8")
    line = text[:at].count("\n") + 1
    col = at - text[:at].rfind("\n")
    result = _run(project, "import", str(hostile))
    assert result.exit_code == 1
    assert f"{hostile.name}:{line}:{col}: error[import]: not JSON: a number of 5001 digits" in result.output
    assert sorted(p.name for p in (project.root / "events").rglob("*.yaml")) == []


@pytest.mark.parametrize("round_label", ["²", "9" * 5001])
def test_a_round_number_python_cannot_read_in_an_imported_csv_is_positioned(tmp_path: Path, round_label: str) -> None:
    project = _project(tmp_path)
    csv = tmp_path / "results.csv"
    csv.write_text(f"round,player,opponent,result\n{round_label},Alice,Bob,2-0\n", encoding="utf-8")
    result = _run(project, "import", str(csv), "--game", "mtg", "--date", "2026-11-20", "--name", "Night")
    assert (
        result.exit_code == 1
        and "results.csv:2:1: error[import]" in result.output
        and "is not a round" in (result.output)
    )


# -- paths: files that lead out of the project are never read -------------------------------------


def _outside(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_an_event_file_that_links_out_of_the_project_is_refused_and_not_published(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    secret = (
        (ROOT / "events" / "2026" / MODERN)
        .read_text(encoding="utf-8")
        .replace("name: Friday Night Modern", "name: Secret Outside Event", 1)
    )
    link = project.root / "events" / "2026" / "2026-11-27-linked.yaml"
    link.symlink_to(_outside(tmp_path, "secret.yaml", secret))
    commands = (["validate"], ["standings", str(link)], ["add-player", str(link), "--name", "Zed"], ["build"])
    for command in commands:
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert "events/2026/2026-11-27-linked.yaml:1:1: error[outside-project]" in result.output, command
    assert not (project.root / "build" / "site").exists()
    assert link.is_symlink() and "Secret Outside Event" in link.read_text(encoding="utf-8")  # not edited


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("kind", ["seasons", "presets", "mkdocs.yml", "players.yaml", "formats", "site_templates"])
def test_a_project_file_that_links_out_of_the_project_is_refused(tmp_path: Path, kind: str) -> None:
    project = _project(tmp_path, MODERN)
    if kind == "seasons":
        link = project.root / "seasons" / "league.yaml"
        target = _outside(tmp_path, "league.yaml", "name: L\npreset: store-league\nevents: {game: mtg}\n")
    elif kind == "presets":
        link = project.root / "presets" / "weekly.yaml"
        target = _outside(tmp_path, "weekly.yaml", "points: {match_win: 1}\n")
        (project.root / "seasons").mkdir()
        (project.root / "seasons" / "s.yaml").write_text("name: S\npreset: weekly\nevents: {game: mtg}\n")
    elif kind == "formats":
        link = project.root / "formats" / "lorcana.yaml"
        target = _outside(tmp_path, "lorcana.yaml", (ROOT / "formats" / "mtg.yaml").read_text(encoding="utf-8"))
    elif kind == "site_templates":  # an asset is copied into the site as it is
        link = project.root / "site_templates" / "assets" / "club.css"
        target = _outside(tmp_path, "secret.css", "secret\n")
    else:
        link = project.root / kind
        target = _outside(tmp_path, kind, link.read_text(encoding="utf-8"))
        link.unlink()
    link.parent.mkdir(exist_ok=True)
    link.symlink_to(target)
    shown = link.relative_to(project.root).as_posix()
    for command in (["validate"], ["build", "--docs-only", "--today", "2026-11-22"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"{shown}:1:1: error[outside-project]" in result.output, command


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_links_inside_the_project_are_followed(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    folder = project.root / "events" / "2026"
    (project.root / "archive").mkdir()
    (folder / MODERN).rename(project.root / "archive" / MODERN)
    (folder / MODERN).symlink_to(project.root / "archive" / MODERN)
    assert _run(project, "validate").exit_code == 0
