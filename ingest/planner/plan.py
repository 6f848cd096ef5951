"""``scorekeeper pair``: the next round of an event, from its file, by its rules.

:func:`plan_next_round` decides what comes next (a Swiss round, the next playoff
round, a double-elimination or round-robin round, a Wheel of Time game) and pairs it
with :mod:`ingest.pairing` or :mod:`ingest.wot`; :func:`ingest.edit.new_round.apply_plan` writes it into
the file as a splice. :func:`pairing_diagnostics` checks recorded pairings against the same
rules for ``validate`` and ``pair --check``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, settled, warning
from ingest.core.errors import IngestError
from ingest.core.model import Event, Match, MatchKind, Round
from ingest.pairing import (
    Bracket,
    Candidate,
    DoubleEliminationEntrant,
    Entrant,
    PlayoffResult,
    PlayoffRound,
    PlayoffState,
    advance_playoff,
    check_swiss_round,
    pair_double_elimination,
    pair_swiss,
    round_robin_schedule,
    seed_bracket,
    select_finalists,
)
from ingest.rules.playoff import playoff_round_title
from ingest.rules.rounds_advice import describe, plan_for
from ingest.rules.rulesets import Ruleset
from ingest.rules.standings import compute_standings, ruleset_for
from ingest.rules.standings_values import Standings


@dataclass(frozen=True, slots=True)
class PairPlan:
    """What ``pair`` will write."""

    key: str
    """``rounds`` or ``playoff``."""
    round: dict[str, Any]
    """The new round as plain data (``round``, ``matches``)."""
    losses: tuple[tuple[int, str], ...] = ()
    """Match losses for late entrants: (0-based index of an earlier round, player)."""
    lines: tuple[str, ...] = ()
    """The pairings in words, for the terminal."""
    notes: tuple[str, ...] = field(default=())
    """Anything the organizer should know (rematches forced, a second bye, ...)."""


@dataclass(frozen=True, slots=True)
class Finished:
    """The planner's answer for an event with nothing left to pair."""

    reason: str
    """Why, in words: "the playoff is finished: Noor Berger is the champion"."""


_IMPORTED_FINISHED = (
    "the event was imported from {platform} with its final standings: it is over, and its rounds stay as recorded"
)


def _units(event: Event) -> list[str]:
    return [t.id for t in event.teams] if event.is_team_event else [p.id for p in event.players]


def _names(event: Event) -> dict[str, str]:
    names = {p.id: p.name for p in event.players}
    names.update({t.id: t.name for t in event.teams})
    return names


def _dropped_before(event: Event, round_index: int) -> set[str]:
    """Players (or teams) who dropped after any of the first ``round_index`` rounds."""
    return {u for u, after in event.unit_drops().items() if after <= round_index}


def _met(rounds: Sequence[Round]) -> dict[str, set[str]]:
    met: dict[str, set[str]] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if len(m.players) == 2:
                a, b = m.players
                met.setdefault(a, set()).add(b)
                met.setdefault(b, set()).add(a)
    return met


def _byes(rounds: Sequence[Round]) -> dict[str, int]:
    out: dict[str, int] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if m.kind is MatchKind.BYE:
                out[m.players[0]] = out.get(m.players[0], 0) + 1
    return out


def _refuse_unreported(event: Event, series: Sequence[Round], label: str) -> None:
    if not series:
        return
    last = series[-1]
    missing = [m for m in last.matches if not m.reported]
    missing_wot = [g for g in last.wot_games if g.hero and g.villain and g.winner is None]
    if missing or missing_wot:
        tables = [str(m.table) for m in missing if m.table is not None] + [str(g.table) for g in missing_wot if g.table]
        where = f" (tables {', '.join(tables)})" if tables else ""
        raise IngestError(
            f"{label} {last.number} is not finished: {len(missing) + len(missing_wot)} "
            f"match{'es' if len(missing) + len(missing_wot) != 1 else ''} without a result{where}; "
            f"report them first with `scorekeeper report`"
        )


