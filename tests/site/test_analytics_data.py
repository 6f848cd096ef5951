"""A format's matches as data (ingest/site/analytics_data.py): each counted match once, in one
document a year, from which each archetype's match list draws its rows; no player named in
it; and a result changed in another format leaves every file of a format's analytics as it
was (its pages and documents, in build/docs, build/fragments and build/site)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.format_sums import summed
from ingest.publish.build_state import BuildMemory
from ingest.publish.run import build_site
from ingest.publish.template_files import read_templates
from ingest.site import analytics_pages
from ingest.site.analytics_data import counted_matches, data_root, document_path, match_documents
from ingest.site.analytics_views import anchors
from ingest.site.fragments import decode, fragments_key
from ingest.source.project import Project
from tests.analytics.hand_events import event_one, event_three, event_two_private, record
from tests.builders import ROOT as ROOT_DIR
from tests.site.match_documents import drawn, page_documents
from tests.site_helpers import TODAY, make_project, site_inputs, with_fragments

ROOT = "analytics/mtg/modern/"

# Event one's counted matches, worked out by hand from its docstring (tests/analytics/hand_events.py):
# (stage, round, the archetype first by name, the other, the first's result, its games).
# Left out: the Burn mirrors a1-a2 and a1-d1 (top 4), the intentional draw b1-c1, the double loss c2-u1.
EVENT_ONE = [
    ("swiss", 1, "Burn", "Tron", "win", (2, 1, 0)),  # a1-b1 2-1
    ("swiss", 1, "Burn", "Murktide", "loss", (0, 2, 0)),  # a2-c1 0-2
    ("swiss", 1, "Murktide", "Tron", "draw", (1, 1, 1)),  # b2-c2 1-1-1, from c2's side
    ("swiss", 1, "Burn", "Unknown", "win", (2, 0, 0)),  # d1-u1 2-0
    ("swiss", 2, "Burn", "Tron", "loss", (1, 2, 0)),  # b2-d1 2-1, from d1's side
    ("playoff", 1, "Murktide", "Tron", "loss", (0, 2, 0)),  # b2-c1 2-0, from c1's side
    ("playoff", 2, "Burn", "Tron", "win", (2, 0, 0)),  # a1-b2 2-0
]
FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def _hand_records() -> list:  # type: ignore[type-arg]
    """Event one in January 2026 and again (slug e0) in December 2025; event two (private)
    and three (a Tron mirror), which add no match."""
    again = dataclasses.replace(event_one(), slug="e0", path="e0.yaml", date=dt.date(2025, 12, 5))
    return [record(again), record(event_one()), record(event_two_private()), record(event_three())]


def _canonical(doc: dict) -> list[tuple]:  # type: ignore[type-arg]
    """A document's matches as (event slug, stage, round, first archetype by name, other, the
    first's result, its games)."""
    out = []
    names, events = doc["archetypes"], doc["events"]
    for e, stage, rnd, a, b, result, games in doc["matches"]:
        x, y, g = names[a], names[b], tuple(games)
        if x > y:
            x, y, result, g = y, x, FLIP[result], (g[1], g[0], g[2])
        out.append((events[e][0], stage, rnd, x, y, result, g))
    return out


def test_each_match_is_in_one_document_once_as_worked_out_by_hand() -> None:
    records = _hand_records()
    a = analyse(records, Scope("mtg", "modern"))
    docs = match_documents("mtg", "modern", a, {r.slug: r for r in records})
    assert sorted(docs) == ["2025", "2026"]
    parsed = {y: json.loads(next(iter(files.values()))) for y, files in docs.items()}
    assert list(docs["2026"]) == [document_path("mtg", "modern", "2026")] == ["api/analytics/mtg/modern/2026.json"]
    assert Counter(_canonical(parsed["2025"])) == Counter(("e0", *m) for m in EVENT_ONE)
    assert Counter(_canonical(parsed["2026"])) == Counter(("e1", *m) for m in EVENT_ONE)
    # the private event and the mirror-only event are in no document; the events once a year
    assert [e[0] for e in parsed["2026"]["events"]] == ["e1"]
    assert parsed["2026"]["events"][0][1:] == ["2026-01-10", event_one().name]
    assert len(counted_matches(a)) == a.counted == 14


