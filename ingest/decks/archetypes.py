"""Archetype rules (``formats/archetypes/<format>.yaml``, schema ``schema/archetypes.schema.json``):
name a deck's archetype from the cards of its main deck. :mod:`ingest.decks.format_files`
checks the files and builds the book; nothing here reads one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ingest.decks.card_names import normalize_card_name
from ingest.decks.decklist import Decklist
from ingest.decks.decklist_parts import Section

__all__ = ["Archetype", "ArchetypeBook"]


@dataclass(frozen=True, slots=True)
class Archetype:
    """A rule naming an archetype from the cards of a main deck."""

    name: str
    """The archetype's name, e.g. Burn."""
    requires: tuple[str, ...] = ()
    """Cards that must all be in the main deck."""
    any_of: tuple[str, ...] = ()
    """Cards of which at least one must be in the main deck (empty: no such condition)."""
    required_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    """``requires`` by the names cards are compared by (normalized once, not per deck)."""
    any_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    """``any_of`` so normalized."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "required_keys", frozenset(normalize_card_name(c) for c in self.requires))
        object.__setattr__(self, "any_keys", frozenset(normalize_card_name(c) for c in self.any_of))

    def matches(self, keys: frozenset[str]) -> bool:
        """Whether a main deck with these normalized card names is of this archetype.

        ``keys`` hold a two-faced card (``A // B``) by its front face ``A`` too (as
        :meth:`ArchetypeBook.classify` gives them), so it matches by either.

        >>> Archetype("Burn", ("Lightning Bolt",), ("Goblin Guide", "Monastery Swiftspear")).matches(
        ...     frozenset({"lightning bolt", "monastery swiftspear", "mountain"})
        ... )
        True
        >>> Archetype("Burn", ("Lightning Bolt",), ("Goblin Guide",)).matches(frozenset({"lightning bolt"}))
        False
        """
        return self.required_keys <= keys and (not self.any_keys or not self.any_keys.isdisjoint(keys))


@dataclass(frozen=True, slots=True)
class ArchetypeBook:
    """Archetype rules by ``(game, format id)``; the first matching rule wins."""

    rules: Mapping[tuple[str, str], tuple[Archetype, ...]]
    """Rules in priority order, keyed by (game, format id)."""

    def classify(self, game: str, format_id: str, deck: Decklist) -> str | None:
        """The archetype of a deck, or None when no rule matches (or the format has none).

        The main deck (and, for WoT, both play decks) is looked at, not the sideboard.
        """
        names = {e.key for e in deck.entries if e.section is not Section.SIDEBOARD}
        keys = frozenset(names | {k.split(" // ")[0] for k in names if " // " in k})
        for archetype in self.rules.get((game, format_id.split("+")[0]), ()):
            if archetype.matches(keys):
                return archetype.name
        return None
