"""`scorekeeper pair` end to end: writes rounds, refuses clearly, is deterministic, checks pairings."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from ingest.checks.event_files import load_event
from ingest.publish.run import build_site
from ingest.rules.final_standings import final_standings
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run
from tests.site_helpers import page_text

HEADER = """\
# a small event
name: Pair Test
date: 2026-12-01
game: mtg
format: modern
seed: 4242
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3, playoff: {top: 4}}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
  - {id: cem, name: Cem}
  - {id: dee, name: Dee, byes: 1}
  - {id: eve, name: Eve}
  - {id: fay, name: Fay}
  - {id: gus, name: Gus}
  - {id: hal, name: Hal}
  - {id: ivy, name: Ivy}
rounds: []   # filled by pair
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(HEADER)
    return tmp_path


def report_all(root: Path, number: int) -> None:
    event = load_event(root / "events" / "e.yaml", Project(root)).event
    assert event is not None
    for m in event.rounds[number - 1].matches:
        if len(m.players) == 2 and not m.reported:
            # The first-listed (higher-ranked) player wins; ids sort the same way every time.
            code, out = run(
                root, "report", str(root / "events" / "e.yaml"), "--round", str(number), "--table", str(m.table), "2-1"
            )
            assert code == 0, out


def test_pair_writes_round_one_with_awarded_bye_and_keeps_comments(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path))
    assert code == 0, out
    text = path.read_text()
    assert text.startswith("# a small event\n")
    assert "rounds: # filled by pair\n- round: 1\n" in text
    event = load_event(path, Project(project)).event
    assert event is not None
    r1 = event.rounds[0]
    byes = [m.players[0] for m in r1.matches if m.kind.value == "bye"]
    assert byes == ["dee"]  # 9 players, dee has an awarded bye: the other 8 are paired
    assert len([m for m in r1.matches if len(m.players) == 2]) == 4


def test_dry_run_prints_and_writes_nothing(project: Path) -> None:
    path = project / "events" / "e.yaml"
    code, out = run(project, "pair", str(path), "--dry-run")
    assert code == 0 and "Round 1" in out and "table 1:" in out
    assert path.read_text() == HEADER


def test_refuses_while_a_round_is_unreported(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path))
    code, out = run(project, "pair", str(path))
    assert code == 1
    assert "round 1 is not finished: 4 matches without a result (tables 1, 2, 3, 4)" in out


def test_full_event_swiss_then_playoff_then_refusal(project: Path) -> None:
    path = project / "events" / "e.yaml"
    for number in (1, 2, 3):
        assert run(project, "pair", str(path))[0] == 0
        report_all(project, number)
    code, out = run(project, "pair", str(path))
    assert code == 0 and "Playoff round 1 (Semifinals)" in out
    event = load_event(path, Project(project)).event
    assert event is not None
    semis = event.playoff[0].matches
    assert len(semis) == 2 and all(len(m.players) == 2 for m in semis)
    # No rematches in the Swiss rounds.
    seen = set()
    for rnd in event.rounds:
        for m in rnd.matches:
            if len(m.players) == 2:
                key = frozenset(m.players)
                assert key not in seen
                seen.add(key)
    for m in semis:
        run(project, "report", str(path), "--playoff", "--table", str(m.table), "2-0")
    assert "Final" in run(project, "pair", str(path))[1]
    event = load_event(path, Project(project)).event
    assert event is not None
    run(project, "report", str(path), "--playoff", "--table", "1", "2-1")
    before = path.read_bytes()
    code, out = run(project, "pair", str(path))  # nothing to pair is not an error; nothing is written
    assert code == 0 and "nothing to pair: the playoff is finished" in out and "is the champion" in out
    assert path.read_bytes() == before
    code, out = run(project, "validate", "--strict", str(path))
    assert code == 0, out


def test_swiss_without_playoff_refuses_after_the_last_round(project: Path) -> None:
    path = project / "events" / "e.yaml"
    path.write_text(HEADER.replace(", playoff: {top: 4}", ""))
    for number in (1, 2, 3):
        run(project, "pair", str(path))
        report_all(project, number)
    code, out = run(project, "pair", str(path))
    assert code == 0 and "nothing to pair: all 3 Swiss rounds are paired and the event has no playoff" in out


