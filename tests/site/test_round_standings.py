"""The rounds page's standings data (:mod:`ingest.site.round_standings`): made straight from
the tiebreakers' fractions where every one is a percentage in the default language, it is
what the rows written as the page shows them and then compacted give."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.api import Project, compute_summary, load_event
from ingest.core.figures import pct_of
from ingest.core.model import Event
from ingest.site import i18n, round_standings
from ingest.site.brief import player_names
from ingest.site.event_views import ShownTiebreakers, unit_links
from ingest.summary.event_summary import EventSummary
from tests.builders import ROOT

SAMPLES = sorted((ROOT / "events").rglob("*.yaml"))


def _report(path: Path) -> EventSummary:
    loaded = load_event(path, Project(ROOT))
    assert isinstance(loaded.event, Event), [d.render() for d in loaded.diagnostics]
    return compute_summary(loaded.event, loaded.deck_files, today=dt.date(2026, 12, 31))


def _made(report: EventSummary) -> round_standings.RoundStandings:
    return round_standings.round_standings(report, player_names(report.event), unit_links(report))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_standings_made_straight_are_those_written_then_compacted(
    path: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each sample event (MTR, Aequitas, Bushiroad, team, Wheel of Time), in English and in a
    language with a decimal comma (German: ``66,67 %``, never made straight)."""
    report = _report(path)
    with i18n.use(i18n.compiled("de", b"") if language == "de" else None):
        made = _made(report)
        monkeypatch.setattr(round_standings, "_straight", lambda *_: None)
        written = _made(report)
    assert made == written


def test_an_mtr_events_standings_are_made_without_writing_a_tiebreaker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Modern sample's tables (OMW%, GW%, OGW%) are made from the fractions: no
    tiebreaker is written as text to be read back."""
    report = _report(ROOT / "events" / "2026" / "2026-11-13-friday-night-modern.yaml")

    def written(*_: object) -> None:
        raise AssertionError("a tiebreaker was written as text")

    monkeypatch.setattr(ShownTiebreakers, "cells", written)
    made = _made(report)
    assert made.cents and made.percent
    assert len(made.tables) == len(report.event.rounds) and all(made.tables)


@given(st.integers(0, 10**12), st.integers(1, 10**12))
def test_hundredths_are_the_digits_of_the_percentage_as_written(numerator: int, denominator: int) -> None:
    text = pct_of(numerator, denominator)
    assert round_standings._hundredths([(numerator, denominator)]) == [int(text[:-1].replace(".", ""))]


def test_a_value_below_zero_is_left_to_the_written_rows() -> None:
    assert round_standings._hundredths([(1, 3), (-1, 3)]) is None
