"""What a whole build holds at once (issue 38: memory that does not grow with the archive).

Counted, never measured: a process forked while the build holds the archive copies each
page of memory its work touches, so the pages about many events (the players' above all,
whose histories lie all over the build's memory) are made in the build's own process.
"""

from __future__ import annotations

import gc
import os
import threading
import weakref
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from benchmarks.build import change_result, generate
from ingest.analytics import records as analytics_records
from ingest.publish import player_book, player_build, run, sync
from ingest.publish.build_outcome import build_outcome
from ingest.publish.build_state import BuildMemory
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.event_build import BuiltEvent
from ingest.publish.run import build_site
from ingest.publish.shared_values import share
from ingest.publish.site_update import SiteUpdate
from ingest.publish.sync import FileGroup
from ingest.publish.watched import ChangeLog
from ingest.site import analytics_pages as pages_module
from ingest.site import player_shares
from ingest.site import site_files as site_files_module
from ingest.site.player_shares import PlayerSummary
from ingest.source.project import Project
from ingest.summary.history import EventHistory
from tests.site_helpers import TODAY, make_project


@pytest.fixture(autouse=True)
def _forking_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runner's own threads (pytest-xdist) hold no lock a build takes."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_a_whole_build_forks_no_process_while_it_holds_the_archive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The events are made in forked processes (forked before the archive is held); the
    player pages, over a hundred of them here, are made in the build's own process."""
    root = tmp_path / "archive"
    generate(root, 16)  # 16 weekly events (forked from 16 on) of 32 players drawn from 600: over a hundred player pages
    stage = ["start"]
    forks: list[str] = []
    real_fork = os.fork
    me = os.getpid()

    def fork() -> int:
        if os.getpid() == me:
            forks.append(stage[0])
        return real_fork()

    monkeypatch.setattr(os, "fork", fork)

    def progress(name: str, done: int, total: int) -> None:
        stage[0] = name

    timings = build_site(Project(root), today=TODAY, workers=2, docs_only=True, progress=progress)
    players = list((root / "build" / "docs" / "players").glob("*.md"))
    assert timings.processes == 2 and len(players) > 100
    assert forks and set(forks) == {"making events"}, forks


def test_the_events_made_in_forked_processes_hold_each_player_id_once(tmp_path: Path) -> None:
    """Each entry made in a forked process comes back with its own strings; the build holds
    one object for each player id, name and archetype of the events' histories, and the
    entries are the values they were (:mod:`ingest.publish.shared_values`)."""
    root = tmp_path / "archive"
    generate(root, 16)
    memory = BuildMemory()
    timings = build_site(Project(root), today=TODAY, workers=2, docs_only=True, memory=memory)
    assert timings.processes == 2 and timings.events_made == 16
    entries = list(memory.events.values())
    held: dict[str, set[int]] = {}
    for entry in entries:
        for _, pid, other, value in entry.rendered.brief.history.steps:
            for text in (pid, other, getattr(value, "archetype", "")):
                held.setdefault(text, set()).add(id(text))
    assert len(held) > 100
    assert all(len(objects) == 1 for objects in held.values())
    assert [share(e, {}) for e in entries] == entries  # the same values


def test_a_build_whose_process_builds_no_other_holds_no_decklist_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scorekeeper build`` (no memory kept) holds an event's entry without the digests of its
    decklist files, which only a later build checks (it reads them from the build cache, as the
    next build here shows); a process that builds again (``serve``) keeps them."""
    root = tmp_path / "archive"
    generate(root, 16)
    made: list[int] = []

    def spy(built: Sequence[BuiltEvent], *args: Any, **kwargs: Any) -> Any:
        made.extend(len(b.entry.decks) for b in built if b.entry is not None)
        return build_outcome(built, *args, **kwargs)

    monkeypatch.setattr(run, "build_outcome", spy)  # (where the build calls it)
    cache = tmp_path / "cache"
    build_site(Project(root), today=TODAY, workers=2, docs_only=True, cache_home=cache)
    assert len(made) == 16 and set(made) == {0}
    (next((root / "events").rglob("*.txt"))).write_text("4 Island\n", encoding="utf-8")  # a list changes
    again = build_site(Project(root), today=TODAY, workers=2, docs_only=True, cache_home=cache, memory=BuildMemory())
    assert again.events_made == 1 and again.events_cached == 15
    assert len(made) == 17 and made[-1] == 32  # kept: this process may build again


def test_the_engine_of_a_build_whose_process_builds_no_other_runs_without_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once ``build/docs`` is written, ``scorekeeper build`` holds no event's entry while the
    engine makes the pages (looked for among the objects alive when the engine starts); a
    process that builds again (``serve``) keeps them for its next build."""
    root = tmp_path / "archive"
    generate(root, 4)
    alive: list[set[str]] = []
    real = SiteUpdate.publish

    def spy(self: SiteUpdate, *args: Any, **kwargs: Any) -> dict[str, float]:
        gc.unfreeze()  # (the build froze what it held for the collector: counted too)
        gc.collect()
        alive.append({o.key for o in gc.get_objects() if isinstance(o, CachedEvent)})
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SiteUpdate, "publish", spy)
    build_site(Project(root), today=TODAY, workers=1)
    memory = BuildMemory()
    build_site(Project(root), today=TODAY, workers=1, memory=memory, full=True)
    ours = set(memory.events)  # (the same keys in both builds; other tests' entries may be alive)
    assert len(ours) == 4 and not alive[0] & ours
    assert ours <= alive[1]


