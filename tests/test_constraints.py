"""constraints.txt: the versions the tests pass with, which CI and the publishing workflow install.

A site is built by the same engine, theme, Markdown extensions and Babel from one CI run to
the next only when every distribution the build loads is pinned, and the pins are what the
tests ran with only when this environment was installed with them (.ci/run does).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tools.constraints import CONSTRAINTS, closure, read

REPO = Path(__file__).resolve().parents[1]


def test_every_distribution_the_tests_load_is_pinned_at_the_version_they_run_with() -> None:
    pins = read()
    assert closure() == pins, "install with -c constraints.txt, or write it again: python tools/constraints.py"
    # Both engines and what a site's bytes depend on.
    assert {"mkdocs", "mkdocs-material", "zensical", "pymdown-extensions", "markdown", "babel", "jinja2"} <= set(pins)
    assert canonicalize_name("tcg-scorekeeper") not in pins


def test_the_check_command_agrees() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "tools" / "constraints.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_every_requirement_admits_its_pin() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]
    pins = read()
    for requirement in map(Requirement, listed):
        name = canonicalize_name(requirement.name)
        if name == "tcg-scorekeeper":
            continue
        assert name in pins, requirement
        assert requirement.specifier.contains(pins[name], prereleases=True), (requirement, pins[name])


def test_the_publishing_workflow_and_ci_install_with_the_constraints() -> None:
    for name in ("pages.yml", "submissions.yml"):
        workflow = (REPO / ".github" / "workflows" / name).read_text(encoding="utf-8")
        commands = re.sub(r"\\\n\s*", "", workflow)  # a command continued on the next line, as one
        installs = re.findall(r"^\s*(?:run: )?(pip install .*)$", commands, flags=re.MULTILINE)
        assert installs, name
        for line in installs:  # this checkout's pins, or (pages.yml) those of the release installed
            assert re.search(r'-c (constraints\.txt|"https://\S+/v\$VERSION/constraints\.txt")', line), (name, line)
        # The pip cache is keyed by the pins too.
        key = "key: scorekeeper-pip-" if name == "pages.yml" else "cache-dependency-path:"
        assert "constraints.txt" in workflow.split(key, 1)[1].split("- name:", 1)[0], name
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    ci_installs = [line for line in ci.splitlines() if re.search(r"pip\"? install (?!-q --upgrade pip)", line)]
    assert ci_installs and all("-c constraints.txt" in line for line in ci_installs), ci_installs
    assert CONSTRAINTS == REPO / "constraints.txt"
