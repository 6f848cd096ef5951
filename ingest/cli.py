"""The ``scorekeeper`` command line.

The only module that reads the clock, the environment and the terminal. User mistakes
arrive as :class:`~ingest.errors.IngestError` (diagnostics) and end with exit status 1
and no traceback; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ingest import __version__
from ingest.diagnostics import Diagnostic, has_errors, render_all, sorted_diagnostics, summary
from ingest.errors import IngestError
from ingest.pipeline import Loaded, event_data, event_paths, load_event, parse_event_text
from ingest.project import Project
from ingest.storage import display_path, write_atomically

if TYPE_CHECKING:
    from ingest.commands import Edit

F = TypeVar("F", bound=Callable[..., Any])


def _project(ctx: click.Context) -> Project:
    return ctx.ensure_object(dict).setdefault("project", Project.find())  # type: ignore[no-any-return]


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _print_diagnostics(diags: list[Diagnostic], fmt: str = "text") -> None:
    if diags:
        click.echo(render_all(diags, fmt=fmt, limit=0 if fmt == "github" else 50))


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
      scorekeeper pair events/2026/2026-11-20-friday-night-modern.yaml
      scorekeeper report events/2026/2026-11-20-friday-night-modern.yaml --table 3 2-1
      scorekeeper build && git commit -am "round 1" && git push
    """
    ctx.ensure_object(dict)["project"] = Project(root.resolve()) if root else Project.find()


# -- validate ----------------------------------------------------------------------------


def check_files(paths: list[Path], project: Project) -> tuple[list[Loaded], list[Diagnostic]]:
    """Loads every event file and runs every check; returns the results and all diagnostics."""
    from ingest.checks import event_checks

    data = event_data(project)
    loaded = [load_event(p, project, data=data) for p in event_paths(paths, project)]
    diags: list[Diagnostic] = []
    for item in loaded:
        diags.extend(item.diagnostics)
        if item.event is not None:
            diags.extend(event_checks(item.event, project))
    return loaded, sorted_diagnostics(diags)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "github"]),
    default="text",
    show_default=True,
    help="github prints workflow annotations (::error file=...,line=...::...).",
)
@click.pass_context
def validate(ctx: click.Context, paths: tuple[Path, ...], strict: bool, fmt: str) -> None:
    """Check event files and report every problem with its file, line and column.

    PATHS are event files or folders (default: events/). Exit status 1 if any error
    (or, with --strict, any warning) is found.

    \b
    Examples:
      scorekeeper validate
      scorekeeper validate events/2026/2026-11-20-fnm.yaml --strict
      scorekeeper validate --format github
    """
    project = _project(ctx)
    for p in paths:
        if not p.exists():
            _fail(f"{p}: no such file or folder")
    loaded, diags = check_files(list(paths), project)
    _print_diagnostics(diags, fmt)
    n = len(loaded)
    click.echo(f"checked {n} event file{'s' if n != 1 else ''}: {summary(diags)}", err=True)
    if has_errors(diags, strict=strict):
        sys.exit(1)


# -- new ---------------------------------------------------------------------------------


