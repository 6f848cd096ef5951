"""An edited event file's text checked as ``validate`` checks it, and compared with the text before.

:func:`~ingest.edit.event_file.edit_event_file` refuses an edit that adds an error: it checks
the new text (:func:`check_event_text`: the structure and the recorded pairings), and counts
the problems the new text has that the old one did not (:func:`problems_added`), as they compare
before and after an edit (their line references shift). The edit is refused with the
problems named as the text that was not written has them (:func:`not_on_disk`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ingest.core.diagnostics import Diagnostic, has_errors, sorted_diagnostics
from ingest.source.project import Project

if TYPE_CHECKING:  # a result recorded from what was kept about the text reads none of these
    from ingest.checks.event_files import EventData
    from ingest.core.model import Event
    from ingest.source.yamldoc import SourceDocument

__all__ = ["Checked", "check_event_text", "not_on_disk", "problem_identity", "problems_added"]


Checked = tuple["SourceDocument | None", "Event | None", list[Diagnostic]]
"""A text as :func:`check_event_text` read it: the document, the event and every problem."""


def check_event_text(
    text: str,
    shown: str,
    project: Project,
    *,
    keep_tree: bool = False,
    data: EventData | None = None,
    document: SourceDocument | None = None,
    reading: list[Diagnostic] | None = None,
) -> Checked:
    """The file's structure and its recorded pairings, checked as ``validate`` checks them.

    Returns the document read (with its node tree if ``keep_tree``, to edit the text), the
    event (assembled even when cross-references are wrong, None when the file cannot be
    read as an event at all) and every problem found. ``data``: the project's formats and
    schemas, when the caller holds them (looked up otherwise); ``document``: the text as
    already read (:func:`~ingest.checks.event_files.parse_event_text`); ``reading``: given,
    gets what reading and assembling the text found (its recorded pairings' checks aside), in
    the order found, as :func:`_keep_for_reports` keeps them.
    """
    from ingest.checks.event_files import parse_event_text
    from ingest.checks.readings import checked_rounds

    doc, event, diags = parse_event_text(
        text, shown, project, data, lenient=True, keep_tree=keep_tree, document=document
    )
    if event is not None and not has_errors(diags):
        read = diags
        if reading is not None:
            reading.extend(read)
        diags = diags + list(checked_rounds(text, shown, project, event, data.key if data is not None else None))
        if document is not None and doc is not None and not has_errors(diags):
            _keep_for_reports(text, shown, project, data, doc, event, read)
    return doc, event, sorted_diagnostics(diags)


def _keep_for_reports(
    text: str,
    shown: str,
    project: Project,
    data: EventData | None,
    doc: SourceDocument,
    event: Event,
    problems: Sequence[Diagnostic],
) -> None:
    """Keeps the event of an edit's new text (``doc``, read from the old text's reading,
    assembled as ``event`` with ``problems``) when its open round takes results from what was
    kept (:mod:`ingest.checks.open_round`): the round's first result, recorded by reading the
    whole file. Each result after it is then recorded as one more result since this event
    (:mod:`ingest.checks.results_since`), and ``pair`` after them takes the event instead of
    reading the file whole. Any other edit's new text keeps none (written for nothing)."""
    from ingest.checks.assemblies import assembly_key, keep_assembly
    from ingest.checks.readings import event_data_key, known_open_round
    from ingest.source.deck_refs import deck_files

    key = assembly_key(text, shown, data.key if data is not None else event_data_key(project))
    if key is not None and known_open_round(key) is not None:
        keep_assembly(key, doc, event, problems, [ypath for ypath, _, _ in deck_files(doc)])


_LINE_REFERENCE = re.compile(r"\bline \d+")


def problem_identity(d: Diagnostic) -> tuple[str, str]:
    """A problem as it compares before and after an edit (line references in the message shift)."""
    return d.code, _LINE_REFERENCE.sub("line", d.message)


def problems_added(before: Sequence[Diagnostic], after: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The problems of ``after`` that ``before`` did not have (counted, not only by kind)."""
    left = Counter(problem_identity(d) for d in before)
    out = []
    for d in after:
        key = problem_identity(d)
        if left[key]:
            left[key] -= 1
        else:
            out.append(d)
    return out


def not_on_disk(diagnostics: Sequence[Diagnostic], shown: str) -> list[str]:
    """Problems of an edited text that was not written: named without a line of the file on disk."""
    out = []
    for d in diagnostics:
        line = f"{shown} (after this change): {d.severity.value}[{d.code}]: {d.message}"
        out.append(line + (f"\n  hint: {d.hint}" if d.hint else ""))
    return out
