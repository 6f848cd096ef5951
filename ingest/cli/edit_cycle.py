"""The edit cycle every command that edits an event file runs (:func:`run_edit`): the file's
lock held for its whole read -> edit -> check -> replace cycle
(:func:`ingest.edit.event_file.edit_event_file`), what was recorded on standard output, what it
replaced, warnings and refusals on standard error.

It imports what an edit needs when the edit is made: ``report`` of a result in the open
round, recorded from what was kept about the file's text (:mod:`ingest.edit.quick_report`),
reads neither the whole file nor the pairing engine.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ingest.cli.common import fail, fail_json, print_diagnostics, project_of
from ingest.core.diagnostics import summary
from ingest.core.errors import IngestError
from ingest.source.storage import display_path

if TYPE_CHECKING:
    from ingest.edit.event_file import Checked, EditFunction, EditOutcome
    from ingest.edit.quick_report import QuickEdit

EVENT_FILE = click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))


def run_edit(
    ctx: click.Context,
    event_file: Path,
    edit: EditFunction,
    *,
    dry_run: bool = False,
    quick: Callable[[str], QuickEdit | None] | None = None,
) -> EditOutcome:
    """Makes one edit under the file's lock and tells the TO what happened (``quick``: the edit
    made from what was kept about the text, when it can be: ``report``)."""
    outcome = run_quietly(ctx, event_file, edit, dry_run=dry_run, may_fix=True, quick=quick)
    shown, done = outcome.shown, outcome.edit
    if dry_run:
        click.echo(done.text)
    else:
        click.echo(f"{shown}: {done.description}")
        plan = getattr(done, "plan", None)
        if plan is not None:  # drop --redo: the round paired again
            from ingest.cli.pair_output import describe_plan
            from ingest.edit.new_round import RoundEdit

            if isinstance(done, RoundEdit) and done.plan is not None and done.planned_on is not None:
                click.echo(describe_plan(done.plan, done.planned_on))
    if done.note:
        click.echo(f"{shown}: {done.note}", err=True)
    for text in done.warnings:
        click.echo(f"{shown}: warning: {text}", err=True)
    print_diagnostics(list(outcome.warnings))
    for d in outcome.fixed:
        click.echo(f"{shown}: fixed: {d.message}", err=True)
    if outcome.remaining:
        n = len(outcome.remaining)
        click.echo(f"{shown}: {n} error{'s' if n != 1 else ''} left; `scorekeeper validate` lists them", err=True)
    return outcome


def run_quietly(
    ctx: click.Context,
    event_file: Path,
    edit: EditFunction,
    *,
    dry_run: bool,
    may_fix: bool,
    as_json: bool = False,
    read_before: Callable[[str], Checked | None] | None = None,
    quick: Callable[[str], QuickEdit | None] | None = None,
) -> EditOutcome:
    """Makes the edit, leaving what to print to the command; a refusal ends it with exit
    status 1 (with ``as_json``, as the JSON document of :func:`~ingest.cli.common.fail_json`).
    ``read_before``: the file as the command already read it, ``quick``: the edit made from what
    was kept about the text (:func:`~ingest.edit.event_file.edit_event_file`)."""
    from ingest.edit.event_file import EditRefused, edit_event_file
    from ingest.edit.locking import FileBusy

    try:
        return edit_event_file(
            event_file, project_of(ctx), edit, dry_run=dry_run, may_fix=may_fix, read_before=read_before, quick=quick
        )
    except IngestError as exc:
        if as_json:
            shown = display_path(event_file, project_of(ctx).root)
            message = f"{shown}: refused ({summary(exc.diagnostics)})" if exc.diagnostics else exc.text
            fail_json(message, exc.diagnostics)
        if isinstance(exc, (EditRefused, FileBusy)):
            click.echo(exc.text if isinstance(exc, EditRefused) else f"error: {exc.text}", err=True)
            raise SystemExit(1) from None
        fail(exc.text)