_MADE: list[weakref.ref[Any]] = []
"""Every analytics record made in this process (:class:`_Counted`), however it came: made,
decoded from its packed text, or unpickled from a forked process."""


def _alive() -> list[Any]:
    """The records of :data:`_MADE` still alive."""
    return [r for ref in _MADE if (r := ref()) is not None]


class _Counted(analytics_records.EventRecord):
    """An event's analytics record that this test can see alive."""

    __slots__ = ("__weakref__",)

    def __new__(cls, *args: Any, **kwargs: Any) -> _Counted:
        made = super().__new__(cls)
        _MADE.append(weakref.ref(made))
        return made


@pytest.mark.parametrize(("events", "workers"), [("sample", 1), ("generated", 2)])
def test_a_build_holds_one_analytics_record_decoded_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, events: str, workers: int
) -> None:
    """A full build holds each event's analytics record packed: once the events are made none
    is alive decoded; a format's figures and lists are folded from its records one at a time
    (each decoded, its share put in the totals, let go), so while a format's pages are made
    at most one record is alive, the one being put in; and once the engine runs none is
    (counted among the records alive in the build's process, the events' made here or in
    forked processes alike)."""
    from ingest.analytics.totals import Totals

    root = tmp_path / "archive"
    if events == "sample":
        make_project(root)  # eight events, two formats with analytics pages, made here
    else:
        generate(root, 16)  # sixteen Modern events, made in forked processes
    monkeypatch.setattr(analytics_records, "EventRecord", _Counted)  # (how records are made and decoded)
    folded: list[tuple[str, str, int]] = []
    real_add = Totals.add

    def add(self: Totals, r: Any) -> Any:
        assert isinstance(r, _Counted)
        folded.append((r.game, r.format, len(_alive())))
        return real_add(self, r)

    monkeypatch.setattr(Totals, "add", add)
    held: list[tuple[str, str]] = []
    real_pages = pages_module._format_pages

    def pages(inputs: Any, templates: Any, game: str, fmt: str, *args: Any) -> Any:
        assert _alive() == [], (game, fmt)  # the format's records folded and let go
        held.append((game, fmt))
        return real_pages(inputs, templates, game, fmt, *args)

    monkeypatch.setattr(pages_module, "_format_pages", pages)
    before_pages: list[int] = []
    real_site_files = site_files_module.site_files  # (as run calls it)

    def site_files(*args: Any, **kwargs: Any) -> Any:
        before_pages.append(len(_alive()))  # the events made: none holds its record decoded
        return real_site_files(*args, **kwargs)

    monkeypatch.setattr(run, "site_files", site_files)
    at_engine: list[int] = []
    real_publish = SiteUpdate.publish

    def publish(self: SiteUpdate, *args: Any, **kwargs: Any) -> dict[str, float]:
        at_engine.append(len(_alive()))
        return real_publish(self, *args, **kwargs)

    monkeypatch.setattr(SiteUpdate, "publish", publish)
    timings = build_site(Project(root), today=TODAY, workers=workers)
    assert timings.processes == workers
    both = [("mtg", "modern"), ("weiss-schwarz", "neo-standard")]
    assert held == (both if events == "sample" else both[:1])
    assert before_pages == at_engine == [0]
    modern = [alive for game, fmt, alive in folded if (game, fmt) == ("mtg", "modern")]
    assert len(modern) == (1 if events == "sample" else 16)  # every record of the format, folded
    assert {alive for _g, _f, alive in folded} == {1}  # one at a time: the one being put in


