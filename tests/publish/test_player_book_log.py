"""The players' book written back as what changed (ingest.publish.player_book_files): after one
result, a watching process appends the changed blocks to each touched player's blocks file and
the changed entries to the book's index, rewriting neither; a torn line leaves no book to trust,
and the next build makes a clean build's files. Work is counted, never timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.publish import cache as build_cache
from ingest.publish import kept_map, player_book, player_book_files
from ingest.publish.build_state import BuildMemory
from ingest.publish.watched import ChangeLog
from tests.publish.test_one_change_work import docs_build
from tests.publish.test_player_book import MODERN, _clean, _differences, _tree
from tests.site_helpers import make_project

_build = docs_build


def _watching() -> tuple[BuildMemory, ChangeLog]:
    memory = BuildMemory()
    memory.changes = ChangeLog()
    return memory, memory.changes


def _flip_a_result(root: Path, n: int = 0) -> Path:
    modern = next((root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")
    old = ("games: 2-0}", "games: 0-2}")[n % 2]
    assert old in text
    modern.write_text(text.replace(old, ("games: 0-2}", "games: 2-0}")[n % 2], 1), encoding="utf-8")
    return modern


def _blocks(home: Path, root: Path) -> dict[str, bytes]:
    """Each player's whole blocks file (its log left out), by name."""
    folder = build_cache.cache_folder(home, root / "build") / player_book.BLOCKS_FOLDER
    return {p.name: p.read_bytes() for p in folder.glob("*.json")}


def _logs(home: Path, root: Path) -> dict[str, bytes]:
    folder = build_cache.cache_folder(home, root / "build") / player_book.BLOCKS_FOLDER
    return {p.name: p.read_bytes() for p in folder.glob("*" + kept_map.LOG_SUFFIX)}


def test_a_watching_process_appends_the_changed_blocks_and_index_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the event's players' blocks file keeps its bytes and gains one line in its log,
    holding that event's blocks only; the index is not listed whole to find what changed."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory, changes = _watching()
    _build(root, home, memory)
    whole, logs = _blocks(home, root), _logs(home, root)
    assert whole and not logs
    listed: list[int] = []
    index_entries = player_book_files._index_entries

    def counted(book: player_book.PlayerBook) -> dict[str, object]:
        listed.append(len(book.events))
        return index_entries(book)

    monkeypatch.setattr(player_book_files, "_index_entries", counted)
    encoded: list[str] = []
    block_json = getattr(player_book_files, "_block_json", None)  # (the code before it had none)

    def counted_block(block: player_book.Block, *args: object) -> object:
        encoded.append(block.slug)
        return block_json(block, *args) if block_json is not None else None

    monkeypatch.setattr(player_book_files, "_block_json", counted_block, raising=False)
    changes.record(str(_flip_a_result(root)))
    again = _build(root, home, memory)
    assert again.players_made > 0
    assert _blocks(home, root) == whole, "no player's whole blocks file is written again"
    logs = _logs(home, root)
    assert 0 < len(logs) <= again.players_made, "one log for each player whose blocks changed"
    assert all(data.count(b"\n") == 1 for data in logs.values())
    assert len(set(encoded)) == 1 and len(encoded) == len(logs), (
        "only the changed event's block of each of its players is encoded (was: every block of theirs)"
    )
    assert listed == [], "the book's index is appended to from its changed entries (was: listed whole)"
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


@pytest.mark.parametrize("torn", ["blocks", "index"])
def test_a_torn_line_makes_the_book_again_and_the_files_a_clean_builds(tmp_path: Path, torn: str) -> None:
    """A build killed while it appended leaves a line without its end: that map is not read
    (a player's blocks, or the whole index), the book is made again from every event, and
    build/docs is a clean build's, in a new process as in the watching one."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory, changes = _watching()
    first = _build(root, home, memory)
    changes.record(str(_flip_a_result(root)))
    _build(root, home, memory)
    folder = build_cache.cache_folder(home, root / "build")
    if torn == "blocks":
        log = sorted((folder / player_book.BLOCKS_FOLDER).glob("*" + kept_map.LOG_SUFFIX))[0]
    else:
        log = kept_map.log_path(folder / player_book.BOOK_FILE)
    data = log.read_bytes()
    assert data.endswith(b"\n")
    log.write_bytes(data[:-7])  # (the end of the last line lost)
    _flip_a_result(root, 1)
    again = _build(root, home)  # a new process
    assert again.players_made == first.players_made, "a map that does not read back: every player made again"
    assert _differences(_tree(root), _clean(root, tmp_path)) == []
    memory, changes = _watching()  # and a watching process after it
    _build(root, home, memory)
    changes.record(str(_flip_a_result(root)))
    _build(root, home, memory)
    assert _differences(_tree(root), _clean(root, tmp_path)) == []


class _Killed(BaseException):
    """A process killed at that point (nothing after it runs)."""


def test_a_watching_process_killed_between_the_blocks_and_the_index_leaves_no_book_to_trust(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after the touched players' blocks gained the changed event but before the index
    did, a watching process leaves an index that must not be read with those blocks: the
    result put back as it was (the old index's event again), a new process's build/docs is a
    clean build's, every touched player's page and document included."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory, changes = _watching()
    _build(root, home, memory)
    changes.record(str(_flip_a_result(root)))

    def killed(*args: object) -> None:
        raise _Killed

    with monkeypatch.context() as m:
        m.setattr(player_book_files, "save_index", killed)
        with pytest.raises(_Killed):
            _build(root, home, memory)
    _flip_a_result(root, 1)  # (the result as the index last saved knows it)
    _build(root, home)  # a new process
    assert _differences(_tree(root), _clean(root, tmp_path)) == []
