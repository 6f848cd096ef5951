"""The games Scorekeeper keeps events for: one table, read everywhere a game is named.

Each game has an id (the event file's ``game``), the name shown to people, the ruleset an
event uses when its file names none (DESIGN §3), and the family of rules it is played by
(:mod:`ingest.core.families`: the MTR-style family or Wheel of Time).

The shipped games are :data:`TABLE`; a community adds its own with :func:`register_game`
from one module of its own, plus the game's ``formats/<game>.yaml`` (a game with rules of its
own registers its ruleset from the same module, :func:`ingest.core.rulesets.register_ruleset`).
The schemas take their ``game`` enums from this table when they are loaded
(:func:`ingest.source.validation.load_schema`), and the shipped schema files list the shipped
games for editors' completion (``tests/core/test_games.py`` keeps those lists and
``formats/`` in step with :data:`TABLE`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.families import PLAYED_BY, find_family


@dataclass(frozen=True, slots=True)
class Game:
    """One game."""

    id: str
    """The id event files use (``game: mtg``)."""
    name: str
    """The game's name as shown on the site and in the terminal."""
    rules: str
    """The ruleset an event uses unless its file names one."""
    family: str = "mtr"
    """The id of the family of rules its events are played by (:mod:`ingest.core.families`)."""


TABLE: tuple[Game, ...] = (
    Game("mtg", "Magic: The Gathering", "mtr"),
    Game("transformers", "Transformers TCG", "aequitas"),
    Game("wot", "Wheel of Time CCG", "wot", family="wot"),
    Game("vanguard", "Cardfight!! Vanguard", "bushiroad"),
    Game("weiss-schwarz", "Weiss Schwarz", "bushiroad"),
    Game("buddyfight", "Future Card Buddyfight", "bushiroad"),
)
"""The shipped games, in the order the site lists them."""

REGISTERED: dict[str, Game] = {g.id: g for g in TABLE}
"""Every game by id: the shipped ones, then those registered (:func:`register_game`)."""

GAMES: dict[str, str] = {g.id: g.name for g in TABLE}
"""Game ids and their display names (registered games included)."""

DEFAULT_RULES: dict[str, str] = {g.id: g.rules for g in TABLE}
"""The ruleset each game uses when the event file does not name one (DESIGN §3)."""

PLAYED_BY.update((g.id, find_family(g.family)) for g in TABLE)


def register_game(game: Game) -> None:
    """Adds a game to the table (its formats come from ``formats/<game>.yaml``).

    Its id is then accepted wherever a game is named. Its default ruleset must be one of
    :mod:`ingest.core.rulesets` (the event schema's ``rules`` lists them).

    Raises:
        ValueError: the id is taken (a game is registered once), or the family is unknown.
    """
    family = find_family(game.family)
    if game.id in REGISTERED:
        shipped = " (a game Scorekeeper ships; choose another id)" if any(g.id == game.id for g in TABLE) else ""
        raise ValueError(f'the game "{game.id}" is registered already{shipped}')
    REGISTERED[game.id] = game
    PLAYED_BY[game.id] = family
    GAMES[game.id] = game.name
    DEFAULT_RULES[game.id] = game.rules


def unregister_game(game_id: str) -> None:
    """Takes a registered game out of the table again (the shipped games stay).

    Raises:
        ValueError: the game is shipped, or not registered.
    """
    if game_id not in REGISTERED or any(g.id == game_id for g in TABLE):
        raise ValueError(f'"{game_id}" is not a registered game that can be taken out')
    del REGISTERED[game_id], PLAYED_BY[game_id], GAMES[game_id], DEFAULT_RULES[game_id]


def game_ids() -> tuple[str, ...]:
    """Every game's id: the shipped ones in the site's order, then the registered ones."""
    return tuple(REGISTERED)
