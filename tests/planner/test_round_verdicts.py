"""Each recorded Swiss round's verdict is kept by what it was computed from (issue 38, point 5):
an edit command checks what it touched, with the same verdicts as a check from scratch."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest
from click.testing import CliRunner

import ingest.planner.round_verdicts as round_verdicts
from ingest.checks.event_files import load_event
from ingest.cli.main import main
from ingest.cli.verdict_files import VerdictFiles
from ingest.edit.new_round import round_entry, write_entry
from ingest.pairing import Finding, check_swiss_round
from ingest.pairing.swiss import Entrant
from ingest.planner.outcome import PlannedRound
from ingest.planner.plan import plan_next_round
from ingest.source.project import Project

SCORES = ["2-0", "2-1", "0-2", "1-2"]


def _event(root: Path, players: int, rounds: int) -> Path:
    """A Swiss event played through the engine: ``rounds`` rounds with results, then one open."""
    (root / "events").mkdir(parents=True)
    path = root / "events" / "e.yaml"
    roster = "".join(f"  - {{id: p{i:03d}, name: Player {i}}}\n" for i in range(players))
    path.write_text(
        "name: E\ndate: 2026-12-05\ngame: mtg\nformat: modern\nseed: 11\n"
        f"structure: {{pairing: swiss, swiss_rounds: {rounds + 2}, best_of: 3}}\nplayers:\n{roster}rounds: []\n"
    )
    rng = random.Random(3)
    for number in range(rounds + 1):
        event = load_event(path, Project(root)).event
        assert event is not None
        plan = plan_next_round(event)
        assert isinstance(plan, PlannedRound)
        entry = round_entry(plan)
        if number < rounds:
            entry["matches"] = [
                {**m, "games": rng.choice(SCORES)} if "players" in m else m
                for m in cast(list[dict[str, object]], entry["matches"])
            ]
        path.write_text(write_entry(path.read_text(), plan, entry))
    return path


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The round numbers whose check was computed (not found among the kept verdicts)."""
    out: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> tuple[Finding, ...]:
        out.append(kwargs["round_number"])
        return check_swiss_round(*args, **kwargs)

    monkeypatch.setattr(round_verdicts, "check_swiss_round", counting)
    return out


def _run(root: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--root", str(root), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_edit_solves_only_the_rounds_it_touched(tmp_path: Path, solved: list[int]) -> None:
    path = _event(tmp_path, 24, 3)
    rel = str(path)
    _run(tmp_path, "validate")
    assert sorted(solved) == [1, 2, 3, 4]  # every round once: none was known
    solved.clear()
    # a result of round 4 is no input of any round's check: nothing is solved again, before or after
    _run(tmp_path, "report", rel, "--table", "1", "2-1")
    assert solved == []
    text = path.read_text()
    text = "\n".join(
        line[:-1] + ", games: 2-0}" if "players: [" in line and "games" not in line else line
        for line in text.split("\n")
    )
    path.write_text(text)
    _run(tmp_path, "pair", rel, "--dry-run")
    assert solved == [5]  # the round it would write, once (before, validate-like check and after)


def test_verdicts_kept_are_the_verdicts_computed(tmp_path: Path, solved: list[int]) -> None:
    """validate with every verdict known says exactly what it says with none known."""
    path = _event(tmp_path, 16, 3)
    event = load_event(path, Project(tmp_path)).event
    assert event is not None
    # round 4 (paired, not played) pairs again two players who met in round 1: a finding to keep
    a, b = event.rounds[0].matches[0].players
    with_a = next(m.players for m in event.rounds[3].matches if a in m.players)
    with_b = next(m.players for m in event.rounds[3].matches if b in m.players)
    assert with_a != with_b  # the engine does not pair a rematch
    x = next(p for p in with_a if p != a)
    y = next(p for p in with_b if p != b)
    text = path.read_text()
    for old, new in ((with_a, f"[{a}, {b}]"), (with_b, f"[{x}, {y}]")):
        written = f"players: [{old[0]}, {old[1]}]"
        assert text.count(written) == 1
        text = text.replace(written, f"players: {new}")
    path.write_text(text)
    cold = CliRunner().invoke(main, ["--root", str(tmp_path), "validate"])
    count = len(solved)
    warm = CliRunner().invoke(main, ["--root", str(tmp_path), "validate"])
    assert len(solved) == count  # the second run solved nothing
    assert f'"{a}" and "{b}" meet again' in cold.output
    assert cold.output == warm.output and cold.exit_code == warm.exit_code == 1


def test_the_key_changes_with_every_input() -> None:
    entrants = [Entrant("a", 3, 1, frozenset({"c"})), Entrant("b", 0, 2, frozenset({"d"}))]
    base: dict[str, Any] = {"seed": 1, "round_number": 2, "awarded_byes": frozenset()}
    key = round_verdicts.round_key(entrants, [("a", "b")], [], **base)
    assert key == round_verdicts.round_key(list(reversed(entrants)), [("a", "b")], [], **base)
    variants = [
        round_verdicts.round_key([replace(entrants[0], points=1), entrants[1]], [("a", "b")], [], **base),
        round_verdicts.round_key([replace(entrants[0], rank=3), entrants[1]], [("a", "b")], [], **base),
        round_verdicts.round_key([replace(entrants[0], opponents=frozenset()), entrants[1]], [("a", "b")], [], **base),
        round_verdicts.round_key([replace(entrants[0], byes=1), entrants[1]], [("a", "b")], [], **base),
        round_verdicts.round_key([replace(entrants[0], pod="1"), entrants[1]], [("a", "b")], [], **base),
        round_verdicts.round_key(entrants, [("b", "a")], [], **base),
        round_verdicts.round_key(entrants, [], ["a", "b"], **base),
        round_verdicts.round_key(entrants, [("a", "b")], [], **{**base, "seed": 2}),
        round_verdicts.round_key(entrants, [("a", "b")], [], **{**base, "round_number": 3}),
        round_verdicts.round_key(entrants, [("a", "b")], [], **{**base, "awarded_byes": frozenset({"a"})}),
    ]
    assert len({key, *variants}) == len(variants) + 1


def test_with_the_history_digest_the_key_reads_no_opponents_and_a_check_adds_them() -> None:
    """A recorded round's key reads the digest of the rounds before in place of everyone's
    opponents (building those for every round grew with the square of the rounds played);
    a round checked from that key is checked with its opponents all the same."""
    met = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}
    full = [Entrant(p, 3 if p in "ab" else 0, i, frozenset(met[p])) for i, p in enumerate("abcd", start=1)]
    bare = [replace(e, opponents=frozenset()) for e in full]
    base: dict[str, Any] = {"seed": 1, "round_number": 2, "awarded_byes": frozenset()}
    pairs = [("a", "b"), ("c", "d")]  # both tables rematches, though a pairing without one exists
    one = round_verdicts.round_key(bare, pairs, [], history="h1", **base)
    assert one == round_verdicts.round_key(full, pairs, [], history="h1", **base)
    assert one != round_verdicts.round_key(bare, pairs, [], history="h2", **base)
    assert one != round_verdicts.round_key(full, pairs, [], **base)
    round_verdicts.STORE.pop(one, None)
    found = round_verdicts.checked_round(bare, pairs, [], history=("h1", met), **base)
    assert found == check_swiss_round(full, pairs, [], **base)
    assert {f.kind for f in found} >= {"rematch"}


