"""The ``source`` block of an event imported from another platform, read into a
:class:`~ingest.core.model.EventOrigin`: where the event comes from and the standings the platform
published, each row checked against the roster and kept with its position. What the rows
mean for the standings is the rules' business (:mod:`ingest.rules.published`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.model import EventOrigin, PublishedRow


def decimal(value: Any) -> Fraction:
    """A decimal read from a file, exactly as written (a float's shortest text).

    >>> decimal(0.5416667), decimal(1)
    (Fraction(5416667, 10000000), Fraction(1, 1))
    """
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def source_from(
    raw: Mapping[str, Any],
    players: Mapping[PlayerId, Any],
    report: Callable[[tuple[str | int, ...], str, str], None],
    pos: Callable[[tuple[str | int, ...]], Any],
) -> EventOrigin:
    """The ``source`` block of a (schema-valid) event as a :class:`~ingest.core.model.EventOrigin`.

    Args:
        raw: the block.
        players: the event's player ids.
        report: called with (path, message, hint) for each published row that names a
            player the event does not have, or a player twice.
        pos: the position of a path (kept on each row).
    """
    rows: list[PublishedRow] = []
    seen: dict[PlayerId, int] = {}
    for i, r in enumerate(raw.get("standings") or []):
        path = ("source", "standings", i)
        pid = PlayerId(str(r["player"]))
        if pid not in players:
            report((*path, "player"), f'"{pid}" is not a player of this event', "list the player under players")
            continue
        if pid in seen:
            report((*path, "player"), f'"{pid}" has two rows (first at row {seen[pid] + 1})', "keep one row per player")
            continue
        seen[pid] = i
        rows.append(
            PublishedRow(
                rank=int(r["rank"]),
                player=pid,
                points=int(r["points"]),
                wins=_int(r.get("wins")),
                losses=_int(r.get("losses")),
                draws=_int(r.get("draws")),
                omw=decimal(r["omw"]) if r.get("omw") is not None else None,
                gw=decimal(r["gw"]) if r.get("gw") is not None else None,
                ogw=decimal(r["ogw"]) if r.get("ogw") is not None else None,
                pos=pos(path),
            )
        )
    return EventOrigin(
        platform=str(raw["platform"]),
        url=str(raw.get("url") or ""),
        rounds=str(raw.get("rounds") or "complete"),
        standings=tuple(rows),
        notes=tuple(str(n) for n in raw.get("notes") or ()),
    )


def _int(value: Any) -> int | None:
    return int(value) if value is not None else None
