"""Players choose how they are named: full name, initials, a handle, or not at all."""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from ingest.analytics.tables import event_tables
from ingest.cli.main import main
from ingest.core.ids import PlayerId
from ingest.decks.format_files import format_registry
from ingest.publish.run import build_site
from ingest.site.api import event_document
from ingest.site.brief import analytics_record
from ingest.site.search import SEARCH_FILE
from ingest.source.naming import is_unnamed, naming_of, unnamed_id
from ingest.source.project import Project
from ingest.source.reading import load_players
from ingest.summary.event_summary import compute_summary
from tests.builders import ROOT
from tests.site_helpers import (
    MODERN,
    make_project,
    page_text,
    read_event_document,
    sample_event,
    sample_event_and_decks,
)

TODAY = dt.date(2026, 11, 22)
HIDDEN = ("Ulla Petrov", "ulla-petrov")
"""Won Draft Night (16 players), 13th at Friday Night Modern: on event pages, decklists,
player pages of her opponents, the search index, the API, the MTGO export and seasons."""


def _choose(project: Project, choices: dict[str, str]) -> None:
    """Adds ``display`` (or a handle) to players.yaml entries."""
    path = project.players_file
    text = path.read_text(encoding="utf-8")
    for pid, extra in choices.items():
        text, n = re.subn(r"(\{id: " + re.escape(pid) + r", name: [^}]*)\}", r"\1, " + extra + "}", text)
        assert n == 1, pid
    path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def chosen_site(tmp_path_factory: pytest.TempPathFactory) -> Project:
    project = make_project(tmp_path_factory.mktemp("naming"))
    _choose(
        project,
        {"ulla-petrov": "display: hidden", "ines-costa": "display: initials", "oona-ueda": "handle: TheOracle"},
    )
    build_site(project, today=TODAY)
    return project


def _output_files(project: Project) -> list[Path]:
    build = project.root / "build"
    return sorted(p for p in build.rglob("*") if p.is_file())


def test_a_hidden_player_appears_in_no_output_file(chosen_site: Project) -> None:
    files = _output_files(chosen_site)
    assert len(files) > 300  # pages, fragments, HTML, search index, API, MTGO exports, sitemap
    for path in files:
        data = path.read_bytes()
        for secret in HIDDEN:
            assert secret.encode() not in data, (path, secret)
    site = chosen_site.root / "build" / "site"
    assert not (site / "players" / "ulla-petrov").exists()
    assert not (site / "api" / "players" / "ulla-petrov.json").exists()


def test_a_hidden_player_is_player_n_of_each_event(chosen_site: Project) -> None:
    docs = chosen_site.root / "build" / "docs"
    draft = read_event_document((docs / "api" / "events" / "2026-11-06-draft-night.json").read_text())
    roster = [p.id for p in sample_event("2026-11-06-draft-night").players]
    number = roster.index("ulla-petrov") + 1
    first = draft["final"][0]
    names = {p["id"]: p["name"] for p in draft["players"]}  # the rows name players by id only
    assert (first["player"], names[first["player"]]) == (f"P{number}", f"Player {number}")
    fnm = read_event_document((docs / "api" / "events" / "2026-11-13-friday-night-modern.json").read_text())
    other = [p.id for p in sample_event("2026-11-13-friday-night-modern").players].index("ulla-petrov") + 1
    names = {p["id"]: p["name"] for p in fnm["players"]}
    assert any(names[r["player"]] == f"Player {other}" for r in fnm["final"])
    page = page_text(docs / "events" / "2026-11-06-draft-night" / "index.md")
    assert f"Player {number}" in page
    assert 'href="../../players/P' not in page  # no player page to link to
    mtgo = json.loads((docs / "api" / "events" / "2026-11-06-draft-night.mtgo.json").read_text())
    assert f"Player {number}" in json.dumps(mtgo)
    season = json.loads((docs / "api" / "seasons" / "player-of-the-year-2026.json").read_text())
    unnamed = [r for r in season["standings"] if r["player"] is None]
    assert [(r["name"], r["points"]) for r in unnamed] == [("Unnamed player", 13.0)]


def test_initials_and_handles_are_shown_everywhere(chosen_site: Project) -> None:
    for path in _output_files(chosen_site):
        data = path.read_bytes()
        assert b"Ines Costa" not in data and b"Oona Ueda" not in data, path
    docs = chosen_site.root / "build" / "docs"
    page = page_text(docs / "players" / "ines-costa.md")
    assert page.startswith('---\ntitle: "I. C."\n') and "\n# I\\. C\\.\n" in page
    assert "# TheOracle" in page_text(docs / "players" / "oona-ueda.md")
    entries = json.loads((docs.parent / "fragments" / SEARCH_FILE).read_text())
    titles = {e["title"] for e in entries}
    assert {"I. C.", "TheOracle"} <= titles
    index = (docs / "players" / "index.md").read_text() + page_text(docs / "players" / "index.md")
    assert "I. C." in index and "TheOracle" in index


