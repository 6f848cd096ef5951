"""What an MTR-style event's pages show (:class:`MatchViews`): each round's matches and the
playoff (:mod:`ingest.site.event_views`), a team event's teams (:mod:`ingest.site.team_views`),
the printed round (:mod:`ingest.site.match_print`), the live block with the cut calculator
(:mod:`ingest.site.live`), and the matches in the API documents."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round
from ingest.site.event_views import Links, rounds_view
from ingest.site.live import live_view
from ingest.site.match_print import print_match_round
from ingest.site.page_views import PageViews
from ingest.site.print_views import PrintedRound
from ingest.site.qr import QrCode
from ingest.site.team_views import teams_view
from ingest.source.players import PlayerRegistry
from ingest.summary.event_summary import EventSummary


class MatchViews:
    """The views of an MTR-style event (MTR, Aequitas, Bushiroad; team events too)."""

    def pages(
        self, report: EventSummary, names: Mapping[str, str], links: Links, registry: PlayerRegistry
    ) -> PageViews:
        """Each round's and playoff round's matches; a team event's teams. With standings, every
        player is in them (with their deck); a team event lists the players of each team."""
        e = report.event
        return PageViews(
            rounds=rounds_view(e, e.rounds, names, links, registry, playoff=False),
            playoff=rounds_view(e, e.playoff, names, links, registry, playoff=True),
            teams=teams_view(report, names, registry) if e.is_team_event else (),
            show_players=not report.final or e.is_team_event,
        )

    def printed_round(
        self, event: Event, rnd: Round, names: Mapping[str, str], qr_round: QrCode | None
    ) -> PrintedRound:
        """Matches, team matches or Two-Headed Giant (:func:`~ingest.site.match_print.print_match_round`)."""
        return print_match_round(event, rnd, names, qr_round)

    def live(
        self,
        report: EventSummary,
        views: PageViews,
        version: str,
        url_of: Callable[[str], str],
        names: Mapping[str, str],
    ) -> dict[str, Any] | None:
        """The current round, its clock and the cut calculator (:func:`~ingest.site.live.live_view`)."""
        e = report.event
        return live_view(
            e, report.status, views.rounds, views.playoff, report.planned_rounds, report.cut, version, url_of, names
        )

    def api_entries(self, rnd: Round) -> list[dict[str, Any]]:
        """Each match, bye and loss; a team event's team results."""
        return [_match(m) for m in rnd.matches]

    def api_extra(self, report: EventSummary) -> dict[str, Any]:
        """Nothing: the document's ``final`` holds the standings."""
        del report
        return {}

    def mtgo_exportable(self, event: Event) -> bool:
        """Individual events only: the format has no team matches."""
        return not event.is_team_event


def _match(m: Match) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if m.table is not None:
        out["table"] = m.table
    if m.kind is MatchKind.BYE:
        out["bye"] = m.players[0]
    elif m.kind is MatchKind.LOSS:
        out["loss"] = m.players[0]
    else:
        out["players"] = list(m.players)
        if m.kind is MatchKind.DOUBLE_LOSS:
            out["result"] = "double-loss"
        elif m.score is not None:
            out["games"] = m.score.notation()
    return out
