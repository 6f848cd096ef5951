"""Format pages, standings after each round, per-opponent detail and deck pages,
checked against the engine and the format data."""

from __future__ import annotations

import datetime as dt
import json
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.cli.main import main
from ingest.core.errors import IngestError
from ingest.core.figures import pct_of
from ingest.decks.format_files import format_registry
from ingest.decks.format_lists import DatedCard
from ingest.publish.run import build_site
from ingest.rules.final_standings import final_standings
from ingest.rules.standings import standings_by_round
from ingest.source.project import Project
from tests.builders import DATA, ROOT
from tests.site_helpers import (
    MODERN,
    TODAY,
    TRANSFORMERS,
    drawn_decklists,
    make_project,
    names_of,
    opponent_details,
    page_text,
    player_events,
    round_standings,
    sample_event,
    tables,
)


def test_format_pages_list_banned_and_restricted_cards_with_dates(sample_docs: Path) -> None:
    """MTR 6.7: Vintage's banned and restricted lists, as in force on the build's date."""
    registry, _ = format_registry(Project(ROOT))
    rules = registry.formats[("mtg", "vintage")]
    page = page_text(sample_docs / "formats" / "mtg" / "vintage.md").replace("&#39;", "'")
    banned, restricted = rules.banned_on(TODAY), rules.restricted_on(TODAY)
    assert banned and restricted
    assert f"## Banned now ({len(banned)})" in page and f"## Restricted now ({len(restricted)})" in page
    now = page.split("## Banned now", 1)[1].split("## Changes", 1)[0]
    listed = re.findall(r"<li>([^<]*?)(?: <span class=\"sk-muted\">since ([-0-9]+)</span>)?</li>", now)
    expected = [(c.card, c.since.isoformat() if c.since else "") for c in (*banned, *restricted)]
    assert sorted(listed) == sorted(expected)
    if not any(c.since for c in (*rules.banned, *rules.restricted)):
        assert "Our sources give no dates for these lists" in page


def test_format_pages_show_the_changes_history(sample_docs: Path) -> None:
    """MTR 6.3: Standard's bans with their effective dates, newest first."""
    registry, _ = format_registry(Project(ROOT))
    rules = registry.formats[("mtg", "standard")]
    page = page_text(sample_docs / "formats" / "mtg" / "standard.md").replace("&#39;", "'")
    [changes] = tables(page.split("## Changes", 1)[1], "sk-table")
    dated = sorted((c for c in (*rules.banned, *rules.restricted) if c.since), key=_since, reverse=True)
    assert dated
    assert changes[0] == ["Date", "Card", "Change", "Source"]
    assert changes[1:] == [
        [_since(c).isoformat(), c.card, "restricted" if c in rules.restricted else "banned", c.source] for c in dated
    ]


def _since(card: DatedCard) -> dt.date:
    """The first day of a dated entry."""
    assert card.since is not None
    return card.since


@pytest.mark.parametrize("game", ["vanguard", "weiss-schwarz", "buddyfight"])
def test_format_pages_say_when_our_sources_give_no_deck_rules(sample_docs: Path, game: str) -> None:
    """Bushiroad 3.3.1.2: limited battles follow each event's own guidelines; the page claims nothing."""
    page = page_text(sample_docs / "formats" / game / "limited.md")
    rules = page.split('<ul class="sk-rules-list">', 1)[1].split("</ul>", 1)[0]
    assert rules.startswith("\n<li>Our sources give no deck construction rules for this format")
    assert rules.count("<li>") == 1  # no deck size, sideboard or copy limit is made up
    for other in (sample_docs / "formats").rglob("*.md"):
        assert "no minimum given by our sources" not in other.read_text(), other