def planned_rounds(event: Event, ruleset: Ruleset) -> int | None:
    """The number of Swiss rounds (Wheel of Time: Games): the file's number, or the ruleset's
    table for ``auto`` (for Wheel of Time, two Cycles: :func:`ingest.pairing.rounds.wot_games`).

    None when ``auto`` finds no Swiss row for the field: the table has no row for its size
    (MTR and Aequitas Appendix E start at 4 players, Bushiroad 3.2.1.1 has no row for 5-8
    with a cut), or it recommends no Swiss at all (MTR Appendix E: single elimination for
    5-8 players; Bushiroad 3.2.1.1: a round robin for 2-4).
    """
    s = event.structure
    if s.swiss_rounds is not None:
        return s.swiss_rounds
    plan = plan_for(event, ruleset)
    wanted = "wot-cycles" if s.pairing == "wot-cycles" else "swiss"
    return plan.rounds if plan is not None and plan.structure == wanted else None


def _no_swiss_plan(event: Event, ruleset: Ruleset) -> IngestError:
    """Why ``swiss_rounds: auto`` gives no number for this field, and what to write instead."""
    plan = plan_for(event, ruleset)
    n = len(_units(event))
    field = f"{n} {'teams' if event.is_team_event else 'players'}"
    if plan is not None:
        return IngestError(
            f"swiss_rounds is auto, but the recommendation for {field} is {describe(plan)}, not Swiss rounds: "
            f"write `pairing: {plan.structure}` under structure, or set swiss_rounds to a number"
        )
    return IngestError(
        f"swiss_rounds is auto, but the ruleset's rounds table has no row for {field}: "
        "set structure.swiss_rounds to the number of rounds to play"
    )


def plan_next_round(event: Event) -> PairPlan | Finished:
    """Pairs the next round of the event, or says why the event is over.

    Raises:
        IngestError: with a clear reason when nothing can be paired yet (unreported
            matches, nobody left, no rounds table row for ``auto``).
    """
    if event.source is not None and event.source.standings:
        return Finished(_IMPORTED_FINISHED.format(platform=event.source.platform))
    ruleset = ruleset_for(event)
    pairing = event.structure.pairing
    if pairing == "wot-cycles":
        return _plan_wot(event)
    if pairing == "round-robin":
        return _plan_round_robin(event)
    if pairing == "double-elimination":
        return _plan_double_elimination(event, ruleset)
    if pairing == "single-elimination":
        return _plan_elimination(event, ruleset, main=True)
    _refuse_unreported(event, event.rounds, "round")
    planned = planned_rounds(event, ruleset)
    if planned is None:
        raise _no_swiss_plan(event, ruleset)
    if len(event.rounds) < planned:
        return _plan_swiss(event, ruleset)
    if event.structure.playoff is not None:
        return _plan_elimination(event, ruleset, main=False)
    return Finished(f"all {planned} Swiss rounds are paired and the event has no playoff: the event is complete")


def _excluded_before(event: Event, round_index: int) -> set[str]:
    """Units who may not be paired in round ``round_index + 1``: dropped or disqualified.

    A member's drop or disqualification removes the whole team (MTR 8.2, Bushiroad 5.1)."""
    return _dropped_before(event, round_index) | event.disqualified_units()


def _swiss_entrants(
    event: Event, ruleset: Ruleset, k: int, units: Sequence[str], standings: Standings | None = None
) -> list[Entrant]:
    """``units`` as the Swiss engine sees them before round ``k + 1`` (MTR 10.4, Bushiroad 3.2.1):
    points and rank after round ``k`` (``standings``, when already computed), everyone met so
    far, byes so far, and pods (players only)."""
    if standings is None:
        standings = compute_standings(event, ruleset, after_round=k)
    rank = {r.player: r.rank for r in standings.rows}
    points = {r.player: r.record.points for r in standings.rows}
    met = _met(event.rounds[:k])
    byes = _byes(event.rounds[:k])
    pods = {} if event.is_team_event else {p.id: p.pod for p in event.players}
    fallback = len(_units(event))
    return [
        Entrant(u, points.get(u, 0), rank.get(u, fallback), frozenset(met.get(u, ())), byes.get(u, 0), pods.get(u))
        for u in sorted(units)
    ]


