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
import re
from collections.abc import Mapping
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, settled, warning
from ingest.core.games import DEFAULT_RULES
from ingest.core.model import (
    Event,
    GameScore,
    Match,
    MatchKind,
    Phase,
    Player,
    PlayerId,
    PlayoffSpec,
    Round,
    SeatResult,
    Source,
    Structure,
    Team,
    TeamMatch,
    WotGameRecord,
    time_of_day,
)
from ingest.core.slug import slug
from ingest.decks.formats import FormatRegistry, UnknownFormatError
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path


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
            formats.get(game, fmt)
        except UnknownFormatError as exc:
            a.err(
                "unknown-format",
                ("format",),
                str(exc.args[0]),
                "formats are defined in formats/<game>.yaml; write other for a format Scorekeeper does not know",
            )
    return (event if lenient or not any(d.is_error for d in a.out) else None), a.out


def deck_files(doc: SourceDocument) -> list[tuple[YamlPath, PlayerId, str]]:
    """Decklist file references of a (schema-valid) document: (yaml path, player, file).

    WoT constructed decks ``{hero: file, villain: file}`` give two references.
    """
    refs: list[tuple[YamlPath, PlayerId, str]] = []
    players = doc.data.get("players") if isinstance(doc.data, dict) else None
    for i, p in enumerate(players or []):
        if not isinstance(p, dict):
            continue
        deck = p.get("deck")
        pid = PlayerId(str(p.get("id", "")))
        if isinstance(deck, str):
            refs.append((("players", i, "deck"), pid, deck))
        elif isinstance(deck, dict):
            for side in ("hero", "villain", "file"):
                if isinstance(deck.get(side), str):
                    refs.append((("players", i, "deck", side), pid, deck[side]))
    return refs


MAX_PATH_BYTES = 1024
"""Longest file reference accepted (a folder or file name may have at most 255 bytes)."""


def deck_path_problem(ref: str) -> str | None:
    """Why a decklist reference may not be used, or None when it is a safe relative path.

    >>> deck_path_problem("decks/alice.txt") is None
    True
    >>> print(deck_path_problem("../other/alice.txt"))
    it points outside the event's folder
    >>> deck_path_problem("/etc/passwd")
    'it is an absolute path'
    >>> deck_path_problem("decks/" + "x" * 300 + ".txt")
    'the name is too long for a file'
    """
    if ref.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", ref):
        return "it is an absolute path"
    norm = posixpath.normpath(ref.replace("\\", "/"))
    if norm == ".." or norm.startswith("../"):
        return "it points outside the event's folder"
    if "\0" in ref:
        return "it contains a NUL character"
    if len(ref.encode()) > MAX_PATH_BYTES or any(len(part.encode()) > 255 for part in norm.split("/")):
        return "the name is too long for a file"
    return None


def _need_wins(best_of: int) -> int:
    return best_of // 2 + 1


def score_problem(score: GameScore, best_of: int, *, playoff: bool = False, elimination: bool = False) -> str | None:
    """Why a game score is impossible for a best-of-N match, or None.

    ``playoff`` (a top-cut match) and ``elimination`` (a round of a ``single-elimination``
    event) forbid draws: a knockout match needs a winner (MTR 2.4, Aequitas 8.2,
    Bushiroad 3.2.3, where a time-out is a double loss instead).

    >>> score_problem(GameScore(3, 0), 3)
    '3-0 is impossible in a best-of-3 match: a player stops at 2 game wins'
    >>> score_problem(GameScore(2, 1), 3) is None
    True
    >>> score_problem(GameScore(1, 1), 3, playoff=True)
    '1-1 is a draw, and playoff matches cannot end in a draw'
    >>> score_problem(GameScore(0, 0, 3), 3, elimination=True)
    '0-0-3 is a draw, and single-elimination matches cannot end in a draw'
    """
    need = _need_wins(best_of)
    text = score.notation()
    if score.games_played == 0:
        return "0-0 records no games"
    if score.first > need or score.second > need:
        return f"{text} is impossible in a best-of-{best_of} match: a player stops at {need} game wins"
    if score.first == need and score.second == need:
        return f"{text} is impossible: only one player can reach {need} game wins"
    if score.first + score.second > best_of:
        return f"{text} is impossible in a best-of-{best_of} match: more than {best_of} games were decided"
    if score.drawn > best_of:
        return (
            f"{text} is impossible in a best-of-{best_of} match: it records {score.drawn} drawn games, and a match "
            f"holds at most {best_of} (even an intentional draw is reported as 0-0-{best_of}, MTR 2.5)"
        )
    if (playoff or elimination) and score.first == score.second:
        return f"{text} is a draw, and {'playoff' if playoff else 'single-elimination'} matches cannot end in a draw"
    return None


