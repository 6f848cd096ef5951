"""The MTGODecklistCache export field for field as the archive's real files are.

The export schema accepts every real file of the archive (``tests/data/import/mtgodecklistcache``,
24 files from five platforms) and every document the sample project exports; both are read
with the types of the format's own C# model (:mod:`tests.importers.decklistcache_model`:
a ``double`` or an ``int`` is never null). What the export writes is the real files'
shape: ``Uri`` the event's page, ``AnchorUri`` the deck's anchor, decks by finish,
``Finals``, ranks 1..N, Magic events only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ingest.importers import Archive, prepare_import, read_source
from ingest.importers.platforms import is_playoff_name
from ingest.publish.run import build_site
from ingest.site.api_mtgo import mtgo_document, mtgo_files
from ingest.source.pipeline import load_event
from ingest.source.players import PlayerRegistry
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from tests.builders import DATA, ROOT
from tests.importers.decklistcache_model import CsTypeError, read_cache_item
from tests.site_helpers import MODERN, TODAY, make_project, page_text, sample_event_and_decks

SCHEMA = Draft202012Validator(json.loads((ROOT / "schema" / "api-event-mtgo.schema.json").read_text()))
REAL = sorted((DATA / "import" / "mtgodecklistcache").glob("*.json"))
SITE = "https://club.example/results/"
MAGIC = ["2026-11-06-draft-night", "2026-11-13-friday-night-modern", "2026-11-20-pioneer-weekly"]
OTHER_GAMES = ["2026-09-19-weiss-schwarz-neo-standard", "2026-10-24-transformers-constructed"]


def _place(result: str) -> int:
    m = re.fullmatch(r"(\d+)(st|nd|rd|th) Place", result)
    assert m, result
    return int(m[1])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build/docs`` of the sample project whose mkdocs.yml sets ``site_url``."""
    project = make_project(tmp_path_factory.mktemp("mtgo") / "project")
    with project.mkdocs_file.open("a", encoding="utf-8") as f:
        f.write(f"site_url: {SITE}\n")
    build_site(project, today=TODAY, docs_only=True)
    return project.root / "build" / "docs"


def _exports(docs: Path) -> dict[str, Any]:
    files = (docs / "api" / "events").glob("*.mtgo.json")
    return {p.name.removesuffix(".mtgo.json"): json.loads(p.read_text()) for p in files}


# -- the archive's real files ---------------------------------------------------------------------


def test_the_real_files_are_all_here() -> None:
    assert len(REAL) == 24
    assert {p.name.split("--")[0] for p in REAL} == {"CardsRealm", "MTGO", "MTGmelee", "Manatrader", "Topdeck"}


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:48])
def test_the_schema_accepts_a_real_file(path: Path) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in SCHEMA.iter_errors(json.loads(path.read_text()))]
    assert errors == []


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:48])
def test_the_csharp_model_reads_a_real_file(path: Path) -> None:
    item = read_cache_item(json.loads(path.read_text()))
    assert item.Tournament is not None and item.Standings is not None and item.Decks is not None
    # what the export copies: ranks are places 1..N, decks come by finish
    assert [s.Rank for s in item.Standings] == list(range(1, len(item.Standings) + 1))
    places = [_place(d.Result or "") for d in item.Decks]
    assert places == sorted(places)


def test_the_model_refuses_a_null_where_the_csharp_type_cannot_hold_one() -> None:
    """Json.NET throws on a null for a value type (int, double, DateTime), takes it for a
    reference type (string, Uri) or a DateTime?, and leaves a missing member at its default."""
    base = json.loads(REAL[0].read_text())
    for part, index, key in (
        ("Standings", 0, "GWP"),
        ("Standings", 0, "Rank"),
        ("Standings", 0, "Points"),
        ("Tournament", None, "Date"),
    ):
        doc = json.loads(json.dumps(base))
        target = doc[part] if index is None else doc[part][index]
        target[key] = None
        with pytest.raises(CsTypeError, match=f"{key}: null"):
            read_cache_item(doc)
    doc = json.loads(json.dumps(base))
    doc["Decks"][0].update(Date=None, AnchorUri=None, Result=None)
    doc["Tournament"]["Uri"] = None
    del doc["Standings"][0]["OGWP"]
    item = read_cache_item(doc)
    assert item.Decks is not None and item.Decks[0].Date is None
    assert item.Standings is not None and item.Standings[0].OGWP == 0.0
    doc["Standings"][0]["Wins"] = 1.5
    with pytest.raises(CsTypeError, match=r"not a System\.Int32"):
        read_cache_item(doc)


# -- our exports ----------------------------------------------------------------------------------


def test_the_sample_project_s_exports_are_magic_events_only(built: Path) -> None:
    assert sorted(_exports(built)) == MAGIC
    # nothing links to a document that is not there
    for path in built.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".json", ".html", ".xml", ".ics"):
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not any(f"{slug}.mtgo.json" in text for slug in OTHER_GAMES), path


