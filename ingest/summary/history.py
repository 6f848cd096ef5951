"""Each player's results across events, shared by the player pages and the JSON API.

:func:`player_histories` reads every computed event once and gives, per canonical player
id (``players.yaml``: aliases resolved), one entry per event and head-to-head counts. What
an event adds is its family's business (:meth:`ingest.summary.family_results.FamilyResults.history`):
the MTR-style family's final standings rows and a team event's seats
(:mod:`ingest.summary.match_history`), Wheel of Time's game points and tie-breaking points
(:mod:`ingest.summary.wot_results`).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from ingest.source.naming import is_unnamed
from ingest.source.players import PlayerRegistry
from ingest.summary.event_summary import EventSummary
from ingest.summary.family_results import results_of
from ingest.summary.history_entries import DRAWN, LOST, WON, HistoryEntry

__all__ = [
    "DRAWN",
    "LOST",
    "WON",
    "EventHistory",
    "HistoryEntry",
    "PlayerHistories",
    "Step",
    "event_history",
    "histories_from",
    "player_histories",
]


@dataclass(frozen=True, slots=True)
class PlayerHistories:
    """Every player's history, by canonical id."""

    names: Mapping[str, str]
    """Display names (players.yaml's, else the newest event's), including registered
    players without events."""
    entries: Mapping[str, tuple[HistoryEntry, ...]]
    """Events played, oldest first."""
    h2h: Mapping[str, Mapping[str, tuple[int, int, int]]]
    """Matches won, lost and drawn against each opponent (byes not counted)."""

    def lifetime(self, pid: str) -> tuple[int, int, int]:
        """Matches won, lost and drawn over all events (the sum of the head-to-head counts)."""
        counts = self.h2h.get(pid, {}).values()
        return (sum(c[WON] for c in counts), sum(c[LOST] for c in counts), sum(c[DRAWN] for c in counts))


class _Collector:
    """Accumulates entries and head-to-head counts while events are read, oldest first."""

    def __init__(self, registry: PlayerRegistry, unnamed: bool = False) -> None:
        self.reg = registry
        self.unnamed = unnamed
        self.names: dict[str, str] = {}
        self.entries: dict[str, list[HistoryEntry]] = defaultdict(list)
        self.h2h: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))

    def add(self, pid: str, fallback_name: str, entry: HistoryEntry) -> None:
        if is_unnamed(pid) and not self.unnamed:
            return  # a player who chose not to be named has no page (ingest.naming)
        cid = self.reg.canonical(pid)
        if entry.now is not None and entry.now[2]:
            label, table, opponent = entry.now
            entry = replace(entry, now=(label, table, self.reg.canonical(opponent)))
        self.names[cid] = self.reg.name(pid, fallback_name)  # the newest event's name wins
        self.entries[cid].append(entry)

    def meet(self, me: str, opp: str, slot: int) -> None:
        if is_unnamed(me) and not self.unnamed:
            return
        self.h2h[self.reg.canonical(me)][self.reg.canonical(opp)][slot] += 1

    def result(self) -> PlayerHistories:
        names = dict(self.names)
        for cid, reg in self.reg.players.items():
            if reg.display != "hidden":
                names.setdefault(cid, reg.shown)
        return PlayerHistories(
            names,
            {cid: tuple(rows) for cid, rows in self.entries.items()},
            {me: {opp: (c[0], c[1], c[2]) for opp, c in met.items()} for me, met in self.h2h.items()},
        )


Step = tuple[str, str, str, HistoryEntry] | tuple[str, str, str, int]
"""One step of an event's share of the histories: ``("add", player, name as in the event,
entry)`` or ``("meet", player, opponent, WON/LOST/DRAWN)``, with the ids of the event."""


@dataclass(frozen=True, slots=True)
class EventHistory:
    """One event's share of the players' histories and season tables, ids as in the event.

    What :func:`histories_from` and the season tables read of an event; ``players.yaml``
    (aliases, names) is applied when they are combined. Plain data, so a build can keep it
    for an unchanged event instead of the event's report.
    """

    slug: str
    name: str
    date: dt.date
    game: str
    format: str
    organizer: str
    status: str
    """upcoming, in-progress or complete."""
    steps: tuple[Step, ...]
    """What the event adds, in order."""
    file_ids: tuple[tuple[str, str], ...] = ()
    """Published id -> the id in the file, for players published under another id."""


class _Recorder:
    """Records an event's steps (the collector's interface)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def add(self, pid: str, fallback_name: str, entry: HistoryEntry) -> None:
        self.steps.append(("add", pid, fallback_name, entry))

    def meet(self, me: str, opp: str, slot: int) -> None:
        self.steps.append(("meet", me, opp, slot))


def event_history(report: EventSummary) -> EventHistory:
    """``report``'s share of the players' histories (see :class:`EventHistory`)."""
    out = _Recorder()
    results_of(report.event).history(report, out)
    e = report.event
    return EventHistory(
        e.slug,
        e.name,
        e.date,
        e.game,
        e.format,
        e.organizer,
        report.status,
        tuple(out.steps),
        tuple((p.id, p.file_id) for p in e.players if p.file_id),
    )


def histories_from(
    events: Iterable[EventHistory], registry: PlayerRegistry, *, unnamed: bool = False
) -> PlayerHistories:
    """Every player's results and head-to-head counts across ``events``, aliases resolved.

    Players who chose not to be named (:mod:`ingest.naming`) have no history, unless
    ``unnamed`` (a season table counts them under their per-event id). The names include
    the registered players without events (``players.yaml``).
    """
    out = _Collector(registry, unnamed)
    for event in sorted(events, key=lambda h: (h.date, h.slug)):
        for kind, pid, other, value in event.steps:
            if kind == "add":
                assert isinstance(value, HistoryEntry)
                out.add(pid, other, value)
            else:
                assert isinstance(value, int)
                out.meet(pid, other, value)
    return out.result()


def player_histories(
    reports: Iterable[EventSummary], registry: PlayerRegistry, *, unnamed: bool = False
) -> PlayerHistories:
    """Every player's results and head-to-head counts across ``reports`` (:func:`histories_from`)."""
    return histories_from([event_history(r) for r in reports], registry, unnamed=unnamed)
