"""What an event's pages show that depends on its family, looked up by the family's id.

The event pages (:mod:`ingest.site.event_pages`), the JSON API (:mod:`ingest.site.api`) and
the MTGODecklistCache export (:mod:`ingest.site.api_mtgo`) ask the event's family
(:func:`views_of`) instead of asking which game they have:

* :class:`~ingest.site.match_views.MatchViews` (MTR-style): each round's matches, the playoff,
  a team event's teams page, the printed round with match or team slips, the live block
  with the cut calculator, and the MTGO export;
* :class:`~ingest.site.wot_views.WotViews` (Wheel of Time): each game's tables, the standings
  after each game and the cycles, the printed game with each player's deck, and the API's
  standings after each game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ingest.core.families import family_of
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.site.event_views import Links
from ingest.site.match_views import MatchViews
from ingest.site.page_views import PageViews
from ingest.site.print_views import PrintedRound
from ingest.site.qr import QrCode
from ingest.site.wot_views import WotViews
from ingest.source.players import PlayerRegistry
from ingest.summary.event_summary import EventSummary


class FamilyViews(Protocol):
    """One family's part of an event's pages and documents."""

    def pages(
        self, report: EventSummary, names: Mapping[str, str], links: Links, registry: PlayerRegistry
    ) -> PageViews:
        """What the event's pages show of its rounds."""
        ...

    def printed_round(
        self, event: Event, rnd: Round, names: Mapping[str, str], qr_round: QrCode | None
    ) -> PrintedRound:
        """The round being played as printed for the wall, with its result slips."""
        ...

    def live(
        self,
        report: EventSummary,
        views: PageViews,
        version: str,
        url_of: Callable[[str], str],
        names: Mapping[str, str],
    ) -> dict[str, Any] | None:
        """The live block an event page leads with while the event is played (None: none)."""
        ...

    def api_entries(self, rnd: Round) -> list[dict[str, Any]]:
        """Every entry of a round as the event's API document gives it."""
        ...

    def api_extra(self, report: EventSummary) -> dict[str, Any]:
        """What the family adds to the event's API document."""
        ...

    def mtgo_exportable(self, event: Event) -> bool:
        """Whether the event fits the MTGODecklistCache format (:mod:`ingest.site.api_mtgo`)."""
        ...


VIEWS: Mapping[str, FamilyViews] = {"mtr": MatchViews(), "wot": WotViews()}
"""Each family's views, by the family's id."""


def views_of(event: Event) -> FamilyViews:
    """The views of the event's family."""
    return VIEWS[family_of(event).id]