def score_warning(score: GameScore, best_of: int) -> str | None:
    """Why a possible game score is unlikely enough to check: more games than the match length.

    Drawn games do not count toward the wins a match needs (MTR 2.1), so a best-of-N
    match runs past N games only when games were drawn and time was left to begin another
    (MTR 2.4: no new game begins once time is called). Possible, rare, and a common
    slip when the draws were meant as the games of an intentional draw: a warning.
    (More drawn games than N is an error: :func:`score_problem`.)

    >>> print(score_warning(GameScore(2, 1, 1), 3))  # doctest: +NORMALIZE_WHITESPACE
    2-1-1 records 4 games in a best-of-3 match: drawn games do not count toward the 2 wins
    (MTR 2.1), so a 4th game begins only after a draw with time left in the round (MTR 2.4)
    >>> score_warning(GameScore(2, 0, 1), 3) is None, score_warning(GameScore(0, 0, 3), 3) is None
    (True, True)
    """
    if score.games_played <= best_of:
        return None
    n = score.games_played
    return (
        f"{score.notation()} records {n} games in a best-of-{best_of} match: drawn games do not count toward the "
        f"{_need_wins(best_of)} win{'s' if _need_wins(best_of) != 1 else ''} (MTR 2.1), so a {_ordinal(best_of + 1)} "
        "game begins only after a draw with time left in the round (MTR 2.4)"
    )