@pytest.mark.parametrize("slug", MAGIC)
def test_an_export_passes_the_schema_and_the_csharp_model(built: Path, slug: str) -> None:
    doc = _exports(built)[slug]
    SCHEMA.validate(doc)
    item = read_cache_item(doc)
    assert item.Tournament is not None and item.Standings and item.Decks is not None
    assert item.Tournament.Uri == f"{SITE}events/{slug}/"
    assert [s.Rank for s in item.Standings] == list(range(1, len(item.Standings) + 1))
    rank = {s.Player: s.Rank for s in item.Standings}
    # decks by finish, each at its player's place, anchored on the decklists page
    assert [_place(d.Result or "") for d in item.Decks] == sorted(rank[d.Player] for d in item.Decks if d.Player)
    assert all(_place(d.Result or "") == rank[d.Player] for d in item.Decks if d.Player)
    for d in item.Decks:
        assert d.AnchorUri is not None
        assert re.fullmatch(rf"{re.escape(SITE)}events/{slug}/decklists/#deck-[a-z0-9-]+", d.AnchorUri)
    decklists = built / "events" / slug / "decklists.md"
    if item.Decks:
        page = page_text(decklists)
        for d in item.Decks:
            assert f'id="{(d.AnchorUri or "").split("#")[1]}"' in page


def test_the_modern_export_reads_like_a_challenge(built: Path) -> None:
    """The top cut as the archive names it, and the champion's deck first."""
    doc = _exports(built)[MODERN]
    names = [r["RoundName"] for r in doc["Rounds"]]
    assert names[-3:] == ["Quarterfinals", "Semifinals", "Finals"]
    assert all(re.fullmatch(r"Round \d+", n) for n in names[:-3])
    (final,) = doc["Rounds"][-1]["Matches"]
    won, lost, _ = (int(x) for x in final["Result"].split("-"))
    champion = final["Player1"] if won > lost else final["Player2"]
    assert doc["Decks"][0]["Player"] == champion and doc["Decks"][0]["Result"] == "1st Place"
    assert doc["Standings"][0]["Player"] == champion


def test_without_site_url_the_event_s_own_address_or_null() -> None:
    """Without ``site_url`` the site's addresses are not known: ``Uri`` is what the event
    records (its announcement), else null, and ``AnchorUri`` null as in the real files."""
    report = compute_summary(*sample_event_and_decks(MODERN))
    doc = mtgo_document(report, PlayerRegistry())
    assert doc is not None and doc["Decks"]
    assert doc["Tournament"]["Uri"] == (report.event.url or None)
    assert {d["AnchorUri"] for d in doc["Decks"]} == {None}
    read_cache_item(doc)
    with_site = mtgo_document(report, PlayerRegistry(), "https://club.example")
    assert with_site is not None
    assert with_site["Tournament"]["Uri"] == f"https://club.example/events/{MODERN}/"


@pytest.mark.parametrize("slug", OTHER_GAMES)
def test_other_games_have_no_document(slug: str) -> None:
    assert mtgo_files(compute_summary(*sample_event_and_decks(slug)), PlayerRegistry(), SITE) == {}


# -- both ways: a real file imported, then exported -----------------------------------------------


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each real file imported into one project, then exported as the site does (with ``site_url``)."""
    root = tmp_path_factory.mktemp("archive")
    (root / "events").mkdir()
    project = Project(root)
    archive = Archive.scan(project)
    out = {}
    for path in REAL:
        prepared = prepare_import(read_source(path, path.name), archive, what=path.name)
        prepared.target.parent.mkdir(parents=True, exist_ok=True)
        for deck, text in prepared.decks:
            deck.parent.mkdir(parents=True, exist_ok=True)
            deck.write_text(text, encoding="utf-8")
        prepared.target.write_text(prepared.text, encoding="utf-8")
        loaded = load_event(prepared.target, project)
        assert loaded.event is not None
        out[path.name] = mtgo_document(compute_summary(loaded.event, loaded.deck_files), PlayerRegistry(), SITE)
    return out


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:48])
def test_a_real_file_imported_is_exported_as_the_archive_wrote_it(imported: dict[str, Any], path: Path) -> None:
    """Field for field: the same tournament, rounds and top-cut names, and decks; each deck
    at the place the file gave it wherever our standings rank its player where the platform
    did (the residual rows the importer does not reproduce are counted in docs/importing.md)."""
    real, ours = json.loads(path.read_text()), imported[path.name]
    SCHEMA.validate(ours)
    read_cache_item(ours)
    assert ours["Tournament"]["Name"] == real["Tournament"]["Name"]
    # ManaTraders leaves the format out; an import keeps only the formats decks are checked
    # for (Premodern, Duel Commander are "other", exported as null): never a wrong one
    assert None in (real["Tournament"]["Formats"], ours["Tournament"]["Formats"]) or (
        real["Tournament"]["Formats"] == ours["Tournament"]["Formats"]
    )
    assert ours["Tournament"]["Uri"].startswith(f"{SITE}events/")
    assert len(ours["Rounds"]) == len(real["Rounds"])
    top_cut = [r["RoundName"] for r in real["Rounds"] if is_playoff_name(r["RoundName"])]
    assert [r["RoundName"] for r in ours["Rounds"] if is_playoff_name(r["RoundName"])] == top_cut
    published = {s["Player"]: s["Rank"] for s in real["Standings"]}
    rank = {s["Player"]: s["Rank"] for s in ours["Standings"]}
    place = {d["Player"]: _place(d["Result"]) for d in ours["Decks"]}
    # an empty list is not a deck (the importer keeps none)
    decks = [d for d in real["Decks"] if d["Mainboard"]]
    same = [d["Player"] for d in decks if rank.get(d["Player"]) == published.get(d["Player"], 0)]
    expected = {d["Player"]: _place(d["Result"]) for d in decks if d["Player"] in same}
    assert {p: place.get(p) for p in same} == expected
    if real["Decks"] and real["Decks"][0]["Result"] == "1st Place":
        # the champion's deck first, whether the standings are the Swiss ones (MTGO, ManaTraders) or not
        assert ours["Decks"][0]["Player"] == real["Decks"][0]["Player"]
