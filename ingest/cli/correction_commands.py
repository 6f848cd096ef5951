"""The corrections a TO makes on event night: ``clear``, ``drop``, ``undrop``, ``add-player``
(``add-team`` in a team event), ``rename`` and ``check-in``.

Each goes through the same locked read -> edit -> check -> replace cycle as ``report``
(:func:`ingest.cli.edit_cycle.run_edit`): what it says it changed is in the file, and nothing
that would leave the file invalid is written.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import click

from ingest.cli.edit_cycle import EVENT_FILE, run_edit
from ingest.cli.edits import event_parser
from ingest.cli.record import where_options


@click.command()
@EVENT_FILE
@where_options
@click.pass_context
def clear(
    ctx: click.Context, event_file: Path, round_no: int | None, table: int | None, player: str | None, playoff: bool
) -> None:
    """Remove the result of one match: it is unreported again (the pairing stays).

    \b
    Examples:
      scorekeeper clear events/2026/fnm.yaml --table 3
      scorekeeper clear events/2026/fnm.yaml --round 2 --player alice
    """
    from ingest.edit.recording import clear_result

    if (table is None) == (player is None):
        raise click.UsageError("give exactly one of --table or --player")
    run_edit(
        ctx,
        event_file,
        lambda text, event: clear_result(text, event, round_no=round_no, table=table, player=player, playoff=playoff),
    )


# -- the roster ---------------------------------------------------------------------------------------


@click.command()
@EVENT_FILE
@click.argument("player")
@click.option("--after-round", type=int, default=None, help="Last round played (default: the current round).")
@click.option(
    "--redo",
    is_flag=True,
    help="With --after-round before the current round: pair the current round again without them "
    "(only while it has no result).",
)
@click.pass_context
def drop(ctx: click.Context, event_file: Path, player: str, after_round: int | None, redo: bool) -> None:
    """Record that PLAYER (id or name) leaves the event; they keep their record and are not paired again.

    Once the last Swiss round is reported the top cut is made: a finalist who leaves then is
    not replaced, and the bye they leave goes by the rules (MTR 2.10: the highest-ranked
    remaining player; Aequitas 2.10: their opponent). To record a drop before the cut (the
    next player advances), give --after-round with the last Swiss round. `undrop` takes a
    drop back.

    \b
    Examples:
      scorekeeper drop events/2026/fnm.yaml dan --after-round 3
      scorekeeper drop events/2026/fnm.yaml alice          # during the playoff
      scorekeeper drop events/2026/fnm.yaml dan --after-round 1 --redo   # left before round 2 began
    """
    from ingest.edit.corrections import drop_player

    parse = event_parser(ctx, event_file) if redo else None
    run_edit(
        ctx, event_file, lambda text, event: drop_player(text, event, player, after_round=after_round, parse=parse)
    )


@click.command()
@EVENT_FILE
@click.argument("player")
@click.pass_context
def undrop(ctx: click.Context, event_file: Path, player: str) -> None:
    """Take back the drop of PLAYER (id or name): they are paired again from the next round.

    \b
    Example:
      scorekeeper undrop events/2026/fnm.yaml dan
    """
    from ingest.edit.corrections import undrop_player

    run_edit(ctx, event_file, lambda text, event: undrop_player(text, event, player))


@click.command("add-player")
@EVENT_FILE
@click.option("--id", "player_id", default=None, help="A new id, e.g. alice-example (default: made from --name).")
@click.option("--name", required=True, help="The name shown on the site.")
@click.option("--deck", default=None, help="Decklist file, relative to the event file (decks/alice.txt).")
@click.option("--archetype", default=None, help="The deck's archetype.")
@click.option("--byes", type=click.IntRange(0, 3), default=0, help="Awarded byes (MTR 10.x).")
@click.pass_context
def add_player(
    ctx: click.Context,
    event_file: Path,
    player_id: str | None,
    name: str,
    deck: str | None,
    archetype: str | None,
    byes: int,
) -> None:
    """Add a player to the event; after round 1 they are a late entry.

    A late entrant in a Swiss event gets a match loss for every round already paired,
    as the event's late_entries says (default: loss); they are paired from the next
    round.

    Without --id the id is made from the name ("Ñandú Málaga" gets nandu-malaga); when
    another player already has that id, the command refuses and asks for one.

    \b
    Examples:
      scorekeeper add-player events/2026/fnm.yaml --name "Alice Example"     # id alice-example
      scorekeeper add-player events/2026/fnm.yaml --id alice --name "Alice Example"
      scorekeeper add-player events/2026/fnm.yaml --id gus --name "Gus Late" --deck decks/gus.txt
    """
    from ingest.edit.corrections import add_player as add

    run_edit(
        ctx,
        event_file,
        lambda text, event: add(text, event, player_id=player_id, name=name, deck=deck, archetype=archetype, byes=byes),
    )


@click.command("add-team")
@EVENT_FILE
@click.option("--id", "team_id", default=None, help="The team's id (default: made from --name).")
@click.option("--name", required=True, help="The team's name shown on the site.")
@click.option(
    "--member",
    "members",
    multiple=True,
    required=True,
    metavar="NAME|ID=NAME",
    help="A member, in seat order (A, B, C; or first, second, third); give it once per member.",
)
@click.pass_context
def add_team(ctx: click.Context, event_file: Path, team_id: str | None, name: str, members: tuple[str, ...]) -> None:
    """Add a team with its members to a team event; after round 1 it is a late entry.

    Members are given in seat order: seats A, B and C play each other (MTR 8.2), first
    against first in a tag or trio fight (Bushiroad 5.1). Each member's id is made from
    their name unless written as ID=NAME; a member who later drops takes the team out.

    \b
    Examples:
      scorekeeper add-team events/2026/trio.yaml --name "Red Dragons" \\
          --member "Alice Example" --member "Bob Builder" --member "Cat Smith"
      scorekeeper add-team events/2026/2hg.yaml --id duo --name "The Duo" --member "al=Alice Example" --member Bea
    """
    from ingest.edit.team_roster import add_team as add

    run_edit(ctx, event_file, lambda text, event: add(text, event, team_id=team_id, name=name, members=members))


@click.command()
@EVENT_FILE
@click.argument("player")
@click.argument("new_name")
@click.pass_context
def rename(ctx: click.Context, event_file: Path, player: str, new_name: str) -> None:
    """Change the name shown for PLAYER (id or name); the id and every result stay.

    Any name is stored as written (commas, brackets, quotes, any script); a name that starts
    with "-" goes after "--", as the last example shows.

    \b
    Examples:
      scorekeeper rename events/2026/fnm.yaml alice "Alice Exampleton"
      scorekeeper rename events/2026/fnm.yaml smith "Smith, John"
      scorekeeper rename events/2026/fnm.yaml lou -- "-Lou-"
    """
    from ingest.edit.corrections import rename_player

    run_edit(ctx, event_file, lambda text, event: rename_player(text, event, player, new_name))


@click.command("check-in")
@EVENT_FILE
@click.argument("players", nargs=-1, required=True)
@click.pass_context
def check_in(ctx: click.Context, event_file: Path, players: tuple[str, ...]) -> None:
    """Check PLAYERS (ids or names) in for round 1, at the desk (structure.check_in: true).

    With check-in on, `pair` pairs round 1 with the checked-in players only; the others are
    taken off the roster, as a player who leaves before round 1 did not take part (MTR 2.10,
    Aequitas 2.10). Players also check in themselves at the venue's join page.

    \b
    Examples:
      scorekeeper check-in events/2026/fnm.yaml alice
      scorekeeper check-in events/2026/fnm.yaml "Bob Builder" carol
    """
    from ingest.edit.check_in import check_in_player

    for player in players:
        run_edit(ctx, event_file, partial(check_in_player, player=player))


CORRECTIONS = (clear, drop, undrop, add_player, add_team, rename, check_in)
"""The correction commands, for the ``scorekeeper`` group."""
