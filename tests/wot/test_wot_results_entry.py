"""A Wheel of Time result is checked at its own table the moment it is entered or written.

WoT rules (seed 001), Scoring and Expanded Scoring Example: a game ends with a winner by
goal (5+ support/opposition, only in the Last Battle) or by a kill (a concession or forfeit
scores as one) before or during the Last Battle; both players lose by kills in the same
game-turn; it is a tie only when time is called and the final Last Battle game-turn is
completed with no winner. Anything else ("both lose before the Last Battle by time") never
happened: `report` refuses it, and a file that holds one is an error at that table's line,
naming the game and the table, whether or not the Game's other tables are reported (it
used to pass until the last table came in, then stop every table with errors about "time"
that named none).

Pairing notes and findings name players by name, with the game's own marks (Hero,
Villain), and the site's standings mark a player who dropped.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.wot import pair_wot_game
from tests.builders import ROOT, run_cli
from tests.wot.test_wot_pairing import FIVE, FIVE_1, FIVE_2, FIVE_3

EVENT = """\
name: WoT Night
date: 2026-11-21
game: wot
format: sealed
seed: 3
structure: {pairing: wot-cycles, swiss_rounds: 4}
players:
  - {id: ann, name: Ann Smith}
  - {id: bob, name: Bob Jones}
  - {id: cat, name: Cat Brown}
  - {id: dan, name: Dan Green}
  - {id: eve, name: Eve White}
rounds:
  - round: 1
    matches:
      - {table: 1, hero: eve, villain: bob}
      - {table: 2, hero: cat, villain: dan}
      - {bye: ann}
"""


def _project(tmp_path: Path, text: str = EVENT) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "w.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("result", "why"),
    [
        (["both-lose", "--ended", "before-last-battle", "--by", "time"], "time runs out only after the final Last"),
        (["hero", "--ended", "last-battle", "--by", "time", "--finals", "6-2"], "is a tie; use winner: tie"),
        (["villain", "--ended", "before-last-battle", "--by", "goal"], "won by support/opposition only during"),
        (["tie", "--ended", "last-battle", "--by", "kill"], "a tie happens only when time is called"),
        (["hero", "--ended", "last-battle", "--by", "goal", "--finals", "4-1"], "a goal win needs 5+"),
    ],
)
def test_report_refuses_a_result_that_cannot_have_happened(tmp_path: Path, result: list[str], why: str) -> None:
    path = _project(tmp_path)
    code, out = run_cli(tmp_path, "report", str(path), "--table", "1", *result)
    assert code == 1 and out.startswith(f"error: Game 1, table 1: {result[0]} ("), out
    assert why in out and "Nothing was written" in out, out
    assert path.read_text() == EVENT


@pytest.mark.parametrize(
    "result",
    [
        ["tie", "--ended", "last-battle", "--by", "time"],
        ["both-lose", "--ended", "before-last-battle", "--by", "kill"],
        ["both-lose", "--ended", "last-battle", "--by", "kill", "--finals", "3-2"],
        ["hero", "--ended", "before-last-battle", "--by", "concession"],
        ["villain", "--ended", "last-battle", "--by", "forfeit", "--finals", "1-4"],
        ["hero", "--ended", "last-battle", "--by", "goal", "--finals", "6-2"],
    ],
)
def test_report_records_every_ending_the_rules_know(tmp_path: Path, result: list[str]) -> None:
    path = _project(tmp_path)
    code, out = run_cli(tmp_path, "report", str(path), "--table", "1", *result)
    assert code == 0, out
    code, out = run_cli(tmp_path, "report", str(path), "--table", "2", "villain", "--ended", "last-battle", "--by",
                        "kill", "--finals", "2-3")  # fmt: skip
    assert code == 0, out


def test_a_wrong_result_in_the_file_is_an_error_at_its_table_before_the_game_is_over(tmp_path: Path) -> None:
    """Table 1 written by hand with an impossible result while table 2 is unreported: the
    error names game 1, table 1 and its line at once, and `report --replace` of that table
    fixes it; table 2's report is then recorded."""
    wrong = EVENT.replace(
        "{table: 1, hero: eve, villain: bob}",
        "{table: 1, hero: eve, villain: bob, winner: both-lose, ended: before-last-battle, by: time}",
    )
    path = _project(tmp_path, wrong)
    code, out = run_cli(tmp_path, "validate", str(path))
    assert code == 1, out
    errors = [row for row in out.splitlines() if "error[" in row]
    assert errors and all(re.match(r"events/w\.yaml:16:\d+: error\[wot-time-", row) for row in errors), out
    assert all(": rounds[0].matches[0]: game 1, table 1: " in row for row in errors), out
    code, out = run_cli(
        tmp_path, "report", str(path), "--table", "1", "tie", "--ended", "last-battle", "--by", "time", "--replace"
    )
    assert code == 0 and "fixed: rounds[0].matches[0]: game 1, table 1" in out, out
    code, out = run_cli(tmp_path, "report", str(path), "--table", "2", "hero", "--ended", "before-last-battle", "--by",
                        "kill")  # fmt: skip
    assert code == 0, out
    code, out = run_cli(tmp_path, "validate", str(path))
    assert code == 0, out


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("winner: hero", "wot-result"),
        ("games: 2-0", "match-shape"),
        ("winner: tie, ended: last-battle, by: kill", "wot-tie-not-time"),
        ("winner: both-lose, ended: last-battle, by: goal", "wot-both-lose-by-goal"),
    ],
)
def test_every_game_error_names_its_game_and_table(written: str, code: str) -> None:
    from ingest.checks.event_files import parse_event_text
    from ingest.source.project import Project

    text = EVENT.replace("{table: 2, hero: cat, villain: dan}", f"{{table: 2, hero: cat, villain: dan, {written}}}")
    found = [(d.code, d.message, d.pos.line) for d in parse_event_text(text, "w.yaml", Project(ROOT))[2]]
    assert found and all(f[1].startswith("rounds[0].matches[1]: game 1, table 2: ") and f[2] == 17 for f in found)
    assert code in [f[0] for f in found], found


