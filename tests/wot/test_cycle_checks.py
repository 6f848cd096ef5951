"""Recorded Wheel of Time pairings checked against the cycle rules (WoT rules, seed 001).

The reference event is the hand-derived 9-player, 2-cycle event of test_wot_event.py;
each test changes one thing the rules forbid and expects exactly that finding.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ingest.wot import WotBye, WotRound, WotSeverity, WotSide
from ingest.wot.cycle_checks import WotPairingFinding, WotTable, check_wot_pairing
from tests.builders import ROOT
from tests.builders import run_cli as _run
from tests.wot.test_wot_event import GAME_1, GAME_2, GAME_3, GAME_4, SEED
from tests.wot.wot_builders import goal

ERROR, WARNING = WotSeverity.ERROR, WotSeverity.WARNING
SAMPLE = ROOT / "events" / "2026" / "2026-08-15-wheel-of-time-sealed.yaml"


def tables_of(record: WotRound) -> list[WotTable]:
    return [WotTable(g.table, g.hero, g.villain) for g in record.games]


def check(history: list[WotRound], tables: list[tuple[str, str]], bye: WotBye | None) -> list[WotPairingFinding]:
    recorded = [WotTable(i, h, v) for i, (h, v) in enumerate(tables, start=1)]
    return list(check_wot_pairing(history, recorded, [bye] if bye else [], SEED))


def codes(findings: list[WotPairingFinding]) -> list[tuple[str, WotSeverity, int | None]]:
    return [(f.code, f.severity, f.table) for f in findings]


def test_the_hand_derived_event_is_clean() -> None:
    games = [GAME_1, GAME_2, GAME_3, GAME_4]
    for n, record in enumerate(games):
        assert check_wot_pairing(games[:n], tables_of(record), record.byes, SEED) == ()


def test_same_side_twice_in_a_cycle() -> None:
    # Game 2, table 1 as carol H / bob V; recorded the other way round, bob plays Hero
    # again (Hero in game 1) and carol Villain again.
    found = check([GAME_1], [("bob", "carol"), ("hal", "alice"), ("dan", "erin"), ("fay", "ivy")], WotBye("gus"))
    assert codes(found) == [("same-side", ERROR, 1), ("same-side", ERROR, 1)]
    assert "bob plays Hero twice in cycle 1" in found[0].message
    assert "carol plays Villain twice in cycle 1" in found[1].message


def test_a_bye_on_the_wrong_side_plays_that_side_twice() -> None:
    # gus played Hero in game 1; a bye counted as Hero in game 2 repeats the side.
    found = check(
        [GAME_1], [("carol", "bob"), ("hal", "alice"), ("dan", "erin"), ("fay", "ivy")], WotBye("gus", WotSide.HERO)
    )
    assert ("same-side", ERROR, None) in codes(found)
    assert any(f.code == "bye-choice" and "counts as Hero" in f.message for f in found)


def test_second_bye_before_everyone_had_one() -> None:
    # alice had the game-1 bye; giving her game 2's (gus playing instead) is a second bye.
    found = check([GAME_1], [("carol", "bob"), ("hal", "erin"), ("dan", "gus"), ("fay", "ivy")], WotBye("alice"))
    assert codes(found) == [("repeated-bye", ERROR, None), ("bye-choice", WARNING, None)]
    assert "alice gets bye number 2" in found[0].message
    assert "the rules give it to gus" in found[1].message


def test_bye_to_another_player_than_the_rules_name() -> None:
    # Game 3: the bye is erin's (the rules pass it up from alice and gus); bob takes it here.
    found = check(
        [GAME_1, GAME_2], [("carol", "gus"), ("erin", "ivy"), ("alice", "fay"), ("hal", "dan")], WotBye("bob")
    )
    assert codes(found) == [("bye-choice", WARNING, None)]
    assert "the bye went to bob, but the rules give it to erin" in found[0].message


def test_avoidable_rematch_is_an_error() -> None:
    # Game 2: erin and fay met in game 1; the rules move fay down (erin-dan, fay-ivy).
    found = check([GAME_1], [("carol", "bob"), ("hal", "alice"), ("fay", "erin"), ("dan", "ivy")], WotBye("gus"))
    assert codes(found) == [("rematch", ERROR, 3)]
    assert "fay (Hero) and erin (Villain) meet again" in found[0].message


def test_an_unavoidable_rematch_blames_nobody() -> None:
    # Two players: game 2 can only be the same two again (with the decks switched); the
    # rules avoid a rematch only "if at all possible", so nothing is reported.
    game_1 = WotRound((goal(1, "a", "b", "hero", 6, 2),))
    found = list(check_wot_pairing([game_1], [WotTable(1, "b", "a")], [], SEED))
    assert codes(found) == []
    assert codes(list(check_wot_pairing([game_1], [WotTable(1, "a", "b")], [], SEED)))[:2] == [
        ("same-side", ERROR, 1),
        ("same-side", ERROR, 1),
    ]


def test_game_1_bye_counts_as_hero() -> None:
    tables = [("bob", "dan"), ("gus", "hal"), ("ivy", "carol"), ("erin", "fay")]
    assert check([], tables, WotBye("alice")) == []
    found = check([], tables, WotBye("alice", WotSide.VILLAIN))
    assert codes(found) == [("bye-choice", WARNING, None)]
    assert "counts as Villain; the rules count it as Hero" in found[0].message


def _copy_sample(tmp_path: Path, text: str) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    path = tmp_path / "events" / "wot.yaml"
    path.write_text(text.replace("../../schema", "../schema"))
    return path


def test_sample_event_has_no_pairing_findings(tmp_path: Path) -> None:
    path = _copy_sample(tmp_path, SAMPLE.read_text())
    for command in (["pair", str(path), "--check"], ["validate", str(path)]):
        code, out = _run(tmp_path, *command)
        assert code == 0 and "no problems found" in out, out


def test_hand_edited_sample_with_a_hero_twice_in_cycle_1_is_reported(tmp_path: Path) -> None:
    # Game 1: vera-petrov is Hero at table 3, viggo-costa Villain at table 2. Game 2 table 1
    # is recorded with them swapped: vera Hero again, viggo Villain again.
    text = SAMPLE.read_text()
    old = "{table: 1, hero: viggo-costa, villain: vera-petrov,"
    assert old in text
    path = _copy_sample(tmp_path, text.replace(old, "{table: 1, hero: vera-petrov, villain: viggo-costa,"))
    line = next(
        i for i, row in enumerate(path.read_text().splitlines(), start=1) if "hero: vera-petrov, villain: viggo" in row
    )
    # Game 2 is played: a recorded game is a fact, so the findings are warnings (DESIGN §2).
    for command in (["pair", str(path), "--check"], ["validate", str(path)]):
        code, out = _run(tmp_path, *command)
        assert code == 0, out
        found = [row for row in out.splitlines() if "warning[wot-same-side]" in row]
        assert len(found) == 2, out
        assert all(f"wot.yaml:{line}:" in row and row.endswith("(kept as played)") for row in found)
        # The findings name the game, the table and the players (WoT's own words: Hero, Villain).
        assert any("game 2, table 1: Vera Petrov plays Hero twice in cycle 1" in row for row in found)
        assert any("game 2, table 1: Viggo Costa plays Villain twice in cycle 1" in row for row in found)
        assert "hint:" in out
    # Before any result of the game is in, the same pairings are a plan: errors.
    head, game_2 = path.read_text().split("- round: 2\n", 1)
    game_2, rest = game_2.split("- round: 3\n", 1) if "- round: 3\n" in game_2 else (game_2, "")
    plan = "\n".join(row.split(", winner:")[0] + "}" if "winner:" in row else row for row in game_2.splitlines())
    path.write_text(head + "- round: 2\n" + plan + "\n" + ("- round: 3\n" + rest if rest else ""))
    code, out = _run(tmp_path, "pair", str(path), "--check")
    assert code == 1, out
    assert len([row for row in out.splitlines() if "error[wot-same-side]" in row]) == 2, out


def test_a_drop_that_leaves_the_piles_uneven_lets_a_player_play_a_side_twice(tmp_path: Path) -> None:
    """Five players; both Villains of game 1 drop. Game 2 has the three previous Heroes (the
    bye counted as Hero): one takes the bye as Villain, and of the two left one must play
    Hero again (WoT rules, Time: each deck once per Cycle cannot hold for everyone). The
    engine moves him across and notes it; the check of the new game used to refuse that as
    same-side, so `pair` could not pair game 2. The same record by hand, with both players
    on their old side, is still refused."""
    path = tmp_path / "w.yaml"
    players = "".join(f"  - {{id: {p}, name: {p.upper()}}}\n" for p in "abcde")
    path.write_text(
        "name: W\ndate: 2026-11-20\ngame: wot\nformat: sealed\nseed: 7\n"
        f"structure:\n  pairing: wot-cycles\n  swiss_rounds: 4\n  best_of: 1\nplayers:\n{players}rounds: []\n"
    )
    assert _run(tmp_path, "pair", str(path))[0] == 0  # a (Hero) v e, b (Hero) v c, bye d (Hero)
    for table, result in ((1, ("hero", "7-3")), (2, ("villain", "2-8"))):
        winner, finals = result
        args = ("--ended", "last-battle", "--by", "goal", "--finals", finals)
        assert _run(tmp_path, "report", str(path), "--table", str(table), winner, *args)[0] == 0
    for player in ("e", "c"):
        assert _run(tmp_path, "drop", str(path), player)[0] == 0
    code, out = _run(tmp_path, "pair", str(path))
    assert code == 0, out
    assert "moves to the Villain pile to even out the piles and plays Hero again" in out
    history = [WotRound((goal(1, "a", "e", "hero", 7, 3), goal(2, "b", "c", "villain", 2, 8)), (WotBye("d"),))]
    both_again = check(history, [("d", "a")], WotBye("b", WotSide.HERO))
    assert [f.code for f in both_again if f.severity is ERROR] == ["same-side", "same-side"]
