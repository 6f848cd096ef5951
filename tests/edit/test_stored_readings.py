"""The checks of a text's recorded rounds, kept by the text (issue 38, point 5): an edit command
does not check again the text the last command checked, and what it finds is what a check from
scratch finds; a reading of another text, tampered with or of another file is never taken, so
an edit that adds an error is still refused and nothing is written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ingest.checks.appended_round as appended_round
import ingest.checks.assemblies as assemblies
import ingest.planner.plan as plan
from ingest.checks.readings import diagnostics_data, diagnostics_from, event_data_key, reading_key
from ingest.cli.verdict_files import ReadingFiles
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.source.project import Project
from ingest.source.signing import signing_key
from tests.builders import run_cli

SHOWN = "events/e.yaml"

HEAD = """name: Small
date: 2026-12-05
game: mtg
format: modern
seed: 3
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: a, name: Ann}
  - {id: b, name: Bob}
  - {id: c, name: Cat}
  - {id: d, name: Dan}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [a, b], games: 2-0}
      - {table: 2, players: [c, d], games: 2-0}
  - round: 2
    matches:
"""

CLEAN = HEAD + "      - {table: 1, players: [a, c], games: 2-1}\n      - {table: 2, players: [b, d]}\n"
"""Round 2 paired without a rematch, one result in."""

REMATCH = HEAD + "      - {table: 1, players: [a, b], games: 2-1}\n      - {table: 2, players: [c, d]}\n"
"""Round 2 written by hand as round 1 again: played (a result is in), so the rematches are
warnings; clearing its one result makes it a plan again, and them errors (rematches a
pairing could avoid)."""

REMATCH_CLEARED = REMATCH.replace(", games: 2-1}", "}", 1)
"""What ``clear --table 1`` would make of :data:`REMATCH` (the same length as the clean
text cleared: a key of the file's name, size and time would not tell them apart)."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project of one event (:data:`CLEAN`), with a user cache folder of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "club"
    (root / "events").mkdir(parents=True)
    (root / SHOWN).write_text(CLEAN)
    return root


def _store(root: Path) -> ReadingFiles:
    home = root.parent / "cache" / "scorekeeper"
    return ReadingFiles(home / "readings", signing_key(home))


def _key(root: Path, text: str) -> str:
    key = reading_key(text, SHOWN, event_data_key(Project(root)))
    assert key is not None
    return key


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the recorded rounds were checked (not found among the kept readings)."""
    calls: list[int] = []
    real = plan.pairing_diagnostics

    def counting(*args: Any, **kwargs: Any) -> list[Diagnostic]:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(plan, "pairing_diagnostics", counting)
    return calls


def test_an_edit_checks_the_rounds_of_the_new_text_only(
    project: Path, checked: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    last_checked: list[int] = []
    real = plan.last_round_diagnostics

    def counting(*args: Any, **kwargs: Any) -> list[Diagnostic] | None:
        last_checked.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(plan, "last_round_diagnostics", counting)
    code, out = run_cli(project, "validate")
    assert code == 0, out
    assert len(checked) == 1
    checked.clear()
    code, out = run_cli(project, "report", str(project / SHOWN), "--round", "2", "--table", "2", "0-2")
    assert code == 0, out
    # The text validate checked is known, and so is its open round: the result is recorded
    # from them (ingest.edit.quick_report), and the new text's reading derived, not checked.
    assert len(checked) == 0
    checked.clear()
    code, out = run_cli(project, "pair", str(project / SHOWN), "--dry-run")
    assert code == 0, out
    # The text report wrote is known; of the new text, only the round pair appends is checked
    # (ingest.checks.appended_round), the rounds before it as they were.
    assert len(checked) == 0
    assert len(last_checked) == 1


def test_a_hand_edit_between_two_commands_is_checked_again(project: Path) -> None:
    path = project / SHOWN
    # The clean text and the clean text cleared are both checked, and kept, by these commands.
    assert run_cli(project, "clear", str(project / SHOWN), "--table", "1")[0] == 0
    assert run_cli(project, "report", str(project / SHOWN), "--table", "1", "2-1")[0] == 0
    assert path.read_text() == CLEAN
    path.write_text(REMATCH)  # the TO's editor: round 2 written again by hand
    code, out = run_cli(project, "clear", str(project / SHOWN), "--table", "1")
    assert code == 1, out
    assert 'error[rematch]: round 2: "a" and "b" meet again' in out
    assert "nothing was written" in out
    assert path.read_text() == REMATCH


def _sign(store: ReadingFiles, key: str, payload: bytes, secret: bytes | None = None) -> None:
    mac = ReadingFiles(store.folder, secret or store.secret)._mac(key, payload)
    path = store._path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(mac.encode() + b"\n" + payload)


def _tampered(root: Path, store: ReadingFiles, key: str) -> None:
    """A reading that would hide the rematches, whose signature is not the user's key's."""
    _sign(store, key, b"[]", secret=b"x" * 32)


def _edited(root: Path, store: ReadingFiles, key: str) -> None:
    """The right signature, on a payload changed after it was signed."""
    _sign(store, key, b"[]")
    path = store._path(key)
    path.write_bytes(path.read_bytes().replace(b"[]", b"[ ]"))


def _of_another_file(root: Path, store: ReadingFiles, key: str) -> None:
    """A reading of another file's text (no problem in it), signed with the user's key, put
    where this text's would be."""
    other = _key(root, CLEAN.replace("Small", "Other"))
    _sign(store, other, b"[]")
    store._path(key).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(store._path(other), store._path(key))


def _of_another_name(root: Path, store: ReadingFiles, key: str) -> None:
    """The same text's reading kept for another file name (the name is in the key)."""
    other = reading_key(REMATCH_CLEARED, "events/other.yaml", event_data_key(Project(root)))
    assert other is not None and other != key
    _sign(store, other, b"[]")
    store._path(key).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(store._path(other), store._path(key))


def _not_diagnostics(root: Path, store: ReadingFiles, key: str) -> None:
    """Signed with the user's key, but not a list of diagnostics."""
    _sign(store, key, json.dumps([["error", "x"]]).encode())


@pytest.mark.parametrize("plant", [_tampered, _edited, _of_another_file, _of_another_name, _not_diagnostics])
def test_a_reading_that_is_not_the_texts_own_is_not_taken(project: Path, plant: Any) -> None:
    path = project / SHOWN
    path.write_text(REMATCH)
    store = _store(project)
    plant(project, store, _key(project, REMATCH_CLEARED))
    code, out = run_cli(project, "clear", str(project / SHOWN), "--table", "1")
    assert code == 1, out
    assert "error[rematch]" in out and "nothing was written" in out
    assert path.read_text() == REMATCH


def test_a_reading_signed_with_the_users_key_is_taken(project: Path) -> None:
    """The cases above are refused because of the reading they planted, not by chance: the
    same "no problem" reading, signed with the user's own key where the new text's is looked
    for, is taken (the key is the user's alone, as for every file of the cache folder)."""
    path = project / SHOWN
    path.write_text(REMATCH)
    _sign(_store(project), _key(project, REMATCH_CLEARED), b"[]")
    code, out = run_cli(project, "clear", str(project / SHOWN), "--table", "1")
    assert code == 0, out
    assert path.read_text() == REMATCH_CLEARED


def test_the_key_changes_with_every_input(project: Path) -> None:
    data = event_data_key(Project(project))
    key = reading_key(CLEAN, SHOWN, data)
    assert key is not None
    assert reading_key(CLEAN + " ", SHOWN, data) != key
    assert reading_key(CLEAN.replace("2-1", "1-2"), SHOWN, data) != key
    assert reading_key(CLEAN, "events/f.yaml", data) != key
    assert reading_key(CLEAN, SHOWN, (*data, ("formats/x.yaml", 1, 2))) != key
    assert reading_key(CLEAN, SHOWN, data) == key


def test_no_reading_is_kept_with_a_communitys_own_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    from ingest.core.rulesets.registry import RULESETS

    assert reading_key(CLEAN, SHOWN, ()) is not None
    monkeypatch.setitem(RULESETS, "house", RULESETS["mtr"])
    assert reading_key(CLEAN, SHOWN, ()) is None


def test_a_reading_reads_back_field_by_field() -> None:
    found = (
        Diagnostic(Severity.WARNING, "rematch", 'round 2: "a" and "b"', SourcePos(SHOWN, 19, 9), "h", True),
        Diagnostic(Severity.ERROR, "repeated-bye", "m", SourcePos(SHOWN, 3, 1)),
    )
    assert diagnostics_from(json.loads(json.dumps(diagnostics_data(found)))) == found
    assert diagnostics_from({"a": 1}) is None
    assert diagnostics_from([["fatal", "c", "m", "f", 1, 1, "", False]]) is None
    assert diagnostics_from([["error", "c", "m", "f", -1, 1, "", False]]) is None
    assert diagnostics_from([["error", "c", "m", "f", 1, 1, "", 0]]) is None
    assert diagnostics_from([["error", "c", "m", "f", True, 1, "", False]]) is None


# -- the same outcomes as without any reading --------------------------------------------------------

SIX = """name: Six
date: 2026-12-05
game: mtg
format: modern
seed: 3
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: a, name: Ann}
  - {id: b, name: Bob}
  - {id: c, name: Cat}
  - {id: d, name: Dan}
  - {id: e, name: Eve}
  - {id: f, name: Fay}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [a, b], games: 2-0}
      - {table: 2, players: [c, d], games: 2-0}
      - {table: 3, players: [e, f], games: 2-0}
  - round: 2
    matches:
      - {table: 1, players: [a, c], games: 2-1}
      - {table: 2, players: [e, b]}
      - {table: 3, players: [d, f]}
"""
"""Round 2 of 3 open, one result in and two waiting: results there are recorded from what
was kept about the text, when it was kept (ingest.edit.quick_report)."""

SIX_PLAYED = SIX.replace("players: [e, b]}", "players: [e, b], games: 0-2}").replace(
    "players: [d, f]}", "players: [d, f], games: 1-1-1}"
)
"""Round 2 of 3 played: ``pair`` appends round 3 (its check made from what the round adds,
ingest.checks.appended_round)."""

SIX_WARNED = SIX_PLAYED + "    drops: [f, f]\n"
""":data:`SIX_PLAYED`, Fay leaving after round 2, written twice (a warning of the reading
itself, kept with what its text was assembled into)."""

_EDITS = st.lists(
    st.one_of(
        st.tuples(
            st.just("report"),
            st.integers(1, 2),
            st.integers(1, 3),
            # Beyond best of three, a match of no games, an intentional draw, one game won:
            # refused, refused, recorded, recorded with a warning.
            st.sampled_from(["2-0", "2-1", "0-2", "1-1-1", "double-loss", "3-0", "0-0", "0-0-3", "1-0"]),
        ),
        st.tuples(st.just("report"), st.just(0), st.integers(1, 3), st.sampled_from(["2-1", "0-2"])),
        st.tuples(st.just("clear"), st.integers(1, 2), st.integers(1, 3), st.just("")),
        st.tuples(st.just("pair"), st.just(0), st.just(0), st.sampled_from(["", "--dry-run"])),
        st.tuples(st.just("hand"), st.just(0), st.sampled_from(["swap", "comment", "drop"]), st.just("")),
    ),
    min_size=1,
    max_size=6,
)


def _command(root: Path, edit: tuple[str, int, int, str]) -> list[str]:
    kind, number, table, result = edit
    path = str(root / SHOWN)
    if kind == "report":
        where = ["--round", str(number)] if number else []  # else the current round
        return ["report", path, *where, "--table", str(table), result, "--replace"]
    if kind == "clear":
        return ["clear", path, "--round", str(number), "--table", str(table)]
    return ["pair", path, *([result] if result else [])]


def _hand_edit(path: Path, how: str) -> None:
    """The TO, in an editor: swaps two players of round 2 (Eve meets Fay again, or back), writes
    a comment on the first match waiting for its result, or writes (or takes out) that Dan
    dropped after round 1 (an error while he is paired in round 2)."""
    text = path.read_text()
    if how == "swap":
        pairs = [("players: [e, b]", "players: [e, f]"), ("players: [d, f]", "players: [d, b]")]
        if pairs[0][1] in text:
            pairs = [(new, old) for old, new in pairs]
        edited = text
        for old, new in pairs:
            edited = edited.replace(old, new, 1)
    elif how == "comment":
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if "players: [" in line and "games" not in line and "result" not in line and "#" not in line:
                lines[i] = line.rstrip("\n") + "  # slip 4\n"
                break
        edited = "".join(lines)
    else:
        drop = "    drops: [d]\n  - round: 2\n"
        edited = text.replace(drop, "  - round: 2\n") if drop in text else text.replace("  - round: 2\n", drop, 1)
    path.write_text(edited)


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.sampled_from([SIX, SIX_PLAYED, SIX_WARNED]), edits=_EDITS)
def test_kept_readings_give_what_a_check_from_scratch_gives(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, start: str, edits: list[Any]
) -> None:
    """The same edits, on three copies of the project: one keeps its readings (and verdicts, and
    open rounds: a result there is recorded from them, ingest.edit.quick_report; and the events
    its texts were assembled into, taken instead of reading a text again,
    ingest.checks.assemblies, kept here for texts of any length) from command to command, the
    other two start every command with an empty cache folder, and the third reads every text
    whole and checks a round pair appends as the whole new text (not from what it added,
    ingest.checks.appended_round). Every command ends the same, says the same, and leaves the
    same file."""
    base = tmp_path_factory.mktemp("same")
    roots = [base / "kept" / "club", base / "fresh" / "club", base / "whole" / "club"]
    for root in roots:
        (root / "events").mkdir(parents=True)
        (root / SHOWN).write_text(start)
    # The project as the last command left it: its text read whole, and what was found kept.
    monkeypatch.setenv("XDG_CACHE_HOME", str(roots[0].parent / "cache"))
    with monkeypatch.context() as kept:
        kept.setattr(assemblies, "MIN_CHARS", 0)
        assert run_cli(roots[0], "validate")[0] == 0
    for n, edit in enumerate(edits):
        outcomes = []
        for root in roots:
            # Each command installs its stores, as a new process does (the kept copy's files are
            # found again, the other copy's folder is new).
            cache = root.parent / ("cache" if root == roots[0] else f"cache-{n}")
            monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
            with monkeypatch.context() as whole:
                whole.setattr(assemblies, "MIN_CHARS", 0)
                if root == roots[2]:
                    whole.setattr(appended_round, "check_appended_round", lambda *args, **kwargs: None)
                    whole.setattr(assemblies, "MIN_CHARS", 10**9)
                if edit[0] == "hand":
                    _hand_edit(root / SHOWN, edit[2])
                    outcomes.append((0, ""))
                else:
                    outcomes.append(run_cli(root, *_command(root, edit)))
                outcomes.append(run_cli(root, "validate", "--json"))
        assert outcomes[:2] == outcomes[2:4] == outcomes[4:], edit
        assert (roots[0] / SHOWN).read_text() == (roots[1] / SHOWN).read_text() == (roots[2] / SHOWN).read_text()


