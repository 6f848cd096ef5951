"""Text is data, never structure (issue 16, point 3).

Ids match whole values; display text refuses control characters, bidirectional overrides
and line separators with a positioned error (a tab becomes a space); the terminal never
receives a character it would act on; text a page shows on one line stays on one line.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.checks.event_files import parse_event_text
from ingest.cli.main import main
from ingest.core.safetext import terminal_safe
from ingest.decks.decklist import parse_decklist_text
from ingest.publish.run import build_site
from ingest.site.render import md, meta_title
from ingest.source.project import Project
from tests.builders import ROOT
from tests.site_helpers import make_project

EVENT = """\
name: Text Test
date: 2026-12-01
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3}
players:
  - {id: ann, name: Ann}
  - {id: bea, name: Bea}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ann, bea], games: 2-1}
"""


def _parse(text: str) -> list[tuple[str, str, str]]:
    _doc, _event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    return [(d.code, d.pos.label(), d.message) for d in diags]


# -- ids ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", ['"kenji-quist\\n"', "|\n      kenji-quist"])
def test_an_id_ending_in_a_line_feed_is_not_an_id(pid: str) -> None:
    text = EVENT.replace("- {id: ann, name: Ann}", f"- name: Ann\n    id: {pid}")
    found = _parse(text)
    assert ("schema", "e.yaml:9:9", 'players[0].id: "kenji-quist\\n" is not a valid id') in found


def test_an_id_ending_in_a_line_feed_in_players_yaml_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    (tmp_path / "players.yaml").write_text('players:\n  - {id: "kenji-quist\\n", name: Kenji}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "validate"])
    assert result.exit_code == 1
    assert 'players.yaml:2:10: error[schema]: players[0].id: "kenji-quist\\n" is not a valid id' in result.output
    with pytest.raises(Exception, match="error"):
        build_site(project, today=dt.date(2026, 12, 2), docs_only=True)
    assert not (tmp_path / "build" / "docs").exists()


def test_a_format_file_date_ending_in_a_line_feed_is_refused(tmp_path: Path) -> None:
    from ingest.decks.format_files import format_registry

    text = (ROOT / "formats" / "mtg.yaml").read_text(encoding="utf-8")
    text = text.replace("since: 2025-06-30", 'since: "2025-06-30\\n"', 1)
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "mtg.yaml").write_text(text, encoding="utf-8")
    registry, found = format_registry(Project(tmp_path))
    line = 1 + text[: text.index('since: "2025-06-30')].count("\n")
    assert [(d.code, d.pos.path, d.pos.line) for d in found] == [("schema", "formats/mtg.yaml", line)]
    assert found[0].message.endswith('since: "2025-06-30\\n" is not a date; write YYYY-MM-DD, e.g. 2025-06-30')
    assert "mtg" in registry.unreadable


# -- display text ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        (r'"Ann\e]0;pwned\a"', "U+001B (escape)"),
        (r'"Ann\a"', "U+0007 (bell)"),
        (r'"Ann\u202enoitanimod"', "U+202E (right-to-left override)"),
        (r'"Ann\u2066x\u2069"', "U+2066 (left-to-right isolate)"),
        (r'"Ann\LAnn"', "U+2028 (line separator)"),
        (r'"Ann\NAnn"', "U+0085 (next line)"),
        (r'"Ann\rAnn"', "U+000D (carriage return)"),
        (r'"Ann\x9bAnn"', "U+009B"),
        (r'"Ann\x7f"', "U+007F (delete)"),
    ],
)
def test_display_text_refuses_control_and_direction_characters(written: str, shown: str) -> None:
    found = _parse(EVENT.replace("name: Ann}", f"name: {written}}}"))
    assert [(code, at) for code, at, _ in found] == [("unsafe-text", "e.yaml:8:21")]
    assert shown in found[0][2]


def test_every_text_of_the_file_is_checked_not_only_names() -> None:
    text = EVENT.replace("games: 2-1}", 'games: 2-1, note: "x\\u202e"}')
    text += 'location: "Hall\\e[2J"\n'
    assert [(c, at) for c, at, _ in _parse(text)] == [("unsafe-text", "e.yaml:13:59"), ("unsafe-text", "e.yaml:14:11")]


def test_a_tab_inside_text_becomes_a_space() -> None:
    text = EVENT.replace("name: Ann}", 'name: "Ann\\tExample"}')
    _doc, event, diags = parse_event_text(text, "e.yaml", Project(ROOT))
    assert diags == [] and event is not None
    assert event.players[0].name == "Ann Example"


def test_text_shown_on_one_line_may_not_hold_a_line_break() -> None:
    found = _parse(EVENT.replace("name: Text Test", 'name: "Text\\n# Injected"'))
    assert found == [("unsafe-text", "e.yaml:1:7", "the text is on more than one line, but it is shown on one line")]
    # free text may have several lines
    assert _parse(EVENT + 'description: "First line.\\nSecond line."\n') == []


def test_decklist_lines_with_control_characters_are_left_out_with_their_position() -> None:
    deck, errors = parse_decklist_text("4 Lightning Bolt\n1 Evil\x1b[2JCard\n2 Rev\u202eersed\n")
    assert [e.card for e in deck.entries] == ["Lightning Bolt"]
    assert [(e.line, e.column) for e in errors] == [(2, 7), (3, 6)]


# -- the terminal ---------------------------------------------------------------------------------


def test_terminal_output_shows_control_characters_as_escapes() -> None:
    assert terminal_safe("a\x1b]0;x\x07b\u202ec\r\n\td\x85") == "a\\u001b]0;x\\u0007b\\u202ec\\u000d\n\td\\u0085"
    # JSON stays JSON with the same data
    doc = json.dumps({"name": "x\u202e\u2028\x9b"}, ensure_ascii=False)
    assert json.loads(terminal_safe(doc)) == {"name": "x\u202e\u2028\x9b"}


def test_the_program_s_own_drawing_can_bypass_the_escaping() -> None:
    import io
    import sys

    from ingest.core.safetext import raw_stream, terminal_safe_output

    target = io.StringIO()
    saved = sys.stderr
    sys.stderr = target
    try:
        with terminal_safe_output():
            sys.stderr.write("name\u202e\r")
            raw_stream(sys.stderr).write("\r[####  ] 4/8")
    finally:
        sys.stderr = saved
    assert target.getvalue() == "name\\u202e\\u000d\r[####  ] 4/8"


def test_the_command_line_never_writes_a_character_the_terminal_would_act_on(tmp_path: Path) -> None:
    """A name the checks cannot refuse (the file's own name) still reaches the terminal escaped."""
    project = make_project(tmp_path, samples=False)
    bad = EVENT.replace("games: 2-1", "games: 3-0")
    (project.root / "events" / "x\u202etxt.yaml").write_text(bad, encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "validate"])
    assert result.exit_code == 1
    assert "events/x\\u202etxt.yaml:13:48: error[impossible-score]" in result.output
    assert "\u202e" not in result.output


