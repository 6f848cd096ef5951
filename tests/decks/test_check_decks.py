"""`scorekeeper check-decks` end to end: verdicts, positions, `--all`, exit status, teams (MTR 8.4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from ingest.cli.main import main
from tests.builders import ROOT

EVENT = """\
name: Deck Check
date: 2026-11-20
game: mtg
format: modern
seed: 1
structure: {pairing: swiss, swiss_rounds: 3}
players:
  - {id: alice, name: Alice, deck: decks/alice.txt}
  - {id: bob, name: Bob, deck: decks/bob.txt}
rounds: []
"""

TEAM_EVENT = """\
name: Team Deck Check
date: 2026-11-20
game: mtg
format: modern
seed: 1
structure: {pairing: swiss, swiss_rounds: 3, team_size: 2, team_kind: mtr-team}
teams:
  - {id: ta, name: Team A, members: [alice, bob]}
  - {id: tb, name: Team B, members: [carol, dan]}
players:
  - {id: alice, name: Alice, deck: decks/alice.txt}
  - {id: bob, name: Bob, deck: decks/bob.txt}
  - {id: carol, name: Carol, deck: decks/carol.txt}
  - {id: dan, name: Dan, deck: decks/dan.txt}
rounds: []
"""


def _deck(owner: str, *, card: str = "", basic: str = "Plains") -> str:
    """A legal 60-card Modern list of the owner's own cards, plus ``card`` if given."""
    names = [f"{owner} Card {i}" for i in range(9)] + [card or f"{owner} Card 9"]
    return "".join(f"4 {name}\n" for name in names) + f"20 {basic}\n"


def _project(tmp_path: Path, event: str, decks: dict[str, str], *, card_data: object = None) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    config = "site_name: Test\ndocs_dir: build/docs\n"
    if card_data is not None:
        (tmp_path / "cards.json").write_text(json.dumps(card_data))
        config += "extra:\n  scorekeeper:\n    card_data:\n      mtg: cards.json\n"
    (tmp_path / "mkdocs.yml").write_text(config)
    (tmp_path / "events" / "decks").mkdir(parents=True)
    (tmp_path / "events" / "e.yaml").write_text(event)
    for pid, text in decks.items():
        (tmp_path / "events" / "decks" / f"{pid}.txt").write_text(text)
    return tmp_path


def _check(root: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--root", str(root), "check-decks", str(root / "events" / "e.yaml"), *args])
    assert "Traceback" not in result.output
    return result


def test_legal_decks_pass_quietly(tmp_path: Path) -> None:
    root = _project(tmp_path, EVENT, {"alice": _deck("Alice"), "bob": _deck("Bob")})
    result = _check(root)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "checked 2 decks: 0 with problems\n")


def test_an_illegal_deck_is_reported_at_the_players_entry_and_fails(tmp_path: Path) -> None:
    root = _project(tmp_path, EVENT, {"alice": _deck("Alice"), "bob": _deck("Bob", card="Oko, Thief of Crowns")})
    result = _check(root)
    assert result.exit_code == 1
    assert result.stdout.startswith(
        'events/e.yaml:9:5: warning[banned]: bob: "Oko, Thief of Crowns" is banned in Modern (MTR 6.4)\n'
    )
    assert result.stderr == "checked 2 decks: 1 with problems\n"


def test_a_finished_events_illegal_deck_is_said_once_as_played(tmp_path: Path) -> None:
    finished = EVENT.replace("swiss_rounds: 3", "swiss_rounds: 1").replace(
        "rounds: []", "rounds:\n  - round: 1\n    matches:\n      - {table: 1, players: [alice, bob], games: 2-0}"
    )
    root = _project(tmp_path, finished, {"alice": _deck("Alice"), "bob": _deck("Bob", card="Oko, Thief of Crowns")})
    result = _check(root)
    banned = [line for line in result.stdout.splitlines() if "warning[banned]" in line]
    assert banned == [
        'events/e.yaml:9:5: warning[banned]: bob: "Oko, Thief of Crowns" is banned in Modern (MTR 6.4)'
        " (played: the event is over)"
    ]
    assert result.stderr == "checked 2 decks: 1 with problems\n"


def test_all_lists_every_verdict_and_the_skipped_checks(tmp_path: Path) -> None:
    root = _project(tmp_path, EVENT, {"alice": _deck("Alice"), "bob": _deck("Bob", card="Oko, Thief of Crowns")})
    lines = _check(root, "--all").stdout.splitlines()
    assert [line for line in lines if not line.startswith(("  ", "events/e.yaml:"))] == []
    verdicts = [line for line in lines if line.startswith("events/e.yaml: ")]
    assert verdicts == ["events/e.yaml: alice: legal", "events/e.yaml: bob: illegal"]
    # Without card data the card pool (MTR 6.2) cannot be checked: said, not guessed.
    assert sum(line.startswith("  skipped: Card pool not checked") for line in lines) == 2


def test_an_invalid_event_file_counts_as_a_problem(tmp_path: Path) -> None:
    root = _project(tmp_path, EVENT.replace("format: modern", "format: modrn"), {"alice": _deck("Alice")})
    result = _check(root)
    assert result.exit_code == 1 and '"modrn" is not one of' in result.stdout
    assert result.stderr == "checked 0 decks: 1 with problems\n"


def test_team_decks_sharing_a_card_break_unified_deck_construction(tmp_path: Path) -> None:
    """MTR 8.4: no two decks of a team share a card other than basic lands; each deck alone is legal."""
    decks = {
        "alice": _deck("Alice", card="Lightning Bolt"),
        "bob": _deck("Bob", card="Lightning Bolt"),
        "carol": _deck("Carol", card="Lightning Bolt"),  # another team: no problem
        "dan": _deck("Dan"),
    }
    root = _project(tmp_path, TEAM_EVENT, decks)
    result = _check(root, "--all")
    assert result.exit_code == 1
    problems = [line for line in result.stdout.splitlines() if "warning[" in line]
    assert problems == [
        'events/e.yaml:8:5: warning[unified-deck]: team ta: "Lightning Bolt" is in the decks of alice and bob; '
        "no two decks on a team may share a card other than basic lands (MTR 8.4)"
    ]
    assert "events/e.yaml: team ta: illegal (unified deck construction)" in result.stdout
    assert "events/e.yaml: team tb: legal (unified deck construction)" in result.stdout
    assert result.stderr == "checked 4 decks and 2 teams: 1 with problems\n"


def test_team_check_uses_card_data_for_basic_lands(tmp_path: Path) -> None:
    """A basic land our list does not name is known as basic from the card data (MTR 8.4)."""
    decks = {pid: _deck(pid.title(), basic="Plains of Elsewhere") for pid in ("alice", "bob", "carol", "dan")}
    basic = {"object": "card", "name": "Plains of Elsewhere", "type_line": "Basic Land — Plains"}
    without = _project(tmp_path / "without", TEAM_EVENT, decks)
    with_data = _project(tmp_path / "with", TEAM_EVENT, decks, card_data=[basic])
    shared = _check(without)
    assert shared.exit_code == 1 and shared.stdout.count("warning[unified-deck]") == 2
    known = _check(with_data)
    assert known.exit_code == 0 and "unified-deck" not in known.stdout
    assert known.stderr == "checked 4 decks and 2 teams: 0 with problems\n"