def test_drops_are_never_paired_again_and_late_entries_get_losses(project: Path) -> None:
    path = project / "events" / "e.yaml"
    run(project, "pair", str(path))
    report_all(project, 1)
    assert run(project, "drop", str(path), "ana")[0] == 0
    text = path.read_text().replace("  - {id: ivy, name: Ivy}\n", "  - {id: ivy, name: Ivy}\n  - {id: jo, name: Jo}\n")
    path.write_text(text)
    code, out = run(project, "pair", str(path))
    assert code == 0, out
    assert "late entries get a match loss" in out
    event = load_event(path, Project(project)).event
    assert event is not None
    assert all("ana" not in m.players for m in event.rounds[1].matches)
    assert any(m.kind.value == "loss" and m.players == ("jo",) for m in event.rounds[0].matches)
    assert any("jo" in m.players for m in event.rounds[1].matches)


def test_same_pairings_under_any_hash_seed(project: Path) -> None:
    path = project / "events" / "e.yaml"
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [sys.executable, "-m", "ingest", "--root", str(project), "pair", str(path), "--dry-run"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=ROOT,
        )
        outputs.add(proc.stdout)
    assert len(outputs) == 1


def test_check_reports_a_hand_made_rematch_and_second_bye(project: Path) -> None:
    path = project / "events" / "e.yaml"
    path.write_text(
        HEADER.replace(
            "rounds: []   # filled by pair\n",
            """rounds:
  - round: 1
    matches:
      - {table: 1, players: [ana, ben], games: 2-0}
      - {table: 2, players: [cem, eve], games: 2-0}
      - {table: 3, players: [fay, gus], games: 2-0}
      - {table: 4, players: [hal, ivy], games: 2-0}
      - {bye: dee}
  - round: 2
    matches:
      - {table: 1, players: [ana, ben], games: 2-0}
      - {table: 2, players: [cem, fay], games: 2-0}
      - {table: 3, players: [hal, eve], games: 2-0}
      - {table: 4, players: [gus, ivy], games: 2-0}
      - {bye: dee}
""",
        )
    )
    # Round 2 is played: a recorded round is a fact, so the findings are warnings (DESIGN §2).
    code, out = run(project, "pair", str(path), "--check")
    assert code == 0, out
    assert (
        'warning[rematch]: round 2: "ana" and "ben" meet again, though a pairing without rematches exists '
        "(kept as played)"
    ) in out
    assert "warning[repeated-bye]" in out
    assert "events/e.yaml:28:9: warning[rematch]" in out  # positioned at the rematch's entry
    # The same pairings before any result is in are a plan: errors, and `pair --check` fails.
    text = path.read_text()
    head, round_2 = text.split("  - round: 2\n")
    path.write_text(head + "  - round: 2\n" + round_2.replace(", games: 2-0}", "}"))
    code, out = run(project, "pair", str(path), "--check")
    assert code == 1
    assert 'events/e.yaml:28:9: error[rematch]: round 2: "ana" and "ben" meet again' in out
    assert "error[repeated-bye]" in out


def test_samples_pass_the_pairing_checker() -> None:
    for path in sorted((ROOT / "events").rglob("*.yaml")):
        code, out = run(ROOT, "pair", str(path), "--check")
        assert code == 0, out


def _sample_copy(project: Path, name: str) -> Path:
    """A copy of a sample event, with the sample decklists, in the test project."""
    shutil.copytree(ROOT / "events" / "2026" / "decks", project / "events" / "decks", dirs_exist_ok=True)
    path = project / "events" / name
    path.write_text((ROOT / "events" / "2026" / name).read_text())
    return path


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_team_rematch_is_reported_with_its_position(project: Path) -> None:
    path = _sample_copy(project, "2026-10-10-team-unified-standard.yaml")
    text = path.read_text()
    # Round 2, table 1: Lucky Draws meet Mana Leak Society again (they met at round 1, table 2).
    text = text.replace(
        "- {table: 1, teams: [team-lucky-draws, team-sideboard-stories]",
        "- {table: 1, teams: [team-lucky-draws, team-mana-leak-society]",
    ).replace(
        "- {table: 4, teams: [team-mana-leak-society, team-the-mulligans]",
        "- {table: 4, teams: [team-sideboard-stories, team-the-mulligans]",
    )
    path.write_text(text)
    line = _line_of(text, "- {table: 1, teams: [team-lucky-draws, team-mana-leak-society]")
    expected = (
        f"events/2026-10-10-team-unified-standard.yaml:{line}:7: warning[rematch]: round 2: "
        '"team-lucky-draws" and "team-mana-leak-society" meet again, though a pairing without rematches exists '
        "(kept as played)"
    )
    for command in (["pair", str(path), "--check"], ["validate", str(path)]):
        code, out = run(project, *command)
        assert code == 0, out  # round 2 is played: a recorded round is a fact
        assert expected in out, out


