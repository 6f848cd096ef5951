"""A community's game is found in a shell: the real ``scorekeeper`` command, in a process of
its own, loads the project's modules (``extra.scorekeeper.modules`` in ``mkdocs.yml``) and
installed packages' entry points (``scorekeeper.games``, ``scorekeeper.rulesets``) before it
reads its arguments. Nothing here imports a community module into the test's process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.cli.test_adding_a_game import FORMATS, GAME_WITH_RULES_MODULE

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
"""The console script installed beside this interpreter: the command a TO types."""

EVENT = "events/2026/2026-11-20-lorcana-league-1.yaml"
NEW = ("new", "--name", "Lorcana League 1", "--date", "2026-11-20", "--game", "lorcana", "--format", "core-constructed")

MKDOCS = """\
site_name: Lorcana League
docs_dir: build/docs
site_dir: build/site
theme:
  name: material
  font: false
plugins:
  - search
  - scorekeeper
markdown_extensions:
  - admonition
  - attr_list
  - tables
  - toc:
      permalink: true
extra:
  scorekeeper:
    modules: {modules}
"""


def _cli(root: Path, *args: str, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [str(SCOREKEEPER), "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=120,
        check=False,
    )


def _ok(root: Path, *args: str, pythonpath: Path | None = None) -> str:
    done = _cli(root, *args, pythonpath=pythonpath)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _project(tmp_path: Path, modules: str = "[games/lorcana.py]") -> Path:
    root = tmp_path / "project"
    (root / "events").mkdir(parents=True)
    (root / "formats").mkdir()
    (root / "games").mkdir()
    (root / "formats" / "lorcana.yaml").write_text(yaml.safe_dump(FORMATS, sort_keys=False), encoding="utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS.format(modules=modules), encoding="utf-8")
    return root


def test_a_game_in_a_module_of_the_project_runs_from_new_to_a_built_site(tmp_path: Path) -> None:
    root = _project(tmp_path)
    module = root / "games" / "lorcana.py"
    module.write_text(GAME_WITH_RULES_MODULE, encoding="utf-8")

    _ok(root, *NEW, "--seed", "7", "--rounds", "2")
    assert "rules: lorcana" in (root / EVENT).read_text(encoding="utf-8")  # the game's own ruleset
    for pid, name in (("ariel", "Ariel"), ("belle", "Belle"), ("cinder", "Cinderella"), ("dale", "Dale")):
        _ok(root, "add-player", EVENT, "--id", pid, "--name", name)
    for _round in (1, 2):
        _ok(root, "pair", EVENT)
        _ok(root, "report", EVENT, "--table", "1", "2-1")
        _ok(root, "report", EVENT, "--table", "2", "0-2")
    doc = json.loads(_cli(root, "standings", EVENT, "--json").stdout)
    assert (doc["rules"], doc["final"]) == ("lorcana", True)
    assert [row["points"] for row in doc["standings"]] == [4, 2, 2, 0]  # the module's ruleset: 2 a win
    assert "checked 1 event file: no problems found" in _ok(root, "validate")

    assert "1 event made" in _ok(root, "build", "--today", "2026-11-21")
    site = root / "build" / "site"
    assert "Lorcana league rules" in (site / "rules" / "lorcana" / "index.html").read_text(encoding="utf-8")
    assert (site / "events" / "2026-11-20-lorcana-league-1" / "index.html").is_file()
    assert "0 events made, 1 from the build cache" in _ok(root, "build", "--today", "2026-11-21")
    # The module's rules changed: the event's pages are made again, not taken from the cache.
    module.write_text(GAME_WITH_RULES_MODULE.replace("win_points=2", "win_points=3"), encoding="utf-8")
    assert "1 event made, 0 from the build cache" in _ok(root, "build", "--today", "2026-11-21")


def test_a_module_listed_twice_is_loaded_once(tmp_path: Path) -> None:
    root = _project(tmp_path, modules="[games/lorcana.py, games/../games/lorcana.py]")
    (root / "games" / "lorcana.py").write_text(GAME_WITH_RULES_MODULE, encoding="utf-8")
    _ok(root, *NEW)
    assert "rules: lorcana" in (root / EVENT).read_text(encoding="utf-8")


@pytest.mark.parametrize("key", ['"\\x6dodules"', '"\\u006dodules"', '"\\U0000006dodules"'])
def test_a_module_listed_under_a_key_spelled_with_escapes_is_loaded(tmp_path: Path, key: str) -> None:
    """A command does not parse a mkdocs.yml that cannot list a module (no key spelled
    "modules"); a key spelled with a double-quoted scalar's escapes still lists them."""
    root = _project(tmp_path)
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("    modules:", f"    {key}:"), encoding="utf-8")
    assert "modules:" not in config.read_text(encoding="utf-8")
    (root / "games" / "lorcana.py").write_text(GAME_WITH_RULES_MODULE, encoding="utf-8")
    _ok(root, *NEW)
    assert "rules: lorcana" in (root / EVENT).read_text(encoding="utf-8")


