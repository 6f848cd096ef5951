"""Handing the memory a build has let go back to the system (issue 38: memory that does not
grow with the archive).

A whole build holds every event at once while it makes them and fills the players' book;
then it lets them go, and the site engine runs in this process and in one forked from it.
The C library keeps what was let go for the process's next allocations rather than giving
it back: the process stays as large as it was with the whole archive in it, and the engine's
forked process shares those pages. :func:`give_back` asks the C library to return its free
pages (glibc's ``malloc_trim``), so the engine starts from what the build still holds.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from collections.abc import Callable


@functools.cache
def _trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl
    before 1.2: the memory then stays with the process, as before)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library this process runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back() -> bool:
    """Returns the C library's free pages to the system (the objects alive are not touched);
    False where that cannot be done here."""
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
