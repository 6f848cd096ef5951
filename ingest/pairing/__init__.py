"""Pairing engines: Swiss, single and double elimination, round robin, rounds tables.

Everything here is a pure function of its inputs and the event seed: no file
I/O, no clock, and randomness only through ``random.Random`` seeded from the
event seed. Rule references: MTR 7.6, 10.4, 2.10 and Appendix E (seed 004);
Aequitas 2.10, 8.2 and Appendix E (seed 000); Bushiroad 3.2.1-3.2.4 (seed 003).
"""

from __future__ import annotations

from .checker import Finding, FindingKind, check_swiss_round
from .costs import FloatLadder, PairingCost
from .double_elimination import (
    DoubleEliminationEntrant,
    DoubleEliminationRound,
    effective_rounds,
    pair_double_elimination,
)
from .elimination import (
    Bracket,
    Candidate,
    PlayoffFinding,
    PlayoffMatch,
    PlayoffResult,
    PlayoffRound,
    PlayoffState,
    advance_playoff,
    bracket_order,
    playoff_placings,
    seed_bracket,
    select_finalists,
)
from .float_bound import float_lower_bound
from .round_counts import RoundsPlan, aequitas_rounds, bushiroad_rounds, mtr_rounds
from .round_robin import RoundRobinRound, round_robin_schedule
from .swiss import Bye, Entrant, PodReport, SwissRound, Table, pair_swiss

__all__ = [
    "Bracket",
    "Bye",
    "Candidate",
    "DoubleEliminationEntrant",
    "DoubleEliminationRound",
    "Entrant",
    "Finding",
    "FindingKind",
    "FloatLadder",
    "PairingCost",
    "PlayoffFinding",
    "PlayoffMatch",
    "PlayoffResult",
    "PlayoffRound",
    "PlayoffState",
    "PodReport",
    "RoundRobinRound",
    "RoundsPlan",
    "SwissRound",
    "Table",
    "advance_playoff",
    "aequitas_rounds",
    "bracket_order",
    "bushiroad_rounds",
    "check_swiss_round",
    "effective_rounds",
    "float_lower_bound",
    "mtr_rounds",
    "pair_double_elimination",
    "pair_swiss",
    "playoff_placings",
    "round_robin_schedule",
    "seed_bracket",
    "select_finalists",
]
