"""``submit-deck``: a player's list handed in from the command line (the TO's way, and the one
way to change a list after the deadline).

The venue's "my decklist" page and a league's issue form hand lists in through the same
function (:func:`ingest.edit.deck_submission.submit_deck`): the same reading, the same checks
against the format on the event date, the same deadline, the same locked edit.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from ingest.cli.common import fail, project_of
from ingest.core.errors import IngestError
from ingest.edit.event_file import EditRefused
from ingest.edit.locking import FileBusy
from ingest.source.storage import display_path

EVENT_FILE = click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))


def _read_list(list_file: str) -> str:
    """The list's text from a file, or from standard input for ``-``."""
    from ingest.edit.deck_submission import MAX_LIST_CHARACTERS

    try:
        if list_file == "-":
            return sys.stdin.read(MAX_LIST_CHARACTERS + 1)
        with open(list_file, encoding="utf-8-sig") as f:
            return f.read(MAX_LIST_CHARACTERS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{list_file}: cannot read the list ({getattr(exc, 'strerror', None) or exc})")


@click.command("submit-deck")
@EVENT_FILE
@click.argument("player")
@click.argument("list_file", metavar="LIST_FILE")
@click.option(
    "--after-deadline",
    is_flag=True,
    help="The TO changes a list after structure.decklist_deadline (or after round 1 is paired).",
)
@click.option(
    "--accept-illegal",
    is_flag=True,
    help="The TO takes a list that breaks the format's rules (validate then warns about it).",
)
@click.pass_context
def submit_deck(
    ctx: click.Context, event_file: Path, player: str, list_file: str, after_deadline: bool, accept_illegal: bool
) -> None:
    """Hand in PLAYER's decklist from LIST_FILE (- for standard input).

    The list is read like a deck file (the MTG Arena or MTGO export, "4 Card Name" lines,
    a Sideboard section) and checked against the event's format on the event date. A
    legal list is written to decks/<event file name>/<player>.txt beside the event file and
    set as the player's deck:; a list that cannot be read or breaks a rule is refused
    with every reason, and nothing is written.

    Lists are taken until structure.decklist_deadline or, without one, until round 1 is
    paired; after that only --after-deadline (the TO) changes one.

    \b
    Examples:
      scorekeeper submit-deck events/2026/fnm.yaml alice alice-list.txt
      scorekeeper submit-deck events/2026/fnm.yaml alice fixed.txt --after-deadline
    """
    from ingest.decks.card_files import card_data
    from ingest.edit.deck_submission import Accepted, submit_deck
    from ingest.site.submission_words import outcome_words

    project = project_of(ctx)
    text = _read_list(list_file)
    cards, _ = card_data(project)
    shown = display_path(event_file, project.root)
    try:
        outcome = submit_deck(
            event_file,
            project,
            player,
            text,
            now=dt.datetime.now(dt.UTC),
            after_deadline=after_deadline,
            accept_illegal=accept_illegal,
            card_data=cards,
        )
    except (EditRefused, FileBusy) as exc:
        click.echo(exc.text if isinstance(exc, EditRefused) else f"error: {exc.text}", err=True)
        raise SystemExit(1) from None
    except IngestError as exc:
        fail(exc.text)
    words = outcome_words(outcome)
    if isinstance(outcome, Accepted):
        click.echo(f"{shown}: {outcome.player}: {words.headline} ({outcome.ref})")
    else:
        click.echo(f"{shown}: {outcome.player}: {words.headline}", err=True)
    for line in words.problems:
        click.echo(f"  {line}", err=True)
    for line in words.notes:
        click.echo(f"  note: {line}", err=True)
    if not isinstance(outcome, Accepted):
        if not after_deadline and words.state == "late":
            click.echo("  (the TO changes a list with --after-deadline)", err=True)
        raise SystemExit(1)


DECK_COMMANDS = (submit_deck,)
"""The commands about players' decklists."""
