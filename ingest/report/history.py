"""Each player's results across events, shared by the player pages and the JSON API.

:func:`player_histories` reads every computed event once and gives, per canonical player
id (``players.yaml``: aliases resolved), one entry per event and head-to-head counts:

- individual events: the final standings row (MTR Appendix C, Bushiroad 3.2.1.2);
- Wheel of Time events: the final standings by game points, then tie-breaking points
  (WoT rules, Final Score), and each scored game's outcome; a game both players lose is a
  loss for each (WoT rules, Scoring);
- team events: the team's place and the member's own seat matches (MTR 8.2, Bushiroad
  5.1); in Two-Headed Giant the team plays as one (MTR 9.1), so its record is each member's.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ingest.core.model import Event, MatchKind, PlayerId
from ingest.planner.wot import RECORD_COLUMN, wot_records  # its columns are WON, LOST, DRAWN
from ingest.report.event_report import EventReport
from ingest.source.naming import is_unnamed
from ingest.source.players import PlayerRegistry

WON, LOST, DRAWN = 0, 1, 2
"""Slots of a won-lost-drawn count."""


def seat_labels(event: Event) -> str:
    """Seat names in order: A, B, C (MTR 8.2) or first, second, third (Bushiroad 5.1)."""
    return "first second third" if event.structure.team_kind in ("tag", "trio") else "A B C"


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One event in one player's history."""

    slug: str
    """The event's slug."""
    event: str
    """The event's name."""
    date: dt.date
    """The event's date."""
    game_name: str
    """The game, as shown."""
    format: str
    """The format id."""
    status: str
    """upcoming, in-progress or complete."""
    field: int
    """Players in the event (teams, in a team event)."""
    rank: int | None
    """Final rank (the team's, in a team event); None while unknown."""
    place: str = ""
    """Playoff place (Champion, Finalist, ...), if any."""
    record: tuple[int, int, int] | None = None
    """Matches (Wheel of Time: games) won, lost and drawn, byes as wins; a team member's
    own seat matches. None while nothing is scored."""
    points: int | None = None
    """Match points; Wheel of Time game points; in a team event, the team's match points."""
    tiebreak_points: Fraction | None = None
    """Wheel of Time tie-breaking points (None elsewhere)."""
    archetype: str = ""
    """The archetype as it may be published now (:meth:`EventReport.public_archetypes`)."""
    team: str = ""
    """The team's id, in a team event."""
    team_name: str = ""
    """The team's name, in a team event."""
    seat: str = ""
    """The member's seat (A/B/C or first/second/third); empty in Two-Headed Giant."""
    now: tuple[str, int | None, str] | None = None
    """While the event is played: the round, the table and the opponent's (canonical) id."""

    @property
    def wld(self) -> str:
        """``W-L-D``, or empty while nothing is scored."""
        return "-".join(str(n) for n in self.record) if self.record is not None else ""


@dataclass(frozen=True, slots=True)
class PlayerHistories:
    """Every player's history, by canonical id."""

    names: Mapping[str, str]
    """Display names (players.yaml's, else the newest event's), including registered
    players without events."""
    entries: Mapping[str, tuple[HistoryEntry, ...]]
    """Events played, oldest first."""
    h2h: Mapping[str, Mapping[str, tuple[int, int, int]]]
    """Matches won, lost and drawn against each opponent (byes not counted)."""

    def lifetime(self, pid: str) -> tuple[int, int, int]:
        """Matches won, lost and drawn over all events (the sum of the head-to-head counts)."""
        counts = self.h2h.get(pid, {}).values()
        return (sum(c[WON] for c in counts), sum(c[LOST] for c in counts), sum(c[DRAWN] for c in counts))


class _Collector:
    """Accumulates entries and head-to-head counts while events are read, oldest first."""

    def __init__(self, registry: PlayerRegistry, unnamed: bool = False) -> None:
        self.reg = registry
        self.unnamed = unnamed
        self.names: dict[str, str] = {}
        self.entries: dict[str, list[HistoryEntry]] = defaultdict(list)
        self.h2h: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))

    def add(self, pid: str, fallback_name: str, entry: HistoryEntry) -> None:
        if is_unnamed(pid) and not self.unnamed:
            return  # a player who chose not to be named has no page (ingest.naming)
        cid = self.reg.canonical(pid)
        if entry.now is not None and entry.now[2]:
            label, table, opponent = entry.now
            entry = replace(entry, now=(label, table, self.reg.canonical(opponent)))
        self.names[cid] = self.reg.name(pid, fallback_name)  # the newest event's name wins
        self.entries[cid].append(entry)

    def meet(self, me: str, opp: str, slot: int) -> None:
        if is_unnamed(me) and not self.unnamed:
            return
        self.h2h[self.reg.canonical(me)][self.reg.canonical(opp)][slot] += 1

    def result(self) -> PlayerHistories:
        names = dict(self.names)
        for cid, reg in self.reg.players.items():
            if reg.display != "hidden":
                names.setdefault(cid, reg.shown)
        return PlayerHistories(
            names,
            {cid: tuple(rows) for cid, rows in self.entries.items()},
            {me: {opp: (c[0], c[1], c[2]) for opp, c in met.items()} for me, met in self.h2h.items()},
        )


Step = tuple[str, str, str, HistoryEntry] | tuple[str, str, str, int]
"""One step of an event's share of the histories: ``("add", player, name as in the event,
entry)`` or ``("meet", player, opponent, WON/LOST/DRAWN)``, with the ids of the event."""


