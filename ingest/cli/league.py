"""Leagues without a venue (:mod:`ingest.league`): ``apply-submission`` (what the repository's
workflow runs on each issue), ``codes`` (the sheet of codes the TO hands out) and ``venue-key``
(the venue key, for the repository secret the workflow reads).

The key is read here and only here: from the environment variable :data:`KEY_VARIABLE` when
it is set (the workflow sets it from the secret), else from the user's data folder as the
venue keeps it (:func:`ingest.venue.codes.load_key`).
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ingest.cli.common import echo_json, fail, project_of, user_data_home
from ingest.cli.edit_cycle import EVENT_FILE
from ingest.core.errors import IngestError

if TYPE_CHECKING:
    from ingest.venue.codes import VenueKeys
    from ingest.venue.tables import Table

KEY_VARIABLE = "SCOREKEEPER_VENUE_KEY"
"""The environment variable (and repository secret) that holds the venue key in a workflow."""
EXIT_STATUS = {"recorded": 0, "refused": 1, "waiting": 3, "ignored": 4, "broken": 5}
"""``apply-submission``'s exit status by the answer's status (2 stays a mistake in the command line)."""


def _key_from_env() -> bytes | None:
    """The key in :data:`KEY_VARIABLE` (None when the variable is not set).

    Raises:
        IngestError: the variable is set but holds no key (the secret is missing or mistyped).
    """
    if KEY_VARIABLE not in os.environ:
        return None
    text = os.environ[KEY_VARIABLE].strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise IngestError(
            f"the repository secret {KEY_VARIABLE} is {'empty' if not text else 'not a venue key'}; on the TO's "
            f"computer, run: scorekeeper venue-key | gh secret set {KEY_VARIABLE}"
        )
    return key


def _keys() -> VenueKeys:
    from ingest.venue.codes import VenueKeys, load_key

    key = _key_from_env()
    return VenueKeys(key if key is not None else load_key(user_data_home()))


@click.command("apply-submission")
@click.argument("event_json", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document: status, reply, files, close, labels.")
@click.pass_context
def apply_submission(ctx: click.Context, event_json: Path, as_json: bool) -> None:
    """Apply a result (or decklist) a player filed as a GitHub issue.

    EVENT_JSON is the `issues` event GitHub gives a workflow run ($GITHUB_EVENT_PATH). The
    issue's form names the match and the player and holds the code from the TO's sheet: a
    match's code opens only that match. The result is checked as the venue checks a phone's
    and written through the same locked edit as `report`; how it is accepted is the league's
    setting (extra.scorekeeper.league.accept in mkdocs.yml: agreed, reported or to).

    Prints the reply to post on the issue (Markdown; --json: with the files written, the
    other issues it settled and labels). Exit status: 0 recorded, 1 refused (nothing
    written), 3 waiting (for the opponent or the TO), 4 not a submission, 5 the repository
    is not set up (the key, the setting or an event file: the TO must look).

    The venue key comes from the SCOREKEEPER_VENUE_KEY environment variable when it is set
    (the workflow sets it from the repository secret), else from your data folder.

    \b
    Examples:
      scorekeeper apply-submission "$GITHUB_EVENT_PATH" --json
      scorekeeper apply-submission tests/data/league/report-opened.json
    """
    from ingest.league.replies import reply
    from ingest.league.results import Answer
    from ingest.league.submission import apply_submission as apply
    from ingest.publish.site_language import read_language
    from ingest.site.i18n import use
    from ingest.source.site_checks import site_language
    from ingest.source.site_config import league_settings, site_config

    project = project_of(ctx)
    settings = league_settings(project)
    answer: Answer
    if settings is None:
        answer = Answer(
            "broken",
            reply("This repository does not take submissions yet.", "The TO has been told."),
        )
        click.echo("error: mkdocs.yml has no valid extra.scorekeeper.league setting (repository: owner/name)", err=True)
    else:
        try:
            keys = _keys()
        except IngestError as exc:
            click.echo(f"error: {exc.text}", err=True)
            answer = Answer("broken", reply("Submissions cannot be checked just now.", "The TO has been told."))
        else:
            with use(read_language(site_language(site_config(project.mkdocs_file)) or "en", project.locales_dirs)):
                answer = apply(project, keys, settings, event_json, now=dt.datetime.now(dt.UTC))
            if answer.problem:
                click.echo(f"error: {answer.problem}", err=True)
    if as_json:
        echo_json(
            {
                "status": answer.status,
                "reply": answer.reply,
                "files": list(answer.files),
                "close": list(answer.close),
                "labels": list(answer.labels),
            }
        )
    else:
        click.echo(answer.reply, nl=False)
    sys.exit(EXIT_STATUS[answer.status])


@click.command("codes")
@EVENT_FILE
@click.option("--round", "round_no", type=int, default=None, help="A Swiss round (default: the round being played).")
@click.option("--players", is_flag=True, help="Each player's own code (it opens their decklist) instead.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document: each table (or player) with its code.")
@click.pass_context
def codes(ctx: click.Context, event_file: Path, round_no: int | None, players: bool, as_json: bool) -> None:
    """Print each player's code for their match of a round (or their own code), for the TO to hand out.

    A league's report is a public issue, and so is the code typed in it: so each player has a
    code of their own for each match (not the table's, as on the venue's slips), which opens
    that match for their side only. A player's own code (--players) opens only their
    decklist, for the whole event. Keep the sheet to
    yourself and give each player their own codes (a message, a slip). The codes come from
    the venue key in your data folder, which the repository's secret holds too
    (scorekeeper venue-key).

    \b
    Examples:
      scorekeeper codes events/2026/2026-11-02-autumn-league.yaml
      scorekeeper codes events/2026/2026-11-02-autumn-league.yaml --round 2 > round-2-codes.txt
      scorekeeper codes events/2026/2026-11-02-autumn-league.yaml --players
    """
    from ingest.site.i18n import use
    from ingest.venue.codes import shown_code
    from ingest.venue.events import Events

    project = project_of(ctx)
    try:
        keys = _keys()
    except IngestError as exc:
        fail(exc.text)
    with use("en"):
        live = Events(project, [event_file], keys).all()[0]
    if live.event is None:
        fail(f"{live.shown} has errors; run scorekeeper validate {live.shown}")
    if players:
        people = [
            (live.names.get(p.id, p.name), shown_code(keys.player_code(live.slug, p.id))) for p in live.event.players
        ]
        if as_json:
            echo_json({"event": live.slug, "players": [{"player": n, "code": c} for n, c in people]})
            return
        click.echo(f"{live.name}: each player's own code, for their decklist (keep this sheet to yourself)")
        width = max((len(n) for n, _ in people), default=0)
        for name, code in people:
            click.echo(f"  {name:<{width}}  {code}")
        return
    if round_no is not None:
        tables = [t for t in live.tables if t.stage == "rounds" and t.round == round_no]
        if not tables:
            fail(f"{live.shown} has no matches in round {round_no}")
    else:
        tables = live.current_tables()
        if not tables:
            fail(f"{live.shown} has no round paired yet; run scorekeeper pair {live.shown}")

    event = live.event
    real = {p.id: p.name for p in event.players} | {t.id: t.name for t in event.teams}  # the TO's own sheet

    sheet = [(t, _seat_codes(t, real, keys, live.slug)) for t in tables]
    if as_json:
        rows = [{"table": t.table, "players": [{"player": n, "code": c} for n, c in seats]} for t, seats in sheet]
        echo_json({"event": live.slug, "round": tables[0].label, "tables": rows})
        return
    click.echo(f"{live.name}, {tables[0].label}: each player's code for their match (keep this sheet to yourself)")
    width = max(len(name) for _t, seats in sheet for name, _code in seats)
    for t, seats in sheet:
        where = f"Table {t.table}" if t.table is not None else "Match"
        (a, code_a), (b, code_b) = seats
        click.echo(f"  {where:<9} {a:<{width}}  {code_a}    {b:<{width}}  {code_b}")


def _seat_codes(table: Table, names: dict[str, str], keys: VenueKeys, slug: str) -> list[tuple[str, str]]:
    """Each side of a match: the name on the TO's sheet and the side's own code for it."""
    from ingest.venue.codes import shown_code

    return [
        (names.get(side.id, side.name), shown_code(keys.seat_code(slug, table.subject, table.units, side.id)))
        for side in table.sides
    ]


@click.command("venue-key")
@click.option("--show", is_flag=True, help="Print the key on a terminal too (by default only into a pipe).")
def venue_key(show: bool) -> None:
    """Print the venue key, for the repository secret a league's workflow reads.

    Codes are made from this key (in your data folder, never in the project): the league's
    workflow needs the same key to check them. Set it once, straight from here into the
    secret, so it never appears on screen or in a file:

    \b
      scorekeeper venue-key | gh secret set SCOREKEEPER_VENUE_KEY
    """
    from ingest.venue.codes import load_key

    if sys.stdout.isatty() and not show:
        fail(f"the key goes into a pipe: scorekeeper venue-key | gh secret set {KEY_VARIABLE} (or give --show)")
    try:
        key = load_key(user_data_home())
    except IngestError as exc:
        fail(exc.text)
    click.echo(key.hex())


LEAGUE_COMMANDS = (apply_submission, codes, venue_key)
"""Leagues without a venue."""
