"""Text a build holds for every event until it writes it again, kept in a file instead of
memory (issue 38: a full build's memory does not grow with the archive).

A full build of 10,000 weekly events makes each event's row of the events' manifest
(:mod:`ingest.publish.events_manifest`, some 13 KB of JSON an event) as the event is made,
and writes them all into the manifest once every event is made: held as strings meanwhile,
they were 135 MB of the build's peak. A :class:`SpillFile` takes each text as it comes and
gives back a :class:`Spilled`, its place in the file (a few dozen bytes), read back when
the text is written. The file is an unnamed temporary file (gone when it is closed or the
process ends, whatever happens), in the build's cache folder; without one, or where no
file can be made, the texts stay in memory, as before.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO


@dataclass(frozen=True, slots=True)
class Spilled:
    """A text kept in a :class:`SpillFile`: where it lies. Equal to another by its text only
    (two spilled texts, or a spilled text and a string)."""

    spill: SpillFile = field(repr=False)
    offset: int
    length: int
    """Bytes (UTF-8)."""

    def text(self) -> str:
        """The text, read back."""
        return self.spill.read(self.offset, self.length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Spilled):
            return self.length == other.length and self.text() == other.text()
        if isinstance(other, str):
            return self.text() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text())


class SpillFile:
    """Texts appended to an unnamed temporary file in ``folder``, each read back by its place.
    Without a folder (a build cache in memory only), or where the file cannot be made or
    written, :meth:`keep` gives the text back itself."""

    def __init__(self, folder: Path | None = None) -> None:
        self._file: IO[bytes] | None = None
        self._folder = folder
        self._size = 0
        self.kept = 0
        """Texts kept in the file (tests count them)."""

    def keep(self, text: str | Spilled) -> Spilled | str:
        """``text`` appended to the file, and its place; the text itself when it cannot be
        (or is kept already)."""
        if self._folder is None or not text or isinstance(text, Spilled):
            return text
        data = text.encode("utf-8")
        try:
            if self._file is None:
                self._folder.mkdir(parents=True, exist_ok=True)
                self._file = tempfile.TemporaryFile(dir=self._folder)  # noqa: SIM115 (closed by close())
            self._file.seek(0, os.SEEK_END)
            self._file.write(data)
        except OSError:
            return text
        spilled = Spilled(self, self._size, len(data))
        self._size += len(data)
        self.kept += 1
        return spilled

    def read(self, offset: int, length: int) -> str:
        """The text kept at ``offset``."""
        assert self._file is not None
        self._file.seek(offset)
        data = self._file.read(length)
        if len(data) != length:
            raise OSError("a spilled text could not be read back whole")
        return data.decode("utf-8")

    def close(self) -> None:
        """Removes the file (its texts cannot be read any more)."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


def read_back(value: str | Spilled) -> str:
    """A text, read back if it was spilled."""
    return value if isinstance(value, str) else value.text()
