"""The diagnostics of recorded pairings, checked against the rules that pair them: Swiss rounds against the
optimum and the rematch, bye and pod rules, knockout rounds against the bracket. A finding
on a round still unplayed is an error; on a played round, a warning (a recorded round is a fact)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, settled, warning
from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round
from ingest.core.rulesets import Ruleset
from ingest.pairing import PlayoffRound
from ingest.planner.bracket import bracket_state
from ingest.planner.field import excluded_before, names_of, units_of
from ingest.planner.round_verdicts import checked_round
from ingest.planner.swiss_plan import SwissHistory, awarded_byes, swiss_entrants
from ingest.planner.top_cut import cut_changes, top_cut
from ingest.rules.published import uses_published_standings
from ingest.rules.standings import compute_standings, standings_by_round
from ingest.rules.standings_values import Standings


def finding_severity(event: Event, rnd: Round) -> Any:
    """How a pairing-rule finding on a round is reported: an error while the round is a plan,
    a warning once it is played (DESIGN §2: a recorded round is a fact).

    A round is played once a result is in (a bye alone does not count), and every round of
    an event imported from another platform is played. Until then the pairings can still be
    changed (``pair --redo``), so a rematch or a second bye stops the TO; afterwards the
    round is kept as played, standings count it as recorded, and the finding is a warning.
    """
    if event.origin is not None or any(len(m.players) == 2 and m.reported for m in rnd.matches):
        return _played_warning
    return error


def _played_warning(code: str, message: str, pos: SourcePos, hint: str = "") -> Diagnostic:
    """A finding on a played round: kept as played (the hint says so)."""
    del hint
    return settled(warning(code, message + " (kept as played)", pos, "a played round is kept as recorded; " + _KEPT))


_KEPT = "standings count it as played, and `scorekeeper pair` follows the rules for the rounds to come"


def elimination_event_diagnostics(
    event: Event, ruleset: Ruleset, by_round: Sequence[Standings] | None = None
) -> list[Diagnostic]:
    """A single-elimination event's rounds checked against its bracket."""
    del by_round
    return bracket_diagnostics(event, ruleset, main=True)


