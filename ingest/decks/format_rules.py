"""A format's rules as frozen values: `FormatRules` and the deck rules it is made of.

Deck construction (main deck and sideboard sizes, copy limits and their exceptions,
unique cards, stars, kind ratios, play decks) and team rules, with the format's card pool
and dated banned and restricted lists (:mod:`ingest.decks.format_lists`). As loaded, the
lists hold their whole history: `FormatRules.as_of_date` keeps what is in force on one
day, and `FormatRules.with_overlay` adds an overlay format's rules (MTR 9.5).

Formats are looked up by id in :mod:`ingest.decks.format_registry`; archetype rules are
:mod:`ingest.decks.archetypes`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from ingest.decks.card_names import normalize_card_name
from ingest.decks.decklist_parts import Section
from ingest.decks.format_lists import BannedCategory, CardPool, DatedCard
from ingest.decks.format_notes import Note

__all__ = [
    "CopyException",
    "CopyRule",
    "FormatRules",
    "KindRatioRule",
    "PlayDecksRule",
    "SideboardRule",
    "SizeRule",
    "StarRule",
    "TeamRule",
    "UniqueRule",
]

Kind = Literal["constructed", "limited"]


@dataclass(frozen=True, slots=True)
class SizeRule:
    """Size of the main deck (of each play deck where there are several)."""

    min: int | None
    """Fewest cards; None when the source gives no number."""
    max: int | None
    """Most cards; None for no maximum."""
    counts: tuple[str, ...]
    """Kinds counted; empty counts every card."""
    source: str
    """Rule citation, e.g. ``MTR 6.1``."""


@dataclass(frozen=True, slots=True)
class SideboardRule:
    """Whether a sideboard is allowed and its limits."""

    allowed: bool
    """False: no sideboard may be used."""
    max: int | None
    """Most (counted) cards; None for no limit."""
    counts: tuple[str, ...]
    """Kinds counted toward max; empty counts every card."""
    max_characters: int | None
    """Most character cards (Transformers)."""
    max_character_stars: int | None
    """Most stars of a sideboard character (Transformers)."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class CopyRule:
    """Most copies of a card by English name across deck and sideboard."""

    max: int
    """The limit."""
    kinds: tuple[str, ...]
    """Kinds the limit applies to; empty for every card."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class CopyException:
    """A card the copy limit does not apply to, or that has its own limit."""

    card: str
    """The card's English name."""
    max: int | None
    """Its own limit; None for any number."""
    reason: Literal["basic", "card-text"]
    """basic supertype, or the card's own text."""
    source: str
    """Rule citation."""

    @property
    def key(self) -> str:
        """The normalized name."""
        return normalize_card_name(self.card)


@dataclass(frozen=True, slots=True)
class UniqueRule:
    """Cards of some kinds may appear once by full name (Transformers characters)."""

    kinds: tuple[str, ...]
    """The kinds that must be unique."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class StarRule:
    """Most stars of team and main deck together."""

    max: int
    """The limit."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class KindRatioRule:
    """Cards of some kinds may be at most a share of each play deck (WoT)."""

    kinds: tuple[str, ...]
    """Kinds counted together."""
    max_percent: int
    """Most of the deck, in percent."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class PlayDecksRule:
    """Separate play decks each player must list (WoT Hero and Villain)."""

    required: tuple[Section, ...]
    """The decklist sections that must be present."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class TeamRule:
    """Team play rules."""

    unified_deck_construction: bool
    """No two decks on a team may share a card other than basic lands (MTR 8.4)."""
    source: str
    """Rule citation."""


