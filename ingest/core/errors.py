"""The one exception type that carries user mistakes to the command line."""

from __future__ import annotations

from collections.abc import Sequence

from ingest.core.diagnostics import Diagnostic


class IngestError(Exception):
    """A user-facing failure: one or more diagnostics, printed by the CLI, exit 1.

    Anything else that escapes is a bug and keeps its traceback.
    """

    def __init__(self, diagnostics: Sequence[Diagnostic] | str) -> None:
        if isinstance(diagnostics, str):
            self.diagnostics: tuple[Diagnostic, ...] = ()
            self.text = diagnostics
        else:
            self.diagnostics = tuple(diagnostics)
            self.text = "\n".join(d.render() for d in self.diagnostics)
        super().__init__(self.text)


class EventFinished(IngestError):
    """Raised by the pairing planners when the event has nothing left to pair: every Swiss
    round and the playoff, every round-robin round, or the last elimination match is done.

    :func:`ingest.planner.plan.is_finished` tells a finished event from one that only waits for
    results, which decides when an event is complete (and its decklists may be published).
    """
