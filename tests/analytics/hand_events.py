"""Small events built by hand, whose figures the tests work out on paper."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace

from ingest.analytics.records import EventRecord, event_record
from ingest.core.model import Event
from ingest.summary.event_summary import compute_summary
from tests.builders import bye, double_loss, make_event, played

DECKS = {"a1": "Burn", "a2": "Burn", "d1": "Burn", "b1": "Tron", "b2": "Tron", "c1": "Murktide", "c2": "Murktide"}
"""Event 1's archetypes (u1 has a public list nobody classified: Unknown)."""


def with_decks(event: Event, slug: str, decks: Mapping[str, str], policy: str, day: dt.date) -> Event:
    """``event`` with archetypes, a decklist policy, a slug and a date."""
    players = tuple(replace(p, archetype=decks.get(p.id, "")) for p in event.players)
    return replace(
        event,
        slug=slug,
        path=f"{slug}.yaml",
        date=day,
        format="modern",
        players=players,
        structure=replace(event.structure, decklists=policy),
    )


def record(event: Event) -> EventRecord:
    return event_record(compute_summary(event, ()))


def event_one(policy: str = "public") -> Event:
    """8 players, 2 Swiss rounds, a top 4.

    R1: a1-b1 2-1 (Burn beats Tron), a2-c1 0-2 (Murktide beats Burn), b2-c2 1-1-1 (Tron draws
    Murktide), d1-u1 2-0 (Burn beats Unknown). R2: a1-a2 2-0 (mirror), b1-c1 0-0-3 (intentional
    draw), b2-d1 2-1 (Tron beats Burn), c2-u1 double loss. Standings: a1 6 points, b2 and c1 4,
    d1 3. Top 4: a1-d1 2-1 (mirror), b2-c1 2-0 (Tron beats Murktide); final a1-b2 2-0 (Burn
    beats Tron).
    """
    e = make_event(
        [
            [
                played("a1", "b1", "2-1"),
                played("a2", "c1", "0-2"),
                played("b2", "c2", "1-1-1"),
                played("d1", "u1", "2-0"),
            ],
            [
                played("a1", "a2", "2-0"),
                played("b1", "c1", "0-0-3"),
                played("b2", "d1", "2-1"),
                double_loss("c2", "u1"),
            ],
        ],
        playoff=[[played("a1", "d1", "2-1"), played("b2", "c1", "2-0")], [played("a1", "b2", "2-0")]],
        top=4,
    )
    return with_decks(e, "e1", DECKS, policy, dt.date(2026, 1, 10))


def event_two_private() -> Event:
    """A month later, lists private: counted nowhere."""
    e = make_event([[played("a1", "b1", "2-0"), bye("c1")]])
    return with_decks(e, "e2", DECKS, "private", dt.date(2026, 2, 10))


def event_three() -> Event:
    """a1 now on Tron, beating b1 in a Tron mirror."""
    e = make_event([[played("a1", "b1", "2-0")]])
    return with_decks(e, "e3", {"a1": "Tron", "b1": "Tron"}, "public", dt.date(2026, 2, 14))
