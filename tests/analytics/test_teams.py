"""A team event's match table, seat by seat (MTR 8.2: player A plays player A, and so on;
Bushiroad 5.1.1-5.1.2: first against first in tag and trio fights): each seat's match is a row
with both players and their archetypes, and counts in the figures like any match between two
decks. The sample's Team Unified Standard event: eight teams of three, three Swiss rounds and a
playoff."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.records import EventRecord, event_record
from ingest.core.model import Event
from ingest.source.pipeline import load_event
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from tests.site_helpers import make_project

TEAM = "2026-10-10-team-unified-standard"
ARCHETYPES = ("Mono-Red", "Azorius Control", "Golgari Midrange")


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory) -> tuple[Event, str]:
    project = make_project(tmp_path_factory.mktemp("teams") / "p")
    path = next((project.root / "events").rglob(f"{TEAM}.yaml"))
    loaded = load_event(path, Project(project.root))
    assert loaded.event is not None and loaded.event.is_team_event
    return loaded.event, path.read_text(encoding="utf-8")


def _with_archetypes(event: Event) -> Event:
    """The event with public lists, each team's seat i on ARCHETYPES[i] (seat A always meets seat A)."""
    seat = {p: i for t in event.teams for i, p in enumerate(t.members)}
    players = tuple(replace(p, archetype=ARCHETYPES[(seat[p.id] + len(p.id)) % 3]) for p in event.players)
    return replace(event, players=players, structure=replace(event.structure, decklists="public"))


def test_a_team_match_is_a_row_per_seat(team: tuple[Event, str]) -> None:
    event, text = team
    record = event_record(compute_summary(event, ()))
    members = {t.id: t.members for t in event.teams}
    # the file's team matches, in order: (teams, each seat's games)
    written = re.findall(r"teams: \[([a-z-]+), ([a-z-]+)\], seats: \[(.*?)\]\}", text)
    assert len(written) == sum(len(r.team_matches) for r in (*event.rounds, *event.playoff)) > 0
    expected = []
    for first, second, seats in written:
        games = [tuple(int(x) for x in g.split("-")) for g in re.findall(r"games: ([\d-]+)", seats)]
        for i, g in enumerate(games):
            expected.append((members[first][i], members[second][i], (*g, 0)[:3]))
    assert [(m.a, m.b, m.games) for m in record.matches] == expected
    assert all(m.kind == "played" for m in record.matches)


def test_seat_matches_count_in_the_figures(team: tuple[Event, str]) -> None:
    event, _ = team
    record: EventRecord = event_record(compute_summary(_with_archetypes(event), ()))
    a = analyse([record], Scope(record.game, record.format))
    assert a.counted + sum(n for _, n in a.excluded) == len(record.matches) > 0
    assert sum(r.tally.matches for r in a.rows) == 2 * a.counted > 0
    # each seat's row: its player's wins, losses and draws are the seat matches they won, lost, drew
    arch = record.archetypes()
    wins = sum(1 for m in record.matches if m.result == "win" and arch[m.a] != arch[m.b])
    losses = sum(1 for m in record.matches if m.result == "loss" and arch[m.a] != arch[m.b])
    assert sum(r.tally.wins for r in a.rows) == wins + losses  # every decided match is a win for one side
