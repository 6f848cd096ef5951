"""The event a big text was assembled into, kept by the text (issue 38, point 5:
ingest.checks.assemblies): the next command reading that very text takes it instead of
composing, walking and assembling the YAML again, and finds what a full reading finds; an
event kept for another text, tampered with or not of the model's types is never taken."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import ingest.checks.event_files as event_files
from ingest.checks import assemblies
from ingest.checks.event_codec import codec, event_data, event_from_data
from ingest.checks.readings import event_data_key
from ingest.cli.verdict_files import AssemblyFiles
from ingest.core.model import Event, EventOrigin, Phase, PublishedRow
from ingest.core.rounds import Match, SeatResult, TeamMatch
from ingest.source.project import Project
from ingest.source.signing import signing_key
from ingest.source.yamldoc import parse_yaml
from tests.builders import event_at, run_cli
from tests.checks.conftest import SHOWN

REPO = Path(__file__).resolve().parents[2]
SAMPLES = sorted((REPO / "events").rglob("*.yaml")) + sorted((REPO / "tests" / "data" / "valid").glob("*.yaml"))


def _walk(value: Any, seen: set[type]) -> None:
    """Every dataclass type found in ``value``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        seen.add(type(value))
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), seen)
    elif isinstance(value, tuple | list):
        for v in value:
            _walk(v, seen)


def _imported(event: Event) -> Event:
    """``event`` as an import with the platform's standings and a phased, dated structure, its
    first player with an inline decklist (the values no sample file holds: fractions, a
    datetime, phases, a deck as plain data)."""
    first = event.players[0].id
    inline = {"main": [{"count": 4, "name": "Lightning Bolt"}, {"count": 1.0, "name": None}], "side": []}
    event = dataclasses.replace(event, players=(dataclasses.replace(event.players[0], deck=inline), *event.players[1:]))
    row = PublishedRow(1, first, 9, 3, 0, 0, Fraction(2, 3), Fraction(7, 9), None, None)
    origin = EventOrigin("melee.gg", "https://example.org/e", "top-cut-only", (row,), ("inferred",))
    structure = dataclasses.replace(
        event.structure, phases=(Phase("Day 2", 3),), decklist_deadline=dt.datetime(2026, 11, 20, 18, 30)
    )
    return dataclasses.replace(event, origin=origin, structure=structure)


def _same(a: Event, b: Event) -> None:
    """Equal, positions and YAML paths (which equality leaves out) included."""
    assert a == b
    assert event_data(a) == event_data(b)
    assert repr(a) == repr(b)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_event_reads_back_as_it_was(path: Path) -> None:
    root = REPO if path.is_relative_to(REPO / "events") else path.parent
    event = event_at(path, root)
    for value in (event, _imported(event)):
        back = event_from_data(json.loads(json.dumps(event_data(value))))
        assert back is not None
        _same(back, value)


def test_the_samples_hold_every_kind_of_entry() -> None:
    """The round trips above cover the classes a round's entries may be (Wheel of Time games,
    tables and byes; team matches seat by seat; matches): a class none of them holds would be
    read back untested."""
    seen: set[type] = set()
    for path in SAMPLES:
        root = REPO if path.is_relative_to(REPO / "events") else path.parent
        _walk(_imported(event_at(path, root)), seen)
    names = {t.__name__ for t in seen}
    assert {"WotEntry", "WotGame", "WotBye", "TeamMatch", "SeatResult", "Match", "Team", "PlayoffSpec"} <= names


@pytest.mark.parametrize(
    ("tp", "data"),
    [
        (Match, ["played", ["a", "b"], None, 1, "", None]),  # a field short
        (Match, ["won", ["a", "b"], None, 1, "", None, []]),  # not a kind
        (Match, ["played", ["a", 2], None, 1, "", None, []]),  # an id that is not text
        (Match, ["played", ["a", "b"], [2, 1, 0], True, "", None, []]),  # a table that is a boolean
        (Match, ["played", ["a", "b"], [2, 1, 0], 1, "", ["e.yaml", 1, 1], [["rounds"]]]),  # a path step
        (TeamMatch, [["x", "y"], [[[2, 0], "no"]], None, 1, None, []]),  # a flag that is not one
        (SeatResult, [[2, 1], False, 3]),  # a field too many
        (PublishedRow, [1, "a", 9, 3, 0, 0, [2, 0], None, None, None]),  # a fraction over 0
        (Phase, ["Day 2", "3"]),
        (Event, {"path": "e.yaml"}),
    ],
)
def test_data_not_of_the_models_types_is_refused(tp: Any, data: Any) -> None:
    with pytest.raises(ValueError, match="expected"):
        codec(tp)[1](data)


def test_an_event_that_does_not_read_back_is_none() -> None:
    assert event_from_data({"a": 1}) is None
    assert event_from_data(["x"]) is None


# -- kept and taken --------------------------------------------------------------------------------

