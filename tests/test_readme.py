"""The README's first steps work as written: what it tells a newcomer to type does what it says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.builders import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
SHELL = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
"""The README's shell blocks."""


def test_every_commit_the_readme_shows_adds_new_files() -> None:
    """Event-night commands make new files (an event, a deck, players.yaml): ``git commit -a``
    leaves them out, so every commit the README shows adds them first."""
    commits = [line for block in SHELL for line in block.splitlines() if "git commit" in line]
    assert commits, "the README shows no commit"
    for line in commits:
        assert not re.search(r"git commit\s+-\w*a", line), line
        assert "git add" in line.split("git commit")[0], line


def test_the_shell_completion_the_readme_documents_completes() -> None:
    line = next(line for block in SHELL for line in block.splitlines() if "_SCOREKEEPER_COMPLETE" in line)
    assert "_SCOREKEEPER_COMPLETE=bash_source scorekeeper" in line
    command = [sys.executable, "-c", "from ingest.cli.main import main; main(prog_name='scorekeeper')"]
    script = subprocess.run(
        command, env={**os.environ, "_SCOREKEEPER_COMPLETE": "bash_source"}, capture_output=True, text=True, timeout=60
    )
    assert "_scorekeeper_completion()" in script.stdout, script.stderr
    env = {**os.environ, "_SCOREKEEPER_COMPLETE": "bash_complete", "COMP_WORDS": "scorekeeper pa", "COMP_CWORD": "1"}
    answer = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert "plain,pair" in answer.stdout.splitlines(), answer.stdout + answer.stderr


def test_the_readmes_short_mkdocs_yml_keeps_ours_and_its_removal_example_removes_only_what_it_names(
    tmp_path: Path,
) -> None:
    """The section "A community's own files" shows a two-line mkdocs.yml and a removal: they
    do what it says."""
    from ingest.source.project import Project
    from ingest.source.site_layers import layered_config

    section = README.split("## A community's own files", 1)[1].split("\n## ", 1)[0]
    short, removal = re.findall(r"```yaml\n(.*?)```", section, flags=re.S)[:2]
    (tmp_path / "mkdocs.yml").write_text(short, encoding="utf-8")
    config, problems = layered_config(Project(tmp_path))
    assert config is not None and problems == ()
    assert config.data["extra_css"] == ["assets/scorekeeper.css"]
    assert config.data["extra_javascript"] == ["assets/scorekeeper.js"]
    assert config.data["plugins"] == ["search", "scorekeeper"] and config.data["theme"]["font"] is False
    (tmp_path / "mkdocs.yml").write_text(short + removal, encoding="utf-8")
    config, problems = layered_config(Project(tmp_path))
    assert config is not None and problems == ()
    assert "navigation.tabs" not in config.data["theme"]["features"]
    assert "rules/index.md" not in str(config.data["nav"]) and "events/index.md" in str(config.data["nav"])
