"""``scorekeeper import``: 24 real tournaments from five platforms become normal event files.

Every file of ``tests/data/import/mtgodecklistcache`` (see its README) is imported into an
empty project, checked as ``scorekeeper validate`` checks it, and its standings compared
with the standings the platform published: points and W-L-D on every row of every
platform; OMW%, GW% and OGW% to the published digits for melee.gg and ManaTraders, whose
conventions the compatibility profiles reproduce. MTGO Challenges publish their top-8
bracket only: their published standings are kept as the standings, never recomputed.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.checks.event_files import load_event
from ingest.cli.main import main
from ingest.core.diagnostics import has_errors
from ingest.core.errors import IngestError
from ingest.core.figures import pct_of
from ingest.core.model import Event, EventOrigin
from ingest.importers import Archive, PreparedImport, prepare_import, read_source
from ingest.rules.final_standings import final_standings
from ingest.site.api import event_document
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from tests.site_helpers import page_text

DATA = Path(__file__).parents[1] / "data" / "import" / "mtgodecklistcache"
FILES = sorted(p.name for p in DATA.glob("*.json"))

EXPECTED_ROWS = {
    "cardsrealm.com": (6, 175),
    "manatraders.com": (2, 188),
    "melee.gg": (6, 193),
    "mtgo.com": (4, 119),
    "topdeck.gg": (6, 134),
}
"""Files and published standings rows per platform."""


def _import_all(root: Path, files: list[str]) -> dict[str, PreparedImport]:
    project = Project(root)
    archive = Archive.scan(project)
    out = {}
    for name in files:
        t = read_source(DATA / name, name)
        prepared = prepare_import(t, archive, what=name)
        _write(prepared)
        out[name] = prepared
    return out


def _source(event: Event) -> EventOrigin:
    """An imported event's source (every imported event has one)."""
    assert event.origin is not None
    return event.origin


def _write(prepared: PreparedImport) -> None:
    prepared.target.parent.mkdir(parents=True, exist_ok=True)
    for path, text in prepared.decks:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    prepared.target.write_text(prepared.text, encoding="utf-8")


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, PreparedImport]]:
    root = tmp_path_factory.mktemp("archive")
    (root / "events").mkdir()
    return root, _import_all(root, FILES)


def test_the_corpus_has_24_files_from_five_platforms() -> None:
    assert len(FILES) == 24
    assert Counter(name.split("--")[0] for name in FILES) == {
        "CardsRealm": 6,
        "MTGO": 4,
        "MTGmelee": 6,
        "Manatrader": 2,
        "Topdeck": 6,
    }


@pytest.mark.parametrize("name", FILES)
def test_every_file_imports_and_validates_without_errors(
    imported: tuple[Path, dict[str, PreparedImport]], name: str
) -> None:
    from ingest.checks.project_diagnostics import event_checks

    root, prepared = imported
    project = Project(root)
    loaded = load_event(prepared[name].target, project)
    assert loaded.event is not None, [d.render() for d in loaded.diagnostics]
    diags = [*loaded.diagnostics, *event_checks(loaded.event, loaded.deck_files, project)]
    assert not has_errors(diags), [d.render() for d in diags if d.is_error]
    # What the platform recorded is a fact: shown, but it never fails a strict run (the
    # publishing workflow runs `validate --strict` and `build --strict`).
    assert not has_errors(diags, strict=True), [d.render() for d in diags if not d.settled]
    assert loaded.event.origin is not None
    assert loaded.event.origin.url.startswith("https://")


@pytest.mark.parametrize("name", FILES)
def test_every_file_reproduces_its_published_standings(
    imported: tuple[Path, dict[str, PreparedImport]], name: str
) -> None:
    found = imported[1][name].reproduction
    platform = imported[1][name].tournament.platform
    assert found.rows > 0
    assert found.mismatches == ()
    assert found.record_rows == found.rows  # points and W-L-D, every row
    if platform in ("melee.gg", "manatraders.com"):  # OMW%, GW% and OGW% to the published digits
        assert found.tiebreaker_rows == found.rows or found.published_only
        assert found.compared == ("omw", "gw", "ogw") or found.published_only
    if platform == "topdeck.gg":  # OMW% as printed; no games, so no game-win figures
        assert found.tiebreaker_rows == found.rows and found.compared == ("omw",)
    if platform == "cardsrealm.com":  # its OMW%/OGW% convention is not known (docs/importing.md)
        assert found.tiebreaker_rows is None
    if platform == "mtgo.com":
        assert found.published_only


