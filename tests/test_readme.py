"""The README's first steps work as written: what it tells a newcomer to type does what it says."""

from __future__ import annotations

import os
import re
import subprocess
import sys

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
