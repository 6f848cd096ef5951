"""Reads the MTGODecklistCache JSON format (melee.gg, Topdeck, CardsRealm, ManaTraders, MTGO).

The format, as the open archives store it::

    {"Tournament": {"Date": "2025-05-19T17:45:00", "Name": "...", "Uri": "https://...", "Formats": "Pauper"},
     "Decks": [{"Player": "...", "Result": "1st Place", "Mainboard": [{"Count": 4, "CardName": "..."}],
                "Sideboard": [...]}],
     "Rounds": [{"RoundName": "Round 1", "Matches": [{"Player1": "...", "Player2": "...", "Result": "2-1-0"}]}],
     "Standings": [{"Rank": 1, "Player": "...", "Points": 12, "Wins": 4, "Losses": 0, "Draws": 0,
                    "OMWP": 0.5, "GWP": 0.8, "OGWP": 0.5}]}

``Result`` is games won by Player1, by Player2 and drawn games. :func:`read_mtgo_json`
checks the shape of every part (each problem with its line and column), then reads the
rounds with the platform's conventions (:mod:`ingest.importers.platforms`): byes written
as a null, empty, ``-`` or ``Bye`` player; a drawn match stored twice, once from each
side (melee.gg); a double forfeit stored as 0-2-0 from one side and 0-0-0 from the other
(melee.gg); a top cut named ``Top 8`` or ``Quarterfinals``, or stored as further
``Round N`` rounds (recognised by the shape of a bracket); drops from a player's absence
in later rounds.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, warning
from ingest.core.errors import IngestError
from ingest.core.rounds import GameScore, MatchKind
from ingest.importers.jsonpos import JsonPath, JsonProblem, PositionIndex, parse_json
from ingest.importers.platforms import conventions, detect_platform, format_id, is_no_opponent, is_playoff_name
from ingest.importers.tournament import SourceDeck, SourceMatch, SourceRound, SourceRow, Tournament, clean_text
from ingest.source.storage import decode_utf8

_RESULT = re.compile(r"^\s*(\d{1,3})-(\d{1,3})(?:-(\d{1,3}))?\s*$")
_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")

NAME_LIMIT = 120
"""Longest player name an event file holds (the schema's limit)."""


class _Reader:
    """Collects positioned problems while reading one file."""

    def __init__(self, text: str, shown: str) -> None:
        self.text = text
        self.shown = shown
        self.problems: list[Diagnostic] = []
        self.index = PositionIndex(text)
        self.namesakes: dict[str, list[int]] = {}
        """Names two players have (the format knows players by name only): their rows in
        the standings (none when only a match of one against the other shows it)."""
        self.namesake_pos: dict[str, SourcePos] = {}
        """Where a match pairs a name against itself."""

    def pos(self, path: JsonPath) -> SourcePos:
        line, col = self.index.locate(path)
        return SourcePos(self.shown, line, col)

    def namesake_keys(self, name: str) -> list[str]:
        """The keys of the players called ``name``: the name, then ``name #2``..."""
        count = max(2, len(self.namesakes.get(name, ())))
        return [name] + [namesake_key(name, n) for n in range(2, count + 1)]

    def namesake_in_round(self, name: str, in_round: set[str]) -> str:
        """Which of the players called ``name`` a match names: the first not yet paired in
        the round (the file cannot say more), and ``in_round`` records it."""
        if name in self.namesakes:
            name = next((k for k in self.namesake_keys(name) if k not in in_round), name)
        in_round.add(name)
        return name

    def err(self, path: JsonPath, message: str, hint: str = "") -> None:
        self.problems.append(error("import", f"{_format(path)}: {message}", self.pos(path), hint))

    # -- shapes ---------------------------------------------------------------------------------

    def obj(self, value: Any, path: JsonPath, what: str) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping):
            return value
        self.err(path, f"must be an object ({what}), not {_kind(value)}")
        return None

    def items(self, parent: Mapping[str, Any], key: str, path: JsonPath) -> list[Any]:
        """A list member that may be null or absent (the archive writes null for "none")."""
        value = parent.get(key)
        if value is None:
            return []
        if isinstance(value, list):
            return value
        self.err((*path, key), f"must be a list or null, not {_kind(value)}")
        return []

    def text_of(self, parent: Mapping[str, Any], key: str, path: JsonPath, *, required: bool = True) -> str | None:
        value = parent.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            what = "missing" if key not in parent else f"{_kind(value)}, not text"
            self.err((*path, key) if key in parent else path, f"{key} is {what}", f"write {key} as text in quotes")
            return None
        return value

    def integer(self, parent: Mapping[str, Any], key: str, path: JsonPath, *, minimum: int = 0) -> int | None:
        value = parent.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            if key not in parent:
                self.err(path, f"{key} is missing")
            else:
                self.err((*path, key), f"{key} must be a whole number of at least {minimum}, not {_show(value)}")
            return None
        return value

    def fraction(self, parent: Mapping[str, Any], key: str, path: JsonPath) -> Fraction | None:
        value = parent.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or not -1 <= value <= 1:
            self.err((*path, key), f"{key} must be a decimal between 0 and 1 or null, not {_show(value)}")
            return None
        return Fraction(repr(float(value))) if isinstance(value, float) else Fraction(value)