@main.command()
@click.option("--name", required=True, help="Event name.")
@click.option("--date", "date_", required=True, type=click.DateTime(formats=["%Y-%m-%d"]), help="YYYY-MM-DD.")
@click.option(
    "--game",
    required=True,
    type=click.Choice(["mtg", "transformers", "wot", "vanguard", "weiss-schwarz", "buddyfight"]),
)
@click.option("--format", "fmt", required=True, help="Format id from formats/<game>.yaml, e.g. modern.")
@click.option("--rules", default=None, help="Ruleset (default by game: mtr, aequitas, wot, bushiroad).")
@click.option("--seed", type=int, default=None, help="Random seed (default: a fresh random one).")
@click.option("--location", default="", help="Venue.")
@click.option("--organizer", default="", help="Organizer.")
@click.option("--rounds", default="auto", show_default=True, help="Swiss rounds: a number or auto.")
@click.option(
    "--players",
    "expected",
    type=int,
    default=None,
    help="Expected players: writes the ruleset's recommended rounds and top cut.",
)
@click.option("--best-of", type=click.Choice(["1", "3", "5"]), default=None, help="Games per match.")
@click.option("--top", type=int, default=None, help="Top cut size (e.g. 8).")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="File to write (default: events/<year>/<date>-<slug>.yaml).",
)
@click.pass_context
def new(
    ctx: click.Context,
    name: str,
    date_: dt.datetime,
    game: str,
    fmt: str,
    rules: str | None,
    seed: int | None,
    location: str,
    organizer: str,
    rounds: str,
    expected: int | None,
    best_of: str | None,
    top: int | None,
    output: Path | None,
) -> None:
    """Create a new event file with a fresh random seed.

    \b
    Example:
      scorekeeper new --name "Friday Night Modern 42" --date 2026-11-20 \\
          --game mtg --format modern --players 24
    """
    from ingest.commands import new_event_text, recommended_structure, slugify

    project = _project(ctx)
    date = date_.date()
    if rounds != "auto" and not rounds.isdigit():
        _fail(f"--rounds must be a number or auto, not {rounds!r}")
    note = ""
    pairing: str | None = None
    swiss_rounds: str | None = rounds
    if expected is not None:
        plan, note = recommended_structure(game, rules, expected)
        if plan is not None and rounds == "auto":
            # The table's structure as a whole: MTR Appendix E runs 5-8 players as single
            # elimination, Bushiroad 3.2.1.1 runs 2-4 as a round robin (no Swiss rounds then).
            pairing = plan.structure
            swiss_rounds = str(plan.rounds) if plan.structure == "swiss" else None
        if plan is not None and plan.playoff is not None and top is None:
            top = plan.playoff
        click.echo(f"recommended for {note}" if note else f"no recommendation for {expected} players", err=True)
    path = output or project.events_dir / f"{date.year}" / f"{date.isoformat()}-{slugify(name)}.yaml"
    if path.exists():
        _fail(f"{display_path(path, project.root)} already exists; choose another --name or --output")
    schema = project.schema("event").resolve()
    folder = (path.parent if path.is_absolute() else Path.cwd() / path.parent).resolve()
    # The editor hint is a relative path, and only when the schema is part of the project.
    schema_ref = os.path.relpath(schema, folder) if schema.is_relative_to(project.root.resolve()) else ""
    text = new_event_text(
        name=name,
        date=date,
        game=game,
        fmt=fmt,
        rules=rules,
        seed=seed if seed is not None else secrets.randbelow(2**31),
        location=location,
        organizer=organizer,
        rounds=swiss_rounds,
        best_of=int(best_of) if best_of else None,
        top=top,
        pairing=pairing,
        schema_ref=Path(schema_ref).as_posix() if schema_ref else "",
        rounds_note=note,
    )
    shown = display_path(path, project.root)
    _doc, _event, diags = parse_event_text(text, shown, project)
    if has_errors(diags):
        _print_diagnostics(diags)
        sys.exit(1)
    write_atomically(path, text)
    click.echo(f"created {shown}")


# -- report / drop -----------------------------------------------------------------------


def _edit_file(project: Project, event_file: Path, edit: Callable[[str, Any], Edit], dry_run: bool = False) -> None:
    """Loads, edits, re-validates and atomically writes an event file.

    What was recorded goes to standard output; what it replaced (a corrected result) to
    standard error, so a TO notices an overwrite.
    """
    loaded = load_event(event_file, project)
    if loaded.event is None or loaded.text is None:
        _print_diagnostics(list(loaded.diagnostics))
        _fail(f"{loaded.shown} has errors; fix them before editing it")
        return
    try:
        edited = edit(loaded.text, loaded.event)
    except IngestError as exc:
        _fail(exc.text)
        return
    new_text = edited.text
    _doc, event, diags = parse_event_text(new_text, loaded.shown, project)
    if event is None or has_errors(diags):
        _print_diagnostics(diags)
        _fail("the change would make the file invalid; nothing was written")
    if dry_run:
        click.echo(new_text)
        return
    write_atomically(event_file, new_text)
    click.echo(f"{loaded.shown}: {edited.description}")
    if edited.note:
        click.echo(f"{loaded.shown}: {edited.note}", err=True)


