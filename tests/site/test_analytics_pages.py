"""The analytics pages as the build writes them: the figures of the archive, every figure
linking to the matches it came from and each of those to its round, a phone's way through
the matrix (one archetype at a time, without script), text for every chart, and no name."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest

from benchmarks.build import generate
from ingest.analytics.figures import Scope, analyse
from ingest.analytics.intervals import MIN_SAMPLE
from ingest.analytics.records import EventRecord
from ingest.publish.run import build_site
from ingest.site.analytics_views import anchors
from ingest.source.project import Project
from tests.site.match_documents import drawn, page_documents
from tests.site_helpers import MODERN, TODAY, make_project, page_text


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve weekly Modern events of 32 players, built (docs only)."""
    root = tmp_path_factory.mktemp("analytics") / "archive"
    generate(root, 12)
    build_site(Project(root), today=TODAY, docs_only=True)
    return root / "build" / "docs"


def _records(docs: Path) -> list[EventRecord]:
    """The archive's analytics records, as the build kept them in its digests (recomputed here from the files)."""
    from ingest.checks.event_files import event_data, load_event
    from ingest.decks.format_files import load_archetype_book
    from ingest.site.brief import analytics_record
    from ingest.source.naming import naming_of
    from ingest.source.reading import load_players
    from ingest.summary.event_summary import compute_summary

    project = Project(docs.parents[1])
    data = event_data(project)
    book = load_archetype_book(project)[0]
    players = load_players(project)[0]
    out = []
    for path in sorted((project.root / "events").rglob("*.yaml")):
        item = load_event(path, project, data=data)
        assert item.event is not None
        naming = naming_of(item.event, players)
        out.append(analytics_record(compute_summary(item.event, item.deck_files, data.formats, book, naming=naming)))
    return out


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', html)


def _target(page_url: str, href: str) -> tuple[str, str]:
    """Where a link on the page at ``page_url`` (from the site root) goes: (path from the root, anchor)."""
    path, _, anchor = href.partition("#")
    return posixpath.normpath(posixpath.join(page_url, path)), anchor


def test_the_page_shows_the_archive_s_figures(archive: Path) -> None:
    page = page_text(archive / "analytics/mtg/modern/index.md")
    a = analyse(_records(archive), Scope("mtg", "modern"))
    assert a.counted > 500 and len(a.events) == 12
    assert f"<dd>{a.counted} " in page
    for row in a.rows:
        t = row.tally
        summary = re.search(
            rf'<summary><strong>{re.escape(row.archetype)}</strong> (?:<a href="[^"]+">)?(\d+-\d+-\d+)', page
        )
        assert summary is not None and summary[1] == f"{t.wins}-{t.losses}-{t.draws}", row.archetype
    # every archetype's trend is a chart with its figures in words
    charts = re.findall(r'<svg class="sk-spark"[^>]*role="img" aria-label="([^"]+)"', page)
    assert len(charts) == len(a.rows) and all(re.search(r"\d{4}-W?\d{2}: [\d.]+%", c) for c in charts)


def test_every_figure_links_to_its_matches_and_they_to_their_rounds(archive: Path) -> None:
    page = page_text(archive / "analytics/mtg/modern/index.md")
    cells = [u for u in _links(page) if "/archetypes/" in u and "#vs-" in u]
    a = analyse(_records(archive), Scope("mtg", "modern"))
    assert cells and len(cells) == sum(len(r.cells) for r in a.rows)
    # each archetype's record leads to all its matches
    lists = ("/cut/", "/decks/")
    assert {u for u in _links(page) if u.endswith("/") and "/archetypes/" in u and not u.endswith(lists)} == {
        f"../../../analytics/mtg/modern/archetypes/{x}/" for x in anchors(a.archetypes).values()
    }
    for url in cells:
        path, anchor = _target("analytics/mtg/modern/", url)
        target = page_text(archive / (path + ".md"))
        assert f"{{ #{anchor} }}" in target, url
    # each period of the share trend leads to its events (a page a year, a section a period)
    periods = [u for u in _links(page) if "/periods/" in u]
    assert len(periods) == len(a.trend) > 1
    for url in periods:
        path, anchor = _target("analytics/mtg/modern/", url)
        assert f"{{ #{anchor} }}" in page_text(archive / (path + ".md")), url
    # Burn's list draws every match it was computed from, each once, from the format's documents
    burn = page_text(archive / "analytics/mtg/modern/archetypes/burn.md")
    name, paths = page_documents(burn, "analytics/mtg/modern/archetypes/burn/")
    assert name == "Burn" and paths
    shown = drawn(name, {p: json.loads((archive / p).read_text(encoding="utf-8")) for p in paths})
    row = a.row("Burn")
    assert len(shown) == sum(c.tally.matches for c in row.cells)
    for c in row.cells:
        mine = [m.result for m in shown if m.opponent == c.opponent]
        assert (mine.count("win"), mine.count("loss"), mine.count("draw")) == (
            c.tally.wins,
            c.tally.losses,
            c.tally.draws,
        )
        assert f"{{ #vs-{anchors(a.archetypes)[c.opponent]} }}" in burn
    for m in shown:
        assert m.stage == "swiss"
        rounds = (archive / "events" / m.slug / "rounds.md").read_text(encoding="utf-8")
        assert f"{{ #round-{m.round} }}" in rounds, m


