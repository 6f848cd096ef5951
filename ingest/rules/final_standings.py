"""Final standings: the top cut placed by the playoff, everyone else by the Swiss standings.

Where the ruleset says so (``playoff_places``; not manatraders), a player who went further
in the playoff ranks above one who went out earlier, and players who went out in the same
playoff round keep their Swiss order (:func:`ingest.rules.playoff.playoff_places`). The
top-cut matches count in points, W-L-D and tiebreakers where the platform counts them
(``playoff_in_record``, melee), or in the W-L-D only (``playoff_in_wld``, Topdeck). An
imported event whose platform published only its final standings shows those
(:mod:`ingest.rules.published`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.collector import collector_paused
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import MatchKind, Round
from ingest.core.rulesets import Ruleset
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.playoff import playoff_places
from ingest.rules.published import published_standings, uses_published_standings
from ingest.rules.standings import StandingsEngine
from ingest.rules.standings_values import Row, Standings


def final_standings(event: Event, rules: str | Ruleset | None = None) -> Standings:
    """Final standings: places 1..N of the top cut from the playoff, the rest by Swiss standings."""
    if uses_published_standings(event):
        return published_standings(event, final=True)
    with collector_paused():
        return _final(StandingsEngine(event, ruleset_for(event, rules)))


def _final(engine: StandingsEngine) -> Standings:
    """Swiss standings with the top cut placed by the playoff."""
    event, rules, index = engine.event, engine.rules, engine.index
    swiss = len(event.rounds)
    playoff = list(event.playoff)
    include_playoff = bool(playoff) and rules.platform.playoff_in_record
    rounds = engine.timeline(swiss, with_playoff=include_playoff)
    accs = engine.accumulate(rounds)
    times = engine.evaluation_times(rounds, swiss, len(rounds), accs[-1])
    places = None
    if playoff and rules.platform.playoff_places:
        places = {index[p]: v for p, v in playoff_places(event).items() if p in index}
    rows, values_at = engine.ranker.rank(accs, times, swiss_rounds=swiss, places=places)
    if playoff and rules.platform.playoff_in_wld and not include_playoff:
        rows = _with_playoff_wld(rows, playoff)
    complete = all(r.complete for r in rounds) and all(r.complete for r in playoff)
    return Standings(rules, swiss, tuple(rows), final=True, complete=complete, values_at=values_at)


def _with_playoff_wld(rows: list[Row], playoff: Sequence[Round]) -> list[Row]:
    """Rows whose W-L-D count the top-cut matches too (their points do not): as Topdeck publishes."""
    extra: dict[PlayerId, list[int]] = {}
    for rnd in playoff:
        for m in rnd.matches:
            if m.kind is MatchKind.BYE or not m.reported:
                continue
            winner = m.winner()
            for p in m.players:
                tally = extra.setdefault(p, [0, 0, 0])
                tally[0 if winner == p else 1 if winner is not None or m.kind is not MatchKind.PLAYED else 2] += 1
    out = []
    for row in rows:
        w, lost, d = extra.get(row.player, (0, 0, 0))
        if w or lost or d:
            rec = row.record
            row = row._replace(record=rec._replace(wins=rec.wins + w, losses=rec.losses + lost, draws=rec.draws + d))
        out.append(row)
    return out
