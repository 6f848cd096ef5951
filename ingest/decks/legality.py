"""Deck legality: check a `Decklist` against `FormatRules` and report every broken rule.

`check_deck` never stops at the first problem: it runs every check the format defines
and returns all violations, each citing the rule it breaks. Lists are taken as in force
on the event date, so an old event stays legal after a later ban. Checks that need card
facts nobody gave (card pool, banned categories, a star count, a card's kind) are
reported as *skipped*, never guessed.

`check_team` applies Unified Deck Construction (MTR 8.4) to the decks of one team.

Violation codes: ``deck-size``, ``sideboard-size``, ``copies``, ``restricted``,
``banned``, ``not-legal`` (outside the card pool, from card data), ``stars``,
``unique-character``, ``character-ratio``, ``hero-villain``, ``unified-deck``, and
``skipped`` for notes about checks not made. A violation says what is wrong as data, a
:class:`~ingest.decks.violation_words.Sentence`; its English is :attr:`Violation.message`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from ingest.decks.card_data import CardData
from ingest.decks.card_names import normalize_card_name
from ingest.decks.decklist import Decklist
from ingest.decks.decklist_parts import DeckEntry, Section
from ingest.decks.format_rules import FormatRules
from ingest.decks.violation_words import Sentence

__all__ = ["DeckVerdict", "Sentence", "Violation", "check_deck", "check_team"]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule (or, with code ``skipped``, one check that could not be made)."""

    code: str
    """Stable code, e.g. ``copies``; see the module docstring."""
    sentence: Sentence
    """What is wrong, as data: which sentence says it, and its values."""

    @property
    def message(self) -> str:
        """What is wrong, in words a tournament organizer understands, ending with the rule cited."""
        return self.sentence.english()

    @property
    def card(self) -> str | None:
        """The card concerned, if there is one."""
        return self.sentence.card

    @property
    def section(self) -> str:
        """The rule broken, e.g. ``MTR 6.1``."""
        return self.sentence.cite


@dataclass(frozen=True, slots=True)
class DeckVerdict:
    """The outcome of checking one deck (or one team)."""

    violations: tuple[Violation, ...] = ()
    """Every broken rule, in a fixed order (by check, then by card)."""
    skipped: tuple[Violation, ...] = ()
    """Checks not made for lack of card facts (code ``skipped``)."""

    @property
    def is_legal(self) -> bool:
        """True when no rule is broken (skipped checks do not count)."""
        return not self.violations

    def lines(self) -> tuple[str, ...]:
        """One line per violation, then per skipped check: ``error[code]: message``."""
        return tuple(f"error[{v.code}]: {v.message}" for v in self.violations) + tuple(
            f"skipped: {v.message}" for v in self.skipped
        )


_DATE_SUFFIX = re.compile(r"\s*\(\d{4}-\d{2}-\d{2}\)$")


def _cite(source: str) -> str:
    """The rule citation of a source, without the document date.

    >>> _cite("MTR 6.3 (2025-06-30)")
    'MTR 6.3'
    """
    return _DATE_SUFFIX.sub("", source)


class _Deck:
    """A decklist seen through one format's rules: effective kinds and card groups."""

    def __init__(self, deck: Decklist, rules: FormatRules) -> None:
        self.deck = deck
        self.rules = rules
        counted = rules.main.counts if rules.main else ()
        self.default_main_kind = counted[0] if len(counted) == 1 else None
        self.play = rules.play_decks.required if rules.play_decks else (Section.MAIN,)

    def kind(self, entry: DeckEntry) -> str | None:
        if entry.kind is not None:
            return self.rules.kind_of(entry.kind)
        if entry.section is Section.CHARACTERS:
            return "character"
        if entry.section in (Section.MAIN, Section.HERO, Section.VILLAIN):
            return self.default_main_kind
        return None

    def name_of(self, key: str) -> str:
        """A deterministic display name for a normalized key (whatever the line order)."""
        return min(e.card for e in self.deck.entries if e.key == key)

    def totals(self, entries: Iterable[DeckEntry]) -> dict[str, int]:
        out: dict[str, int] = {}
        get = out.get
        for e in entries:
            key = normalize_card_name(e.card)  # (DeckEntry.key, without the property's call)
            out[key] = get(key, 0) + e.count
        return dict(sorted(out.items()))

    @functools.cached_property
    def all_totals(self) -> dict[str, int]:
        """Copies by normalized name over the whole deck (several checks need them)."""
        return self.totals(self.deck.entries)


