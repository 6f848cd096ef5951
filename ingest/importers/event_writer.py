"""A :class:`~ingest.importers.tournament.Tournament` written as a normal event file.

Players get ids (:func:`assign_ids`): the id a previous import of the same event gave
them, else the registered player of ``players.yaml`` whose name (or id, or alias) matches,
else one made from their name. The text (:func:`event_text`) is rendered line by line in
the layout of the sample events, every value through the YAML emitter, so a name from
another platform is always data, never structure; the same tournament always gives the
same bytes. Decklists go next to the event file in the common text form
(``4 Card Name`` lines, then ``Sideboard``), read back to check that they say the same.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ingest.core.families import family_of_game
from ingest.core.rounds import MatchKind
from ingest.decks.card_names import normalize_card_name
from ingest.decks.decklist import parse_decklist_text
from ingest.edit.yaml_text import render_flow as _render_flow
from ingest.importers.tournament import SourceDeck, SourceMatch, SourceRound, Tournament, id_base, name_key
from ingest.importers.wot_rows import wot_item
from ingest.source.players import PlayerRegistry
from ingest.source.schema_hints import HINT

HEADER = "# Imported by `scorekeeper import` from {what}: the rounds and standings as {platform} published them."
SHEET_HEADER = "# Imported by `scorekeeper import` from {what}: the rounds as the spreadsheet records them."


@dataclass(frozen=True, slots=True)
class KnownPlayers:
    """Ids to reuse: from a previous import of the same event, and from ``players.yaml``."""

    previous: Mapping[str, str]
    """Name key -> id in the event file this import replaces."""
    registry: PlayerRegistry
    """The project's player registry."""


def assign_ids(names: Iterable[str], known: KnownPlayers, given: Mapping[str, str] | None = None) -> dict[str, str]:
    """An id for each name, unique in the event (``given``: ids the source names itself).

    >>> ids = assign_ids(["Ana Lima", "ana  lima", "Bo"], KnownPlayers({}, PlayerRegistry()))
    >>> ids == {"Ana Lima": "ana-lima", "ana  lima": "ana-lima-2", "Bo": "bo"}
    True
    """
    by_name, by_id = _registry_index(known.registry)
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        key = name_key(name)
        base = id_base(name)
        wanted = (given or {}).get(name) or known.previous.get(key) or by_name.get(key) or by_id.get(base) or base
        pid = wanted
        n = 2
        while pid in taken:
            suffix = f"-{n}"
            pid = wanted[: 63 - len(suffix)].rstrip("-_") + suffix
            n += 1
        taken.add(pid)
        out[name] = pid
    return out


_INDEXES: dict[int, tuple[PlayerRegistry, dict[str, str], dict[str, str]]] = {}


def _registry_index(registry: PlayerRegistry) -> tuple[dict[str, str], dict[str, str]]:
    """``players.yaml`` by name key and by id or alias, made once per registry read: an import
    of thousands of files matches each one's players by lookups, not by a pass over every
    registered player for each file (which grew with the archive times the registry)."""
    kept = _INDEXES.get(id(registry))
    if kept is not None and kept[0] is registry:
        return kept[1], kept[2]
    by_name: dict[str, str] = {}
    by_id: dict[str, str] = {}
    for pid, reg in registry.players.items():
        by_name.setdefault(name_key(reg.name), pid)
        by_id[pid] = pid
        for alias in reg.aliases:
            by_id.setdefault(alias, pid)
    for alias, pid in registry.alias_of.items():
        by_id.setdefault(alias, pid)
    _INDEXES.clear()  # one registry at a time: the one the import runs with
    _INDEXES[id(registry)] = (registry, by_name, by_id)
    return by_name, by_id


@functools.lru_cache(maxsize=65536)
def _scalar(value: str | int | float) -> str:
    return _render_flow(value)


