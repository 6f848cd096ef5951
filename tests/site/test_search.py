"""The designed search index: one short entry per thing, older years in indexes of their own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ingest.publish import page_finish as pf
from ingest.publish import search_index
from ingest.publish.run import build_site
from ingest.site import fragments
from tests.site_helpers import MODERN, TODAY, make_project


def _old_copy(project_root: Path, year: int) -> str:
    """A copy of the Modern sample event dated in ``year``; returns its name."""
    source = next((project_root / "events").rglob(f"{MODERN}.yaml"))
    name = f"Vintage Modern Night {year}"
    text = source.read_text(encoding="utf-8").replace("name: Friday Night Modern 42", f"name: {name}")
    text = text.replace("date: '2026-11-13'", f"date: '{year}-03-06'")
    folder = project_root / "events" / str(year)
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "decks").exists():
        shutil.copytree(source.parent / "decks", folder / "decks")
    (folder / f"{year}-03-06-vintage-modern-night.yaml").write_text(text, encoding="utf-8")
    return name


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_index_has_one_short_entry_per_thing_and_older_years_apart(tmp_path: Path, engine: str) -> None:
    project = make_project(tmp_path)
    old = _old_copy(tmp_path, 2019)
    build_site(project, today=TODAY, engine=engine)
    site = tmp_path / "build" / "site"
    path = site / (search_index.MKDOCS_INDEX if engine == "mkdocs" else search_index.ZENSICAL_INDEX)
    main = json.loads(path.read_text(encoding="utf-8"))["docs" if engine == "mkdocs" else "items"]
    locations = [e["location"] for e in main]
    things = [(e["title"], e["location"]) for e in main]
    assert len(things) == len(set(things)), "one entry per thing"
    pages = [loc for loc in locations if loc.startswith(("players/", "events/")) and "#" not in loc]
    assert len(pages) == len(set(pages)), "one entry per player and per event"
    assert all(len(e["text"]) < 200 and "<" not in e["text"] for e in main)
    assert not [loc for loc in locations if "#" in loc and "decklists" not in loc], "no entry per section"
    assert not [loc for loc in locations if "/rounds/" in loc or "print/" in loc]
    titles = {e["title"]: e for e in main}
    assert "Friday Night Modern 42" in titles and titles["Friday Night Modern 42"]["location"].startswith("events/")
    assert "Modern" in titles and titles["Modern"]["location"] == "formats/mtg/modern/"
    assert any(e["location"].startswith("players/") and e["text"].startswith("Player") for e in main)
    assert any(e["location"] == "rules/mtr/" for e in main)
    assert any(e["text"].startswith("Banned in") for e in main), "cards on banned lists"
    assert old not in titles, "an event of an older year is not in the main index"
    year = titles["Events of 2019"]
    assert year["location"] == "?sk-year=2019"
    own = json.loads((site / search_index.YEARS_FOLDER / "2019.json").read_text(encoding="utf-8"))
    own_titles = [e["title"] for e in own["docs" if engine == "mkdocs" else "items"]]
    # Only the year's events: the main entries are in the main index alone (each year's
    # index repeated them, as heavy as the main index again a year).
    assert own_titles == [old]
    assert sorted(p.name for p in (site / search_index.YEARS_FOLDER).iterdir()) == ["2019.json"]


def test_a_planted_search_or_fragments_file_is_refused(tmp_path: Path) -> None:
    """The stored files are data: anything but the expected shape is an error, never code."""
    (tmp_path / "search.json").write_text('[{"location": "x", "title": 1, "text": "t"}]')
    with pytest.raises(fragments.FragmentError):
        search_index.read_search_entries(tmp_path)
    for planted in ("<!--sk--><p>ok</p><!--sk--><!-- a comment could forge a placeholder -->", "<p>no separator</p>"):
        (tmp_path / "index.md.html").write_text(planted)
        with pytest.raises(fragments.FragmentError, match="not a fragments file"):
            pf.read_fragments(tmp_path, "index.md")
    (tmp_path / "index.md.html").write_bytes(b"<!--sk-->\xff")
    with pytest.raises(fragments.FragmentError, match="not a fragments file"):
        pf.read_fragments(tmp_path, "index.md")
    with pytest.raises(fragments.FragmentError, match="no fragment"):
        pf.substitute("<!--sk:1-->", ["<p>only one</p>"], "x")
    with pytest.raises(fragments.FragmentError, match="no placeholder"):
        pf.substitute("<!--sk:0-->", ["<p>a</p>", "<p>b</p>"], "x")


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_an_index_with_japanese_is_searched_in_japanese_too(tmp_path: Path, engine: str) -> None:
    """Japanese has no spaces between words: an index with Japanese names tells the engine its
    languages include Japanese, so it cuts entries and queries into words (one word of
    ``東京ヴァンガード杯`` or ``佐藤健`` finds it: tests/site/test_browser_japanese.py). An index
    with no Japanese is written as before, and the entries are as they are."""
    rel = search_index.MKDOCS_INDEX if engine == "mkdocs" else search_index.ZENSICAL_INDEX
    key = "docs" if engine == "mkdocs" else "items"
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    english = [{"location": "players/alice/", "title": "Alice Kowalski", "text": "Player, 1 event"}]
    japanese = {"location": "e/", "title": "東京ヴァンガード杯", "text": "佐藤健"}
    for entries, lang in ((english, ["en"]), ([*english, japanese], ["en", "ja"])):
        path.write_text(json.dumps({"config": {"lang": ["en"], "separator": "[\\s\\-]+"}, key: []}), encoding="utf-8")
        search_index.write_search_index(tmp_path, entries, engine)
        written = json.loads(path.read_text(encoding="utf-8"))
        assert written["config"] == {"lang": lang, "separator": "[\\s\\-]+"}
        assert [(e["title"], e["text"]) for e in written[key]] == [(e["title"], e["text"]) for e in entries]
