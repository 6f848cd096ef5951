"""Hostile and broken input (issue 16): one reading path, `validate` tells the whole truth.

Every file the project reads (event files, players.yaml, formats/, archetypes, the values
read from mkdocs.yml and the card data it names) takes the same path: the same limits,
the same positioned diagnostics, no traceback. Each test here reproduces a finding of the
review and fails without its fix.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ingest.cli.main import main
from ingest.source.project import Project
from ingest.source.storage import read_text
from ingest.source.yamldoc import parse_yaml
from tests.builders import ROOT
from tests.site_helpers import make_project

MODERN = "2026-11-13-friday-night-modern.yaml"
PIONEER = "2026-11-20-pioneer-weekly.yaml"
WOT = "2026-08-15-wheel-of-time-sealed.yaml"


def _project(tmp_path: Path, *events: str) -> Project:
    """A project with the shipped data and the named sample events (with their decklists)."""
    project = make_project(tmp_path / "project", samples=False)
    shutil.copy(ROOT / "players.yaml", project.root / "players.yaml")
    folder = project.root / "events" / "2026"
    folder.mkdir(parents=True)
    shutil.copytree(ROOT / "events" / "2026" / "decks", folder / "decks")
    for name in events:
        shutil.copy(ROOT / "events" / "2026" / name, folder / name)
    return project


def _run(project: Project, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--root", str(project.root), *args])
    # A user mistake never ends in a traceback: exit 0 or 1, and no exception escapes.
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def _line_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in line)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# -- merge keys: a cycle is a positioned error, never a RecursionError ------------------------


def test_a_self_merging_block_is_a_positioned_error() -> None:
    doc, problems = parse_yaml("name: &a {x: 1, <<: *a}\n", "e.yaml")
    assert doc is None
    assert [(p.code, p.pos.label()) for p in problems] == [("yaml-merge", "e.yaml:1:17")]
    doc, problems = parse_yaml("x: &a\n  y: 1\n  inner:\n    <<: *a\n", "e.yaml")
    assert [(p.code, p.pos.label()) for p in problems] == [("yaml-merge", "e.yaml:4:5")]


def test_blocks_merging_blocks_are_counted_against_the_size_limit() -> None:
    """Each level merges the one below twice: 2**40 merges without a count of merged blocks."""
    text = "a0: &a0 {}\n" + "".join(f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}]}}\n" for i in range(1, 41))
    start = time.perf_counter()
    doc, problems = parse_yaml(text, "e.yaml")
    assert time.perf_counter() - start < 10
    assert doc is None and [p.code for p in problems] == ["yaml-too-large"]


@pytest.mark.parametrize(("width", "depth"), [(2, 30), (9, 9), (10, 8)])
def test_alias_bombs_are_measured_before_anything_is_expanded(
    width: int, depth: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the fuzzer: a 2-wide, 30-deep alias chain took 11 s to reach the node limit."""
    import ingest.source.yaml_walker

    walked: list[int] = []
    monkeypatch.setattr(ingest.source.yaml_walker.Walker, "convert", lambda *args: walked.append(1))
    lines = [f"b0: &b0 [{', '.join(['lol'] * width)}]"]
    lines += [f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * width)}]" for i in range(1, depth)]
    doc, problems = parse_yaml("name: x\n" + "\n".join(lines) + "\n", "e.yaml")
    assert walked == []  # refused before anything was expanded
    assert doc is None and [p.code for p in problems] == ["yaml-too-large"]
    size, first_too_large = 1 + width, 0  # each block: itself and its items, expanded
    while size <= 100_000:
        size, first_too_large = 1 + width * size, first_too_large + 1
    # pointed at the first block too large on its own (its anchor), on line 2 + its number
    assert problems[0].pos.label() == f"e.yaml:{first_too_large + 2}:{len(f'b{first_too_large}: ') + 1}"


def test_nesting_beyond_the_parser_limit_is_a_positioned_error_in_words() -> None:
    _, problems = parse_yaml("d: " + "[" * 5000 + "]" * 5000 + "\n", "e.yaml")
    assert [(p.code, p.message) for p in problems] == [
        ("yaml-syntax", "the lists or mappings here are nested too deeply")
    ]
    assert problems[0].pos.line == 1


def test_a_merge_cycle_in_one_event_does_not_hide_the_other_files(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN, PIONEER)
    modern = project.root / "events" / "2026" / MODERN
    _edit(modern, "name: Friday Night Modern 42", "name: &a {x: 1, <<: *a}")
    pioneer = project.root / "events" / "2026" / PIONEER
    _edit(pioneer, "best_of: 3", "best_of: 4")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert "events/2026/2026-11-13-friday-night-modern.yaml:2:17: error[yaml-merge]" in result.output
    assert "events/2026/2026-11-20-pioneer-weekly.yaml:" in result.output  # the other file is still checked
    for command in (["standings", str(modern)], ["pair", str(modern), "--dry-run"], ["build", "--docs-only"]):
        result = _run(project, *command)
        assert result.exit_code == 1
        assert "error[yaml-merge]" in result.output
    # The build publishes the other events and leaves this one out: nothing of it is written.
    assert "the site was written (events/2026/2026-11-13-friday-night-modern.yaml, " in result.output
    assert not (project.root / "build" / "docs" / "events" / MODERN.removesuffix(".yaml")).exists()


