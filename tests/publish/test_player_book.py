"""The players' book (ingest.publish.player_book): a build after a change makes the pages and
API documents of the players the change touches, no other, and its output is a clean build's,
byte for byte, whatever the sequence of changes. Work is counted, never timed."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from benchmarks.build import change_result, generate
from ingest.publish import cache as build_cache
from ingest.publish import player_book
from ingest.publish.build_state import BuildMemory, BuildTimings
from ingest.publish.run import build_site
from ingest.publish.watched import ChangeLog
from ingest.site import api
from ingest.source.project import Project
from ingest.summary import history
from tests.site_helpers import TODAY, make_project

MODERN = "2026-11-13-friday-night-modern"


def _build(root: Path, home: Path, *, docs_only: bool = True, memory: BuildMemory | None = None) -> BuildTimings:
    return build_site(
        Project(root),
        today=TODAY,
        cache_home=home,
        settled_before=time.time_ns(),
        workers=1,
        docs_only=docs_only,
        memory=memory,
    )


def _tree(root: Path, folders: tuple[str, ...] = ("docs", "fragments")) -> dict[str, bytes]:
    out = {}
    for folder in folders:
        base = root / "build" / folder
        out.update(
            {f"{folder}/{p.relative_to(base).as_posix()}": p.read_bytes() for p in base.rglob("*") if p.is_file()}
        )
    return out


def _clean(root: Path, tmp: Path, folders: tuple[str, ...] = ("docs", "fragments")) -> dict[str, bytes]:
    other = tmp / "clean"
    shutil.rmtree(other, ignore_errors=True)
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    _build(other, tmp / f"clean-home-{time.monotonic_ns()}", docs_only=folders == ("docs", "fragments"))
    return _tree(other, folders)


def _differences(mine: dict[str, bytes], clean: dict[str, bytes]) -> list[str]:
    return sorted(set(mine) ^ set(clean)) + [k for k in mine if k in clean and mine[k] != clean[k]]


def _players_of(event: Path) -> set[str]:
    return set(re.findall(r"(?m)^\s*- \{?id: ([a-z0-9-]+)", event.read_text(encoding="utf-8")))


def test_one_result_changed_makes_the_pages_of_that_events_players_only(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    first = _build(root, home)
    pages = [k for k in _tree(root) if re.fullmatch(r"docs/players/[a-z0-9-]+\.md", k) and k != "docs/players/index.md"]
    every = len(pages)
    assert first.players_made == every > 40
    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    again = _build(root, home)
    named = _players_of(modern)
    assert 0 < again.players_made <= len(named) < every
    assert set(again.players_read) <= named, "only the touched players' records are read back"
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


def test_a_tampered_or_foreign_book_is_not_used(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    first = _build(root, home)
    folder = build_cache.cache_folder(home, root / "build")
    blocks = sorted((folder / player_book.BLOCKS_FOLDER).glob("*.json"))
    assert len(blocks) > 10
    # Every player's record edited in place: none is used; the book is made again from every event.
    for path in blocks:
        data = path.read_bytes()
        path.write_bytes(data[:-1] + b" " + data[-1:])  # still JSON, no longer what was signed
    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    modern.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    again = _build(root, home)
    assert again.players_made == first.players_made, "a record that does not check: every player made again"
    assert _differences(_tree(root), _clean(root, tmp_path)) == []
    # The book's index signed with another key (another machine's cache): not used either.
    index = folder / player_book.BOOK_FILE
    payload = index.read_bytes().split(b"\n", 2)[2]
    index.write_bytes(build_cache.MAGIC + b"0" * 64 + b"\n" + payload)
    modern.write_text(text, encoding="utf-8")
    third = _build(root, home)
    assert third.players_made == first.players_made
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


def test_a_removed_build_folder_makes_again_a_registered_player_without_events(tmp_path: Path) -> None:
    """A player players.yaml registers who has played no event has a page but no record of
    events: once build/ is gone, a build after a change makes that page again from nothing."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    registry = root / "players.yaml"
    registry.write_text(
        registry.read_text(encoding="utf-8") + "  - {id: nadia-newcomer, name: Nadia Newcomer}\n", encoding="utf-8"
    )
    _build(root, home)
    assert (root / "build" / "docs" / "players" / "nadia-newcomer.md").is_file()
    shutil.rmtree(root / "build")
    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    modern.write_text(modern.read_text(encoding="utf-8").replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    _build(root, home)
    assert (root / "build" / "docs" / "players" / "nadia-newcomer.md").is_file()
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


EDITS = ("result", "add-player", "rename", "hide", "delete-event", "add-event", "event-rename", "move-date", "merge")


def _unregister_half(root: Path) -> None:
    """Every other player leaves players.yaml: their names are the ones their newest event gives."""
    registry = root / "players.yaml"
    lines = registry.read_text(encoding="utf-8").splitlines(keepends=True)
    entries = [i for i, line in enumerate(lines) if line.lstrip().startswith("- {id:")]
    registry.write_text("".join(line for i, line in enumerate(lines) if i not in entries[::2]), encoding="utf-8")


def _edit(root: Path, kind: str, n: int) -> None:
    events = sorted(p for p in (root / "events").rglob("*.yaml") if "decks" not in p.parts)
    registry = root / "players.yaml"
    names = registry.read_text(encoding="utf-8")
    ids = re.findall(r"\{id: ([a-z0-9-]+), name: [^}]*\}", names)
    if kind == "result" and events:
        event = events[n % len(events)]
        text = event.read_text(encoding="utf-8")
        found = list(re.finditer(r"games: (2-0|0-2|2-1|1-2)\}", text))
        if found:
            m = found[n % len(found)]
            flipped = {"2-0": "0-2", "0-2": "2-0", "2-1": "1-2", "1-2": "2-1"}[m.group(1)]
            event.write_text(text[: m.start(1)] + flipped + text[m.end(1) :], encoding="utf-8")
    elif kind == "add-player":
        registry.write_text(names + f"  - {{id: newcomer-{n}, name: Newcomer {n}}}\n", encoding="utf-8")
    elif kind == "rename" and ids:
        cid = ids[n % len(ids)]
        # the name only: a hidden player's entry goes on with ", display: hidden"
        registry.write_text(re.sub(rf"\{{id: {cid}, name: ([^,}}]*)", rf"{{id: {cid}, name: \1 R{n}", names))
    elif kind == "hide" and ids:
        cid = ids[n % len(ids)]
        registry.write_text(
            re.sub(rf"\{{id: {cid}, name: ([^,}}]*)\}}", rf"{{id: {cid}, name: \1, display: hidden}}", names)
        )
    elif kind == "event-rename" and events:
        event = events[n % len(events)]
        text = event.read_text(encoding="utf-8")
        found = list(re.finditer(r"(?m)^  - \{id: ([a-z0-9-]+), name: ([^,}]*)", text))
        if found:
            m = found[n % len(found)]
            event.write_text(text[: m.end(2)] + f" E{n}" + text[m.end(2) :], encoding="utf-8")
    elif kind == "move-date" and events:
        # the event's players' histories change order: it is now their oldest
        event = events[n % len(events)]
        text = event.read_text(encoding="utf-8")
        event.write_text(re.sub(r"(?m)^date: .*$", f"date: '2026-07-{1 + n % 9:02d}'", text, count=1), encoding="utf-8")
    elif kind == "merge" and len(ids) > 1 and "aliases" not in names:
        # two registered players are one person: the second's id becomes an alias of the first
        keep, gone = ids[n % len(ids)], ids[(n + 1) % len(ids)]
        text = re.sub(rf"(?m)^  - \{{id: {gone}, name: [^\n]*\n", "", names)
        registry.write_text(
            re.sub(rf"\{{id: {keep}, name: ([^,}}]*)", rf"{{id: {keep}, name: \1, aliases: [{gone}]", text),
            encoding="utf-8",
        )
    elif kind == "delete-event" and len(events) > 1:
        events[n % len(events)].unlink()
    elif kind == "add-event" and events:
        source = next((e for e in events if e.stem == MODERN), events[0])
        text = source.read_text(encoding="utf-8")
        text = re.sub(r"(?m)^name: .*$", f"name: Friday Night Modern Extra {n}", text)
        text = re.sub(r"(?m)^date: .*$", f"date: 2026-11-{14 + n % 5:02d}", text)
        source.with_name(f"{MODERN}-extra-{n}.yaml").write_text(text, encoding="utf-8")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@example(edits=[("hide", 7), ("rename", 7), ("hide", 7)])  # a hidden player renamed, then hidden again
@example(edits=[("move-date", 5), ("result", 5), ("move-date", 6)])  # histories in another order, then a result
@example(edits=[("merge", 3), ("result", 4)])  # two players' histories become one
@given(st.lists(st.tuples(st.sampled_from(EDITS), st.integers(0, 50)), min_size=1, max_size=4))
def test_any_sequence_of_changes_builds_what_a_clean_build_makes(tmp_path: Path, edits: list[tuple[str, int]]) -> None:
    """Random sequences of changes (a result, a registered player added, renamed, hidden or
    merged into another in players.yaml, a player renamed in an event file, an event deleted,
    added or moved to another date, first in its players' histories; half the
    players not in players.yaml, so an event names them), a build after each: build/docs and
    build/fragments are a clean build's, byte for byte, after every one."""
    work = tmp_path / f"w{time.monotonic_ns()}"
    root, home = work / "p", work / "home"
    make_project(root)
    _unregister_half(root)
    _build(root, home)
    for kind, n in edits:
        _edit(root, kind, n)
        _build(root, home)
        assert _differences(_tree(root), _clean(root, work)) == [], (kind, n)
    shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("process", ["new", "watching"])
def test_a_one_result_build_encodes_only_the_changed_events_row_of_each_touched_players_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, process: str
) -> None:
    """The touched players' pages and documents are joined from their events' kept shares:
    after one result, the rows encoded are the changed event's, one a player (counted), not
    every event of every touched player's history, and no history is replayed; the files are
    a clean build's."""
    root, home = tmp_path / "p", tmp_path / "home"
    latest = generate(root, 24, players=60)  # 32 of 60 players an event: most play a dozen events
    memory = BuildMemory()
    if process == "watching":
        memory.changes = ChangeLog()
    _build(root, home, memory=memory)
    rows: list[str] = []
    real_row = api._history_row

    def row(entry: Any, *args: Any) -> Any:
        rows.append(entry.slug)
        return real_row(entry, *args)

    replayed: list[int] = []
    real_histories = history.histories_from

    def histories_from(events: Any, *args: Any, **kwargs: Any) -> Any:
        events = list(events)
        replayed.append(len(events))
        return real_histories(events, *args, **kwargs)

    monkeypatch.setattr(api, "_history_row", row)
    monkeypatch.setattr(history, "histories_from", histories_from)
    monkeypatch.setattr(player_book, "histories_from", histories_from, raising=False)
    change_result(latest, 0)
    if memory.changes is not None:
        memory.changes.record(os.fspath(latest))
    again = _build(root, home, memory=memory if process == "watching" else None)
    named = _players_of(latest)
    slug = latest.stem
    assert again.players_made == len(named) == 32
    assert rows == [slug] * 32, "one row encoded a touched player: the changed event's"
    assert replayed == []
    # Each touched player's blocks read from the build cache once, to be patched and joined
    # (a watching process holds them).
    assert sorted(again.players_read) == ([] if process == "watching" else sorted(named))
    assert max(again_events(root, cid) for cid in named) > 10  # (what a replay would have encoded)
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


def again_events(root: Path, cid: str) -> int:
    """How many events a player's document lists."""
    doc = json.loads((root / "build" / "docs" / "api" / "players" / f"{cid}.json").read_text(encoding="utf-8"))
    return len(doc["events"])
