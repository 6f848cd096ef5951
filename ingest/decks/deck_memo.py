"""Decklists already parsed, checked and classified, kept across the events of one build.

An archive holds the same list many times over (a player's deck from week to week, a
list copied from the last big event): its text is parsed once, its verdict worked out
once for each state of the format, its archetype found once. Every value kept is a pure
function of its key, and the key holds everything the value depends on:

- a parsed list: the text;
- a verdict (:func:`~ingest.decks.legality.check_deck`): the list; the format's rules as
  the check reads them, every field but the day they were cut to, and the banned,
  restricted and banned-category lists in force on the event's date (MTR 6.2, 6.3: the
  lists in force that day apply, so two events under the same lists share verdicts, and an
  event after a ban does not); and the card data (the same object: one build reads it once);
- an archetype: the archetype book (the same object), the game, the format and the list.

A key that cannot be hashed (a format holding a value that is not) is not kept: the value
is worked out each time, as without a memo.

A list's hash is worked out from every line each time it is asked for (a frozen dataclass
keeps none), and a build looks the same few lists up thousands of times (each event's every
deck, twice). So the value for a list :meth:`DeckMemo.parse` gave (the same object for the
same text, kept alive with it: its ``id`` is never another list's) is found by that object,
and by the list's value only the first time the object is seen. A list made otherwise
(inline in the event file) is looked up by its value alone, and not kept alive.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from datetime import date
from typing import Any

from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.decklist import Decklist, parse_decklist_text
from ingest.decks.decklist_parts import DecklistError
from ingest.decks.format_rules import FormatRules
from ingest.decks.legality import DeckVerdict, check_deck

_UNSET = object()


def _frozen(value: Any) -> Any:
    """``value`` with its mappings as sorted tuples of items and its lists as tuples (hashable)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def rules_key(rules: FormatRules, on: date) -> tuple[Hashable, ...]:
    """Everything :func:`~ingest.decks.legality.check_deck` reads of ``rules`` on ``on``: every
    compared field but :attr:`~ingest.decks.format_rules.FormatRules.as_of`, and the lists in
    force that day (the same whether or not the rules were cut to it)."""
    fields = tuple(
        (f.name, _frozen(getattr(rules, f.name))) for f in dataclasses.fields(rules) if f.compare and f.name != "as_of"
    )
    return (fields, rules.banned_on(on), rules.restricted_on(on), rules.categories_on(on))


class KeptVerdicts:
    """The verdicts kept for one state of a format (:meth:`DeckMemo.verdicts`): by list, and
    by list object (:meth:`DeckMemo.verdict` looks there first)."""

    __slots__ = ("by_list", "by_object")

    def __init__(self) -> None:
        self.by_list: dict[Decklist, DeckVerdict] = {}
        self.by_object: dict[int, DeckVerdict] = {}


class DeckMemo:
    """Parsed lists, verdicts and archetypes of one build (see the module's docstring).

    It holds the card data and archetype books it was given (their identity is in the keys).
    """

    def __init__(self) -> None:
        self._parsed: dict[str, tuple[Decklist, tuple[DecklistError, ...]]] = {}
        self._verdicts: dict[tuple[Hashable, ...], KeptVerdicts] = {}
        self._archetypes: dict[tuple[int, str, str, Decklist], str | None] = {}
        self._archetypes_by_object: dict[tuple[int, str, str, int], str | None] = {}
        self._held: dict[int, object] = {}
        self._lists: set[int] = set()
        """The ``id`` of each list :meth:`parse` gave (kept alive in ``_parsed``)."""
        self.parsed = 0
        """Texts parsed (not found here)."""
        self.checked = 0
        """Lists checked (not found here)."""
        self.classified = 0
        """Lists classified (not found here)."""

    def _hold(self, value: object) -> int:
        """``id(value)``, ``value`` kept alive so that the number is never another object's."""
        self._held.setdefault(id(value), value)
        return id(value)

    def parse(self, text: str) -> tuple[Decklist, tuple[DecklistError, ...]]:
        """:func:`~ingest.decks.decklist.parse_decklist_text` of ``text``."""
        found = self._parsed.get(text)
        if found is None:
            found = self._parsed[text] = parse_decklist_text(text)
            self._lists.add(id(found[0]))
            self.parsed += 1
        return found

    def verdicts(self, rules: FormatRules, on: date, card_data: CardData | None) -> KeptVerdicts | None:
        """The verdicts kept for ``rules`` on ``on`` with ``card_data`` (filled by
        :meth:`verdict`); None when the rules cannot be a key."""
        key = (self._hold(card_data), rules_key(rules, on))
        try:
            kept = self._verdicts.get(key)
        except TypeError:  # a value of the rules cannot be hashed: nothing is kept
            return None
        if kept is None:
            kept = self._verdicts[key] = KeptVerdicts()
        return kept

    def verdict(
        self,
        kept: KeptVerdicts | None,
        deck: Decklist,
        rules: FormatRules,
        on: date,
        card_data: CardData | None,
    ) -> DeckVerdict:
        """:func:`~ingest.decks.legality.check_deck` of ``deck``, found in ``kept`` (:meth:`verdicts`
        of the same ``rules``, ``on`` and ``card_data``) or kept there."""
        if kept is None:
            self.checked += 1
            return check_deck(deck, rules, on=on, card_data=card_data)
        parsed = id(deck) in self._lists
        found = kept.by_object.get(id(deck)) if parsed else None
        if found is not None:
            return found
        found = kept.by_list.get(deck)
        if found is None:
            found = kept.by_list[deck] = check_deck(deck, rules, on=on, card_data=card_data)
            self.checked += 1
        if parsed:
            kept.by_object[id(deck)] = found
        return found

    def archetype(self, book: ArchetypeBook, game: str, format_id: str, deck: Decklist) -> str | None:
        """``book.classify(game, format_id, deck)``."""
        book_id = self._hold(book)
        parsed = id(deck) in self._lists
        seen = (book_id, game, format_id, id(deck))
        found: object = self._archetypes_by_object.get(seen, _UNSET) if parsed else _UNSET
        if found is _UNSET:
            key = (book_id, game, format_id, deck)
            found = self._archetypes.get(key, _UNSET)  # (one look: a key hashes every line of the list)
            if found is _UNSET:
                found = self._archetypes[key] = book.classify(game, format_id, deck)
                self.classified += 1
        assert found is None or isinstance(found, str)
        if parsed:
            self._archetypes_by_object[seen] = found
        return found