def test_small_samples_are_too_few_not_a_percentage(archive: Path) -> None:
    page = page_text(archive / "analytics/mtg/modern/index.md")
    a = analyse(_records(archive), Scope("mtg", "modern"))
    small = [c for r in a.rows for c in r.cells if c.tally.matches < MIN_SAMPLE]
    assert page.count("too few matches") == len(small)


def test_the_format_page_and_the_seasons_link_to_it(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    build_site(project, today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    assert 'href="../../../analytics/mtg/modern/"' in page_text(docs / "formats/mtg/modern.md")
    assert "analytics/" not in page_text(docs / "formats/mtg/vintage.md")  # no event: no page
    # Transformers lists are public but name no archetype: nothing to say, no page.
    assert not (docs / "analytics/transformers").exists()
    assert (docs / "analytics/weiss-schwarz/neo-standard/index.md").exists()
    modern = page_text(docs / "analytics/mtg/modern/index.md")
    assert "seasons/dragons-hoard-league-2026/" in modern
    league = page_text(docs / "seasons/dragons-hoard-league-2026.md")
    link = 'href="../../analytics/mtg/modern/seasons/dragons-hoard-league-2026/">Magic: The Gathering: Modern</a>'
    assert link in league
    season = page_text(docs / "analytics/mtg/modern/seasons/dragons-hoard-league-2026/index.md")
    assert "Dragon&#39;s Hoard League" in season or "Dragon's Hoard League" in season
    # The sample Modern event had a top 8: conversion is shown with what its size made expected.
    assert "Conversion to the top cut" in modern and "exp. " in modern


def test_no_player_is_named_and_lists_not_public_count_nowhere(tmp_path: Path) -> None:
    """The Modern sample's lists (after-event, the event over) count; made private, they count
    nowhere and the format has no page; made public again, they count. Players are named only
    in the lists of the decks that reached a top cut (tests/site/test_analytics_lists.py)."""
    project = make_project(tmp_path)
    docs = tmp_path / "build" / "docs"
    modern = next((tmp_path / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    for policy, shown in (("after-event", True), ("private", False), ("public", True)):
        modern.write_text(text.replace("decklists: after-event", f"decklists: {policy}"), encoding="utf-8")
        build_site(project, today=TODAY, docs_only=True)
        assert (docs / "analytics/mtg/modern/index.md").exists() == shown, policy
        assert any((docs / "api/analytics/mtg/modern").glob("*.json")) == shown, policy  # its matches as data
    event = next((tmp_path / "events").rglob(f"{MODERN}.yaml")).read_text(encoding="utf-8")
    names = re.findall(r"\{id: [a-z-]+, name: ([^,}]+)", event)
    assert len(names) > 8
    for page in (docs / "analytics").rglob("*.md"):
        if page.name == "cut.md":
            continue
        text = page_text(page)
        assert not any(n in text for n in names), page
    for doc in (docs / "api" / "analytics").rglob("*.json"):
        text = doc.read_text(encoding="utf-8")
        assert not any(n in text for n in names), doc


def test_a_result_in_one_format_leaves_the_other_formats_pages_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build keeps each format's analytics pages by what they are made from: after a Weiss
    Schwarz result changes, only Weiss Schwarz's are made again (the Modern ones come from
    the cache, as they are)."""
    from ingest.publish.build_state import BuildMemory
    from ingest.site import analytics_pages

    made: list[str] = []
    real = analytics_pages._format_pages

    def counted(inputs: object, templates: object, game: str, fmt: str, *rest: object) -> object:
        made.append(f"{game}/{fmt}")
        return real(inputs, templates, game, fmt, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(analytics_pages, "_format_pages", counted)
    project = make_project(tmp_path)
    memory = BuildMemory()
    build_site(project, today=TODAY, docs_only=True, memory=memory, workers=1)
    assert sorted(made) == ["mtg/modern", "weiss-schwarz/neo-standard"]
    modern = page_text(tmp_path / "build/docs/analytics/mtg/modern/index.md")
    ws = next((tmp_path / "events").rglob("2026-09-19-weiss-schwarz-neo-standard.yaml"))
    text = ws.read_text(encoding="utf-8")
    first = re.search(r"games: (\d)-(\d)", text)
    assert first is not None and first[1] != first[2]
    ws.write_text(text.replace(first[0], f"games: {first[2]}-{first[1]}", 1), encoding="utf-8")
    made.clear()
    build_site(project, today=TODAY, docs_only=True, memory=memory, workers=1)
    assert made == ["weiss-schwarz/neo-standard"]
    assert page_text(tmp_path / "build/docs/analytics/mtg/modern/index.md") == modern
