"""Equal values of a build's events held once (issue 38: memory that does not grow with the archive).

A whole build holds every event's entry (:class:`~ingest.publish.cache_entries.CachedEvent`)
until the pages about many events are made, and most of an entry is its brief's history
(:class:`~ingest.summary.history.EventHistory`): a step for each player and each match,
naming players, their names and archetypes. An entry made in a forked process comes back
as its own copy of every such string, so the same player's id is held once per match they
played, across the archive. :func:`share` makes the equal ones one object, through a table
the build keeps: the entry is the same value (equal in every field), held in less memory.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from ingest.publish.cache_entries import CachedEvent
from ingest.summary.history import HistoryEntry, Step

T = TypeVar("T")

Shared = dict[Any, Any]
"""Values already held, by themselves (one table for a build)."""


def _one(value: T, table: Shared) -> T:
    return table.setdefault(value, value)  # type: ignore[no-any-return]


def _step(step: Step, table: Shared) -> Step:
    kind, pid, other, value = step
    if not isinstance(value, HistoryEntry):
        return (_one(kind, table), _one(pid, table), _one(other, table), value)
    e = value
    entry = replace(
        e,
        slug=_one(e.slug, table),
        event=_one(e.event, table),
        game_name=_one(e.game_name, table),
        format=_one(e.format, table),
        status=_one(e.status, table),
        place=_one(e.place, table),
        record=_one(e.record, table),
        archetype=_one(e.archetype, table),
        team=_one(e.team, table),
        team_name=_one(e.team_name, table),
        seat=_one(e.seat, table),
    )
    return (_one(kind, table), _one(pid, table), _one(other, table), entry)


def share(entry: CachedEvent, table: Shared) -> CachedEvent:
    """``entry`` with the strings of its history, its published decks and its players (and
    its results' records) the objects ``table`` holds for equal values, which it keeps
    for the next entries."""
    brief = entry.rendered.brief
    history = brief.history
    steps = tuple(_step(s, table) for s in history.steps)
    decks = tuple((_one(a, table), url, _one(name, table)) for a, url, name in brief.decks)
    return replace(
        entry,
        rendered=replace(entry.rendered, brief=replace(brief, history=replace(history, steps=steps), decks=decks)),
        players=tuple(_one(p, table) for p in entry.players),
    )
