"""A map the build cache keeps as a whole file and a log of what each save changed
(:mod:`ingest.publish.kept_map`): read back, it is exactly the map the last save described,
or nothing; a save appends only the changed entries while the files are as it left them."""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.publish import kept_map
from ingest.publish.kept_map import KeptFile, changed_entries, load_map, log_path, save_map


def _sign(key: str, payload: bytes) -> str:
    return hmac.new(b"secret", key.encode() + b"\0" + payload, hashlib.sha256).hexdigest()


def _save(path: Path, before: dict[str, Any], now: dict[str, Any], kept: KeptFile | None) -> KeptFile | None:
    return save_map(path, "k", _sign, {"n": len(now)}, changed_entries(before, now), lambda: now, kept)


def test_a_save_appends_what_changed_and_reads_back_the_whole_map(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    first = {f"page-{i}": [f"{i:064x}", [i, i, i, i]] for i in range(500)}
    kept = _save(path, {}, first, None)
    assert kept is not None and kept.logged == 0 and not log_path(path).exists()
    whole = path.read_bytes()
    second = {**first, "page-7": ["changed", [1, 2, 3, 4]], "page-new": ["n", [0, 0, 0, 0]]}
    del second["page-9"]
    kept = _save(path, first, second, kept)
    assert kept is not None and kept.logged > 0
    assert path.read_bytes() == whole, "the whole file is not written again"
    line = log_path(path).read_bytes()
    assert b"page-7" in line and b"page-9" in line and b"page-8" not in line  # the changes only
    loaded = load_map(path, "k", _sign)
    assert loaded is not None
    head, entries, again = loaded
    assert head == {"n": len(second)} and entries == second and again == kept


def test_a_torn_or_foreign_log_line_reads_as_no_map(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    first = {"a": 1, "b": 2}
    kept = _save(path, {}, first, None)
    kept = _save(path, first, {"a": 1, "b": 3}, kept)
    log = log_path(path).read_bytes()
    log_path(path).write_bytes(log[:-5])  # a crash while appending
    assert load_map(path, "k", _sign) is None
    log_path(path).write_bytes(log.replace(b'"b":3', b'"b":4'))  # edited: its signature fails
    assert load_map(path, "k", _sign) is None
    log_path(path).write_bytes(log)
    assert load_map(path, "k", _sign) is not None
    assert load_map(path, "other key", _sign) is None
    _save(path, {}, first, None)  # a whole file written anew, with a new nonce: the old log's lines are not its
    log_path(path).write_bytes(log)
    assert load_map(path, "k", _sign) is None


class _Killed(BaseException):
    """The process killed at that point (no handler of the code under test catches it)."""


def _killed(*args: Any, **kwargs: Any) -> None:
    raise _Killed


@pytest.mark.parametrize("step", ["removing the log", "writing the whole file"])
def test_a_whole_write_killed_midway_reads_as_the_last_saved_map_or_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    """A save that writes the map whole again writes the whole file and removes the old log.
    Killed at either step, the map reads as the last one saved (the save in progress was
    never acknowledged) or as none (made again): never as an older one, without the changes
    its log held."""
    path = tmp_path / "map.json"
    first, second, third = {"a": 1, "b": 2}, {"a": 1, "b": 3}, {"a": 9, "b": 3}
    kept = _save(path, {}, first, None)
    kept = _save(path, first, second, kept)
    assert kept is not None and kept.logged > 0, "the second save is in the log"
    if step == "removing the log":
        monkeypatch.setattr(os, "unlink", _killed)
    else:
        monkeypatch.setattr(kept_map, "write_atomically", _killed)
    with pytest.raises(_Killed):
        _save(path, second, third, None)
    monkeypatch.undo()
    loaded = load_map(path, "k", _sign)
    assert loaded is None or loaded[1] in (second, third), f"an older map: {loaded[1]}"


def test_a_map_held_reads_as_none_until_saved_again(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    first = {"a": 1}
    kept = _save(path, {}, first, None)
    held = save_map(path, "k", _sign, None, {}, dict, kept)
    assert held is not None and held.logged > 0
    loaded = load_map(path, "k", _sign)
    assert loaded is not None and loaded[0] is None  # (its user reads a head of None as no map)
    kept = _save(path, first, {"a": 2}, held)
    loaded = load_map(path, "k", _sign)
    assert loaded is not None and loaded[:2] == ({"n": 1}, {"a": 2})


def test_files_another_process_wrote_are_written_whole_again(tmp_path: Path) -> None:
    path = tmp_path / "map.json"
    mine = _save(path, {}, {"a": 1}, None)
    other = _save(path, {}, {"a": 1, "b": 2}, None)  # another process's whole map
    assert mine is not None and other is not None
    kept = _save(path, {"a": 1}, {"a": 3}, mine)  # what this process knew is no longer there
    assert kept is not None and kept.logged == 0
    loaded = load_map(path, "k", _sign)
    assert loaded is not None and loaded[1] == {"a": 3}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.dictionaries(st.sampled_from([f"e{i}" for i in range(40)]), st.none() | st.integers(0, 3), max_size=12),
        min_size=1,
        max_size=25,
    )
)
def test_any_sequence_of_saves_reads_back_as_the_last_map(tmp_path: Path, edits: list[dict[str, int | None]]) -> None:
    """Saves of random changes (entries set or removed), appended or folded into a new whole
    file as the log grows: each reads back as the map it saved."""
    path = tmp_path / f"m{len(list(tmp_path.iterdir()))}.json"
    now: dict[str, Any] = {f"e{i}": "x" * 200 for i in range(40)}
    kept = _save(path, {}, now, None)
    for edit in edits:
        before = dict(now)
        for name, value in edit.items():
            if value is None:
                now.pop(name, None)
            else:
                now[name] = value
        kept = _save(path, before, dict(now), kept)
        loaded = load_map(path, "k", _sign)
        assert loaded is not None and loaded[1] == now and loaded[2] == kept