def _ordinal(n: int) -> str:
    """
    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_MANY_GAMES_HINT = "check the result slip: an intentional draw is 0-0-{n}, and a match that ended on time is W-L-1"


class _Assembler:
    def __init__(self, doc: SourceDocument, broken: frozenset[YamlPath] = frozenset()) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.out: list[Diagnostic] = []
        self.ids: dict[PlayerId, int] = {}
        self.broken = broken
        self.roster_complete = not any(_roster_entry(b) for b in broken)
        """Whether every player and team entry could be read; if one could not, an id that
        looks unknown may be that entry's, so none is reported as unknown."""
        self.scores_known = True
        """Whether match lengths are known (best_of and game intact), so scores can be judged."""
        self.round_indexes: dict[str, list[int]] = {"rounds": [], "playoff": []}
        """Where each assembled round is in the file (broken rounds are skipped)."""
        self.imported = isinstance(doc.data, Mapping) and isinstance(doc.data.get("source"), Mapping)
        """Whether the event was imported from a platform: its recorded results are facts."""

    def intact(self, path: YamlPath) -> bool:
        """Whether the schema accepted the value at ``path`` and everything inside it."""
        if not self.broken:
            return True
        n = len(path)
        return not any(b[:n] == path for b in self.broken)

    def usable(self, path: YamlPath, *keys: str) -> bool:
        """Whether the entry at ``path`` and the containers around it were accepted, and its
        ``keys`` (its identity) are intact."""
        if not self.broken:
            return True
        return not any(path[:n] in self.broken for n in range(1, len(path) + 1)) and all(
            self.intact((*path, k)) for k in keys
        )

    def field(self, path: YamlPath, value: Any, default: Any) -> Any:
        """``value`` when the schema accepted it, else ``default`` (the error is already reported)."""
        return value if self.intact(path) else default

    # -- helpers -----------------------------------------------------------------
    def pos(self, path: YamlPath, *, key: bool = False) -> SourcePos:
        return self.doc.pos(path, key=key)

    def err(self, code: str, path: YamlPath, message: str, hint: str = "") -> None:
        self.out.append(error(code, f"{format_path(path)}: {message}", self.pos(path), hint))

    def warn(self, code: str, path: YamlPath, message: str, hint: str = "", *, played: bool = False) -> None:
        """A warning; ``played``: about a round already played, kept as recorded (never fails --strict)."""
        found = warning(code, f"{format_path(path)}: {message}", self.pos(path), hint)
        self.out.append(settled(found) if played else found)

    # -- the event ------------------------------------------------------------------
    def build(self) -> Event:
        d = self.data
        game = str(self.field(("game",), d.get("game"), ""))
        rules = str(self.field(("rules",), d.get("rules"), "") or DEFAULT_RULES.get(game, "mtr"))
        self.scores_known = bool(game) and self.intact(("structure", "best_of"))
        raw_structure = d.get("structure") if ("structure",) not in self.broken else None
        structure = self.structure(raw_structure if isinstance(raw_structure, Mapping) else {}, game)
        players = self.players(_items(d.get("players")))
        teams = self.teams(_items(d.get("teams")), structure)
        rounds = self.rounds("rounds", _items(d.get("rounds")), structure, teams, playoff=False)
        playoff = self.rounds("playoff", _items(d.get("playoff")), structure, teams, playoff=True)
        cut_drops = self.cut_drops(_items(d.get("cut_drops")), structure, teams)
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
            location=str(d.get("location") or ""),
            organizer=str(d.get("organizer") or ""),
            description=str(d.get("description") or ""),
            url=str(d.get("url") or ""),
            source=self.source(),
        )

    def source(self) -> Source | None:
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
        default_best_of = 1 if game == "wot" else 3
        if pairing == "wot-cycles" and game not in ("wot", ""):  # "": the game is broken, so unknown
            self.err("structure", ("structure", "pairing"), "wot-cycles pairing is for Wheel of Time events only")
        if game == "wot" and pairing not in ("wot-cycles",):
            self.err(
                "structure",
                ("structure", "pairing"),
                f"Wheel of Time events are paired in cycles; {pairing} is not supported for them",
                "write pairing: wot-cycles",
            )
        return Structure(
            pairing=pairing,
            swiss_rounds=int(rounds) if isinstance(rounds, int) else None,
            swiss_rounds_auto=rounds == "auto",
            best_of=int(s.get("best_of", default_best_of)),
            playoff=playoff,
            decklists=str(s.get("decklists", "after-event")),
            phases=phases,
            points_per_win=int(s.get("points_per_win", 1)),
            late_entries=str(s.get("late_entries", "loss")),
            top_x=int(s["top_x"]) if s.get("top_x") else None,
            team_size=int(s["team_size"]) if s.get("team_size") else None,
            team_kind=str(s["team_kind"]) if s.get("team_kind") else None,
            tied_team_match=str(s.get("tied_team_match", "draw")),
            round_minutes=int(s["round_minutes"]) if s.get("round_minutes") else None,
            published_precision=int(s["published_precision"]) if s.get("published_precision") else None,
            results=str(s.get("results", "games")),
            dropped_evaluated=str(s["dropped_evaluated"]) if s.get("dropped_evaluated") else None,
        )

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
                    country=str(p.get("country") or ""),
                    pos=self.pos(("players", i)),
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
            members = tuple(PlayerId(str(m)) for m in _items(raw_members))
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
            teams.append(Team(tid, str(t.get("name", "")), members, pos=self.pos(("teams", i))))
        if raw and not structure.team_kind and self.intact(("structure", "team_kind")):
            self.err(
                "structure",
                ("structure",),
                "the file lists teams but structure.team_kind is not set",
                "add team_kind: mtr-team, two-headed-giant, tag or trio (and team_size)",
            )
        return tuple(teams)

    def unknown(self, path: YamlPath, pid: str, known: Mapping[Any, Any] | None = None) -> None:
        import difflib

        if not self.roster_complete:
            return

        pool = known if known is not None else self.ids
        close = difflib.get_close_matches(pid, [str(k) for k in pool], n=1)
        hint = f"did you mean {close[0]}?" if close else "add the player to `players` first, or fix the id"
        self.err("unknown-player", path, f'"{pid}" is not a player of this event', hint)

    # -- rounds -----------------------------------------------------------------------
    def rounds(
        self, key: str, raw: list[Any], structure: Structure, teams: tuple[Team, ...], *, playoff: bool
    ) -> tuple[Round, ...]:
        out: list[Round] = []
        team_ids = {t.id: t for t in teams}
        best_of = (
            structure.playoff.best_of
            if playoff and structure.playoff and structure.playoff.best_of
            else structure.best_of
        )
        for i, r in enumerate(raw):
            rpath: YamlPath = (key, i)
            if not self.usable(rpath):
                continue
            number = int(r["round"]) if self.intact((*rpath, "round")) else i + 1
            self.round_indexes[key].append(i)
            if number != i + 1:
                what = "playoff round" if playoff else "round"
                self.err(
                    "round-order",
                    (*rpath, "round"),
                    f"{what} {number} is listed in position {i + 1}; expected round {i + 1}",
                    "number rounds 1, 2, 3... in order without gaps",
                )
            matches: list[Match] = []
            wot: list[WotGameRecord] = []
            team_matches: list[TeamMatch] = []
            tables: dict[int, int] = {}
            for j, m in enumerate(_items(r.get("matches"))):
                mpath: YamlPath = (*rpath, "matches", j)
                if not self.usable(mpath, *_IDENTITY):
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
                entry = self.match(m, mpath, best_of, playoff, structure, team_ids)
                if isinstance(entry, Match):
                    matches.append(entry)
                elif isinstance(entry, WotGameRecord):
                    wot.append(entry)
                elif isinstance(entry, TeamMatch):
                    team_matches.append(entry)
                    derived = self.team_result(entry, structure)
                    if derived is not None:
                        matches.append(derived)
            drops: list[PlayerId] = []
            for j, pid in enumerate(_items(r.get("drops"))):
                if not self.usable((*rpath, "drops", j)):
                    continue
                pid = PlayerId(str(pid))
                known = team_ids if structure.team_kind and pid in team_ids else self.ids
                if pid not in known:
                    self.unknown((*rpath, "drops", j), pid)
                elif pid in drops:
                    self.warn("duplicate-drop", (*rpath, "drops", j), f'"{pid}" is listed twice in drops')
                else:
                    drops.append(pid)
            out.append(
                Round(
                    number=number,
                    matches=tuple(matches),
                    drops=tuple(drops),
                    name=str(r.get("name") or ""),
                    notes=str(r.get("notes") or ""),
                    started=time_of_day(r.get("started")),
                    wot_games=tuple(wot),
                    team_matches=tuple(team_matches),
                    pos=self.pos(rpath),
                )
            )
        return tuple(out)

    def match(
        self,
        m: Mapping[str, Any],
        path: YamlPath,
        best_of: int,
        playoff: bool,
        structure: Structure,
        team_ids: Mapping[str, Team],
    ) -> Match | WotGameRecord | TeamMatch | None:
        kinds = [k for k in ("players", "bye", "loss", "hero", "teams") if k in m]
        if "villain" in m and "hero" not in m:
            kinds.append("villain")
        table = m.get("table")
        pos = self.pos(path)
        if len(kinds) > 1:
            self.err(
                "match-shape",
                path,
                f"this entry mixes {' and '.join(kinds)}",
                "write one entry per pairing: {players: [a, b]} or {bye: a} or {loss: a}",
            )
            return None
        kind = kinds[0] if kinds else "players"
        if kind in ("hero", "villain") or (kind == "bye" and structure.pairing == "wot-cycles"):
            return self.wot_game(m, path, kind)
        if kind == "teams":
            return self.team_match(m, path, best_of, playoff, structure, team_ids)
        if structure.team_kind and kind == "players":
            self.err(
                "match-shape",
                path,
                "this is a team event: pair teams, not players",
                "write {table: 1, teams: [team-a, team-b], seats: [...]} ",
            )
            return None
        if kind in ("bye", "loss"):
            pid = PlayerId(str(m[kind]))
            if structure.team_kind and pid in team_ids:
                pass
            elif pid not in self.ids:
                self.unknown((*path, kind), pid)
            for extra in ("games", "result"):
                if extra in m:
                    self.err(
                        "match-shape",
                        (*path, extra),
                        f"a {kind} has no {extra}",
                        f"remove {extra}; a bye is a 2-0 win, a loss a 0-2 loss",
                    )
            return Match(
                MatchKind.BYE if kind == "bye" else MatchKind.LOSS,
                (pid,),
                table=table,
                note=str(m.get("note") or ""),
                pos=pos,
            )
        a, b = (PlayerId(str(x)) for x in m["players"])
        for j, pid in enumerate((a, b)):
            if pid not in self.ids:
                self.unknown((*path, "players", j), pid)
        if a == b:
            self.err("self-pairing", (*path, "players"), f'"{a}" is paired against themselves')
        if "games" in m and "result" in m:
            self.err("match-shape", (*path, "result"), "a match has either games or a special result, not both")
        if m.get("result") == "double-loss" and self.intact((*path, "result")):
            return Match(MatchKind.DOUBLE_LOSS, (a, b), table=table, note=str(m.get("note") or ""), pos=pos)
        score = None
        if "games" in m and self.intact((*path, "games")):
            score = GameScore.parse(str(m["games"]))
            knockout = not playoff and structure.pairing == "single-elimination"
            problem = (
                score_problem(score, best_of, playoff=playoff, elimination=knockout) if self.scores_known else None
            )
            if problem:
                if score.games_played == 0:
                    hint = "leave games out while the match is unreported; an intentional draw is 0-0-3"
                elif (playoff or knockout) and score.first == score.second:
                    hint = self.knockout_draw_hint("playoff" if playoff else "single-elimination")
                else:
                    hint = f"check the result slip: in best of {best_of} the winner has {_need_wins(best_of)} game wins"
                if self.imported:  # a recorded round is a fact: the platform accepted this score
                    self.warn("impossible-score", (*path, "games"), problem, _AS_RECORDED, played=True)
                else:
                    self.err("impossible-score", (*path, "games"), problem, hint)
            elif self.scores_known and (unlikely := score_warning(score, best_of)):
                self.warn("many-games", (*path, "games"), unlikely, _MANY_GAMES_HINT.format(n=best_of))
        return Match(MatchKind.PLAYED, (a, b), score=score, table=table, note=str(m.get("note") or ""), pos=pos)

    def knockout_draw_hint(self, what: str) -> str:
        """What to write instead of a draw in a knockout match, by the event's rules."""
        rules = str(self.data.get("rules") or DEFAULT_RULES[str(self.data["game"])])
        if rules == "bushiroad":
            return (
                "a time-out in single elimination loses for both players (Bushiroad 3.2.3): write result: double-loss"
            )
        return f"{what} matches are played until one player wins (MTR 2.4)"

    def wot_game(self, m: Mapping[str, Any], path: YamlPath, kind: str) -> WotGameRecord | None:
        pos = self.pos(path)
        if kind == "bye":
            pid = PlayerId(str(m["bye"]))
            if pid not in self.ids:
                self.unknown((*path, "bye"), pid)
            side = m.get("side")
            return WotGameRecord(
                hero=pid if side != "villain" else None,
                villain=pid if side == "villain" else None,
                bye_side=str(side) if side else None,
                table=m.get("table"),
                pos=pos,
            )
        if "hero" not in m or "villain" not in m:
            self.err("match-shape", path, "a Wheel of Time game needs both hero and villain")
            return None
        hero, villain = PlayerId(str(m["hero"])), PlayerId(str(m["villain"]))
        for side, pid in (("hero", hero), ("villain", villain)):
            if pid not in self.ids:
                self.unknown((*path, side), pid)
        if hero == villain:
            self.err("self-pairing", (*path, "villain"), f'"{hero}" is paired against themselves')
        ov = self.field((*path, "tiebreak_override"), m.get("tiebreak_override"), None)
        override = (ov.get("hero"), ov.get("villain"), str(ov["note"])) if isinstance(ov, Mapping) else None
        if "games" in m or "result" in m:
            self.err(
                "match-shape",
                path,
                "Wheel of Time games record winner, ended and by instead of games",
                "e.g. winner: hero, ended: last-battle, by: goal, hero_final: 6, villain_final: 2",
            )
        rec = WotGameRecord(
            hero=hero,
            villain=villain,
            winner=self.field((*path, "winner"), m.get("winner"), None),
            ended=self.field((*path, "ended"), m.get("ended"), None),
            by=self.field((*path, "by"), m.get("by"), None),
            hero_final=self.field((*path, "hero_final"), m.get("hero_final"), None),
            villain_final=self.field((*path, "villain_final"), m.get("villain_final"), None),
            override=override,
            table=m.get("table"),
            pos=pos,
        )
        if all(self.intact((*path, k)) for k in ("winner", "ended", "by")):
            self.check_wot_record(rec, path)
        return rec

    def check_wot_record(self, rec: WotGameRecord, path: YamlPath) -> None:
        """A reported game needs all three of winner, ended and by; the combinations are
        checked by the Wheel of Time engine (:func:`ingest.planner.wot.wot_diagnostics`)."""
        given = [k for k in ("winner", "ended", "by") if getattr(rec, k) is not None]
        if given and len(given) < 3:
            missing = [k for k in ("winner", "ended", "by") if k not in given]
            self.err(
                "wot-result",
                path,
                f"a reported game needs {', '.join(missing)} as well as {', '.join(given)}",
                "winner: hero | villain | tie | both-lose; ended: before-last-battle | last-battle; "
                "by: goal | kill | concession | forfeit | time",
            )

    def team_match(
        self,
        m: Mapping[str, Any],
        path: YamlPath,
        best_of: int,
        playoff: bool,
        structure: Structure,
        team_ids: Mapping[str, Team],
    ) -> TeamMatch | None:
        x, y = (str(t) for t in m["teams"])
        for j, tid in enumerate((x, y)):
            if tid not in team_ids:
                self.unknown((*path, "teams", j), tid, team_ids)
        if x == y:
            self.err("self-pairing", (*path, "teams"), f'team "{x}" is paired against itself')
        seats: list[SeatResult] = []
        for j, s in enumerate(_items(m.get("seats"))):
            score = None
            if not self.usable((*path, "seats", j)):
                seats.append(SeatResult(None))
                continue
            if "games" in s and self.intact((*path, "seats", j, "games")):
                score = GameScore.parse(str(s["games"]))
                problem = score_problem(score, best_of) if self.scores_known else None
                if problem:
                    self.err("impossible-score", (*path, "seats", j, "games"), problem)
                elif self.scores_known and (unlikely := score_warning(score, best_of)):
                    self.warn("many-games", (*path, "seats", j, "games"), unlikely, _MANY_GAMES_HINT.format(n=best_of))
            seats.append(SeatResult(score, s.get("result") == "double-loss"))
        score = GameScore.parse(str(m["games"])) if "games" in m and self.intact((*path, "games")) else None
        if structure.team_kind == "two-headed-giant":
            if seats:
                self.err(
                    "match-shape",
                    (*path, "seats"),
                    "Two-Headed Giant matches have no seats: the team plays as one",
                    "write games: 1-0 for the team match (MTR 9.1: one game)",
                )
            if score is not None and score.games_played > 1:
                self.err(
                    "impossible-score",
                    (*path, "games"),
                    f"{score.notation()} is impossible: a Two-Headed Giant match is one game (MTR 9.1)",
                )
        elif score is not None:
            self.err(
                "match-shape",
                (*path, "games"),
                "team matches record a result per seat",
                "write seats: [{games: 2-1}, {games: 0-2}, ...] in seat order",
            )
        elif seats and structure.team_size and len(seats) != structure.team_size:
            self.err("team-size", (*path, "seats"), f"{len(seats)} seat results for teams of {structure.team_size}")
        return TeamMatch((x, y), tuple(seats), score, m.get("table"), self.pos(path))

    def team_result(self, tm: TeamMatch, structure: Structure) -> Match | None:
        a, b = PlayerId(tm.teams[0]), PlayerId(tm.teams[1])
        if structure.team_kind == "two-headed-giant":
            return Match(MatchKind.PLAYED, (a, b), tm.score, tm.table, pos=tm.pos)
        if not tm.seats or any(s.score is None and not s.double_loss for s in tm.seats):
            return Match(MatchKind.PLAYED, (a, b), None, tm.table, pos=tm.pos)
        wins_a = sum(1 for s in tm.seats if s.score is not None and s.score.winner == 0)
        wins_b = sum(1 for s in tm.seats if s.score is not None and s.score.winner == 1)
        draws = len(tm.seats) - wins_a - wins_b
        if wins_a == wins_b and structure.tied_team_match == "first-seat" and len(tm.seats) == 2:
            first = tm.seats[0].score
            if first is not None and first.winner is not None:
                wins_a, wins_b = (1, 0) if first.winner == 0 else (0, 1)
                draws = 0
        # Team standings use match results only (MTR Appendix C): the score records seats won.
        return Match(MatchKind.PLAYED, (a, b), GameScore(wins_a, wins_b, draws), tm.table, pos=tm.pos)

    def cut_drops(self, raw: list[Any], structure: Structure, teams: tuple[Team, ...]) -> tuple[PlayerId, ...]:
        """Players (or teams) who left the top cut before playoff round 1 (MTR 2.10, Aequitas 2.10)."""
        if raw and structure.playoff is None:
            self.err(
                "structure",
                ("cut_drops",),
                "cut_drops lists players who left the top cut, but the event has no playoff",
                "list them under the last round's drops instead",
            )
        known: Mapping[str, Any] = {t.id: t for t in teams} if structure.team_kind else self.ids
        out: list[PlayerId] = []
        for j, pid in enumerate(raw):
            if not self.intact(("cut_drops", j)):
                continue  # the schema reported it
            pid = PlayerId(str(pid))
            if pid not in known:
                self.unknown(("cut_drops", j), pid, known)
            elif pid not in out:
                out.append(pid)
        return tuple(out)

    # -- flow checks ----------------------------------------------------------------------
    def check_rounds_flow(
        self,
        rounds: tuple[Round, ...],
        playoff: tuple[Round, ...],
        players: tuple[Player, ...],
        teams: tuple[Team, ...],
        cut_drops: tuple[PlayerId, ...] = (),
    ) -> None:
        dropped: dict[str, int] = {}
        team_of = {m: t.id for t in teams for m in t.members}
        members = {t.id: t.members for t in teams}
        for key, series in (("rounds", rounds), ("playoff", playoff)):
            if key == "playoff":
                dropped.update((pid, len(rounds)) for pid in cut_drops if pid not in dropped)
            for i, rnd in zip(self.round_indexes[key], series, strict=True):
                seen: dict[str, tuple[YamlPath, str]] = {}
                entries: list[tuple[YamlPath, str, str]] = []
                for j, m in self.raw_matches(key, i):
                    mpath: YamlPath = (key, i, "matches", j)
                    for role, pid in _entry_players(m):
                        entries.append((mpath, role, pid))
                for mpath, role, pid in entries:
                    if pid in seen and seen[pid][0] == mpath:
                        continue  # the same entry twice: reported as self-pairing or a mixed entry
                    if pid in seen:
                        first_path, first_role = seen[pid]
                        first = self.doc.line_of(first_path)
                        what = "receives a bye but also plays" if "bye" in (role, first_role) else "appears twice"
                        self.err(
                            "double-booked",
                            mpath,
                            f'"{pid}" {what} in this round (first at line {first})',
                            "each player has exactly one pairing per round",
                        )
                    else:
                        seen[pid] = (mpath, role)
                    # A member's drop drops the team, a team's drop its members (MTR 8.2, Bushiroad 5.1).
                    gone = [x for x in (pid, team_of.get(pid), *members.get(pid, ())) if x in dropped]
                    if gone:
                        after = min(dropped[x] for x in gone)
                        where = "the playoff" if key == "playoff" else f"round {rnd.number}"
                        self.err(
                            "after-drop",
                            mpath,
                            f'"{pid}" dropped after round {after} but is paired in {where}',
                            "remove the drop, or remove this pairing",
                        )
                for pid in rnd.drops:
                    if pid not in dropped:
                        dropped[pid] = rnd.number
        if not players and self.roster_complete:
            self.warn("no-players", ("players",), "the event has no players yet")

    def raw_matches(self, key: str, i: int) -> list[tuple[int, Mapping[str, Any]]]:
        """The matches of round ``i`` as written, with their indexes; broken ones are left out."""
        matches = self.data[key][i].get("matches")
        return [
            (j, m)
            for j, m in enumerate(matches if isinstance(matches, list) else [])
            if isinstance(m, Mapping) and self.usable((key, i, "matches", j), *_IDENTITY)
        ]

    def check_event_fields(self, structure: Structure, players: tuple[Player, ...], rounds: tuple[Round, ...]) -> None:
        if structure.points_per_win != 1 and self.data.get("rules", "") not in ("bushiroad", ""):
            game = self.data.get("game")
            if DEFAULT_RULES.get(str(game)) != "bushiroad" and self.data.get("rules") != "bushiroad":
                self.warn(
                    "structure",
                    ("structure", "points_per_win"),
                    "points_per_win applies to Bushiroad events only and is ignored here",
                )
        if (
            structure.playoff
            and structure.playoff.top > max(len(players), 2)
            and players
            and rounds
            and not self.broken
        ):
            self.err(
                "structure",
                ("structure", "playoff", "top"),
                f"a top {structure.playoff.top} needs at least {structure.playoff.top} players; "
                f"the event has {len(players)}",
            )
        for p_i, p in enumerate(players if not self.broken else ()):
            for r in range(1, p.byes + 1):
                if r > len(rounds):
                    break
                rnd = rounds[r - 1]
                has_bye = any(m.kind is MatchKind.BYE and m.players[0] == p.id for m in rnd.matches)
                if not has_bye:
                    self.warn(
                        "awarded-bye",
                        ("players", self.ids.get(p.id, p_i), "byes"),
                        f'"{p.id}" has {p.byes} awarded bye{"s" if p.byes > 1 else ""} but no bye in round {r}',
                        "awarded byes fill rounds 1..N; `scorekeeper pair` writes them",
                    )
        if structure.swiss_rounds is not None and len(rounds) > structure.swiss_rounds and structure.pairing == "swiss":
            self.err(
                "too-many-rounds",
                ("rounds", structure.swiss_rounds),
                f"the event has {len(rounds)} Swiss rounds but structure.swiss_rounds is {structure.swiss_rounds}",
                "raise swiss_rounds, or move top-cut rounds under `playoff:`",
            )
        self.check_missing_players(players, rounds)

    def check_missing_players(self, players: tuple[Player, ...], rounds: tuple[Round, ...]) -> None:
        """Players with no pairing in a round they should have played (warnings); skipped while
        any part of the file is broken, as a skipped entry may hold the missing pairing.

        Wheel of Time Games count too: an active player has a game or a bye in every Game
        (WoT cycles, seed 001), so one with neither, and no drop, is warned the same way."""
        structure = self.data.get("structure")
        pairing = structure.get("pairing") if isinstance(structure, Mapping) else None
        if not rounds or self.data.get("teams") or self.broken:
            return
        wot = pairing == "wot-cycles"
        gone_after: dict[str, int] = {}
        first_round: dict[str, int] = {}
        # Knocked out: single elimination after one loss, double elimination after two, a draw
        # counting as a loss for both (Bushiroad 3.2.2, 3.2.3); nobody expects them to play on.
        allowed = {"single-elimination": 1, "double-elimination": 2}.get(str(pairing or "swiss"))
        losses: dict[str, int] = {}
        for rnd in rounds:
            for m in rnd.matches:
                for pid in m.players:
                    first_round.setdefault(pid, rnd.number)
                    lost = m.kind is MatchKind.LOSS or (m.reported and len(m.players) == 2 and m.winner() != pid)
                    losses[pid] = losses.get(pid, 0) + lost
                    if allowed is not None and losses[pid] == allowed and lost:
                        gone_after.setdefault(pid, rnd.number)
            for pid in _wot_players(rnd):
                first_round.setdefault(pid, rnd.number)
            for pid in rnd.drops:
                gone_after.setdefault(pid, rnd.number)
        in_round = [{pid for m in rnd.matches for pid in m.players} | _wot_players(rnd) for rnd in rounds]
        for p in players:
            start = first_round.get(p.id)
            if start is None:
                continue  # not paired yet: a late entry `pair` will handle
            for i, rnd in enumerate(rounds):
                if rnd.number < start or rnd.number > gone_after.get(p.id, 10**6):
                    continue
                if p.id not in in_round[i]:
                    if wot:
                        self.warn(
                            "did-not-play",
                            ("rounds", i),
                            f'"{p.id}" has no game and no bye in game {rnd.number}',
                            f"record the player's game or bye, or list {p.id} under drops",
                        )
                        continue
                    self.warn(
                        "did-not-play",
                        ("rounds", i),
                        f'"{p.id}" has no pairing in round {rnd.number}',
                        f"record {{loss: {p.id}}} for a missed round, or list the player under drops",
                        played=self.imported,
                    )


def _wot_players(rnd: Round) -> set[str]:
    """Everyone with a Wheel of Time game or bye in a round."""
    return {pid for g in rnd.wot_games for pid in (g.hero, g.villain) if pid is not None}


_AS_RECORDED = "kept as the platform recorded it; standings count it as written"

_IDENTITY = ("players", "bye", "loss", "hero", "villain", "teams")
"""The keys that say who an entry of a round is about; broken, the entry is skipped."""


def _roster_entry(path: YamlPath) -> bool:
    """Whether a broken path makes a player or team entry unreadable (the list, an entry, an id)."""
    return path[:1] in (("players",), ("teams",)) and (len(path) <= 2 or path[2:] == ("id",))


def _items(value: Any) -> list[Any]:
    """``value`` when it is a list, else nothing (the schema reports what it is instead)."""
    return value if isinstance(value, list) else []


def _entry_players(m: Mapping[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key in ("players", "teams"):
        if isinstance(m.get(key), list):
            out.extend(("play", str(x)) for x in m[key])
    for key in ("bye", "loss"):
        if key in m:
            out.append((key, str(m[key])))
    for key in ("hero", "villain"):
        if key in m:
            out.append(("play", str(m[key])))
    return out