# -- shared files: reported at their own position, by validate and by every reader -----------


def test_a_syntax_error_in_a_format_file_is_reported_there_not_as_an_unknown_game(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN, PIONEER)
    _edit(project.root / "formats" / "mtg.yaml", "\ngame: mtg", "\ngame: mtg\nname: a: b")
    at = f"formats/mtg.yaml:{_line_of(project.root / 'formats' / 'mtg.yaml', 'name: a: b')}:8"
    result = _run(project, "validate")
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "error[" in line]
    assert lines == [f"{at}: error[yaml-syntax]: a colon followed by a space (': ') is not allowed here"]
    assert "unknown game" not in result.output
    # standings, pair and pair --check refuse with the cause, at its position
    event = str(project.root / "events" / "2026" / MODERN)
    for command in (["standings", event], ["pair", event, "--dry-run"], ["pair", event, "--check"]):
        result = _run(project, *command)
        assert result.exit_code == 1 and f"{at}: error[yaml-syntax]" in result.output, command


def test_a_billion_laughs_format_file_is_refused_quickly(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    bomb = "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 10)
    )
    (project.root / "formats" / "mtg.yaml").write_text(bomb, encoding="utf-8")
    start = time.perf_counter()
    result = _run(project, "validate")
    assert time.perf_counter() - start < 10
    assert result.exit_code == 1
    assert "formats/mtg.yaml:" in result.output and "error[yaml-too-large]" in result.output
    assert "unknown game" not in result.output


