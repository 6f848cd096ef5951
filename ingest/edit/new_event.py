"""A new event file (``scorekeeper new``): its structure, recommended by the rules, and its text.

Nothing here touches the disk; the CLI checks the text and writes it under the file's lock.
Recording results is :mod:`ingest.edit.recording`; roster changes are :mod:`ingest.edit.corrections`.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ingest.core.families import family_of_game
from ingest.core.games import DEFAULT_RULES
from ingest.core.slug import slug

if TYPE_CHECKING:
    from ingest.pairing.rounds import RoundsPlan

SCHEMA_HINT = "# yaml-language-server: $schema={schema}\n"


def file_slug(name: str) -> str:
    """The slug of an event's file name and URL, from its name in any script.

    >>> file_slug("Friday Night Modern #42!"), file_slug("Ñandú Málaga"), file_slug("🎴")
    ('friday-night-modern-42', 'nandu-malaga', 'event')
    """
    return slug(name, fallback="event", max_length=80)


def recommended_structure(game: str, rules: str | None, players: int) -> tuple[RoundsPlan | None, str]:
    """The structure the ruleset's rounds table recommends for a field, and that advice in words.

    >>> plan, note = recommended_structure("mtg", None, 24)
    >>> plan.structure, plan.rounds, plan.playoff, note
    ('swiss', 5, 8, '24 players: 5 Swiss rounds, top 8 (MTR Appendix E)')
    >>> recommended_structure("mtg", None, 6)[1]
    '6 players: single elimination, 3 rounds (no Swiss) (MTR Appendix E)'
    """
    from ingest.rules.rounds_advice import describe, table_plan
    from ingest.rules.rulesets import get_ruleset

    plan = table_plan(get_ruleset(rules or DEFAULT_RULES[game]).rounds_table, players)
    return plan, (f"{players} players: {describe(plan)}" if plan is not None else "")


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
    pairing: str | None = None,
    schema_ref: str = "",
    rounds_note: str = "",
) -> str:
    """The text of a new, valid event file with no players and no rounds yet; the pairing system
    and the match length are the game's family's unless given."""
    from ingest.edit.fragments import render_flow

    family = family_of_game(game)
    pairing = pairing or family.default_pairing
    lines = []
    if schema_ref:
        lines.append(SCHEMA_HINT.format(schema=schema_ref).rstrip("\n"))
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
    lines.append(f"  best_of: {best_of or family.best_of}")
    if top:
        lines.append(f"  playoff: {{top: {top}, seeding: standings}}")
    lines.append("  decklists: after-event")
    lines.append(
        "players: []       # scorekeeper add-player FILE --id alice --name 'Alice Example' (or one line per player)"
    )
    lines.append("rounds: []        # `scorekeeper pair` writes each round here")
    return "\n".join(lines) + "\n"
