"""Deck violations in the site's language.

:mod:`ingest.decks.legality` says what a deck breaks as data: a
:class:`~ingest.decks.violation_words.Sentence` (which sentence, and its counts, cards,
deck section, kinds and the rule cited). The terminal prints its English; the decklists
page words the same data through the catalog here. In English both read the same, word
for word (a test keeps them so). Card names, format names, a format's own descriptions
and rule citations are data and stay as written; card kinds and rarities the shipped
formats use are words of ours (others are shown as the format file writes them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ingest.decks.decklist_parts import Section
from ingest.decks.legality import Violation
from ingest.decks.violation_words import Sentence
from ingest.site.i18n import day, gettext, listed, ngettext, number, pgettext, separated

KINDS: dict[str, Callable[[], str]] = {
    "character": lambda: pgettext("card kind", "character"),
    "battle": lambda: pgettext("card kind", "battle"),
    "troop": lambda: pgettext("card kind", "troop"),
}
"""The card kinds the shipped formats' rules count (kind ids of ``formats/*.yaml``)."""

RARITIES: dict[str, Callable[[], str]] = {"common": lambda: pgettext("rarity", "common")}
"""The rarities a card pool may be limited to (``schema/format.schema.json``)."""

LABELS: dict[Section, Callable[[], str]] = {
    Section.MAIN: lambda: gettext("Main deck"),
    Section.HERO: lambda: gettext("Hero deck"),
    Section.VILLAIN: lambda: gettext("Villain deck"),
    Section.SIDEBOARD: lambda: gettext("Sideboard"),
    Section.CHARACTERS: lambda: gettext("Team"),
}
"""A deck section as a sentence names it (as :data:`ingest.decks.violation_words.LABELS`)."""

_PLAY_DECKS: dict[Section, Callable[[], str]] = {
    Section.HERO: lambda: gettext("a Hero deck"),
    Section.VILLAIN: lambda: gettext("a Villain deck"),
}
_HEADERS: dict[Section, Callable[[], str]] = {
    Section.HERO: lambda: gettext("Hero"),
    Section.VILLAIN: lambda: gettext("Villain"),
}


def message(violation: Violation) -> str:
    """What a violation (or a check not made) says, in the site's language."""
    return sentence(violation.sentence)


def sentence(s: Sentence) -> str:
    """A deck check's sentence in the site's language (in English, :meth:`Sentence.english`).

    >>> sentence(Sentence("copies", "MTR 6.1", card="Lava Spike", count=5, limit=4))
    '5 copies of "Lava Spike" across deck and sideboard; at most 4 are allowed (MTR 6.1)'
    """
    return _WORDS[s.id](s)


# -- the words of a sentence ---------------------------------------------------------------------


def _kind(kind: str) -> str:
    return KINDS[kind]() if kind in KINDS else kind


def _both(words: Sequence[str]) -> str:
    """``character and troop``: words joined as one (two play decks, two kinds)."""
    out = words[0]
    for word in words[1:]:
        # Translators: things named together in running text: "Hero and Villain", "character and troop",
        # "alice, bob and carol".
        out = gettext("%(first)s and %(second)s") % {"first": out, "second": word}
    return out


def _either(words: Sequence[str]) -> str:
    out = words[0]
    for word in words[1:]:
        out = gettext("%(first)s or %(second)s") % {"first": out, "second": word}
    return out


def _card(name: str) -> str:
    # Translators: a card's name (as the decklist writes it) quoted in a sentence.
    return pgettext("card name in a sentence", '"%(card)s"') % {"card": name}


def _cards_named(names: Iterable[str]) -> str:
    return separated(_card(n) for n in names)


def _cards(count: int, kinds: Sequence[str]) -> str:
    """``3 cards``, ``1 battle card``, ``2 character and troop cards``."""
    if not kinds:
        return ngettext("%(num)d card", "%(num)d cards", count) % {"num": count}
    names = _both([_kind(k) for k in kinds])
    # Translators: kinds: the card kinds a rule counts ("battle", "character and troop").
    return ngettext("%(num)d %(kinds)s card", "%(num)d %(kinds)s cards", count) % {"num": count, "kinds": names}


def _label(s: Sentence) -> str:
    assert s.deck is not None, s
    return LABELS[s.deck]()


def _size(rule: Callable[[int], str]) -> Callable[[Sentence], str]:
    """A deck or sideboard against its size rule: ``Main deck has 52 cards; at least 60 are required``."""

    def words(s: Sentence) -> str:
        values = {"deck": _label(s), "cards": _cards(s.count, s.kinds), "rule": rule(s.limit), "cite": s.cite}
        # Translators: a deck against its size rule, e.g. deck "Main deck", cards "52 cards", rule
        # "at least 60 are required"; cite: the rule cited, as the format file writes it (MTR 6.1).
        return gettext("%(deck)s has %(cards)s; %(rule)s (%(cite)s)") % values

    return words