def render_flow(value: Any) -> str:
    """:func:`ingest.edit.yaml_text.render_flow`, with each scalar's text remembered (an import writes
    the same ids thousands of times).

    >>> render_flow({"players": ["a: b", "yes"], "games": "2-1"})
    "{players: ['a: b', 'yes'], games: 2-1}"
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {render_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render_flow(v) for v in value) + "]"
    if isinstance(value, bool) or value is None:
        return _render_flow(value)
    return _scalar(value)


def seed_for(t: Tournament) -> int:
    """A seed fixed by the tournament's address (or name and date): the same on every import."""
    key = t.url or f"{t.name}|{t.date.isoformat()}"
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:4], "big")


def deck_text(deck: SourceDeck) -> str | None:
    """A decklist in the common text form, or None when it has no cards.

    >>> print(deck_text(SourceDeck("x", [(4, "Lightning Bolt")], [(2, "Pyroblast")])), end="")
    4 Lightning Bolt
    <BLANKLINE>
    Sideboard
    2 Pyroblast
    """
    if not deck.main and not deck.side:
        return None
    lines = [f"{n} {card}" for n, card in deck.main]
    if deck.side:
        lines += ["", "Sideboard", *(f"{n} {card}" for n, card in deck.side)]
    return "\n".join(lines) + "\n"


def deck_problem(deck: SourceDeck, text: str) -> str | None:
    """Why the text does not read back as the same decklist (a card name the text form
    cannot hold, e.g. one with a bracketed attribute), or None."""
    parsed, errors = parse_decklist_text(text)
    if errors:
        return str(errors[0])
    got = [(e.count, normalize_card_name(e.card), e.section.value) for e in parsed.entries]
    want = [(n, normalize_card_name(c), "main") for n, c in deck.main]
    want += [(n, normalize_card_name(c), "sideboard") for n, c in deck.side]
    if got != want:
        bad = next((c for (n, c, s), g in zip(want, got, strict=False) if (n, c, s) != g), "")
        if bad:
            return f'a card name the decklist text cannot hold as it is ("{bad}")'
        return "the list reads back differently"
    return None


def _decimal(value: Fraction) -> float | int:
    """A published decimal as YAML writes it (its shortest text)."""
    if value.denominator == 1:
        return int(value)
    return float(value)


def _match_item(m: SourceMatch, ids: Mapping[str, str]) -> dict[str, Any]:
    item: dict[str, Any] = {}
    if m.table is not None:
        item["table"] = m.table
    if (game := wot_item(m, ids)) is not None:  # a Wheel of Time game: Hero first
        item = game
    elif m.kind is MatchKind.BYE:
        item["bye"] = ids[m.players[0]]
    elif m.kind is MatchKind.LOSS:
        item["loss"] = ids[m.players[0]]
    else:
        item["players"] = [ids[p] for p in m.players]
        if m.kind is MatchKind.DOUBLE_LOSS:
            item["result"] = "double-loss"
        elif m.score is not None:
            item["games"] = m.score.notation() if m.score.games_played else "0-0"
    if m.note:
        item["note"] = m.note
    return item


def _round_lines(rounds: list[SourceRound], ids: Mapping[str, str], *, playoff: bool) -> list[str]:
    lines: list[str] = []
    for number, rnd in enumerate(rounds, start=1):
        lines.append(f"  - round: {number}")
        default = f"Round {number}"
        if rnd.name != default and (playoff or not rnd.name.isdigit()):
            lines.append(f"    name: {render_flow(rnd.name)}")
        if rnd.matches:
            lines.append("    matches:")
            lines += [f"      - {render_flow(_match_item(m, ids))}" for m in rnd.matches]
        else:
            lines.append("    matches: []")
        drops = sorted(ids[p] for p in rnd.drops)
        if drops:
            lines.append(f"    drops: {render_flow(drops)}")
    return lines