@dataclass(frozen=True, slots=True)
class FormatRules:
    """One format of one game: deck rules, card pool and dated lists.

    As loaded, the lists hold the whole history; `as_of` (or `FormatRegistry.rules_for`)
    keeps only what is in force on one day.
    """

    game: str
    """Game id, e.g. ``mtg``."""
    game_name: str
    """The game's display name."""
    id: str
    """Format id, e.g. ``modern`` (``modern+two-headed-giant`` once combined)."""
    name: str
    """Display name."""
    kind: Kind
    """constructed or limited."""
    source: str
    """Where the format's rules come from."""
    deck_rules_given: bool = True
    """False when the rules documents give no deck construction rules (nothing is checked)."""
    main: SizeRule | None = None
    """Main deck size."""
    sideboard: SideboardRule | None = None
    """Sideboard rules."""
    copies: CopyRule | None = None
    """Copy limit; None for none (limited)."""
    copy_exceptions: tuple[CopyException, ...] = ()
    """Basic lands and cards whose text sets their own limit (game-wide)."""
    unique: UniqueRule | None = None
    """Unique-by-full-name rule (Transformers characters)."""
    stars: StarRule | None = None
    """Star limit (Transformers)."""
    kind_ratio: KindRatioRule | None = None
    """Kind ratio per play deck (WoT)."""
    play_decks: PlayDecksRule | None = None
    """Required play decks (WoT)."""
    card_pool: CardPool | None = None
    """Legal sets and cards; None for limited formats."""
    team: TeamRule | None = None
    """Team rules."""
    banned: tuple[DatedCard, ...] = ()
    """Banned cards (history)."""
    banned_categories: tuple[BannedCategory, ...] = ()
    """Banned categories (history)."""
    restricted: tuple[DatedCard, ...] = ()
    """Restricted cards (history)."""
    notes: tuple[Note, ...] = ()
    """Remarks the site shows, e.g. where the source is silent."""
    aliases: tuple[str, ...] = ()
    """Other ids event files may use."""
    kind_aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Kind id -> words a decklist may use for it (game-wide)."""
    overlay: bool = False
    """True for a format that only adds rules to another (Two-Headed Giant)."""
    as_of: date | None = None
    """The day the lists were cut to, or None for the whole history."""
    _lists_on: dict[tuple[str, date], tuple[DatedCard, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The lists in force by day, as asked (every deck of an event asks for the same day)."""
    _banned_by_key: dict[date, Mapping[str, tuple[DatedCard, ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The banned list in force by day, by card key, as asked (every deck checks it)."""
    _exceptions_by_key: dict[str, CopyException] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The copy exceptions by card key (the last listed wins), once asked."""

    def banned_on(self, on: date) -> tuple[DatedCard, ...]:
        """Banned entries in force on a date."""
        return self._in_force_on("banned", self.banned, on)

    def banned_by_key(self, on: date) -> Mapping[str, tuple[DatedCard, ...]]:
        """The banned entries in force on a date by card key, each key's entries in list order."""
        found = self._banned_by_key.get(on)
        if found is None:
            grouped: dict[str, list[DatedCard]] = {}
            for entry in self.banned_on(on):
                grouped.setdefault(entry.key, []).append(entry)
            found = self._banned_by_key[on] = {key: tuple(group) for key, group in grouped.items()}
        return found

    def copy_exception(self, key: str) -> CopyException | None:
        """The copy exception for a card key (the last one listed wins), if any."""
        if self.copy_exceptions and not self._exceptions_by_key:
            self._exceptions_by_key.update((x.key, x) for x in self.copy_exceptions)
        return self._exceptions_by_key.get(key)

    def restricted_on(self, on: date) -> tuple[DatedCard, ...]:
        """Restricted entries in force on a date."""
        return self._in_force_on("restricted", self.restricted, on)

    def _in_force_on(self, which: str, entries: tuple[DatedCard, ...], on: date) -> tuple[DatedCard, ...]:
        found = self._lists_on.get((which, on))
        if found is None:
            found = self._lists_on[(which, on)] = tuple(c for c in entries if c.in_force(on))
        return found

    def categories_on(self, on: date) -> tuple[BannedCategory, ...]:
        """Banned categories in force on a date."""
        return tuple(c for c in self.banned_categories if c.in_force(on))

    def as_of_date(self, on: date) -> FormatRules:
        """The rules with only the list entries and sets in force on a date."""
        pool = self.card_pool
        if pool is not None:
            pool = dataclasses.replace(pool, sets=pool.sets_on(on))
        return dataclasses.replace(
            self,
            banned=self.banned_on(on),
            restricted=self.restricted_on(on),
            banned_categories=self.categories_on(on),
            card_pool=pool,
            as_of=on,
        )

    def kind_of(self, word: str | None) -> str | None:
        """The kind id a decklist word means under this game's kind aliases.

        Unknown words are kept as written; None stays None.
        """
        if word is None:
            return None
        lowered = word.casefold()
        for kind, words in self.kind_aliases.items():
            if lowered == kind or lowered in words:
                return kind
        return lowered

    def with_overlay(self, overlay: FormatRules) -> FormatRules:
        """Combines this format with an overlay format (e.g. Two-Headed Giant, MTR 9.5).

        The overlay's deck rules replace this format's where the overlay gives them; its
        lists and notes are added; its team rule wins.
        """
        return dataclasses.replace(
            self,
            id=f"{self.id}+{overlay.id}",
            name=f"{self.name} ({overlay.name})",
            source=f"{self.source}; {overlay.source}",
            main=overlay.main or self.main,
            sideboard=overlay.sideboard or self.sideboard,
            copies=overlay.copies or self.copies,
            unique=overlay.unique or self.unique,
            stars=overlay.stars or self.stars,
            kind_ratio=overlay.kind_ratio or self.kind_ratio,
            play_decks=overlay.play_decks or self.play_decks,
            team=overlay.team or self.team,
            banned=self.banned + overlay.banned,
            banned_categories=self.banned_categories + overlay.banned_categories,
            restricted=self.restricted + overlay.restricted,
            notes=self.notes + overlay.notes,
            aliases=(),
        )
