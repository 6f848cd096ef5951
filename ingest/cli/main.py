"""The ``scorekeeper`` command line: the command group, ``validate`` and ``standings``; the other
commands are one module each beside it (edits, record, corrections, imports, site, check_decks).

This package is the only part of Scorekeeper that reads the clock, the environment and the
terminal: the build, serve and every layer below take the date as an argument. User mistakes
arrive as :class:`~ingest.core.errors.IngestError` (diagnostics) and end with exit status 1
and no traceback; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ingest import __version__
from ingest.cli.command_table import LazyGroup
from ingest.cli.common import (
    checked_event_and_warnings,
    echo_json,
    fail,
    fail_json,
    print_diagnostics,
    project_of,
    user_cache_home,
)
from ingest.core.diagnostics import Diagnostic, has_errors, sorted_diagnostics, summary
from ingest.core.errors import IngestError
from ingest.core.safetext import terminal_safe_output
from ingest.source.project import Project

if TYPE_CHECKING:
    from ingest.checks.event_files import Loaded

F = TypeVar("F", bound=Callable[..., Any])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="scorekeeper")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Project folder (default: the nearest folder with mkdocs.yml or events/).",
)
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """Scorekeeper: pair rounds, record results, compute standings and publish the site.

    \b
    A tournament organizer's workflow (scorekeeper init first makes a project folder):
      scorekeeper new --name "Friday Night Modern" --date 2026-11-20 --game mtg --format modern
      scorekeeper add-player events/2026/2026-11-20-friday-night-modern.yaml --id alice --name "Alice Example"
      scorekeeper pair events/2026/2026-11-20-friday-night-modern.yaml
      scorekeeper report events/2026/2026-11-20-friday-night-modern.yaml --table 3 2-1
      scorekeeper build && git add -A && git commit -m "round 1" && git push

    \b
    Corrections on event night: report --replace, clear, drop, undrop, add-player,
    rename, pair --redo; check-in (with structure.check_in, round 1 pairs those checked in).
    The round clock: pair --start now, clock pause|resume|extend.
    At the venue (live pages on every phone, players reporting their own results):
    venue --lan, then inbox, accept, reject from the terminal or the TO page.
    A league through the repository's issue forms: codes (each player's), venue-key
    (for the workflow's secret), apply-submission (what the workflow runs).
    A site too large for GitHub Pages: publish s3://bucket (S3, R2, MinIO; only what changed is sent).
    """
    project = Project(root.resolve()) if root else Project.find()
    ctx.ensure_object(dict)["project"] = project
    # Each recorded round's verdict is kept where the next command finds it (an edit then
    # checks what it touched: ingest.planner.round_verdicts).
    from ingest.cli.verdict_files import install_verdict_store

    install_verdict_store(user_cache_home())
    # Whatever a command prints, from whichever file it came, cannot drive the terminal.
    ctx.with_resource(terminal_safe_output())
    from ingest.source.extensions import ExtensionError, load_extensions

    try:  # before the command's arguments are read: a game they name may be a community's
        load_extensions(project)
    except ExtensionError as exc:
        fail(str(exc))


# -- validate ----------------------------------------------------------------------------


def check_files(paths: list[Path], project: Project) -> tuple[list[Loaded], list[Diagnostic]]:
    """Loads every event file and runs every check ``build`` runs (shared files included)."""
    from ingest.checks.project_diagnostics import check_project

    checked = check_project(project, paths)
    return list(checked.loaded), list(checked.diagnostics)


def split_season_paths(paths: list[Path], project: Project) -> tuple[list[Path], list[Path]]:
    """Season files named by ``paths`` (``seasons/`` expanded), and the other paths."""
    from ingest.source.season_files import season_paths

    folder = project.seasons_dir.resolve()
    seasons: list[Path] = []
    others: list[Path] = []
    for p in paths:
        real = p.resolve()
        if real == folder:
            seasons += season_paths(project)
        elif real.parent == folder:
            seasons.append(p)
        else:
            others.append(p)
    return seasons, others


def check_season_files(paths: list[Path] | None, project: Project) -> tuple[int, list[Diagnostic]]:
    """Checks season files (default: all of them) and the presets; returns how many and the diagnostics."""
    from ingest.checks.event_files import event_paths
    from ingest.source.assemble import slug_for
    from ingest.source.season_files import load_seasons, season_paths

    paths = season_paths(project) if paths is None else paths
    if not paths:
        return 0, []
    slugs = [slug_for(p.as_posix()) for p in event_paths([], project)] if project.events_dir.is_dir() else []
    _, diags = load_seasons(project, slugs, paths)
    return len(paths), diags


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--strict",
    is_flag=True,
    help="Treat warnings as errors (not those about rounds already played: facts kept as recorded).",
)
@click.option(
    "--output-format",
    "fmt",
    type=click.Choice(["text", "github", "json"]),
    default="text",
    show_default=True,
    help="github prints workflow annotations (::error file=...,line=...::...); json one JSON document.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document for scripts (= --output-format json).")
@click.pass_context
def validate(ctx: click.Context, paths: tuple[Path, ...], strict: bool, fmt: str, as_json: bool) -> None:
    """Check event and season files and report every problem with its file, line and column.

    PATHS are event files or folders, or season files (default: events/ and seasons/). Exit status 1 if any error
    (or, with --strict, any warning) is found.

    --json prints {"files": [...], "ok", "errors", "warnings", "diagnostics": [...]}
    (schema/cli-validate.schema.json); each diagnostic has file, line, column,
    severity, code, message, hint and settled.

    \b
    Examples:
      scorekeeper validate
      scorekeeper validate events/2026/2026-11-20-fnm.yaml --strict
      scorekeeper validate seasons/winter-league-2026.yaml
      scorekeeper validate --output-format github
      scorekeeper validate --json | jq '.diagnostics[] | select(.severity == "error")'
    """
    project = project_of(ctx)
    seasons, others = split_season_paths(list(paths), project)
    loaded, diags = check_files(others, project) if others or not paths else ([], [])
    seasons_checked, found = check_season_files(seasons if paths else None, project)
    diags = sorted_diagnostics(diags + found)
    failed = has_errors(diags, strict=strict)
    if as_json or fmt == "json":
        echo_json(validate_document([item.shown for item in loaded], diags, strict=strict, failed=failed))
    else:
        print_diagnostics(diags, fmt)
    n = len(loaded)
    parts = [f"{n} event file{'s' if n != 1 else ''}"] if n or not seasons_checked else []
    if seasons_checked:
        parts.append(f"{seasons_checked} season file{'s' if seasons_checked != 1 else ''}")
    click.echo(f"checked {' and '.join(parts)}: {summary(diags)}", err=True)
    if failed:
        sys.exit(1)


def validate_document(files: list[str], diags: list[Diagnostic], *, strict: bool, failed: bool) -> dict[str, Any]:
    """``validate --json`` (``schema/cli-validate.schema.json``): the files checked and every problem."""
    errors = sum(1 for d in diags if d.is_error)
    return {
        "files": files,
        "ok": not failed,
        "strict": strict,
        "errors": errors,
        "warnings": len(diags) - errors,
        "diagnostics": [d.as_json() for d in diags],
    }


# -- standings ---------------------------------------------------------------------------


@main.command()
@click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--round",
    "round_no",
    type=int,
    default=None,
    help="Standings after this Swiss round (default: as the event stands: after the last finished round, or final).",
)
@click.option("--rules", default=None, help="Compute with another ruleset (e.g. mtr-melee for an imported event).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document for scripts (warnings included).")
@click.option(
    "--cut",
    "with_cut",
    is_flag=True,
    help="Add what each player needs to make the top cut (with --round N: as round N+1 was paired).",
)
@click.pass_context
def standings(
    ctx: click.Context, event_file: Path, round_no: int | None, rules: str | None, as_json: bool, with_cut: bool
) -> None:
    """Show the standings with the ruleset's tiebreakers.

    Without --round, the standings are those after the last finished round (a round in
    progress changes nothing until it is over), with the top cut once the playoff started,
    and final once the event is over; the title says which.

    --json prints {"event", "rules", "after_round", "stage", "final", "standings": [...],
    "diagnostics": [...]} (schema/cli-standings.schema.json; a file with errors gives
    {"error", "diagnostics"} and exit status 1); each row has
    rank, player, name, points, wins, losses, draws, byes (wins include byes), dropped,
    and each tiebreaker by id as a number with its exact value as "p/q" under <id>_exact
    (h2h: matches won against the players tied with this one). Wheel of Time rows: points
    are game points; wins, losses and draws count Games won (byes included), lost and
    tied; tbp is the tie-breaking points.

    --cut adds the cut calculator before one of the last Swiss rounds of an event with a top
    cut: a Cut column (and with --json, "cut" and "cut_reason" on each row and a "cut" summary):
    locked, draw-in, win-in, needs-help, tiebreakers or out, the strongest that holds.

    \b
    Examples:
      scorekeeper standings events/2026/fnm.yaml
      scorekeeper standings events/2026/fnm.yaml --round 3
      scorekeeper standings events/2026/fnm.yaml --json | jq '.standings[0]'
      scorekeeper standings events/2026/fnm.yaml --cut
    """
    from ingest.core.rulesets import get_ruleset
    from ingest.summary.family_results import results_of

    project = project_of(ctx)
    if rules is not None:
        try:
            get_ruleset(rules)
        except KeyError as exc:
            raise click.BadParameter(str(exc.args[0]), param_hint="'--rules'") from None
    event, warnings = checked_event_and_warnings(project, event_file, "first", as_json=as_json)
    found = {"diagnostics": [d.as_json() for d in warnings]}
    from ingest.source.naming import public_event
    from ingest.source.reading import load_players

    # Players are named as they chose in players.yaml (the standings are the same).
    event = public_event(event, load_players(project)[0])
    if round_no is not None and event.origin is not None and event.origin.standings_are_published:
        raise click.BadParameter(
            f"{event.origin.platform} published only the final standings of this event, not its rounds",
            param_hint="'--round'",
        )
    if round_no is not None and not 0 <= round_no <= len(event.rounds):
        raise click.BadParameter(
            f"round {round_no} does not exist; the event has {len(event.rounds)} rounds", param_hint="'--round'"
        )
    results = results_of(event)
    try:
        if as_json:
            doc = results.standings_document(event, rules=rules, round_no=round_no, with_cut=with_cut)
            echo_json({**doc, **found})
        else:
            for text, err in results.standings_text(event, rules=rules, round_no=round_no, with_cut=with_cut):
                click.echo(text, err=err)
    except IngestError as exc:
        if as_json:
            fail_json(exc.text)
        fail(exc.text)
