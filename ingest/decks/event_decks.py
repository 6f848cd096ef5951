"""Each player's decklist for an event: parsed, checked against the format, classified.

Decklists come from text files next to the event file, read by the source stage and
passed in as :class:`~ingest.source.deck_file.DeckFile` values, or inline in the event.
Wheel of Time constructed players register two lists, ``deck: {hero: file, villain: file}``;
they are read as the Hero and Villain sections of one list. Every parse error and every
rule a deck breaks becomes a positioned diagnostic: parse errors point into the decklist
file, violations at the player's ``deck`` entry in the event file.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ingest.core.diagnostics import Diagnostic, SourcePos, error, warning
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.deck_memo import DeckMemo
from ingest.decks.decklist import Decklist, decklist_from_mappings
from ingest.decks.decklist_parts import DecklistError
from ingest.decks.format_registry import FormatRegistry, UnknownFormatError
from ingest.decks.format_rules import FormatRules
from ingest.decks.legality import DeckVerdict, check_team
from ingest.source.deck_file import DeckFile


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """One player's deck in one event."""

    player: PlayerId
    """The player."""
    decklist: Decklist
    """The cards (Hero and Villain as sections for Wheel of Time)."""
    files: tuple[str, ...]
    """Decklist files, relative to the event's folder (empty for inline lists)."""
    errors: tuple[tuple[str, DecklistError], ...]
    """Parse errors, with the file (or ``inline``) they are in."""
    verdict: DeckVerdict | None
    """Legality against the format on the event date (None: format unknown or ``other``)."""
    archetype: str
    """From the file, or classified by archetype rules; empty if unknown."""
    types: Mapping[str, str] = field(default_factory=dict)
    """Card name -> main card type, where card data knows the card."""

    @property
    def legal(self) -> bool | None:
        """True, False, or None when the deck was not checked."""
        return None if self.verdict is None else self.verdict.is_legal and not self.errors


def event_rules(event: Event, formats: FormatRegistry | None) -> FormatRules | None:
    """The event's format as it stood on the event date; None for ``other`` or an unknown format."""
    if formats is None or event.format == "other":
        return None
    try:
        return formats.rules_for(event.game, event.format, event.date)
    except UnknownFormatError:
        return None


def _texts(deck_files: Iterable[DeckFile]) -> dict[PlayerId, list[tuple[str, str]]]:
    """Each player's files, as (file, text) in the order given."""
    out: dict[PlayerId, list[tuple[str, str]]] = {}
    for f in deck_files:
        out.setdefault(f.player, []).append((f.ref, f.text))
    return out


def _combined(
    player_deck: object, files: list[tuple[str, str]], memo: DeckMemo
) -> tuple[Decklist, list[tuple[str, DecklistError]]]:
    errors: list[tuple[str, DecklistError]] = []
    if isinstance(player_deck, dict) and any(k in player_deck for k in ("hero", "villain")):
        entries = []
        for side in ("hero", "villain"):
            ref = player_deck.get(side)
            text = next((t for r, t in files if r == ref), None)
            if text is None:
                continue
            deck, errs = memo.parse(f"{side.title()}\n{text}")
            # The header line we added shifts line numbers by one.
            errors += [(str(ref), _shift(e, -1)) for e in errs]
            entries += list(deck.entries)
        return Decklist(tuple(entries)), errors
    if files:
        ref, text = files[0]
        deck, errs = memo.parse(text)
        return deck, [(ref, e) for e in errs]
    if isinstance(player_deck, list):
        deck, errs = decklist_from_mappings(player_deck)
        return deck, [("inline", e) for e in errs]
    if isinstance(player_deck, dict) and isinstance(player_deck.get("cards"), list):
        deck, errs = decklist_from_mappings(player_deck["cards"])
        return deck, [("inline", e) for e in errs]
    return Decklist(()), []


def _shift(err: DecklistError, delta: int) -> DecklistError:
    from dataclasses import replace

    line = getattr(err, "line", None)
    return replace(err, line=line + delta) if isinstance(line, int) else err


