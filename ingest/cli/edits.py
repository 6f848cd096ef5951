"""The commands that create an event file and pair its rounds: ``new`` and ``pair`` (the edit
cycle every editing command runs is :mod:`ingest.cli.edit_cycle`; ``report`` is
:mod:`ingest.cli.record`, the corrections :mod:`ingest.cli.correction_commands`).

Each holds the file's lock for its whole read -> edit -> check -> replace cycle
(:func:`ingest.edit.event_file.edit_event_file`): what it says it recorded is in the file, an
edit that would leave the file invalid is never written, and a file changed by another
program meanwhile is read again. What was recorded goes to standard output; what it
replaced, warnings and refusals to standard error.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ingest.checks.assemblies import kept_when_edited
from ingest.checks.event_files import parse_event_text
from ingest.cli.common import (
    GameChoice,
    RoundsType,
    checked_event_file,
    echo_json,
    fail,
    print_diagnostics,
    project_of,
)
from ingest.cli.edit_cycle import EVENT_FILE, run_quietly
from ingest.cli.pair_output import describe_plan
from ingest.core.diagnostics import has_errors, summary
from ingest.core.errors import IngestError
from ingest.edit.corrections import Parse
from ingest.edit.event_file import (
    Checked,
    cannot_write,
)
from ingest.edit.new_round import RoundEdit
from ingest.source.storage import create_atomically, display_path

if TYPE_CHECKING:
    from ingest.checks.project_diagnostics import EventCheck

# -- new --------------------------------------------------------------------------------------------


@click.command()
@click.option("--name", required=True, help="Event name.")
@click.option("--date", "date_", required=True, type=click.DateTime(formats=["%Y-%m-%d"]), help="YYYY-MM-DD.")
@click.option("--game", required=True, type=GameChoice())
@click.option("--format", "fmt", required=True, help="Format id from formats/<game>.yaml, e.g. modern.")
@click.option("--rules", default=None, help="Ruleset (default by game: mtr, aequitas, wot, bushiroad).")
@click.option("--seed", type=int, default=None, help="Random seed (default: a fresh random one).")
@click.option("--location", default="", help="Venue.")
@click.option("--organizer", default="", help="Organizer.")
@click.option(
    "--rounds",
    type=RoundsType(),
    default="auto",
    show_default=True,
    help="Swiss rounds (Wheel of Time: games): a number or auto.",
)
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
    "--round-minutes",
    type=click.IntRange(10, 600),
    default=None,
    help="Minutes per round: the event page and the venue count each round down from its start.",
)
@click.option(
    "--teams",
    "team_kind",
    type=click.Choice(["mtr-team", "two-headed-giant", "tag", "trio"]),
    default=None,
    help="A team event: MTR teams (seats A, B, C), Two-Headed Giant, or Bushiroad tag or trio fights.",
)
@click.option(
    "--team-size",
    type=click.IntRange(2, 3),
    default=None,
    help="Members per team (default: the kind's; with it alone, the ruleset's team event of that size).",
)
@click.option(
    "--check-in",
    "check_in",
    is_flag=True,
    help="Players check in before round 1 (at the venue's join page, or `check-in` at the desk); "
    "round 1 pairs the checked-in players only.",
)
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
    round_minutes: int | None,
    team_kind: str | None,
    team_size: int | None,
    check_in: bool,
    output: Path | None,
) -> None:
    """Create a new event file with a fresh random seed.

    A Wheel of Time event gets the rules' two cycles (four games) unless --rounds says
    otherwise. A team event (--teams, --team-size) pairs teams: add each with its members
    (`scorekeeper add-team`); --players then counts teams.

    \b
    Examples:
      scorekeeper new --name "Friday Night Modern 42" --date 2026-11-20 \\
          --game mtg --format modern --players 24 --round-minutes 50
      scorekeeper new --name "WoT Sealed" --date 2026-11-21 --game wot --format sealed
      scorekeeper new --name "Trio Fight" --date 2026-11-22 --game vanguard --format standard --teams trio
    """
    from ingest.core.families import family_of_game
    from ingest.edit.new_event import file_slug, new_event_text, recommended_structure, team_structure
    from ingest.rules.rounds_advice import describe, fixed_plan
    from ingest.source.schema_hints import schema_hint

    project = project_of(ctx)
    date = date_.date()
    try:
        teams = team_structure(game, rules, team_kind, team_size)
    except (IngestError, KeyError) as exc:
        fail(str(exc.args[0]) if exc.args else str(exc))
    note = ""
    pairing: str | None = None
    swiss_rounds: str | None = rounds
    fixed = fixed_plan(family_of_game(game))  # Wheel of Time: two cycles, whatever the field
    if fixed is not None and rounds == "auto":
        swiss_rounds, note = str(fixed.rounds), describe(fixed)
    elif expected is not None:
        plan, note = recommended_structure(game, rules, expected, cut=bool(top), team=teams is not None)
        if plan is not None and rounds == "auto":
            # The table's structure as a whole: MTR Appendix E runs 5-8 players as single
            # elimination, Bushiroad 3.2.1.1 runs 2-4 as a round robin (no Swiss rounds then).
            pairing = plan.structure
            swiss_rounds = str(plan.rounds) if plan.structure == "swiss" else None
        if plan is not None and plan.playoff is not None and top is None:
            top = plan.playoff
        unit = "teams" if teams is not None else "players"
        missing = f"no recommendation for {expected} {unit}" + (f" with a top {top}" if top else "")
        click.echo(f"recommended for {note}" if note else missing, err=True)
    path = output or project.events_dir / f"{date.year}" / f"{date.isoformat()}-{file_slug(name)}.yaml"
    folder = (path.parent if path.is_absolute() else Path.cwd() / path.parent).resolve()
    # The editor's hint: a relative path to the project's own schema, else where it is published.
    schema_ref = schema_hint(project, "event", folder)
    text = new_event_text(
        name=name,
        date=date,
        game=game,
        fmt=fmt,
        rules=rules,
        seed=seed if seed is not None else _random_seed(),
        location=location,
        organizer=organizer,
        rounds=swiss_rounds,
        best_of=int(best_of) if best_of else None,
        top=top,
        round_minutes=round_minutes,
        pairing=pairing,
        schema_ref=schema_ref,
        rounds_note=note,
        teams=teams,
        check_in=check_in,
    )
    shown = display_path(path, project.root)
    _doc, _event, diags = parse_event_text(text, shown, project)
    if has_errors(diags):
        print_diagnostics(diags)
        raise SystemExit(1)
    print_diagnostics([d for d in diags if d.code != "no-players"])  # a new file has none yet
    try:
        create_atomically(path, text)
    except FileExistsError:
        fail(f"{shown} already exists; choose another --name or --output")
    except OSError as exc:
        fail(cannot_write(shown, exc))
    if project.root.resolve() in Path.cwd().resolve().parents:  # found above here, like git: say where
        click.echo(f"created {path} (in the project at {project.root})")
    else:
        click.echo(f"created {shown}")


# -- pair -------------------------------------------------------------------------------------------


@click.command()
@EVENT_FILE
@click.option("--dry-run", is_flag=True, help="Print the pairings without writing them.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the round as one JSON document (schema/cli-pair.schema.json); with --dry-run, the proposal.",
)
@click.option("--check", is_flag=True, help="Check the recorded pairings against the rules instead of pairing.")
@click.option("--redo", is_flag=True, help="Pair the current round again (only while none of its results is in).")
@click.option(
    "--start",
    "start",
    default=None,
    metavar="now|HH:MM",
    help="Record when the round starts (`started:`), for the countdown on the event page.",
)
@click.pass_context
def pair(
    ctx: click.Context, event_file: Path, dry_run: bool, as_json: bool, check: bool, redo: bool, start: str | None
) -> None:
    """Pair the next round (or playoff round) and write it into the event file.

    Swiss rounds are paired by optimal matching: no rematches, everyone paired, players
    kept in their point group and moved as little as possible. After the last Swiss
    round, the top cut's bracket is created. Same file and seed, same pairings.

    --redo takes the current round out and pairs it again, with the same engine and seed,
    from the file as it is now (after a late drop or a late entry); it is refused once any
    result of the round is recorded.

    --start now (the computer's clock) or --start 19:30 records the time of day the round
    starts as `started:`; with structure.round_minutes the event page counts the round down
    (`scorekeeper clock` pauses, resumes and extends it). With --redo the round paired again
    keeps its clock, or starts it anew with --start.

    --json prints one JSON document on standard output (schema/cli-pair.schema.json):
    {"file", "event", "written", "stage", "number", "title", "round", "late_losses",
    "lines", "notes", "diagnostics"}, where round is the round as written into the file;
    when nothing is left to pair, {"file", "event", "written": false, "finished",
    "diagnostics"} (exit status 0, as without --json); when the round cannot be paired,
    {"error", "diagnostics"} and exit status 1. Human text goes to standard error.

    \b
    Examples:
      scorekeeper pair events/2026/fnm.yaml --dry-run
      scorekeeper pair events/2026/fnm.yaml --dry-run --json | jq '.round.matches'
      scorekeeper pair events/2026/fnm.yaml
      scorekeeper pair events/2026/fnm.yaml --check
      scorekeeper pair events/2026/fnm.yaml --start now
      scorekeeper drop events/2026/fnm.yaml dan --after-round 2 && scorekeeper pair events/2026/fnm.yaml --redo
      scorekeeper pair events/2026/fnm.yaml --redo --start now
    """
    from ingest.cli.pair_output import finished_document, pair_document
    from ingest.edit.next_round import pair_edit

    project = project_of(ctx)
    started = start_time(start) if start is not None else ""
    if started and check:
        raise click.UsageError("--start records when a round starts: use it without --check")
    if check:
        if as_json:
            raise click.UsageError("--check reports what validate reports: use `scorekeeper validate FILE --json`")
        _check_pairings(event_file, project)
        return
    # Refused, and warned, as validate would; the file as read then is what the edit is made
    # on, unless it changed meanwhile (then it is read again).
    # A dry run leaves the text as it is: what reading it found is kept for the pair that follows.
    with kept_when_edited(dry_run):
        checked = checked_event_file(project, event_file, "before pairing", as_json=as_json, keep_tree=True)
    edit = partial(pair_edit, parse=event_parser(ctx, event_file), started=started, redo=redo)
    outcome = run_quietly(
        ctx, event_file, edit, dry_run=dry_run, may_fix=False, as_json=as_json, read_before=partial(_as_read, checked)
    )
    paired = outcome.edit
    assert isinstance(paired, RoundEdit) and paired.planned_on is not None
    found = [d.as_json() for d in (*checked.diagnostics, *outcome.warnings)]
    if paired.plan is None:  # nothing to pair: the file stays as it is (not an error)
        if as_json:
            echo_json(
                {**finished_document(paired.finished, paired.planned_on, shown=outcome.shown), "diagnostics": found}
            )
        click.echo(f"{outcome.shown}: {paired.description}", err=True)
        print_diagnostics(list(outcome.warnings), err=as_json)
        return
    if as_json:
        doc = pair_document(paired.plan, paired.planned_on, shown=outcome.shown, written=outcome.written)
        echo_json({**doc, "diagnostics": found})
    click.echo(describe_plan(paired.plan, paired.planned_on), err=as_json)
    if not dry_run:
        click.echo(f"{outcome.shown}: {paired.description}", err=True)
    if paired.note:
        click.echo(f"{outcome.shown}: {paired.note}", err=True)
    if not dry_run:
        print_diagnostics(list(outcome.warnings), err=as_json)


def _as_read(checked: EventCheck, text: str) -> Checked | None:
    """The file as ``pair`` checked it before the edit, while it still holds ``text``: validate's
    diagnostics, a superset of what the edit would find (without an error, or pairing is
    refused), serve only to tell the warnings the round adds."""
    loaded = checked.loaded
    if text != loaded.text or loaded.document is None:
        return None
    return loaded.document, loaded.event, list(checked.diagnostics)


def start_time(text: str, param_hint: str = "--start") -> str:
    """``--start``: ``now`` (the clock; only the command line reads it) or a 24-hour ``HH:MM``."""

    from ingest.core.rounds import time_of_day

    if text.strip().lower() == "now":
        return dt.datetime.now().strftime("%H:%M")
    value = time_of_day(text.strip())
    if not value:
        raise click.BadParameter(
            f"{text!r} is not a time of day; write now or HH:MM (24-hour), e.g. 19:30", param_hint=param_hint
        )
    return value


def event_parser(ctx: click.Context, event_file: Path) -> Parse:
    """Assembles edited text of ``event_file`` (for edits made in two steps)."""
    from ingest.edit.event_file import event_parser as parser

    project = project_of(ctx)
    return parser(project, display_path(event_file, project.root))


def _check_pairings(event_file: Path, project: Any) -> None:
    """What ``validate`` says about the file (its recorded pairings are among its checks)."""
    from ingest.checks.project_diagnostics import check_event_file

    checked = check_event_file(event_file, project)
    print_diagnostics(list(checked.diagnostics))
    click.echo(f"{checked.loaded.shown}: {summary(list(checked.diagnostics))}", err=True)
    raise SystemExit(1 if has_errors(checked.diagnostics) else 0)


COMMANDS = (new, pair)
"""The commands that create an event and pair it."""


def _random_seed() -> int:
    """A new event's seed, when ``new`` is given none (imported here: no other command needs it)."""
    import secrets

    return secrets.randbelow(2**31)
