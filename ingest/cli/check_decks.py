"""The ``check-decks`` command: every decklist against its format on the event's date, in the
terminal or as one JSON document."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ingest.checks.event_files import event_paths
from ingest.cli.common import (
    echo_json,
    print_diagnostics,
    project_of,
)
from ingest.core.diagnostics import Diagnostic, has_errors, sorted_diagnostics

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ingest.decks.archetypes import ArchetypeBook
    from ingest.decks.card_data import CardData
    from ingest.decks.format_registry import FormatRegistry
    from ingest.source.project import Project

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
    from ingest.checks.project_diagnostics import shared_file_diagnostics
    from ingest.decks.card_files import card_data
    from ingest.decks.format_files import format_registry, load_archetype_book

    project = project_of(ctx)
    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    shared = sorted_diagnostics(shared_file_diagnostics(project))
    if not as_json:
        print_diagnostics(shared)
    book, _ = load_archetype_book(project)
    files: list[FileDecks] = []
    for path in event_paths(list(paths), project):
        checked = _check_file(path, project, registry, book, cards)
        files.append(checked)
        if not as_json:
            _show(checked, show_all=show_all)
    problems = (1 if has_errors(shared) else 0) + sum(f.problems for f in files)
    if as_json:
        echo_json(check_decks_document(shared, files, problems))
    decks = sum(len(f.decks) for f in files)
    teams = sum(len(f.teams) for f in files)
    teams_text = f" and {teams} team{'s' if teams != 1 else ''}" if teams else ""
    click.echo(f"checked {decks} decks{teams_text}: {problems} with problems", err=True)
    sys.exit(1 if problems else 0)


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One deck's verdict, as ``check-decks`` reports it."""

    player: str
    legal: bool | None
    """True, False, or None when it was not checked."""
    archetype: str
    skipped: tuple[str, ...]
    """Checks skipped for lack of card data, in words."""


@dataclass(frozen=True, slots=True)
class FileDecks:
    """An event file's decks and teams checked: what ``check-decks`` reports for it."""

    shown: str
    diagnostics: tuple[Diagnostic, ...]
    """validate's problems with the file, then its decks' (sorted)."""
    decks: tuple[DeckLine, ...] = ()
    teams: tuple[tuple[str, bool], ...] = ()
    """(team, legal) for each team checked for unified deck construction (MTR 8.4)."""
    readable: bool = True
    """Whether the file could be read as an event (its decks are checked only then)."""

    @property
    def problems(self) -> int:
        """Illegal decks and teams, or 1 for a file that cannot be read."""
        if not self.readable:
            return 1
        return sum(1 for d in self.decks if d.legal is False) + sum(1 for _, legal in self.teams if not legal)


def _check_file(
    path: Path, project: Project, registry: FormatRegistry, book: ArchetypeBook | None, cards: Mapping[str, CardData]
) -> FileDecks:
    """The file refused (and warned) exactly as validate would, then its decks and teams."""
    from ingest.checks.project_diagnostics import check_event_file
    from ingest.decks.event_decks import event_decks, team_verdicts

    event_check = check_event_file(path, project, shared=False)
    loaded = event_check.loaded
    if loaded.event is None or event_check.event is None:
        return FileDecks(loaded.shown, tuple(event_check.diagnostics), readable=False)
    decks = event_decks(loaded.event, loaded.deck_files, registry, book, cards)
    teams = team_verdicts(loaded.event, decks, registry, cards)
    found = event_check.diagnostics  # validate's, its decks' and teams' problems among them, each said once
    lines = tuple(
        DeckLine(
            pid,
            info.legal,
            info.archetype,
            tuple(v.message for v in info.verdict.skipped) if info.verdict is not None else (),
        )
        for pid, info in sorted(decks.items())
    )
    verdicts = tuple((team, verdict.is_legal) for team, verdict in sorted(teams.items()))
    return FileDecks(loaded.shown, found, lines, verdicts)


def _show(checked: FileDecks, *, show_all: bool) -> None:
    """A file's problems, and with ``--all`` every deck and team, for the terminal."""
    print_diagnostics(list(checked.diagnostics))
    if not show_all:
        return
    for deck in checked.decks:
        state = {True: "legal", False: "illegal", None: "not checked"}[deck.legal]
        click.echo(f"{checked.shown}: {deck.player}: {state}" + (f" ({deck.archetype})" if deck.archetype else ""))
        for message in deck.skipped:
            click.echo(f"  skipped: {message}")
    for team, legal in checked.teams:
        state = "legal" if legal else "illegal"
        click.echo(f"{checked.shown}: team {team}: {state} (unified deck construction)")


def check_decks_document(shared: list[Diagnostic], files: list[FileDecks], problems: int) -> dict[str, Any]:
    """``check-decks --json`` (``schema/cli-check-decks.schema.json``)."""
    return {
        "ok": not problems,
        "problems": problems,
        "decks": [
            {
                "file": f.shown,
                "player": d.player,
                "legal": d.legal,
                "archetype": d.archetype or None,
                "skipped": list(d.skipped),
            }
            for f in files
            for d in f.decks
        ],
        "teams": [{"file": f.shown, "team": team, "legal": legal} for f in files for team, legal in f.teams],
        "diagnostics": [d.as_json() for d in [*shared, *(d for f in files for d in f.diagnostics)]],
    }