def _awarded_byes(event: Event, number: int, active: set[str]) -> set[str]:
    """Players whose awarded byes (``players[].byes``) cover round ``number``; none for teams."""
    if event.is_team_event:
        return set()
    return {p.id for p in event.players if p.byes >= number and p.id in active}


def is_finished(event: Event) -> bool:
    """Whether the event is over: every written round is reported and the pairing engine
    has nothing left to pair (no Swiss round, playoff round, round-robin round or
    elimination round to come).

    Fixed-length Swiss and Wheel of Time events are decided by counting rounds (Games),
    without pairing anything; the other structures ask their planner, which answers
    :class:`Finished` once the event is over (a bracket's state, the round-robin schedule,
    the double-elimination engine's verdict).
    """
    if event.source is not None and event.source.standings:
        # The platform published the final standings: the event is over, however the bracket
        # was played and even where the platform left a match unreported.
        return True
    if not event.rounds or not all(r.complete for r in (*event.rounds, *event.playoff)):
        return False
    s = event.structure
    if s.pairing == "wot-cycles":
        planned = planned_rounds(event, ruleset_for(event))
        return planned is None or len(event.rounds) >= planned
    if s.pairing == "swiss":
        planned = planned_rounds(event, ruleset_for(event))
        if planned is None or len(event.rounds) < planned:
            return False
        if s.playoff is None:
            return True
    try:
        return isinstance(plan_next_round(event), Finished)
    except IngestError:  # nothing can be paired yet, so the event is not over
        return False


def _plan_swiss(event: Event, ruleset: Ruleset) -> PairPlan:
    k = len(event.rounds)
    number = k + 1
    units = _units(event)
    excluded = _excluded_before(event, k)
    active = [u for u in units if u not in excluded]
    if len(active) < 2:
        raise IngestError("fewer than two players are left to pair")
    seen = {p for rnd in event.rounds for m in rnd.matches for p in m.players}
    late = [u for u in active if k > 0 and u not in seen]
    losses: list[tuple[int, str]] = []
    if event.structure.late_entries == "loss" and not event.is_team_event:
        losses = [(i, u) for u in late for i in range(k)]
    entrants = _swiss_entrants(event, ruleset, k, active)
    awarded = _awarded_byes(event, number, set(active))
    result = pair_swiss(entrants, seed=event.seed, round_number=number, awarded_byes=awarded)
    key = "teams" if event.is_team_event else "players"
    matches: list[dict[str, Any]] = [{"table": t.number, key: [t.player1, t.player2]} for t in result.tables]
    matches += [{"bye": b.player} for b in result.byes]
    names = _names(event)
    lines = [
        f"table {t.number}: {names[t.player1]} vs {names[t.player2]}" + (" (rematch)" if t.rematch else "")
        for t in result.tables
    ]
    lines += [f"bye: {names[b.player]}" + (" (awarded)" if b.awarded else "") for b in result.byes]
    notes = []
    if result.rematches:
        notes.append(f"{len(result.rematches)} rematch(es): no pairing of everyone without one exists")
    if late and losses:
        notes.append(f"late entries get a match loss for each missed round: {', '.join(names[u] for u in late)}")
    return PairPlan("rounds", {"round": number, "matches": matches}, tuple(losses), tuple(lines), tuple(notes))


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


def _cut(event: Event, ruleset: Ruleset, standings: Standings) -> list[str]:
    spec = event.structure.playoff
    assert spec is not None
    dropped = _dropped_before(event, len(event.rounds))
    players = event.player_map()
    candidates = []
    for row in standings.rows:
        p = players.get(row.player)
        not_won = row.record.losses + row.record.draws
        candidates.append(
            Candidate(
                row.player,
                row.rank,
                not_won,
                (p.deck_group or None) if p else None,
                bool(p and p.declined_cut) or row.player in dropped,
            )
        )
    # Shared ranks are already in display (seeded) order: use positions as ranks.
    candidates = [Candidate(c.id, i, c.rounds_not_won, c.deck_group, c.declined) for i, c in enumerate(candidates, 1)]
    try:
        return list(select_finalists(candidates, spec.top, method=spec.finalists))  # type: ignore[arg-type]
    except ValueError as exc:
        raise IngestError(f"the top cut cannot be selected: {exc}") from None


