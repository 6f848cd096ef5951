"""What a process keeps of its own work between calls, bounded (the venue runs for hours)."""

from __future__ import annotations

from typing import TypeVar

V = TypeVar("V")


class ProcessMemo(dict[str, V]):
    """A key -> value memo of this process, emptied whole when it holds ``limit`` entries
    (the entries are cheap to make again; a process that reads many texts keeps only the latest)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: str, value: V) -> None:
        if len(self) >= self.limit:
            self.clear()
        super().__setitem__(key, value)