def check_deck(deck: Decklist, rules: FormatRules, *, on: date, card_data: CardData | None = None) -> DeckVerdict:
    """Checks a deck against a format's rules as they stood on a date.

    Args:
        deck: The decklist.
        rules: The format (whole history or already cut with `FormatRules.as_of_date`).
        on: The event date: the banned and restricted lists in force that day apply.
        card_data: Optional MTG card facts (types, rules text, legalities). Without it,
            checks that need them are reported as skipped.

    Returns:
        Every violation and every skipped check.
    """
    view = _Deck(deck, rules)
    violations: list[Violation] = []
    skipped: list[Violation] = []
    violations += _play_decks(view)
    violations += _deck_size(view)
    sb_violations, sb_skipped = _sideboard(view)
    violations += sb_violations
    skipped += sb_skipped
    restricted = {c.key for c in rules.restricted_on(on)}
    copy_violations, copy_skipped = _copies(view, restricted, card_data)
    violations += copy_violations
    skipped += copy_skipped
    violations += _unique(view)
    violations += _restricted(view, on)
    banned_violations, banned_skipped = _banned(view, on, card_data)
    violations += banned_violations
    skipped += banned_skipped
    pool_violations, pool_skipped = _card_pool(view, card_data)
    violations += pool_violations
    skipped += pool_skipped
    star_violations, star_skipped = _stars(view)
    violations += star_violations
    skipped += star_skipped
    ratio_violations, ratio_skipped = _kind_ratio(view)
    violations += ratio_violations
    skipped += ratio_skipped
    return DeckVerdict(tuple(violations), tuple(skipped))


def _play_decks(view: _Deck) -> list[Violation]:
    """Required play decks (WoT Constructed Deck: a Hero deck and a Villain deck)."""
    rule = view.rules.play_decks
    if rule is None:
        return []
    cite = _cite(rule.source)
    out = [
        Violation("hero-villain", Sentence("no-play-deck", cite, deck=s, decks=rule.required))
        for s in rule.required
        if s not in view.deck.sections
    ]
    stray = view.deck.total(Section.MAIN, Section.CHARACTERS)
    if stray:
        out.append(Violation("hero-villain", Sentence("outside-play-decks", cite, count=stray, decks=rule.required)))
    return out


def _deck_size(view: _Deck) -> list[Violation]:
    """Deck size of each play deck (MTR 6.1, 7.1; Aequitas 6.1, 7.1; WoT Deck Limitations)."""
    rule = view.rules.main
    if rule is None or (rule.min is None and rule.max is None):
        return []
    cite = _cite(rule.source)
    out: list[Violation] = []
    for section in view.play:
        if view.rules.play_decks is not None and section not in view.deck.sections:
            continue  # reported by the play-deck check
        size = sum(e.count for e in view.deck.in_sections(section) if not rule.counts or view.kind(e) in rule.counts)
        if rule.min is not None and size < rule.min:
            which = "deck-size-exactly" if rule.max == rule.min else "deck-size-at-least"
            words = Sentence(which, cite, deck=section, count=size, kinds=rule.counts, limit=rule.min)
            out.append(Violation("deck-size", words))
        elif rule.max is not None and size > rule.max:
            which = "deck-size-exactly" if rule.max == rule.min else "deck-size-at-most"
            words = Sentence(which, cite, deck=section, count=size, kinds=rule.counts, limit=rule.max)
            out.append(Violation("deck-size", words))
    return out


