"""Rounds as written -> :class:`~ingest.core.model.Round` values: matches, byes, losses, Wheel
of Time games and team matches, each checked against the roster and the match length."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ingest.core.games import DEFAULT_RULES
from ingest.core.model import (
    GameScore,
    Match,
    MatchKind,
    PlayerId,
    Round,
    SeatResult,
    Structure,
    Team,
    TeamMatch,
    WotEntry,
    time_of_day,
)
from ingest.source.assembly_context import AssemblyContext, items
from ingest.source.scores import MANY_GAMES_HINT, need_wins, score_problem, score_warning
from ingest.source.yamldoc import YamlPath
from ingest.wot.model import TiebreakOverride, WotBye, WotEnded, WotEndedBy, WotGame, WotSide, WotTable, WotWinner

AS_RECORDED = "kept as the platform recorded it; standings count it as written"

IDENTITY = ("players", "bye", "loss", "hero", "villain", "teams")
"""The keys that say who an entry of a round is about; broken, the entry is skipped."""


class RoundsAssembly(AssemblyContext):
    """The ``rounds`` and ``playoff`` lists of an event document."""

    def rounds(
        self, key: str, raw: list[Any], structure: Structure, teams: tuple[Team, ...], *, playoff: bool
    ) -> tuple[Round, ...]:
        out: list[Round] = []
        team_ids = {t.id: t for t in teams}
        best_of = (
            structure.playoff.best_of
            if playoff and structure.playoff and structure.playoff.best_of
            else structure.best_of
        )
        for i, r in enumerate(raw):
            rpath: YamlPath = (key, i)
            if not self.usable(rpath):
                continue
            number = int(r["round"]) if self.intact((*rpath, "round")) else i + 1
            if number != i + 1:
                what = "playoff round" if playoff else "round"
                self.err(
                    "round-order",
                    (*rpath, "round"),
                    f"{what} {number} is listed in position {i + 1}; expected round {i + 1}",
                    "number rounds 1, 2, 3... in order without gaps",
                )
            matches: list[Match] = []
            wot: list[WotEntry] = []
            team_matches: list[TeamMatch] = []
            tables: dict[int, int] = {}
            for j, m in enumerate(items(r.get("matches"))):
                mpath: YamlPath = (*rpath, "matches", j)
                if not self.usable(mpath, *IDENTITY):
                    continue
                table = self.field((*mpath, "table"), m.get("table"), None)
                if table is not None:
                    if table in tables:
                        first = self.doc.line_of((*rpath, "matches", tables[table]))
                        self.err(
                            "duplicate-table",
                            (*mpath, "table"),
                            f"table {table} is used twice in this round (first at line {first})",
                        )
                    tables[table] = j
                entry = self.match(m, mpath, best_of, playoff, structure, team_ids, len(wot) + 1)
                if isinstance(entry, Match):
                    matches.append(entry)
                elif isinstance(entry, WotEntry):
                    wot.append(entry)
                elif isinstance(entry, TeamMatch):
                    team_matches.append(entry)
                    derived = self.team_result(entry, structure)
                    if derived is not None:
                        matches.append(derived)
            drops: list[PlayerId] = []
            drop_paths: list[tuple[PlayerId, YamlPath]] = []
            for j, pid in enumerate(items(r.get("drops"))):
                if not self.usable((*rpath, "drops", j)):
                    continue
                pid = PlayerId(str(pid))
                known = team_ids if structure.team_kind and pid in team_ids else self.ids
                if pid not in known:
                    self.unknown((*rpath, "drops", j), pid)
                    continue
                drop_paths.append((pid, (*rpath, "drops", j)))
                if pid in drops:
                    self.warn("duplicate-drop", (*rpath, "drops", j), f'"{pid}" is listed twice in drops')
                else:
                    drops.append(pid)
            out.append(
                Round(
                    number=number,
                    matches=tuple(matches),
                    drops=tuple(drops),
                    name=str(r.get("name") or ""),
                    notes=str(r.get("notes") or ""),
                    started=time_of_day(r.get("started")),
                    wot_games=tuple(wot),
                    team_matches=tuple(team_matches),
                    pos=self.pos(rpath),
                    yaml_path=rpath,
                    drop_paths=tuple(drop_paths),
                )
            )
        return tuple(out)

    def match(
        self,
        m: Mapping[str, Any],
        path: YamlPath,
        best_of: int,
        playoff: bool,
        structure: Structure,
        team_ids: Mapping[str, Team],
        place: int = 1,
    ) -> Match | WotEntry | TeamMatch | None:
        kinds = [k for k in ("players", "bye", "loss", "hero", "teams") if k in m]
        if "villain" in m and "hero" not in m:
            kinds.append("villain")
        table = m.get("table")
        pos = self.pos(path)
        if len(kinds) > 1:
            self.err(
                "match-shape",
                path,
                f"this entry mixes {' and '.join(kinds)}",
                "write one entry per pairing: {players: [a, b]} or {bye: a} or {loss: a}",
            )
            return None
        kind = kinds[0] if kinds else "players"
        if kind in ("hero", "villain") or (kind == "bye" and structure.pairing == "wot-cycles"):
            return self.wot_game(m, path, kind, place)
        if kind == "teams":
            return self.team_match(m, path, best_of, playoff, structure, team_ids)
        if structure.team_kind and kind == "players":
            self.err(
                "match-shape",
                path,
                "this is a team event: pair teams, not players",
                "write {table: 1, teams: [team-a, team-b], seats: [...]} ",
            )
            return None
        if kind in ("bye", "loss"):
            pid = PlayerId(str(m[kind]))
            if structure.team_kind and pid in team_ids:
                pass
            elif pid not in self.ids:
                self.unknown((*path, kind), pid)
            for extra in ("games", "result"):
                if extra in m:
                    self.err(
                        "match-shape",
                        (*path, extra),
                        f"a {kind} has no {extra}",
                        f"remove {extra}; a bye is a 2-0 win, a loss a 0-2 loss",
                    )
            return Match(
                MatchKind.BYE if kind == "bye" else MatchKind.LOSS,
                (pid,),
                table=table,
                note=str(m.get("note") or ""),
                pos=pos,
                yaml_path=path,
            )
        a, b = (PlayerId(str(x)) for x in m["players"])
        for j, pid in enumerate((a, b)):
            if pid not in self.ids:
                self.unknown((*path, "players", j), pid)
        if a == b:
            self.err("self-pairing", (*path, "players"), f'"{a}" is paired against themselves')
        if "games" in m and "result" in m:
            self.err("match-shape", (*path, "result"), "a match has either games or a special result, not both")
        if m.get("result") == "double-loss" and self.intact((*path, "result")):
            note = str(m.get("note") or "")
            return Match(MatchKind.DOUBLE_LOSS, (a, b), table=table, note=note, pos=pos, yaml_path=path)
        score = None
        if "games" in m and self.intact((*path, "games")):
            score = GameScore.parse(str(m["games"]))
            knockout = not playoff and structure.pairing == "single-elimination"
            problem = (
                score_problem(score, best_of, playoff=playoff, elimination=knockout) if self.scores_known else None
            )
            if problem:
                if score.games_played == 0:
                    hint = "leave games out while the match is unreported; an intentional draw is 0-0-3"
                elif (playoff or knockout) and score.first == score.second:
                    hint = self.knockout_draw_hint("playoff" if playoff else "single-elimination")
                else:
                    hint = f"check the result slip: in best of {best_of} the winner has {need_wins(best_of)} game wins"
                if self.imported:  # a recorded round is a fact: the platform accepted this score
                    self.warn("impossible-score", (*path, "games"), problem, AS_RECORDED, played=True)
                else:
                    self.err("impossible-score", (*path, "games"), problem, hint)
            elif self.scores_known and (unlikely := score_warning(score, best_of)):
                self.warn("many-games", (*path, "games"), unlikely, MANY_GAMES_HINT.format(n=best_of))
        note = str(m.get("note") or "")
        return Match(MatchKind.PLAYED, (a, b), score=score, table=table, note=note, pos=pos, yaml_path=path)

    def knockout_draw_hint(self, what: str) -> str:
        """What to write instead of a draw in a knockout match, by the event's rules."""
        rules = str(self.data.get("rules") or DEFAULT_RULES[str(self.data["game"])])
        if rules == "bushiroad":
            return (
                "a time-out in single elimination loses for both players (Bushiroad 3.2.3): write result: double-loss"
            )
        return f"{what} matches are played until one player wins (MTR 2.4)"

    def wot_game(self, m: Mapping[str, Any], path: YamlPath, kind: str, place: int) -> WotEntry | None:
        """A Wheel of Time table or bye as the engine's value (``place``: its place among the
        Game's entries, the engine's number for a table the file gives none)."""
        pos = self.pos(path)
        table = m.get("table")
        number = table if isinstance(table, int) and not isinstance(table, bool) and table else place
        if kind == "bye":
            pid = PlayerId(str(m["bye"]))
            if pid not in self.ids:
                self.unknown((*path, "bye"), pid)
            side = self.field((*path, "side"), m.get("side"), None)
            bye = WotBye(pid, WotSide(side) if side is not None else None)
            return WotEntry(bye, table=table, pos=pos, yaml_path=path)
        if "hero" not in m or "villain" not in m:
            self.err("match-shape", path, "a Wheel of Time game needs both hero and villain")
            return None
        hero, villain = PlayerId(str(m["hero"])), PlayerId(str(m["villain"]))
        for side, pid in (("hero", hero), ("villain", villain)):
            if pid not in self.ids:
                self.unknown((*path, side), pid)
        if hero == villain:
            self.err("self-pairing", (*path, "villain"), f'"{hero}" is paired against themselves')
        if "games" in m or "result" in m:
            self.err(
                "match-shape",
                path,
                "Wheel of Time games record winner, ended and by instead of games",
                "e.g. winner: hero, ended: last-battle, by: goal, hero_final: 6, villain_final: 2",
            )
        result = {k: self.field((*path, k), m.get(k), None) for k in ("winner", "ended", "by")}
        if all(self.intact((*path, k)) for k in result):
            self.check_wot_record(result, path)
        if any(v is None for v in result.values()):
            return WotEntry(WotTable(number, hero, villain), table=table, pos=pos, yaml_path=path)
        ov = self.field((*path, "tiebreak_override"), m.get("tiebreak_override"), None)
        game = WotGame(
            table=number,
            hero=hero,
            villain=villain,
            winner=WotWinner(result["winner"]),
            ended=WotEnded(result["ended"]),
            by=WotEndedBy(result["by"]),
            hero_final=self.field((*path, "hero_final"), m.get("hero_final"), None),
            villain_final=self.field((*path, "villain_final"), m.get("villain_final"), None),
            tiebreak_override=TiebreakOverride(_points(ov.get("hero")), _points(ov.get("villain")), str(ov["note"]))
            if isinstance(ov, Mapping)
            else None,
        )
        return WotEntry(game, table=table, pos=pos, yaml_path=path)

    def check_wot_record(self, result: Mapping[str, Any], path: YamlPath) -> None:
        """A reported game needs all three of winner, ended and by; the combinations are
        checked by the Wheel of Time engine (:func:`ingest.planner.wot.wot_diagnostics`)."""
        given = [k for k, v in result.items() if v is not None]
        if given and len(given) < 3:
            missing = [k for k in ("winner", "ended", "by") if k not in given]
            self.err(
                "wot-result",
                path,
                f"a reported game needs {', '.join(missing)} as well as {', '.join(given)}",
                "winner: hero | villain | tie | both-lose; ended: before-last-battle | last-battle; "
                "by: goal | kill | concession | forfeit | time",
            )

    def team_match(
        self,
        m: Mapping[str, Any],
        path: YamlPath,
        best_of: int,
        playoff: bool,
        structure: Structure,
        team_ids: Mapping[str, Team],
    ) -> TeamMatch | None:
        x, y = (str(t) for t in m["teams"])
        for j, tid in enumerate((x, y)):
            if tid not in team_ids:
                self.unknown((*path, "teams", j), tid, team_ids)
        if x == y:
            self.err("self-pairing", (*path, "teams"), f'team "{x}" is paired against itself')
        seats: list[SeatResult] = []
        for j, s in enumerate(items(m.get("seats"))):
            score = None
            if not self.usable((*path, "seats", j)):
                seats.append(SeatResult(None))
                continue
            if "games" in s and self.intact((*path, "seats", j, "games")):
                score = GameScore.parse(str(s["games"]))
                problem = score_problem(score, best_of) if self.scores_known else None
                if problem:
                    self.err("impossible-score", (*path, "seats", j, "games"), problem)
                elif self.scores_known and (unlikely := score_warning(score, best_of)):
                    self.warn("many-games", (*path, "seats", j, "games"), unlikely, MANY_GAMES_HINT.format(n=best_of))
            seats.append(SeatResult(score, s.get("result") == "double-loss"))
        score = GameScore.parse(str(m["games"])) if "games" in m and self.intact((*path, "games")) else None
        if structure.team_kind == "two-headed-giant":
            if seats:
                self.err(
                    "match-shape",
                    (*path, "seats"),
                    "Two-Headed Giant matches have no seats: the team plays as one",
                    "write games: 1-0 for the team match (MTR 9.1: one game)",
                )
            if score is not None and score.games_played > 1:
                self.err(
                    "impossible-score",
                    (*path, "games"),
                    f"{score.notation()} is impossible: a Two-Headed Giant match is one game (MTR 9.1)",
                )
        elif score is not None:
            self.err(
                "match-shape",
                (*path, "games"),
                "team matches record a result per seat",
                "write seats: [{games: 2-1}, {games: 0-2}, ...] in seat order",
            )
        elif seats and structure.team_size and len(seats) != structure.team_size:
            self.err("team-size", (*path, "seats"), f"{len(seats)} seat results for teams of {structure.team_size}")
        return TeamMatch((x, y), tuple(seats), score, m.get("table"), self.pos(path), yaml_path=path)

    def team_result(self, tm: TeamMatch, structure: Structure) -> Match | None:
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


def _points(value: object) -> Fraction:
    """Tie-breaking points as a judge writes them (``3``, ``2.5``), exactly; none given is 0."""
    return Fraction(str(value)) if value is not None else Fraction(0)
