"""Reports and loaded event files pickle by field values (ingest.publish.pickling) and come back unchanged."""

from __future__ import annotations

import copyreg
import dataclasses
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ingest.publish import pickling
from ingest.publish.run import BuildTimings, ReportCache, collect, compute_reports
from tests.site_helpers import make_project


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through containers, dataclass fields and slots."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, type(None))):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif dataclasses.is_dataclass(obj):
            stack.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        else:
            stack.extend(getattr(obj, s) for s in getattr(type(obj), "__slots__", ()) if hasattr(obj, s))


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, ...]:
    """The sample events as a build holds them: loaded files, parse cache and reports."""
    project = make_project(tmp_path_factory.mktemp("pickling"))
    cache = ReportCache()
    collected = collect(project, parsed=cache.parsed)
    reports = compute_reports(collected, project, cache, BuildTimings())
    assert len(reports) == 8
    return tuple(collected.events), cache.parsed, tuple(reports)


def test_every_dataclass_a_build_pickles_is_registered(samples: tuple[Any, ...]) -> None:
    kinds = {type(obj) for obj in reachable(samples) if dataclasses.is_dataclass(obj)}
    expected = {"EventReport", "Loaded", "DeckRef", "Standings", "DeckEntry", "WotReport", "Match"}
    assert {k.__name__ for k in kinds} >= expected
    assert sorted(k.__qualname__ for k in kinds if not pickling.is_registered(k)) == []
    assert all(copyreg.dispatch_table.get(k) is not None for k in kinds)


def test_a_registered_round_trip_equals_the_default_one(
    samples: tuple[Any, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loaded back, every object holds the same values as after Python's own pickling.

    Both copies are compared through the default pickle (which spells out every field);
    copies, not the originals, because unpickling does not keep which equal strings were
    one object.
    """
    fast = pickle.dumps(samples, protocol=pickle.HIGHEST_PROTOCOL)
    for kind in [k for k in copyreg.dispatch_table if pickling.is_registered(k)]:
        monkeypatch.delitem(copyreg.dispatch_table, kind)
    default = pickle.dumps(samples, protocol=pickle.HIGHEST_PROTOCOL)
    assert fast != default
    spelled_out = pickle.dumps(pickle.loads(fast), protocol=pickle.HIGHEST_PROTOCOL)
    assert spelled_out == pickle.dumps(pickle.loads(default), protocol=pickle.HIGHEST_PROTOCOL)


def test_a_rebuilt_object_stays_frozen() -> None:
    from ingest.core.diagnostics import SourcePos

    pos = pickle.loads(pickle.dumps(SourcePos("events/a.yaml", 3, 7)))
    assert pos == SourcePos("events/a.yaml", 3, 7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.line = 4  # type: ignore[misc]


def test_only_frozen_slotted_dataclasses_can_be_registered() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class Mutable:
        a: int

    for kind in (NoSlots, Mutable, Path):
        with pytest.raises(TypeError, match="not a frozen dataclass with slots"):
            pickling.register([kind])


def test_a_pickle_with_other_fields_than_the_class_is_refused() -> None:
    from ingest.core.diagnostics import SourcePos

    assert pickling.rebuild(SourcePos, ("a.yaml", 1, 2)) == SourcePos("a.yaml", 1, 2)
    with pytest.raises(TypeError, match="SourcePos: the pickle gives 2 fields"):
        pickling.rebuild(SourcePos, ("a.yaml", 1))

    with pytest.raises(TypeError, match="not a frozen dataclass with slots"):
        pickling.rebuild(Path, ("a",))