@dataclass(frozen=True, slots=True)
class EventHistory:
    """One event's share of the players' histories and season tables, ids as in the event.

    What :func:`histories_from` and the season tables read of an event; ``players.yaml``
    (aliases, names) is applied when they are combined. Plain data, so a build can keep it
    for an unchanged event instead of the event's report.
    """

    slug: str
    name: str
    date: dt.date
    game: str
    format: str
    organizer: str
    status: str
    """upcoming, in-progress or complete."""
    steps: tuple[Step, ...]
    """What the event adds, in order."""
    source_ids: tuple[tuple[str, str], ...] = ()
    """Published id -> the id in the file, for players published under another id."""


class _Recorder:
    """Records an event's steps (the collector's interface)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, pid: str, fallback_name: str, entry: HistoryEntry) -> None:
        self.steps.append(("add", pid, fallback_name, entry))

    def meet(self, me: str, opp: str, slot: int) -> None:
        self.steps.append(("meet", me, opp, slot))


def event_history(report: EventReport) -> EventHistory:
    """``report``'s share of the players' histories (see :class:`EventHistory`)."""
    out = _Recorder()
    if report.event.is_team_event:
        _team_event(report, out)
    elif report.wot is not None:
        _wot_event(report, out)
    else:
        _individual_event(report, out)
    e = report.event
    return EventHistory(
        e.slug,
        e.name,
        e.date,
        e.game,
        e.format,
        e.organizer,
        report.status,
        tuple(out.steps),
        tuple((p.id, p.source_id) for p in e.players if p.source_id),
    )


def histories_from(
    events: Iterable[EventHistory], registry: PlayerRegistry, *, unnamed: bool = False
) -> PlayerHistories:
    """Every player's results and head-to-head counts across ``events``, aliases resolved.

    Players who chose not to be named (:mod:`ingest.naming`) have no history, unless
    ``unnamed`` (a season table counts them under their per-event id).
    """
    out = _Collector(registry, unnamed)
    for event in sorted(events, key=lambda h: (h.date, h.slug)):
        for kind, pid, other, value in event.steps:
            if kind == "add":
                assert isinstance(value, HistoryEntry)
                out.add(pid, other, value)
            else:
                assert isinstance(value, int)
                out.meet(pid, other, value)
    return out.result()


def player_histories(
    reports: Iterable[EventReport], registry: PlayerRegistry, *, unnamed: bool = False
) -> PlayerHistories:
    """Every player's results and head-to-head counts across ``reports`` (:func:`histories_from`)."""
    return histories_from([event_history(r) for r in reports], registry, unnamed=unnamed)


def _entry(report: EventReport, field: int, rank: int | None, **results: Any) -> HistoryEntry:
    """An entry naming the event, with the player's ``results`` (the other HistoryEntry fields)."""
    e = report.event
    return HistoryEntry(e.slug, e.name, e.date, e.game_name, e.format, report.status, field, rank, **results)


def _now(report: EventReport, player: str) -> tuple[str, int | None, str] | None:
    """The player's table in the round being played (:func:`current_seat`); the opponent's
    id as in the event (the collector resolves aliases)."""
    return current_seat(report.event, player) if report.status == "in-progress" else None


def _individual_event(report: EventReport, out: _Recorder) -> None:
    """Final standings rows (MTR Appendix C, Bushiroad 3.2.1.2) and each reported match."""
    e = report.event
    rows = {r.player: r for r in report.final.rows} if report.final else {}
    archetypes = report.public_archetypes()
    for p in e.players:
        row = rows.get(p.id)
        rec = row.record if row else None
        out.add(
            p.id,
            p.name,
            _entry(
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


def _wot_event(report: EventReport, out: _Recorder) -> None:
    """Final WoT standings (game points, tie-breaking points) and every scored game."""
    assert report.wot is not None
    e = report.event
    rows = {r.player: r for r in report.wot.final}
    # WoT rules, Scoring: a game both players lose is a loss for each; a bye scores as a win.
    records = wot_records(report.wot, len(report.wot.games))
    for results in report.wot.games:
        for r in results:
            if r.opponent is not None:
                out.meet(r.player, r.opponent, RECORD_COLUMN[r.outcome])
    archetypes = report.public_archetypes()
    for p in e.players:
        row = rows.get(p.id)
        out.add(
            p.id,
            p.name,
            _entry(
                report,
                len(e.players),
                row.rank if row else None,
                record=records.get(p.id),
                points=row.game_points if row else None,
                tiebreak_points=row.tiebreak_points if row else None,
                archetype=archetypes[p.id],
            ),
        )


def _team_event(report: EventReport, out: _Recorder) -> None:
    """A team event seen by each member: the team's place and the member's own seat matches."""
    e = report.event
    rows = {r.player: r for r in report.final.rows} if report.final else {}
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
            _entry(
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
    if event.structure.pairing == "wot-cycles":
        return None
    rnd = event.playoff[-1] if event.playoff else (event.rounds[-1] if event.rounds else None)
    if rnd is None or rnd.complete:
        return None
    label = rnd.name or (f"Playoff round {rnd.number}" if event.playoff else f"Round {rnd.number}")
    for m in rnd.matches:
        if player in m.players:
            others = [p for p in m.players if p != player]
            return label, m.table, others[0] if others else ""
    return None
