"""The lists behind the analytics figures: each conversion figure leads to the decks that
reached the top cut (hidden players by their number only), each period of the share trend
to its events, and an archetype's match list comes in pages a phone can open (next and
previous links, each page under the weight budget) however large the archive, an archetype's
matches drawn from the format's documents, a year each."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import math
import posixpath
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ingest.analytics.figures import Analytics, Scope, analyse, period_of
from ingest.analytics.format_sums import summed
from ingest.analytics.records import EventRecord, MatchRow, Placing
from ingest.publish.run import build_site
from ingest.publish.template_files import read_templates
from ingest.site.analytics_lists import (
    PAGE_ROWS,
    cut_pages,
    deck_pages,
    match_pages,
    match_starts,
    period_pages,
    period_url,
)
from ingest.site.analytics_views import anchors
from ingest.site.fragments import decode, fragments_key
from ingest.site.page import Files, page_url
from ingest.source.project import Project
from tests.site.match_documents import drawn, page_documents
from tests.site_helpers import MODERN, TODAY, make_project, page_text, site_inputs, with_fragments

ROOT = "analytics/mtg/modern/"
PAGE_BUDGET = 200 * 1024
"""What a page a phone opens may weigh, gzipped (DESIGN §6, §9)."""
THEME_ALLOWANCE = 60 * 1024
"""What the site engine's own HTML around a page's content may add, gzipped (generous: the
navigation is pruned, DESIGN §6); the page's content must fit in the rest."""


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', html)


def _target(page: str, href: str) -> tuple[str, str]:
    """Where a link on the page at address ``page`` goes: (address from the root, anchor)."""
    path, _, anchor = href.partition("#")
    return posixpath.normpath(posixpath.join(page, path)) + "/", anchor


def _shown(files: Files, path: str) -> str:
    text, stored = files[path], files.get(fragments_key(path))
    assert isinstance(text, str)
    return with_fragments(text, decode(stored, path) if stored else [], path)


def _by_url(files: Files) -> dict[str, str]:
    return {page_url(p): p for p in files if p.endswith(".md")}


# -- conversion -> the decks of the top cut ---------------------------------------------------