TEXT = """name: Six
date: 2026-12-05
game: mtg
format: modern
seed: 3
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: a, name: Ann, deck: decks/a.txt}
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
      - {table: 2, players: [e, b], games: 0-2}
      - {table: 3, players: [d, f], games: 1-1-1}
"""
"""Round 2 of 3 played, a decklist named and not handed in yet (a warning, with its position)."""


@pytest.fixture
def project(kept_project: Callable[[str], Path]) -> Path:
    """A project of one event (:data:`TEXT`) with a user cache folder of its own, whose text is
    long enough to be kept (every text is, here)."""
    return kept_project(TEXT)


def _store(root: Path) -> AssemblyFiles:
    home = root.parent / "cache" / "scorekeeper"
    return AssemblyFiles(home / "assemblies", signing_key(home))


def _key(root: Path, text: str) -> str:
    key = assemblies.assembly_key(text, SHOWN, event_data_key(Project(root)))
    assert key is not None
    return key


def test_a_text_read_once_is_not_assembled_again(project: Path, assembled: list[int]) -> None:
    code, first = run_cli(project, "validate")
    assert code == 0, first
    assert "deck-missing" in first and f"{SHOWN}:8:" in first  # the warning, at the deck's line
    assert len(assembled) == 1
    assert _store(project)[_key(project, TEXT)].event == event_at(project / SHOWN, project)
    assembled.clear()
    code, again = run_cli(project, "validate")
    assert (code, again) == (0, first)
    code, dry = run_cli(project, "pair", str(project / SHOWN), "--dry-run")
    assert code == 0, dry
    assert assembled == []  # the text as kept; only the round pair appends is read and assembled


def test_a_text_changed_by_a_byte_is_read_again(project: Path, assembled: list[int]) -> None:
    assert run_cli(project, "validate")[0] == 0
    assembled.clear()
    (project / SHOWN).write_text(TEXT.replace("players: [d, f], games: 1-1-1", "players: [d, f], games: 3-0"))
    code, out = run_cli(project, "validate")
    assert code == 1 and "3-0" in out, out
    assert len(assembled) == 1


def test_every_position_of_a_kept_text_is_the_full_readings(project: Path) -> None:
    """Only the positions of the decklist references are kept; every other one a diagnostic asks
    for is read from the text then, and is where a full reading puts it."""
    assert run_cli(project, "validate")[0] == 0
    kept = _store(project)[_key(project, TEXT)]
    full, problems = parse_yaml(TEXT, SHOWN)
    assert full is not None and not problems
    for keep_tree in (False, True):
        doc = assemblies.stored_document(kept, TEXT, SHOWN, keep_tree=keep_tree)
        assert doc is not None and doc.data == full.data and (doc.root is not None) == keep_tree
        assert len(doc.values) == len(full.values) and len(doc.keys) == len(full.keys)
        assert dict(doc.values.items()) == dict(full.values) and dict(doc.keys.items()) == dict(full.keys)
        for path in full.values:
            assert doc.pos(path) == full.pos(path) and doc.pos(path, key=True) == full.pos(path, key=True)


def _sign(store: AssemblyFiles, key: str, payload: bytes, secret: bytes | None = None) -> None:
    mac = AssemblyFiles(store.folder, secret or store.secret)._mac(key, payload)
    path = store._path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(mac.encode() + b"\n" + payload)


WRONG = TEXT.replace("players: [a, b], games: 2-0", "players: [a, b], games: 0-2")
"""Another text: Bob won round 1, not Ann."""


def _kept_payload(root: Path, text: str) -> bytes:
    """What is kept about ``text`` once it is read (as a file's payload)."""
    (root / SHOWN).write_text(text)
    assert run_cli(root, "validate")[0] == 0
    store = _store(root)
    data = store.encode(store[_key(root, text)])
    (root / SHOWN).write_text(TEXT)
    return json.dumps(data).encode()


def _tampered(root: Path, store: AssemblyFiles, key: str) -> None:
    """Another text's event, whose signature is not the user's key's."""
    _sign(store, key, _kept_payload(root, WRONG), secret=b"x" * 32)


def _edited(root: Path, store: AssemblyFiles, key: str) -> None:
    """The right signature on this text's reading, its payload changed after it was signed."""
    _sign(store, key, _kept_payload(root, TEXT))
    path = store._path(key)
    path.write_bytes(path.read_bytes().replace(b'"Six"', b'"Sox"', 1))


def _of_another_text(root: Path, store: AssemblyFiles, key: str) -> None:
    """Another text's file, signed with the user's key for that text, put where this one's is."""
    _kept_payload(root, WRONG)
    store._path(key).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(store._path(_key(root, WRONG)), store._path(key))


def _not_an_event(root: Path, store: AssemblyFiles, key: str) -> None:
    """Signed with the user's key, but its event is not one of the model's."""
    data = json.loads(_kept_payload(root, TEXT))
    data["event"][8] = "not the players"
    _sign(store, key, json.dumps(data).encode())


