"""Verdicts on recorded Swiss rounds kept in files, so one command finds what the last computed.

:mod:`ingest.planner.round_verdicts` keeps each round's verdict under a digest of exactly what
it was computed from; this store puts them under the user's cache folder
(``$XDG_CACHE_HOME/scorekeeper/verdicts``), one small JSON file per verdict. A file is data:
read back field by field (:func:`~ingest.planner.round_verdicts.findings_from`), and a file
that does not read back (cut short, changed by hand) is as good as none: the round is
checked again. Nothing is written when the folder cannot be (a read-only home): the
commands then check as they did without a store.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, MutableMapping
from pathlib import Path

from ingest.pairing import Finding
from ingest.planner import round_verdicts
from ingest.planner.round_verdicts import finding_data, findings_from


class VerdictFiles(MutableMapping[str, tuple[Finding, ...]]):
    """Verdicts in memory, with files behind them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.memory: dict[str, tuple[Finding, ...]] = {}

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def __getitem__(self, key: str) -> tuple[Finding, ...]:
        if key in self.memory:
            return self.memory[key]
        if len(key) != 64 or not all(c in "0123456789abcdef" for c in key):
            raise KeyError(key)
        try:
            found = findings_from(json.loads(self._path(key).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            found = None
        if found is None:
            raise KeyError(key)
        self.memory[key] = found
        return found

    def __setitem__(self, key: str, value: tuple[Finding, ...]) -> None:
        self.memory[key] = value
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".{path.name}.{os.getpid()}")
            temporary.write_text(json.dumps(finding_data(value)), encoding="utf-8")
            os.replace(temporary, path)  # whole or not at all, for a command reading it meanwhile
        except OSError:
            pass  # a cache that cannot be written is a cache that is not there

    def __delitem__(self, key: str) -> None:
        self.memory.pop(key, None)
        self._path(key).unlink(missing_ok=True)

    def __iter__(self) -> Iterator[str]:
        return iter(self.memory)

    def __len__(self) -> int:
        return len(self.memory)


def install_verdict_store(cache_home: Path) -> None:
    """Keeps this process's verdicts in files under ``cache_home`` (the user's cache folder)."""
    round_verdicts.STORE = VerdictFiles(cache_home / "verdicts")
