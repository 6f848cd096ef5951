"""The families of rules a game is played by, looked up by id (DESIGN §1: registries, not branches).

A family is how a game's events run end to end. The **MTR-style** family: matches of one or
more games, Swiss and knockout pairing, standings by match points and tiebreakers; Magic (MTR),
Transformers (Aequitas) and the Bushiroad games play by it, each event parametrised by its
ruleset (:mod:`ingest.core.rulesets`), and its team events are its own business. **Wheel of
Time**: Hero and Villain games in cycles of two, game points and tie-breaking points
(:mod:`ingest.wot`). Each game names its family in the games table (:mod:`ingest.core.games`).

This module holds what a family *is*: its id and name, the pairing systems its events use,
and the defaults of a new event. What a family *does* at a stage is one small class per
family in that stage's package, looked up by the family's id (as python-chess looks up a
variant); the stages' modules call it instead of asking which game they have. The parts
live in the stage they belong to, so the packages still import only downwards
(``tests/test_imports.py``), and ``tests/test_families.py`` checks every stage has each
family's part:

============  ===============================================  ==================  ============
stage         the part and its hooks                           MTR-style           Wheel of Time
============  ===============================================  ==================  ============
source        ``READERS``: read a round's entries, warn of a   ``MatchEntries``    ``WotEntries``
              player missing from a round
planner       ``SYSTEMS`` (pairing systems, in                 swiss, brackets,    wot-cycles
              :attr:`Family.systems`): the next round, the     round robin
              checks of recorded rounds (and WoT game records)
report        ``RESULTS``: the report's results, the winner,   ``MatchResults``    ``WotResults``
              the players' history entries, the
              ``standings`` command's text and JSON
edit          ``RECORDERS``: a result in the TO's words        ``MatchRecorder``   ``WotRecorder``
              (``report``), the entry ``clear`` empties
site          ``VIEWS``: the pages' round views, the printed   ``MatchViews``      ``WotViews``
              round, the live block, the API's entries and
              extras, the MTGO export
importers     the CSV rows of a result, a game written back    ``_MatchRows``      ``WotRows``
============  ===============================================  ==================  ============

The readers of round entries are handed to assembly by the caller
(:data:`ingest.checks.event_files.READERS`), as Wheel of Time's reads into the engine's own values.

Adding a game of an existing family is one row of the games table, from a module of its own
(:func:`ingest.core.games.register_game`), with its ruleset when it has rules of its own
(:func:`ingest.core.rulesets.register_ruleset`), and its ``formats/<game>.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol


class _Structure(Protocol):
    @property
    def pairing(self) -> str: ...


class _Played(Protocol):
    """What :func:`family_of` reads of an event (:class:`ingest.core.model.Event`, which is
    above this module: the model names the games table, which names the families)."""

    @property
    def game(self) -> str: ...

    @property
    def structure(self) -> _Structure: ...


@dataclass(frozen=True, slots=True)
class Family:
    """One family of rules."""

    id: str
    """``mtr`` or ``wot``: what the games table and every stage's registry name it by."""
    name: str
    """As people say it: "MTR-style", "Wheel of Time"."""
    systems: tuple[str, ...]
    """The pairing systems (``structure.pairing``) its events use; the first is a new event's."""
    planned: str
    """Its pairing system of planned length, whose number of rounds ``swiss_rounds: auto``
    takes from the ruleset's table (Swiss; Wheel of Time cycles)."""
    best_of: int
    """Games per match unless the file says otherwise (Wheel of Time: one game per table)."""
    paired: str
    """How its events are paired, in words, for a file that names another family's system."""
    fixed_games: int | None = None
    """The games a new event plays whatever its field (Wheel of Time: two cycles of two games);
    None when the ruleset's rounds table recommends them by the field's size
    (:func:`ingest.rules.rounds_advice.fixed_plan` makes the plan of it)."""
    fixed_games_rule: str = ""
    """The rule that sets :attr:`fixed_games`, as the plan cites it."""

    @property
    def default_pairing(self) -> str:
        """The pairing system a new event gets."""
        return self.systems[0]


MTR_STYLE = Family(
    "mtr",
    "MTR-style",
    ("swiss", "single-elimination", "double-elimination", "round-robin"),
    planned="swiss",
    best_of=3,
    paired="by Swiss rounds or a bracket",
)
"""Magic (MTR), Transformers (Aequitas), the Bushiroad games: matches, by the event's ruleset."""

WHEEL_OF_TIME = Family(
    "wot",
    "Wheel of Time",
    ("wot-cycles",),
    planned="wot-cycles",
    best_of=1,
    paired="in cycles",
    fixed_games=4,  # "we recommend a minimum of 2 Cycles", each Cycle two Games (one with each deck)
    fixed_games_rule="Wheel of Time rules, Number of Games/Cycles",
)
"""Wheel of Time CCG: Hero/Villain games in cycles (WoT rules, seed 001)."""

FAMILIES: Mapping[str, Family] = {f.id: f for f in (MTR_STYLE, WHEEL_OF_TIME)}
"""Every family by id."""

KNOCKOUT_LOSSES: Mapping[str, int] = {"single-elimination": 1, "double-elimination": 2}
"""Losses that knock a player out, by pairing system (a draw counts as a loss for both,
Bushiroad 3.2.2, 3.2.3); nobody is knocked out in a system not listed. Reading an event
asks it (a knocked-out player is not missing from the next round), and the planner's
systems take it from here (:data:`ingest.planner.systems.SYSTEMS`)."""

PLAYED_BY: dict[str, Family] = {}
"""The family each game is played by, by game id: written by the games table
(:mod:`ingest.core.games`, the shipped games when it is imported, a registered game when it
is registered), which names its games' families by id. This module is below the games table
and reads no game of its own."""


def find_family(family_id: str) -> Family:
    """The family with this id.

    Raises:
        ValueError: no family has it (the message names the known ones).
    """
    try:
        return FAMILIES[family_id]
    except KeyError:
        known = ", ".join(FAMILIES)
        raise ValueError(f'unknown family "{family_id}"; expected one of: {known}') from None


def family_of_game(game: str, pairing: str | None = None) -> Family:
    """The family a game is played by.

    A game the table does not know (a file whose ``game`` the schema refused) takes the
    family of its pairing system, so the rest of the file is still read as it is meant.

    Raises:
        RuntimeError: the games table (:mod:`ingest.core.games`, which writes :data:`PLAYED_BY`)
            was never imported, so no game has its family yet: a programmer's error.
    """
    if not PLAYED_BY:
        raise RuntimeError("import ingest.core.games first: no game has its family yet")
    return PLAYED_BY.get(game) or owner_of(pairing) or MTR_STYLE


def family_of(event: _Played) -> Family:
    """The family an event is played by (:func:`family_of_game`)."""
    return family_of_game(event.game, event.structure.pairing)


def owner_of(pairing: str | None) -> Family | None:
    """The family whose events use this pairing system, if any."""
    return next((f for f in FAMILIES.values() if pairing in f.systems), None)