def _sideboard(view: _Deck) -> tuple[list[Violation], list[Violation]]:
    """Sideboard size and contents (MTR 6.1, 9.5; Aequitas 6.3; WoT; Bushiroad 3.3.1.1)."""
    rule = view.rules.sideboard
    entries = view.deck.in_sections(Section.SIDEBOARD)
    if rule is None or not entries:
        return [], []
    cite = _cite(rule.source)
    total = sum(e.count for e in entries)
    if not rule.allowed:
        return [Violation("sideboard-size", Sentence("no-sideboard", cite, count=total))], []
    out: list[Violation] = []
    skipped: list[Violation] = []
    if rule.counts or rule.max_characters is not None:  # (only then does a card's kind matter)
        unknown = sorted({e.card for e in entries if view.kind(e) is None})
        if unknown:
            skipped.append(Violation("skipped", Sentence("skipped-sideboard-kinds", cite, cards=tuple(unknown))))
            return out, skipped
    if rule.max is not None:
        counted = sum(e.count for e in entries if not rule.counts or view.kind(e) in rule.counts)
        if counted > rule.max:
            words = Sentence(
                "sideboard-size", cite, deck=Section.SIDEBOARD, count=counted, kinds=rule.counts, limit=rule.max
            )
            out.append(Violation("sideboard-size", words))
    if rule.max_characters is None and rule.max_character_stars is None:
        return out, skipped
    characters = [e for e in entries if view.kind(e) == "character"]
    if rule.max_characters is not None:
        count = sum(e.count for e in characters)
        if count > rule.max_characters:
            words = Sentence(
                "sideboard-characters",
                cite,
                deck=Section.SIDEBOARD,
                count=count,
                kinds=("character",),
                limit=rule.max_characters,
            )
            out.append(Violation("sideboard-size", words))
    if rule.max_character_stars is not None:
        for e in sorted(characters, key=lambda e: e.key):
            if e.stars is None:
                skipped.append(Violation("skipped", Sentence("skipped-sideboard-stars", cite, card=e.card)))
            elif e.stars > rule.max_character_stars:
                words = Sentence("sideboard-stars", cite, card=e.card, count=e.stars, limit=rule.max_character_stars)
                out.append(Violation("stars", words))
    return out, skipped


def _copies(view: _Deck, restricted: set[str], card_data: CardData | None) -> tuple[list[Violation], list[Violation]]:
    """Copy limit by English name across deck and sideboard (MTR 6.1; Aequitas 6.1, 6.3)."""
    rule = view.rules.copies
    if rule is None:
        return [], []
    totals = view.all_totals
    skipped: list[Violation] = []
    if rule.kinds:
        entries = view.deck.entries
        unknown = sorted({e.card for e in entries if view.kind(e) is None})
        if unknown:
            skipped.append(
                Violation("skipped", Sentence("skipped-copies-kinds", _cite(rule.source), cards=tuple(unknown)))
            )
        totals = view.totals(e for e in entries if view.kind(e) in rule.kinds)
    out: list[Violation] = []
    for key, total in totals.items():
        if key in restricted:
            continue  # the restricted check applies the stricter limit
        limit, source = rule.max, rule.source
        exception = view.rules.copy_exception(key)
        if exception is not None:
            limit, source = exception.max or 0, exception.source
        facts = card_data.get(key) if card_data is not None else None
        if facts is not None and facts.is_basic:
            limit = 0
        elif facts is not None and facts.copy_override[0]:
            # Cited as the format files cite the cards they list (mtg.yaml copy_exceptions).
            limit, source = facts.copy_override[1] or 0, "card text; MTR 6.1"
        if limit and total > limit:
            words = Sentence("copies", _cite(source), card=view.name_of(key), count=total, limit=limit)
            out.append(Violation("copies", words))
    return out, skipped


