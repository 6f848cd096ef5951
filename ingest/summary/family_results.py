"""What an event's family computes of its results, looked up by the family's id.

The report of an event (:func:`ingest.summary.event_summary.compute_summary`), the players'
histories (:mod:`ingest.summary.history`) and the ``standings`` command ask the event's
family (:func:`results_of`) for their family's part instead of asking which game they have:

* :class:`~ingest.summary.match_results.MatchResults` (MTR-style, parametrised by the event's
  ruleset): standings after each round and final, the top cut's seeds, the cut calculator;
* :class:`~ingest.summary.wot_results.WotResults` (Wheel of Time): each game's scores and the
  standings after each game (:mod:`ingest.wot`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ingest.core.families import family_of
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.rules.standings_values import Standings
from ingest.summary.history_entries import HistoryRecorder
from ingest.summary.match_results import MatchResults
from ingest.summary.wot_results import WotResults

if TYPE_CHECKING:
    from ingest.summary.summary_values import EventSummary

Printed = tuple[tuple[str, bool], ...]
"""What a command prints, in order: each text, and whether it goes to standard error."""


class FamilyResults(Protocol):
    """One family's part of an event's results."""

    def standings_by_round(self, event: Event) -> Sequence[Standings]:
        """The standings after each round, for the checks of recorded pairings (none where the
        family ranks otherwise)."""
        ...

    def complete(self, report: EventSummary, by_round: Sequence[Standings]) -> EventSummary:
        """``report`` (everything every family computes: decks, checks, status) with the
        family's results filled in."""
        ...

    def winner(self, report: EventSummary) -> PlayerId | None:
        """The champion of a complete event (None for a shared first place)."""
        ...

    def history(self, report: EventSummary, out: HistoryRecorder) -> None:
        """What the event adds to its players' histories: an entry per player, and each
        reported meeting for the head-to-head counts."""
        ...

    def standings_document(
        self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool
    ) -> dict[str, Any]:
        """``scorekeeper standings --json`` (``schema/cli-standings.schema.json``).

        Raises:
            IngestError: the standings asked for cannot be given.
        """
        ...

    def standings_text(self, event: Event, *, rules: str | None, round_no: int | None, with_cut: bool) -> Printed:
        """``scorekeeper standings`` for the terminal.

        Raises:
            IngestError: the standings asked for cannot be given.
        """
        ...


RESULTS: Mapping[str, FamilyResults] = {"mtr": MatchResults(), "wot": WotResults()}
"""Each family's results, by the family's id."""


def results_of(event: Event) -> FamilyResults:
    """The results of the event's family."""
    return RESULTS[family_of(event).id]
