"""A command imports what it uses: `report` and `pair` on a valid file import neither jsonschema
(asked only to explain a rejected document) nor the build's machinery (the verdicts' signing
key is a module of its own), which cost every command start a tenth of a second of CPU; and
the command line imports only the module of the command run (ingest.cli.command_table):
`report` imports no page rendering (Jinja2, Babel, the site), no server and no importer."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builders import ROOT

EVENT = """\
name: Imports
date: 2026-12-04
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ana, ben]}
"""

SCRIPT = """
import json, sys
from ingest.cli.main import main
try:
    main(sys.argv[2:])
except SystemExit as exc:
    code = exc.code
heavy = tuple(sys.argv[1].split(","))
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if (m + ".").startswith(heavy))}))
"""


BUILD = ("jsonschema.", "ingest.publish.")
"""Neither command imports these."""

PAGES = ("jinja2.", "babel.", "markdown.", "ingest.site.", "ingest.venue.", "ingest.importers.", "ingest.league.")
"""Nor does ``report`` import these (``pair`` checks the shared files, catalogs included)."""

DRY_RUN = ("filelock.", "secrets.", "babel.")
"""Nor does ``pair --dry-run`` import these: it takes no lock, draws no seed (only ``new`` does),
and a site without a catalog of its own (English) reads none."""


@pytest.mark.parametrize(
    ("args", "heavy"),
    [
        (("report", "events/e.yaml", "--table", "1", "2-1"), BUILD + PAGES),
        (("pair", "events/e.yaml", "--dry-run"), (*BUILD, *DRY_RUN, "ruamel.")),  # a Swiss round is written directly
    ],
)
def test_an_event_night_command_imports_no_schema_explainer_or_build(
    tmp_path: Path, args: tuple[str, ...], heavy: tuple[str, ...]
) -> None:
    for name in ("schema", "formats"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(
        EVENT if args[0] == "report" else EVENT.replace("ben]}", "ben], games: 2-0}")
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, ",".join(heavy), "--root", str(tmp_path), *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] in (0, None), done.stderr
    assert result["modules"] == []
    assert list((tmp_path / "cache").rglob("build-cache.key"))  # the verdicts are signed all the same


def test_every_command_is_found_by_its_name() -> None:
    """The commands are imported when run: each name of the table is the command it names,
    and the help lists them all."""
    import click

    from ingest.cli.command_table import COMMANDS
    from ingest.cli.main import main

    ctx = click.Context(main)
    assert set(COMMANDS) <= set(main.list_commands(ctx))
    assert {"validate", "standings"} <= set(main.list_commands(ctx))
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name


OPEN = """\
name: Imports
date: 2026-12-04
game: mtg
format: modern
seed: 7
structure: {pairing: swiss, swiss_rounds: 3, best_of: 3}
players:
  - {id: ana, name: Ana}
  - {id: ben, name: Ben}
  - {id: cy, name: Cy}
  - {id: dee, name: Dee}
rounds:
  - round: 1
    matches:
      - {table: 1, players: [ana, ben], games: 2-0}
      - {table: 2, players: [cy, dee]}
"""

READING = (
    "yaml.",
    "jsonschema_rs.",
    "ruamel.",
    "rustworkx.",
    "ingest.source.reading.",
    "ingest.pairing.",
    "ingest.rules.",
)
"""What reading, assembling and checking the whole file imports (the YAML reader, the schemas,
the pairing engine, the standings)."""


def test_a_result_recorded_from_what_was_kept_imports_no_reader_and_no_engine(tmp_path: Path) -> None:
    """``report`` on a file the last command read without an error (here ``validate``) records
    the result from what that command kept (ingest.edit.quick_report): it imports neither the
    file's reader nor the pairing engine, only the command line, the lock and the stores."""
    (tmp_path / "events").mkdir()
    (tmp_path / "events" / "e.yaml").write_text(OPEN)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    runs = []
    for args in (("validate",), ("report", "events/e.yaml", "--table", "2", "2-1")):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, ",".join(READING + BUILD + PAGES), "--root", str(tmp_path), *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        assert runs[-1]["code"] in (0, None), done.stderr
    assert runs[0]["modules"] != []  # validate reads the file whole
    assert runs[1]["modules"] == []
    assert "{table: 2, players: [cy, dee], games: 2-1}" in (tmp_path / "events" / "e.yaml").read_text()
