"""Print views: the wall sheet of pairings and the result slips, for every kind of event."""

from __future__ import annotations

import re
from pathlib import Path

from ingest.core.figures import show_points
from ingest.core.model import Event
from ingest.planner.wot import wot_report
from ingest.report.event_report import compute_report
from ingest.site.pages import SiteInputs, render_event_pages
from ingest.source.pipeline import format_registry, load_event
from ingest.source.players import PlayerRegistry
from tests.builders import DATA, check_golden
from tests.rules.test_teams import TAG, TWO_HEADED
from tests.site_helpers import TEAM, TODAY, WOT, make_project, names_of, page_text, sample_event, tables


def test_wot_print_views_show_games_decks_and_wot_result_slips(sample_docs: Path) -> None:
    """WoT rules: Games in cycles of two, Hero/Villain decks, the result is a winner, when and
    how the game ended and the final support/opposition; a cycle's first-Game bye is a Hero."""
    event = sample_event(WOT)
    names = names_of(event)
    folder = sample_docs / "events" / WOT / "print"
    for rnd in event.rounds:
        page = (folder / f"round-{rnd.number}.html").read_text()
        cycle = (rnd.number + 1) // 2
        assert f"<h1>{event.name} — Game {rnd.number} (cycle {cycle})</h1>" in page
        assert "Round" not in page
        [wall] = tables(page, "pairings")
        expected = []
        for g in rnd.wot_games:
            if g.hero and g.villain:
                expected.append([names[g.hero], str(g.table), "Hero", names[g.villain]])
                expected.append([names[g.villain], str(g.table), "Villain", names[g.hero]])
            else:
                lone = g.hero or g.villain
                assert lone is not None
                expected.append([names[lone], "", f"bye (counts as {'Hero' if rnd.number % 2 else 'Villain'})", ""])
        assert wall[0] == ["Player", "Table", "Deck", "Opponent"]
        assert wall[1:] == sorted(expected, key=lambda row: row[0].casefold())
        assert len(wall) - 1 == len(event.players)
        slips = page.split('<div class="slip">')[1:]
        assert len(slips) == sum(1 for g in rnd.wot_games if g.hero and g.villain)
        for slip in slips:
            assert "games won" not in slip and "Drawn games" not in slip
            for field in ("final support", "final opposition", "before the Last Battle", "in the Last Battle"):
                assert field in slip
            for outcome in ("Hero", "Villain", "tie", "both lose", "goal", "kill", "concession", "forfeit", "time"):
                assert f'<span class="tick">{outcome}</span>' in slip


def test_wot_print_standings_are_the_engine_standings(sample_docs: Path) -> None:
    """WoT rules, Final Score: game points, then tie-breaking points."""
    event = sample_event(WOT)
    names = names_of(event)
    page = (sample_docs / "events" / WOT / "print" / "standings.html").read_text()
    [table] = tables(page, "standings")
    final = wot_report(event).final
    assert table[1:] == [
        [str(r.rank), names[r.player], str(r.game_points), show_points(r.tiebreak_points), str(r.byes)] for r in final
    ]
    assert [r.rank for r in final] == sorted(r.rank for r in final if r.rank is not None)
    index = page_text(sample_docs / "events" / WOT / "index.md")
    assert 'href="print/standings.html"' in index
    assert f"Print game {len(event.rounds)}" in index


