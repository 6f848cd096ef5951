"""A list handed in gets the verdict ``validate`` gives the same list once it is a deck file:
the submission reuses the deck files' reader and ``check-decks``' checker, on the event date.

Hypothesis writes lists from cards that are legal, banned (MTR 6.4), restricted in Vintage
(MTR 6.2) or banned only from a date on (MTR 6.3), with counts around the copy limit, deck
sizes around the minimum, sideboards around 15 and lines that cannot be read; the verdict of
:func:`check_list` must be the one :func:`ingest.decks.event_decks.event_decks` (the path
``validate``, ``check-decks`` and the site take) gives the text written to the deck file.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.checks.event_files import event_data
from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player, Structure
from ingest.decks.event_decks import event_decks
from ingest.decks.format_registry import FormatRegistry
from ingest.edit.deck_submission import check_list
from ingest.source.deck_file import DeckFile
from ingest.source.project import Project
from tests.builders import ROOT

CARDS = (
    "Lightning Bolt",
    "Mountain",
    "Island",
    "Hogaak, Arisen Necropolis",  # banned in Modern
    "Black Lotus",  # restricted in Vintage
    "Heartfire Hero",  # banned in Standard since 2025-06-30
    "Relentless Rats",  # any number (card text)
)
FORMATS = (("modern", "2026-11-20"), ("vintage", "2026-11-20"), ("standard", "2025-06-29"), ("standard", "2025-07-01"))


@cache
def _formats() -> FormatRegistry:
    return event_data(Project(ROOT)).formats


def _event(fmt: str, date: str) -> Event:
    player = Player(PlayerId("alice"), "Alice", deck="decks/alice.txt")
    return Event(
        path="events/e.yaml",
        slug="e",
        name="E",
        date=dt.date.fromisoformat(date),
        game="mtg",
        format=fmt,
        rules="mtr",
        seed=1,
        structure=Structure(),
        players=(player,),
    )


lines = st.one_of(
    st.tuples(st.integers(1, 30), st.sampled_from(CARDS)).map(lambda t: f"{t[0]} {t[1]}"),
    st.sampled_from(("", "Sideboard", "// a comment", "not a card line", "0 Island")),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(lines, max_size=14), st.sampled_from(FORMATS))
def test_the_submission_verdict_is_validates_verdict(body: list[str], fmt: tuple[str, str]) -> None:
    event = _event(*fmt)
    checked = check_list("\n".join(body), event, _formats())
    if checked.empty and not checked.problems:
        return  # nothing to hand in (refused before any check); validate has no list either
    info = event_decks(event, [DeckFile(PlayerId("alice"), "decks/alice.txt", checked.text)], _formats(), None)[
        PlayerId("alice")
    ]
    assert info.verdict is not None and checked.verdict is not None
    assert checked.verdict == info.verdict
    assert [(p.line, p.detail) for p in checked.problems] == [(e.line, e.message) for _, e in info.errors]
    assert checked.legal == bool(info.legal)


def test_a_table_of_verdicts_on_the_event_date() -> None:
    table = [
        ("modern", "2026-11-20", "4 Lightning Bolt\n56 Mountain\n", []),
        ("modern", "2026-11-20", "4 Hogaak, Arisen Necropolis\n56 Mountain\n", ["banned"]),
        ("modern", "2026-11-20", "5 Lightning Bolt\n50 Mountain\n", ["deck-size", "copies"]),
        ("vintage", "2026-11-20", "2 Black Lotus\n58 Mountain\n", ["restricted"]),
        ("standard", "2025-06-29", "4 Heartfire Hero\n56 Mountain\n", []),
        ("standard", "2025-06-30", "4 Heartfire Hero\n56 Mountain\n", ["banned"]),
        ("modern", "2026-11-20", "40 Relentless Rats\n20 Mountain\n", []),
        ("modern", "2026-11-20", "4 Lightning Bolt\n56 Mountain\nSideboard\n16 Island\n", ["sideboard-size"]),
    ]
    for fmt, date, text, codes in table:
        checked = check_list(text, _event(fmt, date), _formats())
        assert [v.code for v in checked.violations] == codes, (fmt, date, text)
        assert checked.legal == (not codes)
