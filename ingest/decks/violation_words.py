"""What a deck check says, as data: which sentence, its values, and its English.

A check of :mod:`ingest.decks.legality` does not write a sentence: it says which one
(:attr:`Sentence.id`, a stable id of :data:`SENTENCES`) and with what (counts, card names,
the deck section, card kinds, the rule cited). The terminal, ``check-decks`` and
``validate`` show :meth:`Sentence.english`; the site words the same data in its own
language (``ingest.site.deck_words``), in English word for word as here (a test keeps
them so). Card names, format names, a format's own descriptions and rule citations are
data: no language changes them.

>>> Sentence("copies", "MTR 6.1", card="Lava Spike", count=5, limit=4).english()
'5 copies of "Lava Spike" across deck and sideboard; at most 4 are allowed (MTR 6.1)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

from ingest.decks.decklist_parts import Section

__all__ = ["SENTENCES", "Sentence"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """Which sentence says a broken rule (or a check not made), and its values.

    Each field is used by the sentences that name it (see :data:`SENTENCES`); the others
    keep their defaults.
    """

    id: str
    """One of :data:`SENTENCES`, e.g. ``copies``."""
    cite: str
    """The rule cited, as the format file gives it without its date (``MTR 6.1``)."""
    card: str | None = None
    """The card concerned, as the decklist (or the format's list) writes it."""
    cards: tuple[str, ...] = ()
    """The cards a sentence lists (cards without a kind, stars or card data)."""
    count: int = 0
    """What the deck has: cards, copies, stars or cards of some kinds."""
    limit: int = 0
    """What the rule allows or requires: a number of cards, copies or stars, a percentage."""
    out_of: int = 0
    """The size of the deck a share is taken of (``character-ratio``)."""
    kinds: tuple[str, ...] = ()
    """The card kinds counted (kind ids from the format file: ``battle``, ``character``)."""
    deck: Section | None = None
    """The deck concerned: the main deck, a Hero or Villain deck."""
    decks: tuple[Section, ...] = ()
    """The play decks each player must list (Wheel of Time: Hero and Villain)."""
    format: str = ""
    """The format's name (``Vintage``)."""
    since: date | None = None
    """When the ban took effect, where the list says."""
    notes: tuple[str, ...] = ()
    """The format's own words: banned categories, as the format file describes them."""
    rarity: str = ""
    """The one rarity the card pool allows (``common``)."""
    holders: tuple[str, ...] = ()
    """The decks of a team that share a card (their labels, in team order)."""

    @property
    def share(self) -> str:
        """``count`` as a percentage of ``out_of``, to one decimal without trailing zeros.

        >>> Sentence("character-ratio", "", count=21, out_of=40).share, Sentence("", "", count=1, out_of=3).share
        ('52.5', '33.3')
        """
        return f"{self.count * 100 / self.out_of:.1f}".rstrip("0").rstrip(".")

    def english(self) -> str:
        """The sentence in English, as the terminal, ``check-decks`` and ``validate`` show it."""
        return _ENGLISH[self.id](self)


LABELS = {
    Section.MAIN: "Main deck",
    Section.HERO: "Hero deck",
    Section.VILLAIN: "Villain deck",
    Section.SIDEBOARD: "Sideboard",
    Section.CHARACTERS: "Team",
}
"""A deck section as a sentence names it."""


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


def _kinds_noun(kinds: Iterable[str]) -> str:
    names = list(kinds)
    return " and ".join(names) + " card" if names else "card"


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{n}"' for n in names)


def _and(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _label(s: Sentence) -> str:
    assert s.deck is not None, s
    return LABELS[s.deck]


def _no_play_deck(s: Sentence) -> str:
    assert s.deck is not None, s
    need = " and ".join(f"a {d.header} deck" for d in s.decks)
    return f"No {s.deck.header} deck is listed; each player needs {need} ({s.cite})"


def _outside_play_decks(s: Sentence) -> str:
    decks = " and ".join(d.header for d in s.decks)
    headers = " or ".join(f'"{d.header}"' for d in s.decks)
    return (
        f"{_plural(s.count, 'card')} {_are(s.count)} listed outside the {decks} decks; "
        f"put them under a {headers} header ({s.cite})"
    )


def _size(need: str, verb: str) -> Callable[[Sentence], str]:
    def english(s: Sentence) -> str:
        cards = _plural(s.count, _kinds_noun(s.kinds))
        return f"{_label(s)} has {cards}; {need} {s.limit} {_are(s.limit)} {verb} ({s.cite})"

    return english


def _unified(tail: str) -> Callable[[Sentence], str]:
    def english(s: Sentence) -> str:
        return (
            f'"{s.card}" is in the decks of {_and(s.holders)}; no two decks on a team may share a '
            f"card other than basic lands{tail} ({s.cite})"
        )

    return english


def _banned_since(s: Sentence) -> str:
    assert s.since is not None, s
    return f'"{s.card}" is banned in {s.format} since {s.since.isoformat()} ({s.cite})'


_SKIPPED: dict[str, Callable[[Sentence], str]] = {
    "skipped-sideboard-kinds": lambda s: (
        f"Sideboard limits not checked: no kind given for {_quoted(s.cards)}; "
        f"write [character] or [battle] after the name ({s.cite})"
    ),
    "skipped-sideboard-stars": lambda s: (
        f'Stars of sideboard character "{s.card}" not checked: write them as [stars: N] ({s.cite})'
    ),
    "skipped-copies-kinds": lambda s: (
        f"Copy limit not checked for {_quoted(s.cards)}: no kind given; write "
        f"[character] or [battle] after the name ({s.cite})"
    ),
    "skipped-banned-categories": lambda s: (
        f"Banned categories not checked ({'; '.join(s.notes)}): they need card data; give a "
        f"card-data file to check them ({s.cite})"
    ),
    "skipped-card-pool-rarity": lambda s: (
        f"Card pool not checked: whether each card was printed at {s.rarity} needs card data; "
        f"give a card-data file to check it ({s.cite})"
    ),
    "skipped-card-pool-sets": lambda s: (
        "Card pool not checked: which sets each card comes from needs card data; "
        f"give a card-data file to check it ({s.cite})"
    ),
    "skipped-card-pool-unknown": lambda s: (
        f"Card pool not checked for {_plural(len(s.cards), 'card')} the card data does not "
        f"know: {_quoted(s.cards)} ({s.cite})"
    ),
    "skipped-stars": lambda s: (
        f"Star total not checked: no star count given for {_quoted(s.cards)}; write it as "
        f"[stars: N] after the name, [stars: 0] for a card without stars ({s.cite})"
    ),
    "skipped-character-ratio": lambda s: (
        f"Share of {' and '.join(s.kinds)} cards in the {_label(s)} not checked: no kind given for "
        f"{_quoted(s.cards)}; write it as [character], [troop], [event]... ({s.cite})"
    ),
}

_ENGLISH: dict[str, Callable[[Sentence], str]] = {
    "no-play-deck": _no_play_deck,
    "outside-play-decks": _outside_play_decks,
    "deck-size-at-least": _size("at least", "required"),
    "deck-size-exactly": _size("exactly", "required"),
    "deck-size-at-most": _size("at most", "allowed"),
    "no-sideboard": lambda s: (
        f"Sideboard has {_plural(s.count, 'card')}, but this format allows no sideboard ({s.cite})"
    ),
    "sideboard-size": _size("at most", "allowed"),
    "sideboard-characters": _size("at most", "allowed"),
    "sideboard-stars": lambda s: (
        f'Sideboard character "{s.card}" has {s.count} stars; at most {s.limit} are allowed ({s.cite})'
    ),
    "copies": lambda s: (
        f'{s.count} copies of "{s.card}" across deck and sideboard; at most {s.limit} '
        f"{_are(s.limit)} allowed ({s.cite})"
    ),
    "unique": lambda s: (
        f'{s.count} copies of the {s.kinds[0]} "{s.card}" across team and sideboard; only one of '
        f"each {s.kinds[0]} is allowed ({s.cite})"
    ),
    "restricted": lambda s: (
        f'{s.count} copies of "{s.card}" across deck and sideboard; it is restricted '
        f"in {s.format}, so at most 1 is allowed ({s.cite})"
    ),
    "banned": lambda s: f'"{s.card}" is banned in {s.format} ({s.cite})',
    "banned-since": _banned_since,
    "banned-category": lambda s: f'"{s.card}" is banned in {s.format}: {s.notes[0]} ({s.cite})',
    "not-legal": lambda s: f'"{s.card}" is not legal in {s.format} according to the card data ({s.cite})',
    "stars": lambda s: f"Team and deck have {s.count} stars in total; at most {s.limit} are allowed ({s.cite})",
    "stars-at-least": lambda s: (
        f"Team and deck have at least {s.count} stars in total; at most {s.limit} are allowed ({s.cite})"
    ),
    "character-ratio": lambda s: (
        f"{_label(s)} has {s.count} {' and '.join(s.kinds)} cards out of {s.out_of} ({s.share}%); at most "
        f"{s.limit}% are allowed ({s.cite})"
    ),
    "unified-deck": _unified(""),
    "unified-deck-override": _unified(", and a card that overrides the copy limit may do so in one deck only"),
    **_SKIPPED,
}

SENTENCES = tuple(_ENGLISH)
"""Every sentence a deck check can say, by id; those of checks not made start with ``skipped-``.

Which values each uses:

- ``no-play-deck``: ``deck`` (the one missing), ``decks``; ``outside-play-decks``: ``count``, ``decks``.
- ``deck-size-at-least``, ``deck-size-exactly``, ``deck-size-at-most``: ``deck``, ``count``,
  ``kinds`` (counted; none: every card), ``limit``.
- ``no-sideboard``: ``count``; ``sideboard-size``, ``sideboard-characters``: ``deck``
  (the sideboard), ``count``, ``kinds``, ``limit``; ``sideboard-stars``: ``card``,
  ``count`` (its stars), ``limit``.
- ``copies``: ``card``, ``count``, ``limit``; ``unique``: ``card``, ``count``, ``kinds`` (the first is named);
  ``restricted``: ``card``, ``count``, ``format``.
- ``banned``, ``banned-since`` (``since``), ``banned-category`` (``notes``, the category),
  ``not-legal``: ``card``, ``format``.
- ``stars``, ``stars-at-least`` (some stars unknown): ``count``, ``limit``.
- ``character-ratio``: ``deck``, ``count``, ``kinds``, ``out_of``, ``limit`` (a percentage).
- ``unified-deck``, ``unified-deck-override``: ``card``, ``holders``.
- ``skipped-sideboard-kinds``, ``skipped-copies-kinds``, ``skipped-stars``,
  ``skipped-card-pool-unknown``: ``cards``; ``skipped-sideboard-stars``: ``card``;
  ``skipped-banned-categories``: ``notes``; ``skipped-card-pool-rarity``: ``rarity``;
  ``skipped-card-pool-sets``: nothing; ``skipped-character-ratio``: ``deck``, ``kinds``, ``cards``.

Every sentence ends with the rule cited (``cite``).
"""
