"""The publishing workflows in ``.github/``: the reusable one communities call (``pages.yml``,
``on: workflow_call``), this repository's own caller (``publish.yml``), dependabot, and the
pre-commit hook communities use (``.pre-commit-hooks.yaml``). Read as the YAML GitHub and
pre-commit read: the inputs, the concurrency of deploys, the caches, the official actions at
their current majors, nothing from an input written into a script."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ingest import REPOSITORY, __version__
from tests.builders import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"

CURRENT_MAJORS = {
    "actions/checkout": 7,
    "actions/setup-python": 7,
    "actions/cache": 6,
    "actions/cache/restore": 6,
    "actions/cache/save": 6,
    "actions/configure-pages": 6,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
}
"""The official actions' current major versions (December 2026: checkout v7.0.1, setup-python
v7.0.0, cache v6, configure-pages v6, upload-pages-artifact v5.0.0, deploy-pages v5.0.0; each
runs on Node.js 24). Dependabot (``.github/dependabot.yml``) proposes the next ones."""


def load(path: Path) -> dict[str, Any]:
    raw: dict[Any, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    # PyYAML reads the key `on` as a boolean (YAML 1.1); GitHub reads it as the word.
    return {"on" if key is True else str(key): value for key, value in raw.items()}


def steps(workflow: dict[str, Any], job: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = workflow["jobs"][job]["steps"]
    return found


def step(workflow: dict[str, Any], job: str, name: str) -> dict[str, Any]:
    (found,) = [s for s in steps(workflow, job) if s.get("name") == name or s.get("id") == name]
    return found


def test_the_reusable_workflow_takes_version_engine_strict_and_python() -> None:
    on = load(PAGES)["on"]
    assert list(on) == ["workflow_call"]
    inputs = on["workflow_call"]["inputs"]
    assert {k: (v["type"], v["default"]) for k, v in inputs.items()} == {
        "version": ("string", __version__),  # the release this file belongs to
        "engine": ("string", "mkdocs"),
        "strict": ("boolean", True),
        "python": ("string", "3.11"),
    }
    assert all(v.get("description") for v in inputs.values())


def test_every_official_action_is_at_its_current_major() -> None:
    seen: set[str] = set()
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for uses in re.findall(r"^\s*(?:-\s*)?uses:\s*(\S+)", path.read_text(encoding="utf-8"), flags=re.MULTILINE):
            if uses.startswith("./"):
                continue
            name, _, ref = uses.partition("@")
            assert name in CURRENT_MAJORS, (path.name, uses)
            assert ref == f"v{CURRENT_MAJORS[name]}", (path.name, uses)
            seen.add(name)
    assert set(CURRENT_MAJORS) - {"actions/cache"} <= seen


def test_deploys_from_the_default_branch_only_and_queued_never_cancelled() -> None:
    workflow = load(PAGES)
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    assert deploy["concurrency"]["cancel-in-progress"] is False
    assert deploy["needs"] == "build" and deploy["if"] == "needs.build.outputs.site == 'true'"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert workflow["permissions"] == {"contents": "read"}
    assert build["permissions"] == {"contents": "read", "pages": "read"}  # configure-pages reads the address
    # A pull request never publishes: PUBLISH is false on it, and on any branch but the default one.
    publish = build["env"]["PUBLISH"]
    assert "github.event_name != 'pull_request'" in publish
    assert "github.ref == format('refs/heads/{0}', github.event.repository.default_branch)" in publish
    assert build["outputs"]["site"] == "${{ env.PUBLISH == 'true' && steps.site.outputs.written == 'true' }}"
    assert step(workflow, "build", "Upload the site")["if"].startswith("env.PUBLISH == 'true'")
    # Runs of a pull request replace each other; runs of the default branch do not.
    assert build["concurrency"]["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"


def test_caches_are_restored_on_every_run_and_saved_from_the_default_branch_only() -> None:
    workflow = load(PAGES)
    restores = [s for s in steps(workflow, "build") if s.get("uses", "").startswith("actions/cache/restore@")]
    saves = [s for s in steps(workflow, "build") if s.get("uses", "").startswith("actions/cache/save@")]
    assert len(restores) == len(saves) == 2
    assert all("if" not in s for s in restores)
    assert all(s["if"].startswith("env.PUBLISH == 'true'") for s in saves)
    paths = [s["with"]["path"].split() for s in restores]
    assert paths == [["~/.cache/pip"], ["~/.cache/scorekeeper", "build"]]
    assert [s["with"]["path"].split() for s in saves] == paths
    # The build cache of a pull request or another branch starts from the default branch's.
    build_restore = restores[1]["with"]["restore-keys"]
    assert "scorekeeper-build-${{ github.event.repository.default_branch }}-" in build_restore


def test_configure_pages_gives_the_build_its_address() -> None:
    workflow = load(PAGES)
    pages = step(workflow, "build", "pages")
    assert pages["uses"].startswith("actions/configure-pages@")
    build = step(workflow, "build", "Build the site")
    assert build["env"]["SITE_URL"] == "${{ steps.pages.outputs.base_url }}"
    assert '${SITE_URL:+--site-url "$SITE_URL"}' in build["run"]
    assert "scorekeeper build $STRICT" in build["run"]
    order = [s.get("id") or s.get("name") for s in steps(workflow, "build")]
    assert order.index("pages") < order.index("build")


def test_inputs_reach_scripts_through_the_environment_only() -> None:
    for path in sorted(WORKFLOWS.glob("*.yml")):
        workflow = load(path)
        for job in workflow["jobs"].values():
            for s in job.get("steps", []):
                assert "${{" not in s.get("run", ""), (path.name, s)


def test_the_install_uses_the_release_s_constraints() -> None:
    install = step(load(PAGES), "build", "Install Scorekeeper")["run"]
    assert 'pip install -e ".$extra" -c constraints.txt' in install
    assert f"https://raw.githubusercontent.com/{REPOSITORY}/v$VERSION/constraints.txt" in install
    assert '"tcg-scorekeeper$extra==$VERSION"' in install


def test_this_repository_publishes_through_the_reusable_workflow_with_its_own_code() -> None:
    workflow = load(WORKFLOWS / "publish.yml")
    assert set(workflow["on"]) == {"push", "pull_request", "workflow_dispatch"}
    (job,) = workflow["jobs"].values()
    assert job["uses"] == "./.github/workflows/pages.yml"
    assert job["with"] == {"version": "repository"}
    assert job["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_dependabot_watches_the_actions_and_the_python_dependencies() -> None:
    config = yaml.safe_load((ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert {u["package-ecosystem"] for u in config["updates"]} == {"github-actions", "pip"}
    assert all(u["directory"] == "/" and u["schedule"]["interval"] for u in config["updates"])


HOOK_FIELDS = {
    "id",
    "name",
    "entry",
    "language",
    "files",
    "exclude",
    "types",
    "types_or",
    "exclude_types",
    "always_run",
    "fail_fast",
    "verbose",
    "pass_filenames",
    "require_serial",
    "description",
    "language_version",
    "minimum_pre_commit_version",
    "args",
    "stages",
}
"""The fields of a hook in ``.pre-commit-hooks.yaml`` (pre-commit.com, "Creating new hooks")."""


def test_the_pre_commit_hook_validates_the_project_when_its_files_change() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert set(hook) <= HOOK_FIELDS and {"id", "name", "entry", "language"} <= set(hook)
    assert (hook["id"], hook["language"], hook["entry"]) == ("scorekeeper-validate", "python", "scorekeeper validate")
    assert hook["pass_filenames"] is False  # the whole project: players.yaml concerns every event
    files = re.compile(hook["files"])
    for path in (
        "events/2026/2026-11-20-fnm.yaml",
        "events/2026/decks/2026-11-20-fnm/alice.txt",
        "players.yaml",
        "formats/mtg.yaml",
        "seasons/league.yaml",
        "mkdocs.yml",
    ):
        assert files.search(path), path
    for path in ("README.md", "build/docs/index.md", "myplayers.yaml", "docs/events/x.yaml"):
        assert not files.search(path), path
