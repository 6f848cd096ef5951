"""The MTR-style family's share of the players' histories (MTR Appendix C, Bushiroad 3.2.1.2):

- individual events: the final standings row, and each reported match for the head-to-head
  counts;
- team events: the team's place and the member's own seat matches (MTR 8.2, Bushiroad 5.1);
  in Two-Headed Giant the team plays as one (MTR 9.1), so its record is each member's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.summary.history_entries import DRAWN, LOST, WON, HistoryRecorder, history_entry

if TYPE_CHECKING:
    from ingest.summary.summary_values import EventSummary


def match_history(report: EventSummary, out: HistoryRecorder) -> None:
    """What an MTR-style event adds to its players' histories: a team event's seats, or each
    player's final standings row."""
    if report.event.is_team_event:
        _team_event(report, out)
    else:
        _individual_event(report, out)


def seat_labels(event: Event) -> str:
    """Seat names in order: A, B, C (MTR 8.2) or first, second, third (Bushiroad 5.1)."""
    return "first second third" if event.structure.team_kind in ("tag", "trio") else "A B C"


def _now(report: EventSummary, player: str) -> tuple[str, int | None, str] | None:
    """The player's table in the round being played (:func:`current_seat`); the opponent's
    id as in the event (the collector resolves aliases)."""
    return current_seat(report.event, player) if report.status == "in-progress" else None


def _individual_event(report: EventSummary, out: HistoryRecorder) -> None:
    """Final standings rows (MTR Appendix C, Bushiroad 3.2.1.2) and each reported match."""
    e = report.event
    rows = {r.player: r for r in report.current.rows} if report.current else {}
    archetypes = report.public_archetypes()
    for p in e.players:
        row = rows.get(p.id)
        rec = row.record if row else None
        out.add(
            p.id,
            p.name,
            history_entry(
                report,
                len(e.players),
                row.rank if row else None,
                place=row.place if row else "",
                record=(rec.wins, rec.losses, rec.draws) if rec else None,
                points=rec.points if rec else None,
                archetype=archetypes[p.id],
                now=_now(report, p.id),
            ),
        )
    for rnd in (*e.rounds, *e.playoff):
        for m in rnd.matches:
            if len(m.players) != 2 or not m.reported:
                continue
            w = m.winner()
            for me, opp in (m.players, m.players[::-1]):
                if m.kind is MatchKind.DOUBLE_LOSS:
                    out.meet(me, opp, LOST)
                else:
                    out.meet(me, opp, DRAWN if w is None else WON if w == me else LOST)


def _team_event(report: EventSummary, out: HistoryRecorder) -> None:
    """A team event seen by each member: the team's place and the member's own seat matches."""
    e = report.event
    rows = {r.player: r for r in report.current.rows} if report.current else {}
    seat_of = {m: (t, i) for t in e.teams for i, m in enumerate(t.members)}
    record: dict[str, list[int]] = {m: [0, 0, 0] for m in seat_of}
    members = {t.id: t.members for t in e.teams}
    for rnd in (*e.rounds, *e.playoff):
        for tm in rnd.team_matches:
            for i, seat_result in enumerate(tm.seats):
                if seat_result.score is None and not seat_result.double_loss:
                    continue
                try:
                    a, b = members[tm.teams[0]][i], members[tm.teams[1]][i]
                except (KeyError, IndexError):
                    continue
                w = None if seat_result.double_loss or seat_result.score is None else seat_result.score.winner
                for me, opp, side in ((a, b, 0), (b, a, 1)):
                    slot = LOST if seat_result.double_loss else (DRAWN if w is None else (WON if w == side else LOST))
                    record[me][slot] += 1
                    out.meet(me, opp, slot)
    one_player = e.structure.team_kind == "two-headed-giant"
    labels = seat_labels(e).split()
    for p in e.players:
        if p.id not in seat_of:
            continue
        team, seat = seat_of[p.id]
        row = rows.get(PlayerId(team.id))
        if one_player:
            # MTR 9.1: the team plays as one, so the team's matches are each member's.
            rec = (row.record.wins, row.record.losses, row.record.draws) if row else None
        else:
            rec = (record[p.id][WON], record[p.id][LOST], record[p.id][DRAWN])
        out.add(
            p.id,
            p.name,
            history_entry(
                report,
                len(e.teams),
                row.rank if row else None,
                place=row.place if row else "",
                record=rec,
                points=row.record.points if row else None,
                team=team.id,
                team_name=team.name,
                seat="" if one_player else labels[seat],
            ),
        )


def current_seat(event: Event, player: str) -> tuple[str, int | None, str] | None:
    """Where a player sits in the round being played: (round label, table, opponent id or "").

    None when no round is being played or the player is not paired in it.
    """
    rnd = event.playoff[-1] if event.playoff else (event.rounds[-1] if event.rounds else None)
    if rnd is None or rnd.complete:
        return None
    label = rnd.name or (f"Playoff round {rnd.number}" if event.playoff else f"Round {rnd.number}")
    for m in rnd.matches:
        if player in m.players:
            others = [p for p in m.players if p != player]
            return label, m.table, others[0] if others else ""
    return None
