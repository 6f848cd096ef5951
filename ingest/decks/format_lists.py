"""What a format allows, with dates: banned and restricted cards, banned categories, the card pool.

A list entry is in force from ``since`` (inclusive; null means "before our earliest
record") until ``until`` (exclusive; absent means "still in force"), so the same data
answers "what was banned on the day of this old event" and "what is banned now". Legal
sets carry the same dates (a set rotates out on its ``until``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ingest.decks.card_names import normalize_card_name

__all__ = ["BannedCategory", "CardPool", "DatedCard", "DatedSet"]


def _in_force(since: date | None, until: date | None, on: date) -> bool:
    return (since is None or since <= on) and (until is None or on < until)


@dataclass(frozen=True, slots=True)
class DatedCard:
    """A banned or restricted list entry with the period it is in force."""

    card: str
    """The card's English name as the list prints it."""
    since: date | None
    """First day in force; None when the source gives no date (before our earliest record)."""
    until: date | None
    """First day no longer in force (unban date); None while in force."""
    source: str
    """Where the entry comes from, e.g. ``MTR 6.3 (2025-06-30)``."""
    note: str | None = None
    """Optional remark shown with the entry."""

    @property
    def key(self) -> str:
        """The normalized name the entry matches."""
        return normalize_card_name(self.card)

    def in_force(self, on: date) -> bool:
        """Whether the entry applies on a date.

        >>> entry = DatedCard("Heartfire Hero", date(2025, 6, 30), None, "MTR 6.3")
        >>> entry.in_force(date(2025, 6, 29)), entry.in_force(date(2025, 6, 30))
        (False, True)
        """
        return _in_force(self.since, self.until, on)


@dataclass(frozen=True, slots=True)
class BannedCategory:
    """A category of cards banned by description; checking it needs card data."""

    id: str
    """Stable id of the category."""
    description: str
    """The category in words, e.g. "cards with the card type Conspiracy"."""
    type_contains: tuple[str, ...]
    """A card is in the category when its type line has one of these words."""
    text_contains: tuple[str, ...]
    """... or when its rules text contains one of these phrases."""
    since: date | None
    """First day in force; None when the source gives no date."""
    until: date | None
    """First day no longer in force; None while in force."""
    source: str
    """Where the category comes from."""

    def in_force(self, on: date) -> bool:
        """Whether the category is banned on a date."""
        return _in_force(self.since, self.until, on)

    def matches(self, type_line: str, text: str) -> bool:
        """Whether a card with this type line and rules text is in the category."""
        words = type_line.casefold().replace("\u2014", " ").split()
        lowered = text.casefold()
        return any(t.casefold() in words for t in self.type_contains) or any(
            p.casefold() in lowered for p in self.text_contains
        )


@dataclass(frozen=True, slots=True)
class DatedSet:
    """A permitted set (or promo card) with the period it is legal."""

    name: str
    """The set's name."""
    code: str | None = None
    """Its short code, where known."""
    since: date | None = None
    """First day legal; None when the source gives no date."""
    until: date | None = None
    """First day no longer legal (rotation); None while legal."""
    note: str | None = None
    """Optional remark."""

    def in_force(self, on: date) -> bool:
        """Whether the set is legal on a date."""
        return _in_force(self.since, self.until, on)


@dataclass(frozen=True, slots=True)
class CardPool:
    """Which cards a format allows."""

    all_sets: bool
    """Every set of the game is legal."""
    sets: tuple[DatedSet, ...]
    """Permitted sets and promos, with dates."""
    extra_cards: tuple[str, ...]
    """Named cards legal besides the sets."""
    rarity: str | None
    """Only cards printed at this rarity are legal (Pauper: common)."""
    legality_key: str | None
    """Key of this format in card-data legalities, if card data can check the pool."""
    source: str
    """Rule citation."""
    note: str | None = None
    """Optional remark."""

    def sets_on(self, on: date) -> tuple[DatedSet, ...]:
        """The sets legal on a date."""
        return tuple(s for s in self.sets if s.in_force(on))