def _at_least(n: int) -> str:
    return ngettext("at least %(num)d is required", "at least %(num)d are required", n) % {"num": n}


def _exactly(n: int) -> str:
    return ngettext("exactly %(num)d is required", "exactly %(num)d are required", n) % {"num": n}


def _at_most(n: int) -> str:
    return ngettext("at most %(num)d is allowed", "at most %(num)d are allowed", n) % {"num": n}


def _values(s: Sentence) -> dict[str, object]:
    """The values most sentences name, worded for the site (a card, cards, numbers, format, rule)."""
    values: dict[str, object] = {"count": s.count, "limit": s.limit, "format": s.format, "cite": s.cite}
    if s.card is not None:
        values["card"] = _card(s.card)
    if s.cards:
        values["cards"] = _cards_named(s.cards)
    return values


# -- the sentences -------------------------------------------------------------------------------


def _no_play_deck(s: Sentence) -> str:
    assert s.deck is not None, s
    need = _both([_PLAY_DECKS[d]() for d in s.decks])
    values = {"deck": _label(s), "decks": need, "cite": s.cite}
    return gettext("No %(deck)s is listed; each player needs %(decks)s (%(cite)s)") % values


def _outside_play_decks(s: Sentence) -> str:
    # Translators: a section header as the decklist file must say it (Hero, Villain): kept in English.
    header = pgettext("decklist header", '"%(header)s"')
    values = {
        "num": s.count,
        "decks": _both([_HEADERS[d]() for d in s.decks]),
        "headers": _either([header % {"header": d.header} for d in s.decks]),
        "cite": s.cite,
    }
    return (
        ngettext(
            "%(num)d card is listed outside the %(decks)s decks; put them under a %(headers)s header (%(cite)s)",
            "%(num)d cards are listed outside the %(decks)s decks; put them under a %(headers)s header (%(cite)s)",
            s.count,
        )
        % values
    )


def _no_sideboard(s: Sentence) -> str:
    return ngettext(
        "Sideboard has %(num)d card, but this format allows no sideboard (%(cite)s)",
        "Sideboard has %(num)d cards, but this format allows no sideboard (%(cite)s)",
        s.count,
    ) % {"num": s.count, "cite": s.cite}


def _copies(s: Sentence) -> str:
    return ngettext(
        "%(count)s copies of %(card)s across deck and sideboard; at most %(num)d is allowed (%(cite)s)",
        "%(count)s copies of %(card)s across deck and sideboard; at most %(num)d are allowed (%(cite)s)",
        s.limit,
    ) % {**_values(s), "num": s.limit}


def _unique(s: Sentence) -> str:
    return gettext(
        "%(count)s copies of the %(kind)s %(card)s across team and sideboard; "
        "only one of each %(kind)s is allowed (%(cite)s)"
    ) % {**_values(s), "kind": _kind(s.kinds[0])}


def _banned_since(s: Sentence) -> str:
    assert s.since is not None, s
    values = {**_values(s), "date": day(s.since)}
    return gettext("%(card)s is banned in %(format)s since %(date)s (%(cite)s)") % values


def _character_ratio(s: Sentence) -> str:
    values = {
        **_values(s),
        "deck": _label(s),
        "kinds": _both([_kind(k) for k in s.kinds]),
        "total": s.out_of,
        "share": number(s.share),
    }
    return (
        gettext(
            "%(deck)s has %(count)s %(kinds)s cards out of %(total)s (%(share)s%%); "
            "at most %(limit)s%% are allowed (%(cite)s)"
        )
        % values
    )


def _unified(s: Sentence) -> str:
    values = {**_values(s), "holders": listed(s.holders)}
    if s.id == "unified-deck-override":
        return (
            gettext(
                "%(card)s is in the decks of %(holders)s; no two decks on a team may share a card other than "
                "basic lands, and a card that overrides the copy limit may do so in one deck only (%(cite)s)"
            )
            % values
        )
    return (
        gettext(
            "%(card)s is in the decks of %(holders)s; no two decks on a team may share a card other than "
            "basic lands (%(cite)s)"
        )
        % values
    )