def event_decks(
    event: Event,
    deck_files: Sequence[DeckFile],
    formats: FormatRegistry | None,
    archetypes: ArchetypeBook | None,
    card_data: Mapping[str, CardData] | None = None,
    memo: DeckMemo | None = None,
) -> dict[PlayerId, DeckInfo]:
    """Every player's deck with its verdict and archetype (players without a list are left out).

    ``deck_files``: the decklist files the event names, as read (nothing is read here); a
    player whose ``deck`` names a file not among them has no list from it.
    ``card_data`` (by game) adds card types and set legality to the checks.
    ``memo``: lists parsed, checked and classified before (a build's other events), kept
    there (:class:`~ingest.decks.deck_memo.DeckMemo`); None: this event's own.
    """
    memo = memo if memo is not None else DeckMemo()
    cards = (card_data or {}).get(event.game)
    texts = _texts(deck_files)
    rules = event_rules(event, formats)
    checkable = rules is not None and rules.deck_rules_given  # else: "not checked", never "legal"
    kept = memo.verdicts(rules, event.date, cards) if checkable and rules is not None else None
    out: dict[PlayerId, DeckInfo] = {}
    for p in event.players:
        if p.deck is None:
            continue
        files = texts.get(p.id, [])
        deck, errors = _combined(p.deck, files, memo)
        if not deck.entries and not errors:
            continue
        verdict = memo.verdict(kept, deck, rules, event.date, cards) if checkable and rules else None
        archetype = p.archetype
        if not archetype and archetypes is not None:
            archetype = memo.archetype(archetypes, event.game, event.format, deck) or ""
        types: dict[str, str] = {}
        if cards is not None:
            types = {e.card: main_type(f.type_line) for e in deck.entries if (f := cards.get(e.card)) is not None}
        out[p.id] = DeckInfo(p.id, deck, tuple(r for r, _ in files), tuple(errors), verdict, archetype, types)
    return out


def team_verdicts(
    event: Event,
    decks: Mapping[PlayerId, DeckInfo],
    formats: FormatRegistry | None,
    card_data: Mapping[str, CardData] | None = None,
) -> dict[str, DeckVerdict]:
    """Unified deck construction per team (MTR 8.4): no two decks of a team share a card.

    ``card_data`` (by game) recognises basic lands the format's list does not name.
    """
    if not event.is_team_event:
        return {}
    rules = event_rules(event, formats)
    if rules is None or rules.team is None or not rules.team.unified_deck_construction:
        return {}
    cards = (card_data or {}).get(event.game)
    out: dict[str, DeckVerdict] = {}
    for team in event.teams:
        member_decks = {m: decks[m].decklist for m in team.members if m in decks}
        if len(member_decks) >= 2:
            out[team.id] = check_team(member_decks, rules, card_data=cards)
    return out


def deck_checks(
    event: Event,
    decks: Mapping[PlayerId, DeckInfo],
    formats: FormatRegistry | None,
    card_data: Mapping[str, CardData] | None = None,
) -> list[Diagnostic]:
    """Every deck problem of an event: each deck's, then each team's (MTR 8.4)."""
    return deck_diagnostics(event, decks, team_verdicts(event, decks, formats, card_data))


TYPE_ORDER = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment", "Land", "Other")
"""How a decklist is grouped when card data gives the types."""


def main_type(type_line: str) -> str:
    """The group a card is listed under: its first face's most telling card type.

    >>> main_type("Artifact Creature — Golem"), main_type("Basic Land — Mountain"), main_type("Kindred Instant")
    ('Creature', 'Land', 'Instant')
    """
    front = type_line.split("//")[0].split("—")[0].split()
    for kind in TYPE_ORDER:
        if kind in front:
            return kind
    return "Other"


def deck_diagnostics(
    event: Event, decks: Mapping[PlayerId, DeckInfo], teams: Mapping[str, DeckVerdict] | None = None
) -> list[Diagnostic]:
    """Parse errors (in the decklist files) and rule violations (at the player's deck entry)."""
    out: list[Diagnostic] = []
    folder = posixpath.dirname(event.path)
    players = event.player_map()
    for pid, info in decks.items():
        player = players[pid]
        at = player.pos or SourcePos.file_start(event.path)
        for ref, err in info.errors:
            where = posixpath.normpath(posixpath.join(folder, ref)) if ref != "inline" else event.path
            line = getattr(err, "line", 0) or 0
            col = getattr(err, "column", 0) or 0
            pos = SourcePos(where, line, col) if ref != "inline" else at
            out.append(
                error(
                    "decklist",
                    f"{pid}: {err.message}",
                    pos,
                    "write one card per line as `4 Card Name`, with `Sideboard` before the sideboard",
                )
            )
        if info.verdict is None:
            continue
        for v in info.verdict.violations:
            # A warning: the site marks the deck illegal; --strict (CI) fails on it.
            out.append(warning(v.code, f"{pid}: {v.message}", at, "the deck must be legal on the event date"))
    team_pos = {t.id: t.pos for t in event.teams}
    for team_id, verdict in sorted((teams or {}).items()):
        for v in verdict.violations:
            out.append(
                warning(
                    v.code,
                    f"team {team_id}: {v.message}",
                    team_pos.get(team_id) or SourcePos.file_start(event.path),
                    "team constructed uses unified deck construction (MTR 8.4)",
                )
            )
    return out