def test_standings_stay_exact_when_every_player_is_hidden(tmp_path: Path) -> None:
    """Every registered player hidden: every event's places and points are those of the file.

    Bushiroad ties nothing else breaks are ordered at random from the seed and the ids:
    the published copy keeps the file's ids for that (the Weiss Schwarz sample has such ties).
    """
    project = make_project(tmp_path)
    text = project.players_file.read_text(encoding="utf-8")
    project.players_file.write_text(re.sub(r"name: ([^}]*)\}", r"name: \1, display: hidden}", text))
    registry, problems = load_players(project)
    assert problems == [] and registry.players
    checked = 0
    for path in sorted((project.root / "events").rglob("*.yaml")):
        event, deck_files = sample_event_and_decks(path.stem)
        if event.structure.pairing == "wot-cycles" or event.is_team_event:
            continue
        real = compute_summary(event, deck_files)
        shown = compute_summary(event, deck_files, naming=naming_of(event, registry))
        if real.final is None:  # not started
            assert shown.final is None
            continue
        assert shown.final is not None
        checked += 1
        number = {p.id: f"P{i}" for i, p in enumerate(event.players, start=1)}
        assert [(number[r.player], r.rank, r.shared, r.record.points) for r in real.final.rows] == [
            (r.player, r.rank, r.shared, r.record.points) for r in shown.final.rows
        ], path.stem
        assert all(is_unnamed(r.player) for r in shown.final.rows)
    assert checked >= 4


def test_hiding_a_finalist_leaves_the_event_finished_and_its_lists_public(tmp_path: Path) -> None:
    """Friday Night Modern's winner hidden: the published copy's recorded cut (playoff round
    1's ``cut``) names them by their number like every other round, so the bracket is still
    the recorded one, the event complete, its winner "Player N" and its after-event lists public
    (it had read "in progress" and hidden every list)."""
    project = make_project(tmp_path)
    _choose(project, {"noor-berger": "display: hidden"})
    registry, problems = load_players(project)
    assert problems == []
    event, deck_files = sample_event_and_decks(MODERN)
    real = compute_summary(event, deck_files)
    shown = compute_summary(event, deck_files, naming=naming_of(event, registry))
    assert real.status == "complete" and real.winner == "noor-berger"
    assert shown.status == "complete" and shown.decklists_visible
    assert shown.winner is not None and is_unnamed(shown.winner)
    assert shown.public_archetypes()[shown.winner] == real.public_archetypes()["noor-berger"]


def test_terminal_standings_name_players_as_they_chose(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = make_project(tmp_path)
    _choose(project, {"ulla-petrov": "display: hidden", "oona-zhou": "handle: OZ"})
    monkeypatch.chdir(tmp_path)
    event = next((tmp_path / "events").rglob("2026-11-06-draft-night.yaml"))
    out = CliRunner().invoke(main, ["standings", str(event)], catch_exceptions=False).stdout
    assert "Ulla Petrov" not in out and "Oona Zhou" not in out
    assert re.search(r"^\s+1\s+Player \d+\s", out, re.M) and re.search(r"^\s+2\s+OZ\s", out, re.M)
    doc = json.loads(CliRunner().invoke(main, ["standings", str(event), "--json"]).stdout)
    assert "ulla-petrov" not in json.dumps(doc)


def test_a_handle_choice_without_a_handle_is_a_positioned_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path)
    _choose(project, {"ulla-petrov": "display: handle"})
    registry, problems = load_players(project)
    line = next(i for i, t in enumerate(project.players_file.read_text().splitlines(), 1) if "ulla-petrov" in t)
    assert [(d.code, d.pos.line) for d in problems] == [("player-handle", line)]
    assert registry.players["ulla-petrov"].shown == "U. P."  # until a handle is given
    _choose(project, {"ines-costa": "display: nickname"})
    _, problems = load_players(project)
    assert any(d.code == "schema" and "nickname" in d.message for d in problems)


