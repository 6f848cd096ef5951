"""Ordinary names that YAML, Markdown and Jinja give a meaning to are stored and shown exactly.

The edit path writes one-line flow mappings (``{id: x, name: ...}``), where ``,`` ``[`` ``]``
``{`` ``}`` and ``#`` end a plain value: ``add-player --name "Smith, John"`` and an archetype
``Burn, Boros`` were refused (17 of the attack's 51 awkward values). Each value of
:data:`AWKWARD` goes through ``add-player``, ``rename``, the event file, ``standings`` and
the built pages, as written; names pass through Jinja templates as data, never as
template source.
"""

from __future__ import annotations

import html
import html.parser
import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from ingest.cli.main import main
from ingest.core.safetext import unsafe_character
from ingest.edit.yaml_text import block_fragment, block_scalar, flow_scalar, render_flow
from ingest.source.pipeline import load_event
from ingest.source.project import Project
from tests.builders import ROOT

AWKWARD = [
    "Smith, John",
    "Burn, Boros",
    "Carl [the third]",
    "Dan }",
    "{Eve}",
    "Fay {{ 7*7 }}",
    "{% if true %}Gus{% endif %}",
    "{# comment #}Hal",
    "Ida # not a comment",
    "#hashtag",
    "Jo: the second",
    "Kim:Lee",
    "- Lou",
    "-Mo",
    "? Ned",
    "?Ola",
    "&anchor",
    "*alias",
    "!tag",
    "!!python/object/apply:os.system",
    "%directive",
    "@handle",
    "`backtick`",
    "'single'",
    '"double"',
    "O'Brien",
    'Say "hi"',
    "|block",
    ">folded",
    "yes",
    "No",
    "null",
    "~",
    "3",
    "0x1F",
    "1e3",
    ".inf",
    "2026-11-20",
    "21:10",
    "Ñandú Málaga",
    "王小明",
    "محمد علي",
    "עברית שם",
    "Zoë 🐉 Dragon",
    "a\\b",
    "<b>bold</b> & co",
    "[[wiki]]",
    "*emphasis* _under_",
    "trailing !",
    "50% off",
    "https://example.com/?a=b&c=d",
]
"""Names (and archetypes) that YAML, Markdown, HTML or Jinja read as something: all ordinary."""


def test_every_awkward_value_is_allowed_display_text() -> None:
    assert [v for v in AWKWARD if unsafe_character(v) is not None] == []


@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=30))
@example("\xa0")  # a no-break space is written plain; cutting it as whitespace wrote an empty value
@example("Utrecht\u3000")
def test_a_scalar_reads_back_as_written_where_it_is_written(text: str) -> None:
    """What the edit path writes in ``{...}`` (and as a block value) is read back by our
    reader (PyYAML) as the same text."""
    for line in (f"{{id: x, name: {flow_scalar(text)}, deck: y}}", f"[{flow_scalar(text)}, z]"):
        assert "\n" not in line
        loaded = yaml.safe_load(line)
        assert (loaded["name"] if isinstance(loaded, dict) else loaded[0]) == text
    # And as the value of a block mapping (``location: ...``, which ``new`` writes).
    assert yaml.safe_load(f"location: {block_scalar(text)}\nnext: 1\n") == {"location": text, "next": 1}


