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
from tests.site_helpers import make_project

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
    doc = _valid("cli-standings", json.loads(result.stdout))
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
    for command in ("validate", "build"):  # --format is the game's format only (new, import, export)
        gone = _run(project, command, "--format", "json")
        assert gone.exit_code == 2 and "No such option '--format'. Did you mean '--output-format'?" in gone.stderr

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


CLI_DOCUMENTS = ("cli-validate", "cli-check-decks", "cli-standings", "cli-pair")


def test_the_cli_documents_share_one_diagnostic_shape() -> None:
    shapes = [_schema(n).schema["$defs"]["diagnostic"] for n in CLI_DOCUMENTS]
    assert all(shape == shapes[0] for shape in shapes)
    for name in CLI_DOCUMENTS:
        Draft202012Validator.check_schema(_schema(name).schema)
    failures = [_schema(n).schema["$defs"]["failure"] for n in ("cli-standings", "cli-pair")]
    assert failures[0] == failures[1]


def test_standings_json_of_every_sample_event_has_the_documented_shape(tmp_path: Path) -> None:
    root = make_project(tmp_path).root
    events = sorted((root / "events").rglob("*.yaml"))
    assert len(events) >= 7
    for path in events:
        plain = json.loads(_run(root, "standings", str(path), "--json").stdout)
        by_round = [("--round", "1")] if plain["after_round"] and "published_by" not in plain else []
        for extra in ((), ("--cut",), *by_round):
            result = _run(root, "standings", str(path), "--json", *extra)
            assert result.exit_code == 0, (path.name, extra, result.output)
            doc = _valid("cli-standings", json.loads(result.stdout))
            assert doc["event"] == path.stem and doc["standings"], (path.name, extra)
            assert ("cut" in doc) == ("--cut" in extra)
    # The Wheel of Time rows (game points, tie-breaking points, rank null once removed) too.
    rules = {json.loads(_run(root, "standings", str(p), "--json").stdout)["rules"] for p in events}
    assert {"wot", "mtr"} <= rules


def test_standings_json_carries_the_warnings(project: Path) -> None:
    event = project / "events" / "e.yaml"
    event.write_text(EVENT.replace("deck: decks/tanaka.txt", "deck: decks/nobody.txt"), encoding="utf-8")
    result = _run(project, "standings", str(event), "--json")
    assert result.exit_code == 0, result.output
    doc = _valid("cli-standings", json.loads(result.stdout))
    (found,) = doc["diagnostics"]
    assert found["severity"] == "warning" and "nobody.txt" in found["message"] and found["line"] == 8
    assert "nobody.txt" in result.stderr  # and as text for the human


def test_pair_dry_run_json_is_the_proposed_round(project: Path) -> None:
    event = project / "events" / "e.yaml"
    before = event.read_text(encoding="utf-8")
    text = _run(project, "pair", str(event), "--dry-run")
    result = _run(project, "pair", str(event), "--dry-run", "--json")
    assert result.exit_code == 0 == text.exit_code, result.output
    doc = _valid("cli-pair", json.loads(result.stdout))  # stdout is the JSON document alone
    assert event.read_text(encoding="utf-8") == before
    assert (doc["file"], doc["event"], doc["written"], doc["stage"], doc["number"]) == (
        "events/e.yaml",
        "e",
        False,
        "rounds",
        2,
    )
    assert result.stderr == text.stdout  # the human text, on standard error
    assert text.stdout.splitlines() == [doc["title"], *("  " + line for line in doc["lines"])]
    # Round 2: the winners meet, and so do the losers.
    assert sorted(sorted(m["players"]) for m in doc["round"]["matches"]) == [["ann", "tanaka"], ["ivan", "kim"]]
    assert doc["diagnostics"] == [] and doc["late_losses"] == [] and doc["notes"] == []

    result = _run(project, "pair", str(event), "--json")  # pairing for real reports what it wrote
    doc2 = _valid("cli-pair", json.loads(result.stdout))
    assert result.exit_code == 0 and doc2["written"] is True and doc2["round"] == doc["round"]
    assert "wrote round 2" in result.stderr


def test_pair_json_when_nothing_can_be_paired_is_still_one_json_document(project: Path) -> None:
    event = project / "events" / "e.yaml"
    event.write_text(EVENT.replace("games: 2-1", "games: 7-1"), encoding="utf-8")
    result = _run(project, "pair", str(event), "--dry-run", "--json")
    assert result.exit_code == 1
    doc = _valid("cli-pair", json.loads(result.stdout))
    assert doc["error"] == "events/e.yaml has errors; fix them before pairing"
    assert [(d["severity"], d["line"]) for d in doc["diagnostics"]] == [("error", 16)]
    event.write_text(EVENT.replace("[ann, ivan], games: 2-1}", "[ann, ivan]}"), encoding="utf-8")
    result = _run(project, "pair", str(event), "--dry-run", "--json")
    doc = _valid("cli-pair", json.loads(result.stdout))
    assert result.exit_code == 1 and "round 1 is not finished" in doc["error"], doc
    assert "round 1 is not finished" in result.stderr
    result = _run(project, "pair", str(event), "--check", "--json")
    assert result.exit_code == 2 and result.stdout == "" and "validate FILE --json" in result.stderr


def test_pair_json_with_nothing_left_to_pair_says_why_and_exits_0(project: Path) -> None:
    event = project / "events" / "e.yaml"
    event.write_text(EVENT.replace("swiss_rounds: 2", "swiss_rounds: 1"), encoding="utf-8")
    before = event.read_bytes()
    result = _run(project, "pair", str(event), "--json")
    doc = _valid("cli-pair", json.loads(result.stdout))
    assert result.exit_code == 0 and doc["written"] is False and doc["event"] == "e"
    assert doc["finished"] == "the one Swiss round is paired and the event has no playoff: the event is complete"
    assert "nothing to pair" in result.stderr and event.read_bytes() == before


@pytest.mark.parametrize(
    ("command", "schema"),
    [
        (("validate", "--json"), "cli-validate"),
        (("check-decks", "--json"), "cli-check-decks"),
        (("standings", "events/e.yaml", "--json"), "cli-standings"),
        (("pair", "events/e.yaml", "--dry-run", "--json"), "cli-pair"),
    ],
    ids=["validate", "check-decks", "standings", "pair"],
)
@pytest.mark.parametrize("broken", ["good", "bad-result", "not-yaml", "not-utf8"])
def test_every_reporting_command_prints_one_json_document(
    project: Path, command: tuple[str, ...], schema: str, broken: str
) -> None:
    """Whatever the file holds, standard output is one JSON document of the documented shape
    (diagnostics included), and the exit status says whether the command could do its work."""
    event = project / "events" / "e.yaml"
    if broken == "bad-result":
        event.write_text(EVENT.replace("games: 2-1", "games: 7-1"), encoding="utf-8")
    elif broken == "not-yaml":
        event.write_text(EVENT + "  - {table: [\n", encoding="utf-8")
    elif broken == "not-utf8":
        event.write_bytes(EVENT.encode("utf-8").replace(b"Ann", b"\xff\xfe"))
    args = [str(project / a) if a.startswith("events/") else a for a in command]
    result = _run(project, *args)
    doc = _valid(schema, json.loads(result.stdout))
    assert result.exit_code == (0 if broken == "good" else 1), result.output
    errors = [d for d in doc["diagnostics"] if d["severity"] == "error"]
    if broken == "good":
        assert errors == []
    else:
        assert errors and all(d["file"] == "events/e.yaml" and d["line"] > 0 for d in errors), errors
