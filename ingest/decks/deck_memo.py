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


class DeckMemo:
    """Parsed lists, verdicts and archetypes of one build (see the module's docstring).

    It holds the card data and archetype books it was given (their identity is in the keys).
    """

    def __init__(self) -> None:
        self._parsed: dict[str, tuple[Decklist, tuple[DecklistError, ...]]] = {}
        self._verdicts: dict[tuple[Hashable, ...], dict[Decklist, DeckVerdict]] = {}
        self._archetypes: dict[tuple[int, str, str, Decklist], str | None] = {}
        self._held: dict[int, object] = {}
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
            self.parsed += 1
        return found

    def verdicts(self, rules: FormatRules, on: date, card_data: CardData | None) -> dict[Decklist, DeckVerdict] | None:
        """The verdicts kept for ``rules`` on ``on`` with ``card_data``, by list (filled by
        :meth:`verdict`); None when the rules cannot be a key."""
        key = (self._hold(card_data), rules_key(rules, on))
        try:
            return self._verdicts.setdefault(key, {})
        except TypeError:  # a value of the rules cannot be hashed: nothing is kept
            return None

    def verdict(
        self,
        kept: dict[Decklist, DeckVerdict] | None,
        deck: Decklist,
        rules: FormatRules,
        on: date,
        card_data: CardData | None,
    ) -> DeckVerdict:
        """:func:`~ingest.decks.legality.check_deck` of ``deck``, found in ``kept`` (:meth:`verdicts`
        of the same ``rules``, ``on`` and ``card_data``) or kept there."""
        found = kept.get(deck, _UNSET) if kept is not None else _UNSET
        if found is _UNSET:
            found = check_deck(deck, rules, on=on, card_data=card_data)
            self.checked += 1
            if kept is not None:
                kept[deck] = found
        assert isinstance(found, DeckVerdict)
        return found

    def archetype(self, book: ArchetypeBook, game: str, format_id: str, deck: Decklist) -> str | None:
        """``book.classify(game, format_id, deck)``."""
        key = (self._hold(book), game, format_id, deck)
        found = self._archetypes.get(key, _UNSET)  # (one look: a key hashes every line of the list)
        if found is not _UNSET:
            assert found is None or isinstance(found, str)
            return found
        found = self._archetypes[key] = book.classify(game, format_id, deck)
        self.classified += 1
        return found
