"""Knockout brackets: a single-elimination event, or the top cut of a Swiss event (MTR 10.4,
Aequitas 8.2, Bushiroad 3.2.3-3.2.4): the cut, the seeded bracket, where it stands after the
results so far, the next playoff round, and where a drop goes once the cut is made."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rounds import MatchKind, Round
from ingest.core.rulesets import Ruleset
from ingest.pairing import Bracket, PlayoffResult, PlayoffState, advance_playoff, seed_bracket
from ingest.planner.field import names_of, planned_rounds, refuse_unreported, units_of
from ingest.planner.outcome import ByeReason, Finished, PlannedBye, PlannedRound, PlannedTable
from ingest.planner.top_cut import cut_as_made
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.playoff import playoff_round_title


def _playoff_results(event: Event, rounds: Sequence[Round]) -> list[PlayoffResult]:
    out = []
    for i, rnd in enumerate(rounds, start=1):
        for m in rnd.matches:
            if len(m.players) != 2:
                continue
            a, b = m.players
            if m.kind is MatchKind.DOUBLE_LOSS:
                out.append(PlayoffResult.double_loss(i, a, b))
            elif m.score is not None:
                w = m.winner()
                out.append(PlayoffResult.win(i, w, b if w == a else a) if w else PlayoffResult.drawn(i, a, b))
    return out


def bracket_state(
    event: Event, ruleset: Ruleset, *, main: bool, cut: Sequence[str] | None = None
) -> tuple[Bracket, PlayoffState]:
    """The seeded bracket of a single-elimination event (``main``) or of the top cut, and
    where it stands after the results recorded so far.

    A ``single-elimination`` event is seeded at random from the event seed; a top cut by
    the cut as made (:func:`~ingest.planner.top_cut.top_cut`: the final Swiss standings when
    playoff round 1 was paired), or by draft seats (MTR 10.4, Aequitas 8.2). ``cut``: the
    finalists in seed order, when the caller has decided them. Drops follow the ruleset:
    MTR 2.10, Aequitas 2.10, Bushiroad 3.2.3.

    Raises:
        IngestError: the cut cannot be selected or the bracket cannot be seeded.
    """
    series = event.rounds if main else event.playoff
    if main:
        ranking = sorted(units_of(event))
        random.Random(f"{event.seed}:single-elimination").shuffle(ranking)
        seeds, seeding = ranking, "standings"
    else:
        spec = event.structure.playoff
        assert spec is not None
        ranking = list(cut) if cut is not None else list(cut_as_made(event, ruleset))
        seeding = spec.seeding
        seeds = ranking[:]
        if seeding == "draft-seats":
            random.Random(f"{event.seed}:draft-seats").shuffle(seeds)
    if len(seeds) < 2:
        raise IngestError(f"fewer than two players qualify for the {'event' if main else 'playoff'}")
    try:
        bracket = seed_bracket(seeds, seeding, ranking=ranking)  # type: ignore[arg-type]
    except ValueError as exc:
        raise IngestError(f"the bracket cannot be seeded: {exc}") from None
    # A finalist who left after the cut does not play round 1; nobody replaces them (MTR 2.10).
    drops: dict[str, int] = {} if main else dict.fromkeys(event.cut_drops, 1)
    for i, rnd in enumerate(series, start=1):
        for p in rnd.drops:
            drops.setdefault(p, i + 1)
    state = advance_playoff(bracket, _playoff_results(event, series), drops=drops, policy=ruleset.playoff_drop)  # type: ignore[arg-type]
    return bracket, state


def fits_round_one(event: Event, ruleset: Ruleset) -> bool:
    """Whether the recorded playoff round 1 is the first round of the bracket seeded from
    the cut as made (a hand-made pairing is not)."""
    if not event.playoff:
        return False
    try:
        _, state = bracket_state(event, ruleset, main=False)
    except IngestError:
        return False
    if not state.rounds:
        return False
    first = state.rounds[0]
    expected = {frozenset((m.player1, m.player2)) for m in first.matches} | {frozenset((p,)) for p in first.byes}
    recorded = {frozenset(m.players) for m in event.playoff[0].matches if m.kind is not MatchKind.LOSS}
    return recorded == expected


def drop_after_cut(event: Event, player: str) -> tuple[Round | None, str] | None:
    """Where a drop recorded now goes once the top cut is made, and the drop in words.

    The cut is made once the last Swiss round is reported: the final standings decide it.
    A finalist who leaves then is listed under ``cut_drops`` (the round returned is None),
    in the playoff under the current playoff round's ``drops`` (that round is returned);
    nobody replaces them (MTR 2.10, Aequitas 2.10, Bushiroad 3.2.4) and the bye they leave
    goes by the ruleset. Returns None while the Swiss rounds go on, and for a player outside
    the cut before the playoff starts (an ordinary drop after the last round).

    Raises:
        IngestError: the player is not in the playoff, is out of it, or dropped already.
    """
    ruleset = ruleset_for(event)
    if event.structure.playoff is None or event.structure.pairing != "swiss":
        return None
    planned = planned_rounds(event, ruleset)
    if planned is None or len(event.rounds) < planned or not all(r.complete for r in event.rounds):
        return None
    bracket, state = bracket_state(event, ruleset, main=False)
    name = names_of(event).get(player, player)
    left = [*event.cut_drops, *(p for rnd in event.playoff for p in rnd.drops)]
    if player in left:
        raise IngestError(f"{name} already left the playoff")
    if player not in bracket.seeds:
        if not event.playoff:
            return None
        raise IngestError(f"{name} is not in the top cut: the Swiss rounds are over and they play no more matches")
    out = dict(state.knocked_out)
    if player in out:
        lost_in = playoff_round_title(event, out[player])
        raise IngestError(f"{name} is already out of the playoff (out in the {lost_in})")
    if not event.playoff:
        return None, f"{name} leaves the top cut before the playoff starts; nobody takes their place"
    number = len(event.playoff)
    label = playoff_round_title(event, number)
    unplayed = any(player in m.players and not m.reported for m in event.playoff[-1].matches)
    note = f"; report their {label} match as a loss" if unplayed else ""
    return event.playoff[-1], f"{name} drops after the {label}{note}"


def plan_elimination(
    event: Event, ruleset: Ruleset, *, main: bool, cut: Sequence[str] | None = None
) -> PlannedRound | Finished:
    """The next round of a bracket (``cut``: the finalists in seed order, decided already).

    Playoff round 1 records the cut it is seeded from, so that a later correction to a
    Swiss result leaves the bracket as it was made (:mod:`ingest.planner.top_cut`)."""
    series = event.rounds if main else event.playoff
    label = "round" if main else "playoff round"
    refuse_unreported(event, series, label)
    names = names_of(event)
    bracket, state = bracket_state(event, ruleset, main=main, cut=cut)
    if state.current is None:
        champion = names.get(state.champion or "", "nobody (the final was a double loss)")
        return Finished(f"the {'event' if main else 'playoff'} is finished: {champion} is the champion")
    if state.current.number != len(series) + 1:
        raise IngestError(f"{label} {state.current.number} still has matches without a result")
    tables = tuple(PlannedTable(i, m.player1, m.player2) for i, m in enumerate(state.current.matches, 1))
    byes = tuple(PlannedBye(p, ByeReason.ADVANCES) for p in state.current.byes)
    title = {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}.get(2 ** (bracket.rounds - state.current.number + 1))
    return PlannedRound(
        "rounds" if main else "playoff",
        state.current.number,
        event.unit_key,
        tables,
        byes,
        name=title if title and not main else "",
        cut=tuple(bracket.ranking) if not main and state.current.number == 1 else (),
    )


def plan_elimination_event(event: Event, ruleset: Ruleset) -> PlannedRound | Finished:
    """The next round of a single-elimination event, seeded at random from the event seed."""
    return plan_elimination(event, ruleset, main=True)
