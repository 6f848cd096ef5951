"""Event-file edits behind ``scorekeeper new``, ``report`` and ``drop``.

Each function takes the file's text and returns the new text; nothing here touches the
disk. The CLI validates the result and writes it atomically.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ingest.editing import Editor
from ingest.errors import IngestError
from ingest.model import DEFAULT_RULES, Event, GameScore, MatchKind, Round, ScoreError, TeamMatch
from ingest.yamldoc import load_plain

if TYPE_CHECKING:
    from ingest.pairing.rounds import RoundsPlan

SCHEMA_HINT = "# yaml-language-server: $schema={schema}\n"


@dataclass(frozen=True, slots=True)
class Edit:
    """The new text of an event file and what changed, for the TO."""

    text: str
    """The whole new text."""
    description: str
    """One line saying what was recorded, e.g. ``round 2: alice 2-1 bob``."""
    note: str = ""
    """What the edit overwrote, e.g. ``replaced 2-1 with 0-0-3`` (empty when nothing was)."""


def replaced_note(old: str | None, new: str) -> str:
    """The note for a result that replaces another one (a TO correcting a result slip).

    >>> replaced_note("2-1", "0-0-3"), replaced_note(None, "2-1"), replaced_note("2-1", "2-1")
    ('replaced 2-1 with 0-0-3', '', '')
    """
    return f"replaced {old} with {new}" if old is not None and old != new else ""


def slugify(text: str) -> str:
    """A file-name slug.

    >>> slugify("Friday Night Modern #42!")
    'friday-night-modern-42'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "event"


def recommended_structure(game: str, rules: str | None, players: int) -> tuple[RoundsPlan | None, str]:
    """The structure the ruleset's rounds table recommends for a field, and that advice in words.

    >>> plan, note = recommended_structure("mtg", None, 24)
    >>> plan.structure, plan.rounds, plan.playoff, note
    ('swiss', 5, 8, '24 players: 5 Swiss rounds, top 8 (MTR Appendix E)')
    >>> recommended_structure("mtg", None, 6)[1]
    '6 players: single elimination, 3 rounds (no Swiss) (MTR Appendix E)'
    """
    from ingest.rounds_advice import describe, table_plan
    from ingest.rulesets import get_ruleset

    plan = table_plan(get_ruleset(rules or DEFAULT_RULES[game]).rounds_table, players)
    return plan, (f"{players} players: {describe(plan)}" if plan is not None else "")


def new_event_text(
    *,
    name: str,
    date: dt.date,
    game: str,
    fmt: str,
    rules: str | None,
    seed: int,
    location: str = "",
    organizer: str = "",
    rounds: str | None = "auto",
    best_of: int | None = None,
    top: int | None = None,
    pairing: str | None = None,
    schema_ref: str = "",
    rounds_note: str = "",
) -> str:
    """The text of a new, valid event file with no players and no rounds yet."""
    from ingest.editing import render_flow

    pairing = pairing or ("wot-cycles" if game == "wot" else "swiss")
    lines = []
    if schema_ref:
        lines.append(SCHEMA_HINT.format(schema=schema_ref).rstrip("\n"))
    lines += [
        f"name: {render_flow(name)}",
        f"date: {date.isoformat()}",
        f"game: {game}",
        f"format: {fmt}",
        f"rules: {rules or DEFAULT_RULES[game]}",
        f"seed: {seed}             # fixes round-1 pairings, byes and tie order; never change it after round 1",
    ]
    if location:
        lines.append(f"location: {render_flow(location)}")
    if organizer:
        lines.append(f"organizer: {render_flow(organizer)}")
    note = f"   # recommended for {rounds_note}" if rounds_note else ""
    lines.append("structure:")
    if rounds is None:  # single elimination, double elimination, round robin: no Swiss rounds
        lines.append(f"  pairing: {pairing}{note}")
    else:
        lines.append(f"  pairing: {pairing}")
        lines.append(f"  swiss_rounds: {rounds}{note}")
    lines.append(f"  best_of: {best_of or (1 if game == 'wot' else 3)}")
    if top:
        lines.append(f"  playoff: {{top: {top}, seeding: standings}}")
    lines.append("  decklists: after-event")
    lines.append(
        "players: []       # add one line per player: - {id: alice, name: Alice Example, deck: decks/alice.txt}"
    )
    lines.append("rounds: []        # `scorekeeper pair` writes each round here")
    return "\n".join(lines) + "\n"


