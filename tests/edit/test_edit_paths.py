"""An edit reads the file once: it finds its entry in the event, which knows where the entry is
written, and splices the text there in the tree the one parse composed. The new text is parsed
once more, to check it before it is written."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from ruamel.yaml import YAML

from ingest.checks.event_files import parse_event_text
from ingest.core.rounds import GameScore
from ingest.edit.recording import record_result
from ingest.edit.splice import Editor, ParsedText
from ingest.source.project import Project
from tests.builders import ROOT
from tests.builders import run_cli as run

TEXT = """\
name: One Parse
date: 2026-12-04
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
  - {id: cem, name: Cem}
  - {id: dee, name: Dee}
rounds:
  - round: 1
    matches:
      - {table: 2, players: [cem, dee], games: 2-0}
      - {table: 1, players: [ana, ben], games: 2-1}
  - round: 2
    matches:
      - {table: 1, players: [ana, cem]}
      - {table: 2, players: [ben, dee]}
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(TEXT)
    return tmp_path


@contextmanager
def yaml_reads() -> Iterator[list[str]]:
    """Every text the YAML libraries are asked to read (PyYAML and ruamel.yaml entry points)."""
    texts: list[str] = []
    patches = pytest.MonkeyPatch()

    def counting(owner: Any, name: str) -> None:
        original = getattr(owner, name)

        def read(*args: Any, **kwargs: Any) -> Any:
            stream = args[1] if owner is YAML else args[0] if args else kwargs.get("stream")
            texts.append(stream if isinstance(stream, str) else repr(stream))
            return original(*args, **kwargs)

        patches.setattr(owner, name, read)

    for name in ("compose", "compose_all", "load", "load_all", "safe_load", "parse", "scan"):
        counting(yaml, name)
    for name in ("compose", "compose_all", "load", "load_all", "parse", "scan"):
        counting(YAML, name)
    try:
        yield texts
    finally:
        patches.undo()


def _reads_of_the_event(root: Path, *args: str) -> int:
    path = root / "events" / "e.yaml"
    run(root, "validate", str(path))  # format files and schemas read (and cached) before counting
    with yaml_reads() as texts:
        code, out = run(root, *args[:1], str(path), *args[1:])
    assert code == 0, out
    return sum(1 for t in texts if t.startswith("name: One Parse"))


@pytest.mark.parametrize(
    ("command", "reads"),
    [
        # One match's flow mapping changed on its line: the new text is read from the old
        # one's reading, only the mapping composed again (ingest.source.yaml_splice).
        # A result in the open round, whose checks found nothing on it (as pair wrote it): recorded
        # from what validate kept, the file not read at all (ingest.edit.quick_report).
        (("report", "--table", "1", "2-1"), 0),
        (("report", "--round", "1", "--player", "ana", "0-2", "--replace"), 1),
        (("clear", "--round", "1", "--table", "2"), 1),
        (("rename", "ben", "Benedict"), 1),
        # A key added to a block mapping, an item to a list other than the last: read whole.
        (("drop", "dee", "--after-round", "2"), 2),
        (("add-player", "--name", "Eve Late"), 2),
    ],
)
def test_an_edit_parses_the_file_once_and_its_result_at_most_once(
    project: Path, command: tuple[str, ...], reads: int
) -> None:
    assert _reads_of_the_event(project, *command) == reads


def test_undrop_parses_the_file_once_and_its_result_once(project: Path) -> None:
    path = project / "events" / "e.yaml"
    path.write_text(TEXT.replace("      - {table: 2, players: [ben, dee]}\n", "") + "    drops: [ben]\n")
    assert _reads_of_the_event(project, "undrop", "ben") == 2


def test_a_match_is_edited_where_the_event_says_it_is_written() -> None:
    """The edit does not look for the match in the file: it goes where the match's path points."""
    doc, event, _ = parse_event_text(TEXT, "e.yaml", Project(ROOT), keep_tree=True)
    assert doc is not None and doc.root is not None and event is not None
    first = event.rounds[1].matches[0]
    assert first.table == 1 and first.yaml_path == ("rounds", 1, "matches", 0)
    # Move the match, in the model only, to the second entry of the round: the edit follows the path.
    moved = dataclasses.replace(first, yaml_path=("rounds", 1, "matches", 1))
    rounds = (event.rounds[0], dataclasses.replace(event.rounds[1], matches=(moved, event.rounds[1].matches[1])))
    edit = record_result(
        ParsedText(TEXT, doc.root),
        dataclasses.replace(event, rounds=rounds),
        round_no=2,
        table=1,
        player=None,
        result=GameScore(2, 0),
    )
    assert "{table: 2, players: [ben, dee], games: 2-0}" in edit.text
    assert "{table: 1, players: [ana, cem]}\n" in edit.text


def test_the_editor_works_on_the_tree_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, _, _ = parse_event_text(TEXT, "e.yaml", Project(ROOT), keep_tree=True)
    assert doc is not None and doc.root is not None
    read_only, _, _ = parse_event_text(TEXT, "e.yaml", Project(ROOT))
    assert read_only is not None and read_only.root is None  # only an edit keeps the tree
    monkeypatch.setattr(yaml, "compose", lambda *a, **k: pytest.fail("the text was parsed again"))
    editor = Editor(ParsedText(TEXT, doc.root))
    editor.set_value(("rounds", 1, "matches", 1), "games", "0-2")
    assert "{table: 2, players: [ben, dee], games: 0-2}" in editor.result()
    assert type(ParsedText(TEXT, doc.root) + "") is str  # a new text does not carry the old tree


def test_undrop_removes_the_players_drop_and_only_it(project: Path) -> None:
    """A player listed twice in a round's drops: the other player's drop is the one taken back."""
    path = project / "events" / "e.yaml"
    path.write_text(TEXT.replace("      - {table: 2, players: [ben, dee]}\n", "") + "    drops: [ben, ben, dee]\n")
    code, out = run(project, "undrop", str(path), "dee")
    assert code == 0, out
    assert path.read_text().endswith("    drops: [ben, ben]\n")
    code, out = run(project, "undrop", str(path), "ben")
    assert code == 0, out
    assert "drops" not in path.read_text()


@pytest.mark.parametrize(
    ("text", "indexes", "expected"),
    [
        ("d: [a, a, b]\n", [0, 1], "d: [b]\n"),
        ("d: [a, b, a]  # x\n", [0, 2], "d: [b]  # x\n"),
        ("d: [a,   b, c]\n", [1], "d: [a, c]\n"),
        ("d:\n- a\n- b  # keep\n- a\n", [0, 2], "d:\n- b  # keep\n"),
    ],
)
def test_editor_removes_several_items(text: str, indexes: list[int], expected: str) -> None:
    editor = Editor(text)
    editor.remove_items(("d",), indexes)
    assert editor.result() == expected