def test_a_broken_format_entry_is_positioned_in_the_format_file(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    formats = project.root / "formats" / "mtg.yaml"
    _edit(formats, "kind: constructed", "kind: constructd")
    result = _run(project, "validate")
    assert result.exit_code == 1
    at = f"formats/mtg.yaml:{_line_of(formats, 'kind: constructd')}:11"
    assert (
        f'{at}: error[schema]: formats.standard.kind: "constructd" is not one of constructed, limited' in result.output
    )
    assert "unknown game" not in result.output and "friday-night-modern" not in result.output


def test_validate_reports_problems_of_players_yaml_and_the_archetype_files(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    _edit(project.root / "players.yaml", "- {id: alice-kowalski, name: Alice Kowalski}", "- {id: Alice K, name: A}")
    archetypes = project.root / "formats" / "archetypes" / "modern.yaml"
    archetypes.write_text("format: modern\ngame: mtg\narchetypes: [{name: &a {<<: *a}}]\n", encoding="utf-8")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f"players.yaml:{_line_of(project.players_file, 'Alice K')}:10: error[schema]: players[0].id" in result.output
    assert "formats/archetypes/modern.yaml:3:25: error[yaml-merge]" in result.output


def test_standings_refuses_what_validate_and_build_reject(tmp_path: Path) -> None:
    """A decklist line that cannot be read: an error of the checks, not of reading the event
    file, which standings alone used to look at (it printed the standings, exit 0)."""
    project = _project(tmp_path, MODERN)
    path = project.root / "events" / "2026" / MODERN
    deck = project.root / "events" / "2026" / "decks" / "2026-11-13-modern" / "kenji-quist.txt"
    _edit(deck, "4 Lava Spike", "4 Lava Spike\n@@@ not a card line")
    at = f"events/2026/decks/2026-11-13-modern/kenji-quist.txt:{_line_of(deck, '@@@')}:1: error[decklist]"
    validate = _run(project, "validate", str(path))
    assert validate.exit_code == 1 and at in validate.output
    for command in (["standings", str(path)], ["standings", str(path), "--json"], ["pair", str(path), "--dry-run"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert at in result.output, command
        assert "final standings" not in result.output.lower()
    build = _run(project, "build", "--docs-only")
    assert build.exit_code == 1 and at in build.output


def test_standings_warns_as_validate_warns_about_recorded_pairings(tmp_path: Path) -> None:
    """Swapped quarterfinal opponents: a recorded round is a fact, so `not-in-bracket` is a warning
    with its position; standings shows it on standard error and goes on."""
    project = _project(tmp_path, MODERN)
    path = project.root / "events" / "2026" / MODERN
    _edit(path, "[noor-berger, olek-rossi], games: 2-0}", "[noor-berger, zoe-zhou], games: 2-0}")
    _edit(path, "[yusuf-varga, zoe-zhou], games: 0-2}", "[yusuf-varga, olek-rossi], games: 0-2}")
    line = _line_of(path, "[noor-berger, zoe-zhou], games: 2-0}")
    at = f"events/2026/{MODERN}:{line}:7: warning[not-in-bracket]"
    assert at in _run(project, "validate", str(path)).output
    result = CliRunner().invoke(main, ["--root", str(project.root), "standings", str(path)])
    assert result.exit_code == 0 and at in result.stderr and "warning[" not in result.stdout


def test_standings_goes_on_with_the_warnings_validate_gives(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    path = project.root / "events" / "2026" / MODERN
    _edit(path, "drops: [rosa-schmidt]", "drops: [rosa-schmidt, rosa-schmidt]")
    result = CliRunner().invoke(main, ["--root", str(project.root), "standings", str(path)])
    assert result.exit_code == 0
    assert "warning[duplicate-drop]" in result.stderr and "warning[" not in result.stdout
    assert "Friday Night Modern 42" in result.stdout


def test_check_decks_refuses_what_validate_rejects(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    _edit(project.root / "formats" / "mtg.yaml", "\ngame: mtg", "\ngame: mtg\nname: a: b")
    at = f"formats/mtg.yaml:{_line_of(project.root / 'formats' / 'mtg.yaml', 'name: a: b')}:8"
    result = _run(project, "check-decks")
    assert result.exit_code == 1 and f"{at}: error[yaml-syntax]" in result.output


# -- the site configuration and the card data it names ------------------------------------------


def _with_card_data(project: Project, ref: str) -> None:
    config = project.root / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8") + f"\nextra:\n  scorekeeper:\n    card_data:\n      mtg: {ref}\n",
        encoding="utf-8",
    )


def _card_data_line(project: Project) -> int:
    lines = (project.root / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith("      mtg: "))


@pytest.mark.parametrize(
    ("ref", "why"),
    [
        ("../../../../etc/passwd", "it points outside the project folder"),
        ("/etc/passwd", "it is an absolute path"),
        ("/dev/zero", "it is an absolute path"),
    ],
)
def test_card_data_paths_stay_inside_the_project(tmp_path: Path, ref: str, why: str) -> None:
    project = _project(tmp_path, MODERN)
    _with_card_data(project, ref)
    result = _run(project, "validate")
    assert result.exit_code == 1
    line = _card_data_line(project)
    assert f"mkdocs.yml:{line}:12: error[card-data]: extra.scorekeeper.card_data.mtg: " in result.output
    assert why in result.output and "root:" not in result.output
    assert _run(project, "build", "--docs-only").exit_code == 1


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_named_through_a_link_inside_the_project_is_refused(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    (project.root / "data").mkdir()
    os.symlink("/dev/zero", project.root / "data" / "cards.json")
    _with_card_data(project, "data/cards.json")
    start = time.perf_counter()
    result = _run(project, "validate")
    assert time.perf_counter() - start < 10
    assert result.exit_code == 1 and "error[card-data]" in result.output and "outside the project" in result.output


def test_a_broken_card_data_file_is_reported_by_validate(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    (project.root / "data").mkdir()
    (project.root / "data" / "cards.json").write_text('[{"name": "Forest",\n  "type_line": }]\n', encoding="utf-8")
    _with_card_data(project, "data/cards.json")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert "data/cards.json:2:16: error[card-data]: the card data is not valid JSON: Expecting value" in result.output
    (project.root / "data" / "cards.json").write_text('{"cards": 1}', encoding="utf-8")
    result = _run(project, "validate")
    line = _card_data_line(project)
    assert f"mkdocs.yml:{line}:12: error[card-data]: extra.scorekeeper.card_data.mtg: " in result.output
    (project.root / "data" / "cards.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = _run(project, "validate")
    assert result.exit_code == 1 and "nested too deeply" in result.output


def test_a_card_data_file_over_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ingest.decks.card_files

    monkeypatch.setattr(ingest.decks.card_files, "MAX_CARD_DATA_BYTES", 1000)
    project = _project(tmp_path, MODERN)
    (project.root / "data").mkdir()
    (project.root / "data" / "cards.json").write_text("[" + ", ".join(["{}"] * 1000) + "]", encoding="utf-8")
    _with_card_data(project, "data/cards.json")
    result = _run(project, "validate")
    assert "data/cards.json:1:1: error[file-too-large]" in result.output


def test_the_site_engines_own_tags_in_mkdocs_yml_are_not_refused(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8")
        + "\nextra:\n  analytics: !ENV [ANALYTICS_KEY, none]\n"
        + "  emoji: !!python/name:material.extensions.emoji.twemoji\n",
        encoding="utf-8",
    )
    assert _run(project, "validate").exit_code == 0


def test_a_merge_cycle_in_mkdocs_yml_is_positioned(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "\nextra: &x {a: 1, <<: *x}\n", encoding="utf-8")
    result = _run(project, "validate")
    assert result.exit_code == 1 and "mkdocs.yml:" in result.output and "error[yaml-merge]" in result.output


# -- reading files: devices, pipes and files that grow are bounded -------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused_without_reading_it() -> None:
    text, problems = read_text(Path("/dev/zero"), "zero.yaml")
    assert text is None and [(p.code, p.pos.label()) for p in problems] == [("io", "zero.yaml:1:1")]
    assert "not a regular file" in problems[0].message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "events.yaml")
    start = time.perf_counter()
    text, problems = read_text(tmp_path / "events.yaml", "events.yaml")
    assert time.perf_counter() - start < 5
    assert text is None and problems[0].code == "io"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command", [["report", "--table", "1", "2-0"], ["pair", "--check"], ["drop", "alice"]])
def test_commands_that_read_an_event_file_do_not_wait_on_a_pipe(tmp_path: Path, command: list[str]) -> None:
    project = _project(tmp_path)
    fifo = project.root / "events" / "2026" / "2026-12-01-pipe.yaml"
    os.mkfifo(fifo)
    start = time.perf_counter()
    result = _run(project, command[0], str(fifo), *command[1:])
    assert time.perf_counter() - start < 20
    assert result.exit_code == 1 and "not a regular file" in result.output


@pytest.mark.parametrize(
    ("name", "why"), [(r'"Club\e]0;x\a"', "U+001B"), (r'"Club\n# Injected"', "more than one line")]
)
def test_the_site_name_is_checked_like_display_text(tmp_path: Path, name: str, why: str) -> None:
    project = _project(tmp_path, MODERN)
    config = project.root / "mkdocs.yml"
    _edit(config, "site_name: Scorekeeper", f"site_name: {name}")
    result = _run(project, "validate")
    assert result.exit_code == 1
    assert f"mkdocs.yml:{_line_of(config, 'site_name:')}:12: error[unsafe-text]: site_name: " in result.output
    assert why in result.output
    assert _run(project, "build", "--docs-only").exit_code == 1


def test_a_wheel_of_time_result_the_checks_refuse_stops_the_build_with_its_position(tmp_path: Path) -> None:
    """Found by the fuzzer: a Last Battle result without villain_final made build crash in scoring."""
    project = _project(tmp_path, WOT)
    path = project.root / "events" / "2026" / WOT
    _edit(path, "by: goal, hero_final: 4, villain_final: 5}", "by: goal, hero_final: 4}")
    line = _line_of(path, "by: goal, hero_final: 4}")
    for command in (["validate"], ["build", "--docs-only"], ["standings", str(path)]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f"events/2026/{WOT}:{line}:7: error[wot-missing-final]" in result.output, command
    assert not (project.root / "build" / "docs" / "events" / WOT.removesuffix(".yaml")).exists()


@pytest.mark.parametrize("ref", ["x" * 5000, "decks/" + "y" * 300 + ".txt"])
def test_a_decklist_name_too_long_for_a_file_is_a_positioned_error(tmp_path: Path, ref: str) -> None:
    """Found by the fuzzer: a 5,000-character deck name made every command crash (ENAMETOOLONG)."""
    project = _project(tmp_path, MODERN)
    path = project.root / "events" / "2026" / MODERN
    _edit(path, "deck: decks/2026-11-13-modern/kenji-quist.txt", f"deck: {ref}")
    line = _line_of(path, f"deck: {ref[:20]}")
    col = path.read_text(encoding="utf-8").splitlines()[line - 1].index(ref) + 1
    for command in (["validate"], ["standings", str(path)], ["check-decks", str(path)], ["build", "--docs-only"]):
        result = _run(project, *command)
        assert result.exit_code == 1, command
        assert f":{line}:{col}: error[deck-path]: players[" in result.output, command
        assert "the name is too long for a file" in result.output


def test_a_card_data_name_too_long_for_a_file_is_a_positioned_error(tmp_path: Path) -> None:
    project = _project(tmp_path, MODERN)
    _with_card_data(project, "z" * 5000)
    result = _run(project, "validate")
    assert result.exit_code == 1 and "the name is too long for a file" in result.output
    assert f"mkdocs.yml:{_card_data_line(project)}:12: error[card-data]" in result.output


# -- imports read through the same path ------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_an_import_source_that_is_a_pipe_is_refused_without_waiting(tmp_path: Path, suffix: str) -> None:
    project = _project(tmp_path)
    fifo = tmp_path / f"results{suffix}"
    os.mkfifo(fifo)
    start = time.perf_counter()
    result = _run(project, "import", str(fifo))
    assert time.perf_counter() - start < 20
    assert result.exit_code == 1 and "not a regular file" in result.output
