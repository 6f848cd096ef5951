"""The ``clock`` command: start, pause, resume or extend the clock of the round being played.

The clock is data in the event file (``started``, ``extra_minutes``, ``paused_at``,
``paused_seconds`` on the round; :mod:`ingest.core.round_clock`), so the event page, the
venue's pages and the projector count down the same time; the command reads the computer's
clock, as ``pair --start now`` does.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from pathlib import Path

import click

from ingest.cli.edit_cycle import EVENT_FILE, run_edit


def now_of_day() -> dt.datetime:
    """The computer's clock (local time): the venue's time of day."""
    return dt.datetime.now()


@click.command()
@EVENT_FILE
@click.argument("action", type=click.Choice(["start", "pause", "resume", "extend"]))
@click.argument("value", required=False, metavar="[MINUTES|HH:MM]")
@click.pass_context
def clock(ctx: click.Context, event_file: Path, action: str, value: str | None) -> None:
    """Start, pause, resume or extend the clock of the round being played.

    start [HH:MM] starts the clock now (or at HH:MM), from the round's full length; pause
    stops it (a deck check, an evacuation) and resume starts it again, adding the time it
    stood still; extend MINUTES adds minutes (a deck check's, a long ruling's). The round
    is the current one: the last playoff round once the playoff has started. The event
    page and the venue's pages count the round down from structure.round_minutes
    (`scorekeeper new --round-minutes 50` writes it).

    \b
    Examples:
      scorekeeper clock events/2026/fnm.yaml start
      scorekeeper clock events/2026/fnm.yaml pause
      scorekeeper clock events/2026/fnm.yaml resume
      scorekeeper clock events/2026/fnm.yaml extend 7
    """
    from ingest.edit.round_clock import clock_edit

    now = now_of_day()
    at = now.strftime("%H:%M:%S")
    minutes = 0
    start = ""
    if action == "extend":
        if value is None or not value.strip().lstrip("+").isdigit():
            raise click.BadParameter("extend takes the minutes to add, e.g. `extend 5`", param_hint="MINUTES")
        minutes = int(value.strip().lstrip("+"))
    elif action == "start":
        from ingest.cli.edits import start_time

        start = start_time(value) if value is not None else now.strftime("%H:%M")
    elif value is not None:
        raise click.UsageError(f"{action} takes no value (it uses the computer's clock)")
    run_edit(ctx, event_file, partial(clock_edit, action=action, at=at, started=start, minutes=minutes))
