"""A build of an archive does not bury the TO in history.

Findings on finished events are facts about rounds long played: an archive imported from
another platform can hold hundreds of them (``not-optimal`` pairings, a second bye the
platform gave, a score it accepted). ``scorekeeper build`` prints them as one line per
finished event, with their count and the command that lists them; ``scorekeeper
validate`` still lists every one, and an event in progress keeps its findings in full,
since the TO can still act on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ingest.core.diagnostics import Diagnostic, SourcePos, settled, sorted_diagnostics, warning


def summarise_finished_events(diagnostics: Sequence[Diagnostic], finished_events: Iterable[str]) -> list[Diagnostic]:
    """The build's warnings with those of each finished event folded into one line.

    Errors are never folded (a build with errors stops before printing anything else), and
    neither are warnings about files that are not the event file of a finished event
    (``tests/publish/test_archive_summary.py`` shows the line). ``finished_events``: the
    event files (as diagnostics name them) of the events that are over.

    """
    finished = set(finished_events)
    kept: list[Diagnostic] = []
    folded: dict[str, Counter[str]] = {}
    open_: set[str] = set()  # finished events with a warning someone can still act on
    for d in diagnostics:
        if not d.is_error and d.pos.path in finished:
            folded.setdefault(d.pos.path, Counter())[d.code] += 1
            if not d.settled:
                open_.add(d.pos.path)
        else:
            kept.append(d)
    for path, codes in folded.items():
        n = sum(codes.values())
        kinds = ", ".join(f"{code} {count}" for code, count in sorted(codes.items()))
        line = warning(
            "finished-event",
            f"{n} warning{'s' if n != 1 else ''} on this finished event ({kinds}); "
            f"`scorekeeper validate {path}` lists them",
            SourcePos.file_start(path),
        )
        kept.append(line if path in open_ else settled(line))
    return sorted_diagnostics(kept)