def test_a_watching_process_decodes_the_changed_event_s_record_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A watching process (``serve``) keeps each format's totals: after one result
    changes, the next build decodes that event's record only, not its format's every record again."""
    root = tmp_path / "archive"
    latest = generate(root, 4)  # four Modern events
    decoded: list[str] = []
    real_decode = analytics_records.record_from_json

    def decode(obj: Any) -> Any:
        made = real_decode(obj)
        decoded.append(made.slug)
        return made

    monkeypatch.setattr(analytics_records, "record_from_json", decode)
    memory = BuildMemory()
    memory.changes = ChangeLog()  # (a watching process's)
    build_site(Project(root), today=TODAY, workers=1, docs_only=True, memory=memory)
    assert len(decoded) == len(set(decoded)) == 4  # (the format's every record, for its pages)
    change_result(latest, 0)
    memory.changes.record(os.fspath(latest))
    decoded.clear()
    build_site(Project(root), today=TODAY, workers=1, docs_only=True, memory=memory)
    assert decoded == [latest.stem]


def test_records_decoded_together_hold_each_player_string_once() -> None:
    """A format's records are decoded together for its pages: a player id, name, archetype
    or key, and a row's stage and kind, is one object however many records name it."""
    import datetime as dt
    import json

    from ingest.analytics.records import MatchRow, Placing, StandingRow, record_from_json, record_text

    record = analytics_records.EventRecord(
        "2026-11-13-fnm", "FNM", dt.date(2026, 11, 13), "mtg", "modern", "complete", 2, True, False,
        (("ann-ito", "Ann Ito", "Burn", "ann-ito"), ("bo-li", "Bo Li", "Tron", "bo-li")),
        (MatchRow("swiss", 1, 1, "ann-ito", "bo-li", "win", (2, 1, 0)),),
        (StandingRow(1, "ann-ito", 3, 1, 0, 0, 0), StandingRow(2, "bo-li", 0, 0, 1, 0, 0)),
        (Placing("cut", ("ann-ito", "bo-li")),),
    )  # fmt: skip
    text = record_text(record)
    one, two = (record_from_json(json.loads(text)) for _ in range(2))  # (each text parsed: strings of its own)
    assert one == two == record
    assert all(x is y for p, q in zip(one.players, two.players, strict=True) for x, y in zip(p, q, strict=True))
    m, n = one.matches[0], two.matches[0]
    assert (m.stage, m.a, m.b, m.kind) == (n.stage, n.a, n.b, n.kind)
    assert m.stage is n.stage and m.a is n.a and m.b is n.b and m.kind is n.kind
    assert one.standings[1].player is two.standings[1].player is two.players[1][0]
    assert one.placings[0].players[1] is two.placings[0].players[1]


class _Files(dict[str, Any]):
    """One player's files as a build loads them to write them, that this test can see alive."""

    __slots__ = ("__weakref__",)


class _Summary(PlayerSummary):
    """One player's summary as a build works it out, that this test can see alive."""

    __slots__ = ("__weakref__",)