def test_pairing_notes_name_the_players_with_their_decks() -> None:
    """Pairing notes are for the TO at the table: names, and the game's own Hero and Villain."""
    history = [FIVE_1, FIVE_2, FIVE_3]  # game 4 moves a player down and repeats a meeting
    names = {p: f"Player {p.upper()}" for p in "abcde"}
    named = pair_wot_game(history, FIVE, 9, 4, names)
    assert named.tables == pair_wot_game(history, FIVE, 9, 4).tables
    assert named.notes == (
        "table 1: Player E plays Player B instead of Player A, who moves down to avoid a rematch",
        "table 1: Player B (Hero) and Player E (Villain) meet again",
    )


def test_site_standings_mark_a_player_who_dropped(tmp_path: Path) -> None:
    """Every ruleset's standings mark a drop: Bob dropped after game 1, so the standings
    after game 1 show him "(dropped)" on the event page and on the pairings page."""
    import datetime as dt

    from ingest.publish.run import build_site
    from ingest.source.project import Project
    from tests.site_helpers import page_text

    text = EVENT.replace(
        "{table: 1, hero: eve, villain: bob}",
        "{table: 1, hero: eve, villain: bob, winner: hero, ended: before-last-battle, by: kill}",
    ).replace(
        "{table: 2, hero: cat, villain: dan}",
        "{table: 2, hero: cat, villain: dan, winner: tie, ended: last-battle, by: time}",
    )
    path = _project(tmp_path, text + "    drops: [bob]\n")
    shutil.copytree(ROOT / "site_templates", tmp_path / "site_templates")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    assert path.is_file()
    build_site(Project(tmp_path), today=dt.date(2026, 11, 22), docs_only=True)
    for page in ("index.md", "rounds.md"):
        html = page_text(tmp_path / "build" / "docs" / "events" / "w" / page)
        rows = re.findall(
            r'<tr class="sk-dropped"><td>\d+</td><td><a [^>]*>([^<]+)</a> <span[^>]*>([^<]+)</span>', html
        )
        assert rows == [("Bob Jones", "(dropped)")], (page, html)
