"""The report of an event takes the decklist files read beside it as an argument: the deck
verdicts are those of the files passed in, and the event itself holds no file's text."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import replace

import pytest

from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.decks.format_files import format_registry
from ingest.rules.final_standings import final_standings
from ingest.rules.standings_values import Standings
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from tests.builders import ROOT
from tests.site_helpers import MODERN, TRANSFORMERS, sample_event_and_decks

ULLA = PlayerId("ulla-petrov")


def _strings(value: object) -> Iterator[str]:
    """Every string inside a model value: its fields, items, keys and values, all the way down."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _strings(item)


def test_a_loaded_event_holds_no_decklist_files_text() -> None:
    """The model says which file each deck is in; the files' text comes beside it."""
    event, deck_files = sample_event_and_decks(MODERN)
    assert len(deck_files) == len(event.players)
    assert [f.ref for f in deck_files] == [p.deck for p in event.players]
    strings = set(_strings(event))
    assert {f.ref for f in deck_files} <= strings  # the references are the event's
    assert strings.isdisjoint(f.text for f in deck_files)  # the text is not


def test_the_deck_verdicts_are_those_of_the_decklist_files_passed_in() -> None:
    event, deck_files = sample_event_and_decks(MODERN)
    formats, _ = format_registry(Project(ROOT))
    report = compute_summary(event, deck_files, formats)
    assert set(report.decks) == {p.id for p in event.players}
    assert all(info.legal for info in report.decks.values()) and report.checks == ()
    assert report.decks[ULLA].files == ("decks/2026-11-13-modern/ulla-petrov.txt",)

    # Without the files there is nothing to check: the event alone names the files only.
    assert compute_summary(event, (), formats).decks == {}

    # The text passed in is what is checked: a fifth Lightning Bolt in one file.
    changed = tuple(
        replace(f, text=f.text.replace("4 Lightning Bolt", "5 Lightning Bolt")) if f.player == ULLA else f
        for f in deck_files
    )
    assert changed != deck_files
    report = compute_summary(event, changed, formats)
    assert [pid for pid, info in report.decks.items() if not info.legal] == [ULLA]
    assert [(d.code, d.pos) for d in report.checks] == [("copies", event.player_map()[ULLA].pos)]
    assert report.checks[0].message.startswith('ulla-petrov: 5 copies of "Lightning Bolt"')


def test_without_a_playoff_the_final_standings_are_the_last_round_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """MTR Appendix C: with no playoff the final standings are the standings after the last
    Swiss round, taken from the standings after each round rather than ranked again; with a
    playoff they are ranked with it (the top cut placed by how far each player went)."""
    import ingest.summary.match_results as match_results

    ranked: list[str] = []

    def ranking(event: Event) -> Standings:
        ranked.append(event.slug)
        return final_standings(event)

    monkeypatch.setattr(match_results, "final_standings", ranking)
    registry, _ = format_registry(Project(ROOT))
    event, deck_files = sample_event_and_decks(TRANSFORMERS)
    assert not event.playoff
    report = compute_summary(event, deck_files, registry)
    assert ranked == []
    assert report.final == replace(final_standings(event), values_at=report.standings[-1].values_at)
    assert report.final is not None and report.final.final and report.final.rows == report.standings[-1].rows
    event, deck_files = sample_event_and_decks(MODERN)
    assert event.playoff
    report = compute_summary(event, deck_files, registry)
    assert ranked == [event.slug]
    assert report.final is not None and report.final.rows != report.standings[-1].rows  # the playoff placed the cut