def parse_result(text: str) -> GameScore | str:
    """A reported result: a game score or ``double-loss``.

    >>> parse_result("2-1"), parse_result("double-loss")
    (GameScore(first=2, second=1, drawn=0), 'double-loss')
    """
    if text.strip().lower() in ("double-loss", "dl"):
        return "double-loss"
    try:
        return GameScore.parse(text)
    except ScoreError as exc:
        raise IngestError(
            f"{text!r} is not a result: write wins-losses[-draws] such as 2-1, 0-0-3, or double-loss"
        ) from exc


def report_text(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    player: str | None,
    result: GameScore | str,
    playoff: bool = False,
) -> Edit:
    """Records a match result, replacing any result already there (a corrected slip).

    A game score and ``result: double-loss`` exclude each other, so recording one removes
    the other; the edit's note says what was replaced.

    Args:
        text: the event file.
        event: the same file, assembled.
        round_no: 1-based round; None means the current round (the last one with a pairing).
        table: the table to report, or
        player: a player of the match; the score is read from this player's side.
        result: the score, or ``double-loss``.
        playoff: report a playoff round.
    """
    key = "playoff" if playoff else "rounds"
    round_no, rnd = _pick_round(
        event.playoff if playoff else event.rounds,
        round_no,
        empty=f"the event has no {'playoff ' if playoff else ''}rounds yet; pair one first",
        plural=key,
    )
    # Match objects keep file order; map back to the raw index (byes, losses included).
    candidates = []
    for idx, m in enumerate(rnd.matches):
        if m.kind not in (MatchKind.PLAYED, MatchKind.DOUBLE_LOSS):
            continue
        if (table is not None and m.table == table) or (player is not None and player in m.players):
            candidates.append((idx, m))
    what = f"table {table}" if table is not None else f'player "{player}"'
    if not candidates:
        raise IngestError(f"round {round_no} has no match for {what}")
    idx, match = candidates[0]
    raw_index = _raw_index(
        text, key, round_no - 1, lambda m: [str(p) for p in m.get("players", [])] == list(match.players)
    )
    editor = Editor(text)
    path = (key, round_no - 1, "matches", raw_index)
    old = "double-loss" if match.kind is MatchKind.DOUBLE_LOSS else match.score.notation() if match.score else None
    if isinstance(result, str):
        new, drop_key = result, "games"
        editor.set_value(path, "result", result)
        desc = f"round {round_no}: {match.players[0]} vs {match.players[1]}: double loss"
    else:
        score = result.swapped() if player is not None and match.players[1] == player else result
        new, drop_key = score.notation(), "result"
        editor.set_value(path, "games", new)
        desc = f"round {round_no}: {match.players[0]} {new} {match.players[1]}"
    if editor.has((*path, drop_key)):
        editor.remove_key(path, drop_key)
    return Edit(editor.result(), desc, replaced_note(old, new))


