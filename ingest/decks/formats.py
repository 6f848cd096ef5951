"""Formats as frozen `FormatRules`, looked up by id (from ``formats/<game>.yaml``).

Each game file (schema ``schema/format.schema.json``) holds the game's formats with
their deck rules, card pools and *dated* banned and restricted lists. A list entry is in
force from ``since`` (inclusive; null means "before our earliest record") until
``until`` (exclusive; absent means "still in force"), so the same data answers "what was
banned on the day of this old event" and "what is banned now".

`FormatRegistry.rules_for` gives the rules in force on a date; an id of the form
``<format>+<overlay>`` (``modern+two-headed-giant``) adds an overlay format's rules (MTR
9.5). Archetype rules are :mod:`ingest.decks.archetypes`.

Nothing here reads a file or a schema: :mod:`ingest.source.format_files` checks the files
(read and validated as event files are) and builds these values with :func:`format_from`.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from ingest.decks.decklist import Section, normalize_card_name

__all__ = [
    "BannedCategory",
    "CardPool",
    "CopyException",
    "CopyRule",
    "DatedCard",
    "DatedSet",
    "FormatRegistry",
    "FormatRules",
    "KindRatioRule",
    "PlayDecksRule",
    "SideboardRule",
    "SizeRule",
    "StarRule",
    "TeamRule",
    "UniqueRule",
    "UnknownFormatError",
    "format_from",
]

Kind = Literal["constructed", "limited"]

# ---------------------------------------------------------------------------- model


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
    notes: tuple[str, ...] = ()
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

    def banned_on(self, on: date) -> tuple[DatedCard, ...]:
        """Banned entries in force on a date."""
        found = self._lists_on.get(("banned", on))
        if found is None:
            found = self._lists_on[("banned", on)] = tuple(c for c in self.banned if c.in_force(on))
        return found

    def restricted_on(self, on: date) -> tuple[DatedCard, ...]:
        """Restricted entries in force on a date."""
        found = self._lists_on.get(("restricted", on))
        if found is None:
            found = self._lists_on[("restricted", on)] = tuple(c for c in self.restricted if c.in_force(on))
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


class UnknownFormatError(LookupError):
    """Raised for an unknown game or format id; the message lists the known ids."""


@dataclass(frozen=True, slots=True)
class FormatRegistry:
    """Formats by ``(game, id)``, with aliases."""

    formats: Mapping[tuple[str, str], FormatRules]
    """Formats keyed by (game id, format id)."""
    aliases: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(game id, alias) -> format id."""
    game_notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Game id -> game-wide notes."""
    unreadable: frozenset[str] = frozenset()
    """Games whose format file has errors (reported once, at their own positions): an
    event of such a game is not told that its game is unknown."""

    def games(self) -> tuple[str, ...]:
        """The game ids, sorted."""
        return tuple(sorted({game for game, _ in self.formats}))

    def ids(self, game: str) -> tuple[str, ...]:
        """The format ids of a game, sorted."""
        return tuple(sorted(fid for g, fid in self.formats if g == game))

    def get(self, game: str, format_id: str) -> FormatRules:
        """The format with its whole history; ``a+b`` combines format a with overlay b.

        Raises:
            UnknownFormatError: for an unknown game or format id (the message lists the
                known ids and suggests the closest one).
        """
        base_id, *overlay_ids = format_id.split("+")
        rules = self._single(game, base_id)
        if rules.overlay and not overlay_ids:
            examples = ", ".join(f"{f}+{rules.id}" for f in self.ids(game) if self._constructed_base(game, f))
            raise UnknownFormatError(
                f'format "{format_id}" of game {game} adds rules to another format; '
                f"combine it with one, e.g. {examples}"
            )
        for overlay_id in overlay_ids:
            overlay = self._single(game, overlay_id)
            if not overlay.overlay:
                raise UnknownFormatError(
                    f'"{overlay_id}" is not an overlay format of game {game}; '
                    f"overlays: {', '.join(self._overlays(game)) or 'none'}"
                )
            rules = rules.with_overlay(overlay)
        return rules

    def rules_for(self, game: str, format_id: str, on: date) -> FormatRules:
        """The format's rules with the lists in force on a date.

        Raises:
            UnknownFormatError: for an unknown game or format id.
        """
        return self.get(game, format_id).as_of_date(on)

    def _single(self, game: str, format_id: str) -> FormatRules:
        if game not in self.games():
            raise UnknownFormatError(
                f'unknown game "{game}"; known games: {", ".join(self.games())}' + _suggest(game, self.games())
            )
        key = (game, self.aliases.get((game, format_id), format_id))
        if key not in self.formats:
            known = self.ids(game)
            raise UnknownFormatError(
                f'unknown format "{format_id}" for game {game}; known formats: {", ".join(known)}'
                + _suggest(format_id, known + tuple(a for g, a in self.aliases if g == game))
            )
        return self.formats[key]

    def _overlays(self, game: str) -> tuple[str, ...]:
        return tuple(f for f in self.ids(game) if self.formats[(game, f)].overlay)

    def _constructed_base(self, game: str, format_id: str) -> bool:
        rules = self.formats[(game, format_id)]
        return rules.kind == "constructed" and not rules.overlay


def _suggest(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f' (did you mean "{close[0]}"?)' if close else ""


# ---------------------------------------------------------------------------- problems


# ---------------------------------------------------------------------------- building


def _date(value: object) -> date | None:
    return date.fromisoformat(value) if isinstance(value, str) else None


def _dated_card(item: Mapping[str, Any]) -> DatedCard:
    return DatedCard(
        item["card"],
        _date(item.get("since")),
        _date(item.get("until")),
        item["source"],
        item.get("note"),
    )


def format_from(game: Mapping[str, Any], fid: str, spec: Mapping[str, Any]) -> FormatRules:
    deck = spec.get("deck", {})
    main = deck.get("main")
    side = deck.get("sideboard")
    copies = deck.get("copies")
    pool = spec.get("card_pool")
    team = spec.get("team")
    return FormatRules(
        game=game["game"],
        game_name=game["name"],
        id=fid,
        name=spec["name"],
        kind=spec["kind"],
        source=spec["source"],
        deck_rules_given=bool(deck.get("given", True)),
        main=SizeRule(main["min"], main.get("max"), tuple(main.get("counts", ())), main["source"]) if main else None,
        sideboard=SideboardRule(
            side["allowed"],
            side.get("max"),
            tuple(side.get("counts", ())),
            side.get("max_characters"),
            side.get("max_character_stars"),
            side["source"],
        )
        if side
        else None,
        copies=CopyRule(copies["max"], tuple(copies.get("kinds", ())), copies["source"]) if copies else None,
        copy_exceptions=tuple(
            CopyException(e["card"], e["max"], e["reason"], e["source"]) for e in game.get("copy_exceptions", ())
        ),
        unique=UniqueRule(tuple(deck["unique"]["kinds"]), deck["unique"]["source"]) if "unique" in deck else None,
        stars=StarRule(deck["stars"]["max"], deck["stars"]["source"]) if "stars" in deck else None,
        kind_ratio=KindRatioRule(
            tuple(deck["kind_ratio"]["kinds"]),
            deck["kind_ratio"]["max_percent"],
            deck["kind_ratio"]["source"],
        )
        if "kind_ratio" in deck
        else None,
        play_decks=PlayDecksRule(
            tuple(Section(s) for s in deck["play_decks"]["required"]), deck["play_decks"]["source"]
        )
        if "play_decks" in deck
        else None,
        card_pool=CardPool(
            bool(pool.get("all_sets", False)),
            tuple(
                DatedSet(
                    s["name"],
                    s.get("code"),
                    _date(s.get("since")),
                    _date(s.get("until")),
                    s.get("note"),
                )
                for s in pool.get("sets", ())
            ),
            tuple(pool.get("extra_cards", ())),
            pool.get("rarity"),
            pool.get("legality_key"),
            pool["source"],
            pool.get("note"),
        )
        if pool
        else None,
        team=TeamRule(team["unified_deck_construction"], team["source"]) if team else None,
        banned=tuple(_dated_card(i) for i in spec.get("banned", ())),
        banned_categories=tuple(
            BannedCategory(
                c["id"],
                c["description"],
                tuple(c.get("type_contains", ())),
                tuple(c.get("text_contains", ())),
                _date(c.get("since")),
                _date(c.get("until")),
                c["source"],
            )
            for c in spec.get("banned_categories", ())
        ),
        restricted=tuple(_dated_card(i) for i in spec.get("restricted", ())),
        notes=tuple(spec.get("notes", ())),
        aliases=tuple(spec.get("aliases", ())),
        kind_aliases={k: tuple(v) for k, v in game.get("kind_aliases", {}).items()},
        overlay=bool(spec.get("overlay", False)),
    )
