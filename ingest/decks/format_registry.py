"""Formats looked up by game and id (`FormatRegistry`), and built from format files' data.

Each game file (``formats/<game>.yaml``, schema ``schema/format.schema.json``) holds the
game's formats with their deck rules, card pools and dated banned and restricted lists.
`FormatRegistry.rules_for` gives the rules in force on a date; an id of the form
``<format>+<overlay>`` (``modern+two-headed-giant``) adds an overlay format's rules (MTR
9.5). An unknown game or format id raises `UnknownFormatError`, which lists the known ids.

Nothing here reads a file or a schema: :mod:`ingest.decks.format_files` checks the files
(read and validated as event files are) and builds these values with :func:`format_from`.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ingest.decks.decklist_parts import Section
from ingest.decks.format_lists import BannedCategory, CardPool, DatedCard, DatedSet
from ingest.decks.format_notes import Note
from ingest.decks.format_rules import (
    CopyException,
    CopyRule,
    FormatRules,
    KindRatioRule,
    PlayDecksRule,
    SideboardRule,
    SizeRule,
    StarRule,
    TeamRule,
    UniqueRule,
)

__all__ = ["FormatRegistry", "UnknownFormatError", "format_from"]


class UnknownFormatError(LookupError):
    """Raised for an unknown game or format id; the message lists the known ids."""


@dataclass(frozen=True, slots=True)
class FormatRegistry:
    """Formats by ``(game, id)``, with aliases."""

    formats: Mapping[tuple[str, str], FormatRules]
    """Formats keyed by (game id, format id)."""
    aliases: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """(game id, alias) -> format id."""
    game_notes: Mapping[str, tuple[Note, ...]] = field(default_factory=dict)
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

    def format_ids(self) -> tuple[str, ...]:
        """Every format id an event may name, sorted, each once: each game's formats, and
        each constructed format combined with each overlay of its game
        (``modern+two-headed-giant``, MTR 9.5), the spelling :meth:`get` asks for."""
        combined = {
            f"{base}+{overlay}"
            for game in self.games()
            for overlay in self._overlays(game)
            for base in self.ids(game)
            if self._constructed_base(game, base)
        }
        return tuple(sorted({fid for _, fid in self.formats} | combined))

    def display_name(self, game: str, format_id: str) -> str:
        """The format as its page titles it ("Modern"), or the id as the event wrote it when
        the format is not known here (``other``, a format of a game without a format file)."""
        rules = self.formats.get((game, self.aliases.get((game, format_id), format_id)))
        return rules.name if rules is not None else format_id

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
        notes=tuple(Note.from_data(n) for n in spec.get("notes", ())),
        aliases=tuple(spec.get("aliases", ())),
        kind_aliases={k: tuple(v) for k, v in game.get("kind_aliases", {}).items()},
        overlay=bool(spec.get("overlay", False)),
    )