def report_team_text(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    team: str | None,
    results: list[GameScore | str],
    playoff: bool = False,
) -> Edit:
    """Records a team match: one result per seat (MTR teams, tag and trio), or one game (2HG).

    Seat results are read from the side of the team given with ``team`` (default: the first
    team listed at the table).
    """
    key = "playoff" if playoff else "rounds"
    round_no, rnd = _pick_round(
        event.playoff if playoff else event.rounds,
        round_no,
        empty="the event has no rounds yet; pair one first",
        plural=key,
    )
    match = next(
        (
            tm
            for tm in rnd.team_matches
            if (table is not None and tm.table == table) or (team is not None and team in tm.teams)
        ),
        None,
    )
    what = f"table {table}" if table is not None else f'team "{team}"'
    if match is None:
        raise IngestError(f"round {round_no} has no team match for {what}")
    flip = team is not None and match.teams[1] == team
    old = _team_result(match)
    index = _raw_index(text, key, round_no - 1, lambda m: [str(t) for t in m.get("teams", [])] == list(match.teams))
    path = (key, round_no - 1, "matches", index)
    editor = Editor(text)
    if event.structure.team_kind == "two-headed-giant":
        if len(results) != 1 or isinstance(results[0], str):
            raise IngestError("a Two-Headed Giant match has one result, e.g. 1-0 (MTR 9.1: one game)")
        score = results[0].swapped() if flip else results[0]
        editor.set_value(path, "games", score.notation())
        desc = f"round {round_no}: {match.teams[0]} {score.notation()} {match.teams[1]}"
        return Edit(editor.result(), desc, replaced_note(old, score.notation()))
    size = event.structure.team_size or len(results)
    if len(results) != size:
        raise IngestError(f"give one result per seat: {size} results in seat order, e.g. 2-1 0-2 2-0")
    seats: list[dict[str, str]] = []
    for r in results:
        if isinstance(r, str):
            seats.append({"result": r})
        else:
            seats.append({"games": (r.swapped() if flip else r).notation()})
    editor.set_value(path, "seats", seats)
    shown = ", ".join(s.get("games") or s["result"] for s in seats)
    desc = f"round {round_no}: {match.teams[0]} vs {match.teams[1]}: {shown}"
    return Edit(editor.result(), desc, replaced_note(old, shown))


def _team_result(match: TeamMatch) -> str | None:
    """A team match's recorded result as ``report`` shows it, or None while unreported."""
    if match.score is not None:
        return match.score.notation()
    if not any(s.score is not None or s.double_loss for s in match.seats):
        return None
    return ", ".join(
        s.score.notation() if s.score else "double-loss" if s.double_loss else "unreported" for s in match.seats
    )


def report_wot_text(
    text: str,
    event: Event,
    *,
    round_no: int | None,
    table: int | None,
    player: str | None,
    winner: str,
    ended: str,
    by: str,
    finals: tuple[int, int] | None,
) -> Edit:
    """Records a Wheel of Time game: who won, when and how it ended, and the final values."""
    round_no, rnd = _pick_round(
        event.rounds, round_no, empty="the event has no games yet; pair one first", noun="game", plural="games"
    )
    game = next(
        (
            g
            for g in rnd.wot_games
            if g.hero and g.villain and ((table is not None and g.table == table) or player in (g.hero, g.villain))
        ),
        None,
    )
    what = f"table {table}" if table is not None else f'player "{player}"'
    if game is None:
        raise IngestError(f"game {round_no} has no table for {what}")
    index = _raw_index(
        text, "rounds", round_no - 1, lambda m: m.get("hero") == game.hero and m.get("villain") == game.villain
    )
    path = ("rounds", round_no - 1, "matches", index)
    editor = Editor(text)
    editor.set_value(path, "winner", winner)
    editor.set_value(path, "ended", ended)
    editor.set_value(path, "by", by)
    for key, final in zip(("hero_final", "villain_final"), finals or (None, None), strict=True):
        if final is not None:
            editor.set_value(path, key, final)
        elif editor.has((*path, key)):
            editor.remove_key(path, key)  # the new result replaces the old one whole
    old = _wot_result(game.winner, game.ended, game.by, (game.hero_final, game.villain_final))
    new = _wot_result(winner, ended, by, finals or (None, None))
    desc = f"game {round_no}, table {game.table}: {winner} ({by}, {ended})"
    return Edit(editor.result(), desc, replaced_note(old, new or ""))