def test_team_print_view_lists_every_player_with_table_seat_and_opponent(sample_docs: Path) -> None:
    """MTR 8.2: each player of a team plays the player in the same seat of the other team."""
    event = sample_event(TEAM)
    names = names_of(event)
    members = {t.id: t.members for t in event.teams}
    for rnd in event.rounds:
        page = (sample_docs / "events" / TEAM / "print" / f"round-{rnd.number}.html").read_text()
        [wall] = tables(page, "pairings")
        slip_tables = _slip_tables(page)
        assert wall[0] == ["Player", "Team", "Table", "Seat", "Opponent"]
        expected = []
        for m in rnd.matches:
            for me, them in (m.players, m.players[::-1]):
                for i, (p, q) in enumerate(zip(members[me], members[them], strict=True)):
                    seat = "ABC"[i]
                    expected.append([names[p], names[me], str(m.table), seat, f"{names[q]} ({names[them]})"])
        assert wall[1:] == sorted(expected, key=lambda row: row[0].casefold())
        assert len(wall) - 1 == sum(len(t.members) for t in event.teams)
        # One slip per table, one line per seat: the seat's two players.
        assert len(slip_tables) == len(rnd.matches)
        by_table = {m.table: m for m in rnd.matches}
        for slip, rows in slip_tables:
            m = by_table[slip]
            a, b = m.players
            assert rows[0] == ["Seat", names[a], "games won", names[b], "games won", "drawn"]
            assert [r[:2] + r[3:4] for r in rows[1:]] == [
                ["ABC"[i], names[p], names[q]] for i, (p, q) in enumerate(zip(members[a], members[b], strict=True))
            ]
    standings = (sample_docs / "events" / TEAM / "print" / "standings.html").read_text()
    assert "<th>Team</th>" in standings


def _slip_tables(page: str) -> list[tuple[int, list[list[str]]]]:
    out = []
    for slip in page.split('<div class="slip">')[1:]:
        table = int(re.search(r"Table (\d+)</div>", slip).group(1))  # type: ignore[union-attr]
        out.append((table, tables(slip, "")[0]))
    return out


def _team_pages(tmp_path: Path, text: str) -> tuple[Event, dict[str, str | bytes]]:
    project = make_project(tmp_path, samples=False)
    path = tmp_path / "events" / "t.yaml"
    path.write_text(text)
    loaded = load_event(path, project)
    assert loaded.event is not None, loaded.diagnostics
    registry, _ = format_registry(project)
    report = compute_report(loaded.event, registry)
    inputs = SiteInputs((report,), PlayerRegistry(), registry, TODAY)
    return loaded.event, render_event_pages(report, inputs, project.templates_dir)


def test_tag_fight_print_view_names_seats_first_and_second(tmp_path: Path) -> None:
    """Bushiroad 5.1: members play in a fixed order, first against first."""
    event, files = _team_pages(tmp_path, TAG % "")
    page = str(files[f"events/{event.slug}/print/round-1.html"])
    [wall] = tables(page, "pairings")
    assert wall[1:] == [
        ["A1", "Red", "1", "first", "B1 (Blue)"],
        ["A2", "Red", "1", "second", "B2 (Blue)"],
        ["B1", "Blue", "1", "first", "A1 (Red)"],
        ["B2", "Blue", "1", "second", "A2 (Red)"],
    ]
    [(table, rows)] = _slip_tables(page)
    assert table == 1 and [r[0] for r in rows[1:]] == ["first", "second"]


def test_two_headed_giant_print_view_lists_players_and_one_line_per_team(tmp_path: Path) -> None:
    """MTR 9: a Two-Headed Giant team plays as one player; each member still finds the table."""
    event, files = _team_pages(tmp_path, TWO_HEADED % "1-0")
    page = str(files[f"events/{event.slug}/print/round-2.html"])
    [wall] = tables(page, "pairings")
    assert wall[0] == ["Player", "Team", "Table", "Opponents"]
    assert wall[1:3] == [["P1", "One", "1", "Four (P7 & P8)"], ["P2", "One", "1", "Four (P7 & P8)"]]
    assert len(wall) - 1 == 8
    slips = _slip_tables(page)
    assert [t for t, _ in slips] == [1, 2]
    assert [r[0] for r in slips[0][1]] == ["One (P1 & P2)", "Four (P7 & P8)", "Drawn games"]


def test_golden_print_views(sample_docs: Path, update_golden: bool) -> None:
    golden = DATA / "golden" / "site"
    for rel in (
        f"events/{WOT}/print/round-2.html",
        f"events/{WOT}/print/standings.html",
        f"events/{TEAM}/print/round-1.html",
    ):
        check_golden(golden / rel, (sample_docs / rel).read_text(), update_golden)