def _unique(view: _Deck) -> list[Violation]:
    """One of each character by full name across team and sideboard (Aequitas 6.1, 6.3)."""
    rule = view.rules.unique
    if rule is None:
        return []
    cite = _cite(rule.source)
    out: list[Violation] = []
    for key, total in view.totals(e for e in view.deck.entries if view.kind(e) in rule.kinds).items():
        if total > 1:
            words = Sentence("unique", cite, card=view.name_of(key), count=total, kinds=rule.kinds)
            out.append(Violation("unique-character", words))
    return out


def _restricted(view: _Deck, on: date) -> list[Violation]:
    """Restricted cards: at most one across deck and sideboard (MTR 6.2)."""
    totals = view.all_totals
    out: list[Violation] = []
    for entry in sorted(view.rules.restricted_on(on), key=lambda c: c.key):
        total = totals.get(entry.key, 0)
        if total > 1:
            words = Sentence("restricted", _cite(entry.source), card=entry.card, count=total, format=view.rules.name)
            out.append(Violation("restricted", words))
    return out


def _banned(view: _Deck, on: date, card_data: CardData | None) -> tuple[list[Violation], list[Violation]]:
    """Banned cards and banned categories in force on the date (MTR 6.2)."""
    keys = view.all_totals
    banned = view.rules.banned_by_key(on)
    out: list[Violation] = []
    for entry in (entry for key in sorted(keys) if key in banned for entry in banned[key]):
        which = "banned" if entry.since is None else "banned-since"
        words = Sentence(which, _cite(entry.source), card=entry.card, format=view.rules.name, since=entry.since)
        out.append(Violation("banned", words))
    categories = view.rules.categories_on(on)
    if not categories:
        return out, []
    cite = _cite(categories[0].source)
    if card_data is None:
        described = tuple(c.description for c in categories)
        return out, [Violation("skipped", Sentence("skipped-banned-categories", cite, notes=described))]
    for key in sorted(keys):
        facts = card_data.get(key)
        if facts is None:
            continue  # reported with the card pool's unknown cards
        for category in categories:
            if category.matches(facts.type_line, facts.oracle_text):
                words = Sentence(
                    "banned-category",
                    _cite(category.source),
                    card=view.name_of(key),
                    format=view.rules.name,
                    notes=(category.description,),
                )
                out.append(Violation("banned", words))
                break
    return out, []


def _card_pool(view: _Deck, card_data: CardData | None) -> tuple[list[Violation], list[Violation]]:
    """Legal sets, rarity and extra cards (MTR 6.2), checked through card data."""
    pool = view.rules.card_pool
    if pool is None or (pool.all_sets and pool.rarity is None and not view.rules.banned_categories):
        return [], []
    cite = _cite(pool.source)
    if card_data is None or pool.legality_key is None:
        if pool.all_sets and pool.rarity is None:
            return [], []
        if pool.rarity:
            return [], [Violation("skipped", Sentence("skipped-card-pool-rarity", cite, rarity=pool.rarity))]
        return [], [Violation("skipped", Sentence("skipped-card-pool-sets", cite))]
    extra = {e.casefold() for e in pool.extra_cards}
    out: list[Violation] = []
    unknown: list[str] = []
    for key in view.all_totals:
        facts = card_data.get(key)
        status = facts.legality(pool.legality_key) if facts is not None else None
        if status is None:
            unknown.append(view.name_of(key))
        elif status == "not_legal" and key not in extra:
            words = Sentence("not-legal", cite, card=view.name_of(key), format=view.rules.name)
            out.append(Violation("not-legal", words))
    skipped = []
    if unknown:
        skipped.append(Violation("skipped", Sentence("skipped-card-pool-unknown", cite, cards=tuple(unknown))))
    return out, skipped


