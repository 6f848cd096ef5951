"""The MTR-style round as printed for the wall (:func:`print_match_round`): matches, or in a
team event a line per player with their team and seat (MTR 8.2, Bushiroad 5.1) and a slip
per team match, a seat to a line, or one line per team in Two-Headed Giant (MTR 9)."""

from __future__ import annotations

from collections.abc import Mapping

from ingest.core.model import Event
from ingest.core.rounds import MatchKind, Round
from ingest.site.event_views import seat_names
from ingest.site.i18n import gettext as _
from ingest.site.print_views import PrintedRound, Slip, SlipSeat, WallLine, printed_round
from ingest.site.qr import QrCode


def print_match_round(
    event: Event, rnd: Round, names: Mapping[str, str], qr_round: QrCode | None = None
) -> PrintedRound:
    """The wall sheet (every player once, with table and opponent) and a result slip per table;
    team events list players, not teams, each with their seat."""
    if event.is_team_event and event.structure.team_kind == "two-headed-giant":
        kind, (lines, slips) = "2hg", _print_teams(event, rnd, names, seats=False)
    elif event.is_team_event:
        kind, (lines, slips) = "team", _print_teams(event, rnd, names, seats=True)
    else:
        kind, (lines, slips) = "match", _print_matches(rnd, names)
    return printed_round(rnd.number, _("Round %(number)s") % {"number": rnd.number}, kind, lines, slips, qr_round)


def _lone_text(kind: MatchKind) -> str:
    return _("bye") if kind is MatchKind.BYE else _("match loss")


def _print_matches(rnd: Round, names: Mapping[str, str]) -> tuple[list[WallLine], list[Slip]]:
    lines: list[WallLine] = []
    slips: list[Slip] = []
    for m in rnd.matches:
        if len(m.players) == 2:
            a, b = (names.get(p, p) for p in m.players)
            lines.append(WallLine(a, m.table or "", b))
            lines.append(WallLine(b, m.table or "", a))
            slips.append(Slip(m.table or "", a, b))
        else:
            lines.append(WallLine(names.get(m.players[0], m.players[0]), "", _lone_text(m.kind)))
    return lines, slips


def _print_teams(
    event: Event, rnd: Round, names: Mapping[str, str], *, seats: bool
) -> tuple[list[WallLine], list[Slip]]:
    """Team events: a line per player (team, table, seat, the opponent in the same seat).

    With ``seats`` the slip has a line per seat (MTR 8.2, Bushiroad 5.2); Two-Headed Giant
    teams play as one player (MTR 9), so their slip has one line per team.
    """
    members = {t.id: t.members for t in event.teams}
    labels = seat_names(event)
    lines: list[WallLine] = []
    slips: list[Slip] = []

    def together(team: str) -> str:
        return f"{names.get(team, team)} ({' & '.join(names.get(m, m) for m in members.get(team, ()))})"

    for m in rnd.matches:
        if len(m.players) != 2:
            team = m.players[0]
            for p in members.get(team, ()):
                lines.append(WallLine(names.get(p, p), "", _lone_text(m.kind), team=names.get(team, team)))
            continue
        first, second = m.players
        rows: list[SlipSeat] = []
        for me, them in ((first, second), (second, first)):
            for i, p in enumerate(members.get(me, ())):
                if seats:
                    theirs = members.get(them, ())
                    opp = theirs[i] if i < len(theirs) else None
                    opponent = f"{names.get(opp, opp)} ({names.get(them, them)})" if opp else names.get(them, them)
                else:
                    opponent = together(them)
                seat = labels[i] if seats and i < len(labels) else ""
                lines.append(WallLine(names.get(p, p), m.table or "", opponent, team=names.get(me, me), seat=seat))
        if seats:
            a_members, b_members = members.get(first, ()), members.get(second, ())
            for i in range(max(len(a_members), len(b_members))):
                a = a_members[i] if i < len(a_members) else ""
                b = b_members[i] if i < len(b_members) else ""
                rows.append(SlipSeat(labels[i] if i < len(labels) else "", names.get(a, a), names.get(b, b)))
        slips.append(
            Slip(
                m.table or "",
                together(first) if not seats else names.get(first, first),
                together(second) if not seats else names.get(second, second),
                tuple(rows),
            )
        )
    return lines, slips