@given(st.lists(st.one_of(st.sampled_from(AWKWARD), st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,6}\Z")), max_size=4))
def test_a_block_fragment_reads_back_as_written(ids: list[str]) -> None:
    """A new round (ruamel.yaml, YAML 1.2) read by our YAML 1.1 reader: ids such as ``yes``,
    ``on`` or ``21:10`` stay text (a player with the id ``yes`` made every round unwritable)."""
    value = {"round": 1, "matches": [{"table": 1, "players": ids}, {"bye": ids[0] if ids else "a"}]}
    assert yaml.safe_load(block_fragment(value, 2, 2)) == value


def test_render_flow_quotes_for_the_flow_context() -> None:
    assert render_flow({"id": "smith-john", "name": "Smith, John"}) == "{id: smith-john, name: 'Smith, John'}"
    assert render_flow({"archetype": "Burn, Boros"}) == "{archetype: 'Burn, Boros'}"
    assert render_flow(["on", "alice"]) == "['on', alice]"


def _cli(root: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--root", str(root), *args])
    assert result.exit_code == 0 and result.exception is None, (args, result.output, result.exception)
    return result.output


class _Text(html.parser.HTMLParser):
    """The text of a page as a reader sees it (no markup)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _shown(page: Path) -> str:
    reader = _Text()
    reader.feed(page.read_text(encoding="utf-8"))
    return "".join(reader.parts)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """An event made from the command line: every awkward value a player's name (and an
    archetype), half of them given by ``rename``; round 1 paired and played; the site built."""
    root = tmp_path_factory.mktemp("names")
    shutil.copytree(ROOT / "schema", root / "schema")
    shutil.copytree(ROOT / "formats", root / "formats")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    _cli(root, "new", "--name", "Smith, John's {{ night }} #1", "--date", "2026-11-20", "--game", "mtg",
         "--format", "modern", "--rounds", "3", "--seed", "7", "--organizer", "Burn, Boros & {co}")  # fmt: skip
    event = root / "events" / "2026" / "2026-11-20-smith-john-s-night-1.yaml"
    names: dict[str, str] = {}
    for i, value in enumerate(AWKWARD):
        pid = f"p{i:02d}"
        # Half are added under a plain name and renamed to the awkward one.
        first = value if i % 2 else f"Player {i}"
        out = _cli(root, "add-player", str(event), "--id", pid, "--name", first, "--archetype", AWKWARD[-1 - i])
        assert f"added {first} ({pid})" in out
        if i % 2 == 0:
            _cli(root, "rename", str(event), pid, "--", value)  # (a name may start with "-")
        names[pid] = value
    _cli(root, "pair", str(event))
    loaded = load_event(event, Project(root)).event
    assert loaded is not None
    for m in loaded.rounds[0].matches:
        if m.table is not None:
            _cli(root, "report", str(event), "--table", str(m.table), "2-1")
    _cli(root, "build", "--today", "2026-11-22")
    return root, event, names


def test_the_event_file_holds_every_value_exactly(played: tuple[Path, Path, dict[str, str]]) -> None:
    root, event, names = played
    loaded = load_event(event, Project(root))
    assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
    assert loaded.event.name == "Smith, John's {{ night }} #1"
    assert loaded.event.organizer == "Burn, Boros & {co}"
    assert {p.id: p.name for p in loaded.event.players} == names
    assert {p.id: p.archetype for p in loaded.event.players} == {
        f"p{i:02d}": AWKWARD[-1 - i] for i in range(len(AWKWARD))
    }
    # One line per player, as a TO writes them, each read back by a plain YAML reader too.
    text = event.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("  - {id: p")]
    assert len(lines) == len(AWKWARD)
    assert [yaml.safe_load(line[4:])["name"] for line in lines] == list(names.values())


def test_standings_name_every_player_as_written(played: tuple[Path, Path, dict[str, str]]) -> None:
    root, event, names = played
    doc = json.loads(_cli(root, "standings", str(event), "--json"))
    assert {r["player"]: r["name"] for r in doc["standings"]} == names
    text = _cli(root, "standings", str(event))
    assert all(name in text for name in names.values())


def test_the_pages_show_every_value_as_text(played: tuple[Path, Path, dict[str, str]]) -> None:
    root, event, names = played
    site = root / "build" / "site"
    slug = event.stem
    shown = _shown(site / "events" / slug / "index.html")
    assert "Smith, John's {{ night }} #1" in shown and "Burn, Boros & {co}" in shown
    for pid, name in names.items():
        page = _shown(site / "players" / pid / "index.html")
        assert name in page, (pid, name)
        assert name in shown, (pid, name)
    rounds = _shown(site / "events" / slug / "rounds" / "index.html")
    assert all(name in rounds for name in names.values())
    # Data, not template source: nothing was evaluated, and no markup came from a name.
    everything = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "Fay 49" not in everything and ">Gus<" not in everything and ">Hal<" not in everything
    assert "<b>bold</b>" not in everything
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    titles = {html.unescape(e["title"]) for e in index}
    assert set(names.values()) <= titles


def test_players_whose_ids_yaml_reads_as_booleans_are_paired(tmp_path: Path) -> None:
    """``yes``, ``no``, ``on`` and ``off`` are ids like any other; the round was refused
    ("must be an id, not true") because the new round wrote them plain."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "formats", tmp_path / "formats")
    _cli(tmp_path, "new", "--name", "Bools", "--date", "2026-11-20", "--game", "mtg", "--format", "modern",
         "--rounds", "3", "--seed", "3")  # fmt: skip
    event = tmp_path / "events" / "2026" / "2026-11-20-bools.yaml"
    for pid in ("yes", "no", "on", "off", "null"):
        _cli(tmp_path, "add-player", str(event), "--id", pid, "--name", pid.title())
    _cli(tmp_path, "pair", str(event))
    loaded = load_event(event, Project(tmp_path)).event
    assert loaded is not None
    paired = {p for m in loaded.rounds[0].matches for p in m.players}
    assert paired == {"yes", "no", "on", "off", "null"}
