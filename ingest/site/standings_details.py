"""The detail a standings table's rows carry for the page's script (``data-o``, ``data-p``):
each row's opponents and their percentages as they count for it, each fact written once
(:func:`~ingest.site.event_views.standings_view` with ``details``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ingest.core.figures import pct_of
from ingest.core.ids import PlayerId
from ingest.rules.standings_values import Row, Standings


def main_evaluation(table: Standings) -> Any:
    """The point most rows' percentages are taken at (:attr:`Row.evaluated_after`; a dropped
    player's may be taken when they dropped), whose values the rows' :func:`counts_data` give."""
    counts = Counter(row.evaluated_after for row in table.rows)
    return max(counts.items(), key=lambda kv: (kv[1], repr(kv[0])))[0] if counts else None


def _percentages(v: Any, *, game_wins: bool) -> list[str]:
    """A player's match-win percentage as it counts for an opponent (without the % sign) and,
    where the floor applied, the percentage before it (:func:`_floor_mark`); then the same two
    for the game-win percentage when the standings use games won."""
    parts = [pct_of(*v.mw)[:-1], _floor_mark(v.mw_floored, v.mw_raw)]
    if game_wins:
        parts += [pct_of(*v.gw_opp)[:-1], _floor_mark(v.gw_floored, v.gw_raw)]
    return parts


def counts_data(table: Standings, player: str, main: Any, *, game_wins: bool) -> str:
    """A row's own percentages as they count for its opponents at the table's main point of
    evaluation (:func:`main_evaluation`), written once on its row (``data-p``): the details of
    its opponents' rows read them there."""
    values = table.values_at.get(main) if main is not None else None
    if values is None or player not in values:
        return ""
    return " ".join(_percentages(values[player], game_wins=game_wins))


def opponents_data(table: Standings, row: Row, position: Mapping[PlayerId, int], main: Any, *, game_wins: bool) -> str:
    """A row's opponents and their percentages, for the detail the page shows on a tap.

    One entry per opponent, separated by ``;``: the opponent's row number in the table and,
    unless the row is evaluated at the table's main point (:func:`main_evaluation`), whose
    values the opponent's own row carries (:func:`counts_data`, each fact once), their
    percentages as they count for this row (:func:`_percentages`). ``scorekeeper.js`` builds
    the detail table from it: about a twentieth of the bytes of a table per row.
    """
    values = table.values_at.get(row.evaluated_after)
    if values is None:
        return ""
    out = []
    for opp in row.record.opponents:
        if opp not in values or opp not in position:
            continue
        if row.evaluated_after == main:
            out.append(str(position[opp]))
        else:
            out.append(" ".join([str(position[opp]), *_percentages(values[opp], game_wins=game_wins)]))
    return ";".join(out)


def _floor_mark(floored: bool, raw: tuple[int, int] | None) -> str:
    """``-`` (no floor), ``n`` (floor, nothing counted yet) or the percentage before the floor.

    >>> _floor_mark(False, (1, 2)), _floor_mark(True, None), _floor_mark(True, (1, 5))
    ('-', 'n', '20.00')
    """
    if not floored:
        return "-"
    return pct_of(*raw)[:-1] if raw is not None else "n"
