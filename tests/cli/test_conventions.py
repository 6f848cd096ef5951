"""What users of click tools expect: usage errors exit 2 with click's message, data errors
exit 1, `--json` prints exactly one JSON document on standard output (diagnostics
included), and terminal tables line up whatever script the names are in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from ingest.cli.main import main
from ingest.core.columns import display_width
from tests.builders import ROOT

EVENT = """\
name: Tokyo Night
date: 2026-12-01
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 2, best_of: 3}
players:
  - {id: tanaka, name: 田中太郎, deck: decks/tanaka.txt}
  - {id: kim, name: 김민준}
  - {id: ann, name: Ann}
  - {id: ivan, name: Иван Петров}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [tanaka, kim], games: 2-0}
      - {table: 2, players: [ann, ivan], games: 2-1}
"""


def _run(root: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--root", str(root), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def _schema(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((ROOT / "schema" / f"{name}.schema.json").read_text(encoding="utf-8")))


def _valid(name: str, doc: Any) -> Any:
    errors = [e.message for e in _schema(name).iter_errors(doc)]
    assert errors == [], errors
    return doc


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events" / "decks").mkdir(parents=True)
    (tmp_path / "events" / "e.yaml").write_text(EVENT, encoding="utf-8")
    deck = "".join(f"4 Card {i}\n" for i in range(10)) + "20 Plains\n"
    (tmp_path / "events" / "decks" / "tanaka.txt").write_text(deck, encoding="utf-8")
    return tmp_path


def test_standings_columns_line_up_after_cjk_names(project: Path) -> None:
    result = _run(project, "standings", str(project / "events" / "e.yaml"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()[1:]
    header, rows = lines[0], lines[2:]
    names = {"田中太郎", "김민준", "Иван Петров", "Ann"}
    assert {n for r in rows for n in names if n in r} == names
    # Every cell of the Pts column ends in the same terminal cell as its heading.
    end = display_width(header[: header.index("Pts") + 3])
    for row in rows:
        points, wld = row.split()[-5:-3]
        before = row[: row.index("  " + wld)]
        assert display_width(before) == end and before.endswith(points), row


def test_usage_errors_exit_2_with_clicks_message(project: Path) -> None:
    event = str(project / "events" / "e.yaml")
    cases = [
        (("standings", event, "--round", "5"), "Invalid value for '--round': round 5 does not exist"),
        (("standings", event, "--rules", "nope"), "Invalid value for '--rules'"),
        (("validate", str(project / "events" / "missing.yaml")), "does not exist"),
        (
            ("new", "--name", "x", "--date", "2026-12-01", "--game", "mtg", "--format", "modern", "--rounds", "many"),
            "Invalid value for '--rounds': 'many' is not a number of rounds or auto",
        ),
    ]
    for args, message in cases:
        result = _run(project, *args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr and result.stderr.startswith("Usage: "), result.stderr
        assert result.stdout == ""


def test_standings_json_on_a_bad_file_is_still_one_json_document(project: Path) -> None:
    broken = project / "events" / "e.yaml"
    broken.write_text(EVENT.replace("[ann, ivan]", "[ann, zed]"), encoding="utf-8")
    result = _run(project, "standings", str(broken), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["error"] == "events/e.yaml has errors; fix them first"
    (found,) = [d for d in doc["diagnostics"] if "zed" in d["message"]]
    assert (found["file"], found["severity"], found["line"]) == ("events/e.yaml", "error", 16)
    assert "has errors" in result.stderr


def test_validate_json_has_the_documented_shape(project: Path) -> None:
    result = _run(project, "validate", "--json")
    assert result.exit_code == 0, result.output
    doc = _valid("cli-validate", json.loads(result.stdout))
    assert doc["files"] == ["events/e.yaml"] and doc["ok"] is True
    assert _run(project, "validate", "--output-format", "json").stdout == result.stdout
    assert _run(project, "validate", "--format", "json").stdout == result.stdout  # the former name still works

    (project / "events" / "e.yaml").write_text(EVENT.replace("games: 2-1", "games: 5-1"), encoding="utf-8")
    result = _run(project, "validate", "--json")
    assert result.exit_code == 1
    doc = _valid("cli-validate", json.loads(result.stdout))
    assert doc["ok"] is False and doc["errors"] >= 1
    assert any(d["severity"] == "error" and d["line"] == 16 for d in doc["diagnostics"]), doc["diagnostics"]
    assert result.stderr.startswith("checked 1 event file: ")


def test_check_decks_json_has_the_documented_shape(project: Path) -> None:
    result = _run(project, "check-decks", "--json")
    doc = _valid("cli-check-decks", json.loads(result.stdout))
    assert [(d["player"], d["legal"]) for d in doc["decks"]] == [("tanaka", True)]
    assert doc["ok"] is True and result.exit_code == 0
    (project / "events" / "decks" / "tanaka.txt").write_text("4 Card 1\n", encoding="utf-8")
    result = _run(project, "check-decks", "--json")
    doc = _valid("cli-check-decks", json.loads(result.stdout))
    assert result.exit_code == 1 and doc["ok"] is False and doc["problems"] == 1
    assert doc["decks"][0]["legal"] is False
    assert any(d["code"] == "deck-size" for d in doc["diagnostics"]), doc["diagnostics"]


def test_the_cli_documents_share_one_diagnostic_shape() -> None:
    shapes = [_schema(n).schema["$defs"]["diagnostic"] for n in ("cli-validate", "cli-check-decks")]
    assert shapes[0] == shapes[1]
