"""What every ``scorekeeper`` command shares: the project, printing problems, failing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from ingest.core.diagnostics import Diagnostic, render_all
from ingest.source.project import Project

if TYPE_CHECKING:
    from ingest.core.model import Event


def project_of(ctx: click.Context) -> Project:
    """The project the command works on (``--root``, or the nearest one above the working folder)."""
    return ctx.ensure_object(dict).setdefault("project", Project.find())  # type: ignore[no-any-return]


def fail(message: str) -> NoReturn:
    """Ends the command with ``error: message`` on standard error and exit status 1."""
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def print_diagnostics(diags: list[Diagnostic], fmt: str = "text") -> None:
    """Prints diagnostics (text, or GitHub workflow annotations)."""
    if diags:
        click.echo(render_all(diags, fmt=fmt, limit=0 if fmt == "github" else 50))


def checked_event(project: Project, event_file: Path, doing: str) -> Event:
    """The event of a file that every check ``validate`` runs accepts; refuses as ``validate`` would.

    Errors (in the file, its checks or the shared files) are printed and the command
    exits 1; warnings are printed on standard error and the command goes on.
    """
    from ingest.source.checks import check_event_file

    checked = check_event_file(event_file, project)
    if checked.event is None:
        print_diagnostics(list(checked.diagnostics))
        fail(f"{checked.loaded.shown} has errors; fix them {doing}")
    if checked.diagnostics:
        click.echo(render_all(checked.diagnostics, limit=50), err=True)
    return checked.event
