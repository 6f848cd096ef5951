"""The standings as an MTR-style event stands: the one table every page, document and command
shows of it.

While a Swiss round is played its results do not count yet: the standings are those after
the last finished round, and the round is shown as in progress (MTR Appendix C computes the
standings after each round; a bye or a result of the round being played counts once the
round is over). Once the Swiss rounds are over, the final standings: the top cut placed by
the playoff so far (Bushiroad 3.2.3, MTR 10.4), the rest by the Swiss standings. The event
page, a player's page, the JSON API, the MTGODecklistCache copy and ``scorekeeper
standings`` all take their figures from here, so no two of them disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ingest.core.model import Event
from ingest.rules.final_standings import final_standings
from ingest.rules.playoff import playoff_round_title
from ingest.rules.published import uses_published_standings
from ingest.rules.rulesets import Ruleset
from ingest.rules.standings import compute_standings
from ingest.rules.standings_values import Standings

__all__ = ["StandingsNow", "standings_now"]


@dataclass(frozen=True, slots=True)
class StandingsNow:
    """The standings as the event stands, and where it stands."""

    table: Standings
    """The standings shown."""
    in_progress: int | None
    """The Swiss round being played, whose results are not counted yet (None when none is)."""
    stage: str
    """Where the event stands, in words for the terminal: ``final standings``,
    ``standings after round 2 of 4; round 3 in progress``."""


def standings_now(
    event: Event,
    rules: str | Ruleset | None = None,
    *,
    finished: bool | None = None,
    by_round: Sequence[Standings] | None = None,
    final: Standings | None = None,
) -> StandingsNow:
    """The standings as the event stands (see the module notes).

    ``finished`` (whether the event is over), ``by_round`` (the standings after each round)
    and ``final`` (the final standings) when the caller has them already.
    """
    from ingest.planner.field import planned_rounds
    from ingest.planner.plan import is_finished
    from ingest.planner.systems import system_of
    from ingest.rules.event_ruleset import ruleset_for

    planned = planned_rounds(event, ruleset_for(event)) if event.structure.pairing == "swiss" else None
    noun = system_of(event).round_noun

    def after(k: int) -> str:
        return f"{noun} {k} of {planned}" if planned else f"{noun} {k}"

    def swiss(k: int) -> Standings:
        if by_round is not None and rules is None and 0 < k <= len(by_round):
            return by_round[k - 1]
        return compute_standings(event, rules, after_round=k)

    def with_playoff() -> Standings:
        return final if final is not None and rules is None else final_standings(event, rules)

    if finished is None:
        finished = bool(event.rounds or uses_published_standings(event)) and is_finished(event)
    if finished:
        return StandingsNow(with_playoff(), None, "final standings")
    if event.playoff:
        current = playoff_round_title(event, len(event.playoff))
        state = "in progress" if not event.playoff[-1].complete else "played"
        return StandingsNow(with_playoff(), None, f"standings with the top cut; {current} {state}")
    n = len(event.rounds)
    if n and not event.rounds[-1].complete:
        done = n - 1
        head = f"standings after {after(done)}" if done else "standings before round 1"
        return StandingsNow(swiss(done), n, f"{head}; {noun} {n} in progress")
    if n == 0:
        return StandingsNow(swiss(0), None, "standings before round 1 (nothing paired yet)")
    return StandingsNow(swiss(n), None, f"standings after {after(n)}")
