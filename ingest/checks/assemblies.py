"""The event a big text was read and assembled into, kept by the text (issue 38, point 5).

On a 2,048-player event, composing the file's YAML, walking it and assembling the event is
most of what ``pair --dry-run`` spends besides the matching, and ``validate`` almost all, every
time on a text the last command had just read. What reading a text finds is a pure function
of the same inputs as its recorded rounds' checks (:func:`ingest.checks.readings.reading_key`:
the text's bytes, the file's name, the format and schema data, and the code that reads it), so
a text read without an error keeps, under that key:

- the event as assembled (:mod:`ingest.checks.event_codec`: JSON read back field by field into
  the model's types, positions included, never pickle);
- what reading and assembling it found (warnings only: a text with an error keeps nothing);
- the document's plain data (JSON, which it already is), the number of its values and keys,
  and the positions where the decklist files are named (:func:`ingest.checks.event_files.load_event`
  points at them); every other position is read from the text only when a diagnostic needs it
  (:class:`~ingest.source.lazy_positions.LazyPositions`).

A command that reads that very text again takes these instead (:func:`stored_document`), and
composes the YAML only when it edits the text (an edit splices the composed tree). Only texts
of :data:`MIN_CHARS` characters or more are kept: below that, reading the text costs less than
reading what was kept. A text with anchors (``&``) is read whole, as for an edit. The store
is signed files under the user's cache folder beside the readings
(:class:`ingest.cli.verdict_files.AssemblyFiles`); a file that does not pass, or whose data is
not exactly this shape, is as good as none: the text is read again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ingest.checks.readings import diagnostics_data, diagnostics_from, reading_key
from ingest.core.diagnostics import Diagnostic, YamlPath
from ingest.core.process_memo import ProcessMemo

if TYPE_CHECKING:
    from ingest.checks.results_since import SinceKept
    from ingest.core.model import Event
    from ingest.source.yamldoc import SourceDocument

MIN_CHARS = 65_536
"""The shortest text whose reading is kept (64 KB: a few hundred players; a 2,048-player,
nine-round event's is 0.6 MB). A store's weekly events are shorter, and a build or a
``validate`` of hundreds of them writes nothing more."""


@dataclass(frozen=True, slots=True)
class Assembly:
    """What reading one text without an error found."""

    event: Event
    """The event as assembled."""
    problems: tuple[Diagnostic, ...]
    """What reading and assembling found (warnings), in the order found."""
    data: Any
    """The document's plain data."""
    values: int
    """How many values the document has (each with its position)."""
    keys: int
    """How many mapping keys it has."""
    known: tuple[tuple[YamlPath, tuple[int, int]], ...]
    """The positions kept: the document's own and those of its decklist references."""


STORE: MutableMapping[str, Assembly] = ProcessMemo(4)
"""The assemblies known to this process, the last few (the texts one command reads); the
command line puts signed files behind it."""

_EDITED_TEXTS_KEPT = False


@contextlib.contextmanager
def kept_when_edited(keep: bool = True) -> Iterator[None]:
    """Within it, a text read to be edited (with its node tree) keeps its reading too.

    By default only a text read as it is (``validate``, ``standings``, a build) keeps one: an
    edit replaces the text it read, so what it kept would never be read again, and keeping it
    costs the edit a fifth of its time on a big event. A dry run (``pair --dry-run``) leaves
    the text as it is, and the edit that follows it reads the same text: it keeps it."""
    global _EDITED_TEXTS_KEPT
    before, _EDITED_TEXTS_KEPT = _EDITED_TEXTS_KEPT, keep
    try:
        yield
    finally:
        _EDITED_TEXTS_KEPT = before


def keeps(*, edited: bool) -> bool:
    """Whether a text read now keeps its reading (``edited``: read to be edited)."""
    return _EDITED_TEXTS_KEPT or not edited


def assembly_key(text: str, shown: str, data_key: Any) -> str | None:
    """The key ``text`` (the file ``shown``) keeps its reading under, or None when none is kept
    (a short text, one with anchors, or a community's own rules loaded)."""
    if len(text) < MIN_CHARS or "&" in text:
        return None
    return reading_key(text, shown, data_key)


def known_assembly(key: str | None) -> Assembly | None:
    """The reading kept under ``key``, if any: kept whole, or as the reading of the text
    whose results ``report`` recorded since (:mod:`ingest.checks.results_since`)."""
    if key is None:
        return None
    try:
        return STORE[key]
    except KeyError:
        pass
    from ingest.checks.results_since import known_since

    since = known_since(key)
    if since is None or since.base == key:
        return None
    try:
        base = STORE[since.base]
    except KeyError:
        return None  # the base's file pruned, or never kept: the text is read whole
    return derived_assembly(base, since)


def derived_assembly(base: Assembly, since: SinceKept) -> Assembly | None:
    """The reading of the text ``since`` was kept for: ``base`` (its base's reading) with the
    results recorded since (:func:`ingest.checks.results_since.with_results`: one value and
    one key more each); None when they do not fit it."""
    from ingest.checks.results_since import with_results

    found = with_results(base.event, base.problems, base.data, since)
    if found is None:
        return None
    n = len(since.results)
    return Assembly(found[0], base.problems, found[1], base.values + n, base.keys + n, base.known)


def keep_assembly(
    key: str | None, doc: SourceDocument, event: Event, problems: Sequence[Diagnostic], refs: Sequence[YamlPath]
) -> None:
    """Keeps the reading of a text (``doc``, assembled as ``event``, with ``problems``, none an
    error) under ``key``; ``refs``: the paths of its decklist references."""
    if key is None or any(d.is_error for d in problems):
        return
    known = tuple((p, doc.values[p]) for p in ((), *refs) if p in doc.values)
    STORE[key] = Assembly(event, tuple(problems), doc.data, len(doc.values), len(doc.keys), known)


def stored_document(kept: Assembly, text: str, shown: str, *, keep_tree: bool) -> SourceDocument | None:
    """The document of ``text`` as a full reading gives it, from ``kept``: its data, the
    positions kept, the others read from the text when asked for, and with ``keep_tree`` its
    node tree (composed now: the one thing an edit needs of the text itself). None when the
    text cannot be composed (it then is read whole)."""
    import yaml

    from ingest.source.lazy_positions import LazyPositions, TextPositions
    from ingest.source.yamldoc import SafeLoader, SourceDocument

    root = None
    if keep_tree:
        try:
            root = yaml.compose(text, Loader=SafeLoader)
        except (yaml.YAMLError, RecursionError):  # pragma: no cover - the text was read without an error
            return None
    source = TextPositions(text, shown, root)
    values = LazyPositions(source, keys=False, known=dict(kept.known), count=kept.values)
    keys = LazyPositions(source, keys=True, known={}, count=kept.keys)
    return SourceDocument(shown, kept.data, values, keys, {}, root)


def assembly_data(kept: Assembly) -> Any:
    """A reading as JSON data."""
    from ingest.checks.event_codec import event_data

    known = [[list(p), line, col] for p, (line, col) in kept.known]
    return {
        "event": event_data(kept.event),
        "problems": diagnostics_data(kept.problems),
        "data": kept.data,
        "values": kept.values,
        "keys": kept.keys,
        "known": known,
    }


def assembly_from(data: Any) -> Assembly | None:
    """A reading from JSON data, checked field by field; None for anything else."""
    from ingest.checks.event_codec import event_from_data

    if not isinstance(data, dict) or set(data) != {"event", "problems", "data", "values", "keys", "known"}:
        return None
    counts = data["values"], data["keys"]
    if not all(type(n) is int and n >= 0 for n in counts):
        return None
    problems = diagnostics_from(data["problems"])
    if problems is None or any(d.is_error for d in problems):
        return None
    known = _positions(data["known"])
    event = event_from_data(data["event"])
    if known is None or event is None:
        return None
    return Assembly(event, problems, data["data"], counts[0], counts[1], known)


def _positions(data: Any) -> tuple[tuple[YamlPath, tuple[int, int]], ...] | None:
    if not isinstance(data, list):
        return None
    out = []
    for item in data:
        if not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], list):
            return None
        path, line, col = item
        if not all(type(s) in (str, int) for s in path) or not all(type(n) is int and n > 0 for n in (line, col)):
            return None
        out.append((tuple(path), (line, col)))
    return tuple(out)
