"""The checks of an event text's recorded rounds, kept by the text they were made on.

An edit command checks the file before its edit and the new text after it, and the next
command reads that new text again as its own "before": on a 2,048-player event the
recorded rounds' checks (:func:`ingest.planner.plan.pairing_diagnostics`:
the standings after every round, each round against the pairing rules) are a fifth of
what ``report`` spends, spent again on a text the last command had just checked.

What those checks find is a pure function of the event text, the file's name (diagnostics
name it), the format and schema files and the code that reads and checks it. :func:`reading_key`
digests exactly those: the text's bytes, the name, the data files' signature
(:attr:`ingest.checks.event_files.EventData.key`), Scorekeeper's version and a digest of its
own source (:func:`code_fingerprint`), so what is found under a key is what the checks
would find. A text edited by hand, by a byte, is another key; a reading of another file,
another name. When a community's own games or rulesets are registered (code of the
project's, :mod:`ingest.source.extensions`), nothing is kept or taken: their code is not in
the key.

The readings live in :data:`STORE`: in memory for the process and, when the command line
installs one (:func:`ingest.cli.verdict_files.install_verdict_store`), in signed files under
the user's cache folder, next to the rounds' verdicts. A stored reading is data (JSON, read
back field by field by :func:`diagnostics_from`); a file that does not pass is as good as
none: the rounds are checked again.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ingest import __version__
from ingest.checks import open_round
from ingest.checks.open_round import OpenRound, open_round_of
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.core.process_memo import ProcessMemo

if TYPE_CHECKING:
    from ingest.core.model import Event
    from ingest.source.project import Project

READING_FORMAT = 1
"""The layout of a stored reading (and part of every key)."""

Reading = tuple[Diagnostic, ...]
"""What the recorded rounds' checks found in one text."""

ReadingStore = MutableMapping[str, Reading]
"""Where readings are kept: key -> diagnostics."""


STORE: ReadingStore = ProcessMemo(64)
"""The readings known to this process, the last 64 (a command reads a handful of texts); the
command line may put a store on disk behind it."""

_PACKAGES = ("core", "source", "checks", "rules", "planner", "pairing", "wot", "decks")
"""The packages whose code reads, assembles and checks an event text."""


@functools.cache
def code_fingerprint() -> str:
    """A digest of the source of the packages that read and check an event text: a reading
    stored by another version of them is never taken for this one's."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(f"{READING_FORMAT}:{__version__}\0".encode())
    for name in _PACKAGES:
        for path in sorted((package / name).rglob("*.py")):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def shipped_rules_only() -> bool:
    """Whether the games and rulesets known are exactly those Scorekeeper comes with (a
    community's, registered by its own code, is not in any key)."""
    from ingest.core.games import REGISTERED, TABLE
    from ingest.core.rulesets.registry import RULESETS, SHIPPED

    return list(REGISTERED.values()) == list(TABLE) and list(RULESETS.values()) == list(SHIPPED)


def event_data_key(project: Project) -> tuple[tuple[str, int, int], ...]:
    """The signature of the format and schema data as of now
    (:attr:`ingest.checks.event_files.EventData.key`), without reading the formats."""
    from ingest.source.storage import signature

    return signature(*project.formats, *project.schemas)


def reading_key(text: str, shown: str, data_key: Any) -> str | None:
    """The key of the checks of ``text`` (the file ``shown``, read with the format and schema
    data whose signature is ``data_key``); None when no reading may be kept (a community's
    own games or rulesets are loaded)."""
    if not shipped_rules_only():
        return None
    digest = hashlib.sha256(code_fingerprint().encode() + b"\0")
    digest.update(shown.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(repr(data_key).encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def known_reading(key: str | None) -> Reading | None:
    """The checks stored under ``key``, if any."""
    if key is None:
        return None
    try:
        return STORE[key]
    except KeyError:
        return None


def keep_reading(key: str | None, found: Sequence[Diagnostic]) -> None:
    """Keeps what the checks found under ``key`` (nothing when ``key`` is None)."""
    if key is not None:
        STORE[key] = tuple(found)


def checked_rounds(text: str, shown: str, project: Project, event: Event, data_key: Any = None) -> Reading:
    """The recorded rounds of ``text`` (the file ``shown``, assembled as ``event``) checked
    against the pairing rules: as the last command that checked this very text found them,
    when it kept them, else checked now and kept for the next command. ``data_key``: the
    format and schema data's signature, when the caller holds it (looked up otherwise)."""
    from ingest.planner.plan import pairing_diagnostics

    key = reading_key(text, shown, data_key if data_key is not None else event_data_key(project))
    found = known_reading(key)
    if found is None:
        found = tuple(pairing_diagnostics(event))
        keep_reading(key, found)
    if key is not None and not any(d.is_error for d in found) and known_open_round(key) is None:
        # Its callers check the rounds of a text read without an error only: the whole text is
        # then without one, and a result in its open round may be recorded from this.
        waiting = open_round_of(event, text, found)
        if waiting is not None:
            open_round.STORE[key] = waiting
    return found


def known_open_round(key: str | None) -> OpenRound | None:
    """The open round kept under ``key`` (:mod:`ingest.checks.open_round`), if any."""
    if key is None:
        return None
    try:
        return open_round.STORE[key]
    except KeyError:
        return None


def diagnostics_data(found: Reading) -> list[list[Any]]:
    """A reading as JSON data."""
    return [[d.severity.value, d.code, d.message, d.pos.path, d.pos.line, d.pos.col, d.hint, d.settled] for d in found]


def diagnostics_from(data: Any) -> Reading | None:
    """A reading from JSON data, checked field by field; None for anything else."""
    if not isinstance(data, list):
        return None
    out: list[Diagnostic] = []
    for item in data:
        if not isinstance(item, list) or len(item) != 8:
            return None
        severity, code, message, path, line, col, hint, settled = item
        if not all(isinstance(v, str) for v in (severity, code, message, path, hint)):
            return None
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (line, col)):
            return None
        if severity not in ("error", "warning") or not isinstance(settled, bool):
            return None
        out.append(Diagnostic(Severity(severity), code, message, SourcePos(path, line, col), hint, settled))
    return tuple(out)
