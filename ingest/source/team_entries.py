"""A team event's team matches (MTR 8, MTR 9 Two-Headed Giant, Bushiroad 5), read for the
MTR-style family (:class:`~ingest.source.match_entries.MatchEntries`): the seat results as
written, and the team result they make, which the standings rank."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.model import Structure
from ingest.core.rounds import GameScore, Match, MatchKind, SeatResult, TeamMatch
from ingest.source.assembly_context import AssemblyContext, items
from ingest.source.round_entries import Entry, EntrySpec
from ingest.source.scores import check_score
from ingest.source.yamldoc import YamlPath


def read_team_match(ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> tuple[Entry, ...]:
    """The team match as written and the team result it makes (:func:`team_result`)."""
    match = _team_match(ctx, m, path, spec)
    return (match, team_result(match, spec.structure))


def _team_match(ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> TeamMatch:
    best_of, structure, team_ids = spec.best_of, spec.structure, spec.team_ids
    x, y = (str(t) for t in m["teams"])
    for j, tid in enumerate((x, y)):
        if tid not in team_ids:
            ctx.unknown((*path, "teams", j), tid, team_ids)
    if x == y:
        ctx.err("self-pairing", (*path, "teams"), f'team "{x}" is paired against itself')
    seats: list[SeatResult] = []
    for j, s in enumerate(items(m.get("seats"))):
        score = None
        if not ctx.usable((*path, "seats", j)):
            seats.append(SeatResult(None))
            continue
        if "games" in s and ctx.intact((*path, "seats", j, "games")):
            score = GameScore.parse(str(s["games"]))
            if ctx.scores_known:
                check_score(ctx, score, (*path, "seats", j, "games"), best_of, playoff=False, elimination=False)
        seats.append(SeatResult(score, s.get("result") == "double-loss"))
    score = GameScore.parse(str(m["games"])) if "games" in m and ctx.intact((*path, "games")) else None
    if structure.team_kind == "two-headed-giant":
        if seats:
            ctx.err(
                "match-shape",
                (*path, "seats"),
                "Two-Headed Giant matches have no seats: the team plays as one",
                "write games: 1-0 for the team match (MTR 9.1: one game)",
            )
        if score is not None and (problem := two_headed_giant_problem(score)):
            ctx.err("impossible-score", (*path, "games"), problem)
    elif score is not None:
        ctx.err(
            "match-shape",
            (*path, "games"),
            "team matches record a result per seat",
            "write seats: [{games: 2-1}, {games: 0-2}, ...] in seat order",
        )
    elif seats and structure.team_size and len(seats) != structure.team_size:
        ctx.err("team-size", (*path, "seats"), f"{len(seats)} seat results for teams of {structure.team_size}")
    return TeamMatch((x, y), tuple(seats), score, m.get("table"), ctx.pos(path), yaml_path=path)


def two_headed_giant_problem(score: GameScore) -> str | None:
    """Why a score is impossible for a Two-Headed Giant match, or None.

    The match is one game won; drawn games do not count toward it, and the match goes on
    until a team wins one or time runs out (MTR 9.1). So a team wins at most one game, and
    any number of drawn games may come first.

    >>> two_headed_giant_problem(GameScore(0, 1, 1)) is None, two_headed_giant_problem(GameScore(0, 0, 1)) is None
    (True, True)
    >>> two_headed_giant_problem(GameScore(2, 0))
    '2-0 is impossible: a Two-Headed Giant match ends when a team wins one game (MTR 9.1)'
    """
    if score.games_played == 0:
        return "0-0 records no games"
    if score.first + score.second > 1:
        return f"{score.notation()} is impossible: a Two-Headed Giant match ends when a team wins one game (MTR 9.1)"
    return None


def team_result(tm: TeamMatch, structure: Structure) -> Match:
    """The team match as one match between the teams: its score counts seats won (MTR 8.2),
    a Two-Headed Giant match is the team's one game (MTR 9.1); unreported until every seat is."""
    a, b = PlayerId(tm.teams[0]), PlayerId(tm.teams[1])
    if structure.team_kind == "two-headed-giant":
        return Match(MatchKind.PLAYED, (a, b), tm.score, tm.table, pos=tm.pos, yaml_path=tm.yaml_path)
    if not tm.seats or any(s.score is None and not s.double_loss for s in tm.seats):
        return Match(MatchKind.PLAYED, (a, b), None, tm.table, pos=tm.pos, yaml_path=tm.yaml_path)
    wins_a = sum(1 for s in tm.seats if s.score is not None and s.score.winner == 0)
    wins_b = sum(1 for s in tm.seats if s.score is not None and s.score.winner == 1)
    draws = len(tm.seats) - wins_a - wins_b
    if wins_a == wins_b and structure.tied_team_match == "first-seat" and len(tm.seats) == 2:
        first = tm.seats[0].score
        if first is not None and first.winner is not None:
            wins_a, wins_b = (1, 0) if first.winner == 0 else (0, 1)
            draws = 0
    # Team standings use match results only (MTR Appendix C): the score records seats won.
    score = GameScore(wins_a, wins_b, draws)
    return Match(MatchKind.PLAYED, (a, b), score, tm.table, pos=tm.pos, yaml_path=tm.yaml_path)
