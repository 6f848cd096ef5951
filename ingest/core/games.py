"""The games Scorekeeper keeps events for: one table, read everywhere a game is named.

Each game has an id (the event file's ``game``), the name shown to people, and the ruleset
an event uses when its file names none (DESIGN §3). The JSON Schemas' ``game`` enums and
the files in ``formats/`` are kept in step with this table by ``tests/core/test_games.py``.
Adding a game is a row here, its ``formats/<game>.yaml``, and its id in the schemas' enums.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Game:
    """One game."""

    id: str
    """The id event files use (``game: mtg``)."""
    name: str
    """The game's name as shown on the site and in the terminal."""
    rules: str
    """The ruleset an event uses unless its file names one."""


TABLE: tuple[Game, ...] = (
    Game("mtg", "Magic: The Gathering", "mtr"),
    Game("transformers", "Transformers TCG", "aequitas"),
    Game("wot", "Wheel of Time CCG", "wot"),
    Game("vanguard", "Cardfight!! Vanguard", "bushiroad"),
    Game("weiss-schwarz", "Weiss Schwarz", "bushiroad"),
    Game("buddyfight", "Future Card Buddyfight", "bushiroad"),
)
"""Every game, in the order the site lists them."""

GAMES: dict[str, str] = {g.id: g.name for g in TABLE}
"""Game ids and their display names."""

DEFAULT_RULES: dict[str, str] = {g.id: g.rules for g in TABLE}
"""The ruleset each game uses when the event file does not name one (DESIGN §3)."""