def test_without_its_module_the_game_is_unknown_in_a_shell(tmp_path: Path) -> None:
    root = _project(tmp_path, modules="[]")
    (root / "games" / "lorcana.py").write_text(GAME_WITH_RULES_MODULE, encoding="utf-8")  # not listed
    done = _cli(root, *NEW)
    assert done.returncode == 2 and "'lorcana' is not one of" in done.stderr


PACKAGE_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "lorcana-scorekeeper"
version = "1.0"

[project.entry-points."scorekeeper.rulesets"]
lorcana = "lorcana_scorekeeper.rules"

[project.entry-points."scorekeeper.games"]
lorcana = "lorcana_scorekeeper:register"
"""

PACKAGE_INIT = '''\
"""Disney Lorcana for Scorekeeper: the game is registered when Scorekeeper calls register()."""


def register() -> None:
    from ingest.core.games import Game, register_game

    register_game(Game("lorcana", "Disney Lorcana", rules="lorcana", family="mtr"))
'''

PACKAGE_RULES = '''\
"""The Lorcana league rules, registered when the module is imported."""

from ingest.core.rulesets import Ruleset, register_ruleset

register_ruleset(Ruleset("lorcana", "Lorcana league rules", "Our league's rules", win_points=2, tiebreakers=("omw",)))
'''


def _install(tmp_path: Path, rules: str = PACKAGE_RULES, pyproject: str = PACKAGE_PYPROJECT) -> Path:
    """Builds the distribution in ``tmp_path`` and installs it into a folder of its own (no
    network: no build isolation, no dependencies), which a command's PYTHONPATH names."""
    source = tmp_path / "lorcana-scorekeeper"
    package = source / "src" / "lorcana_scorekeeper"
    package.mkdir(parents=True)
    (source / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (package / "__init__.py").write_text(PACKAGE_INIT, encoding="utf-8")
    (package / "rules.py").write_text(rules, encoding="utf-8")
    target = tmp_path / "site-packages"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps", "--no-index"]
    subprocess.run([*pip, "--target", str(target), str(source)], check=True, capture_output=True, timeout=300)
    return target


def test_an_installed_package_registers_its_game_and_ruleset_through_entry_points(tmp_path: Path) -> None:
    root = _project(tmp_path, modules="[]")
    installed = _install(tmp_path)
    _ok(root, *NEW, "--rounds", "2", pythonpath=installed)
    text = (root / EVENT).read_text(encoding="utf-8")
    assert "game: lorcana" in text and "rules: lorcana" in text
    _ok(root, "add-player", EVENT, "--id", "ariel", "--name", "Ariel", pythonpath=installed)
    assert "no problems found" in _ok(root, "validate", pythonpath=installed)
    # The same command without the package: the game is unknown again.
    done = _cli(root, "validate")
    assert done.returncode == 1 and "lorcana" in done.stdout + done.stderr


def test_one_module_may_be_the_entry_point_of_both_groups(tmp_path: Path) -> None:
    """The module registers the ruleset and the game when it is imported (for the rulesets'
    entry point); the games' entry point names it again and finds it registered already."""
    root = _project(tmp_path, modules="[]")
    pyproject = PACKAGE_PYPROJECT.replace('"lorcana_scorekeeper:register"', '"lorcana_scorekeeper.rules"')
    installed = _install(tmp_path, rules=GAME_WITH_RULES_MODULE, pyproject=pyproject)
    _ok(root, *NEW, pythonpath=installed)
    assert "rules: lorcana" in (root / EVENT).read_text(encoding="utf-8")


def test_a_failing_entry_point_is_one_line_naming_its_file_and_line(tmp_path: Path) -> None:
    root = _project(tmp_path, modules="[]")
    installed = _install(tmp_path, rules=PACKAGE_RULES + "\nraise RuntimeError('no rules today')\n")
    done = _cli(root, *NEW, pythonpath=installed)
    shown = installed / "lorcana_scorekeeper" / "rules.py"
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"error: {shown}:7:1: RuntimeError: no rules today "
        '(entry point "lorcana" in scorekeeper.rulesets of lorcana-scorekeeper)\n'
    )
    assert not list((root / "events").iterdir())