def test_a_stored_verdict_that_does_not_read_back_is_computed_again(tmp_path: Path) -> None:
    store = VerdictFiles(tmp_path, b"k" * 32)
    found = (Finding("rematch", ("a", "b"), table=1), Finding("not-optimal", ("a",), measure="rematches", optimum=0))
    key = "ab" * 32
    store[key] = found
    path = tmp_path / "ab" / f"{key}.json"
    assert VerdictFiles(tmp_path, b"k" * 32)[key] == found  # read back from its file, field by field
    assert VerdictFiles(tmp_path, b"x" * 32).get(key) is None  # signed with another key: not taken
    mac, _, payload = path.read_bytes().partition(b"\n")
    path.write_bytes(mac + b"\n" + payload.replace(b"rematch", b"repeated-bye", 1))  # changed: not taken
    assert VerdictFiles(tmp_path, b"k" * 32).get(key) is None
    # a planted "no finding" verdict, signed, but not of the findings' shape: not taken either
    bad = b'[{"kind": "rematch", "players": "ab"}]'
    store2 = VerdictFiles(tmp_path, b"k" * 32)
    path.write_bytes(store2._mac(key, bad).encode() + b"\n" + bad)
    with pytest.raises(KeyError):
        VerdictFiles(tmp_path, b"k" * 32)[key]
    path.unlink()
    os.mkfifo(path)  # a pipe is never waited on
    assert VerdictFiles(tmp_path, b"k" * 32).get(key) is None
    assert VerdictFiles(tmp_path, b"k" * 32).get("../../etc/passwd") is None


def test_the_verdict_folder_is_bounded_least_recently_used_out(tmp_path: Path, monkeypatch: Any) -> None:
    from ingest.cli import verdict_files

    monkeypatch.setattr(verdict_files, "FOLDER_FILES", 3)
    store = VerdictFiles(tmp_path, b"k" * 32)
    found = (Finding("rematch", ("a", "b"), table=1),)
    keys = [f"ab{i:062x}" for i in range(5)]
    for age, key in enumerate(keys[:3]):
        store[key] = found
        os.utime(tmp_path / "ab" / f"{key}.json", ns=(age * 10**9, age * 10**9))  # written in this order
    assert VerdictFiles(tmp_path, b"k" * 32)[keys[0]] == found  # read: the oldest becomes the last used
    store[keys[3]] = found  # a fourth in the folder: the least recently used (keys[1]) goes
    left = sorted(p.stem for p in (tmp_path / "ab").iterdir())
    assert left == sorted([keys[0], keys[2], keys[3]])
    assert VerdictFiles(tmp_path, b"k" * 32).get(keys[1]) is None  # computed again when asked
    store[keys[4]] = found
    assert len(list((tmp_path / "ab").iterdir())) == 3
    assert keys[4] in {p.stem for p in (tmp_path / "ab").iterdir()}  # the new one is kept


def test_the_verdict_folder_is_bounded_in_bytes(tmp_path: Path, monkeypatch: Any) -> None:
    from ingest.cli import verdict_files

    store = VerdictFiles(tmp_path, b"k" * 32)
    many = tuple(Finding("rematch", (f"player{i}", f"other{i}"), table=i) for i in range(8))
    store["cd" * 32] = many
    one = (tmp_path / "cd" / f"{'cd' * 32}.json").stat().st_size
    monkeypatch.setattr(verdict_files, "FOLDER_BYTES", one * 3 // 2)  # room for one verdict, not two
    os.utime(tmp_path / "cd" / f"{'cd' * 32}.json", ns=(10**9, 10**9))
    (tmp_path / "cd" / ".stray.123").write_bytes(b"x" * 100)  # a stopped command's temporary file
    os.utime(tmp_path / "cd" / ".stray.123", ns=(0, 0))
    store["cd" * 31 + "ef"] = many
    assert sorted(p.name for p in (tmp_path / "cd").iterdir()) == [f"{'cd' * 31}ef.json"]
    assert VerdictFiles(tmp_path, b"k" * 32)["cd" * 31 + "ef"] == many
