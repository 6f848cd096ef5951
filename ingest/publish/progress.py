"""Progress a person can see: one line on the terminal, rewritten as a long command goes on.

``scorekeeper build`` (and the benchmarks) pass a :class:`TerminalProgress` to
:func:`ingest.publish.run.build_site`, which tells it each stage and how many of its items are
done ("rendering pages 812/1531"). It writes to standard error, at most a few times a
second, only when standard error is a terminal and not in CI (``CI`` set, or
``TERM=dumb``), and clears its line when the command is done, so the closing summary
line and every diagnostic are printed as before. No dependency: a carriage return and
a line of text work on every terminal.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

from ingest.core.safetext import raw_stream


def wanted(stream: TextIO) -> bool:
    """Whether progress should be shown on ``stream``: a terminal, outside CI."""
    if os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class TerminalProgress:
    """Shows ``stage done/total`` on one rewritten line of a terminal (nothing elsewhere)."""

    INTERVAL = 0.1
    """Seconds between two updates of the line (the first of a stage is always shown)."""

    def __init__(self, stream: TextIO | None = None, *, enabled: bool | None = None) -> None:
        # The line is the program's own drawing: it goes under the command line's terminal-safe stream.
        self.stream = stream if stream is not None else raw_stream(sys.stderr)
        self.enabled = wanted(self.stream) if enabled is None else enabled
        self.stage = ""
        self.shown = 0.0
        self.width = 0

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if stage == self.stage and now - self.shown < self.INTERVAL and done < total:
            return
        self.stage, self.shown = stage, now
        text = f"{stage} {done}/{total}" if total > 1 else f"{stage}..."
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        """Clears the line (the command's own output follows on a clean line)."""
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
