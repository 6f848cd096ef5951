"""What an event's pages show of its rounds, as its family gives it (:class:`PageViews`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ingest.site.event_views import RoundView
from ingest.site.team_views import TeamView
from ingest.site.wot_view_values import WotView


@dataclass(frozen=True, slots=True)
class PageViews:
    """What the event's pages show of its rounds (the templates' ``rounds``, ``playoff``,
    ``wot``, ``teams`` and ``show_players``)."""

    rounds: tuple[RoundView, ...] = ()
    """Each round's pairings and results (MTR-style)."""
    playoff: tuple[RoundView, ...] = ()
    """Each playoff round's (MTR-style)."""
    wot: WotView | None = None
    """Each game, the standings after each game and the cycles (Wheel of Time)."""
    teams: tuple[TeamView, ...] = ()
    """Each team with its members and matches (a team event)."""
    show_players: bool = True
    """Whether the event page lists the players (the standings do not already)."""

    def context(self) -> dict[str, Any]:
        """The templates' names for them."""
        return {
            "rounds": self.rounds,
            "playoff": self.playoff,
            "wot": self.wot,
            "teams": self.teams,
            "show_players": self.show_players,
            "page_views": self,
        }
