"""The field the planner pairs from an event as recorded: who is in (players or teams),
who dropped or was disqualified, who met whom, byes so far, how many Swiss rounds there
are, and whether the last round is finished."""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.errors import IngestError
from ingest.core.families import family_of
from ingest.core.model import Event
from ingest.core.rounds import MatchKind, Round
from ingest.core.rulesets import Ruleset
from ingest.rules.rounds_advice import describe, plan_for


def units_of(event: Event) -> list[str]:
    """Who is paired (:attr:`~ingest.core.model.Event.units`)."""
    return list(event.units)


def names_of(event: Event) -> dict[str, str]:
    names = {p.id: p.name for p in event.players}
    names.update({t.id: t.name for t in event.teams})
    return names


def dropped_before(event: Event, round_index: int) -> set[str]:
    """Players (or teams) who dropped after any of the first ``round_index`` rounds."""
    return {u for u, after in event.unit_drops().items() if after <= round_index}


def excluded_before(event: Event, round_index: int) -> set[str]:
    """Units who may not be paired in round ``round_index + 1``: dropped or disqualified.

    A member's drop or disqualification removes the whole team (MTR 8.2, Bushiroad 5.1)."""
    return dropped_before(event, round_index) | event.disqualified_units()


def opponents_met(rounds: Sequence[Round]) -> dict[str, set[str]]:
    met: dict[str, set[str]] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if len(m.players) == 2:
                a, b = m.players
                met.setdefault(a, set()).add(b)
                met.setdefault(b, set()).add(a)
    return met


def byes_so_far(rounds: Sequence[Round]) -> dict[str, int]:
    out: dict[str, int] = {}
    for rnd in rounds:
        for m in rnd.matches:
            if m.kind is MatchKind.BYE:
                out[m.players[0]] = out.get(m.players[0], 0) + 1
    return out


def refuse_unreported(event: Event, series: Sequence[Round], label: str) -> None:
    if not series:
        return
    last = series[-1]
    missing = last.unreported_tables()
    if missing:
        tables = [str(t) for t in missing if t is not None]
        where = f" (tables {', '.join(tables)})" if tables else ""
        raise IngestError(
            f"{label} {last.number} is not finished: {len(missing)} "
            f"match{'es' if len(missing) != 1 else ''} without a result{where}; "
            f"report them first with `scorekeeper report`"
        )


def planned_rounds(event: Event, ruleset: Ruleset) -> int | None:
    """The number of Swiss rounds (Wheel of Time: Games): the file's number, or for ``auto`` the
    ruleset's table, when it recommends the family's system of planned length (Swiss; for
    Wheel of Time, two Cycles: :func:`ingest.pairing.round_counts.wot_games`).

    None when ``auto`` finds no Swiss row for the field: the table has no row for its size
    (MTR and Aequitas Appendix E start at 4 players, Bushiroad 3.2.1.1 has no row for 5-8
    with a cut), or it recommends no Swiss at all (MTR Appendix E: single elimination for
    5-8 players; Bushiroad 3.2.1.1: a round robin for 2-4).
    """
    s = event.structure
    if s.swiss_rounds is not None:
        return s.swiss_rounds
    plan = plan_for(event, ruleset)
    return plan.rounds if plan is not None and plan.structure == family_of(event).planned else None


def no_swiss_plan(event: Event, ruleset: Ruleset) -> IngestError:
    """Why ``swiss_rounds: auto`` gives no number for this field, and what to write instead."""
    plan = plan_for(event, ruleset)
    field = f"{len(event.units)} {event.unit_key}"
    if plan is not None:
        return IngestError(
            f"swiss_rounds is auto, but the recommendation for {field} is {describe(plan)}, not Swiss rounds: "
            f"write `pairing: {plan.structure}` under structure, or set swiss_rounds to a number"
        )
    return IngestError(
        f"swiss_rounds is auto, but the ruleset's rounds table has no row for {field}: "
        "set structure.swiss_rounds to the number of rounds to play"
    )
