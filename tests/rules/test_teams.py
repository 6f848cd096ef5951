"""Team events: MTR teams (seat matches), Two-Headed Giant, Bushiroad tag and trio fights."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.checks.project_diagnostics import event_checks
from ingest.rules.standings import compute_standings
from ingest.source.project import Project
from tests.builders import DATA, ROOT, run_cli
from tests.site_helpers import page_text


def _write(tmp_path: Path, text: str, decks: dict[str, str] | None = None) -> Project:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "t.yaml").write_text(text)
    for rel, deck in (decks or {}).items():
        (tmp_path / "events" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "events" / rel).write_text(deck)
    return Project(tmp_path)


TAG = """\
name: Tag Fight
date: 2026-10-01
game: vanguard
format: standard
rules: bushiroad
seed: 7
structure: {pairing: swiss, swiss_rounds: 1, best_of: 1, team_size: 2, team_kind: tag%s}
teams:
  - {id: red, name: Red, members: [a1, a2]}
  - {id: blue, name: Blue, members: [b1, b2]}
players:
  - {id: a1, name: A1}
  - {id: a2, name: A2}
  - {id: b1, name: B1}
  - {id: b2, name: B2}
rounds:
  - round: 1
    matches:
      - {table: 1, teams: [red, blue], seats: [{games: 1-0}, {games: 0-1}]}
"""


def test_tag_fight_split_one_one_is_a_draw_by_default(tmp_path: Path) -> None:
    loaded = load_event(_write(tmp_path, TAG % "").root / "events" / "t.yaml", Project(tmp_path))
    assert loaded.event is not None, loaded.diagnostics
    table = compute_standings(loaded.event)
    # Bushiroad: a draw is worth nothing; both teams 0 points, level.
    assert [(r.player, r.record.points, r.record.draws) for r in table.rows] in (
        [("red", 0, 1), ("blue", 0, 1)],
        [("blue", 0, 1), ("red", 0, 1)],
    )


def test_tag_fight_first_seat_decides_when_the_event_says_so(tmp_path: Path) -> None:
    loaded = load_event(
        _write(tmp_path, TAG % ", tied_team_match: first-seat").root / "events" / "t.yaml", Project(tmp_path)
    )
    assert loaded.event is not None
    table = compute_standings(loaded.event)
    assert [(r.player, r.record.points) for r in table.rows] == [("red", 1), ("blue", 0)]


TWO_HEADED = """\
name: Two-Headed Giant
date: 2026-10-01
game: mtg
format: sealed
seed: 3
structure: {pairing: swiss, swiss_rounds: 2, best_of: 1, team_size: 2, team_kind: two-headed-giant}
teams:
  - {id: t1, name: One, members: [p1, p2]}
  - {id: t2, name: Two, members: [p3, p4]}
  - {id: t3, name: Three, members: [p5, p6]}
  - {id: t4, name: Four, members: [p7, p8]}
players:
PLAYERS
rounds:
  - round: 1
    matches:
      - {table: 1, teams: [t1, t2], games: 1-0}
      - {table: 2, teams: [t3, t4], games: 0-1}
  - round: 2
    matches:
      - {table: 1, teams: [t1, t4], games: 1-0}
      - {table: 2, teams: [t2, t3], games: %s}
""".replace("PLAYERS", "\n".join(f"  - {{id: p{i}, name: P{i}}}" for i in range(1, 9)))


def test_two_headed_giant_team_is_one_player_with_one_game_matches(tmp_path: Path) -> None:
    loaded = load_event(_write(tmp_path, TWO_HEADED % "1-0").root / "events" / "t.yaml", Project(tmp_path))
    assert loaded.event is not None, loaded.diagnostics
    table = compute_standings(loaded.event)
    assert table.tiebreakers == ("omw",)  # MTR Appendix C: team events use match results only
    assert [(r.player, r.record.points) for r in table.rows][:1] == [("t1", 6)]
    bad = load_event(_write(tmp_path / "bad", TWO_HEADED % "2-0").root / "events" / "t.yaml", Project(tmp_path / "bad"))
    assert any("one game" in d.message for d in bad.diagnostics)


MTR_TEAM = """\
name: Team Standard
date: 2026-10-01
game: mtg
format: standard
seed: 9
structure: {pairing: swiss, swiss_rounds: 1, team_size: 3, team_kind: mtr-team}
teams:
  - {id: ta, name: A, members: [a1, a2, a3]}
  - {id: tb, name: B, members: [b1, b2, b3]}
