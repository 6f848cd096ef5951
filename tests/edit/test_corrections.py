"""The corrections a TO makes on event night, and results that are never changed behind their back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.rules.final_standings import final_standings
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run

HEADER = """\
# Friday night, kept by hand
name: Correction Night
date: 2026-12-04
game: mtg
format: modern
seed: 4242
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3, playoff: {top: 4}}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
  - {id: cem, name: Cem}
  - {id: dee, name: Dee}
  - {id: eve, name: Eve}
  - {id: fay, name: Fay}
  - {id: gus, name: Gus}
  - {id: hal, name: Hal}
rounds: []
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER)
    return tmp_path


def _file(root: Path) -> Path:
    return root / "events" / "e.yaml"


def _event(root: Path) -> Event:
    loaded = load_event(_file(root), Project(root))
    assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
    return loaded.event


def _ok(root: Path, *args: str) -> str:
    code, out = run(root, *args)
    assert code == 0, out
    return out


def _play_round(root: Path, *, playoff: bool = False) -> None:
    """Pairs the next round and reports every table 2-1 for the first-listed player."""
    _ok(root, "pair", str(_file(root)))
    event = _event(root)
    rnd = event.playoff[-1] if playoff else event.rounds[-1]
    for m in rnd.matches:
        if len(m.players) == 2:
            _ok(root, "report", str(_file(root)), "--table", str(m.table), "2-1", *(["--playoff"] if playoff else []))


def test_after_the_cut_a_table_number_means_the_playoff(project: Path) -> None:
    """The README's `report FILE --table 1 2-1` after the cut records a semifinal, never a Swiss match."""
    for _ in range(3):
        _play_round(project)
    _ok(project, "pair", str(_file(project)))
    swiss_before = _event(project).rounds
    out = _ok(project, "report", str(_file(project)), "--table", "1", "2-0")
    event = _event(project)
    assert event.rounds == swiss_before
    assert event.playoff[0].matches[0].score is not None
    assert out.startswith("events/e.yaml: Semifinals, table 1: ")
    # A Swiss round is still reachable by naming it; the result there is already recorded.
    code, out = run(project, "report", str(_file(project)), "--round", "3", "--table", "1", "2-0")
    assert code == 1 and "Round 3, table 1 already has a result" in out
    # A table the playoff round does not have is refused, with the way to a Swiss round.
    code, out = run(project, "report", str(_file(project)), "--table", "4", "2-0")
    assert code == 1 and "Semifinals has no match for table 4 (its tables: 1, 2); to correct a Swiss round" in out


def test_every_correction_after_the_cut_is_recorded_and_the_bracket_stays(project: Path) -> None:
    """Turning any last-round result round after the cut is recorded (it is the truth); the
    bracket stays as it was made, whoever the corrected standings would put in it (DESIGN §4)."""
    for _ in range(3):
        _play_round(project)
    _ok(project, "pair", str(_file(project)))
    before = _file(project).read_text()
    semifinals = _event(project).playoff[0].pairings()
    changed = 0
    for match in _event(project).rounds[2].matches:
        _file(project).write_text(before)
        args = ("report", str(_file(project)), "--round", "3", "--table", str(match.table), "1-2", "--replace")
        out = _ok(project, *args)
        assert "the top cut was already made from the standings with the old result" in out
        assert "not-in-bracket" not in out
        changed += "warning[cut-before-correction]" in out
        assert _event(project).playoff[0].pairings() == semifinals
    assert changed  # at least one of them would have made the cut differently


def test_a_correction_after_the_next_round_is_paired_names_that_round(project: Path) -> None:
    _play_round(project)
    _ok(project, "pair", str(_file(project)))
    code, out = run(project, "report", str(_file(project)), "--round", "1", "--table", "2", "0-2")
    assert code == 1 and "--replace" in out
    out = _ok(project, "report", str(_file(project)), "--round", "1", "--table", "2", "0-2", "--replace")
    assert "replaced 2-1 with 0-2" in out
    assert "warning: Round 2 was already paired with the old result; its pairings stay as they are" in out


def test_clear_makes_a_match_unreported_and_keeps_the_pairing(project: Path) -> None:
    _play_round(project)
    text = _file(project).read_text()
    out = _ok(project, "clear", str(_file(project)), "--table", "2")
    assert "Round 1, table 2: cleared" in out
    event = _event(project)
    cleared = next(m for m in event.rounds[0].matches if m.table == 2)
    assert cleared.score is None and len(cleared.players) == 2
    assert len(_file(project).read_text().splitlines()) == len(text.splitlines())
    code, out = run(project, "clear", str(_file(project)), "--table", "2")
    assert code == 1 and "has no result to clear" in out