def _format(path: JsonPath) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else ("." if out else "") + step
    return out or "(document)"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f'the text "{clean_text(value, 40)}"'
    if isinstance(value, list):
        return "a list"
    return "an object"


def _show(value: Any) -> str:
    return _kind(value).removeprefix("the number ").removeprefix("the text ")


# -- the file ----------------------------------------------------------------------------------------


def read_mtgo_json(raw: bytes, shown: str, file_name: str) -> Tournament:
    """Reads one tournament in the MTGODecklistCache JSON format.

    Args:
        raw: the file's bytes.
        shown: the file as messages name it.
        file_name: its base name (the archive's ``<platform>--`` prefix tells the platform).

    Raises:
        IngestError: the file is not readable as a tournament; every problem is positioned.
    """
    text, problems = decode_utf8(raw, shown)
    if text is None:
        raise IngestError(problems)
    try:
        data = parse_json(text)
    except JsonProblem as exc:
        raise IngestError(
            [error("import", f"not JSON: {exc.message}", SourcePos(shown, exc.line, exc.col), _JSON_HINT)]
        ) from None
    r = _Reader(text, shown)
    root = r.obj(data, (), "a tournament with Tournament, Decks, Rounds and Standings")
    if root is None:
        raise IngestError(r.problems)
    head = r.obj(root.get("Tournament"), ("Tournament",), "Date, Name, Uri, Formats") if "Tournament" in root else None
    if "Tournament" not in root:
        r.err(
            (),
            "Tournament is missing",
            'an MTGODecklistCache file starts with {"Tournament": {"Date": ..., "Name": ...}}',
        )
        raise IngestError(r.problems)
    if head is None:
        raise IngestError(r.problems)
    name = r.text_of(head, "Name", ("Tournament",))
    date = _date(r, head)
    url = r.text_of(head, "Uri", ("Tournament",), required=False) or ""
    if url and not re.match(r"^https?://", url):
        r.err(("Tournament", "Uri"), f"Uri {_show(url)} is not a web address", "write the event's address, or null")
        url = ""
    label = _format_label(r, head)
    shown_names: dict[str, str] = {}
    notes: list[str] = []
    standings = _standings(r, root)
    rounds = _rounds(r, root)
    decks = _decks(r, root)
    if r.problems or name is None or date is None:
        raise IngestError(r.problems)
    platform = detect_platform(url, file_name)
    warnings: list[Diagnostic] = []
    for shared, rows in r.namesakes.items():
        keys = r.namesake_keys(shared)
        shown_names.update((k, shared) for k in keys[1:])
        where = f" (Standings[{rows[0]}] and [{rows[1]}])" if len(rows) >= 2 else ""
        said = (
            f'{len(keys)} players are called "{shared}"{where}: they are told apart by their ids; a match that '
            "names them is given to the first one not yet paired in its round (the file does not say which)"
        )
        notes.append(said)
        at = r.pos(("Standings", rows[1], "Player")) if len(rows) >= 2 else r.namesake_pos.get(shared, r.pos(()))
        warnings.append(warning("import", said, at, "check the rounds against the platform's pages"))
    t = Tournament(
        platform=platform,
        name=clean_text(name, 200) or "Imported event",
        date=date,
        source_file=shown,
        url=clean_text(url, 500),
        format=format_id(label, name),
        format_label=label or "",
        rules=conventions(platform).rules,
        rounds=rounds,
        standings=standings,
        decks=decks,
        shown_names=shown_names,
        notes=notes,
        warnings=warnings,
    )
    if not rounds and not standings:
        raise IngestError(
            [
                error(
                    "import",
                    "the file has no rounds and no standings: there is no tournament to import",
                    r.pos(("Decks",)) if "Decks" in root else SourcePos(shown, 1, 1),
                    "an MTGO League, for one, publishes decklists only; Scorekeeper imports tournaments",
                )
            ]
        )
    _check_players(t)
    return t