@pytest.mark.parametrize("plant", [_tampered, _edited, _of_another_text, _not_an_event])
def test_a_kept_event_that_is_not_the_texts_own_is_not_taken(project: Path, plant: Any, assembled: list[int]) -> None:
    fresh = run_cli(project, "standings", str(project / SHOWN))
    shutil.rmtree(project.parent / "cache" / "scorekeeper" / "assemblies")
    store = _store(project)
    plant(project, store, _key(project, TEXT))
    assembled.clear()
    assert (project / SHOWN).read_text() == TEXT
    assert run_cli(project, "standings", str(project / SHOWN)) == fresh
    assert len(assembled) == 1


def test_a_kept_event_signed_with_the_users_key_is_taken(project: Path, assembled: list[int]) -> None:
    """The cases above are refused because of what they planted, not by chance: another text's
    event, signed with the user's key where this text's is looked for, is taken (the key is the
    user's alone, as for every file of the cache folder)."""
    (project / SHOWN).write_text(WRONG)
    wrong = run_cli(project, "standings", str(project / SHOWN))
    payload = _kept_payload(project, WRONG)
    shutil.rmtree(project.parent / "cache" / "scorekeeper" / "assemblies")
    _sign(_store(project), _key(project, TEXT), payload)
    assembled.clear()
    right = run_cli(project, "standings", str(project / SHOWN))
    assert assembled == []
    assert right == wrong and wrong[0] == 0


def test_short_texts_and_texts_with_anchors_keep_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assemblies, "MIN_CHARS", 1000)
    assert assemblies.assembly_key("x" * 999, SHOWN, ()) is None
    assert assemblies.assembly_key("x" * 1000, SHOWN, ()) is not None
    assert assemblies.assembly_key("a: &x 1\n" + "x" * 1000, SHOWN, ()) is None


def test_a_kept_reading_reads_back_field_by_field(project: Path) -> None:
    assert run_cli(project, "validate")[0] == 0
    store = _store(project)
    kept = store[_key(project, TEXT)]
    data = json.loads(json.dumps(store.encode(kept)))
    assert assemblies.assembly_from(data) == kept
    for broken in (
        {**data, "values": -1},
        {**data, "keys": True},
        {**data, "known": [[["players", 0, "deck"], 0, 1]]},
        {**data, "problems": [["error", "x", "m", SHOWN, 1, 1, "", False]]},  # a text with an error keeps nothing
        {k: v for k, v in data.items() if k != "data"},
    ):
        assert assemblies.assembly_from(broken) is None
    full, _ = parse_yaml(TEXT, SHOWN)
    assert full is not None
    assert (kept.values, kept.keys) == (len(full.values), len(full.keys))
    assert kept.known == (((), full.values[()]), (("players", 0, "deck"), full.values["players", 0, "deck"]))


def test_an_edit_keeps_nothing_of_the_text_it_replaces_and_a_dry_run_keeps_it(project: Path) -> None:
    """Keeping costs a write; an edit's text is replaced at once, so only the texts read as they
    are keep theirs: a dry run's (the pair that follows reads the same text), not the pair's."""
    folder = project.parent / "cache" / "scorekeeper" / "assemblies"
    assert run_cli(project, "pair", str(project / SHOWN), "--dry-run")[0] == 0
    assert _store(project)._path(_key(project, TEXT)).is_file()
    shutil.rmtree(folder)
    code, out = run_cli(project, "pair", str(project / SHOWN))
    assert code == 0, out
    assert (project / SHOWN).read_text() != TEXT
    assert not folder.exists() or not any(folder.rglob("*.json"))


def test_a_dry_run_keeps_nothing_of_the_text_it_would_write(project: Path) -> None:
    """The round a dry run appends is never written (the ``pair`` that writes it checks its text
    again): nothing found checking the new text is kept, only the reading of the text as it is."""
    home = project.parent / "cache" / "scorekeeper"

    def kept(store: str) -> set[str]:
        return {p.stem for p in home.joinpath(store).rglob("*.json")}

    assert run_cli(project, "pair", str(project / SHOWN), "--dry-run")[0] == 0
    old = _key(project, TEXT)
    assert kept("assemblies") == kept("readings") == {old}
    code, out = run_cli(project, "pair", str(project / SHOWN))
    assert code == 0, out
    new = _key(project, (project / SHOWN).read_text())
    assert kept("readings") == {old, new}  # the pair that writes the round keeps what it found


def test_only_a_files_text_keeps_its_reading(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A text read from no file (an import's, a new event's) keeps nothing: no command reads it
    again under that name."""
    monkeypatch.setattr(assemblies, "STORE", {})
    _doc, event, problems = event_files.parse_event_text(TEXT, SHOWN, Project(project))
    assert event is not None and not problems
    assert assemblies.STORE == {}
    assert event_at(project / SHOWN, project) == event
    assert list(assemblies.STORE) == [_key(project, TEXT)]