def test_a_late_player_gets_the_losses_for_the_rounds_missed(project: Path) -> None:
    _play_round(project)
    _play_round(project)
    out = _ok(project, "add-player", str(_file(project)), "--id", "ivy", "--name", "Ivy Late")
    assert "added Ivy Late (ivy), a late entry: a match loss for each of rounds 1-2" in out
    assert "  - {id: ivy, name: Ivy Late}\n" in _file(project).read_text()
    event = _event(project)
    assert [any(m.players == ("ivy",) for m in r.matches) for r in event.rounds] == [True, True]
    assert final_standings(event).row("ivy").record.wld == "0-2-0"
    _ok(project, "pair", str(_file(project)))
    event = _event(project)
    assert any("ivy" in m.players for m in event.rounds[2].matches)  # paired, with no third loss
    assert sum(m.kind is MatchKind.LOSS and m.players == ("ivy",) for r in event.rounds for m in r.matches) == 2


def test_add_player_refuses_a_taken_id_and_a_finished_swiss(project: Path) -> None:
    code, out = run(project, "add-player", str(_file(project)), "--id", "ana", "--name", "Another Ana")
    assert code == 1 and 'the id "ana" is taken by Ana' in out
    for _ in range(3):
        _play_round(project)
    code, out = run(project, "add-player", str(_file(project)), "--id", "zed", "--name", "Zed")
    assert code == 1 and "the Swiss rounds are over" in out


def test_add_player_makes_the_id_from_the_name_and_refuses_a_clash(project: Path) -> None:
    out = _ok(project, "add-player", str(_file(project)), "--name", "Ñandú Málaga")
    assert "added Ñandú Málaga (nandu-malaga)" in out
    assert "  - {id: nandu-malaga, name: Ñandú Málaga}\n" in _file(project).read_text()
    before = _file(project).read_text()
    code, out = run(project, "add-player", str(_file(project)), "--name", "Nandu Malaga")
    assert code == 1
    assert 'the id "nandu-malaga", made from the name, is taken by Ñandú Málaga; give another with --id' in out
    code, out = run(project, "add-player", str(_file(project)), "--name", "🎴")
    assert code == 1 and "has no letters or digits to make an id from; give one with --id" in out
    assert _file(project).read_text() == before
    _ok(project, "add-player", str(_file(project)), "--name", "Nandu Malaga", "--id", "nandu-2")
    assert [p.id for p in _event(project).players][-2:] == ["nandu-malaga", "nandu-2"]


def test_rename_changes_only_the_name(project: Path) -> None:
    _play_round(project)
    before = _file(project).read_text()
    out = _ok(project, "rename", str(_file(project)), "ana", "Ana Example")
    assert 'ana: "Ana" is now "Ana Example"' in out
    after = _file(project).read_text()
    assert after == before.replace("{id: ana, name: Ana}", "{id: ana, name: Ana Example}")
    # players are named by id or by name
    _ok(project, "rename", str(_file(project)), "Ana Example", "Ana")
    assert _file(project).read_text() == before


def test_undrop_takes_a_drop_back(project: Path) -> None:
    _play_round(project)
    _ok(project, "drop", str(_file(project)), "gus")
    assert "drops: [gus]" in _file(project).read_text()
    out = _ok(project, "undrop", str(_file(project)), "Gus")
    assert "Gus no longer drops (the drop after Round 1 is taken back)" in out
    assert _file(project).read_text().count("drops") == 0
    code, out = run(project, "undrop", str(_file(project)), "gus")
    assert code == 1 and "Gus has not dropped" in out


def test_pair_redo_pairs_the_current_round_again(project: Path) -> None:
    _play_round(project)
    _ok(project, "pair", str(_file(project)))
    first = _file(project).read_text()
    out = _ok(project, "pair", str(_file(project)), "--redo")
    assert "the pairings are the same as before" in out
    assert _file(project).read_text() == first  # same engine, same seed, nothing changed
    # Gus leaves before round 2 starts: recorded after round 1, round 2 is paired again.
    code, out = run(project, "drop", str(_file(project)), "gus", "--after-round", "1")
    assert code == 1 and "pair round 2 again without them (`drop ... --redo`)" in out
    out = _ok(project, "drop", str(_file(project)), "gus", "--after-round", "1", "--redo")
    assert "Gus drops after Round 1; Round 2 paired again without them" in out
    event = _event(project)
    assert event.rounds[0].drops == ("gus",)
    assert not any("gus" in m.players for m in event.rounds[1].matches)
    # Once a result is in, the round stays as paired.
    m = next(m for m in event.rounds[1].matches if len(m.players) == 2)
    _ok(project, "report", str(_file(project)), "--table", str(m.table), "2-0")
    code, out = run(project, "pair", str(_file(project)), "--redo")
    assert code == 1 and "Round 2 already has 1 result" in out


