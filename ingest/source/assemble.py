"""Validated plain data -> a frozen :class:`~ingest.core.model.Event`, with cross-reference checks.

The schema guarantees shapes; this step checks what a schema cannot: duplicate ids,
unknown ids, a player twice in one round, results after a drop, impossible scores for
the match length, round numbering, team membership, and decklist paths that would leave
the event's folder. Every problem becomes a positioned diagnostic and assembly carries on
so one run reports them all.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Mapping
from typing import Any

from ingest.core.diagnostics import Diagnostic
from ingest.core.families import family_of_game, owner_of
from ingest.core.games import DEFAULT_RULES
from ingest.core.ids import PlayerId
from ingest.core.model import Event, EventOrigin, Phase, Player, PlayoffSpec, Structure, Team
from ingest.core.slug import slug
from ingest.decks.format_registry import FormatRegistry, UnknownFormatError
from ingest.source.assemble_checks import EventChecks
from ingest.source.assembly_context import items
from ingest.source.deck_refs import deck_path_problem
from ingest.source.yamldoc import SourceDocument, YamlPath


def slug_for(path: str) -> str:
    """The URL slug of an event file: its file name without extension, lowercased.

    >>> slug_for("events/2026/2026-11-20-Friday Night.yaml")
    '2026-11-20-friday-night'
    """
    stem = posixpath.splitext(posixpath.basename(path))[0]
    return slug(stem, fallback="event")


def event_from(
    doc: SourceDocument,
    formats: FormatRegistry | None = None,
    broken: frozenset[YamlPath] = frozenset(),
    *,
    lenient: bool = False,
) -> tuple[Event | None, list[Diagnostic]]:
    """Builds the event model from a document and checks cross-references.

    Args:
        doc: the document, checked against the event schema.
        formats: the format registry; when given, the event's format must be one of its game's.
        broken: the paths the schema rejected (:attr:`ingest.source.validation.SchemaCheck.broken`).
            The checks that do not depend on them still run, so one run reports every
            problem of the file; the parts they need are skipped, never misread. The event
            is None whenever anything is broken.
        lenient: return the event even when cross-reference checks found errors (never when
            the schema broke something), so that a command can correct the very entry that
            is wrong; everything else uses only events without errors.
    """
    a = _Assembler(doc, broken)
    event = a.build()
    if broken:
        return None, a.out
    fmt, game = str(doc.data["format"]), str(doc.data["game"])
    # A game whose format file has errors: the cause is reported once, in that file.
    if formats is not None and fmt != "other" and game not in formats.unreadable:
        try:
            rules = formats.get(game, fmt)
        except UnknownFormatError as exc:
            a.err(
                "unknown-format",
                ("format",),
                str(exc.args[0]),
                "formats are defined in formats/<game>.yaml; write other for a format Scorekeeper does not know",
            )
        else:
            overlay = "two-headed-giant"
            combined = overlay in rules.id.split("+")[1:]
            if event.structure.team_kind == overlay and rules.kind == "constructed" and not combined:
                a.warn(
                    "format-overlay",
                    ("format",),
                    f"a Two-Headed Giant constructed event plays {fmt}+{overlay}; as {fmt}, its decks are "
                    "checked without the Two-Headed Giant rules (MTR 9.5: unified deck construction, no sideboard)",
                    f"write format: {fmt}+{overlay}",
                )
    return (event if lenient or not any(d.is_error for d in a.out) else None), a.out


class _Assembler(EventChecks):
    """The whole event: its fields and structure, then players, teams, rounds (see
    :class:`~ingest.source.assemble_rounds.RoundsAssembly`) and the event-wide checks
    (:class:`~ingest.source.assemble_checks.EventChecks`)."""

    def build(self) -> Event:
        d = self.data
        game = str(self.field(("game",), d.get("game"), ""))
        rules = str(self.field(("rules",), d.get("rules"), "") or DEFAULT_RULES.get(game, "mtr"))
        self.scores_known = bool(game) and self.intact(("structure", "best_of"))
        raw_structure = d.get("structure") if ("structure",) not in self.broken else None
        structure = self.structure(raw_structure if isinstance(raw_structure, Mapping) else {}, game)
        players = self.players(items(d.get("players")))
        teams = self.teams(items(d.get("teams")), structure)
        rounds = self.rounds("rounds", items(d.get("rounds")), structure, teams, playoff=False)
        playoff = self.rounds("playoff", items(d.get("playoff")), structure, teams, playoff=True)
        cut_drops, cut_drop_paths = self.cut_drops(items(d.get("cut_drops")), structure, teams)
        self.check_rounds_flow(rounds, playoff, players, teams, cut_drops)
        self.check_event_fields(structure, players, rounds)
        return Event(
            path=self.doc.path,
            slug=slug_for(self.doc.path),
            name=str(d.get("name", "")),
            date=self.date("date") or dt.date.min,
            end_date=self.date("end_date"),
            game=game,
            format=str(self.field(("format",), d.get("format"), "other")),
            rules=rules,
            seed=int(self.field(("seed",), d.get("seed"), 0)),
            structure=structure,
            players=players,
            teams=teams,
            rounds=rounds,
            playoff=playoff,
            cut_drops=cut_drops,
            cut_drop_paths=cut_drop_paths,
            location=str(d.get("location") or ""),
            organizer=str(d.get("organizer") or ""),
            description=str(d.get("description") or ""),
            url=str(d.get("url") or ""),
            origin=self.origin(),
        )

    def origin(self) -> EventOrigin | None:
        """The ``source`` block of an imported event (:mod:`ingest.rules.published`)."""
        raw = self.data.get("source")
        if not isinstance(raw, Mapping) or not self.intact(("source",)):
            return None
        from ingest.rules.published import source_from

        return source_from(raw, self.ids, lambda path, message, hint: self.err("source", path, message, hint), self.pos)

    def date(self, key: str) -> dt.date | None:
        value = self.data.get(key)
        return dt.date.fromisoformat(str(value)) if value and self.intact((key,)) else None

    def structure(self, raw: Mapping[str, Any], game: str) -> Structure:
        """The event's structure; keys the schema rejected take their defaults (and every
        check that depends on them is skipped)."""
        s = {k: v for k, v in raw.items() if self.intact(("structure", k))}
        playoff = None
        if isinstance(s.get("playoff"), Mapping):
            p = s["playoff"]
            playoff = PlayoffSpec(
                top=int(p["top"]),
                seeding=str(p.get("seeding", "standings")),
                best_of=int(p["best_of"]) if p.get("best_of") else None,
                finalists=str(p.get("finalists", "ranking")),
            )
        phases = tuple(Phase(str(ph["name"]), int(ph["from_round"])) for ph in s.get("phases") or [])
        last = 0
        for i, ph in enumerate(phases):
            if ph.from_round <= last:
                self.err(
                    "phases",
                    ("structure", "phases", i, "from_round"),
                    f"phase {ph.name!r} starts at round {ph.from_round}, not after the previous phase",
                    "list phases in order, each starting at a later round",
                )
            last = ph.from_round
        rounds = s.get("swiss_rounds")
        pairing = str(s.get("pairing", "swiss"))
        self.family = family_of_game(game, pairing)
        if game:  # "": the game is broken, so its family is unknown
            self.check_pairing(pairing)
        return Structure(
            pairing=pairing,
            swiss_rounds=int(rounds) if isinstance(rounds, int) else None,
            swiss_rounds_auto=rounds == "auto",
            best_of=int(s.get("best_of", self.family.best_of)),
            playoff=playoff,
            decklists=str(s.get("decklists", "after-event")),
            decklist_deadline=self.deadline(s.get("decklist_deadline")),
            phases=phases,
            points_per_win=int(s.get("points_per_win", 1)),
            late_entries=str(s.get("late_entries", "loss")),
            check_in=s.get("check_in") is True,
            top_x=int(s["top_x"]) if s.get("top_x") else None,
            team_size=int(s["team_size"]) if s.get("team_size") else None,
            team_kind=str(s["team_kind"]) if s.get("team_kind") else None,
            tied_team_match=str(s.get("tied_team_match", "draw")),
            round_minutes=int(s["round_minutes"]) if s.get("round_minutes") else None,
            published_precision=int(s["published_precision"]) if s.get("published_precision") else None,
            results=str(s.get("results", "games")),
            dropped_evaluated=str(s["dropped_evaluated"]) if s.get("dropped_evaluated") else None,
        )

    def deadline(self, value: Any) -> dt.datetime | None:
        """``structure.decklist_deadline`` as a moment (the schema checked its shape; a day
        or hour that does not exist is an error here)."""
        if value is None:
            return None
        try:
            return dt.datetime.fromisoformat(str(value))
        except ValueError as exc:
            self.err(
                "structure",
                ("structure", "decklist_deadline"),
                f"{value} is not a real date and time ({exc})",
                "write it as 2026-11-20T18:30+01:00",
            )
            return None

    def check_pairing(self, pairing: str) -> None:
        """The pairing system is one of the game's family: a family that pairs one way says
        how; otherwise the file is told which family's system it named."""
        owner = owner_of(pairing)
        if owner is None or owner is self.family:
            return
        if len(self.family.systems) == 1:
            self.err(
                "structure",
                ("structure", "pairing"),
                f"{self.family.name} events are paired {self.family.paired}; {pairing} is not supported for them",
                f"write pairing: {self.family.default_pairing}",
            )
        else:
            self.err("structure", ("structure", "pairing"), f"{pairing} pairing is for {owner.name} events only")

    def players(self, raw: list[Any]) -> tuple[Player, ...]:
        players: list[Player] = []
        for i, p in enumerate(raw):
            if not self.usable(("players", i), "id"):
                continue
            pid = PlayerId(str(p["id"]))
            path: YamlPath = ("players", i, "id")
            if pid in self.ids:
                first = self.doc.line_of(("players", self.ids[pid], "id"))
                self.err(
                    "duplicate-id",
                    path,
                    f'"{pid}" is used twice (first at line {first})',
                    "give each player a unique id, e.g. add a number: " + f"{pid}-2",
                )
                continue
            self.ids[pid] = i
            deck = self.field(("players", i, "deck"), p.get("deck"), None)
            if isinstance(deck, str):
                self.check_deck_path(("players", i, "deck"), deck)
            elif isinstance(deck, dict):
                for side in ("hero", "villain", "file"):
                    if isinstance(deck.get(side), str):
                        self.check_deck_path(("players", i, "deck", side), deck[side])
            dq = p.get("disqualified")
            players.append(
                Player(
                    id=pid,
                    name=str(p.get("name", "")),
                    deck=deck,
                    deck_name=str(p.get("deck_name") or ""),
                    archetype=str(p.get("archetype") or ""),
                    deck_group=str(p.get("deck_group") or ""),
                    team=str(p.get("team") or ""),
                    pod=str(p["pod"]) if p.get("pod") is not None else None,
                    byes=int(self.field(("players", i, "byes"), p.get("byes"), 0) or 0),
                    disqualified=bool(dq is True or (isinstance(dq, int) and not isinstance(dq, bool))),
                    declined_cut=bool(p.get("declined_cut", False)),
                    checked_in=p.get("checked_in") is True,
                    country=str(p.get("country") or ""),
                    pos=self.pos(("players", i)),
                    yaml_path=("players", i),
                )
            )
        return tuple(players)

    def check_deck_path(self, path: YamlPath, ref: str) -> None:
        problem = deck_path_problem(ref)
        if problem:
            self.err(
                "deck-path",
                path,
                f'decklist file "{ref}" cannot be used: {problem}',
                "put decklists in a folder next to the event file, e.g. decks/alice.txt",
            )

    def teams(self, raw: list[Any], structure: Structure) -> tuple[Team, ...]:
        teams: list[Team] = []
        seen: dict[str, int] = {}
        member_of: dict[PlayerId, str] = {}
        for i, t in enumerate(raw):
            if not self.usable(("teams", i), "id"):
                continue
            tid = str(t["id"])
            if tid in seen:
                first = self.doc.line_of(("teams", seen[tid], "id"))
                self.err("duplicate-id", ("teams", i, "id"), f'team "{tid}" is listed twice (first at line {first})')
                continue
            if PlayerId(tid) in self.ids:
                self.err(
                    "duplicate-id",
                    ("teams", i, "id"),
                    f'team id "{tid}" is also a player id',
                    "use a different id for the team, e.g. team-" + tid,
                )
            seen[tid] = i
            raw_members = t.get("members") if self.usable(("teams", i, "members")) else None
            members = tuple(PlayerId(str(m)) for m in items(raw_members))
            for j, m in enumerate(members):
                if m not in self.ids:
                    self.unknown(("teams", i, "members", j), m)
                elif m in member_of:
                    self.err(
                        "team-member",
                        ("teams", i, "members", j),
                        f'"{m}" is already a member of team "{member_of[m]}"',
                        "a player may belong to only one team in an event (MTR 8.2, Bushiroad 5.1)",
                    )
                else:
                    member_of[m] = tid
            if structure.team_size and len(members) != structure.team_size and self.intact(("teams", i, "members")):
                self.err(
                    "team-size",
                    ("teams", i, "members"),
                    f"team has {len(members)} members but structure.team_size is {structure.team_size}",
                )
            teams.append(Team(tid, str(t.get("name", "")), members, pos=self.pos(("teams", i)), yaml_path=("teams", i)))
        if raw and not structure.team_kind and self.intact(("structure", "team_kind")):
            self.err(
                "structure",
                ("structure",),
                "the file lists teams but structure.team_kind is not set",
                "add team_kind: mtr-team, two-headed-giant, tag or trio (and team_size)",
            )
        return tuple(teams)

    def cut_drops(
        self, raw: list[Any], structure: Structure, teams: tuple[Team, ...]
    ) -> tuple[tuple[PlayerId, ...], tuple[tuple[PlayerId, YamlPath], ...]]:
        """Players (or teams) who left the top cut before playoff round 1 (MTR 2.10, Aequitas 2.10),
        and where each is listed."""
        if raw and structure.playoff is None:
            self.err(
                "structure",
                ("cut_drops",),
                "cut_drops lists players who left the top cut, but the event has no playoff",
                "list them under the last round's drops instead",
            )
        known: Mapping[str, Any] = {t.id: t for t in teams} if structure.team_kind else self.ids
        out: list[PlayerId] = []
        paths: list[tuple[PlayerId, YamlPath]] = []
        for j, pid in enumerate(raw):
            if not self.intact(("cut_drops", j)):
                continue  # the schema reported it
            pid = PlayerId(str(pid))
            if pid not in known:
                self.unknown(("cut_drops", j), pid, known)
                continue
            paths.append((pid, ("cut_drops", j)))
            if pid not in out:
                out.append(pid)
        return tuple(out), tuple(paths)
