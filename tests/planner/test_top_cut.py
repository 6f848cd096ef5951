"""A correction to a Swiss result after the top cut: recorded, and the event still finishes.

The cut is a fact once playoff round 1 is paired: the bracket stays as it was made, seeded
from the standings when the cut was made (Bushiroad 3.2.4 says so; the MTR and the Aequitas
rules leave it to the Head Judge, and Scorekeeper does the same), the event finishes normally,
and the command line, ``standings`` and the site say that the cut was made before the
correction and who would have been seeded differently. Before any playoff result is in,
``pair --redo`` makes the cut again from the corrected standings; Bushiroad's finalists stay
decided (3.2.4) and are only re-seeded.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ingest.core.model import Event
from ingest.edit.splice import Editor
from ingest.edit.targets import keep_the_cut
from ingest.planner.outcome import Finished
from ingest.planner.plan import plan_next_round
from ingest.planner.top_cut import TopCut, cut_changes, top_cut
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.final_standings import final_standings
from ingest.summary.event_summary import compute_summary
from tests.builders import ROOT, event_at, run_ok
from tests.builders import run_cli as run

GAMES = {
    "mtr": ("mtg", "modern", "2-1", "1-2"),
    "aequitas": ("transformers", "constructed", "2-1", "1-2"),
    "bushiroad": ("vanguard", "standard", "1-0", "0-1"),
}


def _header(rules: str) -> str:
    game, fmt, _, _ = GAMES[rules]
    players = "\n".join(f"  - {{id: {p}, name: {p.title()}}}" for p in PLAYERS)
    return (
        f"name: Late Fix\ndate: 2026-12-04\ngame: {game}\nformat: {fmt}\nseed: 4242\n"
        "structure: {pairing: swiss, swiss_rounds: 3, best_of: 3, playoff: {top: 4}, decklists: after-event}\n"
        f"players:\n{players}\nrounds: []\n"
    )


PLAYERS = ("ana", "ben", "cem", "dee", "eve", "fay", "gus", "hal")


@pytest.fixture(params=sorted(GAMES))
def rules(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def project(tmp_path: Path, rules: str) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(_header(rules))
    return tmp_path


def _file(root: Path) -> Path:
    return root / "events" / "e.yaml"


def _event(root: Path) -> Event:
    return event_at(_file(root), root)


def _swiss_and_cut(root: Path, rules: str) -> None:
    """Three Swiss rounds, every table won by the first-listed player, then the semifinals paired."""
    win = GAMES[rules][2]
    for _ in range(3):
        run_ok(root, "pair", str(_file(root)))
        for m in _event(root).rounds[-1].matches:
            if len(m.players) == 2:
                run_ok(root, "report", str(_file(root)), "--table", str(m.table), win)
    run_ok(root, "pair", str(_file(root)))


def _correction_that_changes_the_cut(root: Path, rules: str) -> tuple[int, str, str]:
    """A round-3 table whose result, turned round, puts another player in the cut:
    (table, the player who would now make it, the player who would now miss it)."""
    before = _file(root).read_text()
    loss = GAMES[rules][3]
    for m in _event(root).rounds[2].matches:
        run_ok(root, "report", str(_file(root)), "--round", "3", "--table", str(m.table), loss, "--replace")
        event = _event(root)
        cut = top_cut(event, ruleset_for(event))
        _file(root).write_text(before)
        if cut.would_make_it:
            return m.table or 0, cut.would_make_it[0], cut.would_miss_it[0]
    raise AssertionError("no round-3 correction changes the cut")


def _semifinal_pairs(event: Event) -> set[frozenset[str]]:
    return {frozenset(m.players) for m in event.playoff[0].matches}


def test_pair_records_the_cut_it_seeds_the_bracket_from(project: Path, rules: str) -> None:
    _swiss_and_cut(project, rules)
    event = _event(project)
    swiss = [r.player for r in final_standings(event).rows]
    assert event.playoff[0].cut == tuple(swiss[:4])
    assert "  cut: [" + ", ".join(swiss[:4]) + "]" in _file(project).read_text()


def test_a_correction_before_any_playoff_result_keeps_the_bracket_until_redo(project: Path, rules: str) -> None:
    _swiss_and_cut(project, rules)
    table, now_in, now_out = _correction_that_changes_the_cut(project, rules)
    paired = _semifinal_pairs(_event(project))
    out = run_ok(
        project, "report", str(_file(project)), "--round", "3", "--table", str(table), GAMES[rules][3], "--replace"
    )
    name_in, name_out = now_in.title(), now_out.title()
    assert "warning[cut-before-correction]: playoff round 1: the top cut was made before a correction" in out
    assert f"{name_in} would make it instead of {name_out}" in out
    assert "`scorekeeper pair --redo`" in out
    event = _event(project)
    assert _semifinal_pairs(event) == paired  # the bracket as made
    assert now_out in event.playoff[0].cut and now_in not in event.playoff[0].cut
    # `validate --strict` passes: the note is about a fact, never a failure.
    code, out = run(project, "validate", "--strict", str(_file(project)))
    assert code == 0 and "cut-before-correction" in out, out
    # The TO asks for the cut to be made again.
    run_ok(project, "pair", str(_file(project)), "--redo")
    redone = _event(project)
    standings = [r.player for r in final_standings(redone).rows]
    if rules == "bushiroad":
        # Bushiroad 3.2.4: the finalists stay decided; only their seeds follow the corrected standings.
        assert set(redone.playoff[0].cut) == set(event.playoff[0].cut)
        assert list(redone.playoff[0].cut) == [p for p in standings if p in set(event.playoff[0].cut)]
    else:
        assert redone.playoff[0].cut == tuple(standings[:4])
        assert now_in in redone.playoff[0].cut and now_out not in redone.playoff[0].cut
        code, out = run(project, "validate", "--strict", str(_file(project)))
        assert code == 0 and "cut-before-correction" not in out, out


def test_a_correction_after_the_semifinals_still_finishes_the_event(project: Path, rules: str) -> None:
    _swiss_and_cut(project, rules)
    table, now_in, now_out = _correction_that_changes_the_cut(project, rules)
    win = GAMES[rules][2]
    for m in _event(project).playoff[0].matches:
        run_ok(project, "report", str(_file(project)), "--table", str(m.table), win)
    out = run_ok(
        project, "report", str(_file(project)), "--round", "3", "--table", str(table), GAMES[rules][3], "--replace"
    )
    assert "the playoff has results, so it stays as it is" in out
    final = run_ok(project, "pair", str(_file(project)))
    assert "Final" in final
    run_ok(project, "report", str(_file(project)), "--table", "1", win)
    done = run_ok(project, "pair", str(_file(project)))
    assert "nothing to pair: the playoff is finished" in done
    event = _event(project)
    assert isinstance(plan_next_round(event), Finished)
    report = compute_summary(event, [])
    assert report.status == "complete" and report.decklists_visible
    assert report.top_cut is not None and report.top_cut.corrected
    # Final places: the cut as made goes first, played out by the bracket; the truth is kept.
    rows = final_standings(event).rows
    assert {r.player for r in rows[:4]} == set(event.playoff[0].cut)
    assert rows[0].place == "Champion"
    text = run_ok(project, "standings", str(_file(project)))
    assert "\nLate Fix: final standings (" in "\n" + text
    assert "The top cut was made from the standings before a correction to a Swiss result" in text
    assert f"{now_in.title()} would make it instead of {now_out.title()}" in text
    code, out = run(project, "build", "--strict")
    assert code == 0, out
    page = (project / "build" / "site" / "events" / "e" / "index.html").read_text()
    assert "The top cut was made from the standings before a correction to a Swiss result" in page
    assert f"{now_in.title()} would have made the top cut instead of {now_out.title()}" in page


def test_standings_json_gives_the_cut_as_made_and_now(project: Path, rules: str) -> None:
    _swiss_and_cut(project, rules)
    table, now_in, now_out = _correction_that_changes_the_cut(project, rules)
    run_ok(project, "report", str(_file(project)), "--round", "3", "--table", str(table), GAMES[rules][3], "--replace")
    code, out = run(project, "standings", str(_file(project)), "--json")
    assert code == 0
    doc = json.loads(out[out.index("{") :])
    cut = doc["top_cut"]
    assert cut["corrected"] and now_out in cut["made"] and now_in in cut["now"]
    assert f"{now_in.title()} would make it instead of {now_out.title()}" in cut["note"]


def test_a_correction_writes_down_the_cut_of_a_file_paired_before_it_was_recorded(project: Path, rules: str) -> None:
    """A file whose playoff was paired before ``cut`` was recorded: the correction writes down
    the cut as it was made (the standings before it), so the bracket stays as made."""
    _swiss_and_cut(project, rules)
    text = _file(project).read_text()
    made = _event(project).playoff[0].cut
    _file(project).write_text("\n".join(line for line in text.splitlines() if not line.startswith("  cut: ")) + "\n")
    assert _event(project).playoff[0].cut == ()
    table, _, _ = _correction_that_changes_the_cut(project, rules)
    run_ok(project, "report", str(_file(project)), "--round", "3", "--table", str(table), GAMES[rules][3], "--replace")
    event = _event(project)
    assert event.playoff[0].cut == made
    assert top_cut(event, ruleset_for(event)).corrected
    code, out = run(project, "validate", str(_file(project)))
    assert code == 0 and "not-in-bracket" not in out and "cut-before-correction" in out, out


def test_a_hand_made_bracket_is_not_written_down_as_the_cut(project: Path, rules: str) -> None:
    """A recorded round 1 that is not the standings' bracket stays a finding, never the cut."""
    _swiss_and_cut(project, rules)
    event = _event(project)
    (a, b), (c, d) = (m.players for m in event.playoff[0].matches)
    text = _file(project).read_text()
    text = "\n".join(line for line in text.splitlines() if not line.startswith("  cut: ")) + "\n"
    text = text.replace(f"[{a}, {b}]}}", f"[{a}, {c}]}}").replace(f"[{c}, {d}]}}", f"[{b}, {d}]}}")
    _file(project).write_text(text)
    code, out = run(project, "pair", "--check", str(_file(project)))
    assert code == 1 and out.count("error[not-in-bracket]") == 2, out
    editor = Editor(text)
    keep_the_cut(editor, _event(project))
    assert editor.result() == text
    # The bracket as paired is written down, by the same call.
    _file(project).write_text(
        _file(project).read_text().replace(f"[{a}, {c}]}}", f"[{a}, {b}]}}").replace(f"[{b}, {d}]}}", f"[{c}, {d}]}}")
    )
    editor = Editor(_file(project).read_text())
    keep_the_cut(editor, _event(project))
    assert "  cut: [" in editor.result()


