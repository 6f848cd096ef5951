"""Reads a spreadsheet of results (CSV) for any game: one row per match, players in a second file.

The matches file (``results.csv``), with a header row; column names are case-insensitive
and their order is free:

============== ========= ==================================================================
column         required  what it holds
============== ========= ==================================================================
round          yes       the Swiss round (1, 2, 3...), or a top-cut round's name (Top 8,
                         Quarterfinals, Semifinals, Final); rows of one round go together
table          no        the table number
player         yes       the first player's name (Wheel of Time: the player on the Hero deck)
opponent       no        the second player's name; empty, ``-`` or ``bye`` when there is none
result         yes       from the player's side: games (``2-1``, ``1-1-1``, ``0-0-3``), or
                         ``win``/``loss``/``draw`` where only match results were kept; with
                         no opponent: ``bye`` or ``loss``; ``double loss``; empty while the
                         match is not reported. Wheel of Time: ``win``, ``loss``, ``tie`` or
                         ``both-lose``; with no opponent, ``bye``
ended          WoT       before-last-battle or last-battle
by             WoT       goal, kill, concession, forfeit or time
player_final   WoT       the Hero's final support
opponent_final WoT       the Villain's final opposition
============== ========= ==================================================================

The players file (``--players players.csv``) is optional: ``player`` (the name used in the
matches file, required), then any of ``id``, ``deck`` (a decklist text file, relative to
the players file), ``archetype``, ``country``, ``byes`` and ``dropped_after`` (the round
after which the player left). Players it does not list are taken from the matches.

A spreadsheet exported from Excel or LibreOffice works as it is: a byte-order mark is
allowed and the delimiter may be a comma, a semicolon or a tab. Every problem is reported
with the file, the row's line and the column.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import SourcePos, error
from ingest.core.errors import IngestError
from ingest.core.families import Family, family_of_game
from ingest.core.games import DEFAULT_RULES, GAMES
from ingest.core.rounds import GameScore, MatchKind
from ingest.importers.csv_table import RESULT_WORDS, Cell, CsvTable
from ingest.importers.platforms import is_no_opponent, is_playoff_name
from ingest.importers.tournament import SourceDeck, SourceMatch, SourceRound, Tournament, clean_text
from ingest.importers.wot_rows import WotRows
from ingest.source.storage import decode_utf8, read_bytes

MATCH_COLUMNS = ("round", "table", "player", "opponent", "result", "ended", "by", "player_final", "opponent_final")
"""Columns the matches file may have."""
PLAYER_COLUMNS = ("player", "id", "deck", "archetype", "country", "byes", "dropped_after")
"""Columns the players file may have."""

_GAMES = re.compile(r"^(\d{1,2})-(\d{1,2})(?:-(\d{1,2}))?$")


def _count(text: str) -> int | None:
    """A round, table or bye count written in digits (0-9, at most six), else None.

    >>> _count("12"), _count("²"), _count("9" * 5001)
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def _read_bytes(path: Path, shown: str) -> bytes:
    if not path.exists():
        raise IngestError([error("import", "no such file", SourcePos(shown))])
    raw, problems = read_bytes(path, shown)  # bounded; a folder, device or pipe is refused
    if raw is None:
        raise IngestError(problems)
    return raw


