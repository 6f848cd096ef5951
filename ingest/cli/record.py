"""The ``report`` command: records a match result in an event file (from the TO's words, by
table or by player), and the options that say which match (``--round``, ``--table``,
``--player``, ``--playoff``), which the corrections (:mod:`ingest.cli.correction_commands`) share.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import click

from ingest.cli.common import project_of
from ingest.cli.edit_cycle import EVENT_FILE, run_edit
from ingest.source.storage import display_path

_WOT_OPTIONS = (
    click.option(
        "--ended",
        type=click.Choice(["before-last-battle", "last-battle"]),
        default=None,
        help="Wheel of Time: when the game ended.",
    ),
    click.option(
        "--by",
        "ended_by",
        type=click.Choice(["goal", "kill", "concession", "forfeit", "time"]),
        default=None,
        help="Wheel of Time: how the game ended.",
    ),
    click.option("--finals", default=None, help="Wheel of Time: final support-opposition, e.g. 7-3 (Hero first)."),
)


def where_options(func: Any) -> Any:
    for option in reversed(
        (
            click.option(
                "--round",
                "round_no",
                type=int,
                default=None,
                help="Round number (default: the current round; once the playoff started, the current playoff round).",
            ),
            click.option("--table", type=int, default=None, help="Table number."),
            click.option("--player", default=None, help="A player (or team) of the match, by id or name."),
            click.option("--playoff", is_flag=True, help="A playoff round (--round counts playoff rounds)."),
        )
    ):
        func = option(func)
    return func


@click.command()
@EVENT_FILE
@click.argument("results", nargs=-1, required=True)
@where_options
@click.option("--replace", is_flag=True, help="Replace a result that is already recorded.")
@_WOT_OPTIONS[0]
@_WOT_OPTIONS[1]
@_WOT_OPTIONS[2]
@click.pass_context
def report(
    ctx: click.Context,
    event_file: Path,
    results: tuple[str, ...],
    round_no: int | None,
    table: int | None,
    player: str | None,
    playoff: bool,
    replace: bool,
    ended: str | None,
    ended_by: str | None,
    finals: str | None,
) -> None:
    """Record a match result: games won-lost[-drawn], or double-loss.

    The result is read from the first player's side (with --player, from that player's).
    A match that already has a result is not changed unless --replace is given; a
    correction to a round whose next round is already paired says so (the pairings stay).
    Once the playoff has started, --table means a table of the current playoff round; to
    correct a Swiss round then, name it with --round.

    Team events take one result per seat, in seat order. Wheel of Time games take the
    winning side (hero or villain), tie or both-lose, with --ended, --by and --finals.

    \b
    Examples:
      scorekeeper report events/2026/fnm.yaml --table 3 2-1
      scorekeeper report events/2026/fnm.yaml --player alice 0-2
      scorekeeper report events/2026/fnm.yaml --table 5 0-0-3              # intentional draw
      scorekeeper report events/2026/fnm.yaml --round 2 --table 3 1-2 --replace   # a correction
      scorekeeper report events/2026/fnm.yaml --table 1 2-0                # the playoff, once it started
      scorekeeper report events/2026/teams.yaml --table 2 2-1 0-2 2-0
      scorekeeper report events/2026/wot.yaml --table 1 hero --ended last-battle --by goal --finals 7-3
    """
    from ingest.edit.quick_report import quick_result
    from ingest.edit.result_options import ResultOptions

    if (table is None) == (player is None):
        raise click.UsageError("give exactly one of --table or --player")
    pair_of: tuple[int, int] | None = None
    if finals is not None:
        try:
            hero_final, villain_final = (int(x) for x in finals.split("-", 1))
        except ValueError:
            message = f"two numbers, Hero first, e.g. 7-3, not {finals!r}"
            raise click.BadParameter(message, param_hint="--finals") from None
        pair_of = (hero_final, villain_final)
    options = ResultOptions(round_no, table, player, playoff, replace, ended, ended_by, pair_of)
    shown = display_path(event_file, project_of(ctx).root)
    quick = partial(quick_result, shown=shown, project=project_of(ctx), words=results, options=options)
    run_edit(ctx, event_file, partial(_record, words=results, options=options), quick=quick)


def _record(text: str, event: Any, words: tuple[str, ...], options: Any) -> Any:
    """The result recorded by reading the whole file (imported only then)."""
    from ingest.edit.recording import record_words

    return record_words(text, event, words, options)