def test_rows_reproduced_per_platform(imported: tuple[Path, dict[str, PreparedImport]]) -> None:
    rows: Counter[str] = Counter()
    files: Counter[str] = Counter()
    for prepared in imported[1].values():
        files[prepared.tournament.platform] += 1
        rows[prepared.tournament.platform] += prepared.reproduction.record_rows
    assert {p: (files[p], rows[p]) for p in files} == EXPECTED_ROWS


def test_what_each_platform_needed(imported: tuple[Path, dict[str, PreparedImport]]) -> None:
    """The conventions each file exercised, as the import recorded them in the file."""
    prepared = imported[1]

    def event(prefix: str) -> Event:
        return next(p.event for name, p in prepared.items() if name.startswith(prefix))

    topdeck = event("Topdeck--legacy-savannah")
    assert topdeck.structure.results == "matches"
    assert [r.name for r in topdeck.playoff] == ["Top 8", "Top 4", "Top 2"]
    assert "gw" not in final_standings(topdeck).tiebreakers  # no games, no game-win figures
    mtgo = event("MTGO--legacy-challenge")
    assert mtgo.rounds == () and mtgo.origin is not None and mtgo.origin.rounds == "top-cut-only"
    assert mtgo.structure.swiss_rounds == 6  # 8-1 for the champion, 3 of them in the top 8
    jaffers = event("MTGmelee--jaffers")
    assert jaffers.structure.dropped_evaluated == "end"
    assert all(r.wins is None for r in _source(jaffers).standings)
    rcq = event("MTGmelee--regional-championship")
    assert rcq.origin is not None and rcq.origin.rounds == "incomplete"  # two decklist pages published
    tappa = event("MTGmelee--tappa")
    inferred = [m for rnd in tappa.rounds for m in rnd.matches if "inferred" in m.note]
    assert [(m.players, m.score.notation() if m.score else None) for m in inferred] == [
        (("player-010", "player-018"), "2-0")
    ]
    weber = event("CardsRealm--torneio-pauper-do-weber")
    assert any(m.players == ("player-018",) and m.kind.value == "loss" for m in weber.rounds[0].matches)
    legacy = event("Manatrader--manatraders-series-legacy")
    assert len(legacy.playoff) == 7 and legacy.rules == "mtr-manatraders"
    assert legacy.structure.published_precision == 3


def test_the_api_keeps_a_platforms_published_figures_beside_the_fractions(
    imported: tuple[Path, dict[str, PreparedImport]],
) -> None:
    """API version 4 drops the decimals that repeat the exact fractions, except where the
    platform published rounded figures (ManaTraders, 3 decimals): those differ from the
    fraction and rank the table, so ``final`` keeps them."""
    _, prepared = imported
    legacy = next(p.event for name, p in prepared.items() if name.startswith("Manatrader--manatraders-series-legacy"))
    row = event_document(compute_summary(legacy, ()))["final"][0]
    n, d = (int(x) for x in row["omw_exact"].split("/"))
    assert row["omw"] == round(n / d, 3) and "name" not in row  # a sample event's rows: tests/site/test_site.py


