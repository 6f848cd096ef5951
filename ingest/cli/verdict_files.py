"""Verdicts on recorded Swiss rounds kept in files, so one command finds what the last computed
(and, the same way, the checks of whole event texts' rounds: :mod:`ingest.checks.readings`).

:mod:`ingest.planner.round_verdicts` keeps each round's verdict under a digest of exactly what
it was computed from; this store puts them under the user's cache folder
(``$XDG_CACHE_HOME/scorekeeper/verdicts``), one small JSON file per verdict, signed with the
build cache's key (:func:`ingest.source.signing.signing_key`: the folder may be restored from
elsewhere, as CI restores it, and a planted verdict must not hide a rematch). A file is
data: read as the build cache's files are (a plain file of bounded size, never a link or a
pipe), its signature checked, then read back field by field
(:func:`~ingest.planner.round_verdicts.findings_from`); a file that does not pass is as
good as none: the round is checked again. Nothing is kept on disk when the folder cannot
be written (a read-only home): the commands then check as they did without a store.

The folder is bounded: verdicts are spread over 256 subfolders by the first two hex digits
of their key (a digest, so evenly), and writing one into a subfolder that then holds more
than :data:`FOLDER_FILES` files or :data:`FOLDER_BYTES` bytes removes its least recently
used files first (a verdict read is marked used). That costs one listing of a subfolder of
a few dozen files per verdict written, and keeps the whole store under 256 times those
bounds (16,384 verdicts, 256 MB at the very most; a round's verdict is typically under a
kilobyte), however many events a machine checks over the years.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ingest.checks import assemblies, open_round, readings, results_since
from ingest.checks.open_round import OpenRound, open_round_data, open_round_from
from ingest.source.storage import read_build_file

if TYPE_CHECKING:  # the pairing engine is imported when a verdict is read or kept, not before
    from ingest.pairing import Finding

V = TypeVar("V")

MAX_BYTES = 2**20
"""A larger file is not read (a round's findings are a few hundred bytes per table at most)."""

FOLDER_FILES = 64
"""Most files kept in one of the 256 subfolders (least recently used out first)."""

FOLDER_BYTES = 2**20
"""Most bytes kept in one of the 256 subfolders (least recently used out first)."""


class SignedFiles(MutableMapping[str, V]):
    """Values in memory, with signed files behind them (one JSON file per key)."""

    def __init__(self, folder: Path, secret: bytes | None) -> None:
        self.folder = folder
        self.secret = secret
        """The signing key; None: nothing is read from or written to the folder."""
        self.memory: dict[str, V] = {}

    max_bytes = MAX_BYTES
    """A larger file is not read."""

    separators: tuple[str, str] | None = None
    """How the JSON is written (None: json's default, with spaces)."""

    folder_files: int | None = None
    """Most files kept in one subfolder (:func:`prune`; None: :data:`FOLDER_FILES`)."""

    folder_bytes: int | None = None
    """Most bytes kept in one subfolder (:func:`prune`; None: :data:`FOLDER_BYTES`)."""

    memory_limit: int | None = None
    """Most values kept in memory (None: no limit); past it, memory starts again empty."""

    def _remember(self, key: str, value: V) -> None:
        if self.memory_limit is not None and len(self.memory) >= self.memory_limit:
            self.memory.clear()
        self.memory[key] = value

    def decode(self, data: Any) -> V | None:
        """A value from its JSON data, field by field (None for anything else)."""
        raise NotImplementedError

    def encode(self, value: V) -> Any:
        """A value as JSON data."""
        raise NotImplementedError

    def _mac(self, key: str, payload: bytes) -> str:
        assert self.secret is not None
        return hmac.new(self.secret, key.encode() + b"\0" + payload, hashlib.sha256).hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def __getitem__(self, key: str) -> V:
        if key in self.memory:
            return self.memory[key]
        if self.secret is None or len(key) != 64 or not all(c in "0123456789abcdef" for c in key):
            raise KeyError(key)
        data = read_build_file(self._path(key), self.max_bytes)
        mac, _, payload = (data or b"").partition(b"\n")
        if not data or not hmac.compare_digest(mac, self._mac(key, payload).encode()):
            raise KeyError(key)
        try:
            found = self.decode(json.loads(payload))
        except ValueError:
            found = None
        if found is None:
            raise KeyError(key)
        with contextlib.suppress(OSError):
            os.utime(self._path(key))  # used: the last to go when the folder is pruned
        self._remember(key, found)
        return found

    def __setitem__(self, key: str, value: V) -> None:
        self._remember(key, value)
        if self.secret is None:
            return
        path = self._path(key)
        payload = json.dumps(self.encode(value), separators=self.separators).encode()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".{path.name}.{os.getpid()}")
            temporary.write_bytes(self._mac(key, payload).encode() + b"\n" + payload)
            os.replace(temporary, path)  # whole or not at all, for a command reading it meanwhile
        except OSError:
            return  # a cache that cannot be written is a cache that is not there
        prune(path.parent, self.folder_files, self.folder_bytes)

    def __delitem__(self, key: str) -> None:
        self.memory.pop(key, None)
        self._path(key).unlink(missing_ok=True)

    def __iter__(self) -> Iterator[str]:
        return iter(self.memory)

    def __len__(self) -> int:
        return len(self.memory)


