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