def _wot_result(winner: str | None, ended: str | None, by: str | None, finals: tuple[Any, Any]) -> str | None:
    """A Wheel of Time result as ``report`` shows it, or None while unreported.

    >>> _wot_result("hero", "last-battle", "goal", (7, 3))
    'hero (goal, last-battle, 7-3)'
    """
    if winner is None:
        return None
    parts = [str(p) for p in (by, ended) if p is not None]
    if finals[0] is not None and finals[1] is not None:
        parts.append(f"{finals[0]}-{finals[1]}")
    return f"{winner} ({', '.join(parts)})"


def _pick_round(
    series: Sequence[Round], round_no: int | None, *, empty: str, plural: str, noun: str = "round"
) -> tuple[int, Round]:
    """The round to report (default: the last one paired) and its number, or a refusal in words."""
    if not series:
        raise IngestError(empty)
    if round_no is None:
        round_no = series[-1].number
    if not 1 <= round_no <= len(series):
        raise IngestError(f"{noun} {round_no} does not exist; the event has {len(series)} {plural}")
    return round_no, series[round_no - 1]


def _raw_index(text: str, key: str, round_index: int, wanted: Callable[[dict[str, Any]], bool]) -> int:
    """Where a match stands in the file's list (byes and losses included): the first entry ``wanted``."""
    data: Any = load_plain(text)
    for j, m in enumerate(data[key][round_index]["matches"]):
        if isinstance(m, dict) and wanted(m):
            return j
    raise IngestError("the match could not be located in the file")  # pragma: no cover


def drop_text(text: str, event: Event, player: str, *, after_round: int | None) -> Edit:
    """Records that ``player`` drops after a round; returns the new text and a description.

    Without ``after_round``, once the top cut is made the drop goes to ``cut_drops`` (before
    playoff round 1) or to the current playoff round: nobody replaces a finalist (MTR 2.10,
    Aequitas 2.10), see :func:`ingest.pair.drop_after_cut`. ``after_round`` names a Swiss
    round: a drop after the last one is a drop before the cut, and the next player advances.
    """
    from ingest.pair import drop_after_cut

    ids = {p.id for p in event.players} | {t.id for t in event.teams}
    if player not in ids:
        raise IngestError(f'"{player}" is not a player of this event')
    target = drop_after_cut(event, player) if after_round is None else None
    if target is not None:
        path, desc = target
        editor = Editor(text)
        if path == ("cut_drops",) and not editor.has(path):
            editor.add_top_level("cut_drops", [player])
        else:
            _append_drop(editor, path, player)
        return Edit(editor.result(), desc)
    if not event.rounds:
        raise IngestError(
            f"no round has been paired yet: a player who leaves before round 1 did not take part "
            f'(MTR 2.10); remove "{player}" from players instead'
        )
    if after_round is None:
        after_round = event.rounds[-1].number
    if not 1 <= after_round <= len(event.rounds):
        raise IngestError(f"round {after_round} does not exist; the event has {len(event.rounds)} rounds")
    already = event.dropped_after()
    if player in already:
        raise IngestError(f'"{player}" already dropped after round {already[player]}')
    later = [r.number for r in event.rounds[after_round:] if any(player in m.players for m in r.matches)]
    if later:
        raise IngestError(
            f'"{player}" is paired in round {later[0]}, after round {after_round}; '
            f"drop them after round {later[-1]} or remove those pairings first"
        )
    editor = Editor(text)
    _append_drop(editor, ("rounds", after_round - 1), player)
    return Edit(editor.result(), f'"{player}" drops after round {after_round}')


def _append_drop(editor: Editor, path: tuple[str | int, ...], player: str) -> None:
    """Adds ``player`` to the ``drops`` of the round at ``path`` (or to ``cut_drops``)."""
    if path == ("cut_drops",):
        editor.append_item(path, player)
    elif editor.has((*path, "drops")):
        editor.append_item((*path, "drops"), player)
    else:
        editor.set_value(path, "drops", [player])
