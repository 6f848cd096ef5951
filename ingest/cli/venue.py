"""Event night at the venue: ``venue`` (the server phones use), and the TO's desk from the
terminal: ``inbox`` (what waits), ``accept`` and ``reject`` (:mod:`ingest.venue`).

The commands read what phones sent from the venue's database in the user's data folder
(:func:`~ingest.cli.common.user_data_home`), the server running or not; an accepted result is
written into the event file at once, by the same edit as ``report``.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ingest.cli.common import (
    fail,
    project_of,
    settled_before,
    today_from_env,
    user_cache_home,
    user_data_home,
)
from ingest.cli.edit_cycle import EVENT_FILE
from ingest.core.errors import IngestError
from ingest.source.project import Project

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ingest.venue.desk import Desk
    from ingest.venue.entries import Entries
    from ingest.venue.events import LiveEvent
    from ingest.venue.to_view import StateCount


@click.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--lan", is_flag=True, help="Listen on every network of this computer (the venue's Wi-Fi, a hotspot).")
@click.option("--host", default=None, metavar="ADDRESS", help="Listen on this address only (default: 127.0.0.1).")
@click.option("--port", default=8765, show_default=True, type=int, help="Port (0 picks a free one).")
@click.option(
    "--accept",
    type=click.Choice(["agreed", "to"]),
    default=None,
    help="agreed: a result both players report is recorded at once; to: every result waits for the TO "
    "(default: as last set, agreed the first time; the TO page changes it).",
)
@click.option(
    "--register",
    type=click.Choice(["to", "at-once"]),
    default=None,
    help="to: every registration from the join page waits for you to approve it; at-once: it is written "
    "into the event file as it arrives (default: as last set, to the first time; the TO page changes it).",
)
@click.option("--new-token", is_flag=True, help="Make a new TO token (the old TO page address stops working).")
@click.option("--engine", type=click.Choice(["mkdocs", "zensical"]), default="mkdocs", show_default=True)
@click.option(
    "--today", type=click.DateTime(formats=["%Y-%m-%d"]), default=None, help="Date for upcoming/recent events."
)
@click.pass_context
def venue(
    ctx: click.Context,
    files: tuple[Path, ...],
    lan: bool,
    host: str | None,
    port: int,
    accept: str | None,
    register: str | None,
    new_token: bool,
    engine: str,
    today: dt.datetime | None,
) -> None:
    """Run the event night: live pages on every phone, players reporting their own results.

    Serves the site (the same pages as the published one) to the phones on the venue's
    network, with no internet needed, and rebuilds it on every change (pair, report, a
    correction, a save in an editor, a result accepted from a phone); phones show the new
    pages within seconds. FILES are the events played tonight (default: the event files
    dated today).

    Players register at /join (the QR code printed here and shown on /screen), get their
    own player code, and check in (with structure.check_in); registrations wait for you on
    the TO page (or `inbox`, `accept`, `reject`) unless --register at-once. Players report
    at /report with the code printed on their table's result slip (print the round with
    its slips from the TO page); the opponent confirms on their own phone.
    The TO page (its address and QR code are printed here; keep it to yourself) shows the
    round at a glance, accepts and rejects results, runs the round clock and pairs the
    next round; /screen is the projector's view. Codes are never on the site: the venue
    keeps its key and what phones send in your data folder, not in the project.

    By default the venue listens on this computer only (127.0.0.1); --lan lets the phones
    in on every network of this computer, --host ADDRESS on one.

    \b
    Examples:
      scorekeeper venue events/2026/2026-11-27-fnm.yaml --lan
      scorekeeper venue --lan --accept to            # every result waits for the TO
      scorekeeper venue --host 192.168.1.20 --port 8080
      scorekeeper inbox events/2026/2026-11-27-fnm.yaml
    """
    from ingest.venue.events import default_event_files
    from ingest.venue.server import run_venue

    project = project_of(ctx)
    if lan and host is not None:
        raise click.UsageError("give --lan or --host, not both")
    chosen = list(files)
    if not chosen:
        day = today_from_env(today.date() if today else None)
        chosen = default_event_files(project, day.isoformat())
        if not chosen:
            raise click.UsageError(f"no event file is dated {day.isoformat()}; name the event file(s) to run")
    try:
        run_venue(
            project,
            chosen,
            host="0.0.0.0" if lan else host or "127.0.0.1",
            port=port,
            engine=engine,
            today=lambda: today_from_env(today.date() if today else None),
            now=dt.datetime.now,
            data_home=user_data_home(),
            accept=accept,
            register=register,
            fresh_token=new_token,
            echo=lambda message: click.echo(message, err=True),
            cache_home=user_cache_home(),
            settled_before=settled_before,
        )
    except IngestError as exc:
        fail(exc.text)


def _desk(project: Project, event_file: Path) -> tuple[Desk, LiveEvent, str]:
    from ingest.venue.codes import VenueKeys, load_key
    from ingest.venue.desk import Desk
    from ingest.venue.events import Events
    from ingest.venue.server import open_store

    data = user_data_home()
    store = open_store(data, project)
    events = Events(project, [event_file], VenueKeys(load_key(data)))
    live = events.all()[0]
    desk = Desk(events, store, wake=lambda: None, changed=lambda: None)
    return desk, live, live.slug


def _entries(desk: Desk) -> Entries:
    from ingest.venue.entries import Entries

    return Entries(desk.events, desk.store, wake=lambda: None, changed=lambda: None)


def _registrations(desk: Desk, live: LiveEvent) -> None:
    """The registrations waiting, for ``inbox``."""
    from ingest.venue.to_view import entries_overview

    desk_view = entries_overview(_entries(desk), live)
    for r in desk_view.waiting:
        state = "waiting for you" if r.state == "pending" else f"approved, not written: {r.reason or 'being written'}"
        here = ", checked in" if r.check_in else ""
        click.echo(f"  #{r.id}  registration: {r.name} ({r.player}), shown {r.how}, at {r.at}{here}: {state}")
    if desk_view.check_in:
        click.echo(f"  check-in: {desk_view.here} of {desk_view.count} players")


def _of_event(desk: Desk, live: LiveEvent, claim: int) -> None:
    """Refuses, before anything is decided, a claim that is not about the event file given."""
    sub = desk.store.get(claim) if 0 < claim < 2**63 else None  # SQLite's integers
    if sub is None:
        fail(f"There is no result {claim} at this venue.")
    if sub.event != live.slug:
        fail(
            f"{live.shown}: claim {claim} is about another event ({sub.event}), not this one; "
            f"nothing was decided (name that event's file)"
        )


@click.command()
@EVENT_FILE
@click.option("--all", "everything", is_flag=True, help="Also list the tables of earlier rounds with claims.")
@click.pass_context
def inbox(ctx: click.Context, event_file: Path, everything: bool) -> None:
    """List what players sent from the venue that waits for the TO: results and registrations.

    One line per table of the round being played that is not recorded yet: disputed (both
    claims shown), confirmed by both players (waiting for you when the venue runs with
    --accept to), reported by one player, accepted but refused by the file (a result
    already there differs), and the tables nobody reported; then the registrations from
    the join page that wait for you, and how many players are checked in. Each claim and
    registration has a number for `scorekeeper accept` and `reject`.

    \b
    Examples:
      scorekeeper inbox events/2026/fnm.yaml
      scorekeeper accept events/2026/fnm.yaml 12
      scorekeeper reject events/2026/fnm.yaml 13
    """
    from ingest.site.i18n import use
    from ingest.venue.to_view import event_overview

    project = project_of(ctx)
    desk, live, _slug = _desk(project, event_file)
    with use("en"):
        view = event_overview(desk, live, dt.datetime.now())
    rows = [r for r in view.rows if r.state != "recorded"]
    if everything:
        rows += [r for r in view.others if r.claims or r.waiting]
    missing = [str(r.table.table or "?") for r in rows if r.state == "missing"]
    shown = [r for r in rows if r.state != "missing"]
    click.echo(f"{live.shown}: {view.label or 'no round yet'}: " + _summary(view.counts))
    for r in shown:
        table = r.table
        where = f"{table.label}, table {table.table}" if not table.open else f"table {table.table}"
        click.echo(f"  {where}: {r.state_label}")
        for c in r.claims:
            phone = " (same phone as the other claim)" if c.shared_phone else ""
            click.echo(f"    #{c.id}  {c.by} reported {c.result} at {c.at}{phone}")
        for w in r.waiting:
            why = f": {w.why}" if w.why else ", being written"
            click.echo(f"    #{w.id}  accepted {w.result}{why}")
        if r.differs:
            click.echo(f"    the file holds {r.recorded}")
    if missing:
        click.echo(f"  nobody has reported table{'s' if len(missing) != 1 else ''} {', '.join(missing)}")
    _registrations(desk, live)


def _summary(counts: Sequence[StateCount]) -> str:
    return ", ".join(f"{c.n} {c.label}" for c in counts) or "no result sent yet"


@click.command()
@EVENT_FILE
@click.argument("claim", type=int)
@click.option("--replace", is_flag=True, help="Replace a different result the event file already holds.")
@click.pass_context
def accept(ctx: click.Context, event_file: Path, claim: int, replace: bool) -> None:
    """Accept a result or a registration a player sent from the venue (its number is in
    `scorekeeper inbox`).

    A registration is written into the event file at once, by `add-player`'s edit (a late
    entry after round 1, with the event's losses).

    The claims that agree with it are accepted with it, the others rejected, and the result
    is written into the event file at once (the same edit as `report`). A result the file
    already holds is changed only with --replace.

    \b
    Examples:
      scorekeeper accept events/2026/fnm.yaml 12
      scorekeeper accept events/2026/fnm.yaml 12 --replace
    """
    from ingest.venue.apply import write_result
    from ingest.venue.codes import new_token
    from ingest.venue.desk import Refused

    project = project_of(ctx)
    desk, live, slug = _desk(project, event_file)
    _of_event(desk, live, claim)
    if _is_registration(desk, claim):
        _accept_registration(desk, live, claim)
        return
    try:
        state = desk.accept(claim, replace=replace, key=f"cli-{new_token()}")
    except Refused as exc:
        fail(str(exc))
    write_result(desk.events, desk.store, slug, state.table.subject)
    now = desk.events.read(live.path).table(state.table.subject)
    after = desk.state(now or state.table)
    done = [s for s in after.history if s.state == "accepted"]
    outcome = done[-1].outcome if done else ""
    if after.state == "recorded":
        click.echo(f"{live.shown}: {outcome}")
    else:
        fail(f"accepted, but not written: {outcome}; give --replace to replace the result the file holds")


@click.command()
@EVENT_FILE
@click.argument("claim", type=int)
@click.option("--reason", default="", help="A registration: why it is refused (the player's phone shows it).")
@click.pass_context
def reject(ctx: click.Context, event_file: Path, claim: int, reason: str) -> None:
    """Reject a result or a registration a player sent from the venue (its number is in
    `scorekeeper inbox`).

    The player's phone says the TO did not accept it; they may report again. A refused
    registration is shown on the player's phone with --reason, when given.

    \b
    Examples:
      scorekeeper reject events/2026/fnm.yaml 13
      scorekeeper reject events/2026/fnm.yaml 14 --reason "Registration closed at 19:00"
    """
    from ingest.venue.desk import Refused

    project = project_of(ctx)
    desk, live, _slug = _desk(project, event_file)
    _of_event(desk, live, claim)
    if _is_registration(desk, claim):
        try:
            sub = _entries(desk).refuse(claim, reason)
        except Refused as exc:
            fail(str(exc))
        if sub.event != live.slug:
            fail(f"registration {claim} is not for {live.shown}")
        said = f" ({reason})" if reason else ""
        click.echo(f"{live.shown}: registration {claim} of {sub.payload.get('name')} refused{said}; the phone says so")
        return
    if reason:
        raise click.UsageError("--reason is for a registration; a rejected result says the TO did not accept it")
    try:
        desk.reject(claim)
    except Refused as exc:
        fail(str(exc))
    click.echo(f"{live.shown}: claim {claim} rejected")


def _is_registration(desk: Desk, sid: int) -> bool:
    from ingest.venue.entries import REGISTRATION

    sub = desk.store.get(sid)
    return sub is not None and sub.kind == REGISTRATION


def _accept_registration(desk: Desk, live: LiveEvent, sid: int) -> None:
    """Approves registration ``sid`` and writes it into the event file at once (``add-player``'s edit)."""
    from ingest.venue.desk import Refused
    from ingest.venue.entry_writing import write_entry

    sub = desk.store.get(sid)
    if sub is None or sub.event != live.slug:
        fail(f"registration {sid} is not for {live.shown}")
    try:
        _entries(desk).approve(sid)
    except Refused as exc:
        fail(str(exc))
    write_entry(desk.events, desk.store, sub.event, sub.subject)
    done = desk.store.get(sid)
    if done is None or done.applied is None:
        fail(f"approved, but not written: {done.outcome if done else '?'}")
    click.echo(f"{live.shown}: {done.outcome}")


VENUE_COMMANDS = (venue, inbox, accept, reject)
"""The venue and the TO's desk from the terminal."""
