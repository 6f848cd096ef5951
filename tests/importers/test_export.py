"""Each event in the MTGODecklistCache format (``api/events/<slug>.mtgo.json``), read back by ``import``.

The round trip import(export(event)) gives the same standings: the sample events, then
any event Hypothesis makes up (byes, losses without opponent, double losses, draws,
unfinished games, drops).
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from ingest.core.model import Event, GameScore, Match, MatchKind, PlayerId
from ingest.importers import Archive, prepare_import, read_source
from ingest.report.event_report import compute_report
from ingest.rules.standings import final_standings
from ingest.rules.standings_values import Standings
from ingest.site.api_mtgo import mtgo_document, mtgo_files
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from tests.builders import ROOT, make_event
from tests.site_helpers import MODERN, TEAM, WOT, sample_event

SCHEMA = Draft202012Validator(json.loads((ROOT / "schema" / "api-event-mtgo.schema.json").read_text()))
SAMPLES = ["2026-11-13-friday-night-modern", "2026-11-20-pioneer-weekly", "2026-11-06-draft-night"]


def _exact(values: tuple[tuple[str, int, int], ...]) -> tuple[tuple[str, Fraction], ...]:
    return tuple((t, Fraction(n, d)) for t, n, d in values)


def _rows(table: Standings) -> list[tuple[object, ...]]:
    """Each row's rank and figures, exact; players tied on everything in name order (the seed
    that orders them is the event's own, and an imported event gets one from its address)."""
    rows = [(r.rank, r.name, r.record.points, r.record.wld, r.record.byes, _exact(r.values)) for r in table.rows]
    return sorted(rows, key=lambda row: (row[0], str(row[1])))


def _reimport(event: Event, root: Path) -> Event:
    report = compute_report(event)
    doc = mtgo_document(report, PlayerRegistry())
    assert doc is not None
    SCHEMA.validate(doc)
    path = root / "export.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (root / "events").mkdir(exist_ok=True)
    prepared = prepare_import(read_source(path, "export.json"), Archive.scan(Project(root)))
    return prepared.event


@pytest.mark.parametrize("slug", SAMPLES)
def test_a_sample_event_round_trips_with_the_same_standings(slug: str, tmp_path: Path) -> None:
    event = sample_event(slug)
    back = _reimport(event, tmp_path)
    assert _rows(final_standings(back)) == _rows(final_standings(event))
    # Unreported pairings (a round in progress) are not results: they are left out.
    assert [len(r.matches) for r in back.rounds] == [sum(m.reported for m in r.matches) for r in event.rounds]


def test_the_document_of_a_sample_event(tmp_path: Path) -> None:
    report = compute_report(sample_event(MODERN))
    files = mtgo_files(report, PlayerRegistry())
    (path, text), *_ = files.items()
    assert path == f"api/events/{MODERN}.mtgo.json"
    doc = json.loads(text)
    SCHEMA.validate(doc)
    assert doc["Tournament"]["Formats"] == "Modern"
    assert [r["RoundName"] for r in doc["Rounds"]][-3:] == ["Quarterfinals", "Semifinals", "Final"]
    assert doc["Standings"][0]["Rank"] == 1
    assert {d["Player"] for d in doc["Decks"]} <= {s["Player"] for s in doc["Standings"]}
    assert text == next(iter(mtgo_files(report, PlayerRegistry()).values()))  # same input, same bytes


def test_wheel_of_time_team_and_upcoming_events_have_no_such_document() -> None:
    for slug in (WOT, TEAM, "2026-12-04-legacy-league"):
        assert mtgo_files(compute_report(sample_event(slug)), PlayerRegistry()) == {}


# -- any event -----------------------------------------------------------------------------------

_SCORES = ["2-0", "2-1", "1-2", "0-2", "1-1-1", "0-0-3", "1-0", "0-1", "1-1"]


@st.composite
def events(draw: st.DrawFn) -> Event:
    """A Swiss event of 2-10 players and 1-4 rounds with every kind of entry and some drops."""
    n = draw(st.integers(2, 10))
    names = [f"p{i:02d}" for i in range(n)]
    active = list(names)
    rounds = []
    drops: dict[int, list[str]] = {}
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(active))
        matches: list[Match] = []
        for i in range(0, len(order) - 1, 2):
            a, b = PlayerId(order[i]), PlayerId(order[i + 1])
            kind = draw(st.sampled_from(["played"] * 6 + ["double-loss"]))
            if kind == "double-loss":
                matches.append(Match(MatchKind.DOUBLE_LOSS, (a, b)))
            else:
                matches.append(Match(MatchKind.PLAYED, (a, b), GameScore.parse(draw(st.sampled_from(_SCORES)))))
        if len(order) % 2:
            last = PlayerId(order[-1])
            matches.append(Match(draw(st.sampled_from([MatchKind.BYE, MatchKind.LOSS])), (last,)))
        rounds.append(matches)
        gone = draw(st.lists(st.sampled_from(active), max_size=2, unique=True)) if len(active) > 3 else []
        drops[number] = gone
        active = [p for p in active if p not in gone]
    return make_event(rounds, players=names, drops=drops)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(events())
def test_any_event_round_trips_with_the_same_standings(tmp_path: Path, event: Event) -> None:
    root = tmp_path / f"e{abs(hash(event)) % 10**8}"
    root.mkdir(exist_ok=True)
    back = _reimport(dataclasses.replace(event, date=event.date), root)
    assert _rows(final_standings(back)) == _rows(final_standings(event))
