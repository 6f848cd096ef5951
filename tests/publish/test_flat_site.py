"""A build after one result reads, of the events it takes unchanged, only what the pages
about many events need; the players' book is patched from the changed events alone. What a
build decodes is counted, never timed; what it writes is a clean build's, byte for byte
(the properties of :mod:`tests.publish.test_watched_build` compare it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ingest.publish.player_build import BookedPlayers, prepare
from tests.publish.test_incremental_build import SAMPLE_EVENTS
from tests.publish.test_manifest_log import _build, _change, _count_decoded, _project


def _prepared(monkeypatch: pytest.MonkeyPatch, decoded: list[str]) -> list[tuple[BookedPlayers, list[str]]]:
    """Each build's players as prepared from now on, with the rows decoded until then."""
    seen: list[tuple[BookedPlayers, list[str]]] = []

    def prepared(*args: Any, **kwargs: Any) -> BookedPlayers:
        booked = prepare(*args, **kwargs)
        seen.append((booked, list(decoded)))
        return booked

    monkeypatch.setattr("ingest.publish.run.prepare_players", prepared)
    return seen


def test_the_players_book_reads_only_the_changed_events_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    _project(root)
    _build(root, home)
    shown = _change(root)
    decoded = _count_decoded(monkeypatch)
    seen = _prepared(monkeypatch, decoded)
    _build(root, home)  # a new process's build: no memory
    ((booked, decoded_then),) = seen
    assert booked.histories is not None and booked.histories.asked == [shown]
    assert len(booked.histories) == SAMPLE_EVENTS
    assert decoded_then == [], "no unchanged event's row is decoded for the players' book"
    assert booked.update.touched, "the changed event's players are made again"
