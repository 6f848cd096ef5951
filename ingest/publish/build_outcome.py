"""Which events go into the site, and whether the build fails.

One broken event file must not keep the others from publishing: a future event with an
unclosed ``{`` cannot hold back tonight's results. An event file with errors is not made
(nothing is published from an invalid input); the site keeps the pages of its last version
made without errors by a build like this one (the same code, configuration and day; see
:meth:`ingest.publish.cache.EventStore.last_good`), or leaves it out. The build then writes
the site and fails afterwards (:class:`BuildIncomplete`), naming the file. So does a build
with ``--strict`` and warnings someone can act on: the site is written, the run is red.
An error outside the event files (a format file, ``mkdocs.yml``, ``players.yaml``, a season,
two events with one address) concerns every page: nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ingest.checks.project_diagnostics import duplicate_slugs, shared_file_diagnostics
from ingest.core.diagnostics import Diagnostic, SourcePos, has_errors, sorted_diagnostics, warning
from ingest.core.errors import IngestError
from ingest.publish.cache_entries import CachedEvent
from ingest.publish.event_build import BuiltEvent
from ingest.source.project import Project


class BuildIncomplete(IngestError):
    """The site was written, but the build failed: event files with errors (their last good
    pages kept, or left out), or warnings under ``--strict``."""

    def __init__(
        self, diagnostics: Sequence[Diagnostic], *, kept: Sequence[str], left_out: Sequence[str], changed: bool = True
    ) -> None:
        super().__init__(diagnostics)
        self.changed = changed
        """Whether the build changed anything in the site (an event kept as it was does not)."""
        self.kept = tuple(kept)
        """Event files whose last good pages the site keeps."""
        self.left_out = tuple(left_out)
        """Event files the site leaves out."""

    def summary(self) -> str:
        """What was written, in words, after the diagnostics."""
        parts = []
        if self.kept:
            parts.append(f"{_files(self.kept)} kept as last built without errors")
        if self.left_out:
            parts.append(f"{_files(self.left_out)} left out")
        return "the site was written" + (f" ({'; '.join(parts)})" if parts else "")


def _files(names: Sequence[str]) -> str:
    return ", ".join(names)


@dataclass(frozen=True, slots=True)
class BuildOutcome:
    """The events the site is made of, and how the build ends."""

    entries: tuple[CachedEvent, ...]
    """Every event that goes into the site: made now (in file order), from the cache, kept."""
    diagnostics: tuple[Diagnostic, ...]
    """Everything found, with a note on each event file kept or left out."""
    kept: tuple[str, ...]
    """Event files with errors whose last good pages the site keeps."""
    left_out: tuple[str, ...]
    """Event files with errors the site leaves out."""
    failing: bool
    """Whether the build fails once the site is written (:class:`BuildIncomplete`)."""

    def failure(self, shown: Sequence[Diagnostic], *, changed: bool) -> BuildIncomplete:
        """The failure to raise once the site is written, showing ``shown`` (the diagnostics
        as printed: :attr:`diagnostics`, finished events' warnings folded); ``changed``:
        whether the build changed anything in the site."""
        return BuildIncomplete(shown, kept=self.kept, left_out=self.left_out, changed=changed)


def build_outcome(
    built: Sequence[BuiltEvent],
    unchanged: Mapping[str, CachedEvent],
    diagnostics: Sequence[Diagnostic],
    *,
    strict: bool,
    last_good: Callable[[BuiltEvent], CachedEvent | None],
) -> BuildOutcome:
    """Sorts the build's events and diagnostics (see the module notes).

    Raises:
        IngestError: an error outside the event files; nothing may be written.
    """
    broken = [b for b in built if b.entry is None]
    own = {d for b in broken for d in b.diagnostics}
    if any(d.is_error and d not in own for d in diagnostics):
        raise IngestError(diagnostics)
    entries = [b.entry for b in built if b.entry is not None]
    notes: list[Diagnostic] = []
    kept: list[str] = []
    left_out: list[str] = []
    for b in broken:
        at = SourcePos.file_start(b.shown)
        previous = last_good(b)
        if previous is not None:
            entries.append(previous)
            kept.append(b.shown)
            says = "the site keeps this event's pages as they were last built without errors"
        else:
            left_out.append(b.shown)
            says = "this event is left out of the site until its errors are fixed"
        notes.append(warning("not-published", says, at, "fix the errors above and build again"))
    entries.extend(unchanged.values())
    found = tuple(sorted_diagnostics([*diagnostics, *notes]))
    failing = bool(broken) or has_errors(diagnostics, strict=strict)
    return BuildOutcome(tuple(entries), found, tuple(kept), tuple(left_out), failing)


def build_diagnostics(
    project: Project,
    built: list[BuiltEvent],
    unchanged: dict[str, CachedEvent],
    shown: dict[str, str],
    season_problems: list[Diagnostic],
) -> list[Diagnostic]:
    """Everything the build found, sorted, without repeats: in the shared files, in each
    event (made now, or its warnings kept in the cache), two events with one slug, seasons."""
    diags: list[Diagnostic] = shared_file_diagnostics(project)
    named: list[tuple[str, str]] = []
    for b in built:
        diags += b.diagnostics
        if b.slug is not None:
            named.append((b.shown, b.slug))
    for path, entry in unchanged.items():
        diags += entry.diagnostics
        named.append((shown[path], entry.slug))
    diags += duplicate_slugs(named)
    diags += season_problems
    return sorted(set(diags), key=Diagnostic.sort_key)
