"""Wheel of Time CCG tournament engine: scoring and cycle pairing (WoT rules, seed 001).

Pure functions over frozen data; no I/O. The event file's ``wot-cycles`` rounds map to
:class:`WotRound` (one per Game), each holding :class:`WotGame` tables and
:class:`WotBye` byes.
"""

from __future__ import annotations

from ingest.wot.pairing import WotPairing, pair_wot_game
from ingest.wot.scoring import (
    BYE_POINTS,
    LOSS_BEFORE_LAST_BATTLE_POINTS,
    LOSS_IN_LAST_BATTLE_POINTS,
    TIE_POINTS,
    WIN_POINTS,
    TiebreakBasis,
    WotGameResult,
    WotOutcome,
    WotStanding,
    WotTotals,
    average_of_top_three,
    removed_players,
    score_game_round,
    wot_standings,
    wot_totals,
)
from ingest.wot.values import (
    GOAL,
    TiebreakOverride,
    WotBye,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotInputError,
    WotProblem,
    WotRound,
    WotSeverity,
    WotSide,
    WotTable,
    WotWinner,
    cycle_of,
    default_bye_side,
    is_first_game_of_cycle,
    validate_game,
    validate_round,
    validate_round_shape,
)

__all__ = [
    "BYE_POINTS",
    "GOAL",
    "LOSS_BEFORE_LAST_BATTLE_POINTS",
    "LOSS_IN_LAST_BATTLE_POINTS",
    "TIE_POINTS",
    "WIN_POINTS",
    "TiebreakBasis",
    "TiebreakOverride",
    "WotBye",
    "WotEnded",
    "WotEndedBy",
    "WotGame",
    "WotGameResult",
    "WotInputError",
    "WotOutcome",
    "WotPairing",
    "WotProblem",
    "WotRound",
    "WotSeverity",
    "WotSide",
    "WotStanding",
    "WotTable",
    "WotTotals",
    "WotWinner",
    "average_of_top_three",
    "cycle_of",
    "default_bye_side",
    "is_first_game_of_cycle",
    "pair_wot_game",
    "removed_players",
    "score_game_round",
    "validate_game",
    "validate_round",
    "validate_round_shape",
    "wot_standings",
    "wot_totals",
]