def test_each_archetype_s_list_draws_its_matches_from_the_documents(tmp_path: Path) -> None:
    """Every archetype page of the hand-built archive names the documents holding its matches
    and, read as its script reads them, shows each of its matches once, by opponent."""
    records = _hand_records()
    inputs = site_inputs(make_project(tmp_path / "p", samples=False))
    templates = read_templates(Project(Path(__file__).parents[2]).templates)
    files = analytics_pages._format_pages(inputs, templates, "mtg", "modern", summed("mtg", "modern", records, []), [])
    a = analyse(records, Scope("mtg", "modern"))
    ids = anchors(a.archetypes)
    expected: Counter[tuple] = Counter()  # type: ignore[type-arg]
    for slug in ("e0", "e1"):
        for stage, rnd, x, y, result, g in EVENT_ONE:
            expected[(x, slug, stage, rnd, y, result, g)] += 1
            expected[(y, slug, stage, rnd, x, FLIP[result], (g[1], g[0], g[2]))] += 1
    seen: Counter[tuple] = Counter()  # type: ignore[type-arg]
    for name in ("Burn", "Tron", "Murktide", "Unknown"):
        path = f"{ROOT}archetypes/{ids[name]}.md"
        page, stored = files[path], files.get(fragments_key(path))
        assert isinstance(page, str)
        page = with_fragments(page, decode(stored, path) if stored else [], path)
        archetype, paths = page_documents(page, f"{ROOT}archetypes/{ids[name]}/")
        assert archetype == name
        assert paths == sorted(paths, reverse=True)  # newest year first
        docs = {p: json.loads(str(files[p])) for p in paths}
        for m in drawn(name, docs):
            seen[(name, m.slug, m.stage, m.round, m.opponent, m.result, m.games)] += 1
            assert f"{{ #vs-{ids[m.opponent]} }}" in page
    assert seen == expected


def test_no_player_is_named_in_the_documents() -> None:
    """The documents name events and archetypes only: no player, hidden or shown, by name or id."""
    records = _hand_records()
    records = [
        dataclasses.replace(
            r, players=tuple((pid, f"Secret Name {pid}", arch, key) for pid, _n, arch, key in r.players)
        )
        for r in records
    ]
    a = analyse(records, Scope("mtg", "modern"))
    for files in match_documents("mtg", "modern", a, {r.slug: r for r in records}).values():
        for text in files.values():
            assert isinstance(text, str)
            assert "Secret Name" not in text
            assert not re.search(r'"(a1|a2|b1|b2|c1|c2|d1|u1)"', text)


def test_the_documents_pass_their_schema() -> None:
    """The hand-built archive's documents, and one with a match recorded without games."""
    validator = Draft202012Validator(
        json.loads((ROOT_DIR / "schema" / "api-analytics-matches.schema.json").read_text(encoding="utf-8")),
        format_checker=FormatChecker(),
    )
    records = _hand_records()
    a = analyse(records, Scope("mtg", "modern"))
    docs = [
        json.loads(str(t))
        for f in match_documents("mtg", "modern", a, {r.slug: r for r in records}).values()
        for t in f.values()
    ]
    assert len(docs) == 2
    for doc in docs:
        assert list(validator.iter_errors(doc)) == []
    docs[0]["matches"][0][6] = None
    assert list(validator.iter_errors(docs[0])) == []
    docs[0]["matches"][0][1] = "top8"
    assert list(validator.iter_errors(docs[0])) != []


def _files(root: Path, game: str, fmt: str) -> dict[Path, tuple[int, bytes]]:
    """Every file of a format's analytics in build/: (mtime in ns, bytes)."""
    out = {}
    for top in ("docs", "fragments", "site"):
        for folder in (f"analytics/{game}/{fmt}", data_root(game, fmt)):
            for path in (root / "build" / top / folder).rglob("*"):
                if path.is_file():
                    out[path] = (path.stat().st_mtime_ns, path.read_bytes())
    return out


@pytest.mark.slow
def test_a_result_in_another_format_leaves_every_analytics_file_as_it_was(tmp_path: Path) -> None:
    """The sample built with the site engine; one Weiss Schwarz result changed, built again in
    a new process (its build cache on disk): not one file of Modern's analytics in build/docs,
    build/fragments or build/site is written again, and Weiss Schwarz's page moved."""
    project = make_project(tmp_path)
    cache = tmp_path / "cache"
    build_site(project, today=TODAY, cache_home=cache, workers=1)
    modern = _files(tmp_path, "mtg", "modern")
    ws_before = _files(tmp_path, "weiss-schwarz", "neo-standard")
    assert any(p.suffix == ".json" for p in modern) and any(p.name == "index.html" for p in modern)
    event = next((tmp_path / "events").rglob("2026-09-19-weiss-schwarz-neo-standard.yaml"))
    text = event.read_text(encoding="utf-8")
    first = re.search(r"games: (\d)-(\d)", text)
    assert first is not None and first[1] != first[2]
    event.write_text(text.replace(first[0], f"games: {first[2]}-{first[1]}", 1), encoding="utf-8")
    build_site(project, today=TODAY, cache_home=cache, memory=BuildMemory(), workers=1)
    assert _files(tmp_path, "mtg", "modern") == modern
    assert _files(tmp_path, "weiss-schwarz", "neo-standard") != ws_before
