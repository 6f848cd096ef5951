"""The analytics over the real conformance events (tests/data/conformance: 25 Swiss events of
melee.gg and manatraders.com, 8 to 682 players; and tests/data/import/mtgodecklistcache: 24
real MTGODecklistCache files with their decks), reconciled with the standings.

Every match is counted once: the match table holds each entry of each round exactly once,
each player's wins, losses and draws drawn from it are their row of the Swiss standings the
engine computes (byes as wins, losses without opponent and double losses as losses), and the
analytics account for every entry (counted, mirror, or left out with its reason). The
corpus names no archetypes, so its players are given one of six by a hash of their name;
the imported files' decks are classified by the shipped archetype rules.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from ingest.analytics.figures import Scope, analyse
from ingest.analytics.records import EventRecord, event_record
from ingest.checks.event_files import load_event
from ingest.core.model import Event
from ingest.decks.format_files import load_archetype_book
from ingest.importers import Archive, prepare_import, read_source
from ingest.source.project import Project
from ingest.summary.event_summary import compute_summary
from tests.builders import DATA
from tests.conformance_data import corpus_event, corpus_files

ARCHETYPES = ("Aggro", "Control", "Combo", "Midrange", "Tempo", "Ramp")
REAL = sorted((DATA / "import" / "mtgodecklistcache").glob("*.json"))


def _hashed(event: Event) -> Event:
    def arch(pid: str) -> str:
        return ARCHETYPES[hashlib.sha256(pid.encode()).digest()[0] % len(ARCHETYPES)]

    players = tuple(replace(p, archetype=arch(p.id)) for p in event.players)
    return replace(event, players=players, structure=replace(event.structure, decklists="public"))


def _tally(record: EventRecord, stage: str) -> dict[str, tuple[int, int, int]]:
    """Each player's wins, losses and draws, read off the match table."""
    out: Counter[tuple[str, str]] = Counter()
    for m in record.matches:
        if m.stage != stage or not m.result:
            continue
        out[(m.a, m.result)] += 1
        if m.b:
            out[
                (m.b, {"win": "loss", "loss": "win" if m.kind != "double-loss" else "loss", "draw": "draw"}[m.result])
            ] += 1
    players = {pid for pid, *_ in record.players}
    return {p: (out[(p, "win")], out[(p, "loss")], out[(p, "draw")]) for p in players}


def _accounts_for_every_entry(record: EventRecord, scope: Scope) -> int:
    a = analyse([record], scope)
    entries = len(record.matches)
    assert a.counted + sum(n for _, n in a.excluded) == entries
    assert sum(r.tally.matches for r in a.rows) == 2 * a.counted
    assert sum(r.mirrors for r in a.rows) == dict(a.excluded).get("mirror", 0)
    return a.counted


CORPUS = [p.name for p in corpus_files()]


@cache
def _reconciled(name: str) -> tuple[EventRecord, int, list[str]]:
    """The event's record, its matches counted and the players whose Swiss standings row
    differs from the match table."""
    event = _hashed(corpus_event(name, "mtr"))
    report = compute_summary(event, ())
    record = event_record(report)
    written = sum(len(r.matches) for r in (*event.rounds, *event.playoff))
    assert len(record.matches) == written
    tally = _tally(record, "swiss")
    mismatches = [
        row.player
        for row in report.standings[-1].rows
        if tally[row.player] != (row.record.wins, row.record.losses, row.record.draws)
    ]
    return record, _accounts_for_every_entry(record, Scope("mtg", "other")), mismatches


@pytest.mark.parametrize("name", CORPUS, ids=lambda n: n[:40])
def test_every_corpus_match_is_counted_once(name: str) -> None:
    _, counted, mismatches = _reconciled(name)
    assert mismatches == [] and counted > 0


def test_the_corpus_figures_in_sum() -> None:
    """The closing figure: matches counted over the 25 events, and mismatches (0)."""
    results = [_reconciled(n) for n in CORPUS]
    a = analyse([r for r, _, _ in results], Scope("mtg", "other"))
    assert len(CORPUS) == 25
    assert a.counted == sum(c for _, c, _ in results)
    assert sum(len(m) for _, _, m in results) == 0
    # Over the whole corpus the matrix is antisymmetric and each row adds up.
    for row in a.rows:
        for cell in row.cells:
            other = next(c for c in a.row(cell.opponent).cells if c.opponent == row.archetype)
            assert (cell.tally.wins, cell.tally.draws) == (other.tally.losses, other.tally.draws)
    entries = sum(len(r.matches) for r, _, _ in results)
    assert a.counted + sum(n for _, n in a.excluded) == entries  # every entry once: counted or left out
    assert a.counted > 0
    print(f"conformance: {len(results)} events, {entries} entries, {a.counted} matches counted, 0 mismatches")
    print(f"left out: {dict(a.excluded)}")


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Event, EventRecord]]:
    """Each real MTGODecklistCache file imported, its decks classified by the shipped archetypes."""
    root = tmp_path_factory.mktemp("archive")
    (root / "events").mkdir()
    project = Project(root)
    archive = Archive.scan(project)
    book = load_archetype_book(project)[0]
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
        out[path.name] = (loaded.event, event_record(compute_summary(loaded.event, loaded.deck_files, archetypes=book)))
    return out


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[:40])
def test_every_match_of_a_real_file_is_counted_once(imported: dict[str, tuple[Event, EventRecord]], path: Path) -> None:
    event, record = imported[path.name]
    assert len(record.matches) == sum(len(r.matches) for r in (*event.rounds, *event.playoff))
    _accounts_for_every_entry(record, Scope(record.game, record.format))


def test_the_real_decks_are_classified(imported: dict[str, tuple[Event, EventRecord]]) -> None:
    """The imported lists are public: their archetypes enter the figures (most are classified)."""
    assert all(r.lists_public for _, r in imported.values())
    records = [r for _, r in imported.values()]
    a = analyse(records, Scope("mtg", "legacy"))
    assert len(a.archetypes) > 3 and a.counted > 0
    named = sum(1 for r in records for _, _, arch, _ in r.players if arch)
    print(f"real files: {len(records)} events, {named} decks classified")


def test_the_corpus_matches_are_each_in_one_match_document_once() -> None:
    """The documents an archetype's match list draws from (ingest/site/analytics_data.py) hold
    every match of the corpus that counts, once: read off each event's match table here
    (played, a result, two archetypes that differ), not from the figures."""
    import json

    from ingest.site.analytics_data import match_documents

    records = [r for r, _, _ in (_reconciled(n) for n in CORPUS)]
    expected: Counter[tuple[str, str, int, frozenset[str]]] = Counter()
    for r in records:
        arch = r.archetypes()
        for m in r.matches:
            x, y = arch.get(m.a, "Unknown"), arch.get(m.b or "", "Unknown")
            if m.kind == "played" and m.result and x != y:
                expected[(r.slug, m.stage, m.round, frozenset((x, y)))] += 1
    figures = analyse(records, Scope("mtg", "other"))
    docs = match_documents("mtg", "other", figures, {r.slug: r for r in records})
    found: Counter[tuple[str, str, int, frozenset[str]]] = Counter()
    for files in docs.values():
        for text in files.values():
            doc = json.loads(str(text))
            names, events = doc["archetypes"], doc["events"]
            for e, stage, rnd, x, y, _result, _games in doc["matches"]:
                found[(events[e][0], stage, rnd, frozenset((names[x], names[y])))] += 1
    assert found == expected
    assert sum(found.values()) == figures.counted > 1000
    print(f"match documents: {len(docs)} years, {sum(found.values())} matches, each once")