def test_rounds_page_has_one_standings_tab_per_round_with_the_engine_values(sample_docs: Path) -> None:
    event = sample_event(MODERN)
    names = names_of(event)
    page = page_text(sample_docs / "events" / MODERN / "rounds.md")
    section = page.split("## Standings after each round", 1)[1]
    by_round = standings_by_round(event)
    labels = re.findall(r'<label for="__tabbed_standings_(\d+)">(\d+)</label>', section)
    assert labels == [(str(k), str(k)) for k in range(1, len(event.rounds) + 1)]
    shown = round_standings(page, sample_docs)  # (the page's data block is at its top, the tabs in this section)
    assert len(shown) == len(by_round) == len(event.rounds)
    for table, view in zip(shown, by_round, strict=True):
        tbs = [t for t in view.tiebreakers if t != "h2h"]
        assert [row.cells for row in table] == [
            [f"{r.rank}{'=' if r.shared else ''}", _name_cell(names[r.player], r.place, r.dropped)]
            + [str(r.record.points), r.record.wld]
            + [pct_of(r.value(t).numerator, r.value(t).denominator) for t in tbs]
            for r in view.rows
        ]


def _name_cell(name: str, place: str, dropped: bool) -> str:
    return name + (f" {place}" if place else "") + (" (dropped)" if dropped else "")


def test_final_standings_detail_each_opponent_with_floor_marks(sample_docs: Path) -> None:
    """MTR Appendix C: each opponent's MW% and GW% are at least 0.33; the page marks where the floor applied."""
    event = sample_event(MODERN)
    names = names_of(event)
    table = final_standings(event)
    details = opponent_details(page_text(sample_docs / "events" / MODERN / "index.md"))
    assert set(details) == {r.player for r in table.rows}
    floored_seen = plain_seen = 0
    for row in table.rows:
        values = table.values_at[row.evaluated_after]
        rows = details[row.player]
        assert [r[0] for r in rows] == [names[o] for o in row.record.opponents]
        for opp, cells in zip(row.record.opponents, rows, strict=True):
            v = values[opp]
            if v.mw_floored:
                # The opponent's own record is below a third of the points possible.
                assert v.mw_raw is not None and F(*v.mw_raw) < F(33, 100) and F(*v.mw) == F(33, 100)
                assert cells[1] == f"{pct_of(*v.mw)} (floor; was {pct_of(*v.mw_raw)})"
                floored_seen += 1
            else:
                assert cells[1] == pct_of(*v.mw)
                plain_seen += 1
            floor = f" (floor; was {pct_of(*v.gw_raw)})" if v.gw_floored and v.gw_raw else ""
            assert cells[2] == pct_of(*v.gw_opp) + floor
    assert floored_seen and plain_seen


def test_a_row_taken_at_another_point_writes_its_opponents_figures(sample_docs: Path) -> None:
    """Each player's percentages are written once, on their own row (``data-p``), and a row's
    opponents by row number; a row whose figures are taken at another point than the table's
    (a platform's dropped player, taken after their last round) writes its opponents' figures
    as they count for it, since their rows carry the table's. Here the last row is taken
    after round 3: its details are the values after round 3, every other row's the final ones."""
    from dataclasses import replace

    from ingest.site.event_views import standings_view
    from ingest.site.table_rows import standings_rows
    from ingest.summary.event_summary import compute_summary
    from tests.site_helpers import sample_event_and_decks

    event, decks = sample_event_and_decks(MODERN)
    report = compute_summary(event, decks)
    final = report.current
    assert final is not None
    earlier = next(t for t in report.standings if t.after_round == 3)
    (late,) = earlier.values_at
    last = final.rows[-1]._replace(evaluated_after=late)
    table = replace(final, rows=(*final.rows[:-1], last), values_at={**final.values_at, **earlier.values_at})
    view = standings_view(report, table, {}, {}, details=True)
    page = f'<table class="sk-table sk-standings"><tbody>{standings_rows(view, "", details=True)}</tbody></table>'
    assert page.count(" data-o=") == len(table.rows) == page.count(" data-p=")
    written = re.findall(r'data-o="([^"]*)"', page)
    assert all(re.fullmatch(r"[0-9;]+", w) for w in written[:-1]) and " " in written[-1]
    details = opponent_details(page)
    for row in table.rows:
        values = table.values_at[row.evaluated_after]
        want = [pct_of(*values[o].mw) for o in row.record.opponents]
        assert [d[1].split(" (")[0] for d in details[row.player]] == want, row.player
    at_end = final.values_at[final.rows[-1].evaluated_after]
    # The figures differ between the two points, so the test tells them apart.
    assert any(at_end[o].mw != earlier.values_at[late][o].mw for o in last.record.opponents)


