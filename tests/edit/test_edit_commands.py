"""`new`, `report` and `drop`: comment-preserving edits that change only what they must."""

from __future__ import annotations

import difflib
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.cli.main import main
from ingest.edit.splice import EditError, Editor, apply_splices, render_flow
from ingest.source import storage
from tests.builders import DATA
from tests.builders import run_cli as _run

HAND_FORMATTED = """\
# Friday Night Modern -- kept by hand
name: "Friday Night Modern"   # quoted on purpose
date: 2026-11-20
game: mtg
format: modern
seed: 0x1F  # hex is fine
structure: {pairing: swiss, swiss_rounds: 3}
players:
- {id: alice, name: Alice}
- id: bob
  name: 'Bob'
- {id: carol, name: Carol}
- {id: dan, name: Dan}
rounds:
-   round: 1
    matches:
        - {table: 1, players: [alice, bob]}     # feature match
        -   table: 2
            players: [carol, dan]
"""


@pytest.fixture
def event_dir(tmp_path: Path) -> Path:
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HAND_FORMATTED)
    return tmp_path


def _changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]


def test_report_by_table_changes_one_line_and_keeps_comments(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    code, out = _run(event_dir, "report", str(path), "--table", "1", "2-1")
    assert code == 0, out
    assert _changed_lines(HAND_FORMATTED, path.read_text()) == [
        "-         - {table: 1, players: [alice, bob]}     # feature match",
        "+         - {table: 1, players: [alice, bob], games: 2-1}     # feature match",
    ]


def test_report_by_player_reads_the_score_from_their_side(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    code, _ = _run(event_dir, "report", str(path), "--player", "dan", "2-0")
    assert code == 0
    assert _changed_lines(HAND_FORMATTED, path.read_text()) == ["+             games: 0-2"]


def test_report_never_replaces_a_result_without_replace(event_dir: Path) -> None:
    """A mistyped table number must not overwrite someone else's result."""
    path = event_dir / "events" / "e.yaml"
    _run(event_dir, "report", str(path), "--table", "1", "2-1")
    recorded = path.read_text()
    code, out = _run(event_dir, "report", str(path), "--table", "1", "0-0-3")
    assert code == 1
    assert "Round 1, table 1 already has a result: Alice 2-1 Bob" in out and "--replace" in out
    assert path.read_text() == recorded
    code, out = _run(event_dir, "report", str(path), "--table", "1", "0-0-3", "--replace")
    assert code == 0, out
    assert "{table: 1, players: [alice, bob], games: 0-0-3}     # feature match" in path.read_text()
    assert "replaced 2-1 with 0-0-3" in out


def test_reporting_the_same_result_again_changes_nothing(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    _run(event_dir, "report", str(path), "--table", "1", "2-1")
    recorded = path.read_text()
    code, out = _run(event_dir, "report", str(path), "--player", "bob", "1-2")
    assert code == 0, out
    assert "already recorded" in out
    assert path.read_text() == recorded


def _report(root: Path, path: Path, *args: str) -> str:
    """Runs `report` successfully and returns what it said on standard error."""
    result = CliRunner().invoke(main, ["--root", str(root), "report", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.stderr


@pytest.mark.parametrize(
    ("table", "before", "after"),
    [
        (
            "1",  # a flow mapping: the entry is edited in place, its comment kept
            ["-         - {table: 1, players: [alice, bob]}     # feature match"],
            ["+         - {table: 1, players: [alice, bob], %s}     # feature match"],
        ),
        ("2", [], ["+             %s"]),  # a block mapping: one line added
    ],
)
def test_report_replaces_any_result_and_says_so(
    event_dir: Path, table: str, before: list[str], after: list[str]
) -> None:
    """A TO correcting a slip: every result kind replaces the one recorded, games or double loss."""
    path = event_dir / "events" / "e.yaml"
    steps = [
        ("2-1", "games: 2-1", ""),
        ("double-loss", "result: double-loss", "events/e.yaml: replaced 2-1 with double-loss\n"),
        ("0-0-3", "games: 0-0-3", "events/e.yaml: replaced double-loss with 0-0-3\n"),
        ("0-0-3", "games: 0-0-3", ""),  # the same result again replaces nothing
    ]
    for result, entry, note in steps:
        assert _report(event_dir, path, "--table", table, result, "--replace") == note
        assert _changed_lines(HAND_FORMATTED, path.read_text()) == before + [line % entry for line in after]


def test_report_refuses_an_impossible_score_and_writes_nothing(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    code, out = _run(event_dir, "report", str(path), "--table", "1", "3-0")
    assert code == 1
    assert "impossible-score" in out and "nothing was written" in out
    assert path.read_text() == HAND_FORMATTED


def test_report_double_loss(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    code, _ = _run(event_dir, "report", str(path), "--table", "2", "double-loss")
    assert code == 0
    assert _changed_lines(HAND_FORMATTED, path.read_text()) == ["+             result: double-loss"]


def test_report_unknown_table_is_a_clear_error(event_dir: Path) -> None:
    code, out = _run(event_dir, "report", str(event_dir / "events" / "e.yaml"), "--table", "9", "2-0")
    assert code == 1 and "Round 1 has no match for table 9 (its tables: 1, 2)" in out


def test_drop_adds_a_drops_entry_and_nothing_else(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    code, out = _run(event_dir, "drop", str(path), "dan")
    assert code == 0, out
    assert _changed_lines(HAND_FORMATTED, path.read_text()) == ["+     drops: [dan]"]
    code, _ = _run(event_dir, "drop", str(path), "carol")
    assert "drops: [dan, carol]" in path.read_text()


def test_drop_twice_is_refused(event_dir: Path) -> None:
    path = event_dir / "events" / "e.yaml"
    _run(event_dir, "drop", str(path), "dan")
    code, out = _run(event_dir, "drop", str(path), "dan")
    assert code == 1 and "already dropped after round 1" in out


def test_edits_keep_windows_line_endings(tmp_path: Path) -> None:
    """A CRLF file stays CRLF through report (new key, replaced value), drop and pair."""
    steps = [
        ("report", "--table", "1", "2-1"),  # replaces text inside a flow mapping
        ("report", "--player", "dan", "2-0"),  # adds a line to a block mapping
        ("drop", "dan"),  # adds drops: to the round
        ("pair",),  # appends a whole round in block style
    ]
    files = {}
    for ending, name in (("\n", "lf"), ("\r\n", "crlf")):
        root = tmp_path / name
        (root / "events").mkdir(parents=True)
        files[ending] = root / "events" / "e.yaml"
        files[ending].write_bytes(HAND_FORMATTED.replace("\n", ending).encode())
    for step in steps:
        for path in files.values():
            code, out = _run(path.parents[1], step[0], str(path), *step[1:])
            assert code == 0, (step, out)
        lf, crlf = (files[e].read_bytes().decode() for e in ("\n", "\r\n"))
        assert lf != HAND_FORMATTED and "\r" not in lf
        assert crlf == lf.replace("\n", "\r\n"), step


def test_new_writes_a_valid_file_with_the_schema_hint(tmp_path: Path) -> None:
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    (tmp_path / "events").mkdir()
    code, out = _run(
        tmp_path,
        "new",
        "--name",
        "Friday Night Modern #42",
        "--date",
        "2026-11-20",
        "--game",
        "mtg",
        "--format",
        "modern",
        "--seed",
        "5",
        "--top",
        "8",
    )
    assert code == 0, out
    path = tmp_path / "events" / "2026" / "2026-11-20-friday-night-modern-42.yaml"
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=../../schema/event.schema.json\n")
    assert "seed: 5" in text and "playoff: {top: 8, seeding: standings}" in text
    code, out = _run(tmp_path, "validate", str(path))
    assert code == 0
    code, out = _run(
        tmp_path,
        "new",
        "--name",
        "Friday Night Modern #42",
        "--date",
        "2026-11-20",
        "--game",
        "mtg",
        "--format",
        "modern",
    )
    assert code == 1 and "already exists" in out


def test_a_crash_while_writing_leaves_the_original_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "e.yaml"
    path.write_text("original\n")

    def boom(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        storage.write_atomically(path, "new text\n")
    assert path.read_text() == "original\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.yaml"]


def test_a_crash_before_the_rename_leaves_the_original_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "e.yaml"
    path.write_text("original\n")
    monkeypatch.setattr(os, "replace", lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        storage.write_atomically(path, "new text\n")
    assert path.read_text() == "original\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.yaml"]


def test_write_tree_keeps_the_old_tree_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    storage.write_tree(site, {"index.html": "v1", "a/b.html": "v1"})
    real = Path.write_text

    def flaky(
        self: Path, data: str, encoding: str | None = None, errors: str | None = None, newline: str | None = None
    ) -> int:
        if self.name == "b.html":
            raise OSError("disk full")
        return real(self, data, encoding, errors, newline)

    monkeypatch.setattr(Path, "write_text", flaky)
    with pytest.raises(OSError, match="disk full"):
        storage.write_tree(site, {"index.html": "v2", "a/b.html": "v2"})
    assert (site / "index.html").read_text() == "v1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_editor_appends_a_block_round_in_the_documents_style() -> None:
    editor = Editor(HAND_FORMATTED)
    editor.append_item(("rounds",), {"round": 2, "matches": [{"table": 1, "players": ["alice", "carol"]}]}, block=True)
    out = editor.result()
    assert out.startswith(HAND_FORMATTED)
    assert out[len(HAND_FORMATTED) :] == "- round: 2\n  matches:\n      - {table: 1, players: [alice, carol]}\n"


def test_splices_and_flow_rendering() -> None:
    assert apply_splices("abcdef", []) == "abcdef"
    assert render_flow({"bye": "gus"}) == "{bye: gus}"
    assert render_flow("on") == "'on'"


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("m:\n- {a: 1, b: 2, c: 3}\n", "a", "m:\n- {b: 2, c: 3}\n"),
        ("m:\n- {a: 1, b: 2, c: 3}\n", "b", "m:\n- {a: 1, c: 3}\n"),
        ("m:\n- {a: 1, b: 2, c: 3}  # note\n", "c", "m:\n- {a: 1, b: 2}  # note\n"),
        ("m:\n- a: 1  # one\n  b: 2\n  c: 3\n", "a", "m:\n- b: 2\n  c: 3\n"),
        ("m:\n- a: 1\n  b: 2  # two\n  c: 3\n", "b", "m:\n- a: 1\n  c: 3\n"),
        ("m:\n- a: 1\n  b: 2\n  c: 3  # three\nz: 0\n", "c", "m:\n- a: 1\n  b: 2\nz: 0\n"),
        ("m:\n- a: 1\n  c: 3", "c", "m:\n- a: 1\n"),
    ],
)
def test_editor_removes_a_key_and_only_it(text: str, key: str, expected: str) -> None:
    editor = Editor(text)
    editor.remove_key(("m", 0), key)
    assert editor.result() == expected


def test_editor_refuses_to_remove_the_only_key() -> None:
    with pytest.raises(EditError, match="only key"):
        Editor("m: {a: 1}\n").remove_key(("m",), "a")


WOT = """\
name: WoT Test
date: 2026-11-01
game: wot
format: sealed
seed: 5
structure: {pairing: wot-cycles, swiss_rounds: 4}
players:
  - {id: a, name: A}
  - {id: b, name: B}
  - {id: c, name: C}
rounds:
  - round: 1
    matches:
      - {table: 1, hero: c, villain: b}
      - {bye: a}
"""


def test_report_a_wheel_of_time_game(tmp_path: Path) -> None:
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    shutil.copytree(DATA.parents[1] / "formats", tmp_path / "formats")
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "w.yaml"
    path.write_text(WOT)
    code, out = _run(
        tmp_path,
        "report",
        str(path),
        "--table",
        "1",
        "hero",
        "--ended",
        "last-battle",
        "--by",
        "goal",
        "--finals",
        "7-3",
    )
    assert code == 0, out
    assert (
        "- {table: 1, hero: c, villain: b, winner: hero, ended: last-battle, by: goal, hero_final: 7, "
        "villain_final: 3}" in path.read_text()
    )
    code, out = _run(tmp_path, "report", str(path), "--table", "1", "villain")
    assert code == 1 and "needs --ended (before-last-battle or last-battle) and --by" in out
    # A result written as a game score is answered in Wheel of Time terms.
    code, out = _run(tmp_path, "report", str(path), "--table", "1", "2-1")
    assert code == 1 and "'2-1' is not a Wheel of Time result: name the winning side (hero or villain)" in out
    # A recorded game is changed only on request, and then the whole record goes.
    code, out = _run(
        tmp_path,
        "report",
        str(path),
        "--table",
        "1",
        "villain",
        "--ended",
        "last-battle",
        "--by",
        "goal",
        "--finals",
        "2-6",
    )
    assert (
        code == 1 and "Game 1, table 1 already has a result: C (Hero) beat B (Villain) (goal, last-battle, 7-3)" in out
    )
    note = _report(
        tmp_path, path, "--table", "1", "villain", "--ended", "before-last-battle", "--by", "kill", "--replace"
    )
    assert note == "events/w.yaml: replaced hero (goal, last-battle, 7-3) with villain (kill, before-last-battle)\n"
    assert "- {table: 1, hero: c, villain: b, winner: villain, ended: before-last-battle, by: kill}\n" in (
        path.read_text()
    )


@pytest.mark.parametrize(
    ("game", "fmt", "players", "lines"),
    [
        # MTR Appendix E: 5-8 players play three single-elimination rounds, no Swiss.
        ("mtg", "modern", 6, ["  pairing: single-elimination   # recommended for 6 players: single elimination"]),
        # Bushiroad 3.2.1.1: a round robin for 2-4 fighters.
        ("vanguard", "standard", 3, ["  pairing: round-robin   # recommended for 3 players: round robin, 3 rounds"]),
        ("mtg", "modern", 24, ["  pairing: swiss", "  swiss_rounds: 5   # recommended", "  playoff: {top: 8"]),
        ("transformers", "constructed", 8, ["  pairing: swiss", "  swiss_rounds: 3   # recommended"]),
    ],
)
def test_new_writes_the_structure_its_comment_recommends(
    tmp_path: Path, game: str, fmt: str, players: int, lines: list[str]
) -> None:
    shutil.copytree(DATA.parents[1] / "schema", tmp_path / "schema")
    shutil.copytree(DATA.parents[1] / "formats", tmp_path / "formats")
    (tmp_path / "events").mkdir()
    args = ["new", "--name", "T", "--date", "2026-11-20", "--game", game, "--format", fmt, "--players", str(players)]
    code, out = _run(tmp_path, *args)
    assert code == 0, out
    text = (tmp_path / "events" / "2026" / "2026-11-20-t.yaml").read_text()
    for line in lines:
        assert any(written.startswith(line) for written in text.splitlines()), text
    if "swiss" not in lines[0]:
        assert "swiss_rounds" not in text


# Bushiroad 3.2.1.1, each band's ends: (fighters, rounds without a cut, rounds with a cut).
BUSHIROAD_BANDS = [
    (5, "3", None),
    (8, "3", None),
    (9, "4", "3-5"),
    (16, "4", "3-5"),
    (17, "5", "3-5"),
    (32, "5", "3-5"),
    (33, "6", "3-5"),
    (64, "6", "3-5"),
    (65, "7", "4-6"),
    (128, "7", "4-6"),
    (129, "8", "5-7"),
    (256, "8", "5-7"),
    (257, "9", "6-8"),
    (512, "9", "6-8"),
    (513, "10", "7-9"),
    (1024, "10", "7-9"),
]


@pytest.mark.parametrize(("players", "plain", "with_cut"), BUSHIROAD_BANDS)
def test_new_writes_bushiroad_rounds_with_and_without_a_cut(
    tmp_path: Path, players: int, plain: str, with_cut: str | None
) -> None:
    """Bushiroad 3.2.1.1 has two tables: with a cut to a top tier (--top) 9-64 fighters play
    3-5 rounds, not the 6 of 33-64 without one; the file takes the middle of the range."""
    (tmp_path / "events").mkdir()
    args = ["--game", "vanguard", "--format", "standard", "--players", str(players), "--date", "2026-11-20"]
    for name, top, expected in (("plain", [], plain), ("cut", ["--top", "8"], with_cut)):
        code, out = _run(tmp_path, "new", "--name", name, *args, *top)
        assert code == 0, out
        text = (tmp_path / "events" / "2026" / f"2026-11-20-{name}.yaml").read_text()
        rounds = re.search(r"^  swiss_rounds: (\w+)(.*)$", text, re.M)
        assert rounds is not None, text
        if expected is None:  # 5-8 fighters: the table with a cut has no row
            assert rounds[1] == "auto" and f"no recommendation for {players} players with a top 8" in out, out
            continue
        low, _, high = expected.partition("-")
        middle = str((int(low) + int(high or low)) // 2)
        assert (rounds[1], rounds[2]) == (
            middle,
            f"   # recommended for {players} players: {expected} Swiss rounds (Bushiroad 3.2.1.1)",
        ), text


def test_new_from_a_subfolder_names_where_the_file_went(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The project is found by walking up (like git); the file's path is then shown in full."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    (tmp_path / "events").mkdir()
    (tmp_path / "notes").mkdir()
    monkeypatch.chdir(tmp_path / "notes")
    args = ["new", "--name", "Sub Night", "--date", "2026-12-01", "--game", "mtg", "--format", "modern"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    made = tmp_path / "events" / "2026" / "2026-12-01-sub-night.yaml"
    assert made.is_file()
    assert f"created {made.resolve()} (in the project at {tmp_path.resolve()})" in result.output
