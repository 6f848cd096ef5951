"""Adding a game is one file plus data: a module that registers it, and its ``formats/<game>.yaml``.

Disney Lorcana is played here as an MTR-style game (best-of-three matches, Swiss rounds, the
MTR ruleset). Nothing else is changed: the game table takes it (``register_game``), the
schemas take its id and its format ids when they are loaded, the MTR-style family runs its
events, and the command line goes from ``new`` to a built site.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from ingest.core.games import REGISTERED, unregister_game
from tests.builders import run_cli

GAME_MODULE = '''\
"""Disney Lorcana: an MTR-style game (matches of games, Swiss rounds), scored by the MTR ruleset."""

from ingest.core.games import Game, register_game

register_game(Game("lorcana", "Disney Lorcana", rules="mtr", family="mtr"))
'''

FORMATS = {
    "game": "lorcana",
    "name": "Disney Lorcana",
    "sources": ["Disney Lorcana Tournament Rules"],
    "formats": {
        "core-constructed": {
            "name": "Core Constructed",
            "kind": "constructed",
            "source": "Disney Lorcana Tournament Rules",
            "deck": {
                "main": {"min": 60, "source": "Disney Lorcana Tournament Rules"},
                "sideboard": {"allowed": False, "source": "Disney Lorcana Tournament Rules"},
                "copies": {"max": 4, "source": "Disney Lorcana Tournament Rules"},
            },
            "team": {"unified_deck_construction": False, "source": "Disney Lorcana Tournament Rules"},
        }
    },
}

EVENT = "events/2026/2026-11-20-lorcana-league-1.yaml"


def _project_with(tmp_path: Path, module_text: str, module_name: str) -> Iterator[Path]:
    """A project whose only data is Lorcana's formats file, with the game (and whatever else
    the module registers) registered from its own module, and taken out again afterwards: the
    tables are the process's."""
    from ingest.core.rulesets import RULESETS, unregister_ruleset

    root = tmp_path / "project"
    (root / "events").mkdir(parents=True)
    (root / "formats").mkdir()
    (root / "formats" / "lorcana.yaml").write_text(yaml.safe_dump(FORMATS, sort_keys=False), encoding="utf-8")
    module = tmp_path / f"{module_name}.py"
    module.write_text(module_text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(module_name, module)
    assert spec is not None and spec.loader is not None
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
        yield root
    finally:
        if "lorcana" in REGISTERED:
            unregister_game("lorcana")
        if "lorcana" in RULESETS:
            unregister_ruleset("lorcana")
        sys.modules.pop(module_name, None)


@pytest.fixture
def lorcana(tmp_path: Path) -> Iterator[Path]:
    """Lorcana registered as an MTR-style game scored by the MTR ruleset."""
    yield from _project_with(tmp_path, GAME_MODULE, "lorcana_game")


def _ok(root: Path, *args: str) -> str:
    code, out = run_cli(root, *args)
    assert code == 0, out
    return out


def _play_two_rounds(root: Path) -> None:
    """Four players through two Swiss rounds, as a TO enters them: table 1 won 2-1, table 2 lost 0-2."""
    for pid, name in (("ariel", "Ariel"), ("belle", "Belle"), ("cinder", "Cinderella"), ("dale", "Dale")):
        _ok(root, "add-player", EVENT, "--id", pid, "--name", name)
    for _round in (1, 2):
        _ok(root, "pair", EVENT)
        _ok(root, "report", EVENT, "--table", "1", "2-1")
        _ok(root, "report", EVENT, "--table", "2", "0-2")


def test_a_game_no_module_registers_is_refused(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    code, out = run_cli(tmp_path, "new", "--name", "X", "--date", "2026-11-20", "--game", "lorcana", "--format", "x")
    assert code == 2 and "'lorcana' is not one of" in out


def test_a_registered_game_runs_end_to_end_through_the_command_line(
    lorcana: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = lorcana
    monkeypatch.chdir(root)  # the TO works in the project's folder
    new = ("--name", "Lorcana League 1", "--date", "2026-11-20", "--game", "lorcana", "--format", "core-constructed")
    _ok(root, "new", *new, "--seed", "7", "--rounds", "2")
    text = (root / EVENT).read_text(encoding="utf-8")
    assert "game: lorcana" in text and "rules: mtr" in text and "pairing: swiss" in text and "best_of: 3" in text
    _play_two_rounds(root)

    doc = json.loads(_ok(root, "standings", EVENT, "--json"))
    assert (doc["rules"], doc["stage"], doc["final"]) == ("mtr", "final standings", True)
    assert [row["points"] for row in doc["standings"]] == [6, 3, 3, 0]  # MTR: win 3, loss 0
    assert "checked 1 event file: no problems found" in _ok(root, "validate")

    _ok(root, "build", "--docs-only", "--today", "2026-11-21")
    docs = root / "build" / "docs"
    slug = "2026-11-20-lorcana-league-1"
    assert (docs / "events" / slug / "index.md").is_file() and (docs / "events" / slug / "rounds.md").is_file()
    api = json.loads((docs / "api" / "events" / f"{slug}.json").read_text(encoding="utf-8"))
    assert [api[k] for k in ("game", "format", "rules", "status")] == ["lorcana", "core-constructed", "mtr", "complete"]
    shown = [p for p in docs.rglob("*.md") if "Disney Lorcana" in p.read_text(encoding="utf-8")]
    assert docs / "formats" / "index.md" in shown, shown


GAME_WITH_RULES_MODULE = '''\
"""Disney Lorcana played by rules of its own: two points for a win, ties broken by OMW% only."""

from ingest.api import Game, Ruleset, register_game, register_ruleset

register_ruleset(Ruleset("lorcana", "Lorcana league rules", "Our league's rules", win_points=2, tiebreakers=("omw",)))
register_game(Game("lorcana", "Disney Lorcana", rules="lorcana", family="mtr"))
'''


@pytest.fixture
def lorcana_rules(tmp_path: Path) -> Iterator[Path]:
    """Lorcana registered with its own ruleset, from the same module."""
    yield from _project_with(tmp_path, GAME_WITH_RULES_MODULE, "lorcana_rules")


def test_a_game_with_rules_of_its_own_is_one_module_plus_data(
    lorcana_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ruleset registered beside the game scores its events (2 points a win), the event
    schema takes its id, and the site gives it a rules page drawn from its values, which the
    event page links to."""
    root = lorcana_rules
    monkeypatch.chdir(root)
    new = ("--name", "Lorcana League 1", "--date", "2026-11-20", "--game", "lorcana", "--format", "core-constructed")
    _ok(root, "new", *new, "--seed", "7", "--rounds", "2")
    assert "rules: lorcana" in (root / EVENT).read_text(encoding="utf-8")
    _play_two_rounds(root)

    doc = json.loads(_ok(root, "standings", EVENT, "--json"))
    assert doc["rules"] == "lorcana"
    assert [row["points"] for row in doc["standings"]] == [4, 2, 2, 0]  # its own points: 2 a win
    assert "checked 1 event file: no problems found" in _ok(root, "validate")

    _ok(root, "build", "--docs-only", "--today", "2026-11-21")
    docs = root / "build" / "docs"
    page = (docs / "rules" / "lorcana.md").read_text(encoding="utf-8")
    assert (
        page.startswith("# Lorcana league rules") and "| Win | 2 |" in page and "(OMW%)" in page and "(GW%)" not in page
    )
    assert "(lorcana.md)" in (docs / "rules" / "index.md").read_text(encoding="utf-8")
    event_page = root / "build" / "fragments" / "events" / "2026-11-20-lorcana-league-1" / "index.md.html"
    assert 'href="../../rules/lorcana/"' in event_page.read_text(encoding="utf-8")


def test_a_ruleset_is_registered_once_and_the_shipped_ones_stay() -> None:
    from ingest.core.rulesets import Ruleset, register_ruleset, unregister_ruleset

    with pytest.raises(ValueError, match="registered already"):
        register_ruleset(Ruleset("mtr", "Another MTR", "nowhere"))
    with pytest.raises(ValueError, match="registered already"):
        register_ruleset(Ruleset("melee", "An alias", "nowhere"))
    with pytest.raises(ValueError, match="can be taken out"):
        unregister_ruleset("bushiroad")