def test_a_team_whose_member_dropped_may_not_be_paired(project: Path) -> None:
    path = _sample_copy(project, "2026-10-10-team-unified-standard.yaml")
    text = path.read_text().replace("- round: 2\n", "  drops: [zeno-okafor]\n- round: 2\n", 1)
    path.write_text(text)
    code, out = run(project, "validate", str(path))
    assert code == 1
    line = _line_of(text, "- {table: 4, teams: [team-mana-leak-society, team-the-mulligans]")
    assert (
        f"events/2026-10-10-team-unified-standard.yaml:{line}:7: error[after-drop]: rounds[1].matches[3]: "
        '"team-mana-leak-society" dropped after round 1 but is paired in round 2'
    ) in out


def test_swapped_quarterfinal_opponents_are_reported_against_the_bracket(project: Path) -> None:
    path = _sample_copy(project, "2026-11-13-friday-night-modern.yaml")
    text = (
        path.read_text()
        .replace(
            "{table: 1, players: [noor-berger, olek-rossi], games: 2-0}",
            "{table: 1, players: [noor-berger, zoe-zhou], games: 2-0}",
        )
        .replace(
            "{table: 2, players: [yusuf-varga, zoe-zhou], games: 0-2}",
            "{table: 2, players: [yusuf-varga, olek-rossi], games: 0-2}",
        )
    )
    path.write_text(text)
    line = _line_of(text, "{table: 1, players: [noor-berger, zoe-zhou], games: 2-0}")
    expected = [
        f"events/2026-11-13-friday-night-modern.yaml:{line}:7: warning[not-in-bracket]: playoff round 1: "
        '"noor-berger" vs "zoe-zhou" is not a match of the bracket '
        '(the bracket has "noor-berger" vs "olek-rossi"; "yusuf-varga" vs "zoe-zhou") (kept as played)',
        f"events/2026-11-13-friday-night-modern.yaml:{line + 1}:7: warning[not-in-bracket]: playoff round 1: "
        '"yusuf-varga" vs "olek-rossi" is not a match of the bracket '
        '(the bracket has "yusuf-varga" vs "zoe-zhou"; "noor-berger" vs "olek-rossi") (kept as played)',
    ]
    for command in (["pair", str(path), "--check"], ["validate", str(path)]):
        code, out = run(project, *command)
        assert code == 0, out  # the quarterfinals were played: the bracket is kept as played
        for line_text in expected:
            assert line_text in out, out
    # The semifinal was paired from the swapped results: the bracket never reached it.
    assert (
        'playoff round 2: "noor-berger" vs "zoe-zhou" is not a match of the bracket (the bracket has not reached' in out
    )


def test_an_unreported_hand_made_playoff_pairing_is_reported(project: Path) -> None:
    path = _sample_copy(project, "2026-11-13-friday-night-modern.yaml")
    swiss, playoff = path.read_text().split("playoff:\n")
    playoff = playoff[: playoff.index("- round: 2\n  name: Semifinals")]  # the quarterfinals, unreported
    for score in (", games: 2-0}", ", games: 0-2}", ", games: 1-2}"):
        playoff = playoff.replace(score, "}")
    playoff = playoff.replace("[noor-berger, olek-rossi]", "[olek-rossi, noor-berger]")  # order does not matter
    playoff = playoff.replace("[beatrix-takeda, ines-costa]", "[beatrix-takeda, hana-petrov]")
    text = swiss + "playoff:\n" + playoff.replace("[oona-ueda, hana-petrov]", "[oona-ueda, ines-costa]")
    path.write_text(text)
    code, out = run(project, "pair", str(path), "--check")
    assert code == 1
    assert out.count("error[not-in-bracket]") == 2, out
    assert 'playoff round 1: "beatrix-takeda" vs "hana-petrov" is not a match of the bracket' in out


