"""What every ``scorekeeper`` command shares: the project, printing problems, failing."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from ingest.diagnostics import Diagnostic, render_all
from ingest.project import Project


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
