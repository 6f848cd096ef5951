"""Everything computed about one event, bundled for rendering.

:func:`compute_summary` is the single step between the model and the site. From the event
and the decklist files read beside it (:class:`~ingest.source.deck_file.DeckFile`), it
works out the deck verdicts and archetypes, the metagame, the checks and the event's
status, as every family has them; then the family's own results
(:mod:`ingest.summary.family_results`): standings after each round and final standings
with the playoff (MTR-style), or each game's scores and the standings after each game
(Wheel of Time), and the champion. Rendering reads only this (the values are
:mod:`ingest.summary.summary_values`'s).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rulesets import Ruleset
from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.deck_memo import DeckMemo
from ingest.decks.event_decks import DeckInfo, event_decks
from ingest.decks.format_registry import FormatRegistry
from ingest.rules.event_ruleset import ruleset_for
from ingest.rules.published import published_ruleset, uses_published_standings
from ingest.rules.standings_values import Standings
from ingest.source.deck_file import DeckFile
from ingest.source.naming import EventNaming
from ingest.summary.family_results import results_of
from ingest.summary.summary_values import EventSummary, MetaRow, decklists_visible, event_status, public_archetypes

__all__ = ["EventSummary", "MetaRow", "compute_summary", "decklists_visible", "event_status", "public_archetypes"]


def _without_decks(event: Event) -> Event:
    """The event with nothing that names a player's deck (their declared archetype and deck name)."""
    players = tuple(replace(p, archetype="", deck_name="") if p.archetype or p.deck_name else p for p in event.players)
    return replace(event, players=players)


def _metagame(event: Event, decks: Mapping[PlayerId, DeckInfo], visible: bool) -> tuple[MetaRow, ...]:
    """Archetype shares of the field and top-cut conversion, from the publishable archetypes only."""
    archetype = {pid: a or "Unknown" for pid, a in public_archetypes(event, decks, visible).items()}
    if all(a == "Unknown" for a in archetype.values()):
        return ()
    counts = Counter(archetype.values())
    top_ids: set[PlayerId] = set()
    if event.playoff:
        top_ids = {p for rnd in event.playoff for m in rnd.matches for p in m.players}
    top = Counter(archetype[p] for p in top_ids if p in archetype)
    total = sum(counts.values())
    rows = []
    for name, n in counts.items():
        share = Fraction(n, total)
        conversion = (Fraction(top[name], len(top_ids)) / share) if top_ids else None
        rows.append(MetaRow(name, n, share, top[name], conversion))
    rows.sort(key=lambda r: (-r.players, r.archetype == "Unknown", r.archetype.casefold()))
    return tuple(rows)


def compute_summary(
    event: Event,
    deck_files: Sequence[DeckFile],
    formats: FormatRegistry | None = None,
    archetypes: ArchetypeBook | None = None,
    *,
    card_data: Mapping[str, CardData] | None = None,
    today: dt.date | None = None,
    naming: EventNaming | None = None,
    memo: DeckMemo | None = None,
) -> EventSummary:
    """Computes everything the site shows about one event.

    The checks are those of the event as written (the ids of its file, as ``validate``
    reports them); everything else is of the event as published (``naming``, made once
    from ``players.yaml`` by :func:`ingest.source.naming.naming_of`): the decks and the
    standings after each round, worked out once for both, are renamed rather than computed
    again (the standings order by the file's ids: :attr:`~ingest.core.model.Player.file_id`).

    Args:
        event: the event.
        deck_files: the decklist files its players' ``deck`` entries name, as read (nothing
            is read here; without them only inline lists are checked).
        formats: format registry for deck checks.
        archetypes: archetype rules for unclassified decks.
        today: not used for the computation itself (kept for symmetry with the site).
        naming: how the players are published (None: as the file names them).
        memo: decklists parsed, checked and classified for other events of the same build
            (:class:`~ingest.decks.deck_memo.DeckMemo`); None: this event's own.
    """
    del today
    published = uses_published_standings(event)  # the platform's standings, as recorded
    ruleset = published_ruleset(event) if published else ruleset_for(event)
    status = event_status(event)
    from ingest.checks.project_diagnostics import checks_for

    results = results_of(event)
    decks: Mapping[PlayerId, DeckInfo] = event_decks(event, deck_files, formats, archetypes, card_data, memo)
    by_round = results.standings_by_round(event)
    checks = tuple(checks_for(event, decks, formats, card_data, by_round, finished=status == "complete"))
    if naming is not None:
        event, decks, by_round = _published(event, decks, by_round, naming)
    visible = decklists_visible(event, status)
    if not visible:  # checked above with everything; published with nothing that names a deck
        event, decks = _without_decks(event), {}
    report = EventSummary(
        event,
        ruleset,
        status,
        decks=decks,
        decklists_visible=visible,
        metagame=_metagame(event, decks, visible),
        recommended_rounds=_advice(event, ruleset) if event.origin is None else "",  # advice is for planning
        checks=checks,
        canonical=naming.canonical if naming is not None else {},
    )
    report = results.complete(report, by_round)
    return replace(report, winner=results.winner(report)) if status == "complete" else report


def _published(
    event: Event, decks: Mapping[PlayerId, DeckInfo], by_round: Sequence[Standings], naming: EventNaming
) -> tuple[Event, Mapping[PlayerId, DeckInfo], Sequence[Standings]]:
    """The event, its decks and its standings after each round, as published (``naming``)."""
    published = naming.published(event)
    if published is event:
        return event, decks, by_round
    to = naming.published_id
    decks = {to(pid): replace(d, player=to(pid)) for pid, d in decks.items()}
    return published, decks, tuple(s.renamed(to, naming.names) for s in by_round)


def _advice(event: Event, ruleset: Ruleset) -> str:
    from ingest.rules.rounds_advice import advice

    return advice(event, ruleset)
