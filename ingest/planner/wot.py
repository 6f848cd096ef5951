"""Wheel of Time events scored, checked and pairings checked by :mod:`ingest.wot`.

An event with ``structure.pairing: wot-cycles`` records one Game per entry of ``rounds``
(games 1 and 2 form cycle 1, and so on); its entries are the engine's own values
(:class:`~ingest.wot.wot_entry.WotEntry`). This module hands them to the engine, positions its
problems, and presents per-game results and standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.wot import (
    WotBye,
    WotGame,
    WotGameResult,
    WotOutcome,
    WotRound,
    WotSeverity,
    WotStanding,
    WotTable,
    cycle_of,
    score_game_round,
    validate_round_shape,
    wot_standings,
)
from ingest.wot.cycle_checks import check_wot_pairing
from ingest.wot.wot_entry import WotEntry, wot_entries

_SEVERITY = {WotSeverity.ERROR: Severity.ERROR, WotSeverity.WARNING: Severity.WARNING}
"""The WoT engine's severities as diagnostics' severities."""


def wot_round(rnd: Round) -> WotRound | None:
    """One Game as the engine scores it, or None while any table is unreported."""
    games: list[WotGame] = []
    byes: list[WotBye] = []
    for entry in wot_entries(rnd):
        if isinstance(entry.value, WotTable):
            return None
        if isinstance(entry.value, WotBye):
            byes.append(entry.value)
        else:
            games.append(entry.value)
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
    """The WoT engine's round-level problems with each Game's record (a player twice, a table
    twice, more than one bye), positioned in the file. Each table's own result is checked as
    the file is read (:mod:`ingest.source.wot_entries`), so a wrong result names its table and
    never waits for, or stops, the Game's other tables."""
    out: list[Diagnostic] = []
    players = [p.id for p in event.players]
    for rnd in event.rounds:
        wr = wot_round(rnd)
        if wr is None:
            continue
        by_table = {g.table: entry for entry in wot_entries(rnd) if (g := entry.game) is not None}
        for problem in validate_round_shape(wr, players):
            rec: WotEntry | None = by_table.get(problem.table) if problem.table is not None else None
            pos = (rec.pos if rec is not None and rec.pos is not None else rnd.pos) or SourcePos(event.path)
            severity = _SEVERITY[problem.severity]
            where = f"game {rnd.number}, table {problem.table}" if problem.table is not None else f"game {rnd.number}"
            out.append(Diagnostic(severity, f"wot-{problem.code}", f"{where}: {problem.message}", pos))
    return out


def wot_pairing_diagnostics(event: Event) -> list[Diagnostic]:
    """Recorded pairings of every Game checked against the cycle rules, positioned.

    WoT rules (seed 001), via :func:`ingest.wot.cycle_checks.check_wot_pairing`: one Hero and
    one Villain game per Cycle, byes in rotation to the right player and side, no
    avoidable rematch. A Game is checked once every earlier Game is fully reported.
    """
    out: list[Diagnostic] = []
    history = reported_rounds(event)
    names = {p.id: p.name for p in event.players}
    for number, rnd in enumerate(event.rounds[: len(history) + 1], start=1):
        tables: list[WotTable] = []
        byes: list[WotBye] = []
        where: dict[int | None, SourcePos | None] = {}
        for rec in wot_entries(rnd):
            if isinstance(rec.value, WotBye):
                byes.append(rec.value)
                where.setdefault(None, rec.pos)
            else:
                tables.append(WotTable(rec.value.table, rec.value.hero, rec.value.villain))
                where.setdefault(rec.value.table, rec.pos)
        # A Game with a result in is a fact: what the rules forbid is reported, not refused (DESIGN §2).
        played = event.origin is not None or any(rec.game is not None for rec in wot_entries(rnd))
        for f in check_wot_pairing(history[: number - 1], tables, byes, event.seed, names):
            pos = where.get(f.table) or rnd.pos or SourcePos(event.path)
            severity = Severity.ERROR if f.severity is WotSeverity.ERROR and not played else Severity.WARNING
            kept = " (kept as played)" if f.severity is WotSeverity.ERROR and played else ""
            spot = f"table {f.table}" if f.table is not None else "bye" if byes else "byes"
            message = f"game {number}, {spot}: {f.message}{kept}"
            out.append(Diagnostic(severity, f"wot-{f.code}", message, pos, _HINTS[f.code], settled=bool(kept)))
    return out


_HINTS = {
    "same-side": "each player uses his Hero deck once and his Villain deck once per cycle; "
    "`scorekeeper pair` pairs by the rules",
    "repeated-bye": "give the bye to the lowest-scoring player of the pile the rules name who has had fewer byes",
    "bye-choice": "the rules give the bye to the lowest-scoring player of one pile; `scorekeeper pair` shows whom",
    "rematch": "move the lower-ranked player down one place (WoT rules, Expanded Set-Up Rules)",
}


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


RECORD_COLUMN = {WotOutcome.WIN: 0, WotOutcome.BYE: 0, WotOutcome.LOSS: 1, WotOutcome.TIE: 2}
"""Where a Game's outcome counts in a (wins, losses, ties) record (see :func:`wot_records`)."""


def wot_records(report: WotReport, games: int) -> dict[str, tuple[int, int, int]]:
    """Per player, (wins, losses, ties) over the first ``games`` Games.

    A bye counts as a win (it scores as one: 2 game points), as byes do in every
    ruleset's W-L-D; a Game both players lost is a loss for each (WoT rules, Scoring).
    """
    out: dict[str, list[int]] = {}
    for results in report.games[:games]:
        for r in results:
            out.setdefault(r.player, [0, 0, 0])[RECORD_COLUMN[r.outcome]] += 1
    return {p: (w, loss, t) for p, (w, loss, t) in out.items()}


def wot_standings_rows(event: Event, report: WotReport, games: int) -> list[dict[str, object]]:
    """Standings after ``games`` Games as plain data, with the keys of every ruleset's rows.

    ``points`` are game points; ``wins``/``losses``/``draws`` count Games won (byes
    included), lost and tied; ``dropped`` is a player removed by a forfeit or dropped by
    then; ``tbp`` is the tie-breaking points (float) and ``tbp_exact`` the exact value.
    """
    if games == 0:  # before Game 1: everyone level
        rows: Sequence[WotStanding] = wot_standings((), [p.id for p in event.players], event.seed)
    else:
        rows = report.standings[games - 1]
    names = {p.id: p.name for p in event.players}
    records = wot_records(report, games)
    dropped = {p for p, after in event.dropped_after().items() if after <= games}
    out: list[dict[str, object]] = []
    for r in rows:
        wins, losses, draws = records.get(r.player, (0, 0, 0))
        out.append(
            {
                "rank": r.rank,
                "player": r.player,
                "name": names.get(r.player, r.player),
                "points": r.game_points,
                "wins": wins,
                "losses": losses,
                "draws": draws,
                "byes": r.byes,
                "dropped": r.removed or r.player in dropped,
                "game_points": r.game_points,
                "tbp": float(r.tiebreak_points),
                "tbp_exact": f"{r.tiebreak_points.numerator}/{r.tiebreak_points.denominator}",
                "games": r.games_played,
                "removed": r.removed,
            }
        )
    return out