def test_the_readme_example_is_a_valid_registry(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How players are named", 1)[1].split("\n## ", 1)[0]
    (example,) = re.findall(r"```yaml\n(.*?)```", section, re.S)
    project = make_project(tmp_path, samples=False)
    project.players_file.write_text(example, encoding="utf-8")
    registry, problems = load_players(project)
    assert problems == []
    assert [registry.name(p, "?") for p in ("alice-kowalski", "bram-quist", "oracle")] == [
        "Alice Kowalski",
        "B. Q.",
        "TheOracle",
    ]
    assert registry.hidden("ulla-petrov") and registry.public_aliases("p-0042") == ()


def test_a_hidden_players_deck_is_theirs_under_their_number(tmp_path: Path) -> None:
    """The decks read from the files beside an event take the published ids too: a hidden
    player's deck is theirs under their number, with its verdict; the checks keep the file's ids."""
    project = make_project(tmp_path)
    _choose(project, {"ulla-petrov": "display: hidden"})
    registry, problems = load_players(project)
    assert problems == []
    event, deck_files = sample_event_and_decks(MODERN)
    ulla = PlayerId("ulla-petrov")
    hidden = unnamed_id([p.id for p in event.players].index(ulla) + 1)

    # Her list made illegal: the published report marks her deck, under her number.
    illegal = tuple(
        replace(f, text=f.text.replace("4 Lightning Bolt", "5 Lightning Bolt")) if f.player == ulla else f
        for f in deck_files
    )
    formats, _ = format_registry(project)
    real = compute_summary(event, illegal, formats)
    shown = compute_summary(event, illegal, formats, naming=naming_of(event, registry))
    assert ulla not in shown.decks and set(shown.decks) == {hidden if p == ulla else p for p in real.decks}
    assert shown.decks[hidden].decklist == real.decks[ulla].decklist
    assert shown.decks[hidden].legal is False and real.decks[ulla].legal is False
    assert shown.checks == real.checks and [d.message.split(":")[0] for d in shown.checks] == ["ulla-petrov"]


def test_the_published_summary_renames_what_it_worked_out_on_the_file(tmp_path: Path) -> None:
    """The summary works out the decks and the standings after each round once, with the
    file's ids (its checks are the file's), and renames them for the published copy: the same
    rows, values and decks as working them out again on the published copy (which it did)."""
    project = make_project(tmp_path)
    _choose(project, {"ulla-petrov": "display: hidden", "oona-ueda": "handle: TheOracle"})
    text = project.players_file.read_text(encoding="utf-8")
    project.players_file.write_text(
        text.replace("{id: ines-costa, name: Ines Costa}", "{id: ines-c, name: Ines Costa, aliases: [ines-costa]}"),
        encoding="utf-8",
    )
    registry, problems = load_players(project)
    assert problems == []
    for slug in ("2026-11-06-draft-night", MODERN, "2026-11-20-pioneer-weekly"):
        event, deck_files = sample_event_and_decks(slug)
        naming = naming_of(event, registry)
        once = compute_summary(event, deck_files, naming=naming)
        public = naming.published(event)
        again = compute_summary(public, tuple(f.renamed(naming.published_id) for f in deck_files))
        assert public is not event and once.event == again.event
        assert any(p.file_id for p in public.players), slug  # a hidden player: published under a number
        assert [t.rows for t in once.standings] == [t.rows for t in again.standings] != []
        ids = [p.id for p in public.players]
        for a, b in zip(once.standings, again.standings, strict=True):
            assert a.values_at.keys() == b.values_at.keys()
            for k in a.values_at:
                assert [a.values_at[k][p] for p in ids if p in a.values_at[k]] == [
                    b.values_at[k][p] for p in ids if p in b.values_at[k]
                ]
        assert once.final is not None and again.final is not None and once.final.rows == again.final.rows
        assert once.decks == again.decks and once.winner == again.winner and once.seeds == again.seeds
    assert naming_of(sample_event("2026-11-13-friday-night-modern"), registry).canonical == {"ines-costa": "ines-c"}
    # The API document names a player's page only where it is not the player's id (version 4).
    event, deck_files = sample_event_and_decks("2026-11-13-friday-night-modern")
    players = event_document(compute_summary(event, deck_files, naming=naming_of(event, registry)))["players"]
    assert {p["id"]: p["player_page"] for p in players if "player_page" in p} == {"ines-costa": "ines-c"}


def test_a_name_players_yaml_spells_otherwise_is_the_name_in_every_table(tmp_path: Path) -> None:
    """A player named in full whose entry in players.yaml spells the name otherwise than the
    event file: the API document's standings, like its players, name them as players.yaml
    does (its standings had kept the file's spelling, as had the analysts' tables)."""
    project = make_project(tmp_path)
    text = project.players_file.read_text(encoding="utf-8")
    project.players_file.write_text(text.replace("name: Beatrix Okafor}", "name: Beatrix O. Okafor}"), encoding="utf-8")
    registry, problems = load_players(project)
    assert problems == []
    event, deck_files = sample_event_and_decks("2026-09-19-weiss-schwarz-neo-standard")
    report = compute_summary(event, deck_files, naming=naming_of(event, registry))
    doc = event_document(report)
    names = {p["id"]: p["name"] for p in doc["players"]}
    assert names["beatrix-okafor"] == "Beatrix O. Okafor"
    # The standings name each player by id only (version 4): the name is the players' one.
    assert {row["player"] for row in doc["final"]} == set(names) and not any("name" in row for row in doc["final"])
    rows = event_tables(report, analytics_record(report)).standings
    assert any("Beatrix O. Okafor" in row for row in rows) and not any("Beatrix Okafor" in row for row in rows)
