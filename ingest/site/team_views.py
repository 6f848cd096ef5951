"""What a team event's teams page shows: each team with its members in seat order, its
standing, and every match it played read from its side, with the seat results (MTR 8,
Bushiroad 5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round
from ingest.site.brief import unit_url
from ingest.site.event_views import computed_label, result_text, seat_names, seats_text
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.source.players import PlayerRegistry
from ingest.summary.event_summary import EventSummary


@dataclass(frozen=True, slots=True)
class TeamMember:
    """A member of a team, in seat order."""

    name: str
    url: str
    seat: str


@dataclass(frozen=True, slots=True)
class TeamMatchRow:
    """One match of a team, read from that team's side."""

    round: str
    opponent: str
    """The other team (empty for a bye or a loss without opponent)."""
    opponent_url: str
    outcome: str
    """won, drew, lost, playing, double loss, bye..."""
    seats: str
    """The seat results in words ("Ana 2-1 Bo; Cy 0-2 Di")."""


@dataclass(frozen=True, slots=True)
class TeamView:
    """One team on the teams page."""

    id: str
    name: str
    rank: int | None
    """Its rank in the team standings (None before its first match)."""
    record: str
    points: int | None
    """Its match points (None before its first match, when it has no standing yet)."""
    place: str
    members: tuple[TeamMember, ...]
    matches: tuple[TeamMatchRow, ...]


def teams_view(report: EventSummary, names: Mapping[str, str], registry: PlayerRegistry) -> tuple[TeamView, ...]:
    """Each team: members in seat order, its standing, and every team match with the seat results,
    by rank."""
    e = report.event
    rows = {r.player: r for r in report.current.rows} if report.current else {}
    out = []
    for team in e.teams:
        matches = []
        for label, series in ((N_("Round %(number)s"), e.rounds), (N_("Playoff round %(number)s"), e.playoff)):
            for rnd in series:
                # Every match the team has in the round: byes and losses without an opponent
                # count in its record (MTR 8.2) as much as the team matches do.
                for m in rnd.matches:
                    if team.id in m.players:
                        matches.append(_team_match_row(e, rnd, m, team.id, names, _(label) % {"number": rnd.number}))
        row = rows.get(team.id)
        out.append(
            TeamView(
                id=team.id,
                name=team.name,
                rank=row.rank if row else None,
                record=row.record.wld if row else "",
                points=row.record.points if row else None,
                place=computed_label(row.place) if row and row.place else "",
                members=tuple(
                    TeamMember(names.get(m, m), unit_url(e, m, registry), label)
                    for m, label in zip(team.members, seat_names(e), strict=False)
                ),
                matches=tuple(matches),
            )
        )
    out.sort(key=lambda t: (t.rank if t.rank is not None else 10**6, t.name.casefold()))
    return tuple(out)


def _team_match_row(
    event: Event, rnd: Round, m: Match, team: str, names: Mapping[str, str], round_label: str
) -> TeamMatchRow:
    """One match of a team read from that team's side: opponent, outcome and seat results."""
    if len(m.players) == 1:
        return TeamMatchRow(round_label, "", "", result_text(m.players, m.score, m.kind), "")
    other = m.players[1] if m.players[0] == team else m.players[0]
    won = m.winner()
    if not m.reported:
        outcome = _("playing")
    elif m.kind is MatchKind.DOUBLE_LOSS:
        outcome = _("double loss")
    else:
        outcome = _("won") if won == team else _("drew") if won is None else _("lost")
    return TeamMatchRow(
        round_label, names.get(other, other), f"#{other}", outcome, seats_text(event, rnd, m.table, names, side=team)
    )
