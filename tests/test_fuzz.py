"""Mutation fuzzing of every file the project reads, through every command that reads it.

The suite runs a short, seeded campaign (:mod:`tests.fuzzing`); a longer one is one
environment variable away::

    SCOREKEEPER_FUZZ_MUTANTS=3000 SCOREKEEPER_FUZZ_SEED=7 pytest tests/test_fuzz.py -s

(``SCOREKEEPER_FUZZ_KEEP=<folder>`` keeps failing mutants for replay.)
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests import fuzzing

MUTANTS = int(os.environ.get("SCOREKEEPER_FUZZ_MUTANTS", "24"))
SEED = int(os.environ.get("SCOREKEEPER_FUZZ_SEED", "16"))


@pytest.mark.slow
def test_no_mutant_crashes_hangs_hides_a_position_or_writes_on_failure(tmp_path: Path) -> None:
    keep = Path(os.environ["SCOREKEEPER_FUZZ_KEEP"]) if "SCOREKEEPER_FUZZ_KEEP" in os.environ else tmp_path / "failing"
    figures = fuzzing.run(MUTANTS, SEED, tmp_path, keep=keep)
    print(figures.summary())
    assert figures.failures == [], figures.summary()
    assert figures.mutants == MUTANTS and figures.runs == MUTANTS * 5
    # the campaign reaches both sides: files refused with positions and files accepted
    assert figures.outcomes["positioned error"] > 0 and figures.outcomes["accepted"] > 0


@pytest.mark.slow
def test_every_sample_event_before_its_first_round_passes_every_command(tmp_path: Path) -> None:
    """The fuzzer's one crash, replayed for every sample: an event with its players (and
    teams) registered and no round yet, through every command that reads it."""
    root = fuzzing.make_sample(tmp_path / "project")
    figures = fuzzing.run_mutants([fuzzing.no_round_yet(event) for event in fuzzing.SAMPLES], root)
    print(figures.summary())
    assert figures.failures == [], figures.summary()
    assert figures.mutants == len(fuzzing.SAMPLES) and figures.outcomes["accepted"] >= 4 * len(fuzzing.SAMPLES)


def test_mutants_are_reproducible_from_seed_and_index(tmp_path: Path) -> None:
    root = fuzzing.make_sample(tmp_path / "project")
    first = [fuzzing.make_mutant(i, 3, root) for i in range(12)]
    assert first == [fuzzing.make_mutant(i, 3, root) for i in range(12)]
    assert len({m.text for m in first}) == 12  # and they differ from each other


def test_mutations_reach_every_kind_of_file(tmp_path: Path) -> None:
    root = fuzzing.make_sample(tmp_path / "project")
    targets = {fuzzing.make_mutant(i, 1, root).target.split("/")[0] for i in range(200)}
    assert {"events", "players.yaml", "formats", "mkdocs.yml", "data"} <= targets


def test_the_outcome_of_a_command_is_judged_strictly() -> None:
    ok = {"exit": 1, "stdout": "e.yaml:3:7: error[schema]: bad\n  hint: fix\n", "stderr": "", "crash": None}
    assert fuzzing.classify(ok, wrote=False) == "positioned error"
    assert fuzzing.classify({**ok, "exit": 0, "stdout": ""}, wrote=False) == "accepted"
    assert fuzzing.classify({**ok, "stdout": "e.yaml: error[schema]: bad\n"}, wrote=False) == "unpositioned"
    assert fuzzing.classify({**ok, "stdout": "e.yaml:0:0: error[io]: bad\n"}, wrote=False) == "unpositioned"
    assert fuzzing.classify({**ok, "crash": "Traceback ..."}, wrote=False) == "traceback"
    assert fuzzing.classify({**ok, "exit": 2}, wrote=False) == "traceback"
    assert fuzzing.classify({**ok, "exit": None, "crash": "timeout"}, wrote=False) == "timeout"
    assert fuzzing.classify(ok, wrote=True) == "wrote"


def test_a_write_is_seen(tmp_path: Path) -> None:
    before = fuzzing.tree_state(tmp_path)
    (tmp_path / "new.tmp").write_text("x")
    assert fuzzing.tree_state(tmp_path) != before


def test_text_mutations_change_the_text() -> None:
    text = (fuzzing.ROOT / "players.yaml").read_text(encoding="utf-8")
    rng = random.Random(5)
    assert sum(fuzzing.mutate(text, rng) != text for _ in range(50)) >= 45
