"""The one way a command changes an event file: lock, read, edit, check, compare, replace.

Every command that edits an event file goes through :func:`edit_event_file`:

1. it takes the file's exclusive lock (:func:`ingest.edit.locking.edit_lock`), so two commands
   never edit the same file at once (a dry run, which writes nothing, takes none);
2. it reads the file and assembles it, even when it has errors (a correction may be the
   very fix), and hands the text and the event to the edit. The text is parsed once: the
   edit finds its entry in the event, which knows where each entry is written (its YAML
   path), and splices the text at that path in the tree this one parse composed
   (:class:`~ingest.edit.splice.ParsedText`);
3. it checks the edited text as ``validate`` checks the file's structure and its recorded
   pairings, and refuses an edit that adds an error, or that leaves a file with errors
   without fixing any of them (the one other parse: the new text's;
   :mod:`ingest.edit.edit_check`);
4. it replaces the file only if it still holds what the edit was made on, up to the
   moment it is replaced and through it (:func:`ingest.edit.replacing.replace_if_unchanged`:
   the new text is written beside it, then exchanged with it, and what was displaced is
   checked and put back if an editor or a ``git pull`` saved it meanwhile); when it changed,
   the edit is made again on what is there now, so nothing is computed from an older
   version of the file and no save is lost.

A file that cannot be edited as read (empty, half written, unreadable) is looked at again
for a moment before the command refuses: an editor saving in place empties the file and
writes it again (:func:`ingest.source.storage.changes_soon`). A file that cannot be written
(a full disk, a read-only folder) is one line of error, and nothing is written.

Decklist files are not read: no edit changes a decklist, and a decklist not handed in
yet must not stop a round from being paired.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ingest.core.collector import collector_paused
from ingest.core.diagnostics import Diagnostic, sorted_diagnostics
from ingest.core.errors import IngestError
from ingest.edit.edit_check import Checked as Checked
from ingest.edit.edit_check import check_event_text as check_event_text
from ingest.edit.edit_check import not_on_disk as not_on_disk
from ingest.edit.edit_check import problem_identity, problems_added
from ingest.edit.locking import LOCK_TIMEOUT, edit_lock
from ingest.edit.replacing import replace_if_unchanged
from ingest.source.project import Project
from ingest.source.storage import changes_soon, decode_utf8, display_path, read_bytes

if TYPE_CHECKING:  # a result recorded from what was kept about the text reads none of these
    from ingest.checks.event_files import EventData
    from ingest.core.model import Event
    from ingest.edit.quick_report import QuickEdit
    from ingest.source.yamldoc import SourceDocument

ATTEMPTS = 5
"""How many times an edit is made again when the file keeps changing under it."""


@dataclass(frozen=True, slots=True)
class Edit:
    """The new text of an event file and what changed, for the TO."""

    text: str
    """The whole new text."""
    description: str
    """One line saying what was recorded, e.g. ``Round 2, table 3: Alice 2-1 Bob``."""
    note: str = ""
    """What the edit overwrote, e.g. ``replaced 2-1 with 0-0-3`` (empty when nothing was)."""
    warnings: tuple[str, ...] = ()
    """What the TO should know about the change (a later round paired on the old result)."""


EditFunction = Callable[[str, "Event"], Edit]
"""Makes the edit: from the file's text and its event, the new text (raises IngestError to refuse).

