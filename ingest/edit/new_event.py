"""A new event file (``scorekeeper new``): its structure, recommended by the rules, and its text.

Nothing here touches the disk; the CLI checks the text and writes it under the file's lock.
Recording results is :mod:`ingest.edit.recording`; roster changes are :mod:`ingest.edit.corrections`.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ingest.core.errors import IngestError
from ingest.core.families import family_of_game
from ingest.core.games import DEFAULT_RULES
from ingest.core.slug import slug
from ingest.source.schema_hints import HINT

if TYPE_CHECKING:
    from ingest.pairing.round_counts import RoundsPlan


def file_slug(name: str) -> str:
    """The slug of an event's file name and URL, from its name in any script.

    >>> file_slug("Friday Night Modern #42!"), file_slug("Ñandú Málaga"), file_slug("🎴")
    ('friday-night-modern-42', 'nandu-malaga', 'event')
    """
    return slug(name, fallback="event", max_length=80)


def recommended_structure(
    game: str, rules: str | None, players: int, *, cut: bool = False, team: bool = False
) -> tuple[RoundsPlan | None, str]:
    """The structure the ruleset's rounds table recommends for a field, and that advice in words;
    ``cut`` (a top cut is planned) asks for the table with a cut where the ruleset has one
    (Bushiroad 3.2.1.1: 33-64 fighters play 6 rounds without a cut, 3-5 with one); ``team``:
    ``players`` counts teams (MTR Appendix E: four teams play two single-elimination rounds).

    >>> plan, note = recommended_structure("mtg", None, 24)
    >>> plan.structure, plan.rounds, plan.playoff, note
    ('swiss', 5, 8, '24 players: 5 Swiss rounds, top 8 (MTR Appendix E)')
    >>> recommended_structure("mtg", None, 6)[1]
    '6 players: single elimination, 3 rounds (no Swiss) (MTR Appendix E)'
    >>> recommended_structure("vanguard", None, 64, cut=True)[1]
    '64 players: 3-5 Swiss rounds (Bushiroad 3.2.1.1)'
    """
    from ingest.rules.rounds_advice import describe, table_plan
    from ingest.rules.rulesets import get_ruleset

    plan = table_plan(get_ruleset(rules or DEFAULT_RULES[game]).rounds_table, players, cut=cut, team=team)
    return plan, (f"{players} {'teams' if team else 'players'}: {describe(plan)}" if plan is not None else "")


TEAM_SIZES: dict[str, tuple[int, ...]] = {
    "tag": (2,),
    "trio": (3,),
    "two-headed-giant": (2,),
    "mtr-team": (3, 2),
}
"""Members per team of each kind of team event, the usual size first: Bushiroad 5.1.1 (tag:
two), 5.1.2 (trio: three), MTR 9 (Two-Headed Giant: two), MTR 8.2 (teams: two or three, "as
appropriate to the format"; three plays seats A, B and C)."""


def team_structure(game: str, rules: str | None, kind: str | None, size: int | None) -> tuple[str, int] | None:
    """The kind and size of a team event that ``--teams`` and ``--team-size`` ask for, or None
    for an event of single players. Either may be left out: a kind has its usual size, and a
    size picks the first kind of the ruleset's that has it.

    >>> team_structure("vanguard", None, None, 3), team_structure("mtg", None, "two-headed-giant", None)
    (('trio', 3), ('two-headed-giant', 2))

    Raises:
        IngestError: the ruleset defines no such team event, or not with that many members.
    """
    from ingest.rules.rulesets import get_ruleset

    if kind is None and size is None:
        return None
    ruleset = get_ruleset(rules or DEFAULT_RULES[game])
    kinds = [k for k in ruleset.team_kinds if k in TEAM_SIZES]
    if not kinds:
        raise IngestError(f"the {ruleset.name} define no team events")
    if kind is None:
        kind = next((k for k in kinds if size in TEAM_SIZES[k]), None)
        if kind is None:
            known = sorted({n for k in kinds for n in TEAM_SIZES[k]})
            raise IngestError(
                f"the {ruleset.name} have no teams of {size}: teams have {' or '.join(map(str, known))} members"
            )
    elif kind not in kinds:
        raise IngestError(
            f"{kind} is not a team event of the {ruleset.name} ({ruleset.sections.teams}); choose {' or '.join(kinds)}"
        )
    sizes = TEAM_SIZES[kind]
    if size is None:
        size = sizes[0]
    elif size not in sizes:
        raise IngestError(f"a {kind} team has {' or '.join(map(str, sizes))} members, not {size}")
    return kind, size


def new_event_text(
    *,
    name: str,
    date: dt.date,
    game: str,
    fmt: str,
    rules: str | None,
    seed: int,
    location: str = "",
    organizer: str = "",
    rounds: str | None = "auto",
    best_of: int | None = None,
    top: int | None = None,
    round_minutes: int | None = None,
    pairing: str | None = None,
    schema_ref: str = "",
    rounds_note: str = "",
    teams: tuple[str, int] | None = None,
    check_in: bool = False,
) -> str:
    """The text of a new, valid event file with no players and no rounds yet; the pairing system
    and the match length are the game's family's unless given. ``teams`` (kind and size, from
    :func:`team_structure`) makes it a team event: its teams come with their members
    (``scorekeeper add-team``), and a Two-Headed Giant match is one game (MTR 9.1)."""
    from ingest.edit.yaml_text import render_flow

    family = family_of_game(game)
    pairing = pairing or family.default_pairing
    lines = []
    if schema_ref:
        lines.append(HINT.format(schema=schema_ref))
    lines += [
        f"name: {render_flow(name, in_flow=False)}",
        f"date: {date.isoformat()}",
        f"game: {game}",
        f"format: {fmt}",
        f"rules: {rules or DEFAULT_RULES[game]}",
        f"seed: {seed}             # fixes round-1 pairings, byes and tie order; never change it after round 1",
    ]
    if location:
        lines.append(f"location: {render_flow(location, in_flow=False)}")
    if organizer:
        lines.append(f"organizer: {render_flow(organizer, in_flow=False)}")
    note = f"   # recommended for {rounds_note}" if rounds_note else ""
    lines.append("structure:")
    if rounds is None:  # single elimination, double elimination, round robin: no Swiss rounds
        lines.append(f"  pairing: {pairing}{note}")
    else:
        lines.append(f"  pairing: {pairing}")
        lines.append(f"  swiss_rounds: {rounds}{note}")
    if best_of is None and teams is not None and teams[0] == "two-headed-giant":
        best_of = 1  # MTR 9.1: a Two-Headed Giant match is one game
    lines.append(f"  best_of: {best_of or family.best_of}")
    if teams is not None:
        lines.append(f"  team_kind: {teams[0]}")
        lines.append(f"  team_size: {teams[1]}")
    if top:
        lines.append(f"  playoff: {{top: {top}, seeding: standings}}")
    lines.append("  decklists: after-event")
    if round_minutes:
        lines.append(f"  round_minutes: {round_minutes}")
    if check_in:
        lines.append("  check_in: true    # round 1 pairs the players who checked in (scorekeeper check-in)")
    if teams is not None:
        members = " ".join(f"--member 'Player {n}'" for n in range(1, teams[1] + 1))
        lines.append(f"teams: []         # scorekeeper add-team FILE --name 'Team Name' {members}")
        lines.append("players: []       # each team's members, written by add-team")
    else:
        lines.append(
            "players: []       # scorekeeper add-player FILE --id alice --name 'Alice Example' (or one line per player)"
        )
    lines.append("rounds: []        # `scorekeeper pair` writes each round here")
    return "\n".join(lines) + "\n"