def test_the_cut_is_written_on_playoff_round_one_only(project: Path, rules: str) -> None:
    text = _header(rules).replace("rounds: []\n", "rounds:\n- round: 1\n  cut: [ana, ben]\n  matches: []\n")
    _file(project).write_text(text)
    code, out = run(project, "validate", str(_file(project)))
    assert code == 1 and "rounds[0].cut: the top cut is recorded on playoff round 1 only" in out
    text = _header(rules).replace(
        "rounds: []\n",
        "rounds: []\nplayoff:\n- round: 1\n  cut: [ana, zed]\n  matches: [{table: 1, players: [ana, ben]}]\n",
    )
    _file(project).write_text(text)
    code, out = run(project, "validate", str(_file(project)))
    assert code == 1 and '"zed" is not a player of this event' in out


def test_cut_changes_in_words() -> None:
    names = {p: p.title() for p in PLAYERS}
    same = TopCut(("ana", "ben"), ("ana", "ben"), recorded=True)
    assert not same.corrected and cut_changes(same, names) == ""
    before_pairing = TopCut(("ana", "ben"), ("ana", "ben"), recorded=False)
    assert not before_pairing.corrected
    moved = TopCut(("ana", "ben", "cem", "dee"), ("ana", "cem", "eve", "ben"), recorded=True)
    assert moved.would_make_it == ("eve",) and moved.would_miss_it == ("dee",)
    assert moved.reseeded == (("ben", 2, 4), ("cem", 3, 2))
    assert (
        cut_changes(moved, names) == "Eve would make it instead of Dee; Cem would be seed 2 (not 3), Ben seed 4 (not 2)"
    )
