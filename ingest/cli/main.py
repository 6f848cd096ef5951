"""The ``scorekeeper`` command line.

This package is the only part of Scorekeeper that reads the clock, the environment and the
terminal: the build, serve and every layer below take the date as an argument. User mistakes
arrive as :class:`~ingest.core.errors.IngestError` (diagnostics) and end with exit status 1
and no traceback; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ingest import __version__
from ingest.cli.common import (
    checked_event_and_warnings,
    echo_json,
    fail,
    fail_json,
    print_diagnostics,
    project_of,
    today_from_env,
)
from ingest.cli.corrections import CORRECTIONS
from ingest.cli.edits import COMMANDS
from ingest.cli.imports import import_command
from ingest.cli.record import report
from ingest.core.diagnostics import Diagnostic, has_errors, sorted_diagnostics, summary
from ingest.core.errors import IngestError
from ingest.core.safetext import terminal_safe_output
from ingest.source.pipeline import Loaded, event_paths
from ingest.source.project import Project

F = TypeVar("F", bound=Callable[..., Any])


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
    A tournament organizer's workflow:
      scorekeeper new --name "Friday Night Modern" --date 2026-11-20 --game mtg --format modern
      scorekeeper add-player events/2026/2026-11-20-friday-night-modern.yaml --id alice --name "Alice Example"
      scorekeeper pair events/2026/2026-11-20-friday-night-modern.yaml
      scorekeeper report events/2026/2026-11-20-friday-night-modern.yaml --table 3 2-1
      scorekeeper build && git commit -am "round 1" && git push

    \b
    Corrections on event night: report --replace, clear, drop, undrop, add-player,
    rename, pair --redo.
    """
    ctx.ensure_object(dict)["project"] = Project(root.resolve()) if root else Project.find()
    # Whatever a command prints, from whichever file it came, cannot drive the terminal.
    ctx.with_resource(terminal_safe_output())


# -- validate ----------------------------------------------------------------------------


for _command in (*COMMANDS, report, *CORRECTIONS):
    main.add_command(_command)
main.add_command(import_command)


