"""The ``check-decks`` command: every decklist against its format on the event's date, in the
terminal or as one JSON document."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ingest.checks.event_files import event_paths
from ingest.cli.common import (
    echo_json,
    print_diagnostics,
    project_of,
)
from ingest.core.diagnostics import Diagnostic, has_errors, sorted_diagnostics

# -- check-decks -------------------------------------------------------------------------


@click.command("check-decks")
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
    from ingest.checks.project_diagnostics import check_event_file, shared_file_diagnostics
    from ingest.decks.card_files import card_data
    from ingest.decks.event_decks import deck_diagnostics, event_decks, team_verdicts
    from ingest.decks.format_files import format_registry, load_archetype_book

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