def _bracket(event: Event, ruleset: Ruleset, *, main: bool) -> tuple[Bracket, PlayoffState]:
    """The seeded bracket of a single-elimination event (``main``) or of the top cut, and
    where it stands after the results recorded so far.

    A ``single-elimination`` event is seeded at random from the event seed; a top cut by the
    final Swiss standings or by draft seats (MTR 10.4, Aequitas 8.2). Drops follow the
    ruleset: MTR 2.10, Aequitas 2.10, Bushiroad 3.2.3.

    Raises:
        IngestError: the cut cannot be selected or the bracket cannot be seeded.
    """
    series = event.rounds if main else event.playoff
    if main:
        ranking = sorted(_units(event))
        random.Random(f"{event.seed}:single-elimination").shuffle(ranking)
        seeds, seeding = ranking, "standings"
    else:
        spec = event.structure.playoff
        assert spec is not None
        ranking = _cut(event, ruleset, compute_standings(event, ruleset))
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
    policy = "bushiroad" if ruleset.id == "bushiroad" else ruleset.playoff_drop
    state = advance_playoff(bracket, _playoff_results(event, series), drops=drops, policy=policy)  # type: ignore[arg-type]
    return bracket, state


def drop_after_cut(event: Event, player: str) -> tuple[tuple[str | int, ...], str] | None:
    """Where a drop recorded now goes once the top cut is made, and the drop in words.

    The cut is made once the last Swiss round is reported: the final standings decide it.
    A finalist who leaves then is listed under ``cut_drops``, in the playoff under the
    current playoff round's ``drops``; nobody replaces them (MTR 2.10, Aequitas 2.10,
    Bushiroad 3.2.4) and the bye they leave goes by the ruleset. Returns None while the
    Swiss rounds go on, and for a player outside the cut before the playoff starts (an
    ordinary drop after the last round).

    Raises:
        IngestError: the player is not in the playoff, is out of it, or dropped already.
    """
    ruleset = ruleset_for(event)
    if event.structure.playoff is None or event.structure.pairing != "swiss":
        return None
    planned = planned_rounds(event, ruleset)
    if planned is None or len(event.rounds) < planned or not all(r.complete for r in event.rounds):
        return None
    bracket, state = _bracket(event, ruleset, main=False)
    name = _names(event).get(player, player)
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
        return ("cut_drops",), f"{name} leaves the top cut before the playoff starts; nobody takes their place"
    number = len(event.playoff)
    label = playoff_round_title(event, number)
    unplayed = any(player in m.players and not m.reported for m in event.playoff[-1].matches)
    note = f"; report their {label} match as a loss" if unplayed else ""
    return ("playoff", number - 1), f"{name} drops after the {label}{note}"


def _plan_elimination(event: Event, ruleset: Ruleset, *, main: bool) -> PairPlan | Finished:
    series = event.rounds if main else event.playoff
    label = "round" if main else "playoff round"
    _refuse_unreported(event, series, label)
    names = _names(event)
    bracket, state = _bracket(event, ruleset, main=main)
    if state.current is None:
        champion = names.get(state.champion or "", "nobody (the final was a double loss)")
        return Finished(f"the {'event' if main else 'playoff'} is finished: {champion} is the champion")
    if state.current.number != len(series) + 1:
        raise IngestError(f"{label} {state.current.number} still has matches without a result")
    key = "teams" if event.is_team_event else "players"
    matches: list[dict[str, Any]] = [
        {"table": i, key: [m.player1, m.player2]} for i, m in enumerate(state.current.matches, 1)
    ]
    matches += [{"bye": p} for p in state.current.byes]
    lines = [f"table {i}: {names[m.player1]} vs {names[m.player2]}" for i, m in enumerate(state.current.matches, 1)]
    lines += [f"advances without a match: {names[p]}" for p in state.current.byes]
    title = {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}.get(2 ** (bracket.rounds - state.current.number + 1))
    doc: dict[str, Any] = {"round": state.current.number}
    if title and not main:
        doc["name"] = title
    doc["matches"] = matches
    return PairPlan("rounds" if main else "playoff", doc, (), tuple(lines))


