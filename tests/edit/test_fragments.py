"""New YAML fragments read back as what was written: a name with a comma or a brace (``Smith,
John``, ``Bob {{ 7*7 }}``) inside a one-line mapping is quoted, since there it would end the value."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from ingest.edit.fragments import render_flow
from tests.builders import run_cli

TEXT = st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(lambda s: s.strip() == s)


@given(TEXT)
def test_a_one_line_mapping_reads_back_as_written(name: str) -> None:
    line = render_flow({"id": "x", "name": name, "aliases": [name, "y"]})
    assert yaml.safe_load(line) == {"id": "x", "name": name, "aliases": [name, "y"]}


def test_add_player_takes_a_name_with_a_comma_or_braces(tmp_path: Path) -> None:
    code, out = run_cli(tmp_path, "new", "--name", "N", "--date", "2026-12-01", "--game", "mtg", "--format", "modern")
    assert code == 0, out
    path = tmp_path / "events" / "2026" / "2026-12-01-n.yaml"
    for name in ("Smith, John", "Bob {{ 7*7 }} Builder", "[AFK] Kim"):
        code, out = run_cli(tmp_path, "add-player", str(path), "--name", name)
        assert code == 0, out
    names = [p["name"] for p in yaml.safe_load(path.read_text())["players"]]
    assert names == ["Smith, John", "Bob {{ 7*7 }} Builder", "[AFK] Kim"]