The text it is given is a :class:`~ingest.edit.splice.ParsedText`: an
:class:`~ingest.edit.splice.Editor` made from it does not parse it again."""


@dataclass(frozen=True, slots=True)
class EditOutcome:
    """What :func:`edit_event_file` did."""

    shown: str
    """The file as the TO sees it."""
    edit: Edit
    """The edit that was made (written unless it was a dry run)."""
    fixed: tuple[Diagnostic, ...] = ()
    """Errors the file had that the edit removed."""
    remaining: tuple[Diagnostic, ...] = ()
    """Errors the file still has (an edit may fix one problem of several)."""
    written: bool = True
    """False for a dry run, and when the edit changed nothing."""
    attempts: int = 1
    """How many times the edit was made (more than one when the file changed meanwhile)."""
    warnings: tuple[Diagnostic, ...] = field(default=())
    """Warnings the edit added to the file (a rematch, a late change)."""


class EditRefused(IngestError):
    """The edit would leave the file invalid (or the file cannot be edited); nothing was written."""


def _read(path: Path, shown: str, within: Path | None) -> tuple[bytes | None, str, list[Diagnostic] | str]:
    """The file's bytes and text; or None and why it cannot be read (a problem that a save in
    progress may cause, so the caller looks again before it refuses)."""
    if os.path.islink(path):
        _, outside = read_bytes(path, shown, within=within)  # a link out of the project, at its position
        plain = f"{shown} is a symbolic link; a command edits only a plain file (edit the file it names)"
        raise EditRefused(outside or plain)
    if not path.exists():
        return None, "", f"{shown}: no such file"
    # The one bounded reader: the size limit, no device, pipe or folder, and no link out of the
    # project, as for every read.
    raw, problems = read_bytes(path, shown, within=within)
    if raw is None:
        return None, "", problems
    text, problems = decode_utf8(raw, shown)
    if text is None:
        return raw, "", problems
    return raw, text, []


def make_edit(
    text: str,
    shown: str,
    project: Project,
    edit: EditFunction,
    *,
    may_fix: bool = True,
    data: EventData | None = None,
    checked: Checked | None = None,
    keep_new: bool = True,
) -> EditOutcome:
    """Makes ``edit`` on ``text`` and checks the result as :func:`edit_event_file` does
    (steps 2 and 3), without the lock and without writing anything: what an edit of that
    text would be, or its refusal. The venue asks it whether a phone's result would be taken.

    ``checked``: ``text`` as :func:`check_event_text` already read it with its node tree (a
    long-running process that holds it saves a parse); ``data``: as for
    :func:`check_event_text`; ``keep_new``: keep what checking the new text found (not on a
    dry run, whose new text is never written).

    Raises:
        IngestError: the edit is refused (its message says why).
    """
    from ingest.edit.splice import ParsedText
    from ingest.source.yaml_splice import reread

    # What reading the old text found, kept with the new text's event when pair appends a round.
    reading: list[Diagnostic] | None = None if checked is not None else []
    doc, event, before = checked or check_event_text(text, shown, project, keep_tree=True, data=data, reading=reading)
    old_errors = [d for d in before if d.is_error]
    if doc is None or doc.root is None or event is None:
        raise EditRefused([*old_errors] or f"{shown} cannot be edited by a command; correct it in an editor")
    if old_errors and not may_fix:
        raise EditRefused(_refusal(shown, old_errors, [], fixes_none=False))
    changed = edit(ParsedText(text, doc.root), event)
    changed = replace(changed, text=str(changed.text))
    # The new text read from the old one's reading when the edit is local (a result, a
    # round appended): only the YAML is not read again, and only where the new text is the
    # old one's, read the same (ingest.source.yaml_splice says why); the schema, the
    # assembly and the recorded pairings are checked whole. A file with errors is read whole.
    reread_doc = None if old_errors else reread(doc, text, changed.text)
    # A Swiss round appended (pair): only what it adds is checked, when that is all it changed.
    appended = (
        None
        if reread_doc is None
        else _appended_round(
            text, changed.text, shown, project, (doc, event), reread_doc, before, data, reading, keep=keep_new
        )
    )
    # The old tree let go before the new text is checked (kept alive through the check,
    # the garbage collector walks it again and again).
    doc = None
    new_event: Event | None
    if appended is not None:
        new_event, after = appended
    else:
        _, new_event, after = check_event_text(changed.text, shown, project, data=data, document=reread_doc)
    reread_doc = None
    new_errors = [d for d in after if d.is_error]
    added = problems_added(old_errors, new_errors)
    if new_event is None or added:
        raise EditRefused(_refusal(shown, old_errors, added or new_errors))
    if old_errors and len(new_errors) >= len(old_errors):
        raise EditRefused(_refusal(shown, old_errors, []))
    return EditOutcome(
        shown,
        changed,
        fixed=tuple(problems_added(new_errors, old_errors)),
        remaining=tuple(new_errors),
        written=True,
        warnings=tuple(problems_added([d for d in before if not d.is_error], [d for d in after if not d.is_error])),
    )


def _appended_round(
    text: str,
    new_text: str,
    shown: str,
    project: Project,
    old: tuple[SourceDocument, Event],
    new_doc: SourceDocument,
    before: Sequence[Diagnostic],
    data: EventData | None,
    reading: Sequence[Diagnostic] | None = None,
    *,
    keep: bool = True,
) -> tuple[Event, list[Diagnostic]] | None:
    """The new text's event and what the round it appends adds to ``before``
    (:func:`ingest.checks.appended_round.check_appended_round`), when no problem it adds is one
    ``before`` has already: the comparison below then finds exactly what it would find on the
    new text checked whole (every problem of the old text is the new one's too, and each is
    matched by its own); None to check the new text whole. ``reading``: what reading the old
    text found (``check_appended_round`` keeps the new text's event with it, for ``report``)."""
    from ingest.checks.appended_round import check_appended_round

    found = check_appended_round(text, new_text, shown, project, old, new_doc, data, problems=reading, keep=keep)
    if found is None:
        return None
    new_event, added = found
    known = {problem_identity(d) for d in before}
    if any(problem_identity(d) in known for d in added):
        return None
    return new_event, sorted_diagnostics(added)


def edit_event_file(
    path: Path,
    project: Project,
    edit: EditFunction,
    *,
    dry_run: bool = False,
    may_fix: bool = True,
    timeout: float = LOCK_TIMEOUT,
    data: EventData | None = None,
    read_before: Callable[[str], Checked | None] | None = None,
    quick: Callable[[str], QuickEdit | None] | None = None,
) -> EditOutcome:
    """Makes ``edit`` on the event file at ``path`` under its lock and writes it atomically.

    Args:
        path: the event file.
        project: its project (for schemas and formats).
        edit: the change, made on the file's text and its assembled event.
        dry_run: check the edit, but write nothing.
        may_fix: whether the edit can fix a file that has errors (pairing a round cannot:
            such a file is refused before the edit is made).
        timeout: seconds to wait for another command editing the same file.
        data: the project's formats and schemas, when the caller holds them.
        read_before: for the text read from the file, the caller's own reading of that very
            text with its node tree, if it has one (the venue server keeps its events read).
        quick: the edit made from what was kept about the text read, without reading it whole
            (:func:`ingest.edit.quick_report.quick_result`), or None to make ``edit``: under
            the same lock, written the same way, and never on a dry run.

    Raises:
        IngestError: the edit was refused (its message says why); nothing was written.
    """
    shown = display_path(path, project.root)
    # A dry run writes nothing, so it takes no lock (and works in a read-only folder). The
    # cyclic collector is paused meanwhile: the texts' trees, the events and a plan are
    # hundreds of thousands of objects without a cycle, which it would walk again and again.
    with collector_paused(), contextlib.nullcontext() if dry_run else edit_lock(path, shown, timeout=timeout):
        for attempt in range(1, ATTEMPTS + 1):
            raw, text, problems = _read(path, shown, project.within(path))
            try:
                if isinstance(problems, str):
                    raise IngestError(problems)
                if raw is None or problems:
                    raise EditRefused(problems)
                fast = quick(text) if quick is not None and not dry_run else None
                if fast is not None:
                    made = EditOutcome(shown, Edit(fast.text, fast.description))
                else:
                    checked = read_before(text) if read_before is not None else None
                    made = make_edit(
                        text, shown, project, edit, may_fix=may_fix, data=data, checked=checked, keep_new=not dry_run
                    )
            except IngestError:
                # Read while an editor was saving it (an empty or half-written file)? Look again.
                if attempt < ATTEMPTS and changes_soon(path, raw):
                    continue
                raise
            outcome = replace(made, attempts=attempt)
            if dry_run or outcome.edit.text == text:
                return replace(outcome, written=False)
            assert raw is not None
            try:
                if not replace_if_unchanged(path, outcome.edit.text.encode("utf-8"), raw):
                    continue  # changed by something other than Scorekeeper meanwhile: made again on what is there
            except OSError as exc:
                raise IngestError(cannot_write(shown, exc)) from None
            if fast is not None:
                fast.keep()
            return outcome
    raise IngestError(
        f"{shown} kept changing while this command ran ({ATTEMPTS} times); nothing was written. "
        "Close the editor or wait for the other program, then try again."
    )


def event_parser(project: Project, shown: str) -> Callable[..., Event]:
    """Assembles an edited text of the file ``shown`` (for edits made in two steps:
    :class:`ingest.edit.corrections.Parse`).

    Raises (when called):
        EditRefused: the text cannot be read as an event.
    """

    from ingest.checks.event_files import parse_event_text

    def parse(text: str, *, lenient: bool = False) -> Event:
        _doc, parsed, diags = parse_event_text(text, shown, project, lenient=lenient)
        if parsed is None:
            raise EditRefused("\n".join(not_on_disk([d for d in diags if d.is_error], shown)))
        return parsed

    return parse


def cannot_write(shown: str, exc: OSError) -> str:
    """Why a file could not be written, in one line (a full disk, a read-only folder)."""
    return f"{shown}: cannot write the file: {exc.strerror or exc}; nothing was written"


def _refusal(
    shown: str, old_errors: Sequence[Diagnostic], added: Sequence[Diagnostic], *, fixes_none: bool = True
) -> str:
    """Why an edit is refused: the problems it would add, or the errors it leaves as they are."""
    n = len(old_errors)
    has = f"{shown} has {n} error{'s' if n != 1 else ''}"
    if not added:
        listed = "\n".join(d.render() for d in old_errors)
        why = "this change fixes none of them" if fixes_none else "this command cannot fix them"
        return (
            f"{listed}\n{has}, and {why}; nothing was written. "
            "Fix them first (a command may change a file with errors only to fix one)"
        )
    lines = not_on_disk(added, shown)
    lines.append("the change would make the file invalid; nothing was written")
    if old_errors:
        lines.append(f"({has} already; `scorekeeper validate` lists them)")
    return "\n".join(lines)
