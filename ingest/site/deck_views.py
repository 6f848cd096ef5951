"""What an event's decklists page shows: each deck by section (or, with card data, by card
type), its archetype, its verdict and the rule each violation breaks, in the site's language.

The cards themselves are published once, in one JSON document per event
(:func:`cards_document`): the event's MTGODecklistCache copy for a Magic event that has
one, else its API document. The page holds each deck's frame (player, archetype, verdict,
each section's title and count) and, for each section, which entries of that document it
shows; ``scorekeeper.js`` fetches the document and writes the card lines, each as the
decklist text has it ("4 Card Name"), so "Copy as text" copies the list from what is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter

from ingest.core.ids import PlayerId
from ingest.decks.decklist_parts import DeckEntry, Section
from ingest.decks.event_decks import TYPE_ORDER, DeckInfo
from ingest.site import deck_words
from ingest.site.api_mtgo import deck_order
from ingest.site.event_views import Links, link
from ingest.site.i18n import gettext as _
from ingest.summary.event_summary import EventSummary


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
    source: str
    """The list of the deck in the cards document that holds these lines: ``Mainboard`` or
    ``Sideboard`` (MTGODecklistCache copy), ``cards`` (API document)."""
    indexes: tuple[int, ...]
    """The places of these lines in that list."""
    extras: tuple[str, ...]
    """What each line says after the card that its document does not (a printing, in the
    MTGODecklistCache copy), one per line; empty when no line says anything more."""


@dataclass(frozen=True, slots=True)
class DeckView:
    """One player's deck on the decklists page."""

    player: str
    name: str
    url: str
    archetype: str
    sections: tuple[DeckSection, ...]
    """Empty for a deck whose sections are its MTGODecklistCache copy's lists as they are
    (:func:`follows_its_document`): the page's script writes them, so they are not built."""
    legal: bool | None
    """None when the deck was not checked."""
    violations: tuple[str, ...]
    skipped: tuple[str, ...]
    stars: str | None
    deck_name: str
    document: str
    """The document that holds the deck's cards: ``mtgo`` (the event's MTGODecklistCache
    copy) or ``api`` (its API document); see :func:`cards_documents`."""
    deck: str
    """The deck in that document: its place in ``Decks`` (MTGODecklistCache copy) or its
    player's id (``decklists`` of the API document)."""


def cards_documents(slug: str) -> dict[str, str]:
    """The event's documents that may hold its decklists' cards, by kind, as addresses from
    the site's root.

    A deck's cards are in exactly one: the event's MTGODecklistCache copy when it lists the
    deck (a Magic event with standings, :func:`ingest.site.api_mtgo.deck_order`), else the
    event's API document (other games; a Magic event before its first round).
    """
    return {"mtgo": f"api/events/{slug}.mtgo.json", "api": f"api/events/{slug}.json"}


_SECTION_ORDER = (Section.CHARACTERS, Section.HERO, Section.VILLAIN, Section.MAIN, Section.SIDEBOARD)

_COPY_LISTS = {Section.MAIN: "Mainboard", Section.SIDEBOARD: "Sideboard"}
"""The MTGODecklistCache copy's list that holds each section of a Magic deck."""


def copy_sections() -> list[tuple[str, str, str]]:
    """The sections of a deck of the MTGODecklistCache copy that the page does not list
    (:func:`follows_its_document`): each as the copy's list, the decklist text's header and
    the title shown, in the site's language. The decklists page gives them once
    (``data-sections``) and its script writes each deck's sections from them."""
    titles = {Section.MAIN: _("Main deck"), Section.SIDEBOARD: _("Sideboard")}
    return [(source, section.header, titles[section]) for section, source in _COPY_LISTS.items()]


def follows_its_document(view: DeckView) -> bool:
    """Whether a deck's sections are those of its MTGODecklistCache copy as they are: the
    main deck then the sideboard, each the whole list, titled as :func:`copy_sections` says,
    no line saying more than its card (a printing) and no stars. The page then holds only
    the deck's player, archetype and verdict, and its script writes the sections."""
    if view.document != "mtgo":
        return False
    plain = {(source, header, title) for source, header, title in copy_sections()}
    return all(
        (s.source, s.header, s.title) in plain
        and s.indexes == tuple(range(len(s.indexes)))
        and not s.extras
        and s.stars is None
        for s in view.sections
    ) and len({s.source for s in view.sections}) == len(view.sections)


def deck_views(report: EventSummary, names: Mapping[str, str], links: Links) -> list[DeckView]:
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
    in_copy = {pid: str(i) for i, pid in enumerate(deck_order(report) or ())}
    drawn = _copy_titles(titles)
    out = []
    for p in report.event.players:
        url = link(links, report, p.id)
        view = _deck_view(report, p.id, names, url, titles, deck_names, in_copy.get(p.id), drawn=drawn)
        if view is not None:
            out.append(view)
    return out