def test_each_conversion_figure_links_to_the_decks_that_reached_the_cut(tmp_path: Path) -> None:
    """The sample Modern event's top 8: every conversion cell with a deck that reached its
    stage leads to the archetype's list of them; the list reconciles with the figures (its
    decks at each stage or beyond = reached) and links each deck to the event's top cut."""
    make_project(tmp_path)
    build_site(Project(tmp_path), today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    page = page_text(docs / ROOT / "index.md")
    table = page[page.index("Conversion to the top cut") :]
    cut_links = {u for u in _links(table) if u.endswith("/cut/")}
    assert cut_links
    ranks = {"Won": 0, "Top 4": 1, "Top 8": 2, "Top cut": 3}
    seen = 0
    for url in sorted(cut_links):
        address, _ = _target(ROOT, url)
        listing = page_text(docs / (address.rstrip("/") + ".md"))
        name = re.search(r"^# (.+): its decks in the top cut$", listing, re.M)
        assert name is not None
        rows = re.findall(r'<a href="([^"]+)">[^<]+</a></td><td>([^<]+)</td><td>([^<]+)</td></tr>', listing)
        finishes = [ranks[f] for _, _, f in rows]
        # the archetype's row of the conversion table: "reached of decks" at cut, top 8, top 4, won
        row = re.search(rf'<td><a href="#[^"]+">{re.escape(name[1])}</a></td>(.*?)</tr>', table)
        assert row is not None
        reached = [int(m) if m else None for m in re.findall(r"<td>(?:<a [^>]+>)?(?:(\d+) of \d+|<span)", row[1])]
        for stage, figure in zip((3, 2, 1, 0), reached, strict=True):
            if figure is not None:
                assert sum(1 for f in finishes if f <= stage) == figure, (name[1], stage)
        for href, _player, _finish in rows:
            event, anchor = _target(address, href)
            assert event.startswith("events/") and anchor == "top-cut"
            assert "{ #top-cut }" in (docs / event / "index.md").read_text(encoding="utf-8")
        seen += len(rows)
    assert seen == 8  # the sample's top 8, each deck once


def test_a_hidden_player_in_the_top_cut_is_listed_by_number_never_named(tmp_path: Path) -> None:
    """The sample event's winner chooses to be hidden: the winning deck stays in the list and the
    figures, as "Player N"; the name appears on no analytics page."""
    make_project(tmp_path)
    registry = tmp_path / "players.yaml"
    text = registry.read_text(encoding="utf-8")
    assert "{id: noor-berger, name: Noor Berger}" in text
    registry.write_text(
        text.replace("{id: noor-berger, name: Noor Berger}", "{id: noor-berger, name: Noor Berger, display: hidden}"),
        encoding="utf-8",
    )
    build_site(Project(tmp_path), today=TODAY, docs_only=True)
    docs = tmp_path / "build" / "docs"
    listing = page_text(docs / ROOT / "archetypes/living-end/cut.md")
    assert re.search(r"<td>Player \d+</td><td>Won</td>", listing)
    for page in (docs / "analytics").rglob("*.md"):
        assert "Noor Berger" not in page_text(page), page
    data = list((docs / "api" / "analytics").rglob("*.json"))
    assert data  # the match documents the lists draw from name no player at all
    for doc in data:
        assert "Noor Berger" not in doc.read_text(encoding="utf-8"), doc
    # the others of the cut are named as published
    event = next((tmp_path / "events").rglob(f"{MODERN}.yaml")).read_text(encoding="utf-8")
    assert "Ines Costa" in event and "Ines Costa" in page_text(docs / ROOT / "archetypes/burn/cut.md")


# -- a generated archive: pages ------------------------------------------------------------


ARCHETYPES = ("Burn", "Murktide", "Amulet Titan", "Living End")


def _archive(events: int, seed: int = 37) -> list[EventRecord]:
    """``events`` weekly Modern events of 32 players (Burn on half the decks), five Swiss
    rounds of random pairings and results, and a top 8; plain records, as the build keeps them."""
    rng = random.Random(seed)
    out = []
    start = dt.date(2020, 1, 3)
    for i in range(events):
        slug = f"e{i:05d}"
        players = tuple(
            (f"p{j}", f"Player Name {j}", "Burn" if j % 2 else ARCHETYPES[1 + j % 3], f"p{j}") for j in range(32)
        )
        matches = []
        for rnd in range(1, 6):
            order = list(range(32))
            rng.shuffle(order)
            for t in range(16):
                a, b = order[2 * t], order[2 * t + 1]
                g = rng.choice(((2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1)))
                matches.append(MatchRow("swiss", rnd, t + 1, f"p{a}", f"p{b}", "played", g))
        top = tuple(sorted(f"p{j}" for j in rng.sample(range(32), 8)))
        placings = (Placing("cut", top), Placing("top8", top), Placing("top4", top[:4]), Placing("top1", top[:1]))
        out.append(
            EventRecord(
                slug,
                f"Weekly Modern {i + 1}",
                start + dt.timedelta(weeks=i),
                "mtg",
                "modern",
                "complete",
                32,
                True,
                False,
                players,
                tuple(matches),
                (),
                placings,
            )
        )
    return out


@pytest.fixture(scope="module")
def large() -> tuple[list[EventRecord], Analytics, Files]:
    """A 1,500-event archive's lists (Burn: about 60,000 matches)."""
    records = _archive(1500)
    a = analyse(records, Scope("mtg", "modern"))
    templates = read_templates(Project(Path(__file__).parents[2]).templates)
    name = "Magic: The Gathering: Modern"
    files: Files = {}
    files.update(match_pages(ROOT, templates, a, name, {r.slug: r for r in records}))
    files.update(cut_pages(ROOT, templates, a, name, records))
    files.update(deck_pages(ROOT, templates, a, name, records))
    files.update(period_pages(ROOT, ROOT, templates, a, name, records))
    return records, a, files


def _weight(files: Files, path: str) -> int:
    """A page's content (Markdown and its HTML fragments), gzipped."""
    parts = [files[path], files.get(fragments_key(path), b"")]
    content = b"".join(p.encode("utf-8") if isinstance(p, str) else p for p in parts)
    return len(gzip.compress(content, compresslevel=6))


def _documents(files: Files, path: str) -> tuple[str, dict[str, dict[str, Any]]]:
    """The archetype of a match list page and the documents it draws from, newest first."""
    name, paths = page_documents(_shown(files, path), page_url(path))
    return name, {p: json.loads(str(files[p])) for p in paths}


def test_a_popular_archetype_s_matches_open_under_the_budget(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    """Burn's list (about 60,000 matches over 29 years) is one page; its script draws the newest
    years until it holds PAGE_ROWS matches: the page and those documents weigh less than a
    page may, and every document does; over all of them, each of its matches is there once."""
    _records, a, files = large
    burn = a.row("Burn")
    matches = sum(c.tally.matches for c in burn.cells)
    assert matches > 5 * PAGE_ROWS
    path = f"{ROOT}archetypes/burn.md"
    name, docs = _documents(files, path)
    assert name == "Burn" and len(docs) > 20
    first, rows = [], 0
    for doc_path, doc in docs.items():  # as the script: newest first, until PAGE_ROWS rows
        first.append(doc_path)
        rows += len(drawn("Burn", {doc_path: doc}))
        if rows >= PAGE_ROWS:
            break
    opened = _weight(files, path) + sum(len(gzip.compress(str(files[p]).encode(), 6)) for p in first)
    assert opened <= PAGE_BUDGET - THEME_ALLOWANCE
    assert len(drawn("Burn", docs)) == matches
    for p, text in files.items():
        if p.endswith(".md"):
            assert _weight(files, p) <= PAGE_BUDGET - THEME_ALLOWANCE, p
        elif p.endswith(".json"):
            assert len(gzip.compress(str(text).encode(), 6)) <= PAGE_BUDGET - THEME_ALLOWANCE, p


def test_an_event_is_named_once_in_its_year_s_document(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    """An event's date and name are written once, each match naming it by its place: a match is
    a short array, not a row of HTML with the round's link."""
    records, a, files = large
    docs = {p: json.loads(str(t)) for p, t in files.items() if p.endswith(".json")}
    assert len(docs) == len({r.date.year for r in records})
    for doc in docs.values():
        slugs = [e[0] for e in doc["events"]]
        assert len(slugs) == len(set(slugs)) and {m[0] for m in doc["matches"]} == set(range(len(slugs)))
    assert sum(len(d["matches"]) for d in docs.values()) == a.counted


def test_in_one_document_the_matches_would_pass_the_budget(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    """The archive is large enough for the budget to matter: the format's matches in one
    document would weigh more than a page may (hence a document a year)."""
    _records, _a, files = large
    whole = "".join(str(t) for p, t in files.items() if p.endswith(".json"))
    assert len(gzip.compress(whole.encode(), 6)) > PAGE_BUDGET


def test_each_matrix_cell_leads_to_its_opponent_s_matches(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    """A cell links to the archetype's list at the opponent's section, where the script draws
    the matches it counted (its wins, losses and draws), newest first."""
    _records, a, files = large
    urls = _by_url(files)
    ids = anchors(a.archetypes)
    starts = match_starts(ROOT, a)
    assert len(starts) == sum(len(r.cells) for r in a.rows)
    for row in a.rows:
        name, docs = _documents(files, f"{ROOT}archetypes/{ids[row.archetype]}.md")
        shown = drawn(name, docs)
        for c in row.cells:
            address, anchor = starts[(row.archetype, c.opponent)].split("#")
            assert anchor == f"vs-{ids[c.opponent]}" and address == f"{ROOT}archetypes/{ids[row.archetype]}/"
            assert f"{{ #{anchor} }}" in files[urls[address]]
            results = Counter(m.result for m in shown if m.opponent == c.opponent)
            assert (results["win"], results["loss"], results["draw"]) == (c.tally.wins, c.tally.losses, c.tally.draws)


def test_the_top_cut_lists_reconcile_with_conversion_and_are_paged(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    _records, a, files = large
    for conv in a.conversion:
        if conv.level != "cut":
            continue
        stem = f"{ROOT}archetypes/{anchors(a.archetypes)[conv.archetype]}/cut"
        pages = sorted(p for p in files if re.fullmatch(rf"{re.escape(stem)}(-\d+)?\.md", p))
        rows = sum(len(re.findall(r"<td>(?:Won|Top 4|Top 8|Top cut)</td></tr>", _shown(files, p))) for p in pages)
        assert rows == conv.reached
        assert len(pages) == math.ceil(conv.reached / PAGE_ROWS)


def test_each_period_of_the_share_trend_lists_its_events(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    records, a, files = large
    assert a.period == "month" and len(a.trend) > 60
    assert len([f for f in files if "/periods/" in f and f.endswith(".md")]) == len({p.period[:4] for p in a.trend})
    for p in a.trend:
        address, anchor = period_url(ROOT, p.period).split("#")
        text = _shown(files, f"{address.rstrip('/')}.md")
        section = text[text.index(f"{{ #{anchor} }}") :].split("\n## ")[0]
        listed = re.findall(r'href="[./]+events/(e\d+)/#metagame"', section)
        expected = [r.slug for r in records if period_of(r.date, "month") == p.period]
        assert listed == expected
        assert sum(len(r.players) for r in records if r.slug in listed) == p.decks


# -- shares -> the decks; a season's lists ---------------------------------------------------


def _listed(files: Files, first: str) -> list[tuple[str, str]]:
    """Every row of a paged list from its first page on, following its next links: (event slug, last cell)."""
    urls = _by_url(files)
    rows: list[tuple[str, str]] = []
    url: str | None = first
    while url is not None:
        text = _shown(files, urls[url])
        rows += re.findall(
            r'events/([^/"]+)/#[a-z-]+">[^<]*</a></td>(?:<td>[^<]*</td>)?<td[^>]*>([^<]+)</td></tr>', text
        )
        nxt = re.search(r'<a href="([^"]+)" rel="next">', text)
        url = _target(url, nxt[1])[0] if nxt else None
    return rows


def test_each_share_figure_links_to_the_decks_it_was_computed_from(
    large: tuple[list[EventRecord], Analytics, Files],
) -> None:
    """An archetype's decks, an event a row: every counted event with a deck on it once, the
    decks summing to the archetype's figure (the share's numerator)."""
    records, a, files = large
    ids = anchors(a.archetypes)
    for row in a.rows:
        rows = _listed(files, f"{ROOT}archetypes/{ids[row.archetype]}/decks/")
        expected = {r.slug: sum(1 for _, _, arch, _ in r.players if arch == row.archetype) for r in records}
        assert {slug: int(n) for slug, n in rows} == {k: v for k, v in expected.items() if v}
        assert len(rows) == len({slug for slug, _ in rows})
        assert sum(int(n) for _, n in rows) == row.decks


def test_a_season_s_figures_lead_to_the_season_s_decks_and_top_cuts_only(tmp_path: Path) -> None:
    """A season of the last 5 of 20 events: its page's share and conversion figures link to
    lists under the season's folder, holding its events only and reconciling with its
    figures; the format's page keeps the lists of every event."""
    from ingest.site import analytics_pages

    records = _archive(20)
    season = frozenset(r.slug for r in records[-5:])
    seasons = [("autumn", "Autumn", season)]
    inputs = site_inputs(make_project(tmp_path / "p", samples=False))
    templates = read_templates(Project(Path(__file__).parents[2]).templates)
    files = analytics_pages._format_pages(
        inputs, templates, "mtg", "modern", summed("mtg", "modern", records, seasons), seasons
    )
    folder = f"{ROOT}seasons/autumn/"
    page = _shown(files, f"{folder}index.md")
    a = analyse(records, Scope("mtg", "modern", slugs=season))
    whole = analyse(records, Scope("mtg", "modern"))
    ids = anchors(a.archetypes)
    links = {_target(folder, u)[0] for u in _links(page)}
    for row in a.rows:
        decks = f"{folder}archetypes/{ids[row.archetype]}/decks/"
        assert decks in links
        listed = _listed(files, decks)
        assert {slug for slug, _ in listed} <= season
        assert sum(int(n) for _, n in listed) == row.decks
    cuts = sorted(u for u in links if u.endswith("/cut/"))
    assert cuts and all(u.startswith(f"{folder}archetypes/") for u in cuts)
    for url in cuts:
        arch = next(x for x, i in ids.items() if url == f"{folder}archetypes/{i}/cut/")
        listed = _listed(files, url)
        assert {slug for slug, _ in listed} <= season
        reached = next(c.reached for c in a.conversion if c.archetype == arch and c.level == "cut")
        assert len(listed) == reached
    # the format's own lists count every event
    burn = _listed(files, f"{ROOT}archetypes/burn/decks/")
    assert sum(int(n) for _, n in burn) == whole.row("Burn").decks > a.row("Burn").decks


def test_a_season_s_archetypes_link_to_their_own_match_lists_when_their_names_slug_alike(tmp_path: Path) -> None:
    """ "Boros Energy" and "Boros-Energy" make one slug: the format's page numbers them by its
    order (boros-energy, boros-energy-2), and a season where the second has more decks lists
    them the other way round. Its rows still link to each archetype's own match list."""
    from ingest.site import analytics_pages

    names = ("Boros Energy", "Boros-Energy")
    records = []
    for i in range(4):
        major, minor = names if i < 3 else names[::-1]
        players = tuple((f"p{j}", f"Player {j}", major if j < 3 else minor, f"p{j}") for j in range(4))
        matches = (
            MatchRow("swiss", 1, 1, "p0", "p3", "played", (2, 0, 0)),
            MatchRow("swiss", 1, 2, "p1", "p2", "played", (2, 1, 0)),
        )
        day = dt.date(2026, 1, 2) + dt.timedelta(weeks=i)
        records.append(
            EventRecord(f"e{i}", f"Event {i}", day, "mtg", "modern", "complete", 4, True, False, players, matches)
        )
    season = frozenset({"e3"})
    seasons = [("s", "S", season)]
    inputs = site_inputs(make_project(tmp_path / "p", samples=False))
    templates = read_templates(Project(Path(__file__).parents[2]).templates)
    files = analytics_pages._format_pages(
        inputs, templates, "mtg", "modern", summed("mtg", "modern", records, seasons), seasons
    )
    folder = f"{ROOT}seasons/s/"
    page = _shown(files, f"{folder}index.md")
    urls = _by_url(files)
    for name in names:
        link = re.search(rf'<summary><strong>{re.escape(name)}</strong> <a href="([^"]+)">', page)
        assert link is not None, name
        target = urls[_target(folder, link[1])[0]]
        assert f'title: "{name} · Modern"' in files[target], (name, target)  # its own list
