"""Format and archetype files take the event files' path (issue 18): one reading, one validation.

The same kind of mistake gets the same words, a code and a file:line:col whether it is made
in an event file or in ``formats/``; the rules a schema cannot state are positioned too.
Everything here runs ``scorekeeper validate`` as a TO would.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.cli.main import main
from ingest.decks.format_files import archetypes_from_documents, registry_from_documents
from ingest.source.project import Project
from ingest.source.validation import load_schema
from ingest.source.yamldoc import load_plain
from tests.builders import ROOT, paths_of
from tests.decks.support import document
from tests.site_helpers import make_project

EVENT = "events/2026/2026-11-13-friday-night-modern.yaml"
GAME = "formats/mtg.yaml"
ARCHETYPES = "formats/archetypes/modern.yaml"


def _project(tmp_path: Path) -> Project:
    project = make_project(tmp_path / "project", samples=False)
    shutil.copy(ROOT / "players.yaml", project.root / "players.yaml")
    (project.root / "events" / "2026").mkdir(parents=True)
    shutil.copytree(ROOT / "events" / "2026" / "decks", project.root / "events" / "2026" / "decks")
    shutil.copy(ROOT / EVENT, project.root / EVENT)
    return project


def _edit(project: Project, name: str, old: str, new: str) -> int:
    """Replaces the first ``old`` in a project file; returns the line it is on."""
    path = project.root / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _errors(project: Project) -> list[str]:
    result = CliRunner().invoke(main, ["--root", str(project.root), "validate"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if "error[" in line]


# (event file: old, new, path shown), (format file: old, new, path shown), what both say
SAME_KIND = {
    "unknown choice": (
        ("pairing: swiss", "pairing: swis", "structure.pairing"),
        ("kind: constructed", "kind: constructd", "formats.standard.kind"),
        r'"\w+" is not one of \w+',
    ),
    "unknown key": (
        ("  best_of: 3\n", "  best_of: 3\n  bestof: 3\n", "structure"),
        ("      copies: {max: 4,", "      copys: 1\n      copies: {max: 4,", "formats.standard.deck"),
        r'unknown key "\w+"',
    ),
    "missing key": (
        ("name: Friday Night Modern 42\n", "", "(top level)"),
        ("    name: Standard\n", "", "formats.standard"),
        r'the required key "name" is missing',
    ),
    "wrong type": (
        ("seed: 8127364", "seed: [8127364]", "seed"),
        ("sideboard: {allowed: true", "sideboard: {allowed: [true]", "formats.standard.deck.sideboard.allowed"),
        r"must be .+, not a list",
    ),
    "impossible date": (
        ("date: '2026-11-13'", "date: '2026-13-13'", "date"),
        ("since: 2025-06-30", 'since: "2025-13-30"', "formats.standard.banned[0].since"),
        r'"\d{4}-13-\d\d" is not a date; write YYYY-MM-DD, e\.g\. \d{4}-\d\d-\d\d',
    ),
}


@pytest.mark.parametrize("kind", SAME_KIND, ids=list(SAME_KIND))
def test_an_event_file_and_a_format_file_get_the_same_words_for_the_same_mistake(kind: str, tmp_path: Path) -> None:
    (event_old, event_new, event_at), (game_old, game_new, game_at), says = SAME_KIND[kind]
    codes = {}
    for name, old, new, at in ((EVENT, event_old, event_new, event_at), (GAME, game_old, game_new, game_at)):
        project = _project(tmp_path / name.split("/")[0])
        line = _edit(project, name, old, new)
        shape = rf"{re.escape(name)}:(\d+):\d+: error\[([a-z-]+)\]: {re.escape(at)}: {says}"
        found = [m for m in map(re.compile(shape).match, _errors(project)) if m]
        assert len(found) == 1, (name, _errors(project))
        assert abs(int(found[0][1]) - line) <= 1, found[0][0]  # the line of the edit (or the key's next line)
        codes[name] = found[0][2]
    assert codes[EVENT] == codes[GAME]


def test_the_rules_a_schema_cannot_state_are_positioned_at_the_value(tmp_path: Path) -> None:
    project = _project(tmp_path)
    overlap = _edit(
        project,
        GAME,
        '      - {card: "Cori-Steel Cutter", since: 2025-06-30,',
        '      - {card: "Abuelo\'s Awakening", since: 2025-07-01,',
    )
    until = _edit(
        project,
        GAME,
        '{card: "Heartfire Hero", since: 2025-06-30,',
        '{card: "Heartfire Hero", since: 2025-06-30, until: 2025-06-01,',
    )
    named = _edit(project, ARCHETYPES, "format: modern", "format: modren")
    assert _errors(project) == [
        f"{ARCHETYPES}:{named}:9: error[format-file]: format: "
        'format "modren" does not match the file name (modern.yaml)',
        f"{GAME}:{overlap}:9: error[format-file]: formats.standard.banned[1]: "
        "this entry's period overlaps entry 0 for the same card",
        f"{GAME}:{until}:60: error[format-file]: formats.standard.banned[2].until: "
        "until (2025-06-01) must be after since (2025-06-30)",
    ]


def test_a_format_file_with_an_error_leaves_its_game_out_without_blaming_the_events(tmp_path: Path) -> None:
    project = _project(tmp_path)
    line = _edit(project, GAME, "game: mtg", "game: wot")
    assert _errors(project) == [
        f'{GAME}:{line}:7: error[format-file]: game: game "wot" does not match the file name (mtg.yaml)'
    ]


_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 70),
    st.sampled_from(["", "modern", "Bad Id", "2025-06-30", "2025-05-01", "2025-13-01", "Lightning Bolt", "mtg"]),
    st.lists(st.sampled_from(["modern", "mod", "x", "2025-06-30"]), max_size=3),
    st.dictionaries(st.sampled_from(["card", "since", "until", "source", "id", "name"]), st.just("2025-06-30")),
)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_mutated_game_or_archetype_file_gets_positioned_diagnostics_only(data: st.DataObject) -> None:
    """Whatever the schema refuses, the rules it cannot state never crash on it, and every
    problem names a line and column of the file."""
    name = data.draw(st.sampled_from(["formats/wot.yaml", "formats/transformers.yaml", ARCHETYPES]), label="file")
    doc = load_plain((ROOT / name).read_text(encoding="utf-8"))
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        path = data.draw(st.sampled_from(paths_of(doc)), label="path")
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans(), label="remove"):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(_VALUES, label="value")
    source = document(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), name)
    if name == ARCHETYPES:
        _, problems = archetypes_from_documents([source], load_schema(ROOT / "schema" / "archetypes.schema.json"))
    else:
        _, problems = registry_from_documents([source], load_schema(ROOT / "schema" / "format.schema.json"))
    assert all(d.pos.path == name and d.pos.line > 0 and d.pos.col > 0 for d in problems), problems
