"""``scorekeeper export --csv DIR``: the analysts' tidy tables of a chosen range of events
(one row per round entry with both players' archetypes, one per standings row, one per
decklist card; :mod:`ingest.analytics.tables`), as CSV files in a folder."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ingest.cli.common import fail, print_diagnostics, project_of

NOT_EXPORTED = "nothing was exported: fix the errors above first (scorekeeper validate lists everything)"
"""The last line when an event file has an error (the diagnostics are printed above it)."""


@click.command("export")
@click.option(
    "--csv",
    "folder",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to write matches.csv, standings.csv and cards.csv into (made if missing).",
)
@click.option("--from", "start", type=click.DateTime(["%Y-%m-%d"]), default=None, help="Events on or after this date.")
@click.option("--to", "end", type=click.DateTime(["%Y-%m-%d"]), default=None, help="Events on or before this date.")
@click.option("--game", default=None, help="Events of this game only (mtg, vanguard, ...).")
@click.option("--format", "fmt", default=None, help="Events of this format only (modern, standard, ...).")
@click.option("--season", default=None, help="The events of this season only (its file name under seasons/).")
@click.option(
    "--bom",
    is_flag=True,
    help="For spreadsheets: a UTF-8 byte-order mark, and text that would be a formula (=, +, -, @) "
    "kept as text with a leading '.",
)
@click.pass_context
def export(
    ctx: click.Context,
    folder: Path,
    start: dt.datetime | None,
    end: dt.datetime | None,
    game: str | None,
    fmt: str | None,
    season: str | None,
    bom: bool,
) -> None:
    """Write the events' tables as CSV for spreadsheets, pandas or R.

        matches.csv: one row per round entry (Swiss and playoff), from the first-listed player's
        side, with both players' archetypes, the round, the result and the games. standings.csv:
        one row per standings row. cards.csv: one row per decklist line. UTF-8, quoted as the
        standard csv module does; --bom for spreadsheets (a byte-order mark, and a name that would
    be a formula shown as text). Archetypes and decks only
        where the event's decklists are public; players as the site names them.

        \b
        Examples:
          scorekeeper export --csv tables/
          scorekeeper export --csv tables/ --format modern --from 2026-01-01 --to 2026-06-30 --bom
          scorekeeper export --csv tables/ --season spring-league
    """
    from ingest.analytics.tables import CARD_COLUMNS, MATCH_COLUMNS, STANDINGS_COLUMNS, event_tables, joined
    from ingest.core.diagnostics import has_errors, sorted_diagnostics
    from ingest.site.api_tables import csv_text
    from ingest.site.brief import analytics_record
    from ingest.source.naming import publishable
    from ingest.source.pipeline import event_data, event_paths, load_archetype_book, load_event, load_players
    from ingest.source.project_diagnostics import shared_file_diagnostics
    from ingest.source.season_files import load_seasons
    from ingest.source.site_config import card_data
    from ingest.source.storage import write_atomically
    from ingest.summary.event_summary import compute_summary

    project = project_of(ctx)
    if start is not None and end is not None and start > end:
        raise click.UsageError(f"--from {start.date()} is after --to {end.date()}")
    selection = None
    if season is not None:
        seasons, _ = load_seasons(project)
        found = next((s for s in seasons if s.id == season), None)
        if found is None:
            known = ", ".join(s.id for s in seasons) or "none"
            fail(f"no season {season!r} under seasons/ (seasons: {known})")
        selection = found.selection
    data = event_data(project)
    registry, _ = load_players(project)
    archetypes, _ = load_archetype_book(project)
    cards, _ = card_data(project)
    diags = list(shared_file_diagnostics(project))
    chosen = []
    for path in event_paths([], project):
        item = load_event(path, project, data=data)
        e = item.event
        if e is None or has_errors(item.diagnostics):
            diags += item.diagnostics
            continue
        if (
            (start is not None and e.date < start.date())
            or (end is not None and e.date > end.date())
            or (game is not None and e.game != game)
            or (fmt is not None and e.format != fmt)
            or (selection is not None and not selection.counts(e.slug, e.date, e.game, e.format, e.organizer))
        ):
            continue
        report = publishable(
            e,
            item.deck_files,
            registry,
            lambda ev, files: compute_summary(ev, files, data.formats, archetypes, card_data=cards),
        )
        diags += [*item.diagnostics, *report.checks]
        chosen.append(report)
    if has_errors(diags):
        print_diagnostics(sorted_diagnostics([d for d in diags if d.is_error]), err=True)
        fail(NOT_EXPORTED)
    chosen.sort(key=lambda r: (r.event.date, r.event.slug))
    tables = joined(event_tables(r, analytics_record(r, registry)) for r in chosen)
    files = {
        "matches.csv": csv_text(MATCH_COLUMNS, tables.matches, bom=bom),
        "standings.csv": csv_text(STANDINGS_COLUMNS, tables.standings, bom=bom),
        "cards.csv": csv_text(CARD_COLUMNS, tables.cards, bom=bom),
    }
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        write_atomically(folder / name, content.encode("utf-8"), durable=False)
    click.echo(
        f"{len(chosen)} event{'s' if len(chosen) != 1 else ''}: {len(tables.matches)} match rows, "
        f"{len(tables.standings)} standings rows, {len(tables.cards)} card rows in {folder}"
    )