def event_text(
    t: Tournament,
    ids: Mapping[str, str],
    deck_refs: Mapping[str, str],
    *,
    schema_ref: str = "",
    what: str = "",
) -> str:
    """The event file's text.

    Args:
        t: the tournament.
        ids: player name -> id.
        deck_refs: player name -> decklist file, relative to the event file.
        schema_ref: where the editor finds the schema (:func:`~ingest.source.schema_hints.schema_hint`).
        what: the source file, for the header comment.
    """
    lines: list[str] = []
    if schema_ref:
        lines.append(HINT.format(schema=schema_ref))
    header = SHEET_HEADER if t.platform == "spreadsheet" else HEADER
    lines.append(header.format(what=what or "another platform", platform=t.platform))
    lines += [
        f"name: {render_flow(t.name)}",
        f"date: {t.date.isoformat()}",
        f"game: {t.game}",
        f"format: {t.format}",
        f"rules: {t.rules}",
        f"seed: {seed_for(t)}",
    ]
    if t.location:
        lines.append(f"location: {render_flow(t.location)}")
    if t.organizer:
        lines.append(f"organizer: {render_flow(t.organizer)}")
    swiss, playoff = t.swiss, t.playoff
    lines.append("structure:")
    lines.append(f"  pairing: {family_of_game(t.game).default_pairing}")
    rounds = t.swiss_rounds if t.swiss_rounds is not None else len(swiss)
    if rounds:
        lines.append(f"  swiss_rounds: {rounds}")
    lines.append(f"  best_of: {t.best_of}")
    if playoff:
        first = playoff[0]
        top = len({p for m in first.matches for p in m.players})
        if top >= 2:
            lines.append(f"  playoff: {render_flow({'top': top, 'seeding': 'standings'})}")
    lines.append(f"  decklists: {t.decklists}")
    if t.phases:
        lines.append("  phases:")
        lines += [f"    - {render_flow({'name': n, 'from_round': r})}" for n, r in t.phases]
    if t.precision is not None:
        lines.append(f"  published_precision: {t.precision}")
    if t.dropped_evaluated is not None:
        lines.append(f"  dropped_evaluated: {t.dropped_evaluated}")
    if t.results != "games":
        lines.append(f"  results: {t.results}")
    lines.append("players:")
    if not t.players:
        lines[-1] = "players: []"
    for name in t.players:
        item: dict[str, Any] = {"id": ids[name], "name": t.shown_names.get(name, name)}
        if name in deck_refs:
            item["deck"] = deck_refs[name]
        extra = t.player_fields.get(name, {})
        for key in ("archetype", "country"):
            if extra.get(key):
                item[key] = extra[key]
        if extra.get("byes", "0") != "0":
            item["byes"] = int(extra["byes"])
        if name in t.disqualified:
            item["disqualified"] = True
        lines.append(f"  - {render_flow(item)}")
    lines.append("rounds:" if swiss else "rounds: []")
    lines += _round_lines(swiss, ids, playoff=False)
    if playoff:
        lines.append("playoff:")
        lines += _round_lines(playoff, ids, playoff=True)
    lines.append("source:")
    lines.append(f"  platform: {t.platform}")
    if t.url:
        lines.append(f"  url: {render_flow(t.url)}")
    if t.rounds_published != "complete":
        lines.append(f"  rounds: {t.rounds_published}")
    if t.notes:
        lines.append("  notes:")
        lines += [f"    - {render_flow(n)}" for n in t.notes]
    if t.standings:
        lines.append("  standings:")
        for row in t.standings:
            item = {"rank": row.rank, "player": ids[row.name], "points": row.points}
            for key in ("wins", "losses", "draws"):
                if getattr(row, key) is not None:
                    item[key] = getattr(row, key)
            for key in ("omw", "gw", "ogw"):
                value = getattr(row, key)
                if value is not None:
                    item[key] = _decimal(value)
            lines.append(f"    - {render_flow(item)}")
    return "\n".join(lines) + "\n"
