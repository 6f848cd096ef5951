"""Wheel of Time events: the event file's games mapped onto :mod:`ingest.wot`.

An event with ``structure.pairing: wot-cycles`` records one Game per entry of ``rounds``
(games 1 and 2 form cycle 1, and so on). This module turns those records into the WoT
engine's values, positions its problems, and presents per-game results and standings.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ingest.diagnostics import Diagnostic, Severity, SourcePos
from ingest.model import Event, Round, WotGameRecord
from ingest.wot import (
    TiebreakOverride,
    WotBye,
    WotEnded,
    WotEndedBy,
    WotGame,
    WotGameResult,
    WotInputError,
    WotRound,
    WotSide,
    WotStanding,
    WotWinner,
    cycle_of,
    score_game_round,
    validate_round,
    wot_standings,
)


def _fraction(value: object) -> Fraction:
    return Fraction(str(value)) if value is not None else Fraction(0)


def wot_round(rnd: Round) -> WotRound | None:
    """The WoT engine's record of one Game, or None while any table is unreported."""
    games: list[WotGame] = []
    byes: list[WotBye] = []
    for i, rec in enumerate(rnd.wot_games, start=1):
        if rec.hero is None or rec.villain is None:
            player = rec.hero or rec.villain
            assert player is not None
            side = WotSide(rec.bye_side) if rec.bye_side else None
            byes.append(WotBye(player, side))
            continue
        if rec.winner is None or rec.ended is None or rec.by is None:
            return None
        override = None
        if rec.override is not None:
            hero, villain, note = rec.override
            override = TiebreakOverride(_fraction(hero), _fraction(villain), note)
        games.append(
            WotGame(
                table=rec.table or i,
                hero=rec.hero,
                villain=rec.villain,
                winner=WotWinner(rec.winner),
                ended=WotEnded(rec.ended),
                by=WotEndedBy(rec.by),
                hero_final=rec.hero_final,
                villain_final=rec.villain_final,
                tiebreak_override=override,
            )
        )
    return WotRound(tuple(games), tuple(byes))


def reported_rounds(event: Event) -> list[WotRound]:
    """The Games with every table reported, in order (stops at the first incomplete one)."""
    out: list[WotRound] = []
    for rnd in event.rounds:
        wr = wot_round(rnd)
        if wr is None:
            break
        out.append(wr)
    return out


def wot_diagnostics(event: Event) -> list[Diagnostic]:
    """The WoT engine's problems with each game's record, positioned in the file."""
    out: list[Diagnostic] = []
    players = [p.id for p in event.players]
    for rnd in event.rounds:
        wr = wot_round(rnd)
        if wr is None:
            continue
        by_table = {(rec.table or i): rec for i, rec in enumerate(rnd.wot_games, start=1)}
        for problem in validate_round(wr, players):
            rec: WotGameRecord | None = by_table.get(problem.table) if problem.table is not None else None
            pos = (rec.pos if rec is not None and rec.pos is not None else rnd.pos) or SourcePos(event.path)
            severity = Severity.ERROR if problem.severity.name == "ERROR" else Severity.WARNING
            out.append(Diagnostic(severity, f"wot-{problem.code}", f"game {rnd.number}: {problem.message}", pos))
    return out


@dataclass(frozen=True, slots=True)
class WotReport:
    """Everything the site shows for a Wheel of Time event."""

    games: tuple[tuple[WotGameResult, ...], ...]
    """Per Game, every player's result."""
    standings: tuple[tuple[WotStanding, ...], ...]
    """Standings after each reported Game."""

    @property
    def final(self) -> tuple[WotStanding, ...]:
        """Standings after the last reported Game."""
        return self.standings[-1] if self.standings else ()

    def cycle_totals(self) -> dict[str, list[tuple[int, Fraction]]]:
        """Per player, game points and tie-breaking points earned in each cycle."""
        out: dict[str, list[tuple[int, Fraction]]] = {}
        for n, results in enumerate(self.games, start=1):
            c = cycle_of(n) - 1
            for r in results:
                rows = out.setdefault(r.player, [])
                while len(rows) <= c:
                    rows.append((0, Fraction(0)))
                gp, tbp = rows[c]
                rows[c] = (gp + r.game_points, tbp + r.tiebreak_points)
        return out


def wot_report(event: Event) -> WotReport:
    """Scores every reported Game and the standings after each."""
    rounds = reported_rounds(event)
    players = [p.id for p in event.players]
    games = tuple(score_game_round(r.games, r.byes, n) for n, r in enumerate(rounds, start=1))
    standings = tuple(wot_standings(rounds[:k], players, event.seed) for k in range(1, len(rounds) + 1))
    return WotReport(games, standings)


def show_points(value: Fraction) -> str:
    """Tie-breaking points as shown: integers plainly, thirds as mixed decimals.

    >>> show_points(Fraction(14, 3)), show_points(Fraction(-4)), show_points(Fraction(0))
    ('4.67', '-4', '0')
    """
    if value.denominator == 1:
        return str(value.numerator)
    scaled = int(abs(value) * 100 + Fraction(1, 2))
    sign = "-" if value < 0 else ""
    return f"{sign}{scaled // 100}.{scaled % 100:02d}"


def wot_standings_text(event: Event, *, round_no: int | None, as_json: bool) -> str:
    """Standings of a WoT event for the terminal or as JSON."""
    try:
        report = wot_report(event)
    except WotInputError as exc:
        return f"the results cannot be scored: {exc}"
    tables: Sequence[tuple[WotStanding, ...]] = report.standings
    k = len(tables) if round_no is None else round_no
    rows = tables[k - 1] if 0 < k <= len(tables) else ()
    names = {p.id: p.name for p in event.players}
    if as_json:
        doc = {
            "event": event.slug,
            "rules": "wot",
            "after_round": k,
            "standings": [
                {
                    "rank": r.rank,
                    "player": r.player,
                    "name": names.get(r.player, r.player),
                    "game_points": r.game_points,
                    "tbp": float(r.tiebreak_points),
                    "tbp_exact": f"{r.tiebreak_points.numerator}/{r.tiebreak_points.denominator}",
                    "games": r.games_played,
                    "byes": r.byes,
                    "removed": r.removed,
                }
                for r in rows
            ],
        }
        return json.dumps(doc, ensure_ascii=False, indent=2)
    lines = [
        f"{event.name}: standings after game {k} (Wheel of Time rules)",
        f"{'Rank':>4}  {'Player':<24} {'GP':>4} {'TBP':>7}",
    ]
    for r in rows:
        rank = "-" if r.rank is None else str(r.rank)
        lines.append(
            f"{rank:>4}  {names.get(r.player, r.player):<24} {r.game_points:>4} {show_points(r.tiebreak_points):>7}"
        )
    return "\n".join(lines)
