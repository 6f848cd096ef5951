"""The memory a run of processes needs of the machine: its processes' memory at the same moment, summed.

``ru_maxrss`` gives each process's own peak, and a build is several processes at once (the
events made in forked processes, the engine's pages in two): the largest of their peaks
says too little, and the sum of their peaks too much, since they peak at different moments
and a forked process shares the memory of the one it was forked from until either writes
to it. So the processes are sampled while they run (Linux: ``/proc``), each process's
proportional set size (its own pages, and its share of the pages it shares) summed over
every process descended from those started, and the largest sum kept. The resident sets
are summed too (shared pages counted once per process: an upper bound).
"""

from __future__ import annotations

import bisect
import os
import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

INTERVAL = 0.05
"""Seconds between two samples."""


@dataclass
class Peak:
    """The largest sums seen, in bytes (0 where ``/proc`` cannot be read)."""

    pss: int = 0
    """The processes' proportional set sizes summed: what they need of the machine's memory."""
    rss: int = 0
    """Their resident sets summed (each shared page counted in every process that maps it)."""
    processes: int = 0
    """The most processes seen at once."""
    largest: int = 0
    """The largest peak of one process (its ``VmHWM``). Not ``ru_maxrss``: a process started
    by ``vfork`` and ``exec`` from a large one reports that one's peak as its own."""
    samples: list[tuple[float, int]] = field(default_factory=list)
    """Each sample's time (the clock's, :func:`time.time`) and the processes' proportional
    set sizes summed then."""


def _descendants(roots: Collection[int]) -> list[int]:
    """``roots`` and every process descended from them that is running."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        parent = int(stat[stat.rindex(b")") + 2 :].split()[1])  # (the name, in parentheses, may hold spaces)
        children.setdefault(parent, []).append(int(name))
    out = list(roots)
    for pid in out:  # (grows while it is walked: breadth first)
        out += children.get(pid, [])
    return out


def _high_water(pid: int) -> int:
    """A process's largest resident set so far, in bytes (0 once it has ended)."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _sizes(pid: int) -> tuple[int, int]:
    """A process's resident set and proportional set size, in bytes (0, 0 once it has ended)."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            for line in f:
                if line.startswith(b"Rss:"):
                    rss = int(line.split()[1]) * 1024
                elif line.startswith(b"Pss:"):
                    pss = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return rss, pss


class Sampler:
    """Samples the processes descended from ``roots`` (and those processes) until :meth:`stop`."""

    def __init__(self, roots: Collection[int]) -> None:
        self.roots = list(roots)
        self.peak = Peak()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        if os.path.exists("/proc/self/smaps_rollup"):
            self._thread.start()

    def sample(self) -> None:
        pids = _descendants(self.roots)
        sizes = [_sizes(pid) for pid in pids]
        peak = self.peak
        peak.samples.append((time.time(), sum(p for _, p in sizes)))
        peak.pss = max(peak.pss, sum(p for _, p in sizes))
        peak.rss = max(peak.rss, sum(r for r, _ in sizes))
        peak.processes = max(peak.processes, sum(1 for r, _ in sizes if r))
        peak.largest = max([peak.largest, *(_high_water(pid) for pid in pids)])

    def _run(self) -> None:
        while not self._done.wait(INTERVAL):
            self.sample()

    def stop(self) -> Peak:
        """Stops sampling; the largest sums seen."""
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()
        return self.peak


def peaks_by_stage(samples: Sequence[tuple[float, int]], stages: Sequence[tuple[float, str]]) -> list[tuple[str, int]]:
    """The largest sample taken while each stage ran (``stages``: when each began, in order;
    one ends where the next begins, the last with the samples), in the stages' order; a stage
    no sample fell in is left out. Before the first stage: ``starting``."""
    starts = [t for t, _ in stages]
    names = ["starting", *(name for _, name in stages)]
    peaks: dict[str, int] = {}
    for t, pss in samples:
        name = names[bisect.bisect_right(starts, t)]
        peaks[name] = max(peaks.get(name, 0), pss)
    return [(name, peaks[name]) for name in dict.fromkeys(names) if name in peaks]