def _structure(project: Path, structure: str, players: int) -> Path:
    """The test event with another structure and the first ``players`` players (no awarded byes)."""
    path = project / "events" / "e.yaml"
    kept = "".join(line + "\n" for line in HEADER.splitlines()[8 : 8 + players])
    head, _ = HEADER.split("players:\n")
    head = head.replace("structure: {pairing: swiss, swiss_rounds: 3, best_of: 3, playoff: {top: 4}}", structure)
    path.write_text(head + "players:\n" + kept.replace(", byes: 1", "") + "rounds: []\n")
    return path


def _entries(path: Path, project: Path, number: int) -> tuple[list[tuple[str, ...]], list[str]]:
    event = load_event(path, Project(project)).event
    assert event is not None
    rnd = event.rounds[number - 1]
    return [m.players for m in rnd.matches if len(m.players) == 2], [
        m.players[0] for m in rnd.matches if m.kind.value == "bye"
    ]


def test_round_robin_leaves_out_a_dropped_player_and_gives_the_opponent_a_bye(project: Path) -> None:
    path = _structure(project, "structure: {pairing: round-robin, best_of: 3}", 5)
    everyone = {"ana", "ben", "cem", "dee", "eve"}
    code, out = run(project, "pair", str(path))
    tables, byes = _entries(path, project, 1)
    assert code == 0 and len(tables) == 2 and len(byes) == 1
    assert f"bye: {byes[0].capitalize()}" in out  # the odd field's bye is printed
    report_all(project, 1)
    leaver = tables[0][0]  # plays in round 1, so the schedule has them at a table in a later round
    assert run(project, "drop", str(path), leaver)[0] == 0
    met: set[frozenset[str]] = {frozenset(t) for t in tables}
    bye_counts = []
    for number in range(2, 6):
        code, out = run(project, "pair", str(path))
        assert code == 0, out
        tables, byes = _entries(path, project, number)
        seated = [p for t in tables for p in t] + byes
        assert sorted(seated) == sorted(everyone - {leaver})  # everyone else exactly once
        for b in byes:
            assert f"bye: {b.capitalize()}" in out
        assert out.count("(opponent dropped)") == (1 if len(byes) == 2 else 0)
        bye_counts.append(len(byes))
        met |= {frozenset(t) for t in tables}
        report_all(project, number)
    code, out = run(project, "pair", str(path))
    assert code == 0 and "nothing to pair: all 5 round-robin rounds are paired: the event is complete" in out
    # Everyone still in met everyone else still in, exactly as scheduled.
    assert {frozenset((a, b)) for a in everyone - {leaver} for b in everyone - {leaver} if a < b} <= met
    # The circle seats each of five players out once: in the leaver's own round nobody has a
    # bye; in the three rounds the leaver was due to play, their opponent has one as well.
    assert sorted(bye_counts) == [0, 2, 2, 2]
    code, out = run(project, "validate", "--strict", str(path))
    assert code == 0, out