def no_diagnostics(event: Event, ruleset: Ruleset, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """Round-robin and double-elimination rounds: no recorded pairing is checked against the rules."""
    del event, ruleset, by_round
    return []


def swiss_event_diagnostics(
    event: Event, ruleset: Ruleset, by_round: Sequence[Standings] | None = None
) -> list[Diagnostic]:
    """Checks every recorded Swiss round against the pairing rules and the optimum, and the
    top cut's rounds against its bracket.

    Team events are checked like individual ones, with teams as the units (MTR 8.2:
    a team is paired as one player). ``by_round``: the event's standings after each round,
    when the caller has them (:func:`ingest.rules.standings.standings_by_round`)."""
    out: list[Diagnostic] = []
    if event.playoff and event.structure.playoff is not None:
        out.extend(bracket_diagnostics(event, ruleset, main=False))
        out.extend(cut_diagnostics(event, ruleset))
    if event.origin is not None and event.origin.rounds != "complete":
        return out  # some Swiss matches were never published: nothing to compare them with
    units = units_of(event)
    if by_round is None and not uses_published_standings(event):
        # The standings after each round, taken round by round once (computed again from
        # round 1 for each round, this pass grew with the square of the rounds played).
        by_round = standings_by_round(event, ruleset)
    history = SwissHistory()
    for k, rnd in enumerate(event.rounds):
        before = by_round[k - 1] if by_round and k else None
        out.extend(_swiss_round_diagnostics(event, ruleset, k, units, before, history))
        history.add(rnd)
    return out


def last_swiss_round_diagnostics(event: Event, ruleset: Ruleset) -> list[Diagnostic] | None:
    """What :func:`swiss_event_diagnostics` finds on the event's last Swiss round, checked alone:
    ``pair`` checks the round it writes with this, the rounds before it checked as they were
    (a round's check reads the standings and the meetings before it, never a later round).
    None when the event's findings are not each round's own (a top cut, an imported event's
    published standings or missing matches): the caller checks the whole event.

    The standings before the round are :func:`~ingest.rules.standings.compute_standings`
    after the round before it, which ranks everyone as
    :func:`~ingest.rules.standings.standings_by_round` does (a property test holds them equal)."""
    if event.playoff or event.origin is not None or not event.rounds or uses_published_standings(event):
        return None
    k = len(event.rounds) - 1
    history = SwissHistory()
    for rnd in event.rounds[:k]:
        history.add(rnd)
    before = compute_standings(event, ruleset, after_round=k) if k else None
    return _swiss_round_diagnostics(event, ruleset, k, units_of(event), before, history)


def _swiss_round_diagnostics(
    event: Event, ruleset: Ruleset, k: int, units: Sequence[str], before: Standings | None, history: SwissHistory
) -> list[Diagnostic]:
    """The findings on Swiss round ``k + 1`` (``before``: the standings after round ``k``,
    ``history``: the meetings and byes of rounds 1 to ``k``)."""
    out: list[Diagnostic] = []
    rnd = event.rounds[k]
    excluded = excluded_before(event, k)
    in_round = {p for m in rnd.matches for p in m.players if m.kind is not MatchKind.LOSS}
    field = [u for u in units if u not in excluded and u in in_round]
    # The opponents are added only if the round's verdict is not known (building them for
    # every round made this pass grow with the square of the rounds played).
    entrants = swiss_entrants(event, ruleset, k, field, before, history.so_far, opponents=False)
    tables = [m for m in rnd.matches if len(m.players) == 2]
    bye_list = [m.players[0] for m in rnd.matches if m.kind is MatchKind.BYE]
    findings = checked_round(
        entrants,
        [(m.players[0], m.players[1]) for m in tables],
        bye_list,
        seed=event.seed,
        round_number=rnd.number,
        awarded_byes=awarded_byes(event, rnd.number, {e.id for e in entrants}),
        history=(history.digest, history.met),
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
            # Worse than the best pairing is never against the rules: a warning even while
            # the round is a plan, and about a fact once it is played.
            out.append(
                (warning if report is error else report)(
                    "not-optimal",
                    f"round {rnd.number}: {_not_optimal_text(f)}",
                    pos,
                    "`scorekeeper pair` finds the best pairing",
                )
            )
    return out


def cut_diagnostics(event: Event, ruleset: Ruleset) -> list[Diagnostic]:
    """A top cut made before a correction to a Swiss result: who the standings would now
    put in it, or seed differently. A warning about a fact (it never fails ``--strict``): the
    bracket stays as it was made (Bushiroad 3.2.4; under the MTR and Aequitas rules the Head
    Judge decides, and ``pair --redo`` makes the cut again while no playoff result is in)."""
    try:
        cut = top_cut(event, ruleset)
    except IngestError:
        return []
    if not cut.corrected:
        return []
    first = event.playoff[0]
    redo = "re-seeds the finalists by" if ruleset.finalists_stay else "makes the cut again from"
    if any(m.reported for m in first.matches if len(m.players) == 2):
        then = "the playoff has results, so it stays as it is"
    else:
        then = f"while no playoff result is in, `scorekeeper pair --redo` {redo} the corrected standings"
    rule = (
        "the finalists stay as decided (Bushiroad 3.2.4)"
        if ruleset.finalists_stay
        else "the bracket stays as it was made (the Head Judge decides)"
    )
    return [
        settled(
            warning(
                "cut-before-correction",
                "playoff round 1: the top cut was made before a correction to the Swiss results; with the "
                f"standings as they are now, {cut_changes(cut, names_of(event))}",
                first.pos or SourcePos(event.path),
                f"{rule}; {then}",
            )
        )
    ]


def bracket_diagnostics(event: Event, ruleset: Ruleset, *, main: bool) -> list[Diagnostic]:
    """Checks recorded knockout rounds against the bracket (MTR 10.4, Aequitas 8.2, Bushiroad 3.2.3).

    Every written match must be a match of the bracket in its round, every written bye a
    bye of the bracket, and each bracket match has one result. Draws are reported when the
    file is read (``impossible-score``). When the cut cannot be selected there is no
    bracket to compare with, and ``pair`` says why.
    """
    series = event.rounds if main else event.playoff
    label = "round" if main else "playoff round"
    try:
        _, state = bracket_state(event, ruleset, main=main)
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
        "floated-pairs": f"{2 * (f.recorded or 0)} players are paired outside their point group where "
        f"{2 * (f.optimum or 0)} would do",
        "float-steps": f"players are paired further from their point group than needed ({f.recorded} group steps in "
        f"all, best {f.optimum})",
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
