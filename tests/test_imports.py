"""The packages of ``ingest`` import one way, and no package's modules import each other in a circle.

The rules are import-linter contracts in ``pyproject.toml`` (``[tool.importlinter]``): the
stages in the README's layout order, the command line on top and the engines at the bottom
(a new import that runs back up, say the rules reading a file or the core knowing about the
site, breaks ``stages``), every package a stage (``exhaustive``), and no circle among a
package's modules, imports of types for annotations included (``no-circles``), an event's
pages rendered without ``players.yaml`` (``event-pages-named-once``), and no reader or writer
of files imported by the site (``site-without-files``). This test
runs them as ``lint-imports`` does, so the suite (and CI) enforces them.
"""

from __future__ import annotations

import re
import tomllib

import pytest
from importlinter.application.use_cases import lint_imports
from importlinter.configuration import configure

from tests.builders import ROOT

CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    configure()  # what the lint-imports command does first: the readers of pyproject.toml, the graph builder
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)
    out = capsys.readouterr().out
    assert kept is True, out  # the report names each import that breaks a contract
    assert re.search(rf"Contracts: {len(CONTRACTS)} kept, 0 broken", out), out


def test_the_stages_are_the_readmes_layout_in_its_order() -> None:
    stages = next(c for c in CONTRACTS if c["id"] == "stages")
    layout = (ROOT / "README.md").read_text(encoding="utf-8").split("## Layout", 1)[1].split("```", 2)[1]
    listed = re.findall(r"^  (\w+)/ ", layout, flags=re.MULTILINE)
    packages = sorted(p.name for p in (ROOT / "ingest").iterdir() if (p / "__init__.py").is_file())
    assert sorted(listed) == packages
    in_contract = [name.strip() for layer in stages["layers"] for name in layer.split("|") if name.strip() != "api"]
    assert in_contract == listed