def _deck_view(
    report: EventSummary,
    pid: PlayerId,
    names: Mapping[str, str],
    url: str,
    titles: Mapping[Section, str],
    deck_names: Mapping[str, str],
    in_copy: str | None,
    *,
    drawn: bool = False,
) -> DeckView | None:
    """One deck's view. With ``drawn`` (the titles are the copy's: :func:`_copy_titles`), a
    deck of the MTGODecklistCache copy whose lines are its lists as they are
    (:func:`_as_in_copy`) gets no sections: the page's script writes them."""
    info = report.decks.get(pid)
    if info is None:
        return None
    copy = in_copy is not None  # the cards are in the MTGODecklistCache copy, at this place in Decks
    entries = info.decklist.entries
    if drawn and copy and not info.types and _as_in_copy(entries):
        return _view(report, pid, names, url, deck_names, in_copy, info, (), None)
    starred = any(e.stars is not None for e in entries)  # (else no section has stars: Transformers only)
    # Each section's lines and their places in their list of the cards document: the copy's
    # Mainboard (every section but the sideboard) and Sideboard, or the API document's cards (all).
    lines_of: dict[Section, tuple[list[DeckEntry], list[int]]] = {}
    main = side = 0
    for i, e in enumerate(entries):
        section = e.section
        found = lines_of.get(section)
        if found is None:
            found = lines_of[section] = ([], [])
        found[0].append(e)
        if not copy:
            found[1].append(i)
        elif section is Section.SIDEBOARD:
            found[1].append(side)
            side += 1
        else:
            found[1].append(main)
            main += 1
    sections = []
    for section in _SECTION_ORDER:
        found = lines_of.get(section)
        if found is None:
            continue
        source = ("Sideboard" if section is Section.SIDEBOARD else "Mainboard") if copy else "cards"
        groups = [(titles.get(section, str(section)), *found)]
        if section is Section.MAIN and info.types:
            # With card data, the main deck is grouped by card type.
            by_type: dict[str, tuple[list[DeckEntry], list[int]]] = {}
            for e, place in zip(*found, strict=True):
                kind = info.types.get(e.card, "Other")
                typed = by_type.get(kind)
                if typed is None:
                    typed = by_type[kind] = ([], [])
                typed[0].append(e)
                typed[1].append(place)
            groups = [(kind, *by_type[kind]) for kind in TYPE_ORDER if kind in by_type]
        for title, lines, places in groups:
            group = tuple(lines)
            extras = tuple(map(_EXTRA, group)) if copy else ()
            sections.append(
                DeckSection(
                    title=title,
                    header=section.header,
                    count=sum(map(_COUNT, group)),
                    stars=stars_total(group) if starred else None,
                    entries=group,
                    source=source,
                    indexes=tuple(places),
                    extras=extras if any(extras) else (),
                )
            )
    stars = stars_total([e for e in entries if e.section is not Section.SIDEBOARD]) if starred else None
    return _view(report, pid, names, url, deck_names, in_copy, info, tuple(sections), stars)


def _view(
    report: EventSummary,
    pid: PlayerId,
    names: Mapping[str, str],
    url: str,
    deck_names: Mapping[str, str],
    in_copy: str | None,
    info: DeckInfo,
    sections: tuple[DeckSection, ...],
    stars: str | None,
) -> DeckView:
    verdict = info.verdict
    return DeckView(
        player=pid,
        name=names.get(pid, pid),
        url=url,
        archetype=info.archetype,
        sections=sections,
        legal=info.legal,
        violations=tuple(deck_words.message(v) for v in verdict.violations) if verdict else (),
        skipped=tuple(deck_words.message(v) for v in verdict.skipped) if verdict else (),
        stars=stars,
        deck_name=deck_names.get(pid, ""),
        document="mtgo" if in_copy is not None else "api",
        deck=in_copy if in_copy is not None else pid,
    )


def _copy_titles(titles: Mapping[Section, str]) -> bool:
    """Whether the main deck and sideboard are titled as the page's script titles the copy's
    lists (:func:`copy_sections`)."""
    return all(
        titles.get(section) == title for section, (_, _, title) in zip(_COPY_LISTS, copy_sections(), strict=True)
    )


def _as_in_copy(entries: Sequence[DeckEntry]) -> bool:
    """Whether a deck's lines, in its MTGODecklistCache copy, make its sections the copy's
    lists as they are (:func:`follows_its_document`): only main deck and sideboard lines,
    none giving a printing, stars or a kind (the caller checks that its main deck is not
    grouped by card type)."""
    return all(
        (e.section is Section.MAIN or e.section is Section.SIDEBOARD)
        and e.printing is None
        and e.stars is None
        and e.kind is None
        for e in entries
    )


_EXTRA = attrgetter("extra")
"""What a line says after the card that its document does not, in the MTGODecklistCache
copy (which names the card alone: its printing is said here); the API document has the
printing in the card's name and the stars and kind as fields, which the script writes out."""
_COUNT = attrgetter("count")


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