def _stars(view: _Deck) -> tuple[list[Violation], list[Violation]]:
    """Star total of team and deck, characters and battle cards alike (Aequitas 6.1, 7.1).

    A card without ``[stars: N]`` has an unknown cost, not a cost of 0: the check is then
    skipped, never guessed. Star costs are never negative, so a total of the known costs
    already over the limit is a violation whatever the unknown ones are.
    """
    rule = view.rules.stars
    if rule is None:
        return [], []
    cite = _cite(rule.source)
    entries = view.deck.in_sections(Section.CHARACTERS, *view.play)
    missing = sorted({e.card for e in entries if e.stars is None})
    known = sum(e.count * e.stars for e in entries if e.stars is not None)
    if known > rule.max:
        which = "stars-at-least" if missing else "stars"
        return [Violation("stars", Sentence(which, cite, count=known, limit=rule.max))], []
    if missing:
        return [], [Violation("skipped", Sentence("skipped-stars", cite, cards=tuple(missing)))]
    return [], []


def _kind_ratio(view: _Deck) -> tuple[list[Violation], list[Violation]]:
    """Share of character and troop cards in each play deck (WoT Deck Limitations)."""
    rule = view.rules.kind_ratio
    if rule is None:
        return [], []
    cite = _cite(rule.source)
    out: list[Violation] = []
    skipped: list[Violation] = []
    for section in view.play:
        entries = view.deck.in_sections(section)
        if not entries:
            continue
        unknown = sorted({e.card for e in entries if view.kind(e) is None})
        if unknown:
            words = Sentence("skipped-character-ratio", cite, deck=section, kinds=rule.kinds, cards=tuple(unknown))
            skipped.append(Violation("skipped", words))
            continue
        total = sum(e.count for e in entries)
        counted = sum(e.count for e in entries if view.kind(e) in rule.kinds)
        if counted * 100 > rule.max_percent * total:
            words = Sentence(
                "character-ratio",
                cite,
                deck=section,
                count=counted,
                kinds=rule.kinds,
                out_of=total,
                limit=rule.max_percent,
            )
            out.append(Violation("character-ratio", words))
    return out, skipped


def check_team(decks: Mapping[str, Decklist], rules: FormatRules, *, card_data: CardData | None = None) -> DeckVerdict:
    """Checks Unified Deck Construction for one team (MTR 8.4, 9.5).

    No two decks of the team may hold the same card by English name, except cards with
    the basic supertype; a card whose text overrides the copy limit may do so in one deck
    only, so it too may appear in one deck only. Formats without the rule give an empty
    verdict. Each deck is checked on its own by `check_deck`.

    Args:
        decks: Each player's (or seat's) label and decklist, in team order.
        rules: The format the team plays.
        card_data: Optional card facts (to recognise basic lands not in our list).
    """
    team = rules.team
    if team is None or not team.unified_deck_construction:
        return DeckVerdict()
    cite = _cite(team.source)
    exceptions = {x.key: x for x in rules.copy_exceptions}
    owners: dict[str, list[str]] = {}
    names: dict[str, set[str]] = {}
    for label, deck in decks.items():
        for entry in deck.entries:
            holders = owners.setdefault(entry.key, [])
            if label not in holders:
                holders.append(label)
            names.setdefault(entry.key, set()).add(entry.card)
    out: list[Violation] = []
    for key in sorted(owners):
        holders = owners[key]
        exception = exceptions.get(key)
        facts = card_data.get(key) if card_data is not None else None
        basic = (exception is not None and exception.reason == "basic") or (facts is not None and facts.is_basic)
        if len(holders) < 2 or basic:
            continue
        overrides = (exception is not None) or (facts is not None and facts.copy_override[0])
        which = "unified-deck-override" if overrides else "unified-deck"
        out.append(Violation("unified-deck", Sentence(which, cite, card=min(names[key]), holders=tuple(holders))))
    return DeckVerdict(tuple(out))
