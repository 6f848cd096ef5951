"""Every diagnostic ``build`` and ``validate`` report, in one place every command shares.

* :func:`shared_file_diagnostics`: the files every event depends on (formats,
  archetypes, ``players.yaml``, the site configuration and the card data it names);
* :func:`event_checks`: checks that need a whole assembled event (pairing rules, game
  records, deck legality); ``build`` gets the same diagnostics from each event's report
  (:attr:`ingest.summary.event_summary.EventSummary.checks`), computed once with the decks and cached;
* :func:`check_project`: what ``scorekeeper validate`` reports, the whole truth about
  the files given (and the shared ones);
* :func:`check_event_file`: what a command that reads one event (``standings``,
  ``pair``, ``check-decks``) must respect: it refuses when this has an error, exactly
  as ``validate`` would, and shows the warnings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ingest.checks.event_files import Loaded, event_data, event_paths, load_event
from ingest.checks.readings import checked_rounds
from ingest.core.diagnostics import Diagnostic, SourcePos, error, has_errors, settled, sorted_diagnostics
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.card_files import card_data
from ingest.decks.deck_memo import DeckMemo
from ingest.decks.event_decks import DeckInfo, deck_checks, event_decks
from ingest.decks.format_files import format_registry, load_archetype_book
from ingest.decks.format_registry import FormatRegistry
from ingest.rules.standings_values import Standings
from ingest.source.deck_file import DeckFile
from ingest.source.own_pages import own_pages
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.source.site_config import site_config_diagnostics
from ingest.source.site_layers import layering_problems
from ingest.source.storage import links_out


def checks_for(
    event: Event,
    decks: Mapping[PlayerId, DeckInfo],
    formats: FormatRegistry | None,
    card_data: Mapping[str, CardData] | None = None,
    by_round: Sequence[Standings] | None = None,
    *,
    finished: bool | None = None,
    pairing: Sequence[Diagnostic] | None = None,
) -> list[Diagnostic]:
    """Pairing or game-record checks, and deck problems, for an event whose decks are known.

    A deck played in a finished event (or registered on another platform) is a fact like a
    played round: its problems are warnings that stay listed and never fail ``--strict``.

    ``by_round``: the standings after each round, when the caller has computed them;
    ``finished``: whether the event is over, when the caller knows; ``pairing``: the recorded
    rounds' checks, when the caller knows them (:func:`ingest.checks.readings.checked_rounds`).
    """
    out = list(pairing) if pairing is not None else recorded_pairing_checks(event, by_round)
    found = deck_checks(event, decks, formats, card_data)
    if found and event.origin is None and finished is None:
        from ingest.planner.plan import is_finished

        finished = is_finished(event)
    if event.origin is not None:  # decks as another platform registered them: facts, kept as recorded
        found = [d if d.is_error else settled(d) for d in found]
    elif finished:
        played = " (played: the event is over)"
        found = [d if d.is_error else settled(replace(d, message=d.message + played)) for d in found]
    out.extend(found)
    return out


def recorded_pairing_checks(event: Event, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """The recorded rounds checked against the rules of the event's pairing system
    (:func:`ingest.planner.plan.pairing_diagnostics`; Wheel of Time: each game's record too).

    What an edit of the file can change; the edit commands compare them before and after.
    """
    from ingest.planner.plan import pairing_diagnostics

    return pairing_diagnostics(event, by_round)


def event_checks(
    event: Event,
    deck_files: Sequence[DeckFile],
    project: Project,
    *,
    archetypes: ArchetypeBook | None = None,
    pairing: Sequence[Diagnostic] | None = None,
    memo: DeckMemo | None = None,
) -> list[Diagnostic]:
    """Every check of an assembled event, as positioned diagnostics (``deck_files``: the
    decklist files it names, as :func:`~ingest.checks.event_files.load_event` read them;
    ``pairing``: as for :func:`checks_for`; ``memo``: the decklists checked for the other
    events of the same run, :class:`~ingest.decks.deck_memo.DeckMemo`)."""
    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    decks = event_decks(event, deck_files, registry, archetypes, cards, memo)
    return checks_for(event, decks, registry, cards, pairing=pairing)


def shared_file_diagnostics(project: Project) -> list[Diagnostic]:
    """Problems of the files every event depends on, each at its own position.

    The format files, the archetype rules, ``players.yaml``, the site configuration (and
    the catalog of its language, the card-data files and theme overrides it names), the
    project's templates (none may be a link out of the project) and its own pages (``pages/``).
    A format file with an error is reported here once; the events of its game are not told
    that their game is unknown.
    """
    out = list(format_registry(project)[1])
    out += load_archetype_book(project)[1]
    out += load_players(project)[1]
    out += site_config_diagnostics(project)
    out += layering_problems(project)
    out += own_pages(project).problems
    out += card_data(project)[1]
    out += links_out(project.root / "site_templates", project.root)  # (the shipped templates are not in the project)
    return out


def duplicate_slugs(named: Sequence[tuple[str, str]]) -> list[Diagnostic]:
    """Two event files that would get the same page address (``named``: each file's name, as
    diagnostics give it, and its event's slug)."""
    out: list[Diagnostic] = []
    slugs: dict[str, str] = {}
    for shown, slug in named:
        if slug in slugs:
            out.append(
                error(
                    "duplicate-slug",
                    f'two event files have the address "{slug}" (also {slugs[slug]})',
                    SourcePos.file_start(shown),
                    "rename one of the files",
                )
            )
        slugs[slug] = shown
    return out


@dataclass(frozen=True, slots=True)
class ProjectCheck:
    """What ``validate`` found: the event files read and every diagnostic."""

    loaded: tuple[Loaded, ...]
    """The event files, read and checked."""
    diagnostics: tuple[Diagnostic, ...]
    """Every problem of every file (event files and shared files), sorted, without repeats."""


def check_project(project: Project, paths: Sequence[Path] = ()) -> ProjectCheck:
    """Every check ``build`` runs, on the event files named (default: all of ``events/``).

    The shared files are always checked: every event depends on them.
    """
    archetypes, _ = load_archetype_book(project)
    data = event_data(project)
    loaded = tuple(load_event(p, project, data=data) for p in event_paths(list(paths), project))
    diags = shared_file_diagnostics(project)
    memo = DeckMemo()  # an archive holds the same lists many times: each is checked once
    for item in loaded:
        diags.extend(item.diagnostics)
        if item.event is not None and item.text is not None:
            pairing = checked_rounds(item.text, item.shown, project, item.event, data.key)
            checks = event_checks(
                item.event, item.deck_files, project, archetypes=archetypes, pairing=pairing, memo=memo
            )
            diags.extend(checks)
    diags += duplicate_slugs([(item.shown, item.event.slug) for item in loaded if item.event is not None])
    return ProjectCheck(loaded, tuple(sorted_diagnostics(diags)))


@dataclass(frozen=True, slots=True)
class EventCheck:
    """One event file as a command that reads it sees it."""

    loaded: Loaded
    """The file, read and checked."""
    diagnostics: tuple[Diagnostic, ...]
    """The shared files' problems, the file's own and its checks' (sorted)."""

    @property
    def event(self) -> Event | None:
        """The event, or None when anything has an error (the command must refuse)."""
        return self.loaded.event if not has_errors(self.diagnostics) else None


def check_event_file(path: Path, project: Project, *, shared: bool = True, keep_tree: bool = False) -> EventCheck:
    """What ``validate`` says about one event file and the shared files it depends on.

    ``shared``: include the shared files' problems (a command going over many events
    reports them once itself); ``keep_tree``: keep the text as read, with its node tree
    (:attr:`~ingest.checks.event_files.Loaded.document`), for a command that goes on to edit it.
    """
    loaded = load_event(path, project, keep_tree=keep_tree)
    diags = (shared_file_diagnostics(project) if shared else []) + list(loaded.diagnostics)
    if loaded.event is not None and loaded.text is not None:
        archetypes, _ = load_archetype_book(project)
        pairing = checked_rounds(loaded.text, loaded.shown, project, loaded.event)
        diags += event_checks(loaded.event, loaded.deck_files, project, archetypes=archetypes, pairing=pairing)
    return EventCheck(loaded, tuple(sorted_diagnostics(diags)))