players:
  - {id: a1, name: A1, deck: decks/a1.txt}
  - {id: a2, name: A2, deck: decks/a2.txt}
  - {id: a3, name: A3}
  - {id: b1, name: B1}
  - {id: b2, name: B2}
  - {id: b3, name: B3}
rounds:
  - round: 1
    matches:
      - {table: 1, teams: [ta, tb], seats: [{games: 2-1}, {games: 0-2}, {games: 2-0}]}
    drops: [b2]
"""

DECK = "4 {card}\n" + "".join(f"4 Filler Card {i}\n" for i in range(1, 10)) + "20 Plains\n"


def test_mtr_team_result_by_majority_and_member_drop_drops_the_team(tmp_path: Path) -> None:
    decks = {"decks/a1.txt": DECK.format(card="Lightning Bolt"), "decks/a2.txt": DECK.format(card="Shock")}
    project = _write(tmp_path, MTR_TEAM, decks)
    loaded = load_event(project.root / "events" / "t.yaml", project)
    assert loaded.event is not None, loaded.diagnostics
    table = compute_standings(loaded.event)
    assert [(r.player, r.record.points, r.dropped) for r in table.rows] == [("ta", 3, False), ("tb", 0, True)]


def test_unified_deck_construction_flags_a_shared_card(tmp_path: Path) -> None:
    decks = {"decks/a1.txt": DECK.format(card="Lightning Bolt"), "decks/a2.txt": DECK.format(card="Lightning Bolt")}
    project = _write(tmp_path, MTR_TEAM, decks)
    loaded = load_event(project.root / "events" / "t.yaml", project)
    assert loaded.event is not None
    codes = [(d.code, d.message) for d in event_checks(loaded.event, loaded.deck_files, project)]
    assert any(code == "unified-deck" and "Lightning Bolt" in message for code, message in codes), codes


def _report(project: Project, *args: str) -> tuple[str, str]:
    """Runs `report` on the team event; returns what it said on standard output and error."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    result = CliRunner().invoke(main, ["--root", str(project.root), "report", "events/t.yaml", *args])
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def test_report_replaces_seat_results_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _write(
        tmp_path, MTR_TEAM, {"decks/a1.txt": DECK.format(card="Shock"), "decks/a2.txt": DECK.format(card="Opt")}
    )
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(project.root, "report", "events/t.yaml", "--player", "tb", "2-0", "2-0", "0-2")
    assert code == 1 and "already has a result: A vs B: 2-1, 0-2, 2-0" in out, out
    _, note = _report(project, "--player", "tb", "2-0", "2-0", "0-2", "--replace")
    # Read from team B's side: B won seats A and B; the file keeps team A's side.
    assert note == "events/t.yaml: replaced 2-1, 0-2, 2-0 with 0-2, 0-2, 2-0\n"
    loaded = load_event(project.root / "events" / "t.yaml", project)
    assert loaded.event is not None, loaded.diagnostics
    assert [(r.player, r.record.points) for r in compute_standings(loaded.event).rows] == [("tb", 3), ("ta", 0)]


def test_report_replaces_a_two_headed_giant_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _write(tmp_path, TWO_HEADED % "1-0")
    monkeypatch.chdir(tmp_path)
    out, note = _report(project, "--round", "2", "--table", "2", "0-1", "--replace")
    assert (out, note) == ("events/t.yaml: Round 2, table 2: Two 0-1 Three\n", "events/t.yaml: replaced 1-0 with 0-1\n")
    assert "{table: 2, teams: [t2, t3], games: 0-1}" in (project.root / "events" / "t.yaml").read_text()


@pytest.mark.parametrize("kind", ["tag", "trio"])
def test_team_size_must_match_the_seats(tmp_path: Path, kind: str) -> None:
    text = TAG.replace("team_kind: tag%s", f"team_kind: {kind}").replace("team_size: 2", "team_size: 3")
    loaded = load_event(_write(tmp_path, text).root / "events" / "t.yaml", Project(tmp_path))
    assert any(d.code == "team-size" for d in loaded.diagnostics)


def test_tag_fight_team_page_names_seats_first_and_second(tmp_path: Path) -> None:
    """Bushiroad 5.1 orders members first, second (third); MTR 8.2 seats are A, B, C."""
    import datetime as dt

    from ingest.publish.run import build_site

    project = _write(tmp_path, TAG % "")
    shutil.copytree(ROOT / "site_templates", tmp_path / "site_templates")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    build_site(project, today=dt.date(2026, 11, 22), docs_only=True)
    page = page_text(tmp_path / "build" / "docs" / "events" / "t" / "teams.md")
    assert 'first: <a href="../../../players/a1/">A1</a> · second: <a' in page
    assert "B1 0-1 A1; B2 1-0 A2" in page  # Blue's section reads from Blue's side


