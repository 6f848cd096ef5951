"""`scorekeeper standings`: the terminal table, --round, the --json document and its errors.

Expected figures are worked out by hand in the comments (MTR Appendix C, Bushiroad
3.2.1.2, the Wheel of Time scoring section), not taken from the engine.
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest
from click.testing import CliRunner

from ingest.cli.main import main
from tests.builders import ROOT

MODERN = ROOT / "events" / "2026" / "2026-11-13-friday-night-modern.yaml"
WEISS = ROOT / "events" / "2026" / "2026-09-19-weiss-schwarz-neo-standard.yaml"
WOT = ROOT / "events" / "2026" / "2026-08-15-wheel-of-time-sealed.yaml"
ROW_KEYS = {"rank", "player", "name", "points", "wins", "losses", "draws", "byes", "dropped"}

MTR_EVENT = """\
name: Standings Test
date: 2026-12-01
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3}
players:
  - {id: a, name: Ann}
  - {id: b, name: Bea}
  - {id: c, name: Cal}
  - {id: d, name: Dov}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [a, b], games: 2-0}
      - {table: 2, players: [c, d], games: 2-1}
  - round: 2
    matches:
      - {table: 1, players: [a, c], games: 2-0}
      - {table: 2, players: [b, d], games: 2-0}
    drops: [d]
"""

BUSHIROAD_EVENT = """\
name: Tie Test
date: 2026-12-01
game: weiss-schwarz
format: neo-standard
rules: bushiroad
seed: 3
structure: {pairing: swiss, swiss_rounds: 3, best_of: 1}
players:
  - {id: a, name: Ann}
  - {id: b, name: Bea}
  - {id: c, name: Cal}
  - {id: d, name: Dov}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [a, b], games: 1-0}
      - {table: 2, players: [c, d], games: 1-0}
  - round: 2
    matches:
      - {table: 1, players: [a, c], games: 1-0}
      - {table: 2, players: [b, d], games: 1-0}
  - round: 3
    matches:
      - {table: 1, players: [a, d], games: 0-1}
      - {table: 2, players: [b, c], games: 1-0}
