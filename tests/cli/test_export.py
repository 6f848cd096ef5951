"""``scorekeeper export --csv``: the tidy tables of a chosen range, read back with the csv module."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from ingest.analytics.tables import CARD_COLUMNS, MATCH_COLUMNS, STANDINGS_COLUMNS
from ingest.summary.event_summary import compute_summary
from tests.builders import run_cli, run_ok
from tests.site_helpers import MODERN, make_project, sample_event_and_decks


def _rows(path: Path) -> list[dict[str, str]]:
    text = path.read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline="")))


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("export")
    make_project(root)
    return root


def test_one_format_one_row_per_entry_standings_row_and_card(project: Path, tmp_path: Path) -> None:
    out = run_ok(project, "export", "--csv", str(tmp_path), "--format", "modern")
    event, _ = sample_event_and_decks(MODERN)
    entries = sum(len(r.matches) for r in (*event.rounds, *event.playoff))
    assert f"1 event: {entries} match rows, {len(event.players)} standings rows" in out
    matches = _rows(tmp_path / "matches.csv")
    assert tuple(matches[0]) == MATCH_COLUMNS and len(matches) == entries
    assert {m["event"] for m in matches} == {MODERN}
    first = event.rounds[0].matches[0]
    assert first.score is not None
    row = matches[0]
    assert (row["player"], row["opponent"], row["round"], row["stage"]) == (*first.players, "1", "swiss")
    assert (row["games_won"], row["games_lost"]) == (str(first.score.first), str(first.score.second))
    assert all(m["archetype"] for m in matches)  # the sample's lists are public and classified
    standings = _rows(tmp_path / "standings.csv")
    assert tuple(standings[0]) == STANDINGS_COLUMNS and len(standings) == len(event.players)
    assert standings[0]["rank"] == "1"
    cards = _rows(tmp_path / "cards.csv")
    assert tuple(cards[0]) == CARD_COLUMNS
    report = compute_summary(*sample_event_and_decks(MODERN))
    listed = sum(e.count for d in report.decks.values() for e in d.decklist.entries)
    assert listed > 0 and sum(int(c["count"]) for c in cards) == listed
    assert {c["player"] for c in cards} == set(report.decks)


def test_bom_dates_and_an_empty_range(project: Path, tmp_path: Path) -> None:
    run_ok(project, "export", "--csv", str(tmp_path), "--bom", "--from", "2026-11-14", "--to", "2026-11-30")
    raw = (tmp_path / "matches.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfevent,")
    assert {m["event"] for m in _rows(tmp_path / "matches.csv")} == {"2026-11-20-pioneer-weekly"}
    out = run_ok(project, "export", "--csv", str(tmp_path / "none"), "--format", "vintage")
    assert "0 events" in out and len(_rows(tmp_path / "none" / "matches.csv")) == 0


def test_a_season_s_events(project: Path, tmp_path: Path) -> None:
    run_ok(project, "export", "--csv", str(tmp_path), "--season", "dragons-hoard-league-2026")
    events = {m["event"] for m in _rows(tmp_path / "standings.csv")}
    assert MODERN in events and all(e.startswith("2026-") for e in events)
    assert "2026-08-15-wheel-of-time-sealed" not in events


def test_mistakes_are_one_line_and_write_nothing(project: Path, tmp_path: Path) -> None:
    code, out = run_cli(project, "export", "--csv", str(tmp_path / "a"), "--season", "nope")
    assert code == 1 and "no season 'nope'" in out and not (tmp_path / "a").exists()
    code, out = run_cli(project, "export", "--csv", str(tmp_path / "b"), "--from", "2026-12-01", "--to", "2026-01-01")
    assert code == 2 and "is after" in out
    broken = project.parent / "broken"
    make_project(broken)
    path = next((broken / "events").rglob(f"{MODERN}.yaml"))
    path.write_text(path.read_text(encoding="utf-8").replace("game: mtg", "game: chess", 1), encoding="utf-8")
    code, out = run_cli(broken, "export", "--csv", str(tmp_path / "c"))
    assert code == 1 and f"{MODERN}.yaml:" in out and "nothing was exported" in out
    assert not (tmp_path / "c").exists()