def _illegalmake_project(tmp_path: Path) -> Project:
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    deck = (DATA / "valid" / "decks" / "alice.txt").read_text().replace("4 Lava Spike", "5 Lava Spike")
    (events / "decks" / "alice.txt").write_text(deck)
    text = (DATA / "valid" / "basic.yaml").read_text().replace("../../../schema", "../../schema")
    (events / "2026-11-20-fnm.yaml").write_text(text)
    return project


def test_an_illegal_deck_gets_a_badge_and_fails_a_strict_build(tmp_path: Path) -> None:
    """MTR 6.1: at most four copies of a card; the deck page says so and --strict refuses it."""
    project = _illegalmake_project(tmp_path)
    build_site(project, today=TODAY, docs_only=True)
    page = page_text(tmp_path / "build" / "docs" / "events" / "2026-11-20-fnm" / "decklists.md")
    article = re.split(r'<article class="sk-deck" id="deck-alice"[^>]*>', page, maxsplit=1)[1].split("</article>", 1)[0]
    assert '<span class="sk-badge sk-illegal">illegal</span>' in article
    assert "Lava Spike" in article.split('<ul class="sk-violations">', 1)[1].split("</ul>", 1)[0]
    with pytest.raises(IngestError) as failed:
        build_site(project, today=TODAY, docs_only=True, strict=True)
    assert any("Lava Spike" in d.message for d in failed.value.diagnostics)
    result = CliRunner().invoke(
        main, ["--root", str(tmp_path), "build", "--strict", "--docs-only", "--today", TODAY.isoformat()]
    )
    assert result.exit_code == 1 and "Lava Spike" in result.output


WOT_DECKS = """\
name: WoT Constructed Night
date: 2026-09-01
game: wot
format: constructed
seed: 5
structure: {pairing: wot-cycles, swiss_rounds: 2, best_of: 1, decklists: public}
players:
  - {id: moiraine, name: Moiraine, deck: decks/moiraine.txt}
  - {id: lan, name: Lan}
rounds: []
"""


def test_wot_deck_page_shows_hero_and_villain_decks(tmp_path: Path) -> None:
    """WoT Constructed Deck: every player registers a Hero deck and a Villain deck."""
    project = make_project(tmp_path, samples=False)
    events = tmp_path / "events" / "2026"
    (events / "decks").mkdir(parents=True)
    deck = (ROOT / "tests" / "decks" / "data" / "wot-constructed-legal.txt").read_text()
    (events / "decks" / "moiraine.txt").write_text(deck)
    (events / "2026-09-01-wot.yaml").write_text(WOT_DECKS)
    build_site(project, today=TODAY, docs_only=True)
    page = page_text(tmp_path / "build" / "docs" / "events" / "2026-09-01-wot" / "decklists.md")
    headings = re.findall(r"<h4>([^<]*)</h4>", page)
    assert headings == ["Hero deck (60)", "Villain deck (60)"]
    # The cards are drawn from the event's API document (the one decklists document of a
    # game other than Magic), each line as the decklist text has it.
    api = json.loads((tmp_path / "build" / "docs" / "api" / "events" / "2026-09-01-wot.json").read_text())
    drawn, _lines = drawn_decklists(page, {"api": api})
    (text,) = drawn.values()
    hero = text.split("Hero\n", 1)[1].split("\n\n", 1)[0]
    assert "20 Two Rivers Loyalist [character]" in hero.splitlines()
    assert "Shadowspawn" not in hero
    # Each section names its header in the decklist text, which "Copy as text" writes.
    assert re.findall(r'<section data-h="([^"]*)">', page) == ["Hero", "Villain"]
    assert '<span class="sk-badge sk-legal">legal</span>' in page