_JSON_HINT = "the file must be the JSON an MTGODecklistCache archive stores; open it in an editor at this position"


def _date(r: _Reader, head: Mapping[str, Any]) -> dt.date | None:
    value = head.get("Date")
    m = _DATE.match(value) if isinstance(value, str) else None
    if m:
        try:
            return dt.date.fromisoformat(m[1])
        except ValueError:
            pass
    where = ("Tournament", "Date") if "Date" in head else ("Tournament",)
    r.err(where, f"Date is {_show(value) if 'Date' in head else 'missing'}; expected YYYY-MM-DD (a time may follow)")
    return None


def _format_label(r: _Reader, head: Mapping[str, Any]) -> str | None:
    value = head.get("Formats")
    if value is None:
        return None
    if isinstance(value, str):
        return clean_text(value, 80)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return clean_text(value[0], 80) if len(value) == 1 else None
    r.err(("Tournament", "Formats"), f"Formats must be text, not {_kind(value)}")
    return None


def _score(r: _Reader, value: Any, path: JsonPath) -> GameScore | None:
    m = _RESULT.match(value) if isinstance(value, str) else None
    if not m:
        r.err(
            path,
            f"Result {_show(value)} is not a result",
            "write games won by Player1, games won by Player2 and drawn games, e.g. 2-1-0",
        )
        return None
    return GameScore(int(m[1]), int(m[2]), int(m[3] or 0))


def _player(r: _Reader, value: Any, path: JsonPath) -> str | None:
    """A player field of a match: a name, or None for "no opponent" (null, "", "-", "Bye")."""
    if is_no_opponent(value):
        return None
    if not isinstance(value, str):
        r.err(path, f"must be a player's name or null, not {_kind(value)}")
        return None
    name = clean_text(value, NAME_LIMIT)
    return name or None


def _standings(r: _Reader, root: Mapping[str, Any]) -> list[SourceRow]:
    rows: list[SourceRow] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(r.items(root, "Standings", ())):
        path: JsonPath = ("Standings", i)
        row = r.obj(item, path, "Rank, Player, Points, Wins, Losses, Draws, OMWP, GWP, OGWP")
        if row is None:
            continue
        name = r.text_of(row, "Player", path)
        rank = r.integer(row, "Rank", path, minimum=1)
        points = r.integer(row, "Points", path)
        wld = [r.integer(row, k, path) if k in row else None for k in ("Wins", "Losses", "Draws")]
        values = [r.fraction(row, k, path) for k in ("OMWP", "GWP", "OGWP")]
        if name is None or rank is None or points is None:
            continue
        name = clean_text(name, NAME_LIMIT)
        if name in seen:  # two players of the same name (the format knows players by name only)
            r.namesakes.setdefault(name, [seen[name]]).append(i)
            name = namesake_key(name, len(r.namesakes[name]))
        seen[name] = i
        omw, gw, ogw = values
        rows.append(SourceRow(rank, name, points, wld[0], wld[1], wld[2], omw, gw, ogw, pos=r.pos(path)))
    return rows


