"""Decklists: parse the common export text (or inline YAML) into a `Decklist`, and back.

The text form is the one MTG Arena, MTGO and most deck sites export, extended with a
small bracketed attribute syntax for games whose deck rules need card facts that a
name alone does not give (Transformers stars, Wheel of Time card kinds)::

    # comment lines start with "#" or "//"
    Deck                                  <- optional header (also "Main", "Mainboard")
    4 Lightning Bolt
    4x Ragavan, Nimble Pilferer (MH2) 138 <- "4x" and a trailing set code are accepted
    Sideboard:                            <- "Sideboard", any case, optional colon
    2 Blood Moon
    SB: 1 Surgical Extraction             <- MTGO "SB:" prefix also means sideboard

Without any section header, a blank line between two groups of cards starts the
sideboard (the MTGO export). Once any header appears, blank lines mean nothing.

Other sections: ``Characters`` (or ``Team``) for Transformers characters, ``Hero`` and
``Villain`` (optionally followed by ``deck``) for the two Wheel of Time play decks, and
``Companion`` (read as sideboard, as MTG Arena exports it). A header may carry a count,
``Sideboard (15)``, which is ignored.

Attributes follow the card name in square brackets, in any order:

* ``[stars: 12]``: the card's star cost (Transformers);
* ``[kind: character]`` or just ``[character]``: the card's kind (``character``,
  ``battle``, ``troop``, ``event``...). Each game's format file lists the words it knows.

Example: ``1 Optimus Prime - Autobot Leader [stars: 12] [character]``.

The entries, their sections and the errors found are :mod:`ingest.decks.decklist_parts`;
names are compared by :func:`~ingest.decks.card_names.normalize_card_name`. Nothing here
touches the file system (the source stage reads decklist files: :class:`~ingest.source.deck_file.DeckFile`);
card data (Scryfall, MTGJSON) is :mod:`ingest.decks.card_data`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from ingest.core.safetext import unsafe_character, unsafe_text_problem
from ingest.decks.card_names import split_printing
from ingest.decks.decklist_parts import ATTRIBUTE_KEYS, SECTION_WORDS, DeckEntry, DecklistError, Section

__all__ = [
    "Decklist",
    "DecklistSyntaxError",
    "decklist_from_mappings",
    "parse_decklist_text",
]


class DecklistSyntaxError(ValueError):
    """Raised by `Decklist.parse` when the text has errors; carries all of them."""

    def __init__(self, errors: Sequence[DecklistError]) -> None:
        self.errors: tuple[DecklistError, ...] = tuple(errors)
        """Every error found, in line order."""
        super().__init__("; ".join(str(e) for e in self.errors))


@dataclass(frozen=True, slots=True)
class Decklist:
    """A player's registered cards, in the order they were listed."""

    entries: tuple[DeckEntry, ...] = ()
    """The entries, in file order."""

    @classmethod
    def parse(cls, text: str) -> Decklist:
        """Parses decklist text strictly.

        Raises:
            DecklistSyntaxError: with every error found, if there is any.
        """
        deck, errors = parse_decklist_text(text)
        if errors:
            raise DecklistSyntaxError(errors)
        return deck

    @classmethod
    def from_mappings(cls, items: object) -> Decklist:
        """Builds a decklist from inline YAML entries strictly.

        Raises:
            DecklistSyntaxError: with every error found, if there is any.
        """
        deck, errors = decklist_from_mappings(items)
        if errors:
            raise DecklistSyntaxError(errors)
        return deck

    def to_text(self) -> str:
        """Writes the decklist in the text form `parse` reads (round-trips exactly).

        A header line starts every run of entries of one section.
        """
        lines: list[str] = []
        current: Section | None = None
        for entry in self.entries:
            if entry.section is not current:
                if lines:
                    lines.append("")
                lines.append(entry.section.header)
                current = entry.section
            lines.append(entry.to_text())
        return "\n".join(lines) + ("\n" if lines else "")

    def to_mappings(self) -> list[dict[str, object]]:
        """Writes the decklist as inline YAML entries (round-trips with `from_mappings`)."""
        out: list[dict[str, object]] = []
        for e in self.entries:
            item: dict[str, object] = {"count": e.count, "card": e.card}
            if e.printing:
                item["card"] = f"{e.card} {e.printing}"
            if e.stars is not None:
                item["stars"] = e.stars
            if e.kind is not None:
                item["kind"] = e.kind
            if e.section is not Section.MAIN:
                item["section"] = e.section.value
            out.append(item)
        return out

    def in_sections(self, *sections: Section) -> tuple[DeckEntry, ...]:
        """Entries of the given sections, in file order."""
        return tuple(e for e in self.entries if e.section in sections)

    def total(self, *sections: Section) -> int:
        """Number of cards in the given sections."""
        return sum(e.count for e in self.in_sections(*sections))

    @property
    def sections(self) -> frozenset[Section]:
        """The sections that have at least one entry."""
        return frozenset(e.section for e in self.entries)