def read_csv_results(raw: bytes, shown: str, path: Path, options: Mapping[str, Any]) -> Tournament:
    """Reads a matches file (and the players file named in ``options``) as a tournament.

    Args:
        raw: the matches file's bytes.
        shown: the matches file as messages name it.
        path: the matches file (the players file and decklists are found from it).
        options: ``players`` (a path or None), ``name``, ``date``, ``game``, ``format``,
            ``rules``, ``best_of`` from the command line.

    Raises:
        IngestError: a row or a column cannot be read (each problem positioned), or a
            required option is missing.
    """
    game = options.get("game")
    date = options.get("date")
    missing = [f"--{k}" for k, v in (("game", game), ("date", date)) if v is None]
    if missing:
        raise IngestError(
            [
                error(
                    "import",
                    f"a spreadsheet does not say {' or '.join(m[2:] for m in missing)}: give {' and '.join(missing)}",
                    SourcePos(shown),
                    "e.g. scorekeeper import results.csv --game wot --date 2026-03-14 --name 'League night 3'",
                )
            ]
        )
    assert isinstance(game, str) and isinstance(date, dt.date)
    family = family_of_game(game)
    table = CsvTable(raw, shown, MATCH_COLUMNS, ("round", "player", "result"))
    name = options.get("name") or path.stem.replace("_", " ").replace("-", " ").strip() or "Imported event"
    t = Tournament(
        platform="spreadsheet",
        name=clean_text(str(name), 200),
        date=date,
        source_file=shown,
        game=game,
        format=str(options.get("format") or "other"),
        rules=str(options.get("rules") or DEFAULT_RULES[game]),
        best_of=int(options.get("best_of") or family.best_of),
        decklists="public",
    )
    if game not in GAMES:
        raise IngestError([error("import", f"unknown game {game!r}", SourcePos(shown))])
    rounds = _rounds(table, family) if table.rows else []
    players_path = options.get("players")
    roster: list[str] = []
    dropped: dict[str, tuple[int, Cell]] = {}
    decks: dict[str, SourceDeck] = {}
    problems = list(table.problems)
    extra: dict[str, dict[str, str]] = {}
    if players_path is not None:
        ppath = Path(players_path)
        pshown = ppath.as_posix()
        ptable = CsvTable(_read_bytes(ppath, pshown), pshown, PLAYER_COLUMNS, ("player",))
        problems += ptable.problems
        if not ptable.problems:
            roster, dropped, decks, extra = _players(ptable, ppath.parent)
            problems += ptable.problems
    if problems:
        raise IngestError(problems)
    t.rounds = rounds
    results = {m.results for r in rounds for m in r.matches if m.results}
    if len(results) > 1:
        first = next(m for r in rounds for m in r.matches if m.results == "matches")
        raise IngestError(
            [
                error(
                    "import",
                    "some rows give games (2-1) and others only win/loss/draw; use one kind of result in a file",
                    first.pos or SourcePos(shown),
                    "write every result as games, or every result as win, loss or draw",
                )
            ]
        )
    if results == {"matches"}:  # a Wheel of Time row's result is never win, loss or draw alone
        t.results = "matches"
    names = list(roster)
    seen = set(names)
    for r in rounds:
        for m in r.matches:
            for p in m.players:
                if p not in seen:
                    seen.add(p)
                    names.append(p)
    t.players = names
    t.decks = decks
    t.player_fields = extra
    swiss = [r for r in rounds if not r.playoff]
    for player, (after, cell) in dropped.items():
        if not 1 <= after <= len(swiss):
            raise IngestError(
                [error("import", f"{player} dropped after round {after}, but there are {len(swiss)} rounds", cell.pos)]
            )
        swiss[after - 1].drops.append(player)
    _check_twice(t)
    return t


def _rounds(table: CsvTable, family: Family) -> list[SourceRound]:
    """Rows grouped by round: numbered Swiss rounds first (in number order), then top-cut
    rounds in the order they first appear."""
    swiss: dict[int, SourceRound] = {}
    playoff: dict[str, SourceRound] = {}
    for row in table.rows:
        cell = row["round"]
        label = cell.text
        match = _match(table, row, family)
        if (round_number := _count(label)) is not None and round_number >= 1:
            rnd = swiss.setdefault(round_number, SourceRound(f"Round {round_number}", [], pos=cell.pos))
        elif label and is_playoff_name(label):
            rnd = playoff.setdefault(
                label.casefold(), SourceRound(clean_text(label, 80), [], playoff=True, pos=cell.pos)
            )
        else:
            table.err(
                cell,
                "round",
                f'"{clean_text(label, 40)}" is not a round',
                "write the Swiss round's number (1, 2, 3...) or the top-cut round's name (Top 8, Semifinals, Final)",
            )
            continue
        if match is not None:
            rnd.matches.append(match)
    numbers = sorted(swiss)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        gap = next(n for i, n in enumerate(numbers, 1) if n != i)
        where = swiss[gap].pos or SourcePos(table.shown)
        table.err(Cell("", where), "round", f"there is a round {gap} but no round {gap - 1}", _NO_GAPS)
    return [swiss[n] for n in numbers] + list(playoff.values())


