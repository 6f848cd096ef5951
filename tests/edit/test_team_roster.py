"""Team events from the command line: `new --teams/--team-size`, `add-team`, and drops.

MTR 8.2: a team has two or three members in fixed seats (A, B, C), and if a player drops,
the entire team is dropped; MTR 9: a Two-Headed Giant team is two players playing one
game. Bushiroad 5.1.1 and 5.1.2: a tag team has two fighters, a trio three, in the order
first, second (third); a team whose member cannot continue drops. The Aequitas rules
define no team events.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.builders import ROOT, run_cli


def _project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    return tmp_path


def _new(root: Path, game: str, fmt: str, *args: str) -> tuple[int, str, Path]:
    path = root / "events" / "t.yaml"
    code, out = run_cli(
        root, "new", "--name", "Team Night", "--date", "2026-11-22", "--game", game, "--format", fmt,
        "--seed", "4", "-o", str(path), *args,
    )  # fmt: skip
    return code, out, path


@pytest.mark.parametrize(
    ("game", "fmt", "args", "structure"),
    [
        ("vanguard", "standard", ["--teams", "trio"], ("trio", 3, 3)),
        ("vanguard", "standard", ["--team-size", "2"], ("tag", 2, 3)),
        ("weiss-schwarz", "neo-standard", ["--teams", "tag"], ("tag", 2, 3)),
        ("mtg", "modern", ["--teams", "mtr-team"], ("mtr-team", 3, 3)),
        ("mtg", "sealed", ["--team-size", "2"], ("mtr-team", 2, 3)),
        # MTR 9.1: a Two-Headed Giant match is one game.
        ("mtg", "modern+two-headed-giant", ["--teams", "two-headed-giant"], ("two-headed-giant", 2, 1)),
    ],
)
def test_new_sets_up_a_team_event(
    tmp_path: Path, game: str, fmt: str, args: list[str], structure: tuple[str, int, int]
) -> None:
    root = _project(tmp_path)
    code, out, path = _new(root, game, fmt, *args)
    assert code == 0, out
    kind, size, best_of = structure
    text = path.read_text()
    for line in (f"  team_kind: {kind}\n", f"  team_size: {size}\n", f"  best_of: {best_of}\n", "\nteams: []"):
        assert line in text, text
    assert run_cli(root, "validate", str(path))[0] == 0


@pytest.mark.parametrize(
    ("game", "fmt", "args", "said"),
    [
        ("transformers", "constructed", ["--teams", "tag"], "the Transformers TCG Tournament Rules (Aequitas) define "
         "no team events"),
        ("vanguard", "standard", ["--teams", "mtr-team"], "mtr-team is not a team event of the Bushiroad TCG Advanced "
         "Floor Rules (Bushiroad 5.1); choose tag or trio"),
        ("vanguard", "standard", ["--teams", "tag", "--team-size", "3"], "a tag team has 2 members, not 3"),
        ("mtg", "modern", ["--teams", "two-headed-giant", "--team-size", "3"], "a two-headed-giant team has 2 members"),
    ],
)  # fmt: skip
def test_new_refuses_a_team_event_the_rules_do_not_define(
    tmp_path: Path, game: str, fmt: str, args: list[str], said: str
) -> None:
    root = _project(tmp_path)
    code, out, path = _new(root, game, fmt, *args)
    assert code == 1 and said in out and not path.exists(), out


def test_a_two_headed_giant_constructed_event_is_told_to_use_the_overlay(tmp_path: Path) -> None:
    """MTR 9.5: Two-Headed Giant constructed decks follow the overlay's rules; plain modern
    would check them without it, so `new` and `validate` say so."""
    root = _project(tmp_path)
    code, out, _ = _new(root, "mtg", "modern", "--teams", "two-headed-giant")
    assert code == 0 and "warning[format-overlay]" in out and "write format: modern+two-headed-giant" in out, out


def _trio_event(root: Path) -> Path:
    code, out, path = _new(root, "vanguard", "standard", "--teams", "trio", "--rounds", "3")
    assert code == 0, out
    for name, members in (
        ("Red Dragons", ["Alice Example", "Bob Builder", "Cat Smith"]),
        ("Blue Moon", ["Dan Green", "Eve White", "Fay Black"]),
        ("Green Leaf", ["Gus Grey", "Hal Brown", "Ivy Blue"]),
        ("Gold", ["Jo Gold", "kg=Kim Gold", "Lou Gold"]),
    ):
        code, out = run_cli(root, "add-team", str(path), "--name", name, *(a for m in members for a in ("--member", m)))
        assert code == 0, out
    return path


def test_add_team_writes_the_team_and_its_members_in_seat_order(tmp_path: Path) -> None:
    root = _project(tmp_path)
    path = _trio_event(root)
    text = path.read_text()
    assert "  - {id: red-dragons, name: Red Dragons, members: [alice-example, bob-builder, cat-smith]}\n" in text
    assert "  - {id: gold, name: Gold, members: [jo-gold, kg, lou-gold]}\n" in text
    assert "  - {id: kg, name: Kim Gold}\n" in text
    code, out = run_cli(root, "add-team", str(path), "--name", "Duo", "--member", "Mo", "--member", "Ned")
    assert code == 1 and "a trio team has 3 members, in seat order (first, second, third)" in out, out
    code, out = run_cli(
        root, "add-team", str(path), "--name", "Late", "--member", "Mo", "--member", "Ned", "--member", "Alice Example"
    )
    assert code == 1 and 'the id "alice-example" of Alice Example is taken by Alice Example' in out, out
    code, out = run_cli(root, "add-player", str(path), "--name", "Solo")
    assert code == 1 and "this is a team event: add each team with its members" in out, out
    assert path.read_text() == text


def test_add_team_refuses_an_event_of_single_players(tmp_path: Path) -> None:
    root = _project(tmp_path)
    code, out, path = _new(root, "vanguard", "standard")
    assert code == 0, out
    code, out = run_cli(root, "add-team", str(path), "--name", "Duo", "--member", "Mo", "--member", "Ned")
    assert code == 1 and "this is not a team event" in out, out


def test_a_late_team_gets_a_loss_for_each_round_it_missed(tmp_path: Path) -> None:
    root = _project(tmp_path)
    path = _trio_event(root)
    assert run_cli(root, "pair", str(path))[0] == 0
    code, out = run_cli(
        root, "add-team", str(path), "--name", "Late", "--member", "M", "--member", "N", "--member", "O"
    )
    assert (
        code == 0
        and "added team Late (late): first: M, second: N, third: O, a late entry: a match loss for Round 1" in out
    )
    assert "- {loss: late}" in path.read_text()


def test_a_member_who_drops_takes_the_team_out_once(tmp_path: Path) -> None:
    """MTR 8.2, Bushiroad 5.1: dropping one member says that the team drops; the team, or
    another member, cannot drop again."""
    root = _project(tmp_path)
    path = _trio_event(root)
    assert run_cli(root, "pair", str(path))[0] == 0
    for table in ("1", "2"):
        assert run_cli(root, "report", str(path), "--table", table, "1-0", "0-1", "1-0")[0] == 0
    code, out = run_cli(root, "drop", str(path), "Eve White")
    assert code == 0, out
    assert (
        "Eve White drops after Round 1; team Blue Moon drops with them "
        "(a member who leaves takes the team out, Bushiroad 5.1)"
    ) in out, out
    text = path.read_text()
    for again in ("blue-moon", "Blue Moon", "dan-green"):
        code, out = run_cli(root, "drop", str(path), again)
        assert code == 1 and "team Blue Moon already dropped after Round 1 (Eve White left)" in out, out
        assert path.read_text() == text
    code, out = run_cli(root, "pair", str(path))
    assert code == 0 and "Blue Moon" not in out, out
    code, out = run_cli(root, "standings", str(path))
    assert "Blue Moon (dropped)" in out, out


def test_a_team_event_from_new_to_a_built_site(tmp_path: Path) -> None:
    """The whole night from the command line: new, add-team, pair, report, drop, build."""
    root = _project(tmp_path)
    shutil.copytree(ROOT / "site_templates", root / "site_templates")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    path = _trio_event(root)
    for rnd in range(3):
        code, out = run_cli(root, "pair", str(path))
        assert code == 0, out
        tables = [line for line in out.splitlines() if line.strip().startswith("table ")]
        for n in range(1, len(tables) + 1):
            assert run_cli(root, "report", str(path), "--table", str(n), "1-0", "1-0", "0-1")[0] == 0
        if rnd == 0:
            assert run_cli(root, "drop", str(path), "Eve White")[0] == 0
    code, out = run_cli(root, "build", "--docs-only")
    assert code == 0, out
    from tests.site_helpers import page_text

    docs = root / "build" / "docs" / "events" / "t"
    event_page = page_text(docs / "index.md")
    assert "Blue Moon</a>" in event_page and "(dropped)" in event_page, event_page
    teams_page = page_text(docs / "teams.md")
    assert "first: " in teams_page and "Alice Example" in teams_page
