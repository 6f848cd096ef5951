"""The build cache's own files (the event files' index, the record of build/docs, the players'
book and blocks) are written without waiting for the disk: each is signed and checked when
read back, so one a crash left torn costs the next build time, never a wrong site. A
one-result rebuild at 3,000 events spent 0.3 s of CPU (and more wall time) in 34 ``fsync``s."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import cache, events_manifest_seal, kept_map
from ingest.publish.run import build_site
from ingest.source.project import Project
from tests.site_helpers import TODAY, make_project


def test_a_rebuild_writes_the_cache_files_without_waiting_for_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    writes: list[tuple[str, bool]] = []
    for module in (kept_map, cache, events_manifest_seal):  # (the players' blocks: kept maps)
        original = module.write_atomically

        def counted(path: Path, content: str | bytes, *, durable: bool = True, _w: Any = original) -> None:
            writes.append((Path(path).name, durable))
            _w(path, content, durable=durable)

        monkeypatch.setattr(module, "write_atomically", counted)
    signed_writer = cache.EventStore.write_signed

    def streamed(store: cache.EventStore, path: Path, key: str, chunks: Any) -> int:
        writes.append((Path(path).name, False))  # (it never waits for the disk)
        return signed_writer(store, path, key, chunks)

    monkeypatch.setattr(cache.EventStore, "write_signed", streamed)
    build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1)
    event = next(e for e in sorted((root / "events").rglob("*.yaml")) if "decks" not in e.parts)
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("games: 2-0}", "games: 0-2}", 1), encoding="utf-8")
    build_site(Project(root), today=TODAY, cache_home=home, settled_before=time.time_ns(), workers=1)
    names = {name for name, _ in writes}
    assert {"events-manifest.json", "events-manifest.index", "events-manifest.seal", "docs-record.json"} <= names
    assert "player-book.json" in names
    assert [w for w in writes if w[1]] == []
