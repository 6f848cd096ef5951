"""``report`` of a result in the open round from what was kept about the file's text (issue 38,
point 5: ingest.edit.quick_report): the file is not read whole, and the outcome is the one the
whole file's check gives, refusals included; a kept open round of another text, tampered with
or not the user's, is never taken."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ingest.checks.event_files as event_files
from ingest.checks.open_round import OpenRound, WaitingTable, open_round_data, open_round_from, open_round_of
from ingest.checks.readings import event_data_key, known_open_round, reading_key
from ingest.cli.verdict_files import OpenRoundFiles
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.source.project import Project
from ingest.source.signing import signing_key
from tests.builders import run_cli
from tests.edit.test_stored_readings import SIX as STORED_SIX

SHOWN = "events/e.yaml"

SIX = STORED_SIX.replace("- {table: 3, players: [d, f]}", "- {table: 3, players: [d, f]}  # slip 7")
"""Round 2 of 3 open: one result in, tables 2 and 3 waiting (table 3 with the TO's comment)."""


def _project(root: Path, text: str = SIX) -> Path:
    (root / "events").mkdir(parents=True)
    (root / SHOWN).write_text(text)
    return root


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return _project(tmp_path / "club")


@pytest.fixture
def whole_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times an event text was read whole (parsed and assembled)."""
    calls: list[int] = []
    real = event_files.parse_event_text

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(event_files, "parse_event_text", counting)
    return calls


def _key(root: Path, text: str) -> str:
    key = reading_key(text, SHOWN, event_data_key(Project(root)))
    assert key is not None
    return key


def _known(root: Path) -> OpenRound | None:
    """The open round kept for the file's text as it is now (as a new command finds it)."""
    home = root.parent / "cache" / "scorekeeper"
    store = OpenRoundFiles(home / "open-rounds", signing_key(home))
    try:
        return store[_key(root, (root / SHOWN).read_text())]
    except KeyError:
        return None


def test_a_result_is_recorded_without_reading_the_file_and_as_the_whole_check_records_it(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole_reads: list[int]
) -> None:
    assert run_cli(project, "validate")[0] == 0
    assert _known(project) is not None
    whole_reads.clear()
    quick = run_cli(project, "report", str(project / SHOWN), "--table", "3", "1-2")
    assert whole_reads == []  # nothing read whole: the kept reading and open round served
    # The same report on a copy with nothing kept reads the file and checks it whole.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "fresh-cache"))
    fresh = _project(tmp_path / "fresh")
    whole = run_cli(fresh, "report", str(fresh / SHOWN), "--table", "3", "1-2")
    assert whole_reads != []
    assert quick == whole == (0, f"{SHOWN}: Round 2, table 3: Dan 1-2 Fay\n")
    written = (project / SHOWN).read_text()
    assert written == (fresh / SHOWN).read_text()
    assert "      - {table: 3, players: [d, f], games: 1-2}  # slip 7\n" in written  # the comment kept
    # What was kept about the new text is what a whole reading of it keeps.
    monkeypatch.setenv("XDG_CACHE_HOME", str(project.parent / "cache"))
    derived = _known(project)
    assert derived is not None and [t.table for t in derived.waiting] == [2]
    assert run_cli(project, "validate", "--json") == run_cli(fresh, "validate", "--json")


@pytest.mark.parametrize(
    ("words", "code"),
    [("3-0", "impossible-score"), ("2-2", "impossible-score"), ("0-0", "impossible-score")],
)
def test_a_result_that_adds_an_error_is_refused_with_the_open_round_known(project: Path, words: str, code: str) -> None:
    """Games beyond best of three, a drawn match with games won by each, a match of no games:
    refused by the whole file's check, with its position, though the open round is known."""
    assert run_cli(project, "validate")[0] == 0
    assert _known(project) is not None
    exit_code, out = run_cli(project, "report", str(project / SHOWN), "--table", "2", words)
    assert exit_code == 1, out
    assert f"error[{code}]" in out and "nothing was written" in out
    assert (project / SHOWN).read_text() == SIX


def test_a_hand_edit_between_two_commands_is_seen(project: Path) -> None:
    """The TO writes by hand that Fay dropped after round 1, though she is paired in round 2:
    the open round kept for the text before the edit is not the edited text's, so the result
    is checked with the whole file and refused (a result for a player who dropped earlier)."""
    assert run_cli(project, "validate")[0] == 0
    kept = _known(project)
    assert kept is not None
    edited = SIX.replace(
        "      - {table: 3, players: [e, f], games: 2-0}\n",
        "      - {table: 3, players: [e, f], games: 2-0}\n    drops: [f]\n",
    )
    (project / SHOWN).write_text(edited)
    code, out = run_cli(project, "report", str(project / SHOWN), "--table", "3", "2-0")
    assert code == 1, out
    assert f'{SHOWN}:25:9: error[after-drop]: rounds[1].matches[2]: "f" dropped after round 1 but is paired' in out
    assert "nothing was written" in out
    assert (project / SHOWN).read_text() == edited


def _plant(root: Path, text: str, found: OpenRound, secret: bytes | None = None) -> None:
    home = root.parent / "cache" / "scorekeeper"
    store = OpenRoundFiles(home / "open-rounds", secret or signing_key(home))
    store[_key(root, text)] = found


def _lenient(root: Path) -> OpenRound:
    """The open round as kept, but of a best-of-five match (3-0 would be a result)."""
    assert run_cli(root, "validate")[0] == 0
    kept = _known(root)
    assert kept is not None
    return OpenRound(kept.number, kept.label, kept.rules, 5, kept.waiting)


def test_an_open_round_signed_with_another_key_is_not_taken(project: Path) -> None:
    _plant(project, SIX, _lenient(project), secret=b"x" * 32)
    code, out = run_cli(project, "report", str(project / SHOWN), "--table", "2", "3-0")
    assert code == 1 and "error[impossible-score]" in out, out
    assert (project / SHOWN).read_text() == SIX


def test_an_open_round_edited_after_it_was_signed_is_not_taken(project: Path) -> None:
    _lenient(project)
    home = project.parent / "cache" / "scorekeeper"
    path = OpenRoundFiles(home / "open-rounds", signing_key(home))._path(_key(project, SIX))
    path.write_bytes(path.read_bytes().replace(b", 3, [[", b", 5, [[", 1))
    code, out = run_cli(project, "report", str(project / SHOWN), "--table", "2", "3-0")
    assert code == 1 and "error[impossible-score]" in out, out
    assert (project / SHOWN).read_text() == SIX


def test_an_open_round_of_another_text_is_not_taken(project: Path) -> None:
    """One kept for another text (another seed) put where this text's would be."""
    other = SIX.replace("seed: 3", "seed: 4")
    home = project.parent / "cache" / "scorekeeper"
    store = OpenRoundFiles(home / "open-rounds", signing_key(home))
    lenient = _lenient(project)
    store[_key(project, other)] = lenient
    store._path(_key(project, SIX)).write_bytes(store._path(_key(project, other)).read_bytes())
    code, out = run_cli(project, "report", str(project / SHOWN), "--table", "2", "3-0")
    assert code == 1 and "error[impossible-score]" in out, out
    assert (project / SHOWN).read_text() == SIX


def test_the_users_own_signature_is_what_is_taken(project: Path) -> None:
    """The refusals above come from what was planted, not by chance: the same lenient open
    round signed with the user's key is taken (as every file of the cache folder is)."""
    _plant(project, SIX, _lenient(project))
    code, out = run_cli(project, "report", str(project / SHOWN), "--table", "2", "3-0")
    assert code == 0, out
    assert "{table: 2, players: [e, b], games: 3-0}" in (project / SHOWN).read_text()


def _event(text: str) -> Any:
    from ingest.checks.event_files import parse_event_text

    _, event, diags = parse_event_text(text, SHOWN, Project(Path(__file__).resolve().parents[2]))
    assert event is not None, diags
    return event


@pytest.mark.parametrize(
    ("why", "text"),
    [
        ("no result in the round yet", SIX.replace("[a, c], games: 2-1}", "[a, c]}")),
        ("the final Swiss round", SIX.replace("swiss_rounds: 3", "swiss_rounds: 2")),
        ("rounds by the ruleset's table", SIX.replace("swiss_rounds: 3", "swiss_rounds: auto")),
        ("anchors", SIX.replace("name: Six", "name: &n Six")),
        ("imported", SIX.replace("seed: 3\n", "seed: 3\nsource: {platform: spreadsheet}\n")),
        ("not Swiss", SIX.replace("pairing: swiss, swiss_rounds: 3", "pairing: round-robin")),
        ("every result in", SIX.replace("[e, b]}", "[e, b], games: 2-0}").replace("[d, f]}", "[d, f], games: 0-2}")),
    ],
)
def test_no_open_round_is_kept_where_a_result_may_change_more_than_its_entry(why: str, text: str) -> None:
    assert open_round_of(_event(text), text) is None, why
    assert open_round_of(_event(SIX), SIX) is not None


def test_a_round_without_a_result_is_open_only_when_its_checks_found_nothing_on_it() -> None:
    """Its first result makes it a played round (a pairing finding on it then changes severity,
    ingest.planner.recorded_rounds.finding_severity): kept only with no finding from its line on."""
    text = SIX.replace("[a, c], games: 2-1}", "[a, c]}")
    event = _event(text)
    found = open_round_of(event, text, ())
    assert found is not None and [t.table for t in found.waiting] == [1, 2, 3]
    round_line = text.splitlines().index("  - round: 2") + 1
    on_it = Diagnostic(Severity.WARNING, "not-optimal", "round 2: m", SourcePos(SHOWN, round_line + 2, 9))
    before = Diagnostic(Severity.WARNING, "rematch", "round 1: m (kept as played)", SourcePos(SHOWN, round_line - 1, 9))
    assert open_round_of(event, text, (on_it,)) is None
    assert open_round_of(event, text, (before,)) == found


def test_an_open_round_reads_back_field_by_field() -> None:
    found = OpenRound(2, "Round 2", "mtr", 3, (WaitingTable(2, ("e", "b"), ("Eve", "Bob"), 25, 700),))
    assert open_round_from(json.loads(json.dumps(open_round_data(found)))) == found
    assert open_round_from({"a": 1}) is None
    assert open_round_from([2, "Round 2", "mtr", 3, [[2, ["e"], ["Eve", "Bob"], 25, 700]]]) is None
    assert open_round_from([2, "Round 2", "mtr", True, []]) is None
    assert open_round_from([2, "Round 2", "mtr", 3, [[2, ["e", "b"], ["Eve", "Bob"], -1, 700]]]) is None
    assert known_open_round(None) is None
