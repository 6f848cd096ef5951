"""The benchmark's peak memory counts a build's processes together (issue 38: the memory the
machine needs), not only the largest of them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from benchmarks.build import run_processes
from benchmarks.memory import peaks_by_stage

HOLD = textwrap.dedent(
    """
    import os, sys, time
    child = os.fork()
    block = bytearray(int(sys.argv[1]) * 2**20)
    for i in range(0, len(block), 4096):
        block[i] = 1  # (resident, not only reserved)
    time.sleep(1.0)
    if child == 0:
        os._exit(0)
    os.wait()
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the processes are sampled through /proc")
def test_the_peak_counts_a_process_and_its_child_together() -> None:
    """A process and the child it forked each hold 100 MB of their own at the same time: the
    peak is about 200 MB, while the largest of them alone is about 100 MB."""
    cost = run_processes([[sys.executable, "-c", HOLD, "100"]])
    assert cost.rss < 150 * 2**20
    assert cost.together >= 195 * 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the processes are sampled through /proc")
def test_a_large_measuring_process_does_not_lend_its_peak_to_the_measured_one() -> None:
    """The benchmark's process holds 400 MB and measures a process of 100 MB: ``ru_maxrss`` of a
    child started by ``vfork`` and ``exec`` reports the parent's peak, so the largest process
    alone is taken from the processes' own high-water marks."""
    measure = textwrap.dedent(
        f"""
        import sys
        held = bytearray(400 * 2**20)
        for i in range(0, len(held), 4096):
            held[i] = 1
        from benchmarks.build import run_processes
        cost = run_processes([[sys.executable, "-c", {HOLD!r}, "100"]])
        print(cost.rss)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[1]
    )
    assert 90 * 2**20 < int(done.stdout) < 150 * 2**20


def test_the_peak_of_each_stage_is_the_largest_sample_taken_while_it_ran() -> None:
    """A sample belongs to the stage that began last before it (``starting`` before the first);
    a stage is given once, in the order the build told them, even when the build comes back
    to it; a stage no sample fell in is left out."""
    stages = [(10.0, "events"), (20.0, "site"), (30.0, "engine"), (40.0, "site")]
    samples = [(5.0, 40), (11.0, 300), (19.9, 250), (20.0, 280), (35.0, 500), (41.0, 290), (45.0, 100)]
    assert peaks_by_stage(samples, stages) == [("starting", 40), ("events", 300), ("site", 290), ("engine", 500)]
    assert peaks_by_stage(samples[1:2], stages) == [("events", 300)]
    assert peaks_by_stage([], stages) == []