# ---------------------------------------------------------------------------- text

_ENTRY = re.compile(r"^(?P<sb>SB:\s*)?(?P<count>\d+)(?:[xX])?\s+(?P<rest>\S.*)$")
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z ]*?)\s*(?:\(\s*\d+\s*\))?\s*(?P<colon>:)?\s*(?:\(\s*\d+\s*\))?$")
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_ATTRIBUTE = re.compile(r"\[(?P<body>[^\[\]]*)\]\s*$")


def parse_decklist_text(text: str) -> tuple[Decklist, tuple[DecklistError, ...]]:
    """Parses decklist text leniently: every line that can be read is kept.

    Args:
        text: The decklist, in the syntax described in this module's docstring.

    Returns:
        The decklist and every error found (with 1-based line and column).

    >>> deck, errors = parse_decklist_text("4 Lightning Bolt\\n\\n2 Pyroblast\\n")
    >>> [(e.count, e.card, e.section.value) for e in deck.entries], errors
    ([(4, 'Lightning Bolt', 'main'), (2, 'Pyroblast', 'sideboard')], ())
    """
    lines = text.splitlines()
    explicit: bool | None = None  # (whether any line is a header: looked at once it matters)
    entries: list[DeckEntry] = []
    errors: list[DecklistError] = []
    section = Section.MAIN
    blank_after_cards = False
    # Almost always nothing to refuse in the whole text (line breaks aside): then no line
    # needs looking at one by one.
    clean = unsafe_character(text.replace("\r\n", "\n") if "\r" in text else text) is None
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            blank_after_cards = blank_after_cards or bool(entries)
            continue
        if stripped[0].isdigit():
            header = None
        elif stripped.startswith(("#", "//")):
            continue
        else:
            header = _header_section(stripped)
        char = None if clean else unsafe_character(raw)
        if char is not None:  # card names are display text: no control or direction characters
            message, _ = unsafe_text_problem(char)
            errors.append(DecklistError(f"{message}; the line is left out", number, raw.index(char) + 1))
            continue
        if header is not None:
            section = header
            continue
        if blank_after_cards and section is Section.MAIN:
            if explicit is None:
                explicit = _has_headers(lines)
            if not explicit:
                section = Section.SIDEBOARD  # MTGO style: the first blank line starts the sideboard
        count_text, space, rest = stripped.partition(" ")
        if (
            space
            and count_text.isdecimal()
            and rest
            and not rest[0].isspace()
            and "#" not in rest
            and "[" not in rest
            and "(" not in rest
            and int(count_text) >= 1
        ):
            # The usual line, "4 Lightning Bolt" (what _ENTRY reads, without it): no comment,
            # attribute or printing to take apart.
            entries.append(DeckEntry(int(count_text), rest, section, None, None, None, number))
            continue
        match = _ENTRY.match(stripped)
        if match is None:
            errors.append(_unreadable(stripped, number, _indent(raw)))
            continue
        entry_section = Section.SIDEBOARD if match["sb"] else section
        count, rest = int(match["count"]), match["rest"]
        if count >= 1 and "#" not in rest and "[" not in rest and "(" not in rest:
            # The usual line, "4 Lightning Bolt": no comment, attribute or printing to take apart.
            entries.append(DeckEntry(count, rest.rstrip(), entry_section, None, None, None, number))
            continue
        entry = _entry_from_match(match, raw, number, entry_section, errors)
        if entry is not None:
            entries.append(entry)
    return Decklist(tuple(entries)), tuple(errors)


def _has_headers(lines: list[str]) -> bool:
    """Whether any line is a section header or starts with ``SB:`` (then a blank line means
    nothing). A line that starts with a digit is an entry, never a header (headers start
    with a letter)."""
    return any(
        stripped and not stripped[0].isdigit() and (stripped.startswith("SB:") or _header_section(stripped) is not None)
        for stripped in (line.strip() for line in lines)
    )


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip())


def _header_section(stripped: str) -> Section | None:
    match = _HEADER.match(stripped)
    if match is None:
        return None
    return SECTION_WORDS.get(" ".join(match["word"].split()).casefold())


def _unreadable(stripped: str, number: int, indent: int) -> DecklistError:
    match = _HEADER.match(stripped)
    if match is not None and match["colon"]:
        known = ", ".join(sorted({s.header for s in Section}))
        return DecklistError(f'unknown section header "{stripped}"; known headers are {known}', number, indent + 1)
    return DecklistError(
        f'expected "<count> <card name>" such as "4 {stripped}", or a section header '
        f'such as "Sideboard"; got "{stripped}"',
        number,
        indent + 1,
    )


