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
        """The display name for an id (the registry's, else the event's)."""
        reg = self.players.get(self.canonical(pid))
        return reg.name if reg else fallback


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
        players[pid] = RegisteredPlayer(
            pid, str(p["name"]), tuple(str(a) for a in p.get("aliases") or []), str(p.get("country") or "")
        )
        for a in p.get("aliases") or []:
            alias_of.setdefault(str(a), pid)
    return PlayerRegistry(players, alias_of), problems
