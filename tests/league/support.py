"""A league as its tests run it: a small event made with the command line, the league setting
in mkdocs.yml, and issue events shaped as GitHub sends them (``tests/data/league/issue-opened.json``,
from GitHub's documented ``issues`` webhook event, with the form's body and author replaced)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ingest.league.issue_form import REPORT, IssueForm, body_of
from tests.builders import ROOT, run_cli

DATA = ROOT / "tests" / "data" / "league"
EVENT = "events/2026/2026-11-02-autumn-league.yaml"
SLUG = "2026-11-02-autumn-league"
PLAYERS = ("Alice Example", "Bob Builder", "Carol Chen", "Dan Dorn")


def make_league(
    root: Path, *, accept: str = "agreed", players: Sequence[str] = PLAYERS, pair: bool = True, decklists: str = ""
) -> Path:
    """A three-round Swiss league event of ``players``, round 1 paired (unless not ``pair``), its
    lists ``decklists`` (``public``; default the event's default); returns the event file."""
    root.mkdir(parents=True, exist_ok=True)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config += f"extra:\n  scorekeeper:\n    league: {{repository: dragons-hoard/results, accept: {accept}}}\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    code, out = run_cli(
        root, "new", "--name", "Autumn League", "--date", "2026-11-02", "--game", "mtg", "--format", "modern",
        "--rounds", "3", "--seed", "925120468",
    )  # fmt: skip
    assert code == 0, out
    path = root / EVENT
    if decklists:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("decklists: after-event", f"decklists: {decklists}"), encoding="utf-8")
    for name in players:
        code, out = run_cli(root, "add-player", str(path), "--name", name)
        assert code == 0, out
    if not pair:
        return path
    code, out = run_cli(root, "pair", str(path))
    assert code == 0, out
    if tuple(players) == PLAYERS:  # the tests name the players of each table
        assert "{table: 1, players: [alice-example, bob-builder]}" in path.read_text(encoding="utf-8")
    return path


def sample_event() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "issue-opened.json").read_text(encoding="utf-8"))
    return data


def issue_event(
    number: int,
    login: str,
    values: Mapping[str, str] | None = None,
    *,
    body: str | None = None,
    action: str = "opened",
    form: IssueForm = REPORT,
    labels: Sequence[str] | None = None,
) -> dict[str, Any]:
    """An ``issues`` event as GitHub sends it: issue ``number`` opened (or ``action``) by
    ``login`` with the form filled in with ``values`` (or exactly ``body``)."""
    data = copy.deepcopy(sample_event())
    data["action"] = action
    issue = data["issue"]
    issue["number"] = number
    for key in ("url", "labels_url", "comments_url", "events_url", "html_url", "timeline_url"):
        issue[key] = issue[key].replace("/12", f"/{number}")
    issue["body"] = body if body is not None else body_of(form, values or {})
    issue["user"]["login"] = data["sender"]["login"] = login
    label = issue["labels"][0]
    issue["labels"] = [{**label, "name": name} for name in (labels if labels is not None else (form.label,))]
    return data


def report(event_values: Mapping[str, str], **changes: str) -> dict[str, str]:
    return {**event_values, **changes}


def write_event(folder: Path, data: Mapping[str, Any], name: str = "event.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def apply(
    root: Path, data: Mapping[str, Any], data_home: Path, *, name: str = "event.json"
) -> tuple[int, dict[str, Any]]:
    """Runs ``scorekeeper apply-submission --json`` on ``data`` written as a file, the key from
    the test's data folder (as the TO's computer keeps it); returns its exit status and answer."""
    from click.testing import CliRunner

    from ingest.cli.main import main

    path = write_event(root.parent, data, name)
    env = {"XDG_DATA_HOME": str(data_home), "SCOREKEEPER_VENUE_KEY": None}
    result = CliRunner().invoke(main, ["--root", str(root), "apply-submission", str(path), "--json"], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    answer: dict[str, Any] = json.loads(result.stdout)
    return result.exit_code, answer


def run_process(root: Path, path: Path, data_home: Path) -> subprocess.Popen[str]:
    """``scorekeeper apply-submission --json`` on the event file ``path``, in a process of its own."""
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    env.pop("SCOREKEEPER_VENUE_KEY", None)
    return subprocess.Popen(
        [sys.executable, "-m", "ingest", "--root", str(root), "apply-submission", str(path), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=root,
    )  # fmt: skip


def codes(root: Path, data_home: Path, *extra: str, event: str = EVENT) -> dict[str, str]:
    """Each player's code (for their match of the round, or their own with ``--players``), by
    name, as ``scorekeeper codes --json`` prints them for the TO."""
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    done = subprocess.run(
        [sys.executable, "-m", "ingest", "--root", str(root), "codes", event, "--json", *extra],
        capture_output=True, text=True, env=env, cwd=root, check=True,
    )  # fmt: skip
    doc = json.loads(done.stdout)
    if "players" in doc:
        return {str(p["player"]): str(p["code"]) for p in doc["players"]}
    return {str(p["player"]): str(p["code"]) for t in doc["tables"] for p in t["players"]}
