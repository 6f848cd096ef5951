"""How a family reads the entries of a round: the part of assembly that depends on the family.

The rounds around the entries (numbering, tables used twice, drops) are read the same way
for every family (:mod:`ingest.source.assemble_rounds`); each entry is read by its family's
reader, looked up by the family's id in the table the caller of assembly hands in
(:data:`ingest.checks.event_files.READERS`):

* :class:`~ingest.source.match_entries.MatchEntries` (MTR-style): matches, byes, match
  losses and double losses, and a team event's team matches;
* :class:`~ingest.wot.wot_entries.WotEntries` (Wheel of Time): Hero/Villain tables and
  byes with their side.

An entry of another family's shape (a Hero/Villain table in a Swiss event of Magic, a match
in a Wheel of Time event) is an error with its position: no family scores the other's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from ingest.core.model import Structure, Team
from ingest.core.rounds import Match, RoundEntry, TeamMatch
from ingest.source.assembly_context import AssemblyContext
from ingest.source.yamldoc import YamlPath

Entry: TypeAlias = Match | TeamMatch | RoundEntry
"""One entry of a round, as a family reads it: a match or a team match (MTR-style), or an
entry of the family's own type (Wheel of Time's tables and byes), which the round keeps
among its family's entries."""


@dataclass(frozen=True, slots=True)
class EntrySpec:
    """What one entry is read against."""

    kind: str
    """What the entry names: ``players``, ``bye``, ``loss``, ``hero``, ``villain`` or ``teams``."""
    best_of: int
    """Games per match in this part of the event."""
    playoff: bool
    """Whether the entry is in the top cut."""
    structure: Structure
    """How the event is run."""
    team_ids: Mapping[str, Team]
    """The event's teams by id."""
    place: int
    """The entry's place among the round's entries of its family's kind, from 1."""


class EntryReader(Protocol):
    """One family's reading of a round's entries."""

    def read(self, ctx: AssemblyContext, m: Mapping[str, Any], path: YamlPath, spec: EntrySpec) -> tuple[Entry, ...]:
        """What the entry at ``path`` records, checked against the roster and the match length
        (a team match and the team result it makes); nothing when it cannot be read (the
        problem is reported in ``ctx``)."""
        ...

    def not_paired(self, ctx: AssemblyContext, player: str, index: int, number: int) -> None:
        """Warns of a player with no entry in round ``number`` (``rounds[index]``) who should
        have one."""
        ...


def foreign_entry(ctx: AssemblyContext, path: YamlPath, what: str, hint: str) -> None:
    """Reports an entry of another family's shape (``what``: what the event records instead)."""
    ctx.err("match-shape", path, f"this event records {what}", hint)