@main.command()
@click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("results", nargs=-1, required=True)
@click.option("--round", "round_no", type=int, default=None, help="Round number (default: the current round).")
@click.option("--table", type=int, default=None, help="Table number.")
@click.option("--player", default=None, help="A player (or team) of the match; results are read from their side.")
@click.option("--playoff", is_flag=True, help="Report a playoff round.")
@click.option(
    "--ended",
    type=click.Choice(["before-last-battle", "last-battle"]),
    default=None,
    help="Wheel of Time: when the game ended.",
)
@click.option(
    "--by",
    "ended_by",
    type=click.Choice(["goal", "kill", "concession", "forfeit", "time"]),
    default=None,
    help="Wheel of Time: how the game ended.",
)
@click.option("--finals", default=None, help="Wheel of Time: final support-opposition, e.g. 7-3 (Hero first).")
@click.pass_context
def report(
    ctx: click.Context,
    event_file: Path,
    results: tuple[str, ...],
    round_no: int | None,
    table: int | None,
    player: str | None,
    playoff: bool,
    ended: str | None,
    ended_by: str | None,
    finals: str | None,
) -> None:
    """Record a match result (games won-lost[-drawn], or double-loss).

    Team events take one result per seat, in seat order (A B C, or first second third).
    A result already recorded is replaced, whatever its kind; the command says what it
    replaced on standard error.

    \b
    Examples:
      scorekeeper report events/2026/fnm.yaml --table 3 2-1
      scorekeeper report events/2026/fnm.yaml --round 2 --player alice 0-2
      scorekeeper report events/2026/fnm.yaml --table 5 0-0-3        # intentional draw
      scorekeeper report events/2026/fnm.yaml --playoff --table 1 2-0
      scorekeeper report events/2026/teams.yaml --table 2 2-1 0-2 2-0
      scorekeeper report events/2026/wot.yaml --table 1 hero --ended last-battle --by goal --finals 7-3
    """
    from ingest.commands import parse_result, report_team_text, report_text

    if (table is None) == (player is None):
        _fail("give exactly one of --table or --player")
    if results[0] in ("hero", "villain", "tie", "both-lose"):
        _report_wot(ctx, event_file, results[0], round_no, table, player, ended, ended_by, finals)
        return
    try:
        parsed = [parse_result(r) for r in results]
    except IngestError as exc:
        _fail(exc.text)
        return

    def edit(text: str, event: Any) -> Edit:
        if event.is_team_event:
            return report_team_text(
                text, event, round_no=round_no, table=table, team=player, results=parsed, playoff=playoff
            )
        if len(parsed) != 1:
            raise IngestError("give one result, e.g. 2-1 (several results are for team events)")
        return report_text(
            text, event, round_no=round_no, table=table, player=player, result=parsed[0], playoff=playoff
        )

    _edit_file(_project(ctx), event_file, edit)


def _report_wot(
    ctx: click.Context,
    event_file: Path,
    winner: str,
    round_no: int | None,
    table: int | None,
    player: str | None,
    ended: str | None,
    ended_by: str | None,
    finals: str | None,
) -> None:
    """Records a Wheel of Time game result."""
    from ingest.commands import report_wot_text

    if ended is None or ended_by is None:
        _fail("a Wheel of Time result needs --ended and --by (and --finals for a game decided in the Last Battle)")
        return
    pair_of: tuple[int, int] | None = None
    if finals is not None:
        try:
            hero_final, villain_final = (int(x) for x in finals.split("-", 1))
        except ValueError:
            _fail(f"--finals must be two numbers, Hero first, e.g. 7-3, not {finals!r}")
            return
        pair_of = (hero_final, villain_final)
    _edit_file(
        _project(ctx),
        event_file,
        lambda text, event: report_wot_text(
            text,
            event,
            round_no=round_no,
            table=table,
            player=player,
            winner=winner,
            ended=ended,
            by=ended_by,
            finals=pair_of,
        ),
    )


@main.command()
@click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("player")
@click.option("--after-round", type=int, default=None, help="Last round played (default: the current round).")
@click.pass_context
def drop(ctx: click.Context, event_file: Path, player: str, after_round: int | None) -> None:
    """Record that PLAYER leaves the event; they keep their record and are not paired again.

    Once the last Swiss round is reported the top cut is made: a finalist who leaves then is
    not replaced, and the bye they leave goes by the rules (MTR 2.10: the highest-ranked
    remaining player; Aequitas 2.10: their opponent). To record a drop before the cut (the
    next player advances), give --after-round with the last Swiss round.

    \b
    Examples:
      scorekeeper drop events/2026/fnm.yaml dan --after-round 3
      scorekeeper drop events/2026/fnm.yaml alice          # during the playoff
    """
    from ingest.commands import drop_text

    _edit_file(_project(ctx), event_file, lambda text, event: drop_text(text, event, player, after_round=after_round))


