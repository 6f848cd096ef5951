"""The MTR-style family's round entries (:class:`MatchEntries`): matches, byes, match losses,
double losses and, in a team event, team matches (:mod:`ingest.source.team_entries`), each
checked against the roster and the match length."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.rounds import GameScore, Match, MatchKind
from ingest.source.assembly_context import AssemblyContext
from ingest.source.round_entries import Entry, EntrySpec, foreign_entry
from ingest.source.scores import check_score
from ingest.source.team_entries import read_team_match
from ingest.source.yamldoc import YamlPath


class MatchEntries:
    """How an MTR-style event's entries are read (MTR, Aequitas, Bushiroad)."""

    def read(self, ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> tuple[Entry, ...]:
        """A match, bye or loss; a team match with the team result it makes (MTR 8.2)."""
        kind, structure = spec.kind, spec.structure
        if kind in ("hero", "villain"):
            foreign_entry(ctx, path, "matches, not Wheel of Time games", "write {players: [a, b], games: 2-1}")
            return ()
        if kind == "teams":
            return read_team_match(ctx, m, path, spec)
        if structure.team_kind and kind == "players":
            ctx.err(
                "match-shape",
                path,
                "this is a team event: pair teams, not players",
                "write {table: 1, teams: [team-a, team-b], seats: [...]} ",
            )
            return ()
        if kind in ("bye", "loss"):
            return (lone_entry(ctx, m, path, spec),)
        return (_match(ctx, m, path, spec),)

    def not_paired(self, ctx: AssemblyContext, player: str, index: int, number: int) -> None:
        """A player missing from a round: a missed round counts only as a recorded loss, and on
        a platform's record the round stands as played (DESIGN §2)."""
        ctx.warn(
            "did-not-play",
            ("rounds", index),
            f'"{player}" has no pairing in round {number}',
            f"record {{loss: {player}}} for a missed round, or list the player under drops",
            played=ctx.imported,
        )


def lone_entry(ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> Match:
    """A bye (a 2-0 win, MTR Appendix C) or a match loss without an opponent."""
    kind = spec.kind
    pid = PlayerId(str(m[kind]))
    if spec.structure.team_kind and pid in spec.team_ids:
        pass
    elif pid not in ctx.ids:
        ctx.unknown((*path, kind), pid)
    for extra in ("games", "result"):
        if extra in m:
            ctx.err(
                "match-shape",
                (*path, extra),
                f"a {kind} has no {extra}",
                f"remove {extra}; a bye is a 2-0 win, a loss a 0-2 loss",
            )
    return Match(
        MatchKind.BYE if kind == "bye" else MatchKind.LOSS,
        (pid,),
        table=m.get("table"),
        note=str(m.get("note") or ""),
        pos=ctx.pos(path),
        yaml_path=path,
    )


def _match(ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> Match:
    """Two players and their games (or a double loss), the score judged by the match length."""
    best_of, playoff, table, pos = spec.best_of, spec.playoff, m.get("table"), ctx.pos(path)
    a, b = (PlayerId(str(x)) for x in m["players"])
    for j, pid in enumerate((a, b)):
        if pid not in ctx.ids:
            ctx.unknown((*path, "players", j), pid)
    if a == b:
        ctx.err("self-pairing", (*path, "players"), f'"{a}" is paired against themselves')
    if "games" in m and "result" in m:
        ctx.err("match-shape", (*path, "result"), "a match has either games or a special result, not both")
    if m.get("result") == "double-loss" and ctx.intact((*path, "result")):
        note = str(m.get("note") or "")
        return Match(MatchKind.DOUBLE_LOSS, (a, b), table=table, note=note, pos=pos, yaml_path=path)
    score = None
    if "games" in m and ctx.intact((*path, "games")):
        score = GameScore.parse(str(m["games"]))
        if ctx.scores_known:
            knockout = not playoff and spec.structure.pairing == "single-elimination"
            check_score(ctx, score, (*path, "games"), best_of, playoff=playoff, elimination=knockout)
    note = str(m.get("note") or "")
    return Match(MatchKind.PLAYED, (a, b), score=score, table=table, note=note, pos=pos, yaml_path=path)