def test_a_whole_build_makes_the_players_files_one_player_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages about many events hold no player's page or API document: each player's
    history is worked out from their blocks when ``build/docs`` is written, their page and
    document made, written and let go before the next player's are made (counted: at most one
    player's history and one player's files alive at once; none held once written)."""
    root = tmp_path / "archive"
    generate(root, 16)  # over a hundred players
    histories: list[weakref.ref[Any]] = []
    at_once: list[int] = []
    real_summary = player_shares.summary_of  # (as player_build calls it)

    def summary(*args: Any, **kwargs: Any) -> Any:
        at_once.append(sum(1 for ref in histories if ref() is not None))
        made = real_summary(*args, **kwargs)
        counted = _Summary(made.facts, made.rows, made.h2h)
        histories.append(weakref.ref(counted))
        return counted

    monkeypatch.setattr(player_build, "summary_of", summary)
    loaded: list[weakref.ref[Any]] = []
    alive_at_load: list[int] = []
    in_site_files: list[str] = []
    real_write = sync.write_docs  # (as the build calls it)

    def write_docs(build_dir: Path, files: Any, groups: Sequence[FileGroup], *args: Any, **kwargs: Any) -> Any:
        in_site_files.extend(p for p in files if p.startswith(("api/players/", "players/")) and "index" not in p)

        def counted(group: FileGroup) -> FileGroup:
            def load() -> Any:
                alive_at_load.append(sum(1 for ref in loaded if ref() is not None))
                made = _Files(group.load())
                loaded.append(weakref.ref(made))
                return made

            return replace(group, load=load)

        out = real_write(build_dir, files, [counted(g) for g in groups], *args, **kwargs)
        alive_at_load.append(sum(1 for ref in loaded if ref() is not None))  # once all are written
        return out

    monkeypatch.setattr(run, "write_docs", write_docs)
    timings = build_site(Project(root), today=TODAY, workers=1, docs_only=True)
    documents = sorted((root / "build" / "docs" / "api" / "players").glob("*.json"))
    assert len(documents) == timings.players_made > 100
    assert in_site_files == []  # no player's page or document among the files held together
    assert len(at_once) == len(documents) and set(at_once) == {0}  # each history made once, the last let go
    assert len(loaded) >= len(documents) and set(alive_at_load) == {0}


def test_a_build_that_keeps_nothing_lets_the_events_steps_go_once_the_book_holds_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scorekeeper build`` (no memory kept, a build cache): once the players' book has the
    events' steps it keeps them in the build cache, and from then on no event's history holds
    its steps and no player's blocks are in memory but those of the player whose files are
    being made (counted among the objects alive: none when ``build/docs`` starts to be
    written; while a player's history is worked out, that player's blocks only)."""
    root = tmp_path / "archive"
    generate(root, 16)

    def alive() -> tuple[int, int]:
        gc.unfreeze()  # (the build froze what it held for the collector: counted too)
        gc.collect()
        objects = gc.get_objects()
        steps = sum(1 for o in objects if isinstance(o, EventHistory) and o.steps)
        shares.append(sum(1 for o in objects if isinstance(o, player_shares.EventShare)))
        return steps, sum(1 for o in objects if isinstance(o, player_book.Block))

    shares: list[int] = []  # (each player's shares are made or read back with their files, and let go)

    at_write: list[tuple[int, int]] = []
    real_write = sync.write_docs  # (as the build calls it)

    def write_docs(*args: Any, **kwargs: Any) -> Any:
        at_write.append(alive())
        return real_write(*args, **kwargs)

    monkeypatch.setattr(run, "write_docs", write_docs)
    while_made: list[tuple[int, int]] = []
    real_order = player_book.in_order  # (as player_build calls it)

    def in_order(blocks: Any) -> Any:
        if len(while_made) < 40:  # (forty players are enough to count)
            while_made.append((alive()[1], len(blocks)))
        return real_order(blocks)

    monkeypatch.setattr(player_build, "in_order", in_order)
    timings = build_site(Project(root), today=TODAY, workers=1, docs_only=True, cache_home=tmp_path / "cache")
    assert at_write == [(0, 0)]
    assert shares[0] == 0, "no player's share of an event is held when build/docs starts to be written"
    assert all(alive <= mine for alive, (_, mine) in zip(shares[1:], while_made, strict=True)), shares
    assert len(while_made) == 40 and all(held == mine for held, mine in while_made), while_made
    assert sum(mine for _, mine in while_made) > 10  # (players without events have no blocks)
    read = timings.players_read  # (the players with blocks, each read back once)
    assert timings.players_made > 100 and 100 < len(read) == len(set(read)) <= timings.players_made


def test_a_build_without_a_build_cache_holds_one_players_shares_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build whose build cache is in memory only (no cache folder: its players' blocks stay
    in memory) makes each player's shares for their files and lets them go with the files: the
    shares alive while a player's files are made are never more than that player's (were:
    every player's made so far, kept in their blocks, some 300,000 at 10,000 weekly events)."""
    root = tmp_path / "archive"
    generate(root, 16)
    counted: list[tuple[int, int]] = []
    real_order = player_book.in_order  # (as player_build calls it)

    def in_order(blocks: Any) -> Any:
        if len(counted) < 60:
            gc.collect()
            alive = sum(1 for o in gc.get_objects() if isinstance(o, player_shares.EventShare))
            counted.append((alive, len(blocks)))
        return real_order(blocks)

    monkeypatch.setattr(player_build, "in_order", in_order)
    build_site(Project(root), today=TODAY, workers=1, docs_only=True, cache_home=None)
    assert len(counted) == 60 and sum(mine for _, mine in counted) > 10
    assert all(alive <= mine for alive, mine in counted), counted