def test_the_event_pages_opponent_details_are_the_engines_figures_for_every_platform(
    imported: tuple[Path, dict[str, PreparedImport]],
) -> None:
    """The event page's standings write each player's percentages once, on their own row
    (``data-p``), and a row's opponents by row number (``data-o``). Read back as the page's
    script reads them, every row's details in every imported event are the engine's values at
    that row's point (MTR Appendix C; a row taken at another point: tests/site/test_site_pages.py)."""
    from ingest.site.event_views import standings_view
    from ingest.site.table_rows import standings_rows
    from tests.site_helpers import opponent_details

    for _, prep in sorted(imported[1].items()):
        report = compute_summary(prep.event, ())
        table = report.current
        if table is None or not any(r.record.opponents for r in table.rows):
            continue
        view = standings_view(report, table, {}, {}, details=True)
        page = (
            '<table class="sk-table sk-standings"><tbody>'
            + str(standings_rows(view, "../../", details=True))
            + "</tbody></table>"
        )
        details = opponent_details(page)
        game_wins = view.game_wins
        for row in table.rows:
            if row.player not in details:
                continue
            values = table.values_at[row.evaluated_after]
            listed = {r.player for r in table.rows}
            want = []
            for opp in row.record.opponents:
                if opp not in values or opp not in listed:
                    continue
                v = values[opp]
                mw = pct_of(*v.mw) + (f" (floor; was {pct_of(*v.mw_raw)})" if v.mw_floored and v.mw_raw else "")
                mw = pct_of(*v.mw) + " (floor; no rounds)" if v.mw_floored and not v.mw_raw else mw
                cells = [mw]
                if game_wins:
                    gw = pct_of(*v.gw_opp)
                    if v.gw_floored:
                        gw += f" (floor; was {pct_of(*v.gw_raw)})" if v.gw_raw else " (floor; no games)"
                    cells.append(gw)
                want.append(cells)
            assert [d[1:] for d in details[row.player]] == want, (prep.event.slug, row.player)


def test_reimporting_gives_the_same_bytes_and_updates_the_same_files(
    imported: tuple[Path, dict[str, PreparedImport]], tmp_path: Path
) -> None:
    root, first = imported
    project_root = tmp_path / "again"
    shutil.copytree(root, project_root)
    again = _import_all(project_root, FILES)
    for name in FILES:
        assert again[name].updated
        assert again[name].target.relative_to(project_root) == first[name].target.relative_to(root)
        assert again[name].text == first[name].text
    assert sorted(p.relative_to(project_root) for p in (project_root / "events").rglob("*.yaml")) == sorted(
        p.relative_to(root) for p in (root / "events").rglob("*.yaml")
    )


