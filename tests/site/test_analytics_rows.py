"""The lists behind the figures made from the totals (:mod:`ingest.site.analytics_rows`) are
those the one-pass functions make from the records (:mod:`ingest.site.analytics_lists`,
written independently), byte for byte, after any results changed, events added and events
removed; and a list is made again only when what it shows changed."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.format_sums import FormatSums, patched
from ingest.analytics.kept_sums import sums_from_text, sums_text
from ingest.analytics.records import EventRecord, KeptRecord
from ingest.publish.template_files import read_templates
from ingest.site import i18n
from ingest.site.analytics_lists import cut_pages, deck_pages, period_pages
from ingest.site.analytics_pages import PageReuse
from ingest.site.analytics_rows import Lists
from ingest.site.page import Files, page_files
from ingest.site.templates import Templates
from ingest.source.project import Project
from tests.site.test_analytics_lists import _archive

ROOT = "analytics/mtg/modern/"
NAME = "Magic: The Gathering: Modern"
SEASON = frozenset({f"e{i:05d}" for i in range(0, 40, 3)})


@pytest.fixture(scope="module")
def templates() -> Templates:
    return read_templates(Project(Path(__file__).parents[2]).templates)


def _one_pass(templates: Templates, records: list[EventRecord]) -> Files:
    """The lists of the format and of the season, made from the records in one pass."""
    files: Files = {}
    for folder, scope in ((ROOT, Scope("mtg", "modern")), (f"{ROOT}seasons/s/", Scope("mtg", "modern", slugs=SEASON))):
        a = analyse(records, scope)
        if not a.events:
            continue
        files.update(period_pages(folder, ROOT, templates, a, NAME, records))
        files.update(deck_pages(folder, templates, a, NAME, records))
        files.update(cut_pages(folder, templates, a, NAME, records))
    return files


class _Kept:
    """The pages a build made, kept for the next one as the analytics cache keeps them."""

    def __init__(self) -> None:
        self.files: Files = {}
        self.digests: dict[str, str] = {}
        self.sums: FormatSums | None = None
        self.made: list[str] = []
        """The paths of the list pages made (not taken) by the last build."""


def _from_totals(templates: Templates, records: list[EventRecord], kept: _Kept | None, anew: bool = False) -> Files:
    """The same lists made from the format's totals (patched from ``kept``'s when given; with
    ``anew``, as a new process reads them back from their file)."""
    before = kept.sums if kept is not None else None
    if anew and kept is not None and before is not None:
        before = sums_from_text(sums_text(before), "mtg", "modern", kept.files)
    sums = patched(before, "mtg", "modern", [(r.slug, KeptRecord.of(r)) for r in records], [("s", "S", SEASON)])
    reuse = PageReuse("salt", (kept.files, kept.digests) if kept is not None else None)
    made: list[str] = []

    def make(path: str, t: Templates, name: str, context: Any) -> Files:
        made.append(path)
        return reuse.make(path, t, name, context)

    remember = kept is not None and not anew
    lists = Lists(sums, templates, NAME, make if kept is not None else page_files, reuse, "salt", remember)
    files: Files = {}
    assert sums.whole is not None
    for folder, totals in ((ROOT, sums.whole), (f"{ROOT}seasons/s/", sums.seasons["s"])):
        a = totals.figures()
        if not a.events:
            continue
        files.update(lists.periods(folder, a, totals))
        files.update(lists.decks(folder, a, totals))
        files.update(lists.cuts(folder, a, totals))
    lists.done()
    if kept is not None:
        kept.files, kept.digests, kept.sums, kept.made = files, reuse.digests, sums, made
    return files


def test_the_lists_of_a_large_archive_are_the_one_pass_lists(templates: Templates) -> None:
    """1,200 weekly events (Burn's decks over two pages): the lists made from the totals are
    the one-pass lists, page for page."""
    records = _archive(1200)
    with i18n.use("en"):
        totals = _from_totals(templates, records, None)
        assert totals == _one_pass(templates, records)
    assert f"{ROOT}archetypes/burn/decks-2.md" in totals


def _changed(r: EventRecord, rng: random.Random, how: str) -> EventRecord:
    """``r`` with a result changed, an archetype changed, or a finish changed."""
    if how == "result":
        matches = list(r.matches)
        i = rng.randrange(len(matches))
        a, b, drawn = matches[i].games or (0, 0, 0)
        matches[i] = dataclasses.replace(matches[i], games=(b, a, drawn))
        return dataclasses.replace(r, matches=tuple(matches))
    if how == "deck":
        players = list(r.players)
        i = rng.randrange(len(players))
        pid, name, _arch, key = players[i]
        players[i] = (pid, name, rng.choice(("Burn", "Tron", "Scam", "")), key)
        return dataclasses.replace(r, players=tuple(players))
    placings = tuple(
        dataclasses.replace(p, players=tuple(sorted(rng.sample([x for x, *_ in r.players], len(p.players)))))
        for p in r.placings
    )
    return dataclasses.replace(r, placings=placings)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_patched_lists_are_the_one_pass_lists_after_any_changes(templates: Templates, data: st.DataObject) -> None:
    """Over random results, decks and finishes changed, events added (older or newer) and
    events removed, each build patching the totals and lists the one before kept (in its
    process or read back from their file): every list page is byte for byte what the
    one-pass functions make of the events as they are."""
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    pool = _archive(60, seed=data.draw(st.integers(0, 99)))
    archive = {r.slug: r for r in pool[:40]}
    kept = _Kept()
    with i18n.use("en"):
        _from_totals(templates, list(archive.values()), kept)
        for _step in range(data.draw(st.integers(1, 4))):
            action = data.draw(st.sampled_from(("result", "deck", "finish", "add", "remove")))
            if action == "add":
                r = pool[data.draw(st.integers(40, 59))]
                archive[r.slug] = r
            elif action == "remove" and len(archive) > 1:
                del archive[data.draw(st.sampled_from(sorted(archive)))]
            elif action != "remove":
                slug = data.draw(st.sampled_from(sorted(archive)))
                archive[slug] = _changed(archive[slug], rng, action)
            records = sorted(archive.values(), key=lambda r: r.slug)
            anew = data.draw(st.booleans())  # (the totals read back from their file, as a new process does)
            assert _from_totals(templates, records, kept, anew) == _one_pass(templates, records)


def test_a_result_that_moves_no_list_makes_no_list_page(templates: Templates) -> None:
    """A result changed in the newest event (no deck, finish or period moved): no list page is
    made, nor its inputs hashed; a deck changed makes that event's archetypes' deck lists
    (and its period's page) again, not the others."""
    records = _archive(200)
    kept = _Kept()
    with i18n.use("en"):
        first = _from_totals(templates, records, kept)
        assert kept.made  # (the first build makes every page)
        rng = random.Random(1)
        records[-1] = _changed(records[-1], rng, "result")
        assert _from_totals(templates, records, kept) == first
        assert kept.made == []
        players = list(records[-1].players)
        players[0] = (players[0][0], players[0][1], "Scam", players[0][3])  # a Murktide deck now Scam
        records[-1] = dataclasses.replace(records[-1], players=tuple(players))
        again = _from_totals(templates, records, kept)
        assert again == _one_pass(templates, records)
    in_cut = any("p0" in p.players for p in records[-1].placings)
    lists = ("decks", "cut") if in_cut else ("decks",)
    assert {p.removeprefix(ROOT) for p in kept.made} == {
        *(f"archetypes/{arch}/{kind}.md" for arch in ("murktide", "scam") for kind in lists),
        f"periods/{records[-1].date.year}.md",  # (its three largest archetypes changed)
    }
