"""A deck's sections on the decklists page (:func:`ingest.site.deck_views._deck_view`): each
section's lines, their places in the list of the cards document that holds them, their
counts, extras and stars, checked against the same worked out line by line, for any mix
of sections, card types, printings and stars."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ingest.decks.decklist_parts import DeckEntry, Section
from ingest.decks.event_decks import TYPE_ORDER
from ingest.site.deck_views import (
    _COPY_LISTS,
    _SECTION_ORDER,
    _deck_view,
    copy_sections,
    follows_its_document,
    stars_total,
)

ENTRIES = st.lists(
    st.builds(
        DeckEntry,
        st.integers(1, 4),
        st.sampled_from(["Bolt", "Island", "Optimus Prime", "Ghalta", "Rally"]),
        st.sampled_from(list(Section)),
        st.none() | st.integers(0, 12),
        st.none() | st.just("character"),
        st.none() | st.just("M10"),
    ),
    min_size=1,
    max_size=12,
)
TYPES = st.dictionaries(st.sampled_from(["Bolt", "Island", "Ghalta"]), st.sampled_from([*TYPE_ORDER, "Scheme"]))
TITLES = {s: f"title of {s}" for s in Section}


def expected_sections(entries: list[DeckEntry], types: dict[str, str], copy: bool) -> list[tuple[Any, ...]]:
    """Each section as (title, header, count, stars, entries, source, indexes, extras), worked
    out line by line: a line's place is how many lines before it share its list (the copy's
    Sideboard, or its Mainboard: every other section) or, in the API document, its place in
    the deck."""
    starred = any(e.stars is not None for e in entries)

    def place(i: int) -> int:
        if not copy:
            return i
        side = entries[i].section is Section.SIDEBOARD
        return sum(1 for e in entries[:i] if (e.section is Section.SIDEBOARD) == side)

    out = []
    for section in _SECTION_ORDER:
        lines = [i for i, e in enumerate(entries) if e.section is section]
        if not lines:
            continue
        groups = [(TITLES[section], lines)]
        if section is Section.MAIN and types:
            groups = [
                (kind, [i for i in lines if types.get(entries[i].card, "Other") == kind])
                for kind in TYPE_ORDER
                if any(types.get(entries[i].card, "Other") == kind for i in lines)
            ]
        for title, members in groups:
            group = tuple(entries[i] for i in members)
            extras = tuple(e.extra for e in group) if copy else ()
            out.append(
                (
                    title,
                    section.header,
                    sum(e.count for e in group),
                    stars_total(group) if starred else None,
                    group,
                    ("Sideboard" if section is Section.SIDEBOARD else "Mainboard") if copy else "cards",
                    tuple(place(i) for i in members),
                    extras if any(extras) else (),
                )
            )
    return out


@given(ENTRIES, TYPES, st.booleans())
def test_each_section_holds_its_lines_at_their_places(
    entries: list[DeckEntry], types: dict[str, str], copy: bool
) -> None:
    info = SimpleNamespace(
        decklist=SimpleNamespace(entries=tuple(entries)), types=types, verdict=None, archetype="", legal=None
    )
    report = SimpleNamespace(decks={"p": info})
    view = _deck_view(report, "p", {}, "", TITLES, {}, "0" if copy else None)  # type: ignore[arg-type]
    assert view is not None
    made = [(s.title, s.header, s.count, s.stars, s.entries, s.source, s.indexes, s.extras) for s in view.sections]
    assert made == expected_sections(entries, types, copy)


COPY_TITLES = {
    **TITLES,
    **{section: title for section, (_, _, title) in zip(_COPY_LISTS, copy_sections(), strict=True)},
}


@given(ENTRIES, TYPES, st.booleans(), st.booleans())
def test_a_deck_the_script_draws_gets_no_sections_and_is_otherwise_its_full_view(
    entries: list[DeckEntry], types: dict[str, str], copy: bool, typed: bool
) -> None:
    """Built with ``drawn``, a deck whose sections are the copy's lists as they are has none
    (the page's script writes them); every other deck's view is the full one, and whether
    the page lists a deck's sections never changes."""
    info = SimpleNamespace(
        decklist=SimpleNamespace(entries=tuple(entries)),
        types=types if typed else {},
        verdict=None,
        archetype="",
        legal=None,
    )
    report = SimpleNamespace(decks={"p": info})
    args: tuple[Any, ...] = (report, "p", {}, "", COPY_TITLES, {}, "0" if copy else None)
    full, lean = _deck_view(*args), _deck_view(*args, drawn=True)
    assert full is not None and lean is not None
    assert follows_its_document(lean) == follows_its_document(full)
    if lean.sections != full.sections:
        assert lean.sections == () and follows_its_document(full)
        assert replace(lean, sections=full.sections) == full
    else:
        assert lean == full


def test_plain_magic_decks_get_no_sections() -> None:
    """A deck of plain main deck and sideboard lines in the copy takes the path."""
    plain = [DeckEntry(4, "Bolt"), DeckEntry(2, "Island", Section.SIDEBOARD)]
    info = SimpleNamespace(
        decklist=SimpleNamespace(entries=tuple(plain)), types={}, verdict=None, archetype="", legal=None
    )
    report = SimpleNamespace(decks={"p": info})
    view = _deck_view(report, "p", {}, "", COPY_TITLES, {}, "0", drawn=True)  # type: ignore[arg-type]
    assert view is not None and view.sections == () and follows_its_document(view)
