"""The rules one event is played under: its ruleset with the event's own options applied,
and the tiebreakers that apply to it.

A ruleset (:mod:`ingest.core.rulesets`) is the same for every event that names it; an
event's date, published precision, points per win and imported platform conventions select
options of it (:meth:`~ingest.core.rulesets.Ruleset.for_event`).
"""

from __future__ import annotations

from ingest.core.model import Event
from ingest.core.rulesets import Ruleset, get_ruleset


def ruleset_for(event: Event, rules: str | Ruleset | None = None) -> Ruleset:
    """The ruleset an event uses (or ``rules``), with its event-specific options applied."""
    base = rules if isinstance(rules, Ruleset) else get_ruleset(rules or event.rules)
    out = base.for_event(
        date=event.date, precision=event.structure.published_precision, points_per_win=event.structure.points_per_win
    )
    if event.structure.dropped_evaluated is not None:  # what an imported event's platform did
        out = out.with_options(dropped_frozen=event.structure.dropped_evaluated == "last-round")
    return out


def tiebreakers_for(event: Event, rules: Ruleset) -> tuple[str, ...]:
    """The ruleset's tiebreakers that apply to this event, in order."""
    tbs = rules.tiebreakers
    if (event.is_team_event and not rules.team_game_points) or event.structure.results == "matches":
        # MTR Appendix C: team events use the overall match result only; an event that
        # recorded match results only has no games to compute game-win figures from (MTR 3.1:
        # not every tiebreaker applies where matches are single games).
        tbs = tuple(t for t in tbs if t not in ("gw", "ogw"))
    return tbs