def run() -> None:  # pragma: no cover - entry point used by python -m ingest
    main(prog_name="scorekeeper")


# -- standings ---------------------------------------------------------------------------


@main.command()
@click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--round", "round_no", type=int, default=None, help="Standings after this Swiss round (default: final standings)."
)
@click.option("--rules", default=None, help="Compute with another ruleset (e.g. mtr-melee for an imported event).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_context
def standings(ctx: click.Context, event_file: Path, round_no: int | None, rules: str | None, as_json: bool) -> None:
    """Show the standings with the ruleset's tiebreakers.

    --json prints {"event", "rules", "after_round", "standings": [...]}; each row has
    rank, player, name, points, wins, losses, draws, byes (wins include byes), dropped,
    and each tiebreaker by id as a number with its exact value as "p/q" under <id>_exact
    (h2h: matches won against the players tied with this one). Wheel of Time rows: points
    are game points; wins, losses and draws count Games won (byes included), lost and
    tied; tbp is the tie-breaking points.

    \b
    Examples:
      scorekeeper standings events/2026/fnm.yaml
      scorekeeper standings events/2026/fnm.yaml --round 3
      scorekeeper standings events/2026/fnm.yaml --json | jq '.standings[0]'
    """
    from ingest.report_text import standings_json, standings_table
    from ingest.rulesets import get_ruleset
    from ingest.standings import compute_standings, final_standings

    project = _project(ctx)
    loaded = load_event(event_file, project)
    if loaded.event is None:
        _print_diagnostics(list(loaded.diagnostics))
        _fail(f"{loaded.shown} has errors; fix them first")
        return
    event = loaded.event
    if rules is not None:
        try:
            get_ruleset(rules)
        except KeyError as exc:
            _fail(str(exc.args[0]))
    if round_no is not None and not 0 <= round_no <= len(event.rounds):
        _fail(f"round {round_no} does not exist; the event has {len(event.rounds)} rounds")
    if event.structure.pairing == "wot-cycles":
        from ingest.wot_event import wot_standings_text

        try:
            click.echo(wot_standings_text(event, round_no=round_no, as_json=as_json))
        except IngestError as exc:
            _fail(exc.text)
        return
    table = (
        compute_standings(event, rules, after_round=round_no) if round_no is not None else final_standings(event, rules)
    )
    click.echo(standings_json(event, table) if as_json else standings_table(event, table))


# -- build -------------------------------------------------------------------------------


@main.command()
@click.option("--strict", is_flag=True, help="Warnings (and site-engine warnings) fail the build.")
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
@click.option("--docs-only", is_flag=True, help="Write build/docs (Markdown, API, print views) and stop.")
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
    from ingest.build import build_site
    from ingest.progress import TerminalProgress

    project = _project(ctx)
    progress = TerminalProgress()  # a line on a terminal only; quiet in CI and in pipes

    def warn(diags: list[Diagnostic]) -> None:
        progress.close()
        _print_diagnostics(diags)

    try:
        timings = build_site(
            project,
            engine=engine,
            strict=strict,
            today=today.date() if today else None,
            docs_only=docs_only,
            full=full,
            on_diagnostics=warn,
            progress=progress,
        )
    except IngestError as exc:
        progress.close()
        if exc.diagnostics:
            _print_diagnostics(sorted_diagnostics(exc.diagnostics))
            click.echo(f"build failed: {summary(list(exc.diagnostics))}; nothing was written", err=True)
        else:
            click.echo(f"error: {exc.text}", err=True)
        sys.exit(1)
    progress.close()
    where = "build/docs" if docs_only else "build/site"
    click.echo(
        f"built {timings.pages} pages into {where} in {timings.pipeline + timings.engine:.1f} s "
        f"({timings.reports_computed} events computed, {timings.reports_cached} from cache)",
        err=True,
    )


# -- pair --------------------------------------------------------------------------------


@main.command()
@click.argument("event_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--dry-run", is_flag=True, help="Print the pairings without writing them.")
@click.option("--check", is_flag=True, help="Check the recorded pairings against the rules instead of pairing.")
@click.pass_context
def pair(ctx: click.Context, event_file: Path, dry_run: bool, check: bool) -> None:
    """Pair the next round (or playoff round) and write it into the event file.

    Swiss rounds are paired by optimal matching: no rematches, everyone paired, players
    kept in their point group and moved as little as possible. After the last Swiss
    round, the top cut's bracket is created. Same file and seed, same pairings.

    \b
    Examples:
      scorekeeper pair events/2026/fnm.yaml --dry-run
      scorekeeper pair events/2026/fnm.yaml
      scorekeeper pair events/2026/fnm.yaml --check
    """
    from ingest.pair import apply_plan, describe_plan, pairing_diagnostics, plan_next_round

    project = _project(ctx)
    loaded = load_event(event_file, project)
    if loaded.event is None or loaded.text is None:
        _print_diagnostics(list(loaded.diagnostics))
        _fail(f"{loaded.shown} has errors; fix them before pairing")
        return
    event = loaded.event
    if check:
        diags = sorted_diagnostics(pairing_diagnostics(event))
        _print_diagnostics(diags)
        click.echo(f"{loaded.shown}: {summary(diags)}", err=True)
        sys.exit(1 if has_errors(diags) else 0)
    try:
        plan = plan_next_round(event)
    except IngestError as exc:
        _fail(exc.text)
        return
    text = describe_plan(plan, event)
    if dry_run:
        click.echo(text)
        return
    new_text = apply_plan(loaded.text, plan)
    _doc, new_event, diags = parse_event_text(new_text, loaded.shown, project)
    if new_event is None or has_errors(diags):
        _print_diagnostics(diags)
        _fail("the pairings would make the file invalid; nothing was written")
    write_atomically(event_file, new_text)
    click.echo(text)
    click.echo(
        f"wrote {'playoff ' if plan.key == 'playoff' else ''}round {plan.round['round']} to {loaded.shown}", err=True
    )


# -- check-decks -------------------------------------------------------------------------


@main.command("check-decks")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Also list legal decks and checks skipped for lack of card data.")
@click.pass_context
def check_decks(ctx: click.Context, paths: tuple[Path, ...], show_all: bool) -> None:
    """Check every decklist against its format on the event's date.

    Each violation names the rule and its section (deck-size, copies, banned,
    restricted, sideboard-size, stars, unique-character, character-ratio,
    hero-villain, not-legal), and team events are checked for unified deck
    construction (unified-deck, MTR 8.4). Exit status 1 if any deck or team breaks a
    rule.

    \b
    Examples:
      scorekeeper check-decks
      scorekeeper check-decks events/2026/2026-11-13-friday-night-modern.yaml --all
    """
    from ingest.build import load_archetype_book
    from ingest.decks import deck_diagnostics, event_decks, team_verdicts
    from ingest.pipeline import card_data, format_registry

    project = _project(ctx)
    registry, _ = format_registry(project)
    cards, card_problems = card_data(project)
    _print_diagnostics(list(card_problems))
    book, _ = load_archetype_book(project)
    bad = 0
    checked = 0
    checked_teams = 0
    for path in event_paths(list(paths), project):
        loaded = load_event(path, project)
        if loaded.event is None:
            _print_diagnostics(list(loaded.diagnostics))
            bad += 1
            continue
        decks = event_decks(loaded.event, registry, book, cards)
        teams = team_verdicts(loaded.event, decks, registry, cards)
        _print_diagnostics(sorted_diagnostics(deck_diagnostics(loaded.event, decks, teams)))
        for pid, info in sorted(decks.items()):
            checked += 1
            if info.legal is False:
                bad += 1
            if show_all:
                state = {True: "legal", False: "illegal", None: "not checked"}[info.legal]
                click.echo(f"{loaded.shown}: {pid}: {state}" + (f" ({info.archetype})" if info.archetype else ""))
                if info.verdict is not None:
                    for v in info.verdict.skipped:
                        click.echo(f"  skipped: {v.message}")
        for team_id, verdict in sorted(teams.items()):
            checked_teams += 1
            if not verdict.is_legal:
                bad += 1
            if show_all:
                state = "legal" if verdict.is_legal else "illegal"
                click.echo(f"{loaded.shown}: team {team_id}: {state} (unified deck construction)")
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
    from ingest.serve import serve as run_server

    run_server(
        _project(ctx),
        host=host,
        port=port,
        engine=engine,
        today=today.date() if today else None,
        echo=lambda message: click.echo(message, err=True),
    )
