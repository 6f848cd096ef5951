"""Keeping Python's cyclic garbage collector out of bulk computations.

Standings and the parallel build allocate hundreds of thousands of small tuples and
frozen dataclasses and no reference cycles: the collector would walk them again and
again (a fifth of the time for 2,048 players).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pauses the cyclic collector for the block; it resumes as it was found.

    What survives the pause is mostly the result, which lives on. Resumed as is, the
    collector would first scan all of it as young objects (a tenth of a second for 2,048
    players); freezing and unfreezing hands every tracked object to the oldest generation
    instead, without a scan. Nothing stays frozen, so any cycle is still found by the next
    full collection, and what a caller froze is never unfrozen here.

    Args:
        freeze: also freeze what exists now, for the block: processes forked inside it
            then leave the memory they share with this one untouched (their collector
            starts paused too).

    >>> before = gc.isenabled()
    >>> with collector_paused(freeze=True):
    ...     inside = (gc.isenabled(), gc.get_freeze_count() > 0)
    >>> inside, gc.isenabled() == before, gc.get_freeze_count()
    ((False, True), True, 0)
    """
    was_enabled = gc.isenabled()
    # Counting the frozen objects walks all of them: in a forked worker, whose collector
    # is already paused, that is the whole inherited heap for nothing, twice per event; and
    # within results_frozen (serve's build holds its archive frozen: 0.18 s a count at 3,000
    # events), what is frozen is known without counting.
    own = (was_enabled or freeze) and not _FROZEN and gc.get_freeze_count() == 0
    if freeze and own:
        gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if own:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()


_FROZEN: list[bool] = []
"""Not empty while :func:`results_frozen` holds objects frozen (they are, whatever else froze)."""


@contextlib.contextmanager
def results_frozen() -> Iterator[Callable[[], None]]:
    """Gives a function that freezes everything alive now; whatever it froze is unfrozen at the end.

    A build holds an archive's results (millions of small objects, no reference cycles)
    while it renders pages and runs the site engine, which allocate a great deal: each
    full collection would scan all of the results again (0.4 s for 300 events). Frozen,
    they are left alone until the block ends. Nothing is frozen when a caller already
    froze objects (theirs would be unfrozen with ours).

    >>> with results_frozen() as freeze:
    ...     freeze()
    ...     inside = gc.get_freeze_count() > 0
    >>> inside, gc.get_freeze_count()
    (True, 0)
    """
    own = gc.get_freeze_count() == 0
    froze = False

    def freeze() -> None:
        nonlocal froze
        if own:
            gc.freeze()
            if not froze:
                _FROZEN.append(True)
            froze = True

    try:
        yield freeze
    finally:
        if froze:
            gc.unfreeze()
            _FROZEN.pop()