def test_a_long_running_process_keeps_only_the_last_readings_in_memory(tmp_path: Path) -> None:
    store = ReadingFiles(tmp_path, b"k" * 32)
    found = (Diagnostic(Severity.WARNING, "rematch", "m", SourcePos(SHOWN, 1, 1)),)
    keys = [f"{i:064x}" for i in range(ReadingFiles.memory_limit + 1)]
    for key in keys:
        store[key] = found
    assert len(store.memory) <= ReadingFiles.memory_limit
    assert keys[-2] not in store.memory
    assert store[keys[-2]] == found  # read back from its file


SIX_PAIRED = SIX.replace("players: [a, c], games: 2-1}", "players: [a, c]}")
""":data:`SIX` as ``pair`` wrote round 2, no result in: its first result is recorded by reading
the whole file (which keeps its new text's event), the others from what was kept."""

_REPORTS = st.lists(
    st.tuples(st.integers(1, 3), st.sampled_from(["2-0", "2-1", "0-2", "1-1-1", "3-0", "0-0-3", "1-0"])),
    min_size=1,
    max_size=5,
)


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    start=st.sampled_from([SIX, SIX_PAIRED, SIX_PLAYED, SIX_WARNED]),
    rounds=st.sampled_from([3, 4]),
    reports=_REPORTS,
    later=_REPORTS,
)
def test_pair_after_reports_gives_what_a_project_that_keeps_nothing_gives(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    start: str,
    rounds: int,
    reports: list[Any],
    later: list[Any],
) -> None:
    """The TO's night: reports (refused ones among them: a table reported already, a score
    beyond best of three), then ``pair --dry-run`` and ``pair``, on two copies of the project:
    one keeps what each command found from command to command (the event of each text a
    report writes as the kept event and the results recorded since, ingest.checks.results_since,
    kept here for texts of any length), the other starts every command with an empty cache
    folder. Every command ends the same and says the same (a dry run's pairings too), and the
    file is the same after each. Then reports in the round ``pair`` wrote (its first result
    recorded from what pair kept, when the round is not the last of four) and ``pair`` again.
    """
    start = start.replace("swiss_rounds: 3", f"swiss_rounds: {rounds}")
    base = tmp_path_factory.mktemp("night")
    roots = [base / "kept" / "club", base / "fresh" / "club"]
    for root in roots:
        (root / "events").mkdir(parents=True)
        (root / SHOWN).write_text(start)
    monkeypatch.setattr(assemblies, "MIN_CHARS", 0)
    monkeypatch.setenv("XDG_CACHE_HOME", str(roots[0].parent / "cache"))
    assert run_cli(roots[0], "validate")[0] == 0  # the text as the command that wrote it left it
    commands = [["report", "--table", str(table), games] for table, games in reports]
    commands += [["pair", "--dry-run"], ["pair"], ["validate", "--json"]]
    commands += [["report", "--table", str(table), games] for table, games in later]
    commands += [["pair", "--dry-run"], ["pair"], ["validate", "--json"]]
    for n, command in enumerate(commands):
        outcomes = []
        for root in roots:
            cache = root.parent / ("cache" if root == roots[0] else f"cache-{n}")
            monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
            path = str(root / SHOWN)
            args = [command[0], *([] if command[0] == "validate" else [path]), *command[1:]]
            outcomes.append(run_cli(root, *args))
        assert outcomes[0] == outcomes[1], command
        assert (roots[0] / SHOWN).read_bytes() == (roots[1] / SHOWN).read_bytes(), command