def test_double_elimination_end_to_end_with_a_drop(project: Path) -> None:
    path = _structure(project, "structure: {pairing: double-elimination, best_of: 3}", 7)
    code, out = run(project, "pair", str(path))
    tables, byes = _entries(path, project, 1)
    assert code == 0 and len(tables) == 3 and len(byes) == 1 and f"bye: {byes[0].capitalize()}" in out
    report_all(project, 1)
    leaver = tables[0][0]  # won round 1: still undefeated when leaving
    assert run(project, "drop", str(path), leaver)[0] == 0
    losses: dict[str, int] = {}
    number = 1
    while True:
        event = load_event(path, Project(project)).event
        assert event is not None
        for m in event.rounds[number - 1].matches:
            if len(m.players) == 2:
                loser = m.players[1]  # report_all: the first-listed player wins
                losses[loser] = losses.get(loser, 0) + 1
        code, out = run(project, "pair", str(path))
        if "nothing to pair" in out:
            break
        number += 1
        tables, byes = _entries(path, project, number)
        seated = [p for t in tables for p in t] + byes
        assert leaver not in seated
        assert all(losses.get(p, 0) < 2 for p in seated)  # out at two losses (Bushiroad 3.2.2.1)
        for b in byes:
            assert f"bye: {b.capitalize()}" in out
        report_all(project, number)
    assert "the event is finished" in out
    undefeated = [p for p in ("ana", "ben", "cem", "dee", "eve", "fay", "gus") if p != leaver and not losses.get(p)]
    assert len(undefeated) == 1 and undefeated[0].capitalize() in out
    code, out = run(project, "validate", "--strict", str(path))
    assert code == 0, out


def test_single_elimination_end_to_end_refuses_a_draw(project: Path) -> None:
    path = _structure(project, "structure: {pairing: single-elimination, best_of: 3}", 6)
    code, out = run(project, "pair", str(path))
    assert code == 0 and out.count("advances without a match:") == 2  # 6 players: the top two seeds
    code, out = run(project, "report", str(path), "--table", "1", "1-1-1")
    assert code == 1
    assert "single-elimination matches cannot end in a draw" in out
    assert "single-elimination matches are played until one player wins (MTR 2.4)" in out


@pytest.mark.parametrize(
    ("structure", "players", "expected"),
    [
        (
            "structure: {pairing: swiss, swiss_rounds: auto, best_of: 3}",
            6,
            "swiss_rounds is auto, but the recommendation for 6 players is single elimination, 3 rounds (no Swiss) "
            "(MTR Appendix E), not Swiss rounds: write `pairing: single-elimination` under structure",
        ),
        (
            "structure: {pairing: swiss, swiss_rounds: auto, best_of: 3}",
            3,
            "swiss_rounds is auto, but the ruleset's rounds table has no row for 3 players: "
            "set structure.swiss_rounds to the number of rounds to play",
        ),
    ],
)
def test_auto_rounds_without_a_swiss_row_refuse_to_pair(
    project: Path, structure: str, players: int, expected: str
) -> None:
    path = _structure(project, structure, players)
    code, out = run(project, "pair", str(path))
    assert code == 1 and expected in out, out
    assert "rounds: []" in path.read_text()


def test_auto_rounds_stop_after_the_tables_number(project: Path) -> None:
    # 9 players, no awarded byes: MTR Appendix E, 9-16 players, 5 Swiss rounds and a top 4.
    path = _structure(project, "structure: {pairing: swiss, swiss_rounds: auto, best_of: 3}", 9)
    for number in range(1, 6):
        assert run(project, "pair", str(path))[0] == 0
        report_all(project, number)
    code, out = run(project, "pair", str(path))
    assert code == 0 and "nothing to pair: all 5 Swiss rounds are paired and the event has no playoff" in out


def _semifinals(out: str) -> tuple[str, str, str, str]:
    """Seeds 1-4 from the semifinal pairings pair prints (1v4, 2v3, the higher seed first);
    names are the ids capitalised."""
    tables = [line.split(": ", 1)[1].split(" vs ") for line in out.splitlines() if line.strip().startswith("table ")]
    (s1, s4), (s2, s3) = tables
    return s1, s2, s3, s4