# -- pages ----------------------------------------------------------------------------------------


def test_markdown_text_stays_on_one_line() -> None:
    for breaker in ("\n", "\r", "\r\n", "\x85", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c"):
        text = f"Swiss{breaker}# Injected heading"
        assert len(str(md(text)).splitlines()) == 1, repr(breaker)
        assert len(str(meta_title(text)).splitlines()) == 1, repr(breaker)


def test_a_description_on_several_lines_does_not_become_a_heading(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    text = EVENT + 'description: "First line.\\n# Not a heading\\n- not a list"\n'
    (project.root / "events" / "2026-12-01-text.yaml").write_text(text, encoding="utf-8")
    build_site(project, today=dt.date(2026, 12, 2), docs_only=True)
    page = (project.root / "build" / "docs" / "events" / "2026-12-01-text" / "index.md").read_text(encoding="utf-8")
    assert "First line\\. \\# Not a heading \\- not a list" in page
    assert not any(line.startswith(("# Not", "- not")) for line in page.splitlines())


def test_a_round_name_is_markdown_escaped_in_its_heading(tmp_path: Path) -> None:
    project = make_project(tmp_path, samples=False)
    text = EVENT.replace("swiss_rounds: 2, best_of: 3}", "swiss_rounds: 1, best_of: 3, playoff: {top: 2}}")
    text += 'playoff:\n  - round: 1\n    name: "Final *one* [x](javascript:1)"\n    matches: [{players: [ann, bea]}]\n'
    (project.root / "events" / "2026-12-01-text.yaml").write_text(text, encoding="utf-8")
    build_site(project, today=dt.date(2026, 12, 2), docs_only=True)
    page = (project.root / "build" / "docs" / "events" / "2026-12-01-text" / "rounds.md").read_text(encoding="utf-8")
    headings = [line for line in page.splitlines() if line.startswith("## Final")]
    assert headings == ["## Final \\*one\\* \\[x\\]\\(javascript:1\\) — in progress"]