def test_pair_redo_after_a_late_entry_pairs_them(project: Path) -> None:
    _play_round(project)
    _ok(project, "pair", str(_file(project)))
    _ok(project, "add-player", str(_file(project)), "--id", "ivy", "--name", "Ivy")
    out = _ok(project, "pair", str(_file(project)), "--redo")
    assert "Round 2 paired again" in out
    event = _event(project)
    assert any("ivy" in m.players for m in event.rounds[1].matches)
    assert sum(m.kind is MatchKind.LOSS and m.players == ("ivy",) for m in event.rounds[0].matches) == 1


def test_a_file_with_an_error_can_be_corrected_by_the_command_that_fixes_it(project: Path) -> None:
    _play_round(project)
    text = _file(project).read_text()
    broken = text.replace("games: 2-1}", "games: 3-1}", 1)  # an impossible score, typed by hand
    _file(project).write_text(broken)
    code, out = run(project, "validate", str(_file(project)))
    assert code == 1 and "impossible-score" in out
    # Another edit is refused: it would leave the error as it is.
    code, out = run(project, "drop", str(_file(project)), "hal")
    assert code == 1 and "this change fixes none of them" in out
    assert _file(project).read_text() == broken
    # Pairing is refused too, as validate would refuse the file.
    code, out = run(project, "pair", str(_file(project)))
    assert code == 1 and "error[impossible-score]" in out and "has errors; fix them before pairing" in out
    # The correction itself is accepted.
    out = _ok(project, "report", str(_file(project)), "--table", "1", "2-1", "--replace")
    assert "fixed: " in out
    assert _file(project).read_text() == text


def test_a_missing_decklist_does_not_stop_the_night(project: Path) -> None:
    """The README's player line names a decklist file nobody has handed in yet."""
    _ok(project, "add-player", str(_file(project)), "--id", "ivy", "--name", "Ivy", "--deck", "decks/ivy.txt")
    _ok(project, "pair", str(_file(project)))
    code, out = run(project, "validate", str(_file(project)))
    assert code == 0 and 'warning[deck-missing]: decklist file "decks/ivy.txt" does not exist (needed before' in out
    _ok(project, "standings", str(_file(project)))


def test_standings_say_where_the_event_stands(project: Path) -> None:
    def title() -> str:
        return _ok(project, "standings", str(_file(project))).splitlines()[0]

    _ok(project, "pair", str(_file(project)))
    assert title().startswith("Correction Night: standings before round 1; round 1 in progress")
    event = _event(project)
    for m in event.rounds[0].matches:
        _ok(project, "report", str(_file(project)), "--table", str(m.table), "2-1")
    assert title().startswith("Correction Night: standings after round 1 of 3 (")
    _ok(project, "pair", str(_file(project)))
    assert title().startswith("Correction Night: standings after round 1 of 3; round 2 in progress")
    for m in _event(project).rounds[1].matches:
        _ok(project, "report", str(_file(project)), "--table", str(m.table), "2-1")
    _play_round(project)
    _play_round(project, playoff=True)
    assert title().startswith("Correction Night: standings with the top cut; Semifinals played")
    _play_round(project, playoff=True)
    assert title().startswith("Correction Night: final standings")


def test_a_wheel_of_time_event_ends_after_the_rules_two_cycles(tmp_path: Path) -> None:
    """`new --game wot` writes the rules' number of games, `pair` stops there, and nothing
    blames the TO for the pairings the engine made."""
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    args = ("new", "--name", "WoT Night", "--date", "2026-12-05", "--game", "wot", "--format", "sealed", "--seed", "5")
    _ok(tmp_path, *args)
    path = tmp_path / "events" / "2026" / "2026-12-05-wot-night.yaml"
    assert "  swiss_rounds: 4   # recommended for 2 cycles of 2 games (4 games)" in path.read_text()
    for i in range(1, 7):
        _ok(tmp_path, "add-player", str(path), "--id", f"p{i}", "--name", f"Player {i}")
    games = 0
    while True:
        code, out = run(tmp_path, "pair", str(path))
        assert code == 0, out
        if "nothing to pair" in out:
            assert "nothing to pair: all 4 games are paired: the event is complete" in out
            break
        games += 1
        assert f"wrote game {games}" in out
        won = ("hero", "--ended", "last-battle", "--by", "goal")
        code, out = run(tmp_path, "report", str(path), "--table", "1", *won)
        assert code == 1 and "give --finals with the Hero's final support and the Villain's final opposition" in out
        for table in (1, 2, 3):
            _ok(tmp_path, "report", str(path), "--table", str(table), *won, "--finals", "7-3")
    assert games == 4
    code, out = run(tmp_path, "validate", "--strict", str(path))
    assert code == 0, out
    assert _ok(tmp_path, "standings", str(path)).startswith("WoT Night: final standings")
