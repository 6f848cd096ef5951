"""``benchmarks/event_stages.py`` times every stage it names in this code, and leaves the
code as it found it."""

from __future__ import annotations

from pathlib import Path

from benchmarks.build import generate
from benchmarks.event_stages import STAGES, stages_of
from ingest.publish import event_build


def test_every_stage_is_timed_and_the_functions_are_put_back(tmp_path: Path) -> None:
    before = {name: getattr(event_build, name) for name in ("load_event", "compute_summary", "render_event")}
    generate(tmp_path / "weekly", 3)
    figures = stages_of(tmp_path / "weekly", 3, 2)
    # A stage whose function was renamed or moved would be left out of the figures unseen.
    assert set(figures) == {"make"} | {name for name, _, _ in STAGES}
    assert all(value > 0 for value in figures.values())
    # The stages nest: the three top ones are within making the event, and the checks within the summary.
    assert figures["read"] + figures["summary"] + figures["render"] <= figures["make"]
    assert figures["checks"] + figures["standings"] <= figures["summary"]
    assert {name: getattr(event_build, name) for name in before} == before
