"""One entry of a round as the analytics count it: a :class:`MatchRow`, from the first player's side.

Both the individual events' rows (:mod:`ingest.analytics.records`) and a team match's seats
(:mod:`ingest.analytics.team_rows`) are made here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.rounds import Match, MatchKind

KINDS = ("played", "intentional-draw", "bye", "loss", "double-loss", "unreported")
"""What a match row records: a played match with a result; a drawn match in which neither
player won a game (``0-0-3``, the MTR's intentional draw; ``0-0`` too), unless the event
records only match results; a bye; a match loss without an opponent; a double loss; a match
not reported yet."""


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One entry of a round, from the first player's side."""

    stage: str
    """swiss or playoff."""
    round: int
    """The round number within its stage."""
    table: int | None
    a: str
    """The first player's published id."""
    b: str
    """The second player's published id; empty for a bye or a lone match loss."""
    kind: str
    """One of :data:`KINDS`."""
    games: tuple[int, int, int] | None
    """Games won by a, by b, and drawn; None without a score."""

    @property
    def result(self) -> str:
        """a's result: win, loss or draw; empty when no match was decided over the board."""
        if self.kind == "bye":
            return "win"
        if self.kind in ("loss", "double-loss"):
            return "loss"
        if self.kind not in ("played", "intentional-draw") or self.games is None:
            return ""
        first, second, _ = self.games
        return "win" if first > second else "loss" if second > first else "draw"


def match_row(stage: str, number: int, m: Match, by_results: bool) -> MatchRow:
    """A round's entry as its row (``number``: the round's within its stage)."""
    b = m.players[1] if len(m.players) > 1 else ""
    games = (m.score.first, m.score.second, m.score.drawn) if m.score is not None else None
    if m.kind is MatchKind.BYE:
        kind = "bye"
    elif m.kind is MatchKind.LOSS:
        kind = "loss"
    elif m.kind is MatchKind.DOUBLE_LOSS:
        kind = "double-loss"
    elif m.score is None:
        kind = "unreported"
    elif m.score.first == m.score.second == 0 and not by_results:
        kind = "intentional-draw"
    else:
        kind = "played"
    return MatchRow(stage, number, m.table, m.players[0], b, kind, games)