def _plan_round_robin(event: Event) -> PairPlan | Finished:
    """The next round of the circle schedule (Bushiroad 3.2.1.1: round robin for 2-4 players).

    The schedule is made from every entrant, so a drop never reshuffles it. A dropped
    player's matches are left out and the scheduled opponent receives a bye, as the
    player without an opponent does in an odd field (DESIGN §4: drops are honoured; the
    rules say nothing else for round robins, and a bye is what Swiss and knockout rounds
    give the player a drop leaves without an opponent: Aequitas 2.10, Bushiroad 3.2.3).
    """
    _refuse_unreported(event, event.rounds, "round")
    schedule = round_robin_schedule(_units(event), seed=event.seed)
    k = len(event.rounds)
    if k >= len(schedule):
        return Finished(f"all {len(schedule)} round-robin rounds are paired: the event is complete")
    excluded = _excluded_before(event, k)
    if sum(1 for u in _units(event) if u not in excluded) < 2:
        raise IngestError("fewer than two players are left to pair")
    rnd = schedule[k]
    tables = [t for t in rnd.tables if t.player1 not in excluded and t.player2 not in excluded]
    stranded = [t.player2 if t.player1 in excluded else t.player1 for t in rnd.tables if t not in tables]
    byes = [b for b in (rnd.bye, *stranded) if b is not None and b not in excluded]
    names = _names(event)
    key = "teams" if event.is_team_event else "players"
    matches: list[dict[str, Any]] = [{"table": i, key: [t.player1, t.player2]} for i, t in enumerate(tables, 1)]
    matches += [{"bye": b} for b in byes]
    lines = [f"table {i}: {names[t.player1]} vs {names[t.player2]}" for i, t in enumerate(tables, 1)]
    lines += [f"bye: {names[b]}" + (" (opponent dropped)" if b != rnd.bye else "") for b in byes]
    return PairPlan("rounds", {"round": k + 1, "matches": matches}, (), tuple(lines))


def _plan_double_elimination(event: Event, ruleset: Ruleset) -> PairPlan | Finished:
    _refuse_unreported(event, event.rounds, "round")
    k = len(event.rounds)
    standings = compute_standings(event, ruleset, after_round=k)
    position = {r.player: i for i, r in enumerate(standings.rows, 1)}
    dropped = _excluded_before(event, k)
    met = _met(event.rounds)
    byes = _byes(event.rounds)
    wins: dict[str, int] = {}
    losses: dict[str, int] = {}
    for rnd in event.rounds:
        for m in rnd.matches:
            if m.kind is MatchKind.BYE:
                wins[m.players[0]] = wins.get(m.players[0], 0) + 1
                continue
            w = m.winner()
            for p in m.players:
                if w == p:
                    wins[p] = wins.get(p, 0) + 1
                else:  # a loss, a double loss or a draw (Bushiroad 3.2.2: a draw is a loss for both)
                    losses[p] = losses.get(p, 0) + 1
    entrants = [
        DoubleEliminationEntrant(
            u, wins.get(u, 0), losses.get(u, 0), position.get(u, 10**6), frozenset(met.get(u, ())), byes.get(u, 0)
        )
        for u in sorted(_units(event))
        if u not in dropped
    ]
    result = pair_double_elimination(entrants, seed=event.seed, round_number=k + 1, top=event.structure.top_x)
    names = _names(event)
    if result.finished:
        return Finished(f"the event is finished: {', '.join(names[w] for w in result.winners)}")
    key = "teams" if event.is_team_event else "players"
    matches: list[dict[str, Any]] = [{"table": t.number, key: [t.player1, t.player2]} for t in result.tables]
    matches += [{"bye": b.player} for b in result.byes]
    lines = [f"table {t.number}: {names[t.player1]} vs {names[t.player2]}" for t in result.tables]
    lines += [f"bye: {names[b.player]}" for b in result.byes]
    return PairPlan("rounds", {"round": k + 1, "matches": matches}, (), tuple(lines))