_NO_GAPS = "number Swiss rounds 1, 2, 3... without gaps"


def _name(table: CsvTable, cell: Cell, column: str) -> str | None:
    name = clean_text(cell.text, 120)
    if not name:
        table.err(cell, column, "the player's name is empty")
        return None
    return name


def _match(table: CsvTable, row: Mapping[str, Cell], family: Family) -> SourceMatch | None:
    player = _name(table, row["player"], "player")
    opp_cell = row.get("opponent")
    opponent = None
    if opp_cell is not None and not is_no_opponent(opp_cell.text):
        opponent = _name(table, opp_cell, "opponent")
    result = row["result"]
    tcell = row.get("table")
    number = None
    if tcell is not None and tcell.text:
        number = _count(tcell.text)
        if number is None or number < 1:
            table.err(tcell, "table", f'"{clean_text(tcell.text, 20)}" is not a table number')
            number = None
    if player is None:
        return None
    if player == opponent:
        table.err(row["opponent"], "opponent", f'"{player}" is paired against themselves')
        return None
    text = result.text.strip().lower()
    word = RESULT_WORDS.get(text)
    rows = _ROWS[family.id]
    if opponent is None:
        if word == "bye" or (word == "win" and rows.lone_win_is_bye):
            return SourceMatch(MatchKind.BYE, (player,), table=number, pos=result.pos)
        if word == "loss" and rows.lone_loss:
            return SourceMatch(MatchKind.LOSS, (player,), table=number, pos=result.pos)
        hint = "write bye or loss" if rows.lone_loss else "write bye"
        table.err(result, "result", f'"{clean_text(result.text, 20)}" with no opponent', hint)
        return None
    return rows.played(table, row, player, opponent, number)


class _MatchRows:
    """An MTR-style event's rows: games from the player's side (2-1, 0-0-3), or only win, loss or
    draw, or a double loss; without an opponent, a win is a bye and a loss a match loss."""

    lone_win_is_bye = True
    lone_loss = True

    def played(
        self, table: CsvTable, row: Mapping[str, Cell], player: str, opponent: str, number: int | None
    ) -> SourceMatch | None:
        return _played_match(table, row, player, opponent, number)


_ROWS: dict[str, _MatchRows | WotRows] = {"mtr": _MatchRows(), "wot": WotRows()}
"""How each family's rows are read, by the family's id."""


def _played_match(
    table: CsvTable, row: Mapping[str, Cell], player: str, opponent: str, number: int | None
) -> SourceMatch | None:
    """Two players and their result, from the player's side."""
    result = row["result"]
    text = result.text.strip().lower()
    word = RESULT_WORDS.get(text)
    if not text:
        return SourceMatch(MatchKind.PLAYED, (player, opponent), None, table=number, pos=result.pos)
    if word == "double-loss":
        return SourceMatch(MatchKind.DOUBLE_LOSS, (player, opponent), table=number, pos=result.pos)
    m = _GAMES.match(text)
    if m:
        score = GameScore(int(m[1]), int(m[2]), int(m[3] or 0))
        return SourceMatch(MatchKind.PLAYED, (player, opponent), score, table=number, pos=result.pos, results="games")
    if word in ("win", "loss", "draw"):
        score = {"win": GameScore(1, 0), "loss": GameScore(0, 1), "draw": GameScore(0, 0, 1)}[word]
        return SourceMatch(MatchKind.PLAYED, (player, opponent), score, table=number, pos=result.pos, results="matches")
    table.err(
        result,
        "result",
        f'"{clean_text(result.text, 20)}" is not a result',
        "write games from the player's side (2-1, 0-0-3), win, loss, draw, double loss, or leave it empty",
    )
    return None


