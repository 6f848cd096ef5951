"""The registry of players across events (``players.yaml`` at the project root).

Events refer to players by id. ``players.yaml`` gives each person one canonical id, a
display name, and aliases: other ids that older event files used for the same person.
A player who is not in the registry still gets a page, named as in their events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ingest.core.diagnostics import Diagnostic, error
from ingest.source.yamldoc import SourceDocument


@dataclass(frozen=True, slots=True)
class RegisteredPlayer:
    """One person."""

    id: str
    """Canonical id (the player page's address)."""
    name: str
    """Display name."""
    aliases: tuple[str, ...] = ()
    """Other ids used for this person in event files."""
    country: str = ""
    """Two-letter country code."""
    display: str = "full"
    """How the player chose to be shown: full, initials, handle or hidden (see :mod:`ingest.naming`)."""
    handle: str = ""
    """The chosen handle (with ``display: handle``)."""

    @property
    def shown(self) -> str:
        """The name as published (a hidden player's is per event: see :mod:`ingest.naming`)."""
        if self.display == "initials":
            return initials(self.name)
        if self.display == "handle":
            return self.handle
        return self.name


def initials(name: str) -> str:
    """A name's initials.

    >>> initials("Alice Kowalski"), initials("jean-luc  picard"), initials("Ōno Tarō")
    ('A. K.', 'J. P.', 'Ō. T.')
    """
    return " ".join(part[0].upper() + "." for part in name.split())


@dataclass(frozen=True, slots=True)
class PlayerRegistry:
    """Players by id, with aliases resolved."""

    players: Mapping[str, RegisteredPlayer] = field(default_factory=dict)
    """Canonical id -> player."""
    alias_of: Mapping[str, str] = field(default_factory=dict)
    """Alias id -> canonical id."""

    def canonical(self, pid: str) -> str:
        """The canonical id for an id used in an event."""
        return self.alias_of.get(pid, pid)

    def name(self, pid: str, fallback: str) -> str:
        """The published name for an id (the registry's as the player chose, else the event's)."""
        reg = self.players.get(self.canonical(pid))
        return reg.shown if reg else fallback

    def public_aliases(self, cid: str) -> tuple[str, ...]:
        """The other ids a player page may list: none for a player not named in full
        (an old id often spells the name)."""
        reg = self.players.get(cid)
        return reg.aliases if reg is not None and reg.display == "full" else ()

    def hidden(self, pid: str) -> bool:
        """Whether the player chose not to be named at all."""
        reg = self.players.get(self.canonical(pid))
        return reg is not None and reg.display == "hidden"


def registry_from(doc: SourceDocument | None) -> tuple[PlayerRegistry, list[Diagnostic]]:
    """Builds the registry from a schema-valid ``players.yaml`` document."""
    if doc is None:
        return PlayerRegistry(), []
    players: dict[str, RegisteredPlayer] = {}
    alias_of: dict[str, str] = {}
    problems: list[Diagnostic] = []
    first_line: dict[str, int] = {}
    raw: list[Any] = doc.data.get("players") or []
    for i, p in enumerate(raw):
        pid = str(p["id"])
        ids = [(pid, ("players", i, "id"))] + [
            (str(a), ("players", i, "aliases", j)) for j, a in enumerate(p.get("aliases") or [])
        ]
        for ident, path in ids:
            if ident in first_line:
                problems.append(
                    error(
                        "duplicate-id",
                        f'"{ident}" is used twice in players.yaml (first at line {first_line[ident]})',
                        doc.pos(path),
                        "each id and alias may name only one person",
                    )
                )
                continue
            first_line[ident] = doc.line_of(path)
        display = str(p.get("display") or ("handle" if p.get("handle") else "full"))
        if display == "handle" and not p.get("handle"):
            problems.append(
                error(
                    "player-handle",
                    f'players[{i}]: "{pid}" chose to be shown by a handle but has no handle',
                    doc.pos(("players", i, "display")),
                    "add handle: with the name to show, e.g. handle: ManaScrewed",
                )
            )
            display = "initials"  # until the handle is given, nothing more than initials
        players[pid] = RegisteredPlayer(
            pid,
            str(p["name"]),
            tuple(str(a) for a in p.get("aliases") or []),
            str(p.get("country") or ""),
            display,
            str(p.get("handle") or ""),
        )
        for a in p.get("aliases") or []:
            alias_of.setdefault(str(a), pid)
    return PlayerRegistry(players, alias_of), problems
