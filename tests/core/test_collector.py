"""The garbage-collector pause used by standings and the parallel build."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from ingest.core.collector import collector_paused


@pytest.fixture
def collector_state() -> Iterator[None]:
    """Restores the collector as the test found it."""
    enabled, frozen = gc.isenabled(), gc.get_freeze_count()
    yield
    if gc.get_freeze_count() and not frozen:
        gc.unfreeze()
    (gc.enable if enabled else gc.disable)()


def test_the_pause_resumes_the_collector_as_it_was_found(collector_state: None) -> None:
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with collector_paused(freeze=True):
        assert gc.get_freeze_count() > 0
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_what_a_caller_froze_stays_frozen(collector_state: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is unfrozen when the caller had frozen objects (the count itself drops
    whenever a frozen object is freed, so the test watches for an unfreeze instead)."""
    gc.enable()
    gc.freeze()
    calls: list[str] = []
    real_unfreeze = gc.unfreeze

    def unfreeze() -> None:
        calls.append("unfreeze")
        real_unfreeze()

    monkeypatch.setattr(gc, "unfreeze", unfreeze)
    with collector_paused(freeze=True):
        pass
    with collector_paused():
        pass
    assert calls == [] and gc.get_freeze_count() > 0 and gc.isenabled()
    real_unfreeze()


def test_an_already_paused_collector_does_not_walk_the_frozen_heap(
    collector_state: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked build worker runs with the collector paused and its parent's heap frozen.

    Counting frozen objects walks every one of them (a whole archive's worth, twice per
    event in the worker); a pause inside a pause has nothing to undo and must not count.
    """
    gc.disable()

    def walk() -> int:
        raise AssertionError("gc.get_freeze_count walks the frozen heap")

    monkeypatch.setattr(gc, "get_freeze_count", walk)
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_a_build_keeps_its_results_frozen_while_the_engine_runs_and_unfreezes_them(
    tmp_path: Path, collector_state: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen from inside the engine, as a plugin sees it (a project's ``hooks:`` are refused)."""
    from ingest.publish.mkdocs_plugin import ScorekeeperPlugin
    from ingest.publish.run import build_site
    from tests.site_helpers import TODAY, make_project

    project = make_project(tmp_path)
    seen: list[int] = []
    on_env = ScorekeeperPlugin.on_env

    def counting(self: ScorekeeperPlugin, env: object, *, config: object, files: object) -> object:
        seen.append(gc.get_freeze_count())
        return on_env(self, env, config=config, files=files)

    monkeypatch.setattr(ScorekeeperPlugin, "on_env", counting)
    gc.enable()
    build_site(project, today=TODAY)
    assert len(seen) == 1 and seen[0] > 10_000
    assert gc.get_freeze_count() == 0


def test_a_pause_within_frozen_results_does_not_count_the_frozen_heap(
    collector_state: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """serve's build holds its archive frozen while it remakes an event, whose standings pause
    the collector: counting the frozen objects there walked them all (0.18 s at 3,000 events)."""
    from ingest.core.collector import results_frozen

    gc.enable()
    with results_frozen() as freeze:
        freeze()

        def walk() -> int:
            raise AssertionError("gc.get_freeze_count walks the frozen heap")

        monkeypatch.setattr(gc, "get_freeze_count", walk)
        with collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled()
        monkeypatch.undo()
    assert gc.get_freeze_count() == 0
