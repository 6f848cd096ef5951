"""What the TO does to a round from the TO page: pair the next one (and start its clock),
start, pause, resume or extend the clock, and check a player in at the desk. Each is the same
locked edit as the command line's ``pair``, ``clock`` and ``check-in``
(:func:`ingest.edit.event_file.edit_event_file`), so the terminal, an editor and the TO page
never lose each other's changes."""

from __future__ import annotations

import datetime as dt
from functools import partial
from pathlib import Path

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.edit.check_in import check_in_player
from ingest.edit.corrections import Parse
from ingest.edit.event_file import Edit, edit_event_file, event_parser
from ingest.edit.next_round import pair_edit
from ingest.edit.round_clock import CLOCK_ACTIONS, clock_edit
from ingest.source.project import Project

__all__ = ["CLOCK_ACTIONS", "change_clock", "check_in_now", "pair_next"]


def pair_next(project: Project, path: Path, *, start: str = "") -> str:
    """Pairs the next round as ``scorekeeper pair`` does (refused, as ``pair`` refuses, while
    the file has errors or the round is not over); ``start``: the time of day its clock
    starts (``HH:MM``). Returns what was written.

    Raises:
        IngestError: the round cannot be paired (the message says why); nothing was written.
    """
    from ingest.checks.project_diagnostics import check_event_file

    checked = check_event_file(path, project)
    errors = [d for d in checked.diagnostics if d.is_error]
    if checked.event is None or errors:
        listed = "\n".join(d.render() for d in errors[:10])
        raise IngestError(f"{checked.loaded.shown} has errors; fix them before pairing\n{listed}".rstrip())
    edit = partial(_pair_or_refuse, parse=event_parser(project, checked.loaded.shown), started=start)
    done = edit_event_file(path, project, edit, may_fix=False).edit
    return f"{done.description}; {done.note}" if done.note else done.description


def _pair_or_refuse(text: str, event: Event, *, parse: Parse, started: str) -> Edit:
    """``pair``'s edit, refused when the event has nothing left to pair (the TO page says why)."""
    paired = pair_edit(text, event, parse=parse, started=started)
    if paired.finished:
        raise IngestError(f"nothing to pair: {paired.finished}")
    return paired


def check_in_now(project: Project, path: Path, player: str) -> str:
    """Checks ``player`` in at the desk, as ``scorekeeper check-in`` does; returns what was written.

    Raises:
        IngestError: the player cannot be checked in (the message says why); nothing was written.
    """

    return edit_event_file(path, project, partial(check_in_player, player=player)).edit.description


def change_clock(project: Project, path: Path, action: str, *, now: dt.datetime, minutes: int = 0) -> str:
    """Starts, pauses, resumes or extends the current round's clock at ``now``; returns what was written.

    Raises:
        IngestError: the clock cannot do that now (the message says why); nothing was written.
    """
    edit = partial(
        clock_edit, action=action, at=now.strftime("%H:%M:%S"), started=now.strftime("%H:%M"), minutes=minutes
    )
    return edit_event_file(path, project, edit).edit.description