def _skipped_banned_categories(s: Sentence) -> str:
    # Translators: between the format file's descriptions of banned categories (kept as written).
    categories = pgettext("list of descriptions", "; ").join(s.notes)
    return gettext(
        "Banned categories not checked (%(categories)s): they need card data; "
        "give a card-data file to check them (%(cite)s)"
    ) % {"categories": categories, "cite": s.cite}


def _skipped_card_pool_rarity(s: Sentence) -> str:
    rarity = RARITIES[s.rarity]() if s.rarity in RARITIES else s.rarity
    return gettext(
        "Card pool not checked: whether each card was printed at %(rarity)s needs card data; "
        "give a card-data file to check it (%(cite)s)"
    ) % {"rarity": rarity, "cite": s.cite}


def _skipped_card_pool_unknown(s: Sentence) -> str:
    n = len(s.cards)
    return ngettext(
        "Card pool not checked for %(num)d card the card data does not know: %(cards)s (%(cite)s)",
        "Card pool not checked for %(num)d cards the card data does not know: %(cards)s (%(cite)s)",
        n,
    ) % {**_values(s), "num": n}


def _skipped_character_ratio(s: Sentence) -> str:
    values = {**_values(s), "deck": _label(s), "kinds": _both([_kind(k) for k in s.kinds])}
    return (
        gettext(
            "Share of %(kinds)s cards in the %(deck)s not checked: no kind given for %(cards)s; "
            "write it as [character], [troop], [event]... (%(cite)s)"
        )
        % values
    )


_WORDS: dict[str, Callable[[Sentence], str]] = {
    "no-play-deck": _no_play_deck,
    "outside-play-decks": _outside_play_decks,
    "deck-size-at-least": _size(_at_least),
    "deck-size-exactly": _size(_exactly),
    "deck-size-at-most": _size(_at_most),
    "no-sideboard": _no_sideboard,
    "sideboard-size": _size(_at_most),
    "sideboard-characters": _size(_at_most),
    "sideboard-stars": lambda s: (
        gettext("Sideboard character %(card)s has %(count)s stars; at most %(limit)s are allowed (%(cite)s)")
        % _values(s)
    ),
    "copies": _copies,
    "unique": _unique,
    "restricted": lambda s: (
        gettext(
            "%(count)s copies of %(card)s across deck and sideboard; "
            "it is restricted in %(format)s, so at most 1 is allowed (%(cite)s)"
        )
        % _values(s)
    ),
    "banned": lambda s: gettext("%(card)s is banned in %(format)s (%(cite)s)") % _values(s),
    "banned-since": _banned_since,
    "banned-category": lambda s: (
        gettext("%(card)s is banned in %(format)s: %(category)s (%(cite)s)") % {**_values(s), "category": s.notes[0]}
    ),
    "not-legal": lambda s: (
        gettext("%(card)s is not legal in %(format)s according to the card data (%(cite)s)") % _values(s)
    ),
    "stars": lambda s: (
        gettext("Team and deck have %(count)s stars in total; at most %(limit)s are allowed (%(cite)s)") % _values(s)
    ),
    "stars-at-least": lambda s: (
        gettext("Team and deck have at least %(count)s stars in total; at most %(limit)s are allowed (%(cite)s)")
        % _values(s)
    ),
    "character-ratio": _character_ratio,
    "unified-deck": _unified,
    "unified-deck-override": _unified,
    "skipped-sideboard-kinds": lambda s: (
        gettext(
            "Sideboard limits not checked: no kind given for %(cards)s; "
            "write [character] or [battle] after the name (%(cite)s)"
        )
        % _values(s)
    ),
    "skipped-sideboard-stars": lambda s: (
        gettext("Stars of sideboard character %(card)s not checked: write them as [stars: N] (%(cite)s)") % _values(s)
    ),
    "skipped-copies-kinds": lambda s: (
        gettext(
            "Copy limit not checked for %(cards)s: no kind given; write [character] or [battle] after the name "
            "(%(cite)s)"
        )
        % _values(s)
    ),
    "skipped-banned-categories": _skipped_banned_categories,
    "skipped-card-pool-rarity": _skipped_card_pool_rarity,
    "skipped-card-pool-sets": lambda s: (
        gettext(
            "Card pool not checked: which sets each card comes from needs card data; "
            "give a card-data file to check it (%(cite)s)"
        )
        % _values(s)
    ),
    "skipped-card-pool-unknown": _skipped_card_pool_unknown,
    "skipped-stars": lambda s: (
        gettext(
            "Star total not checked: no star count given for %(cards)s; "
            "write it as [stars: N] after the name, [stars: 0] for a card without stars (%(cite)s)"
        )
        % _values(s)
    ),
    "skipped-character-ratio": _skipped_character_ratio,
}
