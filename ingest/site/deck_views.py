"""What an event's decklists page shows: each deck by section (or, with card data, by card
type), its archetype, its verdict and the rule each violation breaks, in the site's language.

Each card line reads as the decklist text has it ("4 Card Name"), so "Copy as text" copies
the list from what is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ingest.core.ids import PlayerId
from ingest.decks.decklist_parts import DeckEntry, Section
from ingest.decks.event_decks import TYPE_ORDER
from ingest.report.event_report import EventReport
from ingest.site import deck_words
from ingest.site.event_views import Links, link
from ingest.site.i18n import gettext as _
from ingest.source.players import PlayerRegistry


@dataclass(frozen=True, slots=True)
class DeckSection:
    """A section of a decklist (or, with card data, a card type of the main deck)."""

    title: str
    header: str
    """The section's header in the decklist text (``Deck``, ``Sideboard``...), for "Copy as text"."""
    count: int
    stars: str | None
    entries: tuple[DeckEntry, ...]
    """Its lines, each shown as the decklist text has it (count, card, :attr:`~DeckEntry.extra`)."""


@dataclass(frozen=True, slots=True)
class DeckView:
    """One player's deck on the decklists page."""

    player: str
    name: str
    url: str
    archetype: str
    sections: tuple[DeckSection, ...]
    legal: bool | None
    """None when the deck was not checked."""
    violations: tuple[str, ...]
    skipped: tuple[str, ...]
    stars: str | None
    deck_name: str


_SECTION_ORDER = (Section.CHARACTERS, Section.HERO, Section.VILLAIN, Section.MAIN, Section.SIDEBOARD)


def deck_views(report: EventReport, names: Mapping[str, str], links: Links, registry: PlayerRegistry) -> list[DeckView]:
    """Every deck of the event, in the roster's order (none while the decklists are not public)."""
    if not report.decklists_visible:
        return []
    titles = {
        Section.MAIN: _("Main deck"),
        Section.SIDEBOARD: _("Sideboard"),
        Section.CHARACTERS: _("Characters"),
        Section.HERO: _("Hero deck"),
        Section.VILLAIN: _("Villain deck"),
    }
    deck_names = {p.id: p.deck_name for p in report.event.players}
    out = []
    for p in report.event.players:
        view = _deck_view(report, p.id, names, link(links, report.event, p.id, registry), titles, deck_names)
        if view is not None:
            out.append(view)
    return out


def _deck_view(
    report: EventReport,
    pid: PlayerId,
    names: Mapping[str, str],
    url: str,
    titles: Mapping[Section, str],
    deck_names: Mapping[str, str],
) -> DeckView | None:
    info = report.decks.get(pid)
    if info is None:
        return None
    sections = []
    entries_of: dict[Section, list[DeckEntry]] = {}
    for e in info.decklist.entries:
        entries_of.setdefault(e.section, []).append(e)
    for section in _SECTION_ORDER:
        entries = entries_of.get(section)
        if not entries:
            continue
        groups: list[tuple[str, list[DeckEntry]]] = [(titles.get(section, str(section)), entries)]
        if section is Section.MAIN and info.types:
            # With card data, the main deck is grouped by card type.
            by_type: dict[str, list[DeckEntry]] = {}
            for e in entries:
                by_type.setdefault(info.types.get(e.card, "Other"), []).append(e)
            groups = [(kind, by_type[kind]) for kind in TYPE_ORDER if kind in by_type]
        for title, members in groups:
            sections.append(
                DeckSection(
                    title=title,
                    header=section.header,
                    count=sum(e.count for e in members),
                    stars=stars_total(members),
                    entries=tuple(members),
                )
            )
    verdict = info.verdict
    return DeckView(
        player=pid,
        name=names.get(pid, pid),
        url=url,
        archetype=info.archetype,
        sections=tuple(sections),
        legal=info.legal,
        violations=tuple(deck_words.message(v) for v in verdict.violations) if verdict else (),
        skipped=tuple(deck_words.message(v) for v in verdict.skipped) if verdict else (),
        stars=stars_total([e for e in info.decklist.entries if e.section is not Section.SIDEBOARD]),
        deck_name=deck_names.get(pid, ""),
    )


def stars_total(entries: Sequence[DeckEntry]) -> str | None:
    """The stars of some decklist entries (Transformers), None when no entry gives any.

    A card whose stars the list does not give is not counted as zero: the total is then
    a lower bound ("at least 21"), as the deck check says (Aequitas 6.1, 7.1).

    >>> stars_total([DeckEntry(1, "A", stars=12), DeckEntry(2, "B", stars=3)])
    '18'
    >>> stars_total([DeckEntry(1, "A", stars=12), DeckEntry(2, "B")])
    'at least 12'
    """
    if all(e.stars is None for e in entries):
        return None
    total = sum((e.stars or 0) * e.count for e in entries)
    return str(total) if all(e.stars is not None for e in entries) else _("at least %(stars)s") % {"stars": total}
