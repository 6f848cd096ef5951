"""``scorekeeper init``: a community's project from an empty folder, complete at once.

The project passes ``validate --strict`` and ``build --strict`` as written; its README's
event-night commands, typed in a shell into a git repository, commit every new file and no
generated one; and the publishing workflow it calls, its steps run as GitHub would run them
(the install done already), publishes pages that carry the Pages address.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from ingest import HOME, REPOSITORY, __version__
from ingest.source.project import shipped
from tests.builders import ROOT, run_cli, run_ok
from tests.test_workflows import PAGES, load

FILES = [
    ".github/dependabot.yml",
    ".github/workflows/publish.yml",
    ".gitignore",
    ".pre-commit-config.yaml",
    "README.md",
    "mkdocs.yml",
    "players.yaml",
]
IDENTITY = {"NAME": "The TO", "EMAIL": "to@club.example"}
BIN = Path(sys.executable).parent
"""Where the ``scorekeeper`` command a TO types is installed (beside this interpreter)."""


def _tree(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def _config(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
    return data


def test_an_empty_folder_becomes_a_project_that_validates_and_builds_strictly(tmp_path: Path) -> None:
    root = tmp_path / "dragons-hoard"
    out = run_ok(tmp_path, "init", str(root))
    assert "created a Scorekeeper project" in out
    assert _tree(root) == FILES and (root / "events").is_dir()
    players = (root / "players.yaml").read_text(encoding="utf-8")
    assert players.startswith(f"# yaml-language-server: $schema={HOME}schema/players.schema.json\n")
    config = _config(root)
    ours = yaml.safe_load(shipped("mkdocs.yml").read_text(encoding="utf-8"))
    # The shipped configuration whole, with the site's name and language set (no address given).
    assert config == {**ours, "site_name": "Dragons Hoard", "theme": {**ours["theme"], "language": "en"}}
    assert "site_url" not in config
    run_ok(root, "validate", "--strict")
    run_ok(root, "build", "--strict", "--today", "2026-11-20")
    assert (root / "build" / "site" / "index.html").is_file()


def test_the_three_settings_given_as_options(tmp_path: Path) -> None:
    url = "https://dragons-hoard.github.io/results"
    run_ok(tmp_path, "init", "--site-name", "Dragon's Hoard — résultats", "--language", "ja", "--site-url", url)
    config = _config(tmp_path)
    assert (config["site_name"], config["theme"]["language"], config["site_url"]) == (
        "Dragon's Hoard — résultats",
        "ja",
        url + "/",
    )
    assert (tmp_path / "README.md").read_text(encoding="utf-8").startswith("# Dragon's Hoard — résultats\n")
    # The editor finds players.yaml's schema where the site will publish it, as for the events new writes.
    hint = f"# yaml-language-server: $schema={url}/schema/players.schema.json\n"
    assert (tmp_path / "players.yaml").read_text(encoding="utf-8").startswith(hint)
    run_ok(tmp_path, "validate", "--strict")
    run_ok(tmp_path, "build", "--strict", "--today", "2026-11-20")
    home = (tmp_path / "build" / "site" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ja"' in home and f'<link rel="canonical" href="{url}/">' in home
    run_ok(tmp_path, "new", "--name", "FNM 1", "--date", "2026-11-20", "--game", "mtg", "--format", "modern")
    event = (tmp_path / "events" / "2026" / "2026-11-20-fnm-1.yaml").read_text(encoding="utf-8")
    assert event.startswith(hint.replace("players", "event"))


def test_on_a_terminal_the_settings_not_given_are_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from ingest.cli import init as init_module
    from ingest.cli.main import main

    monkeypatch.setattr(init_module, "_stdin_is_a_terminal", lambda: True)
    answers = "<b>Club</b>\nKitchen Table League\nfr\nja\njavascript:x\nhttps://club.example/results/\n"
    result = CliRunner().invoke(main, ["init", str(tmp_path / "club")], input=answers)
    assert result.exit_code == 0, result.output
    assert "Site name [Club]:" in result.output
    assert "no <, > or double quotes" in result.output and "is not a web address" in result.output  # asked again
    config = _config(tmp_path / "club")
    assert (config["site_name"], config["theme"]["language"], config["site_url"]) == (
        "Kitchen Table League",
        "ja",
        "https://club.example/results/",
    )


def test_elsewhere_they_take_their_defaults_without_asking(tmp_path: Path) -> None:
    out = run_ok(tmp_path, "init", str(tmp_path / "fnm_leiden"))
    assert "Site name" not in out
    config = _config(tmp_path / "fnm_leiden")
    assert (config["site_name"], config["theme"]["language"], config.get("site_url")) == ("Fnm Leiden", "en", None)


def test_an_existing_file_is_never_replaced_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("our own\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("*.pyc\n", encoding="utf-8")
    code, out = run_cli(tmp_path, "init", str(tmp_path))
    assert code == 2
    assert ".gitignore and README.md exist already" in out and "nothing was written" in out
    assert _tree(tmp_path) == [".gitignore", "README.md"] and not (tmp_path / "events").exists()
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == "our own\n"


def test_a_taken_name_is_said_before_any_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from ingest.cli import init as init_module
    from ingest.cli.main import main

    monkeypatch.setattr(init_module, "_stdin_is_a_terminal", lambda: True)
    (tmp_path / "mkdocs.yml").write_text("site_name: Ours\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["init", str(tmp_path)], input="")
    assert result.exit_code == 2 and "mkdocs.yml exists already" in result.output
    assert "Site name" not in result.output


def test_a_project_that_cannot_be_written_leaves_nothing_behind(tmp_path: Path) -> None:
    root = tmp_path / "club"
    root.mkdir()
    (root / ".github").write_text("a file where the workflows' folder goes\n", encoding="utf-8")
    code, out = run_cli(tmp_path, "init", str(root))
    assert code == 1 and "cannot write the project" in out and "nothing was written" in out, out
    assert sorted(p.name for p in root.iterdir()) == [".github"]  # mkdocs.yml and .gitignore removed again


@pytest.mark.parametrize(
    ("option", "value", "why"),
    [
        ("--site-name", "<script>x</script>", "no <, > or double quotes"),
        ("--site-name", "two\nlines", "one line"),
        ("--site-name", "   ", "not empty"),
        ("--site-url", "javascript:alert(1)", "is not a web address"),
        ("--language", "xx", "is not one of"),
    ],
)
def test_a_value_that_would_break_the_site_is_a_usage_error(tmp_path: Path, option: str, value: str, why: str) -> None:
    code, out = run_cli(tmp_path, "init", str(tmp_path / "club"), option, value)
    assert code == 2 and why in out, out
    assert not (tmp_path / "club").exists()


def test_the_caller_workflow_is_ten_lines_calling_this_release_s_reusable_workflow(tmp_path: Path) -> None:
    run_ok(tmp_path, "init")
    text = (tmp_path / ".github" / "workflows" / "publish.yml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert len(lines) <= 10, lines
    caller = load(tmp_path / ".github" / "workflows" / "publish.yml")
    assert set(caller["on"]) == {"push", "pull_request", "workflow_dispatch"}
    assert caller["on"]["push"] == {"branches": ["main"]}
    (job,) = caller["jobs"].values()
    assert job["uses"] == f"{REPOSITORY}/.github/workflows/pages.yml@v{__version__}"
    assert (ROOT / ".github" / "workflows" / "pages.yml").is_file()
    # A called workflow asks for no more than its caller grants: the deploy job's rights.
    assert job["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    for called in load(PAGES)["jobs"].values():
        for scope, level in called.get("permissions", {}).items():
            assert (level, job["permissions"][scope]) in {("read", "read"), ("read", "write"), ("write", "write")}
    hooks = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"]
    assert hooks == [
        {
            "repo": f"https://github.com/{REPOSITORY}",
            "rev": f"v{__version__}",
            "hooks": [{"id": "scorekeeper-validate"}],
        }
    ]
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "scorekeeper-validate"


def _shell(root: Path, script: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    base["PATH"] = f"{BIN}{os.pathsep}{base.get('PATH', '')}"
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=root,
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_readme_s_event_night_commits_every_new_file_and_no_generated_one(tmp_path: Path) -> None:
    run_ok(tmp_path, "init", "--site-name", "Club")
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    (night,) = re.findall(r"```sh\n(.*?)```", readme, flags=re.S)
    who = {f"GIT_{role}_{what}": value for role in ("AUTHOR", "COMMITTER") for what, value in IDENTITY.items()}
    _shell(tmp_path, "git init -q -b main && git add -A && git commit -q -m Start", who)
    assert night.count("&& git push") == 1
    script = night.replace("&& git push", "")  # no remote here; the rest as written
    _shell(tmp_path, script + "\nscorekeeper build --strict --today 2026-11-27\n", who)
    status = _shell(tmp_path, "git status --porcelain --untracked-files=all").stdout
    assert status == "", status  # all committed, and what the build and the edits left is ignored
    committed = _shell(tmp_path, "git ls-files").stdout.split()
    event = "events/2026/2026-11-27-friday-night-modern-1.yaml"
    assert committed == sorted([*FILES, event])
    assert (tmp_path / "events" / "2026" / ".2026-11-27-friday-night-modern-1.yaml.lock").exists()  # ignored
    assert (tmp_path / "build" / "site" / "index.html").is_file()  # ignored
    log = _shell(tmp_path, "git log --format=%s").stdout.split("\n")
    assert log[:3] == ["FNM 1: round 1", "FNM 1: players", "Start"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_gitignore_keeps_out_what_scorekeeper_makes_and_nothing_a_project_keeps(tmp_path: Path) -> None:
    run_ok(tmp_path, "init")
    _shell(tmp_path, "git init -q")
    made = [
        "build/site/index.html",
        "events/2026/.fnm.yaml.lock",
        "events/2026/.fnm.yaml.x1y2.tmp",
        ".players.yaml.lock",
    ]
    made += ["round-2-codes.txt", "games/__pycache__/lorcana.cpython-311.pyc", "site/index.html"]
    kept = ["events/2026/fnm.yaml", "events/2026/decks/fnm/codes-master.txt", ".scorekeeper/league/fnm.json"]
    kept += ["players.yaml", "formats/mtg.yaml", "games/lorcana.py", "docs/about.md"]
    check = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin"],
        cwd=tmp_path,
        input="\n".join(made + kept),
        text=True,
        capture_output=True,
        check=False,
    )
    assert check.stdout.split() == made


def _expression_values(site_url: str) -> dict[str, str]:
    """What GitHub gives the workflow's expressions on a push to main of a community's
    repository calling it with its defaults (configure-pages reporting ``site_url``)."""
    return {
        "${{ inputs.version }}": __version__,
        "${{ inputs.engine }}": "mkdocs",
        "${{ inputs.strict && '--strict' || '' }}": "--strict",
        "${{ github.event_name != 'pull_request' && github.ref == format('refs/heads/{0}', "
        "github.event.repository.default_branch) }}": "true",
        "${{ steps.pages.outputs.base_url }}": site_url,
    }


def test_the_workflow_s_steps_publish_a_site_that_carries_the_pages_address(tmp_path: Path) -> None:
    """The reusable workflow's run, simulated: ``init`` in an empty folder, the install done
    already (this environment), then every ``run:`` step of the build job after it, in order,
    in bash with the environment GitHub would give it."""
    root = tmp_path / "club"
    run_ok(tmp_path, "init", str(root), "--site-name", "Club")
    run_ok(
        root, "new", "--name", "FNM 1", "--date", "2026-11-20", "--game", "mtg", "--format", "modern", "--rounds", "3"
    )
    for name in ("Ann Ash", "Bob Birch"):
        run_ok(root, "add-player", str(root / "events/2026/2026-11-20-fnm-1.yaml"), "--name", name)
    address = "https://club-results.github.io/results/"
    values = _expression_values(address)
    workflow = load(PAGES)
    job = workflow["jobs"]["build"]
    env = {key: values[value] for key, value in job["env"].items()}
    outputs = tmp_path / "github-output"
    outputs.touch()
    env |= {"GITHUB_OUTPUT": str(outputs), "SOURCE_DATE_EPOCH": "1795651200"}  # 2026-11-20
    outcomes: dict[str, str] = {}
    for s in job["steps"]:
        if "run" not in s or s.get("name") == "Install Scorekeeper":
            continue
        step_env = {key: values[value] for key, value in s.get("env", {}).items()}
        done = subprocess.run(
            ["bash", "-e", "-c", s["run"]],
            cwd=root,
            env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", **env, **step_env},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        # A step that may fail (continue-on-error) turns the run red at its end; any other stops it.
        assert done.returncode == 0 or s.get("continue-on-error"), (s["name"], done.stdout + done.stderr)
        outcomes[s["name"]] = "success" if done.returncode == 0 else done.stdout + done.stderr
    assert outcomes == dict.fromkeys(
        ["Validate the project", "Build the site", "Note whether there is a site to deploy"], "success"
    )
    assert outputs.read_text(encoding="utf-8") == "written=true\n"
    site = root / "build" / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{address}">' in home
    assert f"<loc>{address}events/2026-11-20-fnm-1/</loc>" in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert (site / "schema" / "event.schema.json").is_file()  # where the editor hint of a new file points
