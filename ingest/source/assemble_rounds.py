"""Rounds as written -> :class:`~ingest.core.rounds.Round` values.

The rounds themselves (numbering, tables used twice, drops) are read here the same way for
every family; each entry is read by the event's family (:mod:`ingest.source.round_entries`):
matches, byes, losses and team matches (MTR-style), or Wheel of Time tables and byes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.families import MTR_STYLE, Family
from ingest.core.ids import PlayerId
from ingest.core.model import Structure, Team
from ingest.core.round_clock import clock_seconds
from ingest.core.rounds import Match, Round, RoundEntry, TeamMatch, time_of_day
from ingest.source.assembly_context import AssemblyContext, items
from ingest.source.round_entries import EntryReader, EntrySpec
from ingest.source.yamldoc import SourceDocument, YamlPath

IDENTITY = ("players", "bye", "loss", "hero", "villain", "teams")
"""The keys that say who an entry of a round is about; broken, the entry is skipped."""


def _whole(value: object) -> int:
    """A round clock's count of minutes or seconds (the schema checks it): 0 when not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _clock_time(value: object) -> str:
    """A round clock's ``paused_at`` (the schema checks it): empty when not a time of day."""
    return value if isinstance(value, str) and clock_seconds(value) is not None else ""


class RoundsAssembly(AssemblyContext):
    """The ``rounds`` and ``playoff`` lists of an event document."""

    family: Family = MTR_STYLE
    """The family the event is played by (set once the game and structure are read)."""

    def __init__(
        self, doc: SourceDocument, readers: Mapping[str, EntryReader], broken: frozenset[YamlPath] = frozenset()
    ) -> None:
        super().__init__(doc, broken)
        self.readers = readers
        """Each family's reader of round entries, by the family's id."""

    @property
    def entries(self) -> EntryReader:
        """The family's reader of round entries."""
        return self.readers[self.family.id]

    def rounds(
        self, key: str, raw: list[Any], structure: Structure, teams: tuple[Team, ...], *, playoff: bool, start: int = 0
    ) -> tuple[Round, ...]:
        """The rounds written in ``raw`` (``start``: from that index on, the ones before it
        read already: :mod:`ingest.source.appended_round`)."""
        out: list[Round] = []
        team_ids = {t.id: t for t in teams}
        best_of = (
            structure.playoff.best_of
            if playoff and structure.playoff and structure.playoff.best_of
            else structure.best_of
        )
        for i, r in enumerate(raw):
            rpath: YamlPath = (key, i)
            if i < start or not self.usable(rpath):
                continue
            number = int(r["round"]) if self.intact((*rpath, "round")) else i + 1
            if number != i + 1:
                what = "playoff round" if playoff else "round"
                self.err(
                    "round-order",
                    (*rpath, "round"),
                    f"{what} {number} is listed in position {i + 1}; expected round {i + 1}",
                    "number rounds 1, 2, 3... in order without gaps",
                )
            matches: list[Match] = []
            family_entries: list[RoundEntry] = []
            team_matches: list[TeamMatch] = []
            tables: dict[int, int] = {}
            for j, m in enumerate(items(r.get("matches"))):
                mpath: YamlPath = (*rpath, "matches", j)
                if not self.usable(mpath, *IDENTITY):
                    continue
                table = self.field((*mpath, "table"), m.get("table"), None)
                if table is not None:
                    if table in tables:
                        first = self.doc.line_of((*rpath, "matches", tables[table]))
                        self.err(
                            "duplicate-table",
                            (*mpath, "table"),
                            f"table {table} is used twice in this round (first at line {first})",
                        )
                    tables[table] = j
                kind = self.entry_kind(m, mpath)
                if kind is None:
                    continue
                place = len(matches) + len(family_entries) + len(team_matches) + 1
                spec = EntrySpec(kind, best_of, playoff, structure, team_ids, place)
                for entry in self.entries.read(self, m, mpath, spec):
                    if isinstance(entry, Match):
                        matches.append(entry)
                    elif isinstance(entry, TeamMatch):
                        team_matches.append(entry)
                    else:
                        family_entries.append(entry)
            drops: list[PlayerId] = []
            drop_paths: list[tuple[PlayerId, YamlPath]] = []
            for j, pid in enumerate(items(r.get("drops"))):
                if not self.usable((*rpath, "drops", j)):
                    continue
                pid = PlayerId(str(pid))
                known = team_ids if structure.team_kind and pid in team_ids else self.ids
                if pid not in known:
                    self.unknown((*rpath, "drops", j), pid)
                    continue
                drop_paths.append((pid, (*rpath, "drops", j)))
                if pid in drops:
                    self.warn("duplicate-drop", (*rpath, "drops", j), f'"{pid}" is listed twice in drops')
                else:
                    drops.append(pid)
            cut = self.cut(r, rpath, structure, team_ids, first_playoff=playoff and i == 0)
            out.append(
                Round(
                    number=number,
                    matches=tuple(matches),
                    drops=tuple(drops),
                    name=str(r.get("name") or ""),
                    notes=str(r.get("notes") or ""),
                    started=time_of_day(r.get("started")),
                    extra_minutes=_whole(r.get("extra_minutes")),
                    paused_at=_clock_time(r.get("paused_at")),
                    paused_seconds=_whole(r.get("paused_seconds")),
                    cut=cut,
                    family_entries=tuple(family_entries),
                    team_matches=tuple(team_matches),
                    pos=self.pos(rpath),
                    yaml_path=rpath,
                    drop_paths=tuple(drop_paths),
                )
            )
        return tuple(out)

    def cut(
        self,
        r: Mapping[str, Any],
        rpath: YamlPath,
        structure: Structure,
        team_ids: Mapping[str, Team],
        *,
        first_playoff: bool,
    ) -> tuple[PlayerId, ...]:
        """The top cut as made, written on playoff round 1 (:attr:`~ingest.core.rounds.Round.cut`)."""
        raw = r.get("cut")
        if raw is None or not self.intact((*rpath, "cut")):
            return ()
        if not first_playoff:
            self.err(
                "structure",
                (*rpath, "cut"),
                "the top cut is recorded on playoff round 1 only",
                "remove `cut` here; `scorekeeper pair` writes it when it pairs playoff round 1",
            )
            return ()
        known: Mapping[Any, Any] = team_ids if structure.team_kind else self.ids
        out: list[PlayerId] = []
        for j, pid in enumerate(items(raw)):
            pid = PlayerId(str(pid))
            if pid not in known:
                self.unknown((*rpath, "cut", j), pid, known)
                return ()
            if pid in out:
                self.err("structure", (*rpath, "cut", j), f'"{pid}" is listed twice in the top cut')
                return ()
            out.append(pid)
        return tuple(out)

    def entry_kind(self, m: Mapping[str, Any], path: YamlPath) -> str | None:
        """What an entry names (``players``, ``bye``, ``loss``, ``hero``, ``villain``, ``teams``);
        None for an entry that mixes them (reported)."""
        kinds = [k for k in ("players", "bye", "loss", "hero", "teams") if k in m]
        if "villain" in m and "hero" not in m:
            kinds.append("villain")
        if len(kinds) > 1:
            self.err(
                "match-shape",
                path,
                f"this entry mixes {' and '.join(kinds)}",
                "write one entry per pairing: {players: [a, b]} or {bye: a} or {loss: a}",
            )
            return None
        return kinds[0] if kinds else "players"
