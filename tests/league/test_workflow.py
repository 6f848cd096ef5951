"""The issue forms and the workflow shipped in ``.github/``: the forms' fields are those
``apply-submission`` reads, the workflow never writes anything from the issue into a script
(``${{ github.event.issue.* }}`` in a ``run:`` is the classic Actions injection), asks for no
more than it needs, and its script, run with bash, git and jq against a real remote, commits a
submission and pushes it, starting again when another run pushed first."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from ingest.league.issue_form import FORMS
from tests.builders import ROOT
from tests.league.support import EVENT, SLUG, codes, issue_event, make_league

GITHUB = ROOT / ".github"
WORKFLOW = GITHUB / "workflows" / "submissions.yml"


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.template)
def test_the_forms_ask_what_apply_submission_reads(form: Any) -> None:
    data = load(GITHUB / "ISSUE_TEMPLATE" / form.template)
    fields = [(b["id"], b["attributes"]["label"]) for b in data["body"] if b["type"] != "markdown"]
    assert fields == [(f.id, f.label) for f in form.fields]
    assert form.label in data["labels"]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", field_id) for field_id, _ in fields)
    assert all(b["validations"]["required"] for b in data["body"] if b["type"] != "markdown")


def steps() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for job in load(WORKFLOW)["jobs"].values():
        out += job["steps"]
    return out


def test_no_issue_text_is_ever_written_into_a_script() -> None:
    for step in steps():
        script = step.get("run", "")
        assert "${{" not in script, step  # values reach scripts through env or the event file only
    text = WORKFLOW.read_text(encoding="utf-8")
    # github.event.issue appears once: in the job's `if:` expression, never in a script or an env value
    uses = [line.strip() for line in text.splitlines() if "github.event.issue" in line]
    assert uses == ["if: contains(github.event.issue.body, '### Code')"]
    env_values = [str(v) for step in steps() for v in (step.get("env") or {}).values()]
    assert not any("github.event.issue" in v or "github.event.comment" in v for v in env_values)


def test_the_workflow_asks_for_no_more_than_it_needs() -> None:
    data = load(WORKFLOW)
    assert data.get(True) == {"issues": {"types": ["opened", "edited"]}}  # type: ignore[call-overload]  # PyYAML reads `on` as True
    assert data["permissions"] == {}
    (job,) = data["jobs"].values()
    assert job["permissions"] == {"contents": "write", "issues": "write", "actions": "write"}
    for step in job["steps"]:
        if "uses" in step:
            assert re.fullmatch(r"actions/[a-z-]+@v\d+", step["uses"]), step
    secret_steps = [s for s in job["steps"] if "secrets." in json.dumps(s)]
    assert [s["name"] for s in secret_steps] == ["Apply the submission"]
    assert secret_steps[0]["env"]["SCOREKEEPER_VENUE_KEY"] == "${{ secrets.SCOREKEEPER_VENUE_KEY }}"


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout


def test_the_apply_step_commits_and_pushes_and_starts_again_after_a_lost_race(tmp_path: Path) -> None:
    """The step's own script, run as Actions runs it (``bash -eo pipefail``) in a clone of a
    real remote, with the key from the secret; another run's push lands between its fetch and
    its push (a pre-push hook makes it), so its first push is refused and it applies again."""
    assert shutil.which("jq") and shutil.which("git"), "the workflow's script needs bash, git and jq"
    data = tmp_path / "data"
    origin, club, runner = tmp_path / "origin.git", tmp_path / "club", tmp_path / "runner"
    git(tmp_path, "init", "--quiet", "--bare", "--initial-branch=main", str(origin))
    make_league(club, accept="reported")
    seat = codes(club, data)
    ident = ["-c", "user.name=TO", "-c", "user.email=to@example.org"]
    git(club, "init", "--quiet", "--initial-branch=main")
    git(club, "add", ".")
    git(club, *ident, "commit", "--quiet", "-m", "Autumn League round 1")
    git(club, "remote", "add", "origin", str(origin))
    git(club, "push", "--quiet", "origin", "main")
    git(tmp_path, "clone", "--quiet", str(origin), str(runner))
    # Another run pushes first: the hook commits and pushes from the TO's clone, once.
    hook = runner / ".git" / "hooks" / "pre-push"
    hook.write_text(
        "#!/bin/sh\n"
        f"[ -e '{tmp_path}/raced' ] && exit 0\n"
        f"touch '{tmp_path}/raced'\n"
        f"cd '{club}' && git -c user.name=TO -c user.email=to@example.org "
        "commit --quiet --allow-empty -m 'Another run' && git push --quiet origin main\n",
        encoding="utf-8",
    )
    hook.chmod(0o755)
    values = {"event": SLUG, "round": "1", "table": "1", "player": "Alice Example", "result": "2-0"}
    event_file = tmp_path / "event.json"
    event_file.write_text(json.dumps(issue_event(12, "alice-ex", {**values, "code": seat["Alice Example"]})), "utf-8")
    key = subprocess.run(
        [sys.executable, "-m", "ingest", "venue-key"], capture_output=True, text=True, check=True,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    ).stdout.strip()  # fmt: skip
    (script,) = [s["run"] for s in steps() if s.get("name") == "Apply the submission"]
    temp, github_env = tmp_path / "runner-temp", tmp_path / "github-env"
    temp.mkdir()
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "GITHUB_EVENT_PATH": str(event_file),
        "RUNNER_TEMP": str(temp),
        "GITHUB_ENV": str(github_env),
        "BRANCH": "main",
        "SCOREKEEPER_VENUE_KEY": key,
        "XDG_DATA_HOME": str(tmp_path / "runner-data"),  # the runner has no key of its own
    }
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=runner, env=env,
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert github_env.read_text(encoding="utf-8") == "PUSHED=yes\n"
    assert (tmp_path / "raced").exists()  # the first push lost the race
    log = git(origin, "log", "--format=%s", "main").splitlines()
    assert log == ["Submission from issue #12", "Another run", "Autumn League round 1"]
    recorded = git(origin, "show", f"main:{EVENT}")
    assert "{table: 1, players: [alice-example, bob-builder], games: 2-0}" in recorded
    answer = json.loads((temp / "answer.json").read_text(encoding="utf-8"))
    assert answer["status"] == "recorded"
    pushed = git(origin, "show", "--stat", "--format=", "main")
    assert key not in pushed and not (tmp_path / "runner-data").exists()