def _players(
    table: CsvTable, folder: Path
) -> tuple[list[str], dict[str, tuple[int, Cell]], dict[str, SourceDeck], dict[str, dict[str, str]]]:
    names: list[str] = []
    dropped: dict[str, tuple[int, Cell]] = {}
    decks: dict[str, SourceDeck] = {}
    extra: dict[str, dict[str, str]] = {}
    for row in table.rows:
        name = _name(table, row["player"], "player")
        if name is None:
            continue
        if name in names:
            table.err(row["player"], "player", f'"{name}" is listed twice')
            continue
        names.append(name)
        fields: dict[str, str] = {}
        for column in ("id", "archetype", "country", "byes"):
            cell = row.get(column)
            if cell is not None and cell.text:
                fields[column] = clean_text(cell.text, 80)
        if "byes" in fields and not ((byes := _count(fields["byes"])) is not None and byes <= 3):
            table.err(row["byes"], "byes", f'"{fields["byes"]}" is not a number of byes (0-3)')
        if "id" in fields and not re.fullmatch(r"[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?", fields["id"]):
            table.err(row["id"], "id", f'"{fields["id"]}" is not an id', "ids are lowercase letters, digits, - and _")
        cell = row.get("dropped_after")
        if cell is not None and cell.text:
            after = _count(cell.text)
            if after is None:
                table.err(cell, "dropped_after", f'"{clean_text(cell.text, 20)}" is not a round number')
            else:
                dropped[name] = (after, cell)
        cell = row.get("deck")
        if cell is not None and cell.text:
            deck = _deck(table, cell, folder, name)
            if deck is not None:
                decks[name] = deck
        extra[name] = fields
    return names, dropped, decks, extra


def _deck(table: CsvTable, cell: Cell, folder: Path, player: str) -> SourceDeck | None:
    """A decklist file named in the players file, read as the common text form."""
    from ingest.decks.decklist import parse_decklist_text
    from ingest.decks.decklist_parts import Section
    from ingest.source.deck_refs import deck_path_problem

    ref = cell.text
    problem = deck_path_problem(ref)
    if problem:
        table.err(cell, "deck", f'"{clean_text(ref, 60)}" cannot be used: {problem}', "name a file next to the CSV")
        return None
    path = folder / ref
    raw, _ = read_bytes(path, ref) if path.exists() else (None, [])
    if raw is None:
        table.err(cell, "deck", f'the decklist file "{clean_text(ref, 60)}" cannot be read', "check the file name")
        return None
    text, problems = decode_utf8(raw, ref)
    if text is None:
        table.problems += problems
        return None
    parsed, errors = parse_decklist_text(text)
    if errors:
        first = errors[0]
        table.problems.append(error("import", f"{player}'s decklist: {first.message}",
                                    SourcePos((folder / ref).as_posix(), first.line or 1, 1)))  # fmt: skip
        return None
    main = [(e.count, e.card) for e in parsed.entries if e.section is not Section.SIDEBOARD]
    side = [(e.count, e.card) for e in parsed.entries if e.section is Section.SIDEBOARD]
    return SourceDeck(player, main, side, pos=cell.pos)


def _check_twice(t: Tournament) -> None:
    problems = []
    for rnd in t.rounds:
        first: dict[str, SourceMatch] = {}
        for m in rnd.matches:
            for p in m.players:
                earlier = first.get(p)
                if earlier is not None and m.pos is not None:
                    line = earlier.pos.line if earlier.pos is not None else 0
                    problems.append(
                        error(
                            "import",
                            f'{rnd.name}: "{p}" has two rows in this round (first at line {line})',
                            m.pos,
                            "each player has one match per round: write the match once, from either side",
                        )
                    )
                first.setdefault(p, m)
    if problems:
        raise IngestError(problems)
