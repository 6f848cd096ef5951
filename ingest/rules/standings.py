"""Swiss standings after a round, and after every round: the standings engine.

:func:`compute_standings` gives the standings after one round, :func:`standings_by_round`
after each; :mod:`ingest.rules.final_standings` places the top cut on top of them. The
engine runs the rounds through the running totals (:mod:`ingest.rules.standings_totals`),
decides after which round each player's row is taken (phases, players frozen when they
stop playing), and hands the totals to the ranking (:mod:`ingest.rules.standings_ranking`),
which takes the tiebreakers (:mod:`ingest.rules.tiebreaker_snapshots`) and sorts.

Arithmetic is exact. Every percentage is a rational number ``(numerator, denominator)``;
averages over opponents are summed as integers over a common denominator, and players
are sorted on integer keys that are exact multiples of those rationals (or on the
published, rounded figures where a compatibility profile says the platform does). This
is what makes 2,048 players x 15 rounds fast in pure Python without giving up exactness;
:class:`fractions.Fraction` values are produced only for display.

Rules: MTR Appendix C and 3.1 (:mod:`ingest.core.rulesets.mtr`), Aequitas Appendix C,
Bushiroad 3.2.1.2 and 3.2.2.2, and the platform conventions of
:mod:`ingest.core.rulesets.profiles`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.collector import collector_paused
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.core.rulesets import Ruleset
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.published import published_standings, uses_published_standings
from ingest.rules.standings_ranking import Ranker
from ingest.rules.standings_totals import RunningTotals
from ingest.rules.standings_values import Standings


class StandingsEngine:
    """Computes standings for one event and ruleset: totals round by round, evaluation times, ranking."""

    def __init__(self, event: Event, rules: Ruleset) -> None:
        self.event = event
        self.rules = rules
        self.ranker = ranker = Ranker(event, rules)
        self.units = ranker.units
        self.index = ranker.index
        self.game_points = not event.is_team_event or rules.team_game_points
        self.draw_is_loss = event.structure.pairing == "double-elimination"
        """Bushiroad 3.2.2: in double elimination a tie is a loss for both players."""
        self._complete: dict[int, bool] = {}

    def timeline(self, swiss_upto: int, with_playoff: bool) -> list[Round]:
        """Swiss rounds 1..``swiss_upto``, then the playoff rounds if ``with_playoff``."""
        rounds = list(self.event.rounds[:swiss_upto])
        if with_playoff:
            rounds += list(self.event.playoff)
        return rounds

    def accumulate(self, rounds: Sequence[Round]) -> list[RunningTotals]:
        """Totals after each round of ``rounds`` (index t = after t rounds)."""
        acc = RunningTotals(len(self.units))
        out = [acc.copy()]
        for t, rnd in enumerate(rounds, start=1):
            acc.add_round(rnd, self.index, self.rules, t, self.game_points, self.draw_is_loss)
            out.append(acc.copy())
        return out

    def standings_after(self, k: int, accs: Sequence[RunningTotals] | None = None) -> Standings:
        """Swiss standings after round ``k`` (everyone evaluated then, phases applied at the end)."""
        rounds = self.timeline(k, with_playoff=False)
        accs = accs if accs is not None else self.accumulate(rounds)
        times = self.evaluation_times(rounds, k, len(rounds), accs[-1])
        rows, values_at = self.ranker.rank(accs, times, swiss_rounds=k)
        complete = all(self.round_complete(r) for r in rounds)
        return Standings(self.rules, k, tuple(rows), final=False, complete=complete, values_at=values_at)

    def round_complete(self, rnd: Round) -> bool:
        """Whether a round is fully reported (cached: rounds are immutable)."""
        key = id(rnd)
        if key not in self._complete:
            self._complete[key] = rnd.complete
        return self._complete[key]

    def evaluates_everyone_at_the_end(self) -> bool:
        """Whether every player is evaluated after the last round counted (no phases, no freezing)."""
        return not (self.rules.platform.phased or self.event.structure.phases or self.rules.platform.dropped_frozen)

    def evaluation_times(self, rounds: Sequence[Round], swiss: int, total: int, acc: RunningTotals) -> list[int]:
        """For each player, the round after which their row is taken."""
        n = len(self.units)
        if self.evaluates_everyone_at_the_end():
            return [total] * n
        starts = sorted({1, *(ph.from_round for ph in self.event.structure.phases if ph.from_round <= swiss)})
        ends = [s - 1 for s in starts[1:]] + [swiss]
        if total > swiss:
            if self.rules.platform.phased and swiss >= 3:
                starts.append(swiss + 1)
                ends.append(total)
            else:
                ends[-1] = total

        def phase_end(t: int) -> int:
            for s, e in zip(starts, ends, strict=True):
                if s <= t <= e:
                    return e
            return total

        times = []
        for i in range(n):
            last = acc.last_round[i]
            if last == 0:
                times.append(total)
            elif self.rules.platform.dropped_frozen and phase_end(last) == total:
                # Frozen at the last round played, within the event's last phase; an
                # earlier phase the player completed gives its end-of-phase row.
                times.append(last)
            else:
                times.append(phase_end(last))
        return times


# -- public API ------------------------------------------------------------------------------------------------


def compute_standings(event: Event, rules: str | Ruleset | None = None, *, after_round: int | None = None) -> Standings:
    """Swiss standings after ``after_round`` (default: every round so far).

    Args:
        event: the event.
        rules: a ruleset id or value (default: the event's).
        after_round: count rounds 1..after_round only.
    """
    if uses_published_standings(event):  # the platform's figures, never recomputed
        return published_standings(event)
    engine = StandingsEngine(event, ruleset_for(event, rules))
    k = len(event.rounds) if after_round is None else after_round
    if not 0 <= k <= len(event.rounds):
        raise ValueError(f"round {after_round} does not exist; the event has {len(event.rounds)} rounds")
    return engine.standings_after(k)


def standings_by_round(event: Event, rules: str | Ruleset | None = None) -> tuple[Standings, ...]:
    """Swiss standings after each round 1..n (round k uses rounds 1..k only)."""
    if uses_published_standings(event):  # only the final standings were published
        return ()
    with collector_paused():  # about 40% of the time for 2,048 players (benchmarks/standings.py)
        return _standings_by_round(event, rules)


def _standings_by_round(event: Event, rules: str | Ruleset | None) -> tuple[Standings, ...]:
    engine = StandingsEngine(event, ruleset_for(event, rules))
    rounds = engine.timeline(len(event.rounds), with_playoff=False)
    if engine.evaluates_everyone_at_the_end():
        # Everyone is evaluated after round k: rank straight from the running totals,
        # round by round, without keeping a copy of every earlier state.
        acc = RunningTotals(len(engine.units))
        out = []
        for k, rnd in enumerate(rounds, start=1):
            acc.add_round(rnd, engine.index, engine.rules, k, engine.game_points, engine.draw_is_loss)
            times = [k] * len(engine.units)
            rows, values_at = engine.ranker.rank({k: acc}, times, swiss_rounds=k)
            complete = all(engine.round_complete(r) for r in rounds[:k])
            out.append(Standings(engine.rules, k, tuple(rows), final=False, complete=complete, values_at=values_at))
        return tuple(out)
    accs = engine.accumulate(rounds)
    return tuple(engine.standings_after(k, accs[: k + 1]) for k in range(1, len(rounds) + 1))
