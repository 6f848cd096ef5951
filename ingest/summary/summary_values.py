"""What is computed about one event (:class:`EventSummary`, made by
:func:`ingest.summary.event_summary.compute_summary`), and the rules of what of it may be
published yet: the event's status, whether its decklists are visible, the archetypes shown.

The families' parts (:mod:`ingest.summary.family_results`) fill their results into these
values, so this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ingest.core.diagnostics import Diagnostic
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.decks.event_decks import DeckInfo
from ingest.planner.top_cut import TopCut
from ingest.planner.wot import WotReport
from ingest.rules.published import uses_published_standings
from ingest.rules.rulesets import Ruleset
from ingest.rules.standings_values import Standings
from ingest.summary.cut_verdicts import CutOutlook


@dataclass(frozen=True, slots=True)
class MetaRow:
    """One archetype's share of the field and of the top cut."""

    archetype: str
    """Archetype name (``Unknown`` for unclassified decks)."""
    players: int
    """Players on it."""
    share: Fraction
    """Share of the field."""
    top: int
    """Players on it in the top cut (0 without a cut)."""
    conversion: Fraction | None
    """Top-cut share divided by field share (None when there is no cut)."""


@dataclass(frozen=True, slots=True)
class EventSummary:
    """One event and everything computed from it."""

    event: Event
    """The event."""
    ruleset: Ruleset
    """The event's ruleset with its event-specific options."""
    status: str
    """upcoming, in-progress or complete."""
    standings: tuple[Standings, ...] = ()
    """Swiss standings after each round (MTR-style)."""
    final: Standings | None = None
    """Final standings, the top cut placed by the playoff (MTR-style). While a Swiss round is
    played they count its results so far: pages show :attr:`current`."""
    current: Standings | None = None
    """The standings as the event stands, the one table every page and document shows
    (:func:`ingest.summary.standings_now.standings_now`; MTR-style): while a Swiss round is
    played, those after the last finished round; None before round 1 is over."""
    in_progress: int | None = None
    """The Swiss round being played, whose results are not counted yet (MTR-style)."""
    decks: Mapping[PlayerId, DeckInfo] = field(default_factory=dict)
    """Decks by player; empty while the decklists may not be published (:func:`decklists_visible`)."""
    decklists_visible: bool = False
    """Whether decklists may be published now (while they may not, :attr:`event` holds no
    player's archetype or deck name either)."""
    metagame: tuple[MetaRow, ...] = ()
    """Archetype breakdown, largest first."""
    wot: WotReport | None = None
    """Each game's scores and the standings after each game (Wheel of Time); None while a
    game record has an error."""
    seeds: Mapping[PlayerId, int] = field(default_factory=dict)
    """Top-cut players' seeds: their place in the cut as made (MTR-style events run here),
    or their Swiss ranks (an imported event's platform made the cut)."""
    recommended_rounds: str = ""
    """The ruleset's recommended number of rounds for the field, as text."""
    checks: tuple[Diagnostic, ...] = ()
    """Pairing or game-record checks and deck problems (computed once, with the decks)."""
    planned_rounds: int | None = None
    """The Swiss rounds the event will have (:func:`ingest.planner.field.planned_rounds`); None
    when not Swiss or not known yet."""
    cut: CutOutlook | None = None
    """While the Swiss is played, what each player needs for the top cut (:func:`ingest.summary.cut.cut_outlook`)."""
    top_cut: TopCut | None = None
    """Once playoff round 1 is paired: the top cut as made and as the standings would make it
    now (:func:`ingest.planner.top_cut.top_cut`; MTR-style Swiss events run here)."""
    winner: PlayerId | None = None
    """The champion (or the leader of a complete event without a playoff), as the event's
    family finds it in its results; None until the event is complete (and for a shared first place)."""

    def public_archetypes(self) -> dict[PlayerId, str]:
        """Each player's archetype as it may be published now (see :func:`public_archetypes`)."""
        return public_archetypes(self.event, self.decks, self.decklists_visible)


def event_status(event: Event) -> str:
    """upcoming (no pairings yet), in-progress, or complete.

    Complete means every written round is reported and the pairing engine has nothing
    left to pair (:func:`ingest.planner.plan.is_finished`): the planned Swiss rounds, the
    recommended ones for ``swiss_rounds: auto``, the whole bracket, every round-robin
    round, or the last double-elimination round. Decklists published ``after-event`` wait
    for it.
    """
    from ingest.planner.plan import is_finished

    if not event.rounds and not uses_published_standings(event):
        return "upcoming"
    return "complete" if is_finished(event) else "in-progress"


def public_archetypes(event: Event, decks: Mapping[PlayerId, DeckInfo], visible: bool) -> dict[PlayerId, str]:
    """Each player's archetype as it may be published now (empty when unknown or hidden).

    An archetype names the list, whether the event file declares it (``players[].archetype``)
    or it is classified from the decklist: it is published only while the decklists may be
    (:func:`decklists_visible`). A report made while they may not holds neither
    (:func:`compute_summary`), so this is empty for everyone then.
    """
    if not visible:
        return {p.id: "" for p in event.players}
    return {p.id: (decks[p.id].archetype if p.id in decks else p.archetype) for p in event.players}


def decklists_visible(event: Event, status: str) -> bool:
    """Whether the event's decklists, and everything that names them (archetypes, the players'
    deck names, the metagame), may be published now: ``structure.decklists`` is ``public``,
    or ``after-event`` and the event is complete (``status``, :func:`event_status`);
    ``private``: never.

    The one place that decides it: :func:`compute_summary` leaves out of the report what may
    not be published yet, so no page, feed, search entry or API document can show it.
    """
    policy = event.structure.decklists
    return policy == "public" or (policy == "after-event" and status == "complete")