def test_transformers_deck_page_shows_the_star_total(sample_docs: Path) -> None:
    """Aequitas 6.1: at most 25 stars of characters and battle cards together."""
    event = sample_event(TRANSFORMERS)
    page = page_text(sample_docs / "events" / TRANSFORMERS / "decklists.md")
    checked = 0
    for p in event.players:
        if not p.deck:
            continue
        text = (ROOT / "events" / "2026" / p.deck).read_text()
        main_part = re.split(r"(?im)^sideboard\s*$", text)[0]
        stars = sum(
            int(m.group(1)) * int(m.group(2)) for m in re.finditer(r"(?m)^(\d+)x?\s.*\[stars:\s*(\d+)\]", main_part)
        )
        article = page.split(f'id="deck-{p.id}"', 1)[1].split("</article>", 1)[0]
        assert f'<span class="sk-badge">{stars} stars</span>' in article, p.id
        checked += 1
    assert checked


def _emitted_codes() -> set[str]:
    """Every diagnostic code the source can emit, read from the code itself.

    Codes are the first argument, a literal, of the calls that make diagnostics (and of
    deck violations, which become warnings under their own code); Wheel of Time game
    problems and cycle-pairing findings are published with a ``wot-`` prefix.
    """
    import ast

    makers = {"error", "warning", "err", "warn", "fail", "Violation"}
    wot_makers = {"_error", "_warning"}
    codes: set[str] = set()
    for path in sorted((ROOT / "ingest").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            if name in makers:
                codes.add(first.value)
            elif name in wot_makers and path.name == "values.py" and path.parent.name == "wot":
                codes.add(f"wot-{first.value}")
    from ingest.planner.wot import _HINTS

    codes |= {f"wot-{code}" for code in _HINTS}
    codes.discard("skipped")  # a deck check that could not run: listed by check-decks --all, never a diagnostic
    return codes


def test_the_diagnostics_page_explains_every_code(sample_docs: Path) -> None:
    """A TO who meets any code in `validate` output finds it on the rules/diagnostics page."""
    page = page_text(sample_docs / "rules" / "diagnostics.md")
    codes = _emitted_codes()
    assert {"yaml-syntax", "yaml-merge", "after-drop", "deck-size", "wot-time-not-tie", "wot-same-side"} <= codes
    assert sorted(c for c in codes if f"`{c}`" not in page) == []


def test_an_event_and_the_events_index_name_its_format_as_the_format_page_does(sample_docs: Path) -> None:
    """The event file writes a format's id (``format: neo-standard``); players read the name its
    format page is titled with ("Neo-Standard"), on the event page and in the events index."""
    registry, _ = format_registry(Project(ROOT))
    index = page_text(sample_docs / "events" / "index.md")
    for slug, game, fid in (
        ("2026-11-13-friday-night-modern", "mtg", "modern"),
        ("2026-09-19-weiss-schwarz-neo-standard", "weiss-schwarz", "neo-standard"),
    ):
        name = registry.formats[(game, fid)].name
        assert name != fid
        page = page_text(sample_docs / "events" / slug / "index.md")
        assert f'<a href="../../formats/{game}/{fid}/">{name}</a>' in page
        assert f"· {name} ·" in index
        assert f'<option value="{fid}">{name}</option>' in index
    # A format no file defines is shown as the event wrote it.
    assert registry.display_name("mtg", "house-rules") == "house-rules"


def test_a_players_results_name_each_format_as_its_page_does(sample_docs: Path) -> None:
    """The player pages draw their rows from ``api/players/<id>.json``: each event's format is
    there by id (``modern``) and by the name its format page has (``Modern``), which the rows show."""
    registry, _ = format_registry(Project(ROOT))
    index = json.loads((sample_docs / "api" / "events.json").read_text(encoding="utf-8"))["events"]
    game_of = {e["slug"]: e["game"] for e in index}
    seen = set()
    for path in sorted((sample_docs / "api" / "players").glob("*.json")):
        for item in player_events(json.loads(path.read_text(encoding="utf-8"))):
            assert item["format_name"] == registry.display_name(game_of[item["event"]], item["format"])
            seen.add((item["format"], item["format_name"]))
    assert ("modern", "Modern") in seen and (
        "neo-standard",
        registry.formats[("weiss-schwarz", "neo-standard")].name,
    ) in seen
