"""Formats: load ``formats/<game>.yaml`` into frozen `FormatRules`, look them up by id.

Each game file (schema ``schema/format.schema.json``) holds the game's formats with
their deck rules, card pools and *dated* banned and restricted lists. A list entry is in
force from ``since`` (inclusive; null means "before our earliest record") until
``until`` (exclusive; absent means "still in force"), so the same data answers "what was
banned on the day of this old event" and "what is banned now".

`FormatRegistry.rules_for` gives the rules in force on a date; an id of the form
``<format>+<overlay>`` (``modern+two-headed-giant``) adds an overlay format's rules (MTR
9.5). Archetype rules (``formats/archetypes/<format>.yaml``, schema
``schema/archetypes.schema.json``) name a deck's archetype from its cards.

Only `load_formats` and `load_archetypes` touch the file system. Problems in the files are
returned as `FormatProblem` data (file and YAML path); the caller adds line and column.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Literal

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match, relevance

from ingest.decks.decklist import Decklist, Section, normalize_card_name
from ingest.source.yamldoc import parse_yaml

__all__ = [
    "Archetype",
    "ArchetypeBook",
    "BannedCategory",
    "CardPool",
    "CopyException",
    "CopyRule",
    "DatedCard",
    "DatedSet",
    "FormatProblem",
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
    "archetypes_from_documents",
    "load_archetypes",
    "load_formats",
    "parse_yaml_text",
    "registry_from_documents",
    "validate_format_document",
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

    def banned_on(self, on: date) -> tuple[DatedCard, ...]:
        """Banned entries in force on a date."""
        return tuple(c for c in self.banned if c.in_force(on))

    def restricted_on(self, on: date) -> tuple[DatedCard, ...]:
        """Restricted entries in force on a date."""
        return tuple(c for c in self.restricted if c.in_force(on))

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


@dataclass(frozen=True, slots=True)
class FormatProblem:
    """A problem in a format or archetype file."""

    file: str
    """The file, as the caller named it."""
    path: tuple[str | int, ...]
    """Path of the bad value inside the YAML document (keys and list indexes)."""
    message: str
    """What is wrong, in words a tournament organizer understands."""
    code: str = "schema"
    """Stable code: ``yaml``, ``schema``, ``dates``, ``duplicate``, ``file-name``."""
    line: int | None = None
    """1-based line, only where the YAML parser gave one (syntax errors)."""
    column: int | None = None
    """1-based column, only where the YAML parser gave one."""

    @property
    def where(self) -> str:
        """The path as text, e.g. ``formats.modern.banned[3].since``."""
        out = ""
        for step in self.path:
            out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
        return out or "(document)"

    def __str__(self) -> str:
        position = f":{self.line}:{self.column}" if self.line is not None else ""
        return f"{self.file}{position}: error[{self.code}]: {self.where}: {self.message}"


def parse_yaml_text(text: str, file: str) -> tuple[object, tuple[FormatProblem, ...]]:
    """Parses YAML text through the project's one reading path (:func:`ingest.source.yamldoc.parse_yaml`).

    No object tags; the node, depth and alias limits apply; dates stay ISO strings.

    Returns:
        The document (None on any problem) and the problems, positioned.
    """
    doc, found = parse_yaml(text, file)
    problems = tuple(
        FormatProblem(file, (), p.message, "yaml" if p.code.startswith("yaml") else p.code, p.pos.line, p.pos.col)
        for p in found
    )
    return (doc.data if doc is not None and not problems else None), problems


def _read(path: Path, name: str) -> tuple[object, tuple[FormatProblem, ...]]:
    """Reads and parses one data file through the one reading path (size limit included)."""
    from ingest.source.storage import read_text

    text, found = read_text(path, name)
    if text is None:
        return None, tuple(FormatProblem(name, (), p.message, p.code, p.pos.line, p.pos.col) for p in found)
    return parse_yaml_text(text, name)


def _schema_message(error: ValidationError) -> str:
    """Rewrites the commonest schema errors in plain words."""
    if error.validator == "required":
        missing = [k for k in error.validator_value if isinstance(error.instance, dict) and k not in error.instance]
        return f'"{missing[0]}" is required here' if missing else str(error.message)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in error.instance if k not in allowed)
        expected = ", ".join(sorted(allowed))
        return f'unknown field "{extra[0]}"; expected one of: {expected}' if extra else error.message
    if error.validator == "enum":
        expected = ", ".join(map(str, error.validator_value))
        return f"{json.dumps(error.instance)} is not one of: {expected}"
    if error.validator == "format" and error.validator_value == "date":
        return f'"{error.instance}" is not a date; write it as YYYY-MM-DD'
    if error.validator in ("oneOf", "anyOf") and error.context:
        # Prefer the branch the value was meant for: a string that is not a date is
        # better told "not a date" than "not null".
        meant = [e for e in error.context if e.validator != "type"] or error.context
        return _schema_message(best_match(meant))
    return str(error.message)


def _schema_problems(document: object, schema: Mapping[str, Any], file: str) -> list[FormatProblem]:
    from ingest.source.validation import SchemaValidator  # patterns match whole values, as in event files

    validator = SchemaValidator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    problems: dict[tuple[str | int, ...], FormatProblem] = {}
    for error in sorted(validator.iter_errors(document), key=relevance, reverse=True):
        path = tuple(error.absolute_path)
        problems.setdefault(path, FormatProblem(file, path, _schema_message(error)))
    return sorted(problems.values(), key=lambda p: [str(s) for s in p.path])


def validate_format_document(
    document: object, schema: Mapping[str, Any], file: str, *, expected_game: str | None = None
) -> tuple[FormatProblem, ...]:
    """Checks a parsed game file against the schema and the rules the schema cannot state.

    Beyond the schema: the game id matches the file name, every ``until`` is after its
    ``since``, a card is not listed twice for overlapping periods, aliases are unique.
    """
    problems = _schema_problems(document, schema, file)
    if problems or not isinstance(document, dict):
        return tuple(problems)
    if expected_game is not None and document["game"] != expected_game:
        problems.append(
            FormatProblem(
                file,
                ("game",),
                f'game "{document["game"]}" does not match the file name ({expected_game}.yaml)',
                "file-name",
            )
        )
    seen_ids: dict[str, str] = {}
    for fid, spec in document["formats"].items():
        for alias in spec.get("aliases", []):
            if alias in document["formats"] or alias in seen_ids:
                problems.append(
                    FormatProblem(
                        file,
                        ("formats", fid, "aliases"),
                        f'alias "{alias}" is already used',
                        "duplicate",
                    )
                )
            seen_ids[alias] = fid
        for list_name in ("banned", "restricted", "banned_categories"):
            problems.extend(_list_problems(file, ("formats", fid, list_name), spec.get(list_name, [])))
        for index, item in enumerate(spec.get("card_pool", {}).get("sets", [])):
            problems.extend(_period_problems(file, ("formats", fid, "card_pool", "sets", index), item))
    return tuple(problems)


def _period_problems(file: str, path: tuple[str | int, ...], item: Mapping[str, Any]) -> list[FormatProblem]:
    since, until = item.get("since"), item.get("until")
    if since is not None and until is not None and until <= since:
        return [FormatProblem(file, (*path, "until"), f"until ({until}) must be after since ({since})", "dates")]
    return []


def _list_problems(file: str, path: tuple[str | int, ...], items: Sequence[Mapping[str, Any]]) -> list[FormatProblem]:
    problems: list[FormatProblem] = []
    periods: dict[str, list[tuple[int, str, str]]] = {}
    for index, item in enumerate(items):
        problems.extend(_period_problems(file, (*path, index), item))
        key = normalize_card_name(item["card"]) if "card" in item else str(item["id"])
        start, end = item.get("since") or "0000-00-00", item.get("until") or "9999-99-99"
        for other, other_start, other_end in periods.get(key, []):
            if start < other_end and other_start < end:
                problems.append(
                    FormatProblem(
                        file,
                        (*path, index),
                        f"this entry's period overlaps entry {other} for the same card",
                        "duplicate",
                    )
                )
        periods.setdefault(key, []).append((index, start, end))
    return problems


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


def _format_from(game: Mapping[str, Any], fid: str, spec: Mapping[str, Any]) -> FormatRules:
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


def registry_from_documents(
    documents: Iterable[tuple[str, object]], schema: Mapping[str, Any], unreadable: Iterable[str] = ()
) -> tuple[FormatRegistry, tuple[FormatProblem, ...]]:
    """Validates parsed game files and builds the registry from the valid ones.

    Args:
        documents: ``(file name, parsed YAML)`` pairs; the stem of the file name must be
            the game id.
        schema: The parsed ``format.schema.json``.
        unreadable: names of game files that could not be read at all (their problems
            are reported by the caller); their games are :attr:`FormatRegistry.unreadable`.

    Returns:
        The registry (invalid files left out) and every problem found.
    """
    formats: dict[tuple[str, str], FormatRules] = {}
    aliases: dict[tuple[str, str], str] = {}
    notes: dict[str, tuple[str, ...]] = {}
    problems: list[FormatProblem] = []
    broken = {Path(file).stem for file in unreadable}
    for file, document in documents:
        found = validate_format_document(document, schema, file, expected_game=Path(file).stem)
        problems.extend(found)
        if found or not isinstance(document, dict):
            broken.add(Path(file).stem)
            continue
        game = document["game"]
        if any(g == game for g, _ in formats):
            problems.append(FormatProblem(file, ("game",), f"game {game} is defined by another file too", "duplicate"))
            continue
        notes[game] = tuple(document.get("notes", ()))
        for fid, spec in document["formats"].items():
            formats[(game, fid)] = _format_from(document, fid, spec)
            for alias in spec.get("aliases", ()):
                aliases[(game, alias)] = fid
    return FormatRegistry(formats, aliases, notes, frozenset(broken - {g for g, _ in formats})), tuple(problems)


def load_formats(directory: Path, schema_path: Path) -> tuple[FormatRegistry, tuple[FormatProblem, ...]]:
    """Reads every ``<game>.yaml`` in a directory and the format schema (the only I/O here).

    Returns:
        The registry and every problem found (file names relative to ``directory``'s parent).
    """
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    documents: list[tuple[str, object]] = []
    problems: list[FormatProblem] = []
    unreadable: list[str] = []
    for path in sorted(directory.glob("*.yaml")):
        name = f"{directory.name}/{path.name}"
        document, found = _read(path, name)
        problems.extend(found)
        if found:
            unreadable.append(name)
        else:
            documents.append((name, document))
    registry, more = registry_from_documents(documents, schema, unreadable)
    return registry, (*problems, *more)


# ---------------------------------------------------------------------------- archetypes


@dataclass(frozen=True, slots=True)
class Archetype:
    """A rule naming an archetype from the cards of a main deck."""

    name: str
    """The archetype's name, e.g. Burn."""
    requires: tuple[str, ...] = ()
    """Cards that must all be in the main deck."""
    any_of: tuple[str, ...] = ()
    """Cards of which at least one must be in the main deck (empty: no such condition)."""

    def matches(self, keys: frozenset[str]) -> bool:
        """Whether a main deck with these normalized card names is of this archetype.

        A two-faced card (``A // B``) also matches by its front face ``A``.
        """
        keys = keys | {k.split(" // ")[0] for k in keys if " // " in k}
        return all(normalize_card_name(c) in keys for c in self.requires) and (
            not self.any_of or any(normalize_card_name(c) in keys for c in self.any_of)
        )


@dataclass(frozen=True, slots=True)
class ArchetypeBook:
    """Archetype rules by ``(game, format id)``; the first matching rule wins."""

    rules: Mapping[tuple[str, str], tuple[Archetype, ...]]
    """Rules in priority order, keyed by (game, format id)."""

    def classify(self, game: str, format_id: str, deck: Decklist) -> str | None:
        """The archetype of a deck, or None when no rule matches (or the format has none).

        The main deck (and, for WoT, both play decks) is looked at, not the sideboard.
        """
        keys = frozenset(e.key for e in deck.entries if e.section is not Section.SIDEBOARD)
        for archetype in self.rules.get((game, format_id.split("+")[0]), ()):
            if archetype.matches(keys):
                return archetype.name
        return None


def archetypes_from_documents(
    documents: Iterable[tuple[str, object]], schema: Mapping[str, Any]
) -> tuple[ArchetypeBook, tuple[FormatProblem, ...]]:
    """Validates parsed archetype files (``<format>.yaml``) and builds the book."""
    rules: dict[tuple[str, str], tuple[Archetype, ...]] = {}
    problems: list[FormatProblem] = []
    for file, document in documents:
        found = _schema_problems(document, schema, file)
        if not found and isinstance(document, dict) and document["format"] != Path(file).stem:
            found.append(
                FormatProblem(
                    file,
                    ("format",),
                    f'format "{document["format"]}" does not match the file name ({Path(file).stem}.yaml)',
                    "file-name",
                )
            )
        problems.extend(found)
        if found or not isinstance(document, dict):
            continue
        rules[(document["game"], document["format"])] = tuple(
            Archetype(a["name"], tuple(a.get("requires", ())), tuple(a.get("any_of", ())))
            for a in document["archetypes"]
        )
    return ArchetypeBook(rules), tuple(problems)


def load_archetypes(directory: Path, schema_path: Path) -> tuple[ArchetypeBook, tuple[FormatProblem, ...]]:
    """Reads every archetype file in a directory and the archetype schema (the only I/O here)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    documents: list[tuple[str, object]] = []
    problems: list[FormatProblem] = []
    for path in sorted(directory.glob("*.yaml")):
        name = f"{directory.parent.name}/{directory.name}/{path.name}"
        document, found = _read(path, name)
        problems.extend(found)
        if not found:
            documents.append((name, document))
    book, more = archetypes_from_documents(documents, schema)
    return book, (*problems, *more)