def _team_sections(page: str) -> dict[str, str]:
    return {s.split(" {: #", 1)[1].split(" }", 1)[0]: s for s in page.split("\n## ")[1:]}


def test_team_page_lists_byes_with_the_team_matches(tmp_path: Path) -> None:
    """A bye counts in a team's record (Bushiroad 3.2.1.2, MTR 8.2): its row is listed too."""
    import datetime as dt

    from ingest.publish.run import build_site

    project = _write(tmp_path, (DATA / "valid" / "tag-three-teams.yaml").read_text())
    shutil.copytree(ROOT / "site_templates", tmp_path / "site_templates")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    build_site(project, today=dt.date(2026, 11, 22), docs_only=True)
    sections = _team_sections(page_text(tmp_path / "build" / "docs" / "events" / "t" / "teams.md"))
    rows = {
        tid: re.findall(r"<tr><td>((?:Playoff round|Round) \d+)</td><td>(.*?)</td><td>(.*?)</td>", s)
        for tid, s in sections.items()
    }
    no_opponent = '<span class="sk-muted">—</span>'
    assert rows == {
        "red": [("Round 1", '<a href="#blue">Blue</a>', "won"), ("Round 2", '<a href="#green">Green</a>', "lost")],
        "blue": [("Round 1", '<a href="#red">Red</a>', "lost"), ("Round 2", no_opponent, "bye")],
        "green": [("Round 1", no_opponent, "bye"), ("Round 2", '<a href="#red">Red</a>', "won")],
    }
    assert "<dt>Record</dt><dd>1-1-0" in sections["blue"]


@pytest.mark.parametrize(("games", "valid"), [("0-1-1", True), ("1-0-2", True), ("0-0-1", True), ("1-1", False)])
def test_two_headed_giant_drawn_games_do_not_count_toward_the_one_game(tmp_path: Path, games: str, valid: bool) -> None:
    """MTR 9.1: drawn games do not count toward the one game; the match goes on until a team
    wins one (or time runs out, a drawn match). Two decided games are impossible."""
    loaded = load_event(_write(tmp_path, TWO_HEADED % games).root / "events" / "t.yaml", Project(tmp_path))
    impossible = [d.message for d in loaded.diagnostics if d.code == "impossible-score"]
    why = "is impossible: a Two-Headed Giant match ends when a team wins one game (MTR 9.1)"
    expected = (True, []) if valid else (False, [f"rounds[1].matches[1].games: {games} {why}"])
    assert (loaded.event is not None, impossible) == expected, loaded.diagnostics
    if valid and games == "0-1-1":
        assert loaded.event is not None
        rows = {r.player: r.record for r in compute_standings(loaded.event).rows}
        # Three won round 2 after a drawn game: a match win (it lost round 1), Two lost both.
        assert (rows["t3"].wins, rows["t3"].losses, rows["t3"].points, rows["t2"].losses) == (1, 1, 3, 2)


def test_two_headed_giant_constructed_format_validates_and_checks_decks(tmp_path: Path) -> None:
    """MTR 9.5: a Two-Headed Giant constructed event is written <format>+two-headed-giant, as
    the overlay's own note says; the event validates and its decks are checked with the
    overlay's rules (Erayo banned, no sideboard, unified deck construction)."""
    text = (TWO_HEADED % "1-0").replace("format: sealed", "format: modern+two-headed-giant")
    text = text.replace("{id: p1, name: P1}", "{id: p1, name: P1, deck: decks/p1.txt}")
    text = text.replace("{id: p2, name: P2}", "{id: p2, name: P2, deck: decks/p2.txt}")
    decks = {
        "decks/p1.txt": DECK.format(card="Erayo, Soratami Ascendant") + "Sideboard\n1 Shock\n",
        "decks/p2.txt": DECK.format(card="Lightning Bolt").replace("Filler Card", "Other Filler"),
    }
    project = _write(tmp_path, text, decks)
    loaded = load_event(project.root / "events" / "t.yaml", project)
    assert loaded.event is not None and not [d for d in loaded.diagnostics if d.is_error], loaded.diagnostics
    found = {(d.code, d.message) for d in event_checks(loaded.event, loaded.deck_files, project)}
    played = " (played: the event is over)"  # a fact of the finished event, never a failure
    erayo = 'p1: "Erayo, Soratami Ascendant" is banned in Modern (Two-Headed Giant) (MTR 9.5)'
    assert ("banned", erayo + played) in found
    assert any(code == "sideboard-size" and "p1" in message for code, message in found), found
