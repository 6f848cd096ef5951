"""Season pages and API documents of the sample site."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest
from jsonschema import Draft202012Validator

from tests.builders import DATA, ROOT
from tests.goldens import Golden
from tests.site_helpers import page_text

POTY = "player-of-the-year-2026"
LEAGUE = "dragons-hoard-league-2026"


def _api(sample_docs: Path, sid: str) -> dict[str, Any]:
    return cast(dict[str, Any], json.loads((sample_docs / "api" / "seasons" / f"{sid}.json").read_text()))


@pytest.mark.parametrize("rel", [f"seasons/{POTY}.md", f"seasons/{LEAGUE}.md", f"api/seasons/{POTY}.json"])
def test_golden_season_pages(sample_docs: Path, rel: str, golden: Golden) -> None:
    path = sample_docs / rel
    text = page_text(path) if rel.endswith(".md") else path.read_text()
    golden.check(DATA / "golden" / "site" / rel, text)


def test_season_api_documents_validate_against_their_schemas(sample_docs: Path) -> None:
    schemas = {
        name: Draft202012Validator(
            json.loads((ROOT / "schema" / f"{name}.schema.json").read_text()),
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        for name in ("api-season", "api-seasons")
    }
    index = json.loads((sample_docs / "api" / "seasons.json").read_text())
    schemas["api-seasons"].validate(index)
    assert [s["id"] for s in index["seasons"]] == [LEAGUE, POTY]
    for sid in (LEAGUE, POTY):
        schemas["api-season"].validate(_api(sample_docs, sid))


def test_player_of_the_year_is_scored_as_a_circuit_scaled_by_event_size(sample_docs: Path) -> None:
    doc = _api(sample_docs, POTY)
    assert [e["slug"] for e in doc["events"]] == [
        "2026-10-10-team-unified-standard",
        "2026-11-06-draft-night",
        "2026-11-13-friday-night-modern",
    ]
    assert doc["pending"] == ["2026-11-20-pioneer-weekly", "2026-12-04-legacy-league"]
    rows = {r["player"]: r for r in doc["standings"]}
    ulla = rows["ulla-petrov"]
    # Won the 16-player draft: 10 (factor 1); 13th of 24 at Friday Night Modern: 2 x 1.5 = 3.
    assert [(x["event"], x["rank"], x["points"]) for x in ulla["results"]] == [
        ("2026-11-06-draft-night", 1, 10.0),
        ("2026-11-13-friday-night-modern", 13, 3.0),
    ]
    assert ulla["points_exact"] == "13/1"
    # Level on 13 with Oona Ueda (7th, 3rd of 24: 4 + 6 x 1.5 = 13): best finish decides.
    assert [(r["rank"], r["player"]) for r in doc["standings"][2:4]] == [(3, "ulla-petrov"), (4, "oona-ueda")]
    # The top 8 qualify; the line falls after them.
    assert [r["qualified"] for r in doc["standings"]].count(True) >= 8
    # A table after every counted event, the last one being the current table.
    assert [t["after"] for t in doc["after_each_event"]] == [e["slug"] for e in doc["events"]]
    assert doc["after_each_event"][-1]["standings"] == doc["standings"]


def test_season_page_shows_movement_dropped_results_and_the_line(sample_docs: Path) -> None:
    page = page_text(sample_docs / "seasons" / f"{LEAGUE}.md")
    assert "After Friday Night Modern 42 (2026-11-13)" in page
    assert 'class="sk-move sk-up"' in page and 'class="sk-move sk-down"' in page
    assert page.count('class="sk-qualify-line"') == 2  # the current table and the one after the first event
    assert "The top 4 qualify for the league finals" in page
    assert "After Draft Night: Edge of Eternities" in page


def test_seasons_are_linked_from_home_events_and_players(sample_docs: Path) -> None:
    home = page_text(sample_docs / "index.md")
    assert f'href="seasons/{POTY}/"' in home and f'href="seasons/{LEAGUE}/"' in home
    fnm = page_text(sample_docs / "events" / "2026-11-13-friday-night-modern" / "index.md")
    assert f'href="../../seasons/{POTY}/"' in fnm and f'href="../../seasons/{LEAGUE}/"' in fnm
    wot = page_text(sample_docs / "events" / "2026-08-15-wheel-of-time-sealed" / "index.md")
    assert "seasons/" not in wot
    player = page_text(sample_docs / "players" / "ulla-petrov.md")
    assert f'href="../../seasons/{POTY}/"' in player
    assert (sample_docs / "seasons" / "index.md").exists()


def test_untrusted_season_text_is_escaped(tmp_path: Path) -> None:
    import datetime as dt

    from ingest.publish.run import build_site
    from tests.site_helpers import make_project

    project = make_project(tmp_path)
    (project.root / "seasons" / "evil.yaml").write_text(
        'name: "<script>alert(1)</script> League"\n'
        'description: "<img src=x onerror=alert(1)>"\n'
        "events: {game: mtg}\n"
        "points: {participation: 1}\n"
        'qualify: {top: 2, label: "<b>finals</b>"}\n',
        encoding="utf-8",
    )
    build_site(project, today=dt.date(2026, 11, 22), docs_only=True)
    docs = project.root / "build" / "docs"
    page = page_text(docs / "seasons" / "evil.md")
    assert "<script>" not in page and "<img" not in page and "<b>finals" not in page
    assert "&lt;script&gt;" in page or "\\<script\\>" in page


def test_seasons_are_in_the_search_index(sample_docs: Path) -> None:
    from ingest.site.search import SEARCH_FILE

    entries = json.loads((sample_docs.parent / "fragments" / SEARCH_FILE).read_text())
    found = {e["location"]: e for e in entries if e["location"].startswith("seasons/")}
    assert set(found) == {f"seasons/{LEAGUE}/", f"seasons/{POTY}/"}
    assert found[f"seasons/{POTY}/"]["title"] == "Magic Player of the Year 2026"