"""


def run(root: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--root", str(root), "standings", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def as_json(root: Path, *args: str) -> dict[str, Any]:
    code, out, err = run(root, *args, "--json")
    assert code == 0, err
    return cast(dict[str, Any], json.loads(out))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "mtr.yaml").write_text(MTR_EVENT)
    (tmp_path / "events" / "bushiroad.yaml").write_text(BUSHIROAD_EVENT)
    return tmp_path


def _rows(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in doc["standings"]}


def test_json_document_shape_and_exact_values(project: Path) -> None:
    doc = as_json(project, str(project / "events" / "mtr.yaml"))
    assert {"event", "rules", "after_round", "standings"} <= doc.keys()
    assert (doc["event"], doc["rules"], doc["after_round"]) == ("mtr", "mtr", 2)
    assert doc["tiebreakers"] == ["omw", "gw", "ogw"]
    for row in doc["standings"]:
        assert row.keys() >= ROW_KEYS
        for tid in doc["tiebreakers"]:
            assert isinstance(row[tid], float)
            assert row[tid] == float(Fraction(row[f"{tid}_exact"]))
    # a 2-0, b and c 1-1, d 0-2. MW%: a 1, b 1/2, c 1/2, d 0 -> 0.33.
    # OMW: a (b, c) = 1/2; b (a, d) = c (d, a) = (1 + 0.33) / 2 = 133/200; d (c, b) = 1/2.
    # GW: a 12/12; b 6 of 4 games = 1/2; c 6 of 5 games = 2/5; d 3/15 -> 0.33.
    # OGW: a (1/2 + 2/5) / 2 = 9/20. b and c tie on points and OMW; GW puts b first.
    rows = _rows(doc)
    assert [r["player"] for r in doc["standings"]] == ["a", "b", "c", "d"]
    assert [r["rank"] for r in doc["standings"]] == [1, 2, 3, 4]
    assert (rows["a"]["points"], rows["a"]["wins"], rows["a"]["losses"], rows["a"]["draws"]) == (6, 2, 0, 0)
    assert (rows["d"]["points"], rows["d"]["losses"], rows["d"]["byes"]) == (0, 2, 0)
    assert rows["a"]["omw_exact"] == "1/2" and rows["b"]["omw_exact"] == rows["c"]["omw_exact"] == "133/200"
    assert (rows["b"]["gw_exact"], rows["c"]["gw_exact"], rows["d"]["gw_exact"]) == ("1/2", "2/5", "33/100")
    assert rows["a"]["ogw_exact"] == "9/20"
    assert rows["a"]["name"] == "Ann"
    assert [r["dropped"] for r in doc["standings"]] == [False, False, False, True]


def test_round_option_counts_only_the_rounds_played_by_then(project: Path) -> None:
    doc = as_json(project, str(project / "events" / "mtr.yaml"), "--round", "1")
    rows = _rows(doc)
    assert doc["after_round"] == 1
    assert rows["c"]["points"] == 3 and rows["c"]["gw_exact"] == "2/3"  # 6 of 9 after 2-1
    assert not rows["d"]["dropped"]  # d drops after round 2
    assert as_json(project, str(project / "events" / "mtr.yaml"), "--round", "0")["standings"][0]["points"] == 0


def test_terminal_table(project: Path) -> None:
    code, out, _ = run(project, str(project / "events" / "mtr.yaml"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Standings Test: final standings (Magic: The Gathering Tournament Rules)"
    assert lines[1].split() == ["Rank", "Player", "Pts", "W-L-D", "OMW%", "GW%", "OGW%"]
    assert lines[3].split() == ["1", "Ann", "6", "2-0-0", "50.00%", "100.00%", "45.00%"]
    assert lines[-1].split() == [
        "4",
        "Dov",
        "(dropped)",
        "0",
        "0-2-0",
        "50.00%",
        "33.00%",
        "45.00%",
    ]  # OGW (2/5 + 1/2) / 2
    code, out, _ = run(project, str(project / "events" / "mtr.yaml"), "--round", "1")
    assert "standings after round 1" in out.splitlines()[0] and "(dropped)" not in out


def test_sample_table_marks_a_drop_only_from_its_round() -> None:
    # Rosa Schmidt drops after round 2 of the Modern sample.
    for number, marked in ((1, False), (2, True)):
        code, out, _ = run(ROOT, str(MODERN), "--round", str(number))
        assert code == 0
        rosa = next(line for line in out.splitlines() if "Rosa Schmidt" in line)
        assert ("(dropped)" in rosa) is marked
    code, out, _ = run(ROOT, str(MODERN))
    assert "[Champion]" in out.splitlines()[3]


def test_bushiroad_rows_carry_head_to_head(project: Path) -> None:
    # Points: a 2, b 2, c 1, d 1 (Bushiroad 3.2.1: 1 per win). a and b are level on OMW and
    # OOMW and a beat b in round 1; c beat d in round 1 (Bushiroad 3.2.1.2 step 2).
    doc = as_json(project, str(project / "events" / "bushiroad.yaml"))
    assert doc["tiebreakers"] == ["omw", "oomw", "h2h"]
    rows = _rows(doc)
    assert [r["player"] for r in doc["standings"]] == ["a", "b", "c", "d"]
    assert (rows["a"]["h2h"], rows["a"]["h2h_exact"], rows["b"]["h2h_exact"]) == (1.0, "1/1", "0/1")
    assert (rows["c"]["h2h_exact"], rows["d"]["h2h_exact"]) == ("1/1", "0/1")
    for row in as_json(ROOT, str(WEISS))["standings"]:
        assert ROW_KEYS | {"omw", "oomw", "h2h", "h2h_exact"} <= row.keys()


def test_wheel_of_time_rows_have_every_required_key() -> None:
    doc = as_json(ROOT, str(WOT))
    assert (doc["rules"], doc["after_round"], doc["tiebreakers"]) == ("wot", 4, ["tbp"])
    for row in doc["standings"]:
        assert ROW_KEYS | {"tbp", "tbp_exact"} <= row.keys()
        assert row["tbp"] == float(Fraction(row["tbp_exact"]))
    rows = _rows(doc)
    # Game points (WoT Scoring: win 2, tie 1, Last Battle loss 0, earlier loss -1, bye 2).
    # Elif Abbott won all four games; Dana Jansen lost three in the Last Battle and one before it;
    # Viggo Costa won two, tied one and lost one in the Last Battle; Maren Ueda had the game-1 bye.
    wld = {p: (r["points"], r["wins"], r["losses"], r["draws"], r["byes"]) for p, r in rows.items()}
    assert wld["elif-abbott"] == (8, 4, 0, 0, 0)
    assert wld["dana-jansen"] == (-1, 0, 4, 0, 0)
    assert wld["viggo-costa"] == (5, 2, 1, 1, 0)
    assert wld["maren-ueda"] == (6, 3, 1, 0, 1)
    assert not any(r["dropped"] for r in doc["standings"])
    code, out, _ = run(ROOT, str(WOT))
    assert code == 0 and out.splitlines()[1].split() == ["Rank", "Player", "GP", "W-L-T", "TBP"]
    assert out.splitlines()[2].split() == ["1", "Elif", "Abbott", "8", "4-0-0", "16"]


def test_errors_are_messages_not_tracebacks(project: Path, tmp_path: Path) -> None:
    event = str(project / "events" / "mtr.yaml")
    for bad in ("3", "-1"):
        code, _, err = run(project, event, "--round", bad)
        # A usage error, as click reports them: exit status 2.
        assert code == 2 and err.strip().endswith(
            f"Error: Invalid value for '--round': round {bad} does not exist; the event has 2 rounds"
        )
    code, _, err = run(project, event, "--rules", "nope")
    assert code == 2 and "nope" in err
    broken = project / "events" / "broken.yaml"
    broken.write_text(MTR_EVENT.replace("[a, c]", "[a, zed]"))
    code, out, err = run(project, str(broken))
    assert code == 1 and "zed" in out and "broken.yaml" in out and "has errors" in err
    code, _, err = run(project, str(tmp_path / "missing.yaml"))
    assert code == 2 and "does not exist" in err


def test_wheel_of_time_game_in_progress(tmp_path: Path) -> None:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    text = WOT.read_text().replace(
        "{table: 1, hero: elif-abbott, villain: viggo-costa, winner: hero, ended: last-battle, by: goal, "
        "hero_final: 5, villain_final: 0}",
        "{table: 1, hero: elif-abbott, villain: viggo-costa}",
    )
    event = tmp_path / "events" / "wot.yaml"
    event.write_text(text.replace("../../schema", "../schema"))
    doc = as_json(tmp_path, str(event))
    assert (doc["after_round"], doc["complete"]) == (3, False)
    code, _, err = run(tmp_path, str(event), "--round", "4")
    assert code == 1 and "game 4 is not fully reported yet" in err
    code, _, err = run(tmp_path, str(event), "--round", "5")
    assert code == 2 and "round 5 does not exist" in err  # a usage error


DOUBLE_LOSS_SEMIFINAL = """\
name: PO
date: 2026-11-20
game: vanguard
format: standard
rules: bushiroad
seed: 1
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3, playoff: {top: 4, seeding: standings}}
players:
  - {id: ann, name: Ann}
  - {id: bob, name: Bob}
  - {id: cat, name: Cat}
  - {id: dan, name: Dan}
  - {id: eve, name: Eve}
  - {id: fay, name: Fay}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [cat, bob], games: 2-0}
      - {table: 2, players: [eve, fay], games: 2-0}
      - {table: 3, players: [dan, ann], games: 2-0}
  - round: 2
    matches:
      - {table: 1, players: [cat, dan], games: 2-0}
      - {table: 2, players: [eve, bob], games: 2-0}
      - {table: 3, players: [fay, ann], games: 2-0}
playoff:
  - round: 1
    matches:
      - {table: 1, players: [cat, dan], games: 2-1}
      - {table: 2, players: [eve, fay], result: double-loss}
"""


def test_a_double_loss_semifinal_leaves_a_champion(tmp_path: Path) -> None:
    """Bushiroad 3.2.3: the last fighter remaining wins. The other semifinal was a time-out
    (a double loss), so Cat has no final to play: `pair` says the playoff is finished, and
    the standings name Cat the champion (they said "Top 2")."""
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "po.yaml").write_text(DOUBLE_LOSS_SEMIFINAL)
    runner = CliRunner()
    event = str(tmp_path / "events" / "po.yaml")
    paired = runner.invoke(main, ["--root", str(tmp_path), "pair", event])
    assert "the playoff is finished: Cat is the champion" in paired.output, paired.output
    shown = runner.invoke(main, ["--root", str(tmp_path), "standings", event, "--json"])
    doc = json.loads(shown.stdout)
    assert (doc["final"], doc["complete"]) == (True, True), doc
    assert [(r["player"], r.get("place")) for r in doc["standings"][:4]] == [
        ("cat", "Champion"),
        ("eve", "Top 4"),
        ("fay", "Top 4"),
        ("dan", "Top 4"),
    ]