@pytest.mark.parametrize(
    ("rules", "with_bye"),
    [
        ("mtr", "highest"),  # MTR 2.10: the highest-ranked remaining player gets the bye
        ("aequitas", "opponent"),  # Aequitas 2.10: the dropped player's opponent gets the bye
    ],
)
def test_a_finalist_who_drops_after_the_cut_is_not_replaced(project: Path, rules: str, with_bye: str) -> None:
    path = project / "events" / "e.yaml"
    path.write_text(HEADER.replace("seed: 4242\n", f"seed: 4242\nrules: {rules}\n"))
    for number in (1, 2, 3):
        assert run(project, "pair", str(path))[0] == 0
        report_all(project, number)
    code, out = run(project, "pair", str(path), "--dry-run")
    assert code == 0 and "Semifinals" in out
    s1, s2, s3, s4 = _semifinals(out)
    code, out = run(project, "drop", str(path), s3.lower())
    assert code == 0 and "leaves the top cut before the playoff starts; nobody takes their place" in out, out
    event = load_event(path, Project(project)).event
    assert event is not None and event.cut_drops == (s3.lower(),)
    code, out = run(project, "pair", str(path))
    assert code == 0, out
    if with_bye == "highest":  # seed 1 sits out; seed 4 moves over to play seed 2
        assert f"table 1: {s2} vs {s4}" in out and f"advances without a match: {s1}" in out
    else:  # seed 3's opponent, seed 2, advances; seed 1 plays seed 4 as seeded
        assert f"table 1: {s1} vs {s4}" in out and f"advances without a match: {s2}" in out
    assert out.count("table ") == 1  # nobody from fifth place was advanced
    code, out = run(project, "validate", "--strict", str(path))
    assert code == 0, out


def test_a_drop_in_the_playoff_goes_to_the_playoff_round(project: Path) -> None:
    path = project / "events" / "e.yaml"
    for number in (1, 2, 3):
        run(project, "pair", str(path))
        report_all(project, number)
    code, out = run(project, "pair", str(path))
    s1, s2, s3, _ = _semifinals(out)
    for table in (1, 2):
        assert run(project, "report", str(path), "--playoff", "--table", str(table), "2-0")[0] == 0
    code, out = run(project, "drop", str(path), s1.lower())  # won the semifinal, leaves before the final
    assert code == 0 and f"{s1} drops after the Semifinals" in out, out
    out = run(project, "drop", str(path), s3.lower())[1]
    assert out.count(f"{s3} is already out of the playoff (out in the Semifinals)") == 1
    # The final is a walkover: the other finalist wins the playoff without a match.
    code, out = run(project, "pair", str(path))
    assert code == 0 and f"nothing to pair: the playoff is finished: {s2} is the champion" in out, out
    assert f"drops: [{s1.lower()}]" in path.read_text()


def test_a_finalist_who_left_before_the_playoff_keeps_a_top_cut_place(project: Path) -> None:
    """MTR 2.10: nobody replaces them; they are out in playoff round 1, so a semifinalist (Top 4)."""
    path = project / "events" / "e.yaml"
    for number in (1, 2, 3):
        assert run(project, "pair", str(path))[0] == 0
        report_all(project, number)
    _, out = run(project, "pair", str(path), "--dry-run")
    s1, s2, s3, s4 = (s.lower() for s in _semifinals(out))
    assert run(project, "drop", str(path), s3)[0] == 0
    for _ in range(2):  # the semifinal (seed 1 has the bye), then the final
        assert run(project, "pair", str(path))[0] == 0
        assert run(project, "report", str(path), "--playoff", "--table", "1", "2-0")[0] == 0
    event = load_event(path, Project(project)).event
    assert event is not None
    labels = {r.player: r.place for r in final_standings(event).rows}
    assert sorted(labels[p] for p in (s1, s2, s3, s4)) == ["Champion", "Finalist", "Top 4", "Top 4"]
    assert labels[s3] == "Top 4"
    assert [p for p, label in labels.items() if label] == [
        r.player for r in final_standings(event).rows[:4]
    ]  # the four who made the cut take places 1-4
    # The site and the API say who left (and the API document still validates).
    shutil.copytree(ROOT / "site_templates", project / "site_templates")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    build_site(Project(project), today=dt.date(2026, 12, 2), docs_only=True)
    docs = project / "build" / "docs"
    rounds_page = page_text(docs / "events" / "e" / "rounds.md")
    assert f"Left the top cut before playoff round 1 (nobody takes their place): {s3.title()}" in rounds_page
    api = json.loads((docs / "api" / "events" / "e.json").read_text())
    ids = [row[api["players"]["columns"].index("id")] for row in api["players"]["rows"]]
    assert [ids[p] for p in api["cut_drops"]] == [s3]  # API version 6: by their place in players
    Draft202012Validator(json.loads((ROOT / "schema" / "api-event.schema.json").read_text())).validate(api)