def _rounds(r: _Reader, root: Mapping[str, Any]) -> list[SourceRound]:
    out: list[SourceRound] = []
    in_playoff = False
    for i, item in enumerate(r.items(root, "Rounds", ())):
        path: JsonPath = ("Rounds", i)
        rnd = r.obj(item, path, "RoundName and Matches")
        if rnd is None:
            continue
        label = rnd.get("RoundName")
        if label is None or isinstance(label, int):
            label = str(label if label is not None else i + 1)
        if not isinstance(label, str):
            r.err((*path, "RoundName"), f"RoundName must be text, not {_kind(label)}")
            continue
        label = clean_text(label, 80) or f"Round {i + 1}"
        in_playoff = in_playoff or is_playoff_name(label)
        matches: list[SourceMatch] = []
        in_round: set[str] = set()
        for j, entry in enumerate(r.items(rnd, "Matches", path)):
            mpath: JsonPath = (*path, "Matches", j)
            m = r.obj(entry, mpath, "Player1, Player2, Result")
            if m is None:
                continue
            a = _player(r, m.get("Player1"), (*mpath, "Player1"))
            b = _player(r, m.get("Player2"), (*mpath, "Player2"))
            score = _score(r, m.get("Result"), (*mpath, "Result") if "Result" in m else mpath)
            if score is None:
                continue
            pos = r.pos(mpath)
            if a is None and b is None:
                r.err(mpath, "the match names no player", "remove the entry, or write the players' names")
                continue
            if a is None:  # the bye marker written first (CardsRealm "Bye" as Player1)
                a, b, score = b, None, score.swapped()
            assert a is not None
            if a == b:  # two players of the same name, who met
                r.namesakes.setdefault(a, [])
                r.namesake_pos.setdefault(a, pos)
            a = r.namesake_in_round(a, in_round)
            if b is not None:
                b = r.namesake_in_round(b, in_round)
            if b is None:
                kind = MatchKind.LOSS if score.second > score.first else MatchKind.BYE
                matches.append(SourceMatch(kind, (a,), pos=pos))
            else:
                matches.append(SourceMatch(MatchKind.PLAYED, (a, b), score, pos=pos))
        out.append(SourceRound(label, matches, playoff=in_playoff, pos=r.pos(path)))
    return out


def _decks(r: _Reader, root: Mapping[str, Any]) -> dict[str, SourceDeck]:
    decks: dict[str, SourceDeck] = {}
    for i, item in enumerate(r.items(root, "Decks", ())):
        path: JsonPath = ("Decks", i)
        deck = r.obj(item, path, "Player, Mainboard, Sideboard")
        if deck is None:
            continue
        name = r.text_of(deck, "Player", path)
        sections = [_cards(r, deck, key, path) for key in ("Mainboard", "Sideboard")]
        if name is None:
            continue
        name = clean_text(name, NAME_LIMIT)
        if not name:
            continue
        if name in decks and name in r.namesakes:  # the list of the next player of that name
            name = next((k for k in r.namesake_keys(name) if k not in decks), name)
        if name in decks:
            continue  # a second list for the same player: the first one is kept
        decks[name] = SourceDeck(name, sections[0], sections[1], pos=r.pos(path))
    return decks


def _cards(r: _Reader, deck: Mapping[str, Any], key: str, path: JsonPath) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for k, item in enumerate(r.items(deck, key, path)):
        cpath: JsonPath = (*path, key, k)
        card = r.obj(item, cpath, "Count and CardName")
        if card is None:
            continue
        count = r.integer(card, "Count", cpath, minimum=1)
        name = r.text_of(card, "CardName", cpath)
        if count is None or name is None:
            continue
        cleaned = clean_text(name, 200)
        if count > 999:
            r.err((*cpath, "Count"), f"{count} copies of one card is not a decklist entry")
            continue
        out.append((count, cleaned))
    return out


def namesake_key(name: str, n: int) -> str:
    """How the ``n``-th player called ``name`` is known while reading (never written).

    >>> namesake_key("Bob", 2)
    'Bob #2'
    """
    return f"{name} #{n}"


def _check_players(t: Tournament) -> None:
    """A player the platform paired twice in one round: a fact of its record, kept as
    recorded, with a note in the file (``validate`` warns about each such match)."""
    problems: list[str] = []
    for rnd in t.rounds:
        first: dict[str, SourceMatch] = {}
        for m in rnd.matches:
            for p in m.players:
                seen = first.get(p)
                if seen is None:
                    first[p] = m
                elif set(seen.players) != set(m.players):
                    said = f'{rnd.name}: "{p}" is paired twice in the platform\'s record, kept as recorded'
                    problems.append(said)
                    where = m.pos or SourcePos(t.source_file)
                    t.warnings.append(warning("import", said, where, "check the round against the platform's pages"))
    t.notes.extend(problems)
