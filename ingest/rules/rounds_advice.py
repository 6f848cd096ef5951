"""The recommended number of rounds for an event, in words, from the ruleset's table.

The tables themselves live in :mod:`ingest.pairing.round_counts` (MTR Appendix E, Aequitas
Appendix E, Bushiroad 3.2.1.1); this module applies them to an event (awarded byes,
team events, a cut) and writes them out for the rules pages and ``scorekeeper new``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ingest.core.families import Family, family_of
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.pairing.round_counts import RoundsPlan, Structure, aequitas_rounds, bushiroad_rounds, mtr_rounds, wot_games


def plan_for(event: Event, ruleset: Ruleset, players: int | None = None) -> RoundsPlan | None:
    """The recommended structure for an event's field (``players`` overrides the roster size).

    A playoff seeded by draft seats is a booster-draft playoff, which is what the 9-16 row
    of MTR Appendix E asks about ("Limited Format with Booster Draft in Playoff"): a sealed
    Swiss with a draft top 8 counts as much as a draft Swiss does.
    """
    n = players if players is not None else len(event.units)
    byes = [p.byes for p in event.players] if not event.is_team_event else []
    playoff = event.structure.playoff
    return table_plan(
        ruleset.rounds_table,
        n,
        byes=(byes.count(1), byes.count(2), byes.count(3)),
        team=event.is_team_event,
        cut=playoff is not None,
        draft_playoff=playoff is not None and playoff.seeding == "draft-seats",
    )


def table_plan(
    table: str | None,
    players: int,
    *,
    byes: tuple[int, int, int] = (0, 0, 0),
    team: bool = False,
    cut: bool = False,
    draft_playoff: bool = False,
) -> RoundsPlan | None:
    """A rounds table's plan for a field: ``table`` is a ruleset's ``rounds_table``.

    ``byes`` counts players with one, two and three awarded byes (MTR Appendix E counts
    them as 2, 4 and 8 players); ``cut`` asks Bushiroad 3.2.1.1 for the table with a cut.

    >>> table_plan("mtr", 6).structure, table_plan("bushiroad", 3).structure, table_plan("aequitas", 3)
    ('single-elimination', 'round-robin', None)
    """
    rows = _TABLES.get(table or "")
    return rows(players, byes, team, cut, draft_playoff) if rows is not None else None


def _mtr_table(
    players: int, byes: tuple[int, int, int], team: bool, cut: bool, draft_playoff: bool
) -> RoundsPlan | None:
    del cut  # the top cut comes with the number of rounds (MTR Appendix E)
    one, two, three = byes
    return mtr_rounds(
        max(players, one + two + three),
        one_round_byes=one,
        two_round_byes=two,
        three_round_byes=three,
        team=team,
        draft_playoff=draft_playoff,
    )


_TABLES: dict[str, Callable[[int, tuple[int, int, int], bool, bool, bool], RoundsPlan | None]] = {
    "mtr": _mtr_table,
    "aequitas": lambda players, byes, team, cut, draft: aequitas_rounds(players),
    "bushiroad": lambda players, byes, team, cut, draft: bushiroad_rounds(players, cut=cut),
    "wot": lambda players, byes, team, cut, draft: wot_games(players),
}
"""Each rounds table by its id (a ruleset's ``rounds_table``): the field, its awarded byes,
whether teams are paired, whether there is a cut and whether the playoff is drafted."""


def describe(plan: RoundsPlan | None) -> str:
    """A plan in words.

    >>> describe(RoundsPlan("swiss", 5, 5, 5, 8, "MTR Appendix E"))
    '5 Swiss rounds, top 8 (MTR Appendix E)'
    """
    if plan is None:
        return ""
    text = _STRUCTURES[plan.structure](plan)
    if plan.playoff:
        text += f", top {plan.playoff}"
    return f"{text} ({plan.source})"


def _swiss(plan: RoundsPlan) -> str:
    if plan.min_rounds != plan.max_rounds:
        return f"{plan.min_rounds}-{plan.max_rounds} Swiss rounds"
    return f"{plan.rounds} Swiss rounds"


_STRUCTURES: dict[str, Callable[[RoundsPlan], str]] = {
    "swiss": _swiss,
    "single-elimination": lambda plan: f"single elimination, {plan.rounds} rounds (no Swiss)",
    "round-robin": lambda plan: f"round robin, {plan.rounds} rounds",
    "wot-cycles": lambda plan: f"{plan.rounds // 2} cycles of 2 games ({plan.rounds} games)",
}
"""Each structure a rounds table recommends, in words, by its pairing system's id."""


def advice(event: Event, ruleset: Ruleset) -> str:
    """The recommendation for the event's field, or an empty string: for a family whose events
    play a fixed number of games whatever the field (Wheel of Time), or a tiny field."""
    if family_of(event).fixed_games is not None or not event.players:
        return ""
    text = describe(plan_for(event, ruleset))
    return f"for {len(event.units)} {event.unit_key}: {text}" if text else ""


_BANDS = ((5, 8), (9, 16), (17, 32), (33, 64), (65, 128), (129, 226), (227, 409), (410, None))
_BUSHIROAD_BANDS = ((2, 4), (5, 8), (9, 16), (17, 32), (33, 64), (65, 128), (129, 256), (257, 512), (513, 1024))


def _band(lo: int, hi: int | None) -> str:
    return f"{lo}+" if hi is None else f"{lo}-{hi}"


def rounds_tables() -> dict[str, list[tuple[str, ...]]]:
    """The three recommended-rounds tables as rows of text, for the rules pages."""
    mtr: list[tuple[str, ...]] = []
    for lo, hi in _BANDS:
        plan = mtr_rounds(lo)
        assert plan is not None
        if lo == 9:
            draft = mtr_rounds(lo, draft_playoff=True)
            assert draft is not None
            mtr.append(
                (
                    _band(lo, hi),
                    f"{plan.rounds} ({draft.rounds} with a booster-draft playoff)",
                    f"top {plan.playoff} (top {draft.playoff} with a booster-draft playoff)",
                )
            )
            continue
        if plan.structure == "single-elimination":
            mtr.append((_band(lo, hi), f"none: {plan.rounds} single-elimination rounds", "—"))
            continue
        mtr.append((_band(lo, hi), str(plan.rounds), f"top {plan.playoff}" if plan.playoff else "—"))
    aeq: list[tuple[str, ...]] = [("4", "2")]
    for lo, hi in _BANDS:
        plan = aequitas_rounds(lo)
        assert plan is not None
        aeq.append((_band(lo, hi), str(plan.rounds)))
    bush: list[tuple[str, ...]] = []
    for lo, hi in _BUSHIROAD_BANDS:
        plain = bushiroad_rounds(lo)
        cut = bushiroad_rounds(lo, cut=True)
        assert plain is not None
        plain_text = "round robin" if plain.structure == "round-robin" else str(plain.rounds)
        cut_text = "—" if cut is None or cut.structure == "round-robin" else f"{cut.min_rounds}-{cut.max_rounds}"
        bush.append((_band(lo, hi), plain_text, cut_text))
    return {"mtr": mtr, "aequitas": aeq, "bushiroad": bush}


def fixed_plan(family: Family) -> RoundsPlan | None:
    """The plan of a family whose events play a fixed number of games whatever the field
    (Wheel of Time: two cycles of two games, :attr:`Family.fixed_games`); None for the others.

    >>> from ingest.core.families import WHEEL_OF_TIME
    >>> describe(fixed_plan(WHEEL_OF_TIME))
    '2 cycles of 2 games (4 games) (Wheel of Time rules, Number of Games/Cycles)'
    """
    games = family.fixed_games
    if games is None:
        return None
    return RoundsPlan(cast(Structure, family.planned), games, games, games, None, family.fixed_games_rule)