def _plan_wot(event: Event) -> PairPlan | Finished:
    from ingest.planner.wot import reported_rounds
    from ingest.wot import pair_wot_game

    _refuse_unreported(event, event.rounds, "game")
    history = reported_rounds(event)
    k = len(event.rounds)
    planned = planned_rounds(event, ruleset_for(event))
    if planned is not None and k >= planned:
        return Finished(
            f"all {planned} games are paired: the event is complete (to play more, raise structure.swiss_rounds)"
        )
    dropped = _dropped_before(event, k)
    players = [p.id for p in event.players if p.id not in dropped and not p.disqualified]
    pairing = pair_wot_game(history, players, event.seed, k + 1)
    names = _names(event)
    matches: list[dict[str, Any]] = [
        {"table": i, "hero": h, "villain": v} for i, (h, v) in enumerate(pairing.tables, 1)
    ]
    if pairing.bye is not None:
        player, side = pairing.bye
        from ingest.wot import default_bye_side

        bye: dict[str, Any] = {"bye": player}
        if side is not default_bye_side(k + 1):
            bye["side"] = side.value
        matches.append(bye)
    lines = [f"table {i}: {names[h]} (Hero) vs {names[v]} (Villain)" for i, (h, v) in enumerate(pairing.tables, 1)]
    if pairing.bye is not None:
        lines.append(f"bye: {names[pairing.bye[0]]} (counts as {pairing.bye[1].value})")
    return PairPlan("rounds", {"round": k + 1, "matches": matches}, (), tuple(lines), tuple(pairing.notes))


# -- checking recorded pairings ---------------------------------------------------------------


def finding_severity(event: Event, rnd: Round) -> Any:
    """How a pairing-rule finding on a round is reported: an error while the round is a plan,
    a warning once it is played (DESIGN §2: a recorded round is a fact).

    A round is played once a result is in (a bye alone does not count), and every round of
    an event imported from another platform is played. Until then the pairings can still be
    changed (``pair --redo``), so a rematch or a second bye stops the TO; afterwards the
    round is kept as played, standings count it as recorded, and the finding is a warning.
    """
    if event.source is not None or any(len(m.players) == 2 and m.reported for m in rnd.matches):
        return _played_warning
    return error


def _played_warning(code: str, message: str, pos: SourcePos, hint: str = "") -> Diagnostic:
    """A finding on a played round: kept as played (the hint says so)."""
    del hint
    return settled(warning(code, message + " (kept as played)", pos, "a played round is kept as recorded; " + _KEPT))


_KEPT = "standings count it as played, and `scorekeeper pair` follows the rules for the rounds to come"


