"""Checks that need a whole assembled event: pairing rules, game records and deck legality.

``scorekeeper validate`` (and ``build``) run these after the file itself is valid.
"""

from __future__ import annotations

from ingest.diagnostics import Diagnostic
from ingest.formats import ArchetypeBook
from ingest.model import Event
from ingest.project import Project
from ingest.yamldoc import SourceDocument


def deck_checks(event: Event, project: Project, archetypes: ArchetypeBook | None = None) -> list[Diagnostic]:
    """Decklist parse errors and format violations on the event date."""
    from ingest.decks import deck_diagnostics, event_decks, team_verdicts
    from ingest.pipeline import card_data, format_registry

    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    decks = event_decks(event, registry, archetypes, cards)
    return deck_diagnostics(event, decks, team_verdicts(event, decks, registry))


def event_checks(
    event: Event, doc: SourceDocument, project: Project, *, archetypes: ArchetypeBook | None = None
) -> list[Diagnostic]:
    """Every check of an assembled event, as positioned diagnostics."""
    del doc
    out: list[Diagnostic] = []
    if event.structure.pairing == "wot-cycles":
        from ingest.wot_event import wot_diagnostics

        out.extend(wot_diagnostics(event))
    else:
        from ingest.pair import pairing_diagnostics

        out.extend(pairing_diagnostics(event))
    out.extend(deck_checks(event, project, archetypes))
    return out
