"""A new process takes the events' manifest as checked without hashing its bytes when the
file is the one its seal names (:data:`ingest.publish.events_manifest.SEAL`: size, times and
inode, signed; it hashes the index it reads in its place, a fraction of the file); a file
written over in place (even with its size and modification time put back), replaced or
copied back is checked whole again, and one that fails is not used. Bytes hashed are
counted (:attr:`~ingest.publish.cache.EventStore.hashed`), never timed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ingest.publish.events_manifest import FILE, SEAL, load_manifest
from ingest.publish.events_manifest_index import INDEX
from tests.publish.test_incremental_build import SAMPLE_EVENTS, _same
from tests.publish.test_manifest_log import _build, _folder, _project, _store_of


def _loaded(root: Path, home: Path) -> tuple[int, int]:
    """Rows a new process reads from the manifest, and the bytes it hashes to trust them."""
    store = _store_of(root, home)
    manifest = load_manifest(store)
    return len(manifest.rows or {}), store.hashed


def test_a_sealed_manifest_is_read_without_hashing_it_whole(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    folder = _folder(home)
    size = (folder / FILE).stat().st_size
    index = (folder / INDEX).stat().st_size
    rows, hashed = _loaded(root, home)
    assert rows == SAMPLE_EVENTS
    assert hashed < index + 200, "the seal's and the index's bytes only, not the manifest's"
    assert size > 5 * hashed

    os.unlink(folder / SEAL)  # no seal (a cache of an earlier version): checked whole, once, then sealed
    rows, hashed = _loaded(root, home)
    assert rows == SAMPLE_EVENTS and hashed >= size - 100
    assert _loaded(root, home)[1] < index + 200


def test_a_manifest_written_over_in_place_is_checked_whole_and_refused(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    path = _folder(home) / FILE
    st = path.stat()
    data = bytearray(path.read_bytes())
    at = data.index(b'"status":"') + len(b'"status":"')
    data[at] = ord("x") if data[at] != ord("x") else ord("y")  # one row's brief changed, same size
    with open(path, "r+b") as out:  # in place: the same inode
        out.write(data)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # its modification time put back
    assert path.stat().st_ino == st.st_ino and path.stat().st_size == st.st_size
    rows, hashed = _loaded(root, home)
    assert rows == 0, "its signature no longer checks: no row used"
    assert hashed >= st.st_size - 100
    _build(root, home)  # each event taken from its own entry, as before
    _same(root, tmp_path)


def test_a_manifest_copied_back_is_checked_whole_once(tmp_path: Path) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    path = _folder(home) / FILE
    shutil.copy2(path, tmp_path / "saved")
    os.replace(tmp_path / "saved", path)  # the same bytes and times, another inode (a restored cache)
    rows, hashed = _loaded(root, home)
    assert rows == SAMPLE_EVENTS and hashed >= path.stat().st_size - 100
    index = (_folder(home) / INDEX).stat().st_size
    assert _loaded(root, home) == (SAMPLE_EVENTS, _loaded(root, home)[1]) and _loaded(root, home)[1] < index + 200, (
        "sealed again once checked"
    )