REGISTER = 'from ingest.core.games import Game, register_game\n\nregister_game(Game("{id}", "A game", rules="mtr"))\n'


@pytest.mark.parametrize(
    ("modules", "source", "expected"),
    [
        ("[games/lorcana.py]", None, "games/lorcana.py: the module does not exist"),
        (
            "[games/lorcana.py]",
            'from ingest.core.games import Game, register_game\nregister_game(Game("x", "X", rules="mtr")\n',
            "games/lorcana.py:2:14: syntax error: '(' was never closed",
        ),
        (
            "[games/lorcana.py]",
            "def go():\n    raise KeyError('tiebreakers')\n\n\ngo()\n",
            "games/lorcana.py:2:1: KeyError: 'tiebreakers'",
        ),
        (
            "[games/lorcana.py]",
            'raise RuntimeError("\\x1b]0;pwned\\x07cannot drive the terminal")\n',
            "games/lorcana.py:1:1: RuntimeError: \\u001b]0;pwned\\u0007cannot drive the terminal\n",
        ),
        ("[games/lorcana.py]", "GAME = 'lorcana'\n", "games/lorcana.py: registers no game and no ruleset; call"),
        (
            "[games/lorcana.py]",
            REGISTER.format(id="mtg"),
            'games/lorcana.py:3:1: the game "mtg" is registered already (a game Scorekeeper ships; choose another id)',
        ),
        ("[../lorcana.py]", None, 'mkdocs.yml:18:15: extra.scorekeeper.modules: "../lorcana.py" cannot be loaded'),
        ("[/etc/passwd.py]", None, 'mkdocs.yml:18:15: extra.scorekeeper.modules: "/etc/passwd.py" cannot be'),
        ("[games/lorcana.yaml]", None, "mkdocs.yml:18:15: extra.scorekeeper.modules: name a Python file"),
        ("games/lorcana.py", None, "mkdocs.yml:18:14: extra.scorekeeper.modules must be a list"),
    ],
    ids=[
        "missing",
        "syntax",
        "raises",
        "escapes",
        "registers-nothing",
        "shipped-id",
        "outside",
        "absolute",
        "not-python",
        "no-list",
    ],
)
def test_a_module_that_cannot_register_is_one_line_naming_its_file(
    tmp_path: Path, modules: str, source: str | None, expected: str
) -> None:
    root = _project(tmp_path, modules=modules)
    if source is not None:
        (root / "games" / "lorcana.py").write_text(source, encoding="utf-8")
    done = _cli(root, *NEW)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    assert done.stderr.startswith(f"error: {expected}") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert not list((root / "events").iterdir())  # nothing written


def test_a_module_linked_from_outside_the_project_is_not_run(tmp_path: Path) -> None:
    root = _project(tmp_path)
    outside = tmp_path / "elsewhere.py"
    marker = tmp_path / "ran"
    outside.write_text(f"open({str(marker)!r}, 'w').close()\n" + REGISTER.format(id="lorcana"), encoding="utf-8")
    (root / "games" / "lorcana.py").symlink_to(outside)
    done = _cli(root, *NEW)
    assert done.returncode == 1
    assert done.stderr == (
        'error: mkdocs.yml:18:15: extra.scorekeeper.modules: "games/lorcana.py" cannot be loaded: '
        "it leads outside the project folder (through a symbolic link)\n"
    )
    assert not marker.exists()
