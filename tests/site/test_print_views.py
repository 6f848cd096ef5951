"""The round printed for the wall: the pairings sorted by name and the result slips, for every
kind of event. There are no separate print files: the rounds page of an event in progress
carries its latest round in a section shown in print (and when the page is opened at
``#print-round``), and every page prints without the site around it (scorekeeper.css)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path

from ingest.core.figures import show_points
from ingest.core.model import Event
from ingest.decks.deck_file import DeckFile
from ingest.planner.wot import wot_report
from ingest.site import fragments
from ingest.site.event_pages import render_event
from ingest.site.page import SiteInputs
from ingest.source.pipeline import format_registry, load_event
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from ingest.wot.wot_entry import wot_entries
from tests.builders import DATA, ROOT
from tests.goldens import Golden
from tests.rules.test_teams import TAG, TWO_HEADED
from tests.site_helpers import (
    TEAM,
    TODAY,
    WOT,
    make_project,
    names_of,
    page_text,
    sample_event_and_decks,
    tables,
    with_fragments,
)


def _pages(event: Event, deck_files: Sequence[DeckFile], project: Project | None = None) -> dict[str, str]:
    """An event's pages as the site shows them (fragments in place), by docs path."""
    registry, _ = format_registry(project or Project(ROOT))
    report = compute_summary(event, deck_files, registry)
    inputs = SiteInputs((report,), PlayerRegistry(), registry, TODAY)
    files = render_event(report, inputs, Project(ROOT).templates).files
    out = {}
    for path, text in files.items():
        if path.endswith(".md"):
            stored = files.get(fragments.fragments_key(path), "")
            out[path] = with_fragments(str(text), fragments.decode(stored, path), path)
    return out


def _printed(event: Event, deck_files: Sequence[DeckFile], project: Project | None = None) -> str:
    """The print section of the event's rounds page ("" when there is none)."""
    page = _pages(event, deck_files, project)[f"events/{event.slug}/rounds.md"]
    if '<section class="sk-print"' not in page:
        return ""
    return page.split('<section class="sk-print" id="print-round">', 1)[1].split("</section>", 1)[0]


def _in_play(event: Event, rounds: int) -> Event:
    """The event as it stood when round ``rounds`` was the latest one (in progress)."""
    return dataclasses.replace(event, rounds=event.rounds[:rounds], playoff=())


def test_wot_print_views_show_games_decks_and_wot_result_slips(sample_docs: Path) -> None:
    """WoT rules: Games in cycles of two, Hero/Villain decks, the result is a winner, when and
    how the game ended and the final support/opposition; a cycle's first-Game bye is a Hero."""
    event, deck_files = sample_event_and_decks(WOT)
    names = names_of(event)
    assert _printed(event, deck_files) == ""  # the event is over: nothing to print for the wall
    for rnd in event.rounds[:-1]:
        page = _printed(_in_play(event, rnd.number), deck_files)
        cycle = (rnd.number + 1) // 2
        assert f"<h2>{event.name} — Game {rnd.number} (cycle {cycle})</h2>" in page
        assert "Round" not in page
        [wall] = tables(page, "sk-wall")
        expected = []
        for g in wot_entries(rnd):
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
        assert len(slips) == sum(1 for g in wot_entries(rnd) if g.hero and g.villain)
        for slip in slips:
            assert "games won" not in slip and "Drawn games" not in slip
            for field in ("final support", "final opposition", "before the Last Battle", "in the Last Battle"):
                assert field in slip
            for outcome in ("Hero", "Villain", "tie", "both lose", "goal", "kill", "concession", "forfeit", "time"):
                assert f'<span class="tick">{outcome}</span>' in slip


def test_wot_standings_print_from_the_event_page(sample_docs: Path) -> None:
    """WoT rules, Final Score: game points, then tie-breaking points; "Print standings" prints the page."""
    event, deck_files = sample_event_and_decks(WOT)
    names = names_of(event)
    page = page_text(sample_docs / "events" / WOT / "index.md")
    [table] = tables(page, "sk-wot")
    final = wot_report(event).final
    assert table[1:] == [
        [str(r.rank), names[r.player], str(r.game_points), show_points(r.tiebreak_points), str(r.byes)] for r in final
    ]
    assert [r.rank for r in final] == sorted(r.rank for r in final if r.rank is not None)
    assert '<button class="md-button sk-print-button" type="button">Print standings</button>' in page
    assert "print/" not in page
    playing = _pages(_in_play(event, 2), deck_files)[f"events/{WOT}/index.md"]
    assert '<a class="md-button" href="rounds/#print-round">Print game 2 (cycle 1)</a>' in playing


def test_team_print_view_lists_every_player_with_table_seat_and_opponent(sample_docs: Path) -> None:
    """MTR 8.2: each player of a team plays the player in the same seat of the other team."""
    event, deck_files = sample_event_and_decks(TEAM)
    names = names_of(event)
    members = {t.id: t.members for t in event.teams}
    for rnd in event.rounds[:-1]:
        page = _printed(_in_play(event, rnd.number), deck_files)
        [wall] = tables(page, "sk-wall")
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
    standings = page_text(sample_docs / "events" / TEAM / "index.md")
    assert "<th>#</th><th>Team</th>" in standings


def _slip_tables(page: str) -> list[tuple[int, list[list[str]]]]:
    out = []
    for slip in page.split('<div class="slip">')[1:]:
        found = re.search(r"Table (\d+)</div>", slip)
        assert found is not None
        table = int(found.group(1))
        out.append((table, tables(slip, "")[0]))
    return out


def _team_event(tmp_path: Path, text: str) -> tuple[Event, tuple[DeckFile, ...], Project]:
    project = make_project(tmp_path, samples=False)
    path = tmp_path / "events" / "t.yaml"
    path.write_text(text)
    loaded = load_event(path, project)
    assert loaded.event is not None, loaded.diagnostics
    return loaded.event, loaded.deck_files, project


def test_tag_fight_print_view_names_seats_first_and_second(tmp_path: Path) -> None:
    """Bushiroad 5.1: members play in a fixed order, first against first."""
    event, deck_files, project = _team_event(tmp_path, (TAG % "").replace("swiss_rounds: 1", "swiss_rounds: 2"))
    page = _printed(event, deck_files, project)
    [wall] = tables(page, "sk-wall")
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
    event, deck_files, project = _team_event(
        tmp_path, (TWO_HEADED % "1-0").replace("swiss_rounds: 2", "swiss_rounds: 3")
    )
    page = _printed(event, deck_files, project)
    [wall] = tables(page, "sk-wall")
    assert wall[0] == ["Player", "Team", "Table", "Opponents"]
    assert wall[1:3] == [["P1", "One", "1", "Four (P7 & P8)"], ["P2", "One", "1", "Four (P7 & P8)"]]
    assert len(wall) - 1 == 8
    slips = _slip_tables(page)
    assert [t for t, _ in slips] == [1, 2]
    assert [r[0] for r in slips[0][1]] == ["One (P1 & P2)", "Four (P7 & P8)", "Drawn games"]


def test_golden_print_views(golden: Golden) -> None:
    for name, slug, rounds in (
        (f"events/{WOT}/print-round-2.html", WOT, 2),
        (f"events/{TEAM}/print-round-1.html", TEAM, 1),
    ):
        event, deck_files = sample_event_and_decks(slug)
        golden.check(DATA / "golden" / "site" / name, _printed(_in_play(event, rounds), deck_files))