def pairing_diagnostics(event: Event, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """Checks every recorded Swiss round against the pairing rules and the optimum.

    Team events are checked like individual ones, with teams as the units (MTR 8.2:
    a team is paired as one player). ``by_round``: the event's standings after each round,
    when the caller has them (:func:`ingest.rules.standings.standings_by_round`)."""
    if event.structure.pairing == "wot-cycles":  # Wheel of Time cycles (seed 001)
        from ingest.planner.wot import wot_pairing_diagnostics

        return wot_pairing_diagnostics(event)
    ruleset = ruleset_for(event)
    if event.structure.pairing == "single-elimination":
        return _bracket_diagnostics(event, ruleset, main=True)
    if event.structure.pairing != "swiss":
        return []
    out: list[Diagnostic] = []
    if event.playoff and event.structure.playoff is not None:
        out.extend(_bracket_diagnostics(event, ruleset, main=False))
    if event.source is not None and event.source.rounds != "complete":
        return out  # some Swiss matches were never published: nothing to compare them with
    units = _units(event)
    for k, rnd in enumerate(event.rounds):
        excluded = _excluded_before(event, k)
        in_round = {p for m in rnd.matches for p in m.players if m.kind is not MatchKind.LOSS}
        before = by_round[k - 1] if by_round and k else None
        entrants = _swiss_entrants(event, ruleset, k, [u for u in units if u not in excluded and u in in_round], before)
        tables = [m for m in rnd.matches if len(m.players) == 2]
        bye_list = [m.players[0] for m in rnd.matches if m.kind is MatchKind.BYE]
        findings = check_swiss_round(
            entrants,
            [(m.players[0], m.players[1]) for m in tables],
            bye_list,
            seed=event.seed,
            round_number=rnd.number,
            awarded_byes=_awarded_byes(event, rnd.number, {e.id for e in entrants}),
        )
        avoidable = any(f.kind == "not-optimal" and f.measure == "rematches" for f in findings)
        report = finding_severity(event, rnd)
        for f in findings:
            pos = _finding_pos(event, rnd, tables, f)
            names = " and ".join(f'"{p}"' for p in f.players)
            if f.kind == "rematch":
                if avoidable:  # a rematch no pairing could avoid is no one's mistake: nothing to say
                    out.append(
                        report(
                            "rematch",
                            f"round {rnd.number}: {names} meet again, though a pairing without rematches exists",
                            pos,
                            "run `scorekeeper pair` or swap opponents",
                        )
                    )
            elif f.kind == "repeated-bye":
                out.append(
                    report(
                        "repeated-bye",
                        f"round {rnd.number}: {names} gets a second bye while an active player has had none",
                        pos,
                        "give the bye to the lowest-ranked player without one",
                    )
                )
            elif f.kind == "cross-pod":
                out.append(
                    report(
                        "cross-pod",
                        f"round {rnd.number}: {names} are in different draft pods",
                        pos,
                        "players meet only opponents from their own pod (MTR 7.6)",
                    )
                )
            elif f.kind == "not-optimal" and f.measure != "rematches":
                found = warning(
                    "not-optimal",
                    f"round {rnd.number}: {_not_optimal_text(f)}",
                    pos,
                    "`scorekeeper pair` finds the best pairing; recorded pairings are kept as played",
                )
                out.append(settled(found) if report is not error else found)
    return out


def _bracket_diagnostics(event: Event, ruleset: Ruleset, *, main: bool) -> list[Diagnostic]:
    """Checks recorded knockout rounds against the bracket (MTR 10.4, Aequitas 8.2, Bushiroad 3.2.3).

    Every written match must be a match of the bracket in its round, every written bye a
    bye of the bracket, and each bracket match has one result. Draws are reported when the
    file is read (``impossible-score``). When the cut cannot be selected there is no
    bracket to compare with, and ``pair`` says why.
    """
    series = event.rounds if main else event.playoff
    label = "round" if main else "playoff round"
    try:
        _, state = _bracket(event, ruleset, main=main)
    except IngestError:
        return []
    out: list[Diagnostic] = []
    unexpected = {(f.round, frozenset(f.players)) for f in state.findings if f.kind == "unexpected-result"}
    for f in state.findings:
        if f.kind == "duplicate-result":
            match = _match_of(series, f.round, f.players)
            out.append(
                error(
                    "duplicate-result",
                    f'{label} {f.round}: "{f.players[0]}" and "{f.players[1]}" have more than one result',
                    _pos_of(event, series, f.round, match),
                    "keep one entry per bracket match",
                )
            )
    for number, rnd in enumerate(series, start=1):
        report = finding_severity(event, rnd)
        reached = state.rounds[number - 1] if number <= len(state.rounds) else None
        pairs = {frozenset((bm.player1, bm.player2)) for bm in reached.matches} if reached else set()
        for m in rnd.matches:
            if len(m.players) == 2:
                fits = frozenset(m.players) in pairs and (number, frozenset(m.players)) not in unexpected
            else:
                fits = m.kind is not MatchKind.BYE or (reached is not None and m.players[0] in reached.byes)
            if not fits:
                out.append(_not_in_bracket(event, label, number, m, reached, report))
    return out


def _not_in_bracket(
    event: Event, label: str, number: int, m: Match, reached: PlayoffRound | None, report: Any = error
) -> Diagnostic:
    """A written match or bye that the bracket does not have, with what the bracket has instead."""
    shown = " vs ".join(f'"{p}"' for p in m.players) if len(m.players) == 2 else f'a bye for "{m.players[0]}"'
    if reached is None:
        why = "the bracket has not reached this round: an earlier round is still open or was paired differently"
    else:
        instead = [_bracket_entry_of(reached, p) for p in m.players]
        why = "the bracket has " + "; ".join(dict.fromkeys(instead))
    return report(  # type: ignore[no-any-return]
        "not-in-bracket",
        f"{label} {number}: {shown} is not a match of the bracket ({why})",
        m.pos or SourcePos(event.path),
        "write the bracket's pairings (`scorekeeper pair --dry-run` shows them), or correct the players",
    )


def _bracket_entry_of(rnd: PlayoffRound, player: str) -> str:
    for bm in rnd.matches:
        if player in (bm.player1, bm.player2):
            return f'"{bm.player1}" vs "{bm.player2}"'
    if player in rnd.byes:
        return f'a bye for "{player}"'
    return f'no place for "{player}"'


def _match_of(series: Sequence[Round], number: int, players: Sequence[str]) -> Match | None:
    if not 1 <= number <= len(series):
        return None
    found = [m for m in series[number - 1].matches if set(m.players) == set(players)]
    return found[-1] if found else None  # the later entry is the extra one


def _pos_of(event: Event, series: Sequence[Round], number: int, match: Match | None) -> SourcePos:
    if match is not None and match.pos is not None:
        return match.pos
    if 1 <= number <= len(series) and series[number - 1].pos is not None:
        return series[number - 1].pos  # type: ignore[return-value]
    return SourcePos(event.path)


def _not_optimal_text(f: Any) -> str:
    """What a not-optimal finding means, in words."""
    if f.measure == "bye-choice" and len(f.players) >= 2:
        return (
            f'the bye went to "{f.players[0]}", but the rules give it to "{f.players[1]}" '
            f"(the lowest-ranked player without a bye who can sit out)"
        )
    texts = {
        "float-steps": f"players are paired outside their point group {f.recorded} time(s) where {f.optimum} would do",
        "squared-gap": f"the point gaps between opponents are larger than needed (sum of squares {f.recorded}, "
        f"best {f.optimum})",
        "float-height": "players are moved between point groups higher in the standings than needed",
        "byes": f"{f.recorded} byes were given where {f.optimum} would do",
    }
    return texts.get(f.measure or "", f"the pairing is worse than the best one ({f.measure})")


def _finding_pos(event: Event, rnd: Round, tables: Sequence[Match], f: Any) -> SourcePos:
    table: int | None = f.table
    if table is not None and 0 < table <= len(tables):
        pos = tables[table - 1].pos
        if pos is not None:
            return pos
    for m in rnd.matches:
        if f.players and f.players[0] in m.players and m.pos is not None:
            return m.pos
    return rnd.pos or SourcePos(event.path)


def _plan_title(plan: PairPlan, event: Event) -> str:
    label = (
        "Playoff round" if plan.key == "playoff" else ("Game" if event.structure.pairing == "wot-cycles" else "Round")
    )
    return f"{label} {plan.round['round']}" + (f" ({plan.round['name']})" if plan.round.get("name") else "")


def describe_plan(plan: PairPlan, event: Event) -> str:
    """The plan for the terminal."""
    head = _plan_title(plan, event)
    return "\n".join([head, *("  " + line for line in plan.lines), *("note: " + n for n in plan.notes)])


def plan_document(plan: PairPlan, event: Event) -> dict[str, Any]:
    """The plan as plain data: ``pair --json`` (``schema/cli-pair.schema.json``, less the keys the command adds).

    ``round`` is the round exactly as it is written into the event file (under ``rounds`` or
    ``playoff``); ``late_losses`` the match losses a late entrant gets in earlier rounds.
    """
    return {
        "event": event.slug,
        "stage": plan.key,
        "number": plan.round["round"],
        "title": _plan_title(plan, event),
        "round": plan.round,
        "late_losses": [{"round": index + 1, "player": player} for index, player in plan.losses],
        "lines": list(plan.lines),
        "notes": list(plan.notes),
    }
