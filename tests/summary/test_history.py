"""Player histories: the player pages and ``api/players/<id>.json`` show the same results,
for individual, Wheel of Time and team events."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.publish.run import build_site
from ingest.rules.final_standings import final_standings
from ingest.source.project import Project
from tests.builders import DATA
from tests.site_helpers import make_project, page_text, player_events

TODAY = dt.date(2026, 11, 22)


def _api_player(docs: Path, pid: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((docs / "api" / "players" / f"{pid}.json").read_text())
    return doc


def _result_rows(docs: Path, pid: str) -> list[tuple[str, str, str]]:
    """(event link, place, record) of each row of a player page's results table."""
    page = page_text(docs / "players" / f"{pid}.md")
    return re.findall(
        r'<tr><td class="sk-date">[\d-]+</td><td><a href="([^"]+)">.*?</td><td>(.*?)</td><td>(.*?)</td>', page
    )


def test_wheel_of_time_history_counts_a_double_loss_and_shows_game_points(tmp_path: Path) -> None:
    """WoT rules, Scoring: both lose in the Last Battle by a kill gives each 0 game points and
    the opponent's final value as negative tie-breaking points; it is a loss for each."""
    project = make_project(tmp_path, samples=False)
    shutil.copy(DATA / "valid" / "wot-both-lose.yaml", tmp_path / "events" / "w.yaml")
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    # By hand: ana (Hero) and ben (Villain) both killed in the Last Battle: 0 GP each; ana
    # records -4 (ben's final opposition), ben -5. cas wins by goal 7-3: 2 GP and +4; dov 0
    # GP and -4. Ranks: cas 1; ana and dov share 2 (0 GP, -4); ben 4.
    expected = {
        "ana": (2, 0, "-4/1", (0, 1, 0)),
        "ben": (4, 0, "-5/1", (0, 1, 0)),
        "cas": (1, 2, "4/1", (1, 0, 0)),
        "dov": (2, 0, "-4/1", (0, 1, 0)),
    }
    for pid, (rank, points, tbp, (w, lo, d)) in expected.items():
        [item] = player_events(_api_player(docs, pid))
        assert (item["rank"], item["points"], item["tbp_exact"]) == (rank, points, tbp), pid
        assert (item["wins"], item["losses"], item["draws"]) == (w, lo, d), pid
        assert _result_rows(docs, pid) == [("../../events/w/", f"{rank}/4", f"{w}-{lo}-{d} ({points} GP)")]
    ana = page_text(docs / "players" / "ana.md")
    assert "<dt>Lifetime record</dt><dd>0-1-0 " in ana
    assert '<a href="../ben/">Ben</a></td><td>0</td><td>1</td><td>0</td>' in ana


@pytest.fixture(scope="module")
def sample_docs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, Path]:
    project = make_project(tmp_path_factory.mktemp("history"))
    build_site(project, today=TODAY, docs_only=True)
    return project, project.root / "build" / "docs"


def _sample(project: Project, name: str) -> Event:
    loaded = load_event(next((project.root / "events").rglob(f"*{name}.yaml")), project)
    assert loaded.event is not None
    return loaded.event


def test_team_members_have_api_histories_with_their_own_seat_record(sample_docs: tuple[Project, Path]) -> None:
    """MTR 8.2: the team's place, and each member's own seat matches as their record."""
    project, docs = sample_docs
    event = _sample(project, "team-unified-standard")
    ranks = {r.player: r for r in final_standings(event).rows}
    members = {t.id: t.members for t in event.teams}
    record = {p.id: [0, 0, 0] for p in event.players}
    for rnd in (*event.rounds, *event.playoff):
        for tm in rnd.team_matches:
            for board, result in enumerate(tm.seats):
                a, b = members[tm.teams[0]][board], members[tm.teams[1]][board]
                if result.double_loss:
                    record[a][1] += 1
                    record[b][1] += 1
                elif result.score is not None:
                    first, second = result.score.first, result.score.second
                    record[a][0 if first > second else 1 if first < second else 2] += 1
                    record[b][0 if second > first else 1 if second < first else 2] += 1
    others = "".join(p.read_text() for p in (project.root / "events").rglob("*.yaml") if event.slug not in p.name)
    only_team = [p.id for p in event.players if f"id: {p.id}," not in others]
    assert only_team  # players whose only event is the team event still get an API document
    for team in event.teams:
        row = ranks[team.id]
        for seat, pid in zip("ABC", team.members, strict=True):
            [item] = [e for e in player_events(_api_player(docs, pid)) if e["event"] == event.slug]
            assert item["team"] == {"id": team.id, "name": team.name, "seat": seat}
            assert (item["rank"], item["points"]) == (row.rank, row.record.points)
            assert [item["wins"], item["losses"], item["draws"]] == record[pid], pid
            w, lo, d = record[pid]
            assert (
                f"../../events/{event.slug}/teams/#{team.id}",
                f"{row.rank}/{len(event.teams)}",
                f"{w}-{lo}-{d}",
            ) in [(url, place.split(" ")[0], wld) for url, place, wld in _result_rows(docs, pid)]


def test_wheel_of_time_sample_players_have_ranks_and_game_points(sample_docs: tuple[Project, Path]) -> None:
    """WoT rules, Final Score: the API history carries each player's final rank and game points."""
    from ingest.planner.wot import wot_report

    project, docs = sample_docs
    event = _sample(project, "wheel-of-time-sealed")
    final = wot_report(event).final
    assert len(final) == len(event.players)
    for row in final:
        [item] = [e for e in player_events(_api_player(docs, row.player)) if e["event"] == event.slug]
        assert (item["rank"], item["points"]) == (row.rank, row.game_points)
        assert item["wins"] + item["losses"] + item["draws"] == row.games_played + row.byes


def test_every_player_page_has_its_api_document(sample_docs: tuple[Project, Path]) -> None:
    _, docs = sample_docs
    pages = {p.stem for p in (docs / "players").glob("*.md")} - {"index"}
    assert pages == {p.stem for p in (docs / "api" / "players").glob("*.json")}
    for pid in pages:
        assert len(player_events(_api_player(docs, pid))) == len(_result_rows(docs, pid)), pid
