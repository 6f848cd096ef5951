"""The check of a text that ``pair`` made by appending a Swiss round, from the check of the text
it was made from (issue 38, point 5: check what the edit touched, not the whole file twice).

:func:`ingest.edit.event_file.make_edit` checks the new text as ``validate`` would and
compares: an edit that adds an error is refused, the warnings it adds are told. When the edit
appended a round to ``rounds`` of a text read without an error, :func:`check_appended_round`
finds what the new round adds, each part by the code that finds it in a whole check:

- the YAML: the new round's lines read in (:func:`ingest.source.yaml_splice.reread`, done by
  the caller), every other value the same object it was; anything else changed, it answers None;
- the schema: the whole new document (a few milliseconds), which must find nothing at all;
- the assembly: the new round and the event-wide checks from its index on
  (:func:`ingest.source.appended_round.appended_round_event`), which must find no error;
- the recorded pairings: the old text's reading (the checks of its rounds,
  :mod:`ingest.checks.readings`, which the caller's check of the old text has just kept) and
  the new round checked alone (:func:`ingest.planner.plan.last_round_diagnostics`: a Swiss
  round's findings read only the rounds before it). Their sum is the new text's reading, kept
  under its key with its open round, as a whole check keeps them.

It gives the new event and the diagnostics the new round adds; the caller takes them only
where no diagnostic of the old text is the same problem (it then tells the same additions a
whole check would tell). Anything it cannot vouch for answers None, and the new text is checked
whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ingest.checks.assemblies import assembly_key, known_assembly
from ingest.checks.readings import checked_rounds, event_data_key, keep_reading, known_reading, reading_key
from ingest.core.diagnostics import Diagnostic

if TYPE_CHECKING:
    from ingest.checks.event_files import EventData
    from ingest.core.model import Event
    from ingest.source.project import Project
    from ingest.source.yamldoc import SourceDocument


def check_appended_round(
    text: str,
    new_text: str,
    shown: str,
    project: Project,
    old: tuple[SourceDocument, Event],
    new_doc: SourceDocument,
    data: EventData | None = None,
    *,
    problems: Sequence[Diagnostic] | None = None,
    keep: bool = True,
) -> tuple[Event, list[Diagnostic]] | None:
    """The event of ``new_text`` (the file ``shown``) and the diagnostics its new round adds to
    those of ``text``, when ``new_text`` is ``text`` with one Swiss round appended and ``text``
    was read without an error as ``old`` (its document and event); ``new_doc``: ``new_text``
    read from ``old``'s document. None when that is not so, or the new round adds an error to
    the file's structure (the whole check then says it).

    ``problems``: what reading and assembling ``text`` found (its recorded pairings' checks
    aside), when the caller has it (else as kept for ``text``, if it was). When the new round
    adds nothing to it, it is what reading ``new_text`` whole finds, in the same order
    (:mod:`ingest.source.appended_round`: every finding of the old text is the new one's,
    found where it was found), and the new text's event is kept with it as a whole check of
    the new text keeps it
    (:func:`ingest.checks.assemblies.keep_assembly`, for an open round): the round's first
    ``report`` then records its result from it instead of reading the file whole. Without
    ``keep`` (a dry run: the new text is never written, and the ``pair`` that writes it
    checks it again) nothing is kept about the new text."""
    from ingest.checks.event_files import READERS
    from ingest.decks.format_files import format_registry
    from ingest.planner.plan import last_round_diagnostics
    from ingest.source.appended_round import appended_round_event
    from ingest.source.validation import check_document, load_schema

    old_doc, old_event = old
    if not _rounds_appended(old_doc.data, new_doc.data):
        return None
    data_key = data.key if data is not None else event_data_key(project)
    key, new_key = reading_key(text, shown, data_key), reading_key(new_text, shown, data_key)
    reading = known_reading(key)
    if new_key is None or reading is None or any(d.is_error for d in reading):
        return None
    registry = data.formats if data is not None else format_registry(project)[0]
    schema = check_document(new_doc, load_schema(project.schema("event"), registry.format_ids()))
    if schema.diagnostics or schema.broken:
        return None
    assembled = appended_round_event(new_doc, old_event, readers=READERS)
    if assembled is None:
        return None
    event, found = assembled
    if len(event.rounds) != len(old_event.rounds) + 1 or any(d.is_error for d in found):
        return None
    added = last_round_diagnostics(event)
    if added is None:
        return None
    if not keep:
        return event, [*found, *added]
    keep_reading(new_key, (*reading, *added))
    checked_rounds(new_text, shown, project, event, data_key)  # its open round kept beside it
    if problems is None:  # the old text read by the caller's check: as it was kept, if it was
        kept = known_assembly(assembly_key(text, shown, data_key))
        problems = None if kept is None else kept.problems
    if problems is not None and not found and not any(d.is_error for d in (*problems, *added)):
        _keep_assembly(new_text, shown, data_key, new_doc, event, problems)
    return event, [*found, *added]


def _keep_assembly(
    text: str, shown: str, data_key: Any, doc: SourceDocument, event: Event, problems: Sequence[Diagnostic]
) -> None:
    """Keeps ``text``'s event as a whole check of it keeps it when its open round takes results
    from what was kept (``_keep_for_reports`` in :mod:`ingest.edit.event_file`)."""
    from ingest.checks.assemblies import keep_assembly
    from ingest.checks.readings import known_open_round
    from ingest.source.deck_refs import deck_files

    key = assembly_key(text, shown, data_key)
    if key is not None and known_open_round(key) is not None:
        keep_assembly(key, doc, event, problems, [ypath for ypath, _, _ in deck_files(doc)])


def _rounds_appended(old: Any, new: Any) -> bool:
    """Whether ``new`` is ``old`` with items appended to its ``rounds`` list, every other value
    the very object it was (as :func:`~ingest.source.yaml_splice.reread` leaves them)."""
    if not isinstance(old, Mapping) or not isinstance(new, Mapping) or list(old) != list(new):
        return False
    if any(new[k] is not old[k] for k in old if k != "rounds"):
        return False
    before, after = old.get("rounds"), new.get("rounds")
    if not isinstance(before, list) or not isinstance(after, list) or len(after) <= len(before):
        return False
    return all(a is b for a, b in zip(before, after, strict=False))
