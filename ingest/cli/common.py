"""What every ``scorekeeper`` command shares: the project, printing problems, failing."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from ingest.core.diagnostics import Diagnostic, render_all
from ingest.core.games import game_ids
from ingest.source.project import Project
from ingest.source.storage import SETTLED_NS

if TYPE_CHECKING:
    from ingest.checks.project_diagnostics import EventCheck
    from ingest.core.model import Event


class RoundsType(click.ParamType):  # type: ignore[type-arg]  # generic only in recent click
    """A number of rounds or ``auto``; anything else is a usage error (exit status 2)."""

    name = "N|auto"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip().lower()
        if text == "auto" or text.isdigit():
            return text if text == "auto" else str(int(text))
        self.fail(f"{value!r} is not a number of rounds or auto", param, ctx)


class GameChoice(click.Choice[str]):
    """A game's id: one of the games table as it stands when the command runs, so a game a
    community registers from its own module (:func:`ingest.core.games.register_game`) is one."""

    def __init__(self, *, ordered: bool = True) -> None:
        super().__init__(())
        self.ordered = ordered
        """The site's order of the games (else alphabetical), for the help."""

    @property  # read from the table each time, never set
    def choices(self) -> tuple[str, ...]:
        ids = game_ids()
        return ids if self.ordered else tuple(sorted(ids))

    @choices.setter
    def choices(self, value: object) -> None:
        del value  # click.Choice sets its choices once; these come from the table


def project_of(ctx: click.Context) -> Project:
    """The project the command works on (``--root``, or the nearest one above the working folder)."""
    return ctx.ensure_object(dict).setdefault("project", Project.find())  # type: ignore[no-any-return]


def fail(message: str) -> NoReturn:
    """Ends the command with ``error: message`` on standard error and exit status 1."""
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def echo_json(doc: object) -> None:
    """Prints one JSON document on standard output (the ``--json`` output of a command)."""
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2))


def fail_json(message: str, diagnostics: Sequence[Diagnostic] = ()) -> NoReturn:
    """Ends a ``--json`` command that could not do its work: the JSON document
    ``{"error": message, "diagnostics": [...]}`` on standard output; the diagnostics as
    text and the message on standard error; exit status 1."""
    echo_json({"error": message, "diagnostics": [d.as_json() for d in diagnostics]})
    if diagnostics:
        click.echo(render_all(diagnostics, limit=50), err=True)
    fail(message)


def print_diagnostics(diags: list[Diagnostic], fmt: str = "text", *, err: bool = False) -> None:
    """Prints diagnostics (text, or GitHub workflow annotations); ``err``: on standard error."""
    if diags:
        click.echo(render_all(diags, fmt=fmt, limit=0 if fmt == "github" else 50), err=err)


def checked_event(project: Project, event_file: Path, doing: str, *, as_json: bool = False) -> Event:
    """The event of a file that every check ``validate`` runs accepts; refuses as ``validate`` would.

    Errors (in the file, its checks or the shared files) are printed and the command
    exits 1 (with ``as_json``, as the JSON document of :func:`fail_json`, so standard
    output stays one JSON document); warnings are printed on standard error and the
    command goes on.
    """
    return checked_event_and_warnings(project, event_file, doing, as_json=as_json)[0]


def checked_event_and_warnings(
    project: Project, event_file: Path, doing: str, *, as_json: bool = False
) -> tuple[Event, tuple[Diagnostic, ...]]:
    """:func:`checked_event`, and the warnings it printed (for a ``--json`` document to carry)."""
    checked = checked_event_file(project, event_file, doing, as_json=as_json)
    assert checked.event is not None
    return checked.event, tuple(checked.diagnostics)


def checked_event_file(
    project: Project, event_file: Path, doing: str, *, as_json: bool = False, keep_tree: bool = False
) -> EventCheck:
    """:func:`checked_event_and_warnings`, as the file was read (with its node tree if
    ``keep_tree``: a command that goes on to edit the file reads it once)."""
    from ingest.checks.project_diagnostics import check_event_file
    from ingest.source.storage import changes_soon

    checked = check_event_file(event_file, project, keep_tree=keep_tree)
    for _ in range(3):  # read while an editor was saving it ("the file is empty")? Look again.
        text = checked.loaded.text
        if checked.event is not None or not changes_soon(event_file, None if text is None else text.encode()):
            break
        checked = check_event_file(event_file, project, keep_tree=keep_tree)
    if checked.event is None:
        message = f"{checked.loaded.shown} has errors; fix them {doing}"
        if as_json:
            fail_json(message, checked.diagnostics)
        print_diagnostics(list(checked.diagnostics))
        fail(message)
    if checked.diagnostics:
        click.echo(render_all(checked.diagnostics, limit=50), err=True)
    return checked


def today_from_env(explicit: dt.date | None) -> dt.date:
    """The build's "today": --today, else SOURCE_DATE_EPOCH, else the clock."""
    if explicit is not None:
        return explicit
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
    return dt.date.today()


def settled_before() -> int:
    """Decklist files last changed before this moment (now, less the clock's margin) may be
    recognised unchanged by the build cache without reading them (see
    :func:`ingest.source.storage.file_signature`)."""
    return time.time_ns() - SETTLED_NS


def user_cache_home() -> Path:
    """The user's cache folder for Scorekeeper, where builds keep their cache
    (:mod:`ingest.publish.cache`): ``$XDG_CACHE_HOME/scorekeeper``, else ``~/.cache/scorekeeper``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "scorekeeper"


def user_data_home() -> Path:
    """The user's data folder for Scorekeeper, where the venue keeps its key and database
    (:mod:`ingest.venue`): ``$XDG_DATA_HOME/scorekeeper``, else ``~/.local/share/scorekeeper``.
    Never inside a project: nothing there is committed or published."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "scorekeeper"