def prune(folder: Path, files: int | None = None, size: int | None = None) -> None:
    """Removes the least recently used files of ``folder`` until at most ``files`` files
    (:data:`FOLDER_FILES` when None) of ``size`` bytes (:data:`FOLDER_BYTES`) in all are left (a
    leftover temporary file of a command that was stopped counts like any other, and goes
    first, being old)."""
    files = FOLDER_FILES if files is None else files
    size = FOLDER_BYTES if size is None else size
    try:
        with os.scandir(folder) as found:
            entries = []
            for entry in found:
                if not entry.is_dir(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    entries.append((st.st_mtime_ns, entry.name, st.st_size))
    except OSError:
        return
    entries.sort()
    count, total = len(entries), sum(e[2] for e in entries)
    for _, name, bytes_ in entries:
        if count <= files and total <= size:
            break
        with contextlib.suppress(OSError):
            os.unlink(folder / name)
        count, total = count - 1, total - bytes_


class VerdictFiles(SignedFiles[tuple["Finding", ...]]):
    """Verdicts in memory, with files behind them."""

    def decode(self, data: Any) -> tuple[Finding, ...] | None:
        """A verdict from its JSON data, field by field (None for anything else)."""
        from ingest.planner.round_verdicts import findings_from

        return findings_from(data)

    def encode(self, value: tuple[Finding, ...]) -> Any:
        """A verdict as JSON data."""
        from ingest.planner.round_verdicts import finding_data

        return finding_data(value)


class ReadingFiles(SignedFiles[readings.Reading]):
    """The checks of event texts' recorded rounds (:mod:`ingest.checks.readings`) in memory,
    with files behind them: stored, signed, bounded and read back as the verdicts are."""

    max_bytes = 4 * MAX_BYTES
    """A larger file is not read (a reading is a few hundred bytes per diagnostic)."""

    memory_limit = 64
    """A long-running process (the venue) reads a new text at every edit: the readings of
    the last few are enough to keep in memory."""

    def decode(self, data: Any) -> readings.Reading | None:
        """A reading from its JSON data, field by field (None for anything else)."""
        return readings.diagnostics_from(data)

    def encode(self, value: readings.Reading) -> Any:
        """A reading as JSON data."""
        return readings.diagnostics_data(value)


class OpenRoundFiles(SignedFiles[OpenRound]):
    """The open rounds of event texts (:mod:`ingest.checks.open_round`) in memory, with files
    behind them, stored, signed and read back as the readings are."""

    memory_limit = 64
    """As for the readings: the last few texts' are enough to keep in memory."""

    def decode(self, data: Any) -> OpenRound | None:
        """An open round from its JSON data, field by field (None for anything else)."""
        return open_round_from(data)

    def encode(self, value: OpenRound) -> Any:
        """An open round as JSON data."""
        return open_round_data(value)


class AssemblyFiles(SignedFiles[assemblies.Assembly]):
    """The events big texts were assembled into (:mod:`ingest.checks.assemblies`) in memory,
    with files behind them, stored, signed and read back as the readings are.

    A file holds a whole event (about 2 MB for 2,048 players and nine rounds): a subfolder keeps
    one, so the folder holds at most 256 of them, and none larger than :attr:`max_bytes`."""

    max_bytes = 64 * MAX_BYTES
    """A larger file is not read (a 20,000-player, 15-round event's is about 40 MB)."""

    folder_files = 1
    folder_bytes = 64 * MAX_BYTES
    separators = (",", ":")

    memory_limit = 2
    """A long-running process reads a new text at every edit: keep the last two only."""

    def decode(self, data: Any) -> assemblies.Assembly | None:
        """An assembly from its JSON data, field by field (None for anything else)."""
        return assemblies.assembly_from(data)

    def encode(self, value: assemblies.Assembly) -> Any:
        """An assembly as JSON data."""
        return assemblies.assembly_data(value)


class SinceKeptFiles(SignedFiles[results_since.SinceKept]):
    """The results recorded since a kept event (:mod:`ingest.checks.results_since`) in memory,
    with files behind them, stored, signed and read back as the readings are (a few bytes per
    result: a whole round's, on a 2,048-player event, about 20 KB)."""

    memory_limit = 64
    separators = (",", ":")

    def decode(self, data: Any) -> results_since.SinceKept | None:
        """A record from its JSON data, field by field (None for anything else)."""
        return results_since.since_from(data)

    def encode(self, value: results_since.SinceKept) -> Any:
        """A record as JSON data."""
        return results_since.since_data(value)


def install_verdict_store(cache_home: Path) -> None:
    """Keeps this process's verdicts, and the checks of the event texts it reads
    (:mod:`ingest.checks.readings`), in files under ``cache_home`` (the user's cache folder)."""
    from ingest.planner import round_verdicts
    from ingest.source.signing import signing_key

    secret = signing_key(cache_home)
    round_verdicts.STORE = VerdictFiles(cache_home / "verdicts", secret)
    readings.STORE = ReadingFiles(cache_home / "readings", secret)
    open_round.STORE = OpenRoundFiles(cache_home / "open-rounds", secret)
    assemblies.STORE = AssemblyFiles(cache_home / "assemblies", secret)
    results_since.STORE = SinceKeptFiles(cache_home / "results-since", secret)
