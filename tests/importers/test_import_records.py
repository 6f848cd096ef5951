"""What a platform recorded is imported as recorded (issue 38, point 6): an archive's files
that an event file would not allow as a TO's are kept, with warnings, never refused.

Each case is a hand-made MTGODecklistCache file imported with ``scorekeeper import``; the
event written must pass ``validate`` with the warnings the case calls for and no error.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from ingest.cli.main import main
from ingest.core.diagnostics import has_errors
from ingest.source.pipeline import load_event
from ingest.source.project import Project
from ingest.source.project_diagnostics import check_project


def _deck(player: str, place: int) -> dict[str, Any]:
    main_deck = [{"Count": 4, "CardName": "Lightning Bolt"}, {"Count": 56, "CardName": "Mountain"}]
    return {"Date": "2025-08-23T13:00:00", "Player": player, "Result": f"{place}th Place", "AnchorUri": None,
            "Mainboard": main_deck, "Sideboard": []}  # fmt: skip


def _row(rank: int, player: str, wins: int, losses: int) -> dict[str, Any]:
    return {"Rank": rank, "Player": player, "Points": 3 * wins, "Wins": wins, "Losses": losses, "Draws": 0,
            "OMWP": 0.5, "GWP": 0.5, "OGWP": 0.5}  # fmt: skip


def _file(
    root: Path, name: str, rounds: Sequence[tuple[str, Sequence[tuple[str | None, str | None, str]]]], rows: list[Any]
) -> Path:
    players = [r["Player"] for r in rows]
    doc = {
        "Tournament": {
            "Date": "2025-08-23T13:00:00",
            "Name": name,
            "Uri": f"https://example.org/t/{len(name)}",
            "Formats": "Pauper",
        },
        "Decks": [_deck(p, i + 1) for i, p in enumerate(players)],
        "Rounds": [
            {"RoundName": label, "Matches": [{"Player1": a, "Player2": b, "Result": r} for a, b, r in matches]}
            for label, matches in rounds
        ],
        "Standings": rows,
    }
    path = root / f"{len(name)}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _import(root: Path, path: Path) -> tuple[str, str]:
    result = CliRunner().invoke(main, ["--root", str(root), "import", str(path)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout, result.stderr


def _checked(root: Path) -> tuple[Any, list[tuple[str, str]]]:
    """The one event imported, and what ``validate`` says of the project (code, message)."""
    checked = check_project(Project(root))
    assert not has_errors(checked.diagnostics), [d.render() for d in checked.diagnostics]
    (loaded,) = checked.loaded
    assert loaded.event is not None
    return loaded.event, [(d.code, d.message) for d in checked.diagnostics if d.code != "finished-event"]


def test_two_players_with_one_name_get_two_ids_and_a_warning(tmp_path: Path) -> None:
    """Two "Bob"s in the standings, who meet in round 2: refused before ("listed twice in the
    standings", "paired against themselves")."""
    rounds = [
        ("Round 1", [("Ann", "Bob", "2-0-0"), ("Bob", "Cid", "2-1-0")]),
        ("Round 2", [("Bob", "Bob", "2-0-0"), ("Ann", "Cid", "2-1-0")]),
    ]
    rows = [_row(1, "Ann", 2, 0), _row(2, "Bob", 2, 0), _row(3, "Bob", 0, 2), _row(4, "Cid", 0, 2)]
    path = _file(tmp_path, "Namesakes", rounds, rows)
    _, err = _import(tmp_path, path)
    assert 'warning[import]: 2 players are called "Bob" (Standings[1] and [2]): they are told apart by their ids' in err
    event, said = _checked(tmp_path)
    assert [(p.id, p.name) for p in event.players] == [("ann", "Ann"), ("bob", "Bob"), ("bob-2", "Bob"), ("cid", "Cid")]
    # round 1: the first Bob plays Ann, the second (the first is paired) plays Cid; round 2: they meet
    assert [m.players for m in event.rounds[0].matches] == [("ann", "bob"), ("bob-2", "cid")]
    assert [m.players for m in event.rounds[1].matches] == [("bob", "bob-2"), ("ann", "cid")]
    assert [r.player for r in event.origin.standings] == ["ann", "bob", "bob-2", "cid"]
    assert said == []
    assert any('called "Bob"' in note for note in event.origin.notes)
    decks = sorted(p.name for p in (tmp_path / "events" / "2025" / "decks").rglob("*.txt"))
    assert decks == ["ann.txt", "bob-2.txt", "bob.txt", "cid.txt"]


def test_a_name_paired_against_itself_without_standings_is_two_players(tmp_path: Path) -> None:
    rounds = [("Round 1", [("Bob", "Bob", "2-1-0"), ("Ann", "Cid", "2-0-0")])]
    path = _file(tmp_path, "Mirror", rounds, [])
    _, err = _import(tmp_path, path)
    assert '2 players are called "Bob": they are told apart by their ids' in err
    event, said = _checked(tmp_path)
    assert [m.players for m in event.rounds[0].matches] == [("bob", "bob-2"), ("ann", "cid")]
    assert said == []


def test_a_player_paired_twice_in_one_round_is_kept_as_recorded_with_warnings(tmp_path: Path) -> None:
    """Refused before: "plays twice in this round"."""
    rounds = [("Round 1", [("Ann", "Bob", "2-0-0"), ("Ann", "Cid", "2-1-0"), ("Dan", "Bob", "2-0-0")])]
    rows = [_row(1, "Ann", 2, 0), _row(2, "Dan", 1, 0), _row(3, "Bob", 0, 2), _row(4, "Cid", 0, 1)]
    path = _file(tmp_path, "Twice in a round", rounds, rows)
    _, err = _import(tmp_path, path)
    assert 'warning[import]: Round 1: "Ann" is paired twice in the platform\'s record, kept as recorded' in err
    assert 'warning[import]: Round 1: "Bob" is paired twice' in err
    event, said = _checked(tmp_path)
    assert [m.players for m in event.rounds[0].matches] == [("ann", "bob"), ("ann", "cid"), ("dan", "bob")]
    # Both are first at round 1's first match, its line in the written file.
    (written,) = (tmp_path / "events").rglob("*.yaml")
    first = 1 + next(i for i, line in enumerate(written.read_text().splitlines()) if "{players: [ann, bob]" in line)
    assert said == [
        ("double-booked", f'rounds[0].matches[1]: "ann" appears twice in this round (first at line {first}) '
         "(kept as the platform recorded it)"),
        ("double-booked", f'rounds[0].matches[2]: "bob" appears twice in this round (first at line {first}) '
         "(kept as the platform recorded it)"),
    ]  # fmt: skip


def test_a_player_in_the_playoff_after_a_recorded_drop_is_kept_with_a_warning(tmp_path: Path) -> None:
    """Dan does not play round 2 (a drop, as the platform's rounds record it) but plays the semifinal."""
    rounds: list[tuple[str, list[tuple[str, str | None, str]]]] = [
        ("Round 1", [("Ann", "Bob", "2-0-0"), ("Cid", "Dan", "2-0-0")]),
        ("Round 2", [("Ann", "Cid", "2-0-0"), ("Bob", None, "2-0-0")]),
        ("Semifinals", [("Ann", "Dan", "2-0-0"), ("Cid", "Bob", "2-1-0")]),
        ("Finals", [("Ann", "Cid", "2-0-0")]),
    ]
    rows = [_row(1, "Ann", 2, 0), _row(2, "Cid", 1, 1), _row(3, "Bob", 1, 1), _row(4, "Dan", 0, 1)]
    path = _file(tmp_path, "Drop then playoff", rounds, rows)
    _import(tmp_path, path)
    event, said = _checked(tmp_path)
    assert event.rounds[0].drops == ("dan",)
    assert [m.players for m in event.playoff[0].matches] == [("ann", "dan"), ("cid", "bob")]
    assert ("after-drop", 'playoff[0].matches[0]: "dan" dropped after round 1 but is paired in the playoff '
            "(kept as the platform recorded it)") in said  # fmt: skip


def test_a_drop_then_a_pairing_is_still_an_error_in_a_tos_own_file(tmp_path: Path) -> None:
    """The warnings above are for a platform's record only: a TO's file is still refused."""
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(
        "name: E\ndate: 2026-01-01\ngame: mtg\nformat: modern\nseed: 1\nstructure: {pairing: swiss, swiss_rounds: 2}\n"
        "players:\n  - {id: a, name: A}\n  - {id: b, name: B}\n  - {id: c, name: C}\n  - {id: d, name: D}\n"
        "rounds:\n  - round: 1\n    matches:\n      - {players: [a, b], games: 2-0}\n"
        "      - {players: [a, c], games: 2-0}\n"
        "      - {players: [d, b], games: 2-0}\n",
        encoding="utf-8",
    )
    loaded = load_event(tmp_path / "events" / "e.yaml", Project(tmp_path))
    assert loaded.event is None
    assert [d.code for d in loaded.diagnostics if d.is_error] == ["double-booked", "double-booked"]


def test_names_with_commas_and_quotes_are_written_as_data(tmp_path: Path) -> None:
    """`Hi, I'm Peo` (from a real archive) and names with , [ ] # read back exactly as the platform wrote them."""
    names = ["Hi, I'm Peo", "Smith, John", "[Team] Ann, #1", "O'Brien: the {best}"]
    rounds = [("Round 1", [(names[0], names[1], "2-0-0"), (names[2], names[3], "2-1-0")])]
    rows = [_row(1, names[0], 1, 0), _row(2, names[2], 1, 0), _row(3, names[1], 0, 1), _row(4, names[3], 0, 1)]
    path = _file(tmp_path, "Awkward names", rounds, rows)
    _import(tmp_path, path)
    event, said = _checked(tmp_path)
    assert [p.name for p in event.players] == [names[0], names[2], names[1], names[3]]
    assert [p.id for p in event.players] == ["hi-i-m-peo", "team-ann-1", "smith-john", "o-brien-the-best"]
    assert said == []


def test_players_are_matched_to_players_yaml_by_lookup_not_by_a_pass_per_file(monkeypatch: Any) -> None:
    """An aggregator imports thousands of files against one players.yaml: the registry is
    indexed once, then each name is one lookup (each file passed over every registered player)."""
    import ingest.importers.event_writer as event_writer
    from ingest.importers.event_writer import KnownPlayers, assign_ids
    from ingest.source.players import PlayerRegistry, RegisteredPlayer

    registry = PlayerRegistry({f"p{i}": RegisteredPlayer(f"p{i}", f"Player {i}") for i in range(500)})
    from ingest.importers.tournament import name_key

    calls: list[str] = []

    def counted(name: str) -> str:
        calls.append(name)
        return name_key(name)

    monkeypatch.setattr(event_writer, "name_key", counted)
    for file in range(20):
        ids = assign_ids([f"Player {file}", "Someone New"], KnownPlayers({}, registry))
        assert ids == {f"Player {file}": f"p{file}", "Someone New": "someone-new"}
    assert len(calls) == 500 + 20 * 2  # the registry once, then the names of each file
