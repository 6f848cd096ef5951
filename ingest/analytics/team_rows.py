"""A team event's match rows, seat by seat (the MTR-style family's team events).

When two teams meet, the players of each seat play a match of their own, with their own
decks: MTR 8.2 (player A plays player A, and so on) and Bushiroad 5.1.1-5.1.2 (first against
first in tag and trio fights). So each seat's match is a row of the match table, with both
players and their archetypes, and counts in the figures like any match between two decks.
"""

from __future__ import annotations

from collections.abc import Mapping

from ingest.analytics.match_rows import MatchRow, match_row
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round


def team_rows(e: Event, by_results: bool) -> tuple[MatchRow, ...]:
    """Every Swiss and playoff seat's match of team event ``e`` (none for an individual one)."""
    if not e.is_team_event:
        return ()
    members = {t.id: tuple(t.members) for t in e.teams}
    return (*_seat_rows("swiss", e.rounds, members, by_results), *_seat_rows("playoff", e.playoff, members, by_results))


def _seat_rows(
    stage: str, rounds: tuple[Round, ...], members: Mapping[str, tuple[str, ...]], by_results: bool
) -> list[MatchRow]:
    """A team event's entries, seat by seat: when two teams meet, the players of each seat play
    a match of their own, with their own decks (MTR 8.2: player A against player A, and so on;
    Bushiroad 5.1.1-5.1.2: first against first in tag and trio fights). Each seat's match is a
    row, in seat order, with its team match's table; a team's bye or match loss is a row per
    member. A Two-Headed Giant match (one score, the two players of a team playing as one) has
    no seat's match between two decks and gives no row."""
    out = []
    for rnd in rounds:
        for m in rnd.matches:
            if m.kind in (MatchKind.BYE, MatchKind.LOSS):
                for player in members.get(m.players[0], ()):
                    alone = Match(m.kind, (PlayerId(player),), table=m.table)
                    out.append(match_row(stage, rnd.number, alone, by_results))
        for tm in rnd.team_matches:
            first, second = members.get(tm.teams[0], ()), members.get(tm.teams[1], ())
            for a, b, seat in zip(first, second, tm.seats, strict=False):
                if seat.double_loss:
                    match = Match(MatchKind.DOUBLE_LOSS, (PlayerId(a), PlayerId(b)), None, tm.table)
                else:
                    match = Match(MatchKind.PLAYED, (PlayerId(a), PlayerId(b)), seat.score, tm.table)
                out.append(match_row(stage, rnd.number, match, by_results))
    return out