def check_files(paths: list[Path], project: Project) -> tuple[list[Loaded], list[Diagnostic]]:
    """Loads every event file and runs every check ``build`` runs (shared files included)."""
    from ingest.source.project_diagnostics import check_project

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
    "--format",
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
        errors = sum(1 for d in diags if d.is_error)
        echo_json(
            {
                "files": [item.shown for item in loaded],
                "ok": not failed,
                "strict": strict,
                "errors": errors,
                "warnings": len(diags) - errors,
                "diagnostics": [d.as_json() for d in diags],
            }
        )
    else:
        print_diagnostics(diags, fmt)
    n = len(loaded)
    parts = [f"{n} event file{'s' if n != 1 else ''}"] if n or not seasons_checked else []
    if seasons_checked:
        parts.append(f"{seasons_checked} season file{'s' if seasons_checked != 1 else ''}")
    click.echo(f"checked {' and '.join(parts)}: {summary(diags)}", err=True)
    if failed:
        sys.exit(1)


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
    from ingest.report.family_results import results_of
    from ingest.rules.rulesets import get_ruleset

    project = project_of(ctx)
    if rules is not None:
        try:
            get_ruleset(rules)
        except KeyError as exc:
            raise click.BadParameter(str(exc.args[0]), param_hint="'--rules'") from None
    event, warnings = checked_event_and_warnings(project, event_file, "first", as_json=as_json)
    found = {"diagnostics": [d.as_json() for d in warnings]}
    from ingest.source.naming import public_event
    from ingest.source.pipeline import load_players

    # Players are named as they chose in players.yaml (the standings are the same).
    event = public_event(event, load_players(project)[0])
    if round_no is not None and event.source is not None and event.source.standings_are_published:
        raise click.BadParameter(
            f"{event.source.platform} published only the final standings of this event, not its rounds",
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


# -- build -------------------------------------------------------------------------------


@main.command()
@click.option(
    "--strict",
    is_flag=True,
    help="Warnings (and site-engine warnings) fail the build; findings on rounds already played do not.",
)
@click.option(
    "--engine",
    type=click.Choice(["mkdocs", "zensical"]),
    default="mkdocs",
    show_default=True,
    help="The static-site engine.",
)
@click.option(
    "--today",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="Date used for upcoming/recent events (default: SOURCE_DATE_EPOCH, else the clock).",
)
@click.option("--docs-only", is_flag=True, help="Write build/docs (Markdown, API) and build/fragments and stop.")
@click.option("--full", is_flag=True, help="Render every page again (default: only pages whose content changed).")
@click.pass_context
def build(
    ctx: click.Context, strict: bool, engine: str, today: dt.datetime | None, docs_only: bool, full: bool
) -> None:
    """Check every event and build the site into build/site.

    Any error stops the build before anything is written; the previous build/site stays
    whole. Same input and --today give byte-identical output.

    \b
    Examples:
      scorekeeper build
      scorekeeper build --strict --today 2026-11-22
      scorekeeper build --engine zensical
    """
    from ingest.cli.progress import TerminalProgress
    from ingest.publish.run import build_site

    project = project_of(ctx)
    progress = TerminalProgress()  # a line on a terminal only; quiet in CI and in pipes

    def warn(diags: list[Diagnostic]) -> None:
        progress.close()
        print_diagnostics(diags)

    try:
        timings = build_site(
            project,
            engine=engine,
            strict=strict,
            today=today_from_env(today.date() if today else None),
            docs_only=docs_only,
            full=full,
            on_diagnostics=warn,
            progress=progress,
        )
    except IngestError as exc:
        progress.close()
        if exc.diagnostics:
            print_diagnostics(sorted_diagnostics(exc.diagnostics))
            click.echo(f"build failed: {summary(list(exc.diagnostics))}; nothing was written", err=True)
        else:
            click.echo(f"error: {exc.text}", err=True)
        sys.exit(1)
    progress.close()
    where = "build/docs" if docs_only else "build/site"
    click.echo(
        f"built {timings.pages} pages into {where} in {timings.pipeline + timings.engine:.1f} s "
        f"({timings.events_made} event{'' if timings.events_made == 1 else 's'} made, "
        f"{timings.events_cached} from the build cache)",
        err=True,
    )


# -- check-decks -------------------------------------------------------------------------


@main.command("check-decks")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Also list legal decks and checks skipped for lack of card data.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document for scripts (every deck and team).")
@click.pass_context
def check_decks(ctx: click.Context, paths: tuple[Path, ...], show_all: bool, as_json: bool) -> None:
    """Check every decklist against its format on the event's date.

    Each violation names the rule and its section (deck-size, copies, banned,
    restricted, sideboard-size, stars, unique-character, character-ratio,
    hero-villain, not-legal), and team events are checked for unified deck
    construction (unified-deck, MTR 8.4). Exit status 1 if any deck or team breaks a
    rule.

    --json prints {"ok", "decks": [...], "teams": [...], "problems", "diagnostics": [...]}
    (schema/cli-check-decks.schema.json): each deck has file, player, legal (true, false
    or null when not checked), archetype and skipped (checks without card data).

    \b
    Examples:
      scorekeeper check-decks
      scorekeeper check-decks events/2026/2026-11-13-friday-night-modern.yaml --all
    """
    from ingest.decks.event_decks import deck_diagnostics, event_decks, team_verdicts
    from ingest.source.pipeline import format_registry, load_archetype_book
    from ingest.source.project_diagnostics import check_event_file, shared_file_diagnostics
    from ingest.source.site_config import card_data

    project = project_of(ctx)
    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    shared = sorted_diagnostics(shared_file_diagnostics(project))
    everything: list[Diagnostic] = list(shared)
    deck_rows: list[dict[str, object]] = []
    team_rows: list[dict[str, object]] = []

    def show(diags: list[Diagnostic]) -> None:
        if as_json:
            everything.extend(diags)
        else:
            print_diagnostics(diags)

    if not as_json:
        print_diagnostics(shared)
    book, _ = load_archetype_book(project)
    bad = 1 if has_errors(shared) else 0
    checked = 0
    checked_teams = 0
    for path in event_paths(list(paths), project):
        # Refused (and warned) exactly as validate would; the deck problems come below.
        event_check = check_event_file(path, project, shared=False)
        loaded = event_check.loaded
        if loaded.event is None or event_check.event is None:
            show(list(event_check.diagnostics))
            bad += 1
            continue
        decks = event_decks(loaded.event, loaded.deck_files, registry, book, cards)
        teams = team_verdicts(loaded.event, decks, registry, cards)
        found = [*event_check.diagnostics, *deck_diagnostics(loaded.event, decks, teams)]
        show(sorted_diagnostics(found))
        for pid, info in sorted(decks.items()):
            checked += 1
            if info.legal is False:
                bad += 1
            skipped = [v.message for v in info.verdict.skipped] if info.verdict is not None else []
            deck_rows.append(
                {
                    "file": loaded.shown,
                    "player": pid,
                    "legal": info.legal,
                    "archetype": info.archetype or None,
                    "skipped": skipped,
                }
            )
            if show_all and not as_json:
                state = {True: "legal", False: "illegal", None: "not checked"}[info.legal]
                click.echo(f"{loaded.shown}: {pid}: {state}" + (f" ({info.archetype})" if info.archetype else ""))
                for message in skipped:
                    click.echo(f"  skipped: {message}")
        for team_id, verdict in sorted(teams.items()):
            checked_teams += 1
            if not verdict.is_legal:
                bad += 1
            team_rows.append({"file": loaded.shown, "team": team_id, "legal": verdict.is_legal})
            if show_all and not as_json:
                state = "legal" if verdict.is_legal else "illegal"
                click.echo(f"{loaded.shown}: team {team_id}: {state} (unified deck construction)")
    if as_json:
        echo_json(
            {
                "ok": not bad,
                "problems": bad,
                "decks": deck_rows,
                "teams": team_rows,
                "diagnostics": [d.as_json() for d in everything],
            }
        )
    teams_text = f" and {checked_teams} team{'s' if checked_teams != 1 else ''}" if checked_teams else ""
    click.echo(f"checked {checked} decks{teams_text}: {bad} with problems", err=True)
    sys.exit(1 if bad else 0)


# -- serve -------------------------------------------------------------------------------


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port (0 picks a free one).")
@click.option("--engine", type=click.Choice(["mkdocs", "zensical"]), default="mkdocs", show_default=True)
@click.option(
    "--today", type=click.DateTime(formats=["%Y-%m-%d"]), default=None, help="Date for upcoming/recent events."
)
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, engine: str, today: dt.datetime | None) -> None:
    """Build, serve on localhost and rebuild on every save, reloading the browser.

    Watches events/, formats/, players.yaml, site_templates/ and mkdocs.yml. When a file
    is invalid, the last good site stays up and the errors appear in the terminal and in
    a banner on every page.

    \b
    Example:
      scorekeeper serve            # then open http://127.0.0.1:8000
    """
    from ingest.publish.serve import serve as run_server

    run_server(
        project_of(ctx),
        host=host,
        port=port,
        engine=engine,
        today=lambda: today_from_env(today.date() if today else None),
        echo=lambda message: click.echo(message, err=True),
    )
