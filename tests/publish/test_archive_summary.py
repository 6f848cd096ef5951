"""A build of an archive summarises the findings on finished events: one line per event.

``validate`` lists every finding; ``build`` folds those of finished events into one line
with their count and the command that lists them, and keeps an event in progress in full.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from ingest.cli.main import main
from ingest.core.diagnostics import SourcePos, error, warning
from ingest.publish.archive_summary import summarise_finished_events
from tests.site_helpers import make_project

DATA = Path(__file__).parents[1] / "data" / "import" / "mtgodecklistcache"


def test_findings_of_a_finished_event_become_one_line() -> None:
    found = [
        warning("not-optimal", "round 2: ...", SourcePos("events/old.yaml", 30, 9)),
        warning("not-optimal", "round 3: ...", SourcePos("events/old.yaml", 41, 9)),
        warning("impossible-score", "3-0 ...", SourcePos("events/old.yaml", 44, 52)),
        warning("rematch", "round 2: ...", SourcePos("events/now.yaml", 12, 7)),
        warning("banned", "x", SourcePos("players.yaml", 1, 1)),
    ]
    out = summarise_finished_events(found, ["events/old.yaml"])  # events/now.yaml is in progress
    assert [d.render() for d in out] == [
        "events/now.yaml:12:7: warning[rematch]: round 2: ...",
        "events/old.yaml:1:1: warning[finished-event]: 3 warnings on this finished event "
        "(impossible-score 1, not-optimal 2); `scorekeeper validate events/old.yaml` lists them",
        "players.yaml:1:1: warning[banned]: x",
    ]


def test_errors_are_never_folded() -> None:
    bad = error("unknown-player", "x", SourcePos("events/old.yaml", 3, 1))
    out = summarise_finished_events([bad], ["events/old.yaml"])
    assert out == [bad]


def test_building_an_imported_archive_prints_one_line_per_finished_event(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    names = [
        "CardsRealm--fuguete-champ-268-play-point-p-top-10-2025-12-08.json",
        "Manatrader--manatraders-series-pioneer-october-2024-2024-10-31.json",
    ]
    for name in names:
        shutil.copy(DATA / name, tmp_path / name)
    runner = CliRunner()
    result = runner.invoke(main, ["--root", str(tmp_path), "import", *(str(tmp_path / n) for n in names)])
    assert result.exit_code == 0, result.output
    validate = runner.invoke(main, ["--root", str(tmp_path), "validate"])
    build = runner.invoke(main, ["--root", str(tmp_path), "build", "--docs-only", "--today", "2026-11-22"])
    assert build.exit_code == 0, build.output
    listed = [line for line in validate.stdout.splitlines() if "events/20" in line and "warning[" in line]
    imported = [line for line in listed if "/2024/" in line or "/2025/" in line]
    assert len(imported) >= 10  # validate lists every finding of the imported events
    summary = [line for line in build.stdout.splitlines() if "finished-event" in line]
    assert sorted(line.split(":")[0] for line in summary) == [
        "events/2024/2024-10-31-manatraders-series-pioneer-october-2024.yaml",
        "events/2025/2025-12-08-fuguete-champ-268-play-point-p-top-10.yaml",
    ]
    for line in summary:
        path = line.split(":")[0]
        count = sum(1 for item in imported if item.startswith(path + ":"))
        assert f"{count} warnings on this finished event" in line
        assert f"`scorekeeper validate {path}` lists them" in line
        # Nothing else about the finished event: its findings are only in `validate`.
        assert [row for row in build.stdout.splitlines() if row.startswith(path + ":")] == [line]
    assert project.root == tmp_path