def test_the_first_report_after_pair_reads_no_yaml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, counted: list[str]
) -> None:
    """``pair`` appends a round that is not the last (round 3 of 4) with nothing found on it:
    it keeps the new text's event and open round, and the round's first result is recorded from
    them, without composing or assembling the file (issue 38, point 5)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(assemblies, "MIN_CHARS", 0)
    root = tmp_path / "club"
    (root / "events").mkdir(parents=True)
    (root / SHOWN).write_text(SIX_PLAYED.replace("swiss_rounds: 3", "swiss_rounds: 4"))
    assert run_cli(root, "validate")[0] == 0
    assert run_cli(root, "pair", str(root / SHOWN))[0] == 0
    counted.clear()
    code, out = run_cli(root, "report", str(root / SHOWN), "--table", "1", "2-1")
    assert code == 0, out
    assert "Round 3, table 1" in out and "games: 2-1}" in (root / SHOWN).read_text()
    assert counted == []
    code, out = run_cli(root, "pair", str(root / SHOWN), "--dry-run")
    assert code == 1 and "round 3 is not finished" in out  # two results to come: nothing paired
    assert counted == []  # its event: the one pair kept, with the result recorded since


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The calls that read an event text's YAML (parse_yaml) or assemble its event (event_from)."""
    import ingest.checks.event_files as event_files

    calls: list[str] = []
    for name in ("parse_yaml", "event_from"):
        real = getattr(event_files, name)

        def counting(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(event_files, name, counting)
    return calls
