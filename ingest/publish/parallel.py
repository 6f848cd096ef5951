"""Doing a build's independent pieces of work in forked processes.

A forked process inherits this one's state (schemas, formats, compiled templates, the
function to run and what it runs on), so nothing but each piece's result crosses between
processes. The pieces must not depend on each other, and a result must be small next to
the work it took: an event's rendered files, never its computed report (pickling a report
back cost as much as computing it).

Forking is used only where it is safe and pays: on a platform that forks, with no other
thread running (a fork copies a lock another thread may hold, as ``serve``'s server and
watcher threads might), and for enough pieces. Otherwise everything runs here, in order,
with the same results.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import gc
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ingest.core.collector import collector_paused

T = TypeVar("T")
R = TypeVar("R")

COLLECT_EVERY = 64
"""Pieces a forked process does between two collections (its collector is paused)."""


def can_fork() -> bool:
    """Whether work may go to forked processes: the platform forks, and no other thread runs."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def workers_for(requested: int | None) -> int:
    """How many processes a build uses: ``requested``, else one per CPU (at most 8), and 1
    when forking is not possible here."""
    if not can_fork():
        return 1
    return max(1, requested if requested is not None else min(os.cpu_count() or 1, 8))


@contextlib.contextmanager
def _forked_pool(workers: int) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """Processes forked from this one. Everything alive is frozen for the collector meanwhile,
    so the memory the workers share with this process is not copied page by page; the
    workers, forked inside, start with the collector paused too."""
    context = multiprocessing.get_context("fork")
    with collector_paused(freeze=True), concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield pool


_JOB: dict[str, Any] = {}
"""The function and pieces of the map under way, inherited by the forked processes."""


def _run(index: int) -> Any:
    _JOB["done"] = done = _JOB.get("done", 0) + 1
    if done % COLLECT_EVERY == 0:
        gc.collect()  # the collector is paused in workers: the odd cycle goes here
    return _JOB["fn"](_JOB["items"][index])


def _same(value: R) -> R:
    return value


def fork_map(
    fn: Callable[[T], R],
    items: Sequence[T],
    *,
    workers: int,
    done: Callable[[int], None] | None = None,
    then: Callable[[R], R] | None = None,
) -> list[R]:
    """``[fn(item) for item in items]``, the items after the first in forked processes.

    The first item is done here before forking, so what it loads (schemas, templates...)
    is inherited instead of loaded again in each process. With one worker, or where
    forking is not safe (:func:`can_fork`), everything runs here. The items of a process
    that dies (the out-of-memory killer) are done here. ``done`` is told how many items
    are finished, as they finish. ``then`` is applied here to each result as it comes
    (``[then(fn(item)) ...]``), before the next one comes.
    """
    after: Callable[[R], R] = then if then is not None else _same
    if workers < 2 or len(items) < 2 or not can_fork():
        out = []
        for i, item in enumerate(items, start=1):
            out.append(after(fn(item)))
            if done is not None:
                done(i)
        return out
    results: list[R] = [after(fn(items[0]))]
    if done is not None:
        done(1)
    _JOB.update(fn=fn, items=items, done=0)
    try:
        with _forked_pool(workers) as pool:
            try:
                for result in pool.map(_run, range(1, len(items)), chunksize=4):
                    results.append(after(result))
                    if done is not None:
                        done(len(results))
            except concurrent.futures.process.BrokenProcessPool:
                results += [after(fn(item)) for item in items[len(results) :]]
    finally:
        _JOB.clear()
    return results


FORK_MIN_ITEMS = 100
"""Fewer items than this in the chunks after the first: forking for :func:`forked_map` costs more than it saves."""


def forked_map(
    fn: Callable[[Sequence[str]], R],
    chunks: Sequence[Sequence[str]],
    meanwhile: Callable[[], None] | None = None,
    *,
    min_items: int = FORK_MIN_ITEMS,
) -> list[R]:
    """``map(fn, chunks)`` with the chunks in forked processes (a ``site.Mapper``), while
    this process does ``meanwhile``.

    Without ``meanwhile``, this process does the first chunk meanwhile. Runs in order,
    here, when the chunks (after the first, without ``meanwhile``) hold fewer than
    ``min_items`` items and where forking is not safe; a chunk whose process dies is done
    again here.
    """
    forked = chunks if meanwhile is not None else chunks[1:]
    if sum(len(chunk) for chunk in forked) < min_items or not can_fork():
        if meanwhile is not None:
            meanwhile()
        return [fn(chunk) for chunk in chunks]
    first = len(chunks) - len(forked)  # the chunks before it are done here
    _JOB.update(fn=fn, items=chunks, done=0)
    try:
        with _forked_pool(len(forked)) as pool:
            rest = [pool.submit(_run, i) for i in range(first, len(chunks))]
            if meanwhile is not None:
                meanwhile()
            out = [fn(chunk) for chunk in chunks[:first]]
            for i, future in enumerate(rest, start=first):
                try:
                    out.append(future.result())
                except concurrent.futures.process.BrokenProcessPool:  # killed (out of memory?)
                    out.append(fn(chunks[i]))
            return out
    finally:
        _JOB.clear()