def test_a_renamed_tournament_updates_its_file(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    name = "MTGmelee--march-open-premodern-midlands-409184-2026-03-28.json"
    first = _import_all(tmp_path, [name])[name]
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    data["Tournament"]["Name"] = "March Open (renamed)"
    renamed = tmp_path / name
    renamed.write_text(json.dumps(data), encoding="utf-8")
    archive = Archive.scan(Project(tmp_path))
    second = prepare_import(read_source(renamed, name), archive)
    assert second.updated and second.target == first.target
    assert "name: March Open (renamed)" in second.text


def test_players_are_matched_to_players_yaml_by_name_or_alias(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    (tmp_path / "players.yaml").write_text(
        "players:\n  - {id: ana-lima, name: Player 001}\n  - {id: bo-berg, name: Bo Berg, aliases: [player-002]}\n",
        encoding="utf-8",
    )
    name = "MTGmelee--march-open-premodern-midlands-409184-2026-03-28.json"
    event = _import_all(tmp_path, [name])[name].event
    ids = [p.id for p in event.players]
    assert ids[:3] == ["ana-lima", "bo-berg", "player-003"]
    # The second import of another event of the same players gives the same ids: one page each.
    other = "MTGmelee--premodern-litoral-alentejano-sexta-jornada-348506-2025-08-23.json"
    assert [p.id for p in _import_all(tmp_path, [other])[other].event.players][:2] == ["ana-lima", "bo-berg"]


def test_the_import_command_prints_each_written_path(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    name = "Topdeck--gog-friday-night-modern-gog-friday-night-modern-6-942-2025-02-14.json"
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "import", str(DATA / name)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines == [
        "events/2025/2025-02-14-gog-friday-night-modern.yaml",
        "events/2025/decks/2025-02-14-gog-friday-night-modern/player-001.txt",
    ]
    assert all((tmp_path / line).is_file() for line in lines)
    assert "reproduces the published standings: points, W-L-D and OMW% of 9/9 rows" in result.stderr
    deck = (tmp_path / lines[1]).read_text(encoding="utf-8")
    assert deck.startswith("3 Plains\n1 Swamp\n") and "\nSideboard\n" in deck


def test_a_file_that_cannot_be_read_fails_with_its_position_and_the_others_are_imported(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    bad = tmp_path / "bad.json"
    bad.write_text('{"Tournament": {"Name": "x", "Date": "2025-01-01"},\n "Rounds": [1, ]}\n', encoding="utf-8")
    good = DATA / "CardsRealm--ritual-de-ter-a-meeple-s-club-010-2026-07-21.json"
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "import", str(bad), str(good)])
    assert result.exit_code == 1
    assert ":2:16: error[import]: not JSON: a value is missing or is not JSON" in result.stderr
    assert result.stdout.splitlines()[0] == "events/2026/2026-07-21-ritual-de-terca-meeple-s-club-010.yaml"
    assert "1 of 2 files not imported" in result.stderr


def test_standings_of_an_mtgo_challenge_are_the_published_ones(
    imported: tuple[Path, dict[str, PreparedImport]],
) -> None:
    root, prepared = imported
    target = prepared["MTGO--standard-challenge-32-2024-10-2912701278.json"].target
    result = CliRunner().invoke(main, ["--root", str(root), "standings", str(target)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Standard Challenge 32: final standings (as published by MTGO)"
    assert "MTGO published" in result.stdout
    # In published order, the bracket as played giving the top 8 their places.
    assert lines[3].split() == ["1", "Player", "001", "[Top", "8]", "18", "6-2-0", "62.59%", "66.67%", "55.16%"]
    assert lines[6].split()[:6] == ["4", "Player", "004", "[Champion]", "18", "9-1-0"]
    result = CliRunner().invoke(main, ["--root", str(root), "standings", str(target), "--json"])
    doc = json.loads(result.stdout)
    assert doc["standings"][0]["points"] == 18 and doc["standings"][0]["omw"] == 0.6259
    assert doc["standings"][0]["wins"] == 6 and doc["standings"][0]["losses"] == 2


# -- bad input -------------------------------------------------------------------------------------

BAD_JSON = [
    ("[1, 2]", "1:1", "(document): must be an object"),
    ('{"Decks": []}', "1:1", "(document): Tournament is missing"),
    ('{"Tournament": {"Name": "x", "Date": "soon"}}', "1:38", 'Tournament.Date: Date is "soon"'),
    (
        '{"Tournament": {"Name": "x", "Date": "2025-01-01"},\n "Rounds": [{"RoundName": "Round 1", "Matches": [\n'
        '  {"Player1": "A", "Player2": "B", "Result": "2:1"}]}]}',
        "3:46",
        'Rounds[0].Matches[0].Result: Result "2:1" is not a result',
    ),
    (
        '{"Tournament": {"Name": "x", "Date": "2025-01-01"},\n "Decks": [{"Player": "A", "Mainboard": [\n'
        '  {"Count": -1, "CardName": "Island"}]}]}',
        "3:13",
        "Decks[0].Mainboard[0].Count: Count must be a whole number of at least 1, not -1",
    ),
    ('{"Tournament": {"Name": "x", "Date": "2025-01-01"}, "Decks": []}', "1:62", "no rounds and no standings"),
    ('{"Tournament": {"Name": "x", "Date": "2025-01-01", "Uri": "javascript:alert(1)"}}', "1:59", "not a web address"),
    (
        '{"Tournament": {"Name": "x", "Date": "2025-01-01"},\n'
        ' "Standings": [{"Rank": 1, "Player": "A", "Points": "3"}]}',
        "2:53",
        "Standings[0].Points: Points must be a whole number of at least 0",
    ),
]


@pytest.mark.parametrize(("text", "where", "message"), BAD_JSON)
def test_bad_json_is_answered_with_a_position(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(IngestError) as caught:
        read_source(path, "t.json")
    rendered = caught.value.text
    assert f"t.json:{where}: error[import]" in rendered, rendered
    assert message in rendered, rendered


def test_invalid_utf8_is_answered_with_a_position(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b'{"Tournament":\n {"Name": "\xff"}}')
    with pytest.raises(IngestError) as caught:
        read_source(path, "t.json")
    assert caught.value.text.startswith("t.json:2:12: error[encoding]: byte 0xFF is not valid UTF-8")


def test_names_from_a_file_are_data(tmp_path: Path) -> None:
    """A name that looks like YAML, HTML or a line break stays one name, written as data."""
    (tmp_path / "events").mkdir()
    doc = {
        "Tournament": {"Name": "x: y\n- z", "Date": "2025-01-01", "Uri": "https://example.org/t/1"},
        "Rounds": [
            {
                "RoundName": "Round 1",
                "Matches": [
                    {"Player1": "<script>alert(1)</script>", "Player2": "a: [b]\u202e", "Result": "2-0-0"},
                    {"Player1": "#not a comment", "Player2": "null", "Result": "2-0-0"},
                ],
            }
        ],
        "Decks": [{"Player": "#not a comment", "Mainboard": [{"Count": 4, "CardName": "Fire // Ice\nSideboard"}]}],
    }
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    prepared = prepare_import(read_source(path, "t.json"), Archive.scan(Project(tmp_path)))
    event = prepared.event
    assert event.name == "x: y - z"
    assert [p.name for p in event.players] == ["<script>alert(1)</script>", "a: [b]", "#not a comment"]
    assert [m.kind.value for m in event.rounds[0].matches] == ["played", "bye"]  # "null" means nobody
    assert prepared.decks[0][1] == "4 Fire // Ice Sideboard\n"


def test_the_site_shows_an_imported_archive_as_published(
    imported: tuple[Path, dict[str, PreparedImport]], tmp_path: Path
) -> None:
    import datetime as dt

    from ingest.publish.run import build_site

    root = tmp_path / "site"
    shutil.copytree(imported[0], root)
    build_site(Project(root), today=dt.date(2026, 11, 22), docs_only=True)
    docs = root / "build" / "docs"
    mtgo = page_text(docs / "events" / "2025-09-20-legacy-challenge-32" / "index.md")
    assert "<dt>Rules</dt><dd><a" in mtgo and "as published by MTGO</a>" in mtgo
    assert "<dt>Rounds</dt><dd>6 (not published) + 3 playoff</dd>" in mtgo
    assert '<dt>Source</dt><dd><a href="https://www.mtgo.com/decklist/legacy-challenge-32-2025-09-2012815129"' in mtgo
    assert "These are the standings MTGO published: only the top-cut bracket was published" in mtgo
    assert "Tap a player to see" not in mtgo  # no per-opponent detail: nothing was computed
    assert "Recommended" not in mtgo  # advice is for planning an event, not for history
    melee = page_text(docs / "events" / "2025-05-19-tappa-10-lega-pauper-livorno" / "index.md")
    assert "MTR as published by melee.gg" in melee and "These are the standings" not in melee
    topdeck = page_text(docs / "events" / "2024-03-30-legacy-savannah-event" / "index.md")
    assert "match results only (no games recorded)" in topdeck
    exported = json.loads((docs / "api" / "events" / "2024-03-30-legacy-savannah-event.mtgo.json").read_text())
    assert [r["RoundName"] for r in exported["Rounds"]][-3:] == ["Top 8", "Top 4", "Top 2"]


Entry = tuple[str | None, str | None, str]


def _tiny(rounds: list[list[Entry]], standings: list[tuple[str, int, int, int, int]]) -> str:
    """A small MTGODecklistCache document: rounds of (Player1, Player2, Result), standings rows
    of (player, points, wins, losses, draws)."""
    return json.dumps(
        {
            "Tournament": {"Date": "2025-03-01", "Name": "Tiny", "Uri": "https://melee.gg/Tournament/View/1"},
            "Rounds": [
                {"RoundName": f"Round {i}", "Matches": [{"Player1": a, "Player2": b, "Result": r} for a, b, r in rnd]}
                for i, rnd in enumerate(rounds, start=1)
            ],
            "Standings": [
                {"Rank": i, "Player": p, "Points": pts, "Wins": w, "Losses": lo, "Draws": d}
                for i, (p, pts, w, lo, d) in enumerate(standings, start=1)
            ],
        }
    )


def test_a_lone_0_0_0_the_standings_count_as_two_losses_is_a_double_forfeit(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    path = tmp_path / "MTGmelee--tiny.json"
    path.write_text(
        _tiny(
            [[("A", "B", "2-0-0"), ("C", "D", "0-0-0")], [("A", "C", "2-1-0"), ("B", "D", "2-0-0")]],
            [("A", 6, 2, 0, 0), ("B", 3, 1, 1, 0), ("C", 0, 0, 2, 0), ("D", 0, 0, 2, 0)],
        ),
        encoding="utf-8",
    )
    prepared = prepare_import(read_source(path, path.name), Archive.scan(Project(tmp_path)))
    assert prepared.event.rounds[0].matches[1].kind.value == "double-loss"
    assert prepared.reproduction.record_rows == 4 and _source(prepared.event).rounds == "complete"


def test_rounds_that_do_not_account_for_the_standings_keep_the_published_ones(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    path = tmp_path / "MTGmelee--tiny.json"
    # C, D and E lack round 2: C is short of a win, D and E of a loss. Whom did C beat?
    path.write_text(
        _tiny(
            [[("A", "B", "2-0-0"), ("C", "D", "2-0-0"), ("E", None, "2-0-0")], [("A", "B", "2-0-0")]],
            [("A", 6, 2, 0, 0), ("C", 6, 2, 0, 0), ("E", 3, 1, 1, 0), ("D", 0, 0, 2, 0), ("B", 0, 0, 2, 0)],
        ),
        encoding="utf-8",
    )
    prepared = prepare_import(read_source(path, path.name), Archive.scan(Project(tmp_path)))
    assert _source(prepared.event).rounds == "incomplete"
    assert prepared.reproduction.published_only
    assert [(r.player, r.record.points) for r in final_standings(prepared.event).rows] == [
        ("a", 6),
        ("c", 6),
        ("e", 3),
        ("d", 0),
        ("b", 0),
    ]


@pytest.mark.parametrize(
    "name",
    [
        "Topdeck--artabrian-weekend-2024-main-event-modern-Rp9NMLvmN4F9k8j1YoND-2024-11-24.json",
        "MTGmelee--tappa-10-lega-pauper-livorno-309833-2025-05-19.json",
        "Manatrader--manatraders-series-pioneer-october-2024-2024-10-31.json",
        "CardsRealm--torneio-pauper-do-weber-02-12-tix-pro-top-8-2025-12-02.json",
    ],
)
def test_the_standings_command_gives_the_published_points_and_w_l_d(
    imported: tuple[Path, dict[str, PreparedImport]], name: str
) -> None:
    root, prepared = imported
    result = CliRunner().invoke(main, ["--root", str(root), "standings", str(prepared[name].target), "--json"])
    doc = json.loads(result.stdout)
    assert doc["stage"] == "final standings"
    rows = {r["player"]: (r["points"], r["wins"], r["losses"], r["draws"]) for r in doc["standings"]}
    published = {r.player: (r.points, r.wins, r.losses, r.draws) for r in _source(prepared[name].event).standings}
    assert {p: rows[p] for p in published} == published


def test_melee_forfeits_and_unreported_matches(tmp_path: Path) -> None:
    """melee.gg writes "X forfeited" as X's 0-2-0 on X's page, and "Not reported" as 0-0-0:
    both players forfeiting is a double loss; a match the standings count for nothing stays
    unreported; a lone forfeit against nobody is a match loss."""
    (tmp_path / "events").mkdir()
    path = tmp_path / "MTGmelee--tiny.json"
    path.write_text(
        _tiny(
            [
                [("A", "B", "0-2-0"), ("B", "A", "0-2-0"), ("C", "D", "0-0-0"), ("E", "-", "0-2-0")],
                [("A", "C", "2-0-0"), ("B", "D", "2-1-0"), ("E", "-", "2-0-0")],
            ],
            [("A", 3, 1, 1, 0), ("B", 3, 1, 1, 0), ("E", 3, 1, 1, 0), ("C", 0, 0, 1, 0), ("D", 0, 0, 1, 0)],
        ),
        encoding="utf-8",
    )
    prepared = prepare_import(read_source(path, path.name), Archive.scan(Project(tmp_path)))
    first = prepared.event.rounds[0].matches
    assert [(m.kind.value, m.players, m.score) for m in first] == [
        ("double-loss", ("a", "b"), None),
        ("played", ("c", "d"), None),
        ("loss", ("e",), None),
    ]
    assert prepared.reproduction.exact and prepared.reproduction.record_rows == 5
    assert _source(prepared.event).rounds == "complete"
