"""The families of rules: every game and every pairing system belongs to exactly one."""

from __future__ import annotations

import pytest

from ingest.core.families import FAMILIES, MTR_STYLE, WHEEL_OF_TIME, family_of_game, find_family, owner_of
from ingest.core.games import REGISTERED, TABLE, Game, register_game
from ingest.planner.systems import SYSTEMS


def test_every_pairing_system_belongs_to_exactly_one_family() -> None:
    owners = {system: [f.id for f in FAMILIES.values() if system in f.systems] for system in SYSTEMS}
    assert owners == {system: [owner.id] for system in SYSTEMS if (owner := owner_of(system)) is not None}
    assert set(owners) == {s for f in FAMILIES.values() for s in f.systems}


def test_a_familys_planned_system_is_one_of_its_own_of_planned_length() -> None:
    """``swiss_rounds: auto`` takes this system's number of rounds from the ruleset's table."""
    for family in FAMILIES.values():
        assert family.planned in family.systems and SYSTEMS[family.planned].planned_length


def test_every_game_is_played_by_a_family() -> None:
    assert {g.id: family_of_game(g.id).id for g in TABLE} == {
        "mtg": "mtr",
        "transformers": "mtr",
        "wot": "wot",
        "vanguard": "mtr",
        "weiss-schwarz": "mtr",
        "buddyfight": "mtr",
    }


def test_a_game_the_table_does_not_know_takes_the_family_of_its_pairing() -> None:
    """A file whose game the schema refused is still read as its pairing system means it."""
    assert family_of_game("", "wot-cycles") is WHEEL_OF_TIME
    assert family_of_game("", "swiss") is MTR_STYLE
    assert family_of_game("", None) is MTR_STYLE


def test_the_defaults_of_a_new_event() -> None:
    from ingest.pairing.round_counts import wot_games
    from ingest.rules.rounds_advice import fixed_plan

    assert (MTR_STYLE.default_pairing, MTR_STYLE.best_of, fixed_plan(MTR_STYLE)) == ("swiss", 3, None)
    assert WHEEL_OF_TIME.default_pairing == "wot-cycles" and WHEEL_OF_TIME.best_of == 1
    assert fixed_plan(WHEEL_OF_TIME) == wot_games(2)  # two cycles of two games, as the engine recommends them


def test_an_unknown_family_is_a_programmers_error_that_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match='unknown family "chess"; expected one of: mtr, wot'):
        find_family("chess")
    with pytest.raises(ValueError, match="unknown family"):
        register_game(Game("chess", "Chess", "mtr", family="chess"))
    assert "chess" not in REGISTERED


def test_a_game_is_registered_once() -> None:
    with pytest.raises(ValueError, match='the game "mtg" is registered already'):
        register_game(Game("mtg", "Magic again", "mtr"))


def test_a_process_that_never_imported_the_games_table_is_told_so() -> None:
    """The families are below the games table (no import circle): the table writes each game's
    family in when it is imported. Asked before that, the answer is a loud error, not the
    MTR-style family for every game."""
    import subprocess
    import sys

    code = (
        "from ingest.core.families import family_of_game\n"
        "try:\n    family_of_game('wot')\nexcept RuntimeError as e:\n    print(e)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "import ingest.core.games first: no game has its family yet"
    code = "import ingest.core.games\nfrom ingest.core.families import family_of_game\nprint(family_of_game('wot').id)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout == "wot\n"