def _entry_from_match(
    match: re.Match[str], raw: str, number: int, section: Section, errors: list[DecklistError]
) -> DeckEntry | None:
    """The entry of a line with more than a count and a name (a comment, attributes, a
    printing) or a count below 1; its errors go to ``errors`` (then there is no entry)."""
    found = len(errors)
    count = int(match["count"])
    rest = match["rest"]
    offset = _indent(raw)
    if count < 1:
        errors.append(
            DecklistError("the number of copies must be at least 1", number, offset + match.start("count") + 1)
        )
    rest_start = offset + match.start("rest")
    if "#" in rest:
        rest = _TRAILING_COMMENT.sub("", rest)
    rest = rest.rstrip()
    attributes: dict[str, tuple[str, int]] = {}
    while "[" in rest and (attr := _ATTRIBUTE.search(rest)) is not None:
        column = rest_start + attr.start() + 1
        body = attr["body"].strip()
        key, sep, value = body.partition(":")
        key, value = key.strip().casefold(), value.strip()
        if not sep:
            key, value = "kind", body
        if key not in ATTRIBUTE_KEYS:
            errors.append(DecklistError(f'unknown attribute "[{body}]"; use [stars: N] or [kind: K]', number, column))
        elif not value:
            errors.append(DecklistError(f'attribute "[{body}]" has no value', number, column))
        elif key in attributes:
            errors.append(DecklistError(f'attribute "{key}" is given twice', number, column))
        else:
            attributes[key] = (value, column)
        rest = rest[: attr.start()].rstrip()
    name, printing = split_printing(rest)
    if not name:
        errors.append(DecklistError("the card name is missing", number, rest_start + 1))
        return None
    stars: int | None = None
    if "stars" in attributes:
        value, column = attributes["stars"]
        if value.isdigit():
            stars = int(value)
        else:
            errors.append(DecklistError(f'stars must be a whole number, got "{value}"', number, column))
    kind = attributes["kind"][0].casefold() if "kind" in attributes else None
    if len(errors) > found:
        return None
    return DeckEntry(count, name, section, stars, kind, printing, number)


# ---------------------------------------------------------------------------- YAML

_ENTRY_KEYS = ("count", "card", "stars", "kind", "section")


def decklist_from_mappings(items: object) -> tuple[Decklist, tuple[DecklistError, ...]]:
    """Reads inline YAML entries: a list of ``{count, card, stars?, kind?, section?}``.

    ``section`` takes the same words as the text headers (``main``, ``sideboard``,
    ``characters``, ``hero``, ``villain``...). Errors carry the path of the bad value
    (index, key); the caller adds file positions.

    >>> deck, errors = decklist_from_mappings([{"count": 4, "card": "Lightning Bolt"}])
    >>> deck.entries[0].card, errors
    ('Lightning Bolt', ())
    """
    if not isinstance(items, list):
        return Decklist(), (DecklistError("a deck must be a list of {count, card} entries"),)
    entries: list[DeckEntry] = []
    errors: list[DecklistError] = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            errors.append(
                DecklistError(
                    "each entry must be a mapping such as {count: 4, card: Lightning Bolt}",
                    path=(index,),
                )
            )
            continue
        entry_errors = [
            DecklistError(
                f'unknown key "{key}"; expected one of {", ".join(_ENTRY_KEYS)}',
                path=(index, str(key)),
            )
            for key in item
            if key not in _ENTRY_KEYS
        ]
        count, card, stars, kind, section_word = (item.get(k) for k in _ENTRY_KEYS)
        if not _is_int(count) or count < 1:
            entry_errors.append(DecklistError("count must be a whole number of at least 1", path=(index, "count")))
        if not isinstance(card, str) or not card.strip():
            entry_errors.append(DecklistError("card must be a card name", path=(index, "card")))
        if stars is not None and (not _is_int(stars) or stars < 0):
            entry_errors.append(DecklistError("stars must be a whole number of at least 0", path=(index, "stars")))
        if kind is not None and (not isinstance(kind, str) or not kind.strip()):
            entry_errors.append(DecklistError("kind must be a word such as character", path=(index, "kind")))
        section = Section.MAIN
        if section_word is not None:
            found = SECTION_WORDS.get(str(section_word).strip().casefold())
            if found is None:
                entry_errors.append(
                    DecklistError(
                        f'unknown section "{section_word}"; expected one of {", ".join(s.value for s in Section)}',
                        path=(index, "section"),
                    )
                )
            else:
                section = found
        errors.extend(entry_errors)
        if entry_errors:
            continue
        assert isinstance(count, int)  # checked above
        assert isinstance(card, str)
        name, printing = split_printing(card)
        entries.append(
            DeckEntry(
                count,
                name,
                section,
                stars if isinstance(stars, int) else None,
                kind.strip().casefold() if isinstance(kind, str) else None,
                printing,
            )
        )
    return Decklist(tuple(entries)), tuple(errors)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
