"""The parts of a decklist: its sections, its entries (one line each), the errors reading it.

The readers in :mod:`ingest.decks.decklist` build these, and its `Decklist` holds the
entries in file order. `Section.header` and `DeckEntry.to_text` write the text form back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ingest.decks.card_names import normalize_card_name

__all__ = ["ATTRIBUTE_KEYS", "SECTION_WORDS", "DeckEntry", "DecklistError", "Section"]


class Section(StrEnum):
    """A part of a decklist."""

    MAIN = "main"
    """The main deck (for Transformers: the battle cards)."""
    SIDEBOARD = "sideboard"
    """The sideboard (MTG Arena's companion is read as sideboard too)."""
    CHARACTERS = "characters"
    """Transformers character cards: the team."""
    HERO = "hero"
    """The Wheel of Time Hero deck."""
    VILLAIN = "villain"
    """The Wheel of Time Villain deck."""

    @property
    def header(self) -> str:
        """The header line `Decklist.to_text` writes for this section."""
        return _HEADER_TEXT[self]


_HEADER_TEXT = {
    Section.MAIN: "Deck",
    Section.SIDEBOARD: "Sideboard",
    Section.CHARACTERS: "Characters",
    Section.HERO: "Hero",
    Section.VILLAIN: "Villain",
}

SECTION_WORDS: dict[str, Section] = {
    "deck": Section.MAIN,
    "main": Section.MAIN,
    "main deck": Section.MAIN,
    "maindeck": Section.MAIN,
    "mainboard": Section.MAIN,
    "battle cards": Section.MAIN,
    "battle deck": Section.MAIN,
    "sideboard": Section.SIDEBOARD,
    "side board": Section.SIDEBOARD,
    "side": Section.SIDEBOARD,
    "companion": Section.SIDEBOARD,
    "characters": Section.CHARACTERS,
    "character cards": Section.CHARACTERS,
    "team": Section.CHARACTERS,
    "hero": Section.HERO,
    "hero deck": Section.HERO,
    "villain": Section.VILLAIN,
    "villain deck": Section.VILLAIN,
}
"""Words a header line (any case) or a YAML ``section`` may use for each section."""

ATTRIBUTE_KEYS = frozenset({"stars", "kind"})
"""The attributes a decklist line may give in brackets, ``[stars: N]`` and ``[kind: K]``."""


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a decklist: some copies of one card in one section."""

    count: int
    """Number of copies (at least 1)."""
    card: str
    """The card's name as written, without a trailing printing."""
    section: Section = Section.MAIN
    """The section the line is in."""
    stars: int | None = None
    """The star cost given with ``[stars: N]``, if any."""
    kind: str | None = None
    """The kind given with ``[kind]`` (lower case, as written), if any."""
    printing: str | None = None
    """A trailing set code and collector number as written, e.g. ``(M11) 149``."""
    line: int | None = field(default=None, compare=False)
    """1-based line of the entry in its decklist file (None for YAML entries)."""

    @property
    def key(self) -> str:
        """The normalized English name cards are compared by."""
        return normalize_card_name(self.card)

    @property
    def extra(self) -> str:
        """What the entry's line says after the count and the card (printing, stars, kind), as written.

        >>> DeckEntry(1, "Optimus Prime", stars=12, kind="character").extra, DeckEntry(4, "Bolt").extra
        ('[stars: 12] [character]', '')
        """
        if self.printing is None and self.stars is None and self.kind is None:
            return ""  # the usual line: nothing after the card
        return self.to_text()[len(f"{self.count} {self.card}") :].strip()

    def to_text(self) -> str:
        """Writes the entry as one decklist line.

        >>> DeckEntry(1, "Optimus Prime - Autobot Leader", stars=12, kind="character").to_text()
        '1 Optimus Prime - Autobot Leader [stars: 12] [character]'
        """
        parts = [str(self.count), self.card]
        if self.printing:
            parts.append(self.printing)
        if self.stars is not None:
            parts.append(f"[stars: {self.stars}]")
        if self.kind is not None:
            parts.append(f"[{self.kind}]" if _is_plain_kind(self.kind) else f"[kind: {self.kind}]")
        return " ".join(parts)


def _is_plain_kind(kind: str) -> bool:
    return ":" not in kind and kind.casefold() not in ATTRIBUTE_KEYS


@dataclass(frozen=True, slots=True)
class DecklistError:
    """A problem found while reading a decklist."""

    message: str
    """What is wrong, in words a tournament organizer understands."""
    line: int | None = None
    """1-based line in the decklist text (None for YAML entries)."""
    column: int | None = None
    """1-based column in that line, where known."""
    path: tuple[str | int, ...] = ()
    """Path inside an inline YAML list (index, key); empty for text."""

    def __str__(self) -> str:
        if self.line is not None:
            where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        elif self.path:
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
            where = "deck" + where
        else:
            return self.message
        return f"{where}: {self.message}"
