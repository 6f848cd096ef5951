"""The sample events are the engine's own output and pass every check."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from ingest.cli.main import main
from tests.builders import ROOT


def test_samples_are_reproduced_by_the_seeded_simulation() -> None:
    """tools/simulate_samples.py plays every sample through pair/report/drop; the files match."""
    proc = subprocess.run(
        [sys.executable, "tools/simulate_samples.py", "--check"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_samples_validate_strictly_and_cover_every_game_system() -> None:
    result = CliRunner().invoke(main, ["--root", str(ROOT), "validate", "--strict"])
    assert result.exit_code == 0, result.output
    text = "".join(p.read_text() for p in (ROOT / "events").rglob("*.yaml"))
    for needle in (
        "game: mtg",
        "game: transformers",
        "game: weiss-schwarz",
        "game: wot",
        "pod: A",
        "team_kind: mtr-team",
        "0-0-3",
        "drops:",
        "{bye:",
        "playoff:",
        "decklists: private",
    ):
        assert needle in text, needle
