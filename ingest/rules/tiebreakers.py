"""Tiebreaker definitions: ids, names and what each measures.

The arithmetic lives in :mod:`ingest.rules.tiebreaker_snapshots` (the percentages) and
:mod:`ingest.rules.standings_ranking` (head to head), which compute them exactly
(integers over common denominators, shown as fractions), and in :mod:`ingest.wot.scoring`
(Wheel of Time tie-breaking points); this registry gives each id its display name and
explanation for tables, the JSON output and the rules pages.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    """One tiebreaker."""

    id: str
    """Stable id used in rulesets and JSON (``omw``, ``gw``, ...)."""
    short: str
    """Column heading."""
    name: str
    """Full name."""
    explanation: str
    """One sentence for the rules pages."""
    percentage: bool = True
    """Whether the value is shown as a percentage."""
    game_wins: bool = False
    """Whether it is computed from games won (MTR Appendix C), not from match results only."""


TIEBREAKERS: dict[str, Tiebreaker] = {
    t.id: t
    for t in (
        Tiebreaker(
            "mw",
            "MW%",
            "Match-win percentage",
            "Match points earned divided by the match points possible in the rounds played, never below the floor.",
        ),
        Tiebreaker(
            "omw",
            "OMW%",
            "Opponents' match-win percentage",
            "The average match-win percentage of the player's distinct opponents; byes do not count.",
        ),
        Tiebreaker(
            "gw",
            "GW%",
            "Game-win percentage",
            "Game points earned divided by the game points possible in the games played.",
            game_wins=True,
        ),
        Tiebreaker(
            "ogw",
            "OGW%",
            "Opponents' game-win percentage",
            "The average game-win percentage of the player's distinct opponents, each at least the floor.",
            game_wins=True,
        ),
        Tiebreaker(
            "oomw", "OOMW%", "Opponents' opponents' match-win percentage", "The average of the opponents' OMW%."
        ),
        Tiebreaker(
            "h2h",
            "H2H",
            "Head to head",
            "Between players still tied, the winner of a match they played against each other ranks higher.",
            percentage=False,
        ),
        Tiebreaker(
            "tbp",
            "TBP",
            "Tie-breaking points",
            "Wheel of Time tie-breaking points from final support and opposition.",
            percentage=False,
        ),
    )
}
"""Every tiebreaker by id."""


def get_tiebreaker(tiebreaker_id: str) -> Tiebreaker:
    """The tiebreaker with this id.

    Raises:
        KeyError: listing the known ids.
    """
    try:
        return TIEBREAKERS[tiebreaker_id]
    except KeyError:
        raise KeyError(
            f"unknown tiebreaker {tiebreaker_id!r}; expected one of: {', '.join(sorted(TIEBREAKERS))}"
        ) from None
