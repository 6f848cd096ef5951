"""The feeds after a change: kept in the build cache (a new process) or in memory (``serve``)
under what they read of the events, so a result that changes no winner, deck or field among
the latest results makes none of them again; a change they show makes them again; either
way build/docs is a clean build's, byte for byte."""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import index_cache
from ingest.publish.build_state import BuildMemory
from ingest.site import feeds, site_files
from ingest.site.feeds import RESULTS_FEED, FeedEvent, feed_inputs
from tests.publish.test_incremental_build import MODERN
from tests.publish.test_one_change_work import _docs, docs_build
from tests.site_helpers import make_project


@pytest.fixture
def feeds_made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many events each making of the feeds was given."""
    made: list[int] = []
    original = feeds.feed_files

    def counted(events: Sequence[FeedEvent], **kwargs: Any) -> dict[str, bytes]:
        made.append(len(events))
        return original(events, **kwargs)

    monkeypatch.setattr(site_files, "feed_files", counted)
    return made


def _clean_docs(root: Path, tmp: Path) -> dict[str, bytes]:
    other = tmp / f"clean-{time.monotonic_ns()}"
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    docs_build(other, tmp / f"clean-home-{time.monotonic_ns()}")
    return _docs(other)


@pytest.mark.parametrize("watching", [False, True], ids=["new process", "serve"])
def test_the_feeds_are_made_again_only_when_what_they_show_changed(
    tmp_path: Path, feeds_made: list[int], watching: bool
) -> None:
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    memory = BuildMemory() if watching else None
    docs_build(root, home, memory)
    assert feeds_made == [8]
    modern = next(p for p in (root / "events").rglob(f"{MODERN}.yaml"))
    text = modern.read_text(encoding="utf-8")

    feeds_made.clear()
    modern.write_text(text.replace("games: 2-0}", "games: 2-1}", 1), "utf-8")  # (the same winner)
    docs_build(root, home, memory)
    assert feeds_made == [], "a result the feeds do not show: they are taken as they were (was: made)"
    assert _docs(root) == _clean_docs(root, tmp_path)

    feeds_made.clear()
    modern.write_text(text.replace("name: ", "name: Renamed ", 1), "utf-8")  # (among the latest results)
    docs_build(root, home, memory)
    assert feeds_made == [8], "an event the results feed shows renamed: the feeds are made again"
    assert b"Renamed" in (root / "build" / "docs" / RESULTS_FEED).read_bytes()
    assert _docs(root) == _clean_docs(root, tmp_path)


@pytest.mark.parametrize("harm", ["edited", "torn"])
def test_kept_feeds_that_do_not_check_are_made_again(tmp_path: Path, feeds_made: list[int], harm: str) -> None:
    """The kept map edited without the cache's key, or cut short (a process killed while it
    wrote): not read, the feeds made again, a clean build's bytes."""
    root, home = tmp_path / "p", tmp_path / "home"
    make_project(root)
    docs_build(root, home)
    kept = next(home.rglob(index_cache.FILE))
    data = kept.read_bytes()
    kept.write_bytes(
        data.replace(b"BEGIN:VCALENDAR", b"BEGIN:VCALENDAX") if harm == "edited" else data[: len(data) // 2]
    )
    feeds_made.clear()
    docs_build(root, home)
    assert feeds_made == [8]
    assert _docs(root) == _clean_docs(root, tmp_path)


def _event(slug: str, end: str, status: str = "complete", game: str = "mtg", game_name: str = "Magic") -> FeedEvent:
    day = dt.date.fromisoformat(end)
    return FeedEvent(slug, slug.title(), day, day, game, game_name, "modern", f"events/{slug}/", status)


def test_the_feeds_inputs_are_what_the_feeds_read() -> None:
    """The latest complete events as the results feed picks them (by last day, then slug),
    every event not over, and each game's name as its calendar's title takes it (its first
    event's)."""
    events = [_event(f"e{i:02d}", f"2026-01-{1 + i % 28:02d}") for i in range(40)]
    events += [_event("open", "2026-12-01", "upcoming", "op", "One Piece"), _event("x", "2026-02-01", game="op")]
    opened, latest, games = feed_inputs(events)
    assert [row[0] for row in opened] == ["open"]
    picked = sorted((e for e in events if e.status == "complete"), key=lambda e: (e.end, e.slug), reverse=True)[:30]
    assert [row[0] for row in latest] == [e.slug for e in picked]
    assert games == [("mtg", "Magic"), ("op", "One Piece")]
    older = dataclasses.replace(events[0], winner="Someone Else")  # (not among the latest 30)
    assert feed_inputs([older, *events[1:]]) == feed_inputs(events), "an older result is not among them"
    newer = dataclasses.replace(events[27], winner="Someone Else")
    assert feed_inputs([*events[:27], newer, *events[28:]]) != feed_inputs(events)
