"""The players' index past 2,000 players is a page per initial (issue 38, point 4), so no page
of it a phone opens grows with the archive; below that it is one page with "Find a player".
"""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path

import pytest

from ingest.core.slug import slug
from ingest.publish.run import build_site
from ingest.publish.template_files import read_templates
from ingest.site import player_pages
from ingest.site.fragments import fragments_key
from ingest.site.player_pages import players_index
from ingest.source.layers import SearchPath
from tests.builders import ROOT
from tests.site_helpers import TODAY, make_project, page_text

PAGE_BUDGET = 100 * 1024
"""Gzipped bytes an index page's own text may take: half a phone's 200 KB (the theme's page,
scripts and styles take the rest)."""

FIRST = ["Ana", "Bram", "Émile", "Femi", "Hana", "Ines", "Kenji", "Luca", "Noor", "Priya", "Sami", "Wren", "Zeno"]
LAST = ["Abbott", "Berger", "Castillo", "Duarte", "Engel", "Gallo", "Ito", "Jansen", "Quist", "Rossi", "Varga"]


def _players(count: int) -> list[dict[str, object]]:
    rng = random.Random(38)
    out = []
    for i in range(count):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
        out.append({"id": slug(name), "name": name, "events": rng.randint(1, 400)})
    return sorted(out, key=lambda p: str(p["name"]).casefold())


def _gzipped(files: dict[str, str | bytes], page: str) -> int:
    return sum(len(gzip.compress(str(text).encode("utf-8"))) for path, text in files.items() if page in path)


def test_past_the_limit_each_initial_has_a_page_within_a_phones_budget() -> None:
    templates = read_templates(SearchPath((ROOT / "site_templates",)))
    players = _players(30_000)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(player_pages, "PLAYERS_PER_PAGE", len(players))
        whole = players_index(players, templates)
    assert [p for p in whole if p.endswith(".md")] == ["players/index.md"]
    assert _gzipped(whole, "players/index.md") > PAGE_BUDGET  # one page: past the budget
    files = players_index(players, templates)
    pages = sorted(p for p in files if p.endswith(".md"))
    assert pages[0] == "players/_a/index.md" and "players/index.md" in pages
    for page in pages:
        assert _gzipped(files, page) <= PAGE_BUDGET, page
    index = str(files[fragments_key("players/index.md")])
    counts = re.findall(r'<li><a href="_([a-z0-9])/">[A-Z0-9]</a> <span class="sk-muted">(\d+) players</span>', index)
    assert [f"players/_{key}/index.md" for key, _ in counts] == [p for p in pages if p != "players/index.md"]
    for key, count in counts:  # each page lists the players of its initial, each once
        text = str(files[fragments_key(f"players/_{key}/index.md")])
        assert text.count('<li><a href="../') == int(count)
    assert sum(int(n) for _, n in counts) == len(players)


def test_the_sample_players_past_a_small_limit(tmp_path: Path) -> None:
    """With the limit at 10, the sample site's players are listed by initial: every player
    with a page once, under the initial of their name, each link leading to their page."""
    project = make_project(tmp_path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(player_pages, "PLAYERS_PER_PAGE", 10)
        build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    have_pages = sorted(p.stem for p in (docs / "players").glob("*.md") if p.stem != "index")
    index = page_text(docs / "players" / "index.md")
    letters = re.findall(r'<li><a href="_([a-z0-9])/">([A-Z0-9])</a>', index)
    assert letters and all(key.upper() == label for key, label in letters)
    assert "sk-player-list" not in index
    listed = []
    for key, label in letters:
        page = f"players/_{key}/index.md"
        text = page_text(docs / page)
        assert f"# Players: {label}" in text and '<a href="../">All players</a>' in text
        found = re.findall(r'<li><a href="\.\./([a-z0-9-]+)/">([^<]+)</a>', text)
        assert found, page
        for pid, name in found:
            assert slug(name)[0] == key, (name, page)
            assert (docs / "players" / f"{pid}.md").is_file()
        listed += [pid for pid, _ in found]
    assert sorted(listed) == have_pages
