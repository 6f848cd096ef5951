"""Checks that need a whole assembled event: pairing rules, game records and deck legality.

``scorekeeper validate`` runs :func:`event_checks`; ``build`` gets the same diagnostics
from each event's report (:attr:`ingest.report.EventReport.checks`), computed once with
the decks and cached with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ingest.decklists import CardData
from ingest.decks import DeckInfo, deck_checks, event_decks
from ingest.diagnostics import Diagnostic, settled
from ingest.formats import ArchetypeBook, FormatRegistry
from ingest.model import Event, PlayerId
from ingest.project import Project
from ingest.standings import Standings


def checks_for(
    event: Event,
    decks: Mapping[PlayerId, DeckInfo],
    formats: FormatRegistry | None,
    card_data: Mapping[str, CardData] | None = None,
    by_round: Sequence[Standings] | None = None,
) -> list[Diagnostic]:
    """Pairing or game-record checks, and deck problems, for an event whose decks are known.

    ``by_round``: the standings after each round, when the caller has computed them.
    """
    out = recorded_pairing_checks(event, by_round)
    found = deck_checks(event, decks, formats, card_data)
    if event.source is not None:  # decks as another platform registered them: facts, kept as recorded
        found = [d if d.is_error else settled(d) for d in found]
    out.extend(found)
    return out


def recorded_pairing_checks(event: Event, by_round: Sequence[Standings] | None = None) -> list[Diagnostic]:
    """The recorded rounds checked against the pairing rules (and Wheel of Time game records).

    What an edit of the file can change; the edit commands compare them before and after.
    """
    out: list[Diagnostic] = []
    if event.structure.pairing == "wot-cycles":
        from ingest.wot_event import wot_diagnostics

        out.extend(wot_diagnostics(event))
    from ingest.pair import pairing_diagnostics

    out.extend(pairing_diagnostics(event, by_round))
    return out


def event_checks(event: Event, project: Project, *, archetypes: ArchetypeBook | None = None) -> list[Diagnostic]:
    """Every check of an assembled event, as positioned diagnostics."""
    from ingest.pipeline import card_data, format_registry

    registry, _ = format_registry(project)
    cards, _ = card_data(project)
    return checks_for(event, event_decks(event, registry, archetypes, cards), registry, cards)
