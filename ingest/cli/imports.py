"""``scorekeeper import``: other platforms' files become event files of the project.

Registered on the main command group by :mod:`ingest.cli.main`. The work is done by
:mod:`ingest.importers`; this module reads the command line, writes the files (each under
its lock, atomically) and says what it did.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from ingest.cli.common import GameChoice, project_of
from ingest.core.diagnostics import render_all, sorted_diagnostics
from ingest.core.errors import IngestError
from ingest.edit.locking import edit_lock
from ingest.source.storage import display_path, write_atomically


@click.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--dry-run", is_flag=True, help="Read and check everything, write nothing.")
@click.option(
    "--players",
    "players_csv",
    type=click.Path(path_type=Path),
    default=None,
    help="CSV only: the players file (player, deck, archetype...).",
)
@click.option("--name", default=None, help="CSV only: the event's name (default: from the file name).")
@click.option(
    "--date",
    "date",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="CSV only: the event's date, YYYY-MM-DD.",
)
@click.option("--game", type=GameChoice(ordered=False), default=None, help="CSV only: the game.")
@click.option("--format", "fmt", default=None, help="CSV only: the format id (default: other).")
@click.option("--rules", default=None, help="CSV only: the ruleset (default: the game's).")
@click.option("--best-of", type=click.Choice(["1", "3", "5"]), default=None, help="CSV only: games per match.")
@click.pass_context
def import_command(
    ctx: click.Context,
    files: tuple[Path, ...],
    dry_run: bool,
    players_csv: Path | None,
    name: str | None,
    date: dt.datetime | None,
    game: str | None,
    fmt: str | None,
    rules: str | None,
    best_of: str | None,
) -> None:
    """Import tournaments from other platforms as event files.

    FILES are MTGODecklistCache JSON files (.json: melee.gg, Topdeck, CardsRealm,
    ManaTraders, MTGO) or a spreadsheet's matches as CSV (.csv, any game; see the
    importing guide for the columns). Each tournament becomes events/<year>/<date>-<name>.yaml
    with its decklists next to it; importing a tournament again updates the same file.
    Every file written is printed on its own line; a summary per event (and whether its
    standings reproduce the published ones) goes to standard error. A file that cannot be
    read is reported with its line and column, and the command exits 1.

    \b
    Examples:
      scorekeeper import MTGmelee--regional-qualifier-2025-05-19.json
      scorekeeper import archive/*.json --dry-run
      scorekeeper import results.csv --players players.csv --game wot --date 2026-03-14 --name "WoT League 3"
    """
    from ingest.importers import Archive, prepare_import, read_source

    project = project_of(ctx)
    options = {
        "players": players_csv,
        "name": name,
        "date": date.date() if date else None,
        "game": game,
        "format": fmt,
        "rules": rules,
        "best_of": int(best_of) if best_of else None,
    }
    if any(v is not None for v in options.values()) and not all(f.suffix.lower() == ".csv" for f in files):
        raise click.UsageError("--players, --name, --date, --game, --format, --rules and --best-of are for CSV files")
    try:
        archive = Archive.scan(project)
    except IngestError as exc:
        click.echo(render_all(list(exc.diagnostics)), err=True)
        click.echo("error: players.yaml has errors; players are matched against it, so fix it first", err=True)
        sys.exit(1)
    failed = 0
    for path in files:
        shown = display_path(path, Path.cwd())
        try:
            tournament = read_source(path, shown, options)
            prepared = prepare_import(tournament, archive, what=path.name)
        except IngestError as exc:
            failed += 1
            if exc.diagnostics:  # on standard error: standard output lists the files written
                click.echo(render_all(sorted_diagnostics(exc.diagnostics), limit=50), err=True)
            else:
                click.echo(f"{shown}: error: {exc.text}", err=True)
            click.echo(f"{shown}: not imported", err=True)
            continue
        written = _write(prepared, project.root, dry_run=dry_run)
        if written is None:
            failed += 1
            continue
        for line in written:
            click.echo(line)
        if tournament.warnings:  # what the source records that an event file would not: kept, said
            click.echo(render_all(sorted_diagnostics(tournament.warnings), limit=50), err=True)
        click.echo(_summary(prepared, project.root, dry_run=dry_run), err=True)
    if failed:
        click.echo(f"{failed} of {len(files)} file{'s' if len(files) != 1 else ''} not imported", err=True)
        sys.exit(1)


def _write(prepared: object, root: Path, *, dry_run: bool) -> list[str] | None:
    """Writes the event file and its decklists (unless a dry run); the paths, or None if busy."""
    from ingest.importers import PreparedImport

    assert isinstance(prepared, PreparedImport)
    target = prepared.target
    shown = display_path(target, root)
    out = [shown]
    out += [display_path(p, root) for p, _ in prepared.decks]
    if dry_run or _unchanged(prepared):
        return out
    try:
        with edit_lock(target, shown):
            target.parent.mkdir(parents=True, exist_ok=True)
            for path, text in prepared.decks:
                path.parent.mkdir(parents=True, exist_ok=True)
                if not path.is_file() or path.read_text(encoding="utf-8") != text:
                    write_atomically(path, text)
            for path in prepared.stale:
                path.unlink(missing_ok=True)
            if not target.is_file() or target.read_text(encoding="utf-8") != prepared.text:
                write_atomically(target, prepared.text)
    except IngestError as exc:  # busy, or no lock can be taken (a read-only folder)
        click.echo(f"error: {exc.text}", err=True)
        return None
    except OSError as exc:  # a full disk
        click.echo(f"error: {shown}: cannot write the files: {exc.strerror or exc}", err=True)
        return None
    return out


def _same_text(path: Path, text: str) -> bool:
    try:
        return path.is_file() and path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _unchanged(prepared: object) -> bool:
    """Whether the files hold what the import would write already (an archive imported again):
    then nothing is written and no lock is taken (taking it looks for an interrupted write's
    temporary file, which lists the event's folder: for each of thousands of events)."""
    from ingest.importers import PreparedImport

    assert isinstance(prepared, PreparedImport)
    return (
        not prepared.stale
        and _same_text(prepared.target, prepared.text)
        and all(_same_text(path, text) for path, text in prepared.decks)
    )


def _summary(prepared: object, root: Path, *, dry_run: bool) -> str:
    from ingest.importers import PreparedImport

    assert isinstance(prepared, PreparedImport)
    e = prepared.event
    t = prepared.tournament
    shown = display_path(prepared.target, root)
    parts = [f"{len(e.players)} players", f"{len(e.rounds)} Swiss rounds" if e.rounds else "no Swiss rounds published"]
    if e.playoff:
        parts[-1] += f" + {len(e.playoff)} top-cut rounds"
    verb = (
        "would update"
        if dry_run and prepared.updated
        else "would create"
        if dry_run
        else ("updated" if prepared.updated else "imported")
    )
    line = f"{shown}: {verb} from {t.platform} ({', '.join(parts)}); {prepared.reproduction.summary()}"
    warnings = [d for d in prepared.warnings if not d.is_error]
    if warnings:
        plural = "s" if len(warnings) != 1 else ""
        line += f"; {len(warnings)} warning{plural} (`scorekeeper validate {shown}` lists them)"
    return line
