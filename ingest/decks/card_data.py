"""Card data: what a Scryfall or MTGJSON file says about MTG cards (type line, rules text,
legalities), for the deck checks that need card facts a decklist does not give (basic
lands, a card's own copy limit, a card pool). Nothing here reads a file: the source stage
reads the card-data files ``mkdocs.yml`` names (:func:`ingest.source.site_config.card_data`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ingest.decks.card_names import normalize_card_name

__all__ = ["CardData", "CardDataError", "CardFacts"]

_WORDS = {
    w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))
}
_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What a card-data file says about one MTG card."""

    name: str
    """The card's full English name (``A // B`` for cards with two faces)."""
    type_line: str
    """The type line (faces joined by `` // ``)."""
    oracle_text: str = ""
    """The rules text (faces joined by newlines)."""
    legalities: Mapping[str, str] | None = None
    """Format key -> ``legal``, ``not_legal``, ``banned`` or ``restricted`` (None: not given)."""

    @property
    def is_basic(self) -> bool:
        """Whether the card has the basic supertype."""
        return any("Basic" in face.split("\u2014")[0].split() for face in self.type_line.split("//"))

    @property
    def copy_override(self) -> tuple[bool, int | None]:
        """``(True, limit)`` when the card's text sets its own copy limit (None: any number)."""
        if _ANY_NUMBER.search(self.oracle_text):
            return True, None
        match = _UP_TO.search(self.oracle_text)
        if match is not None:
            word = match[1].casefold()
            if word.isdigit():
                return True, int(word)
            if word in _WORDS:
                return True, _WORDS[word]
        return False, None

    def legality(self, key: str) -> str | None:
        """The card's status under a format key (``not_legal`` when absent); None without data."""
        if self.legalities is None:
            return None
        return self.legalities.get(key, "not_legal")


class CardDataError(ValueError):
    """Raised when a card-data file is neither Scryfall nor MTGJSON shaped."""


@dataclass(frozen=True, slots=True)
class CardData:
    """Card facts by normalized name, from a Scryfall or MTGJSON bulk file."""

    cards: Mapping[str, CardFacts]
    """Facts keyed by `normalize_card_name` of the full name and of each face name."""

    def get(self, name: str) -> CardFacts | None:
        """Facts for a card name as written in a decklist, if the data has it."""
        return self.cards.get(normalize_card_name(name))

    @classmethod
    def from_json(cls, document: object) -> CardData:
        """Builds card data from a parsed JSON document.

        Accepts a Scryfall bulk file (a list of card objects, or a list object with
        ``data``) and an MTGJSON ``AtomicCards`` file (``{"data": {name: [faces]}}``).

        Raises:
            CardDataError: if the document has neither shape.
        """
        if isinstance(document, Mapping) and isinstance(document.get("data"), Mapping):
            return cls(_from_mtgjson(document["data"]))
        if isinstance(document, Mapping) and isinstance(document.get("data"), list):
            document = document["data"]
        if isinstance(document, list):
            return cls(_from_scryfall(document))
        raise CardDataError("card data must be a Scryfall bulk list or an MTGJSON AtomicCards file")


def _index(facts: CardFacts, names: Iterable[str], out: dict[str, CardFacts]) -> None:
    for name in (facts.name, *names):
        out.setdefault(normalize_card_name(name), facts)


def _from_scryfall(cards: list[object]) -> dict[str, CardFacts]:
    out: dict[str, CardFacts] = {}
    for card in cards:
        if not isinstance(card, Mapping) or not isinstance(card.get("name"), str):
            continue
        faces = [f for f in card.get("card_faces") or [] if isinstance(f, Mapping)]
        type_line = card.get("type_line") or " // ".join(str(f.get("type_line", "")) for f in faces)
        text = card.get("oracle_text") or "\n".join(str(f.get("oracle_text", "")) for f in faces)
        legal = card.get("legalities")
        facts = CardFacts(
            card["name"],
            str(type_line),
            str(text),
            {str(k): str(v).casefold() for k, v in legal.items()} if isinstance(legal, Mapping) else None,
        )
        _index(facts, [str(f["name"]) for f in faces if "name" in f], out)
    return out


def _from_mtgjson(data: Mapping[str, object]) -> dict[str, CardFacts]:
    out: dict[str, CardFacts] = {}
    for name, faces in data.items():
        if not isinstance(faces, list):
            continue
        parts = [f for f in faces if isinstance(f, Mapping)]
        if not parts:
            continue
        legal = parts[0].get("legalities")
        facts = CardFacts(
            str(name),
            " // ".join(str(f.get("type", "")) for f in parts),
            "\n".join(str(f.get("text", "")) for f in parts),
            {str(k): str(v).casefold() for k, v in legal.items()} if isinstance(legal, Mapping) else None,
        )
        _index(facts, [str(f["faceName"]) for f in parts if "faceName" in f], out)
    return out
