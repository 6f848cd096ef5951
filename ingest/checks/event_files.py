"""An event file read and checked against the project: the text read, validated and assembled
by the reading stage (:mod:`ingest.source`), its format checked against the project's formats
(:func:`ingest.decks.format_files.format_registry`), each family's rounds read by its reader
(:data:`READERS`), and the decklist files it names read, a missing one judged by whether the
event is over (the planner's verdict: an error once the lists are published).

``load_event`` returns the event (or None), the decklist files it names as read
(:class:`~ingest.source.deck_file.DeckFile`, beside the event: the model carries no file's
text) and every diagnostic for the file; it reads the event file and those decklist
files, and writes nothing.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.checks.assemblies import assembly_key, keep_assembly, keeps, known_assembly, stored_document
from ingest.checks.readings import event_data_key
from ingest.core.collector import collector_paused
from ingest.core.diagnostics import Diagnostic, SourcePos, error, has_errors, warning
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.decks.format_files import format_registry
from ingest.decks.format_registry import FormatRegistry
from ingest.source.assemble import event_from
from ingest.source.deck_file import DeckFile
from ingest.source.deck_refs import deck_files, deck_path_problem
from ingest.source.match_entries import MatchEntries
from ingest.source.project import Project
from ingest.source.round_entries import EntryReader
from ingest.source.storage import display_path, file_signature, find_files, read_text, signature
from ingest.source.validation import check_document, load_schema
from ingest.source.yamldoc import SourceDocument, parse_yaml
from ingest.wot.wot_entries import WotEntries


@dataclass(frozen=True, slots=True)
class Loaded:
    """One event file after reading and checking."""

    path: Path
    """The file."""
    shown: str
    """How diagnostics name it."""
    text: str | None
    """The file's text (None if it could not be read)."""
    event: Event | None
    """The model (None on any error)."""
    diagnostics: tuple[Diagnostic, ...]
    """Everything found, in file order."""
    deck_refs: tuple[str, ...] = ()
    """The decklist files the text names (relative to its folder, as written), read or not."""
    deck_files: tuple[DeckFile, ...] = ()
    """The decklist files read, with their text, in the order the text names them (empty
    when ``event`` is None)."""
    document: SourceDocument | None = None
    """The text as read, with its node tree (only when :func:`load_event` was asked to keep
    it: a command that checks a file and then edits it reads it once)."""


READERS: Mapping[str, EntryReader] = {"mtr": MatchEntries(), "wot": WotEntries()}
"""Each family's reader of round entries, by the family's id, handed to assembly: the
MTR-style family's matches are read by the reading stage (:mod:`ingest.source.match_entries`),
Wheel of Time's tables and byes by the reader beside their values (:mod:`ingest.wot.wot_entries`)."""


def parse_event_text(
    text: str,
    shown: str,
    project: Project,
    data: EventData | None = None,
    *,
    lenient: bool = False,
    keep_tree: bool = False,
    document: SourceDocument | None = None,
    keep: bool = False,
) -> tuple[SourceDocument | None, Event | None, list[Diagnostic]]:
    """Parses, validates and assembles event text (no decklist files are read).

    Every stage runs as far as the file allows, so one run reports every problem: after a
    duplicate key the first value is kept, and after schema errors the cross-reference
    checks still run on the parts the schema accepted. The event is None on any error;
    ``lenient`` keeps it when only cross-reference checks failed (for a correction);
    ``keep_tree`` keeps the composed YAML in the document (for an edit of the text).
    ``document``: ``text`` as already read, without problems (an edit's new text read from
    the old one's reading: :func:`ingest.source.yaml_splice.reread`); everything else is
    checked as for any text.

    A big text read before without an error is taken as that reading found it, and ``keep``
    (a file's text, read by :func:`load_event`) keeps what this reading finds for the next
    command (:mod:`ingest.checks.assemblies`).
    """
    # The node tree and the event are hundreds of thousands of objects without a cycle: the
    # cyclic collector would walk them again and again while they are made (a third of the
    # time of reading a 2,048-player event).
    with collector_paused():
        return _parse_event_text(
            text, shown, project, data, lenient=lenient, keep_tree=keep_tree, document=document, keep=keep
        )


def _parse_event_text(
    text: str,
    shown: str,
    project: Project,
    data: EventData | None,
    *,
    lenient: bool,
    keep_tree: bool,
    document: SourceDocument | None,
    keep: bool,
) -> tuple[SourceDocument | None, Event | None, list[Diagnostic]]:
    doc: SourceDocument | None = document
    problems: list[Diagnostic] = []
    key = None
    if doc is None:
        # A big text read before without an error: what that reading found (ingest.checks.assemblies).
        key = assembly_key(text, shown, data.key if data is not None else event_data_key(project))
        kept = known_assembly(key)
        stored = None if kept is None else stored_document(kept, text, shown, keep_tree=keep_tree)
        if kept is not None and stored is not None:
            return stored, kept.event, list(kept.problems)
        doc, problems = parse_yaml(text, shown, keep_tree=keep_tree)
    if doc is None:
        return None, None, problems
    if not isinstance(doc.data, dict):
        problems.append(
            error(
                "schema",
                "an event file must be a mapping of keys such as name:, date:, players:",
                doc.pos(()),
                "start from `scorekeeper new`",
            )
        )
        return doc, None, problems
    registry = data.formats if data is not None else format_registry(project)[0]
    schema = data.event_schema if data is not None and data.event_schema is not None else project.schema("event")
    checked = check_document(doc, load_schema(schema, registry.format_ids()))
    problems.extend(checked.diagnostics)
    event, found = event_from(doc, registry, checked.broken, readers=READERS, lenient=lenient)
    problems.extend(found)
    if key is not None and event is not None and not has_errors(problems) and keep and keeps(edited=keep_tree):
        keep_assembly(key, doc, event, problems, [ypath for ypath, _, _ in deck_files(doc)])
    if lenient and not any(d.is_error for d in checked.diagnostics):
        return doc, event, problems
    return doc, (None if has_errors(problems) else event), problems


class _Listing:
    """Folder listings, each read once: one system call for all the decklists in a folder.

    Lets the common case (a regular file, named exactly, with no symbolic link on the way)
    skip a system call per path component; anything else takes the careful way.
    """

    def __init__(self) -> None:
        self.folders: dict[str, dict[str, os.DirEntry[str]]] = {}

    def plain_file(self, folder: Path, ref: str) -> bool:
        """Whether ``folder / ref`` is a regular file reached without a symbolic link."""
        current = os.fspath(folder)
        parts = ref.split("/")
        for i, part in enumerate(parts):
            entries = self.folders.get(current)
            if entries is None:
                try:
                    with os.scandir(current) as found:
                        entries = {entry.name: entry for entry in found}
                except OSError:
                    entries = {}
                self.folders[current] = entries
            entry = entries.get(part)  # (a symbolic link is neither a plain file nor a plain folder)
            if entry is None:
                return False
            if i == len(parts) - 1:
                return entry.is_file(follow_symlinks=False)
            if not entry.is_dir(follow_symlinks=False):
                return False
            current = os.path.join(current, part)
        return False


def _inside(real_folder: str, folder: Path, ref: str) -> bool:
    """Whether ``folder / ref`` stays inside the folder (``ref`` is relative, without "..").

    Only a symbolic link on the way can lead out; the full real path is worked out only
    when there is one (resolving every path costs a system call per path component).
    """
    step = folder
    for part in Path(ref).parts:
        step = step / part
        if step.is_symlink():
            real = os.path.realpath(folder / ref)
            return real == real_folder or real.startswith(real_folder + os.sep)
    return True


@dataclass(frozen=True, slots=True)
class EventData:
    """What checking an event text depends on besides the text: the format and schema data.

    Looking it up costs a walk over the data folders (a stat per file), so a pass over many
    event files takes it once (:func:`event_data`) and hands it to each.
    """

    key: tuple[tuple[str, int, int], ...]
    """The data files' names, modification times and sizes (part of :func:`parse_key`)."""
    formats: FormatRegistry
    """The format registry."""
    event_schema: Path | None = None
    """The event files' schema (the project's own, else the shipped one), found once for the
    pass: finding it resolves the schema folders and looks at the files (None: found for each text)."""


def event_data(project: Project) -> EventData:
    """The project's format and schema data as of now."""
    return EventData(
        signature(*project.formats, *project.schemas), format_registry(project)[0], project.schema("event")
    )


def parse_key(text: str, shown: str, project: Project, data: EventData | None = None) -> tuple[str, str, Any]:
    """What a parsed event text is cached under: the text, its name, the format and schema data."""
    key = data.key if data is not None else event_data_key(project)
    return (hashlib.sha256(text.encode()).hexdigest(), shown, key)


@dataclass(frozen=True, slots=True)
class DeckRef:
    """A decklist file an event names, and where (what :func:`load_event` reads besides the event file)."""

    pos: SourcePos
    """Where the reference is written."""
    player: PlayerId
    """Whose deck it is."""
    ref: str
    """The file, relative to the event's folder, as written."""


ParsedEvent = tuple[tuple[DeckRef, ...], Event | None, list[Diagnostic]]
"""An event text parsed and checked: its decklist references, the event, the diagnostics.

The parse cache holds these; the document itself is not kept (nothing after parsing
needs it, and it is most of what a build worker would otherwise send back)."""


def parse_event(text: str, shown: str, project: Project, data: EventData | None = None) -> ParsedEvent:
    """:func:`parse_event_text`, keeping the decklist references rather than the document."""
    refs, event, problems, _ = _parsed(text, shown, project, data)
    return refs, event, problems


def _parsed(
    text: str, shown: str, project: Project, data: EventData | None = None, *, keep_tree: bool = False
) -> tuple[tuple[DeckRef, ...], Event | None, list[Diagnostic], SourceDocument | None]:
    doc, event, problems = parse_event_text(text, shown, project, data, keep_tree=keep_tree, keep=True)
    if doc is None or event is None:
        return (), event, problems, doc
    refs = tuple(DeckRef(doc.pos(ypath), pid, ref) for ypath, pid, ref in deck_files(doc))
    return refs, event, problems, doc


def load_event(
    path: Path,
    project: Project,
    parsed: dict[Any, ParsedEvent] | None = None,
    data: EventData | None = None,
    settled_before: int | None = None,
    *,
    keep_tree: bool = False,
) -> Loaded:
    """Reads one event file and its decklist files and checks everything.

    The decklist files come back beside the event (:attr:`Loaded.deck_files`), not in it.

    Args:
        path: the event file.
        project: its project.
        parsed: a cache of parsed event texts (by text, name and format data) kept by the
            caller between builds; decklist files are read again every time.
        data: the format and schema data, when the caller loads many files in one pass
            (looked up here otherwise).
        settled_before: decklist files last changed before this time (ns since the epoch)
            come with their signature (:func:`~ingest.source.storage.file_signature`), for
            the build cache; None: none do.
        keep_tree: keep the text as read, with its node tree (:attr:`Loaded.document`), for
            a command that goes on to edit it (``parsed`` is then not used).
    """
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown, within=project.within(path))
    if text is None:
        return Loaded(path, shown, None, None, tuple(problems))
    document = None
    if keep_tree:
        refs, event, problems, document = _parsed(text, shown, project, data, keep_tree=True)
    elif parsed is None:
        refs, event, problems = parse_event(text, shown, project, data)
    else:
        key = parse_key(text, shown, project, data)
        if key not in parsed:
            parsed[key] = parse_event(text, shown, project, data)
        refs, event, found = parsed[key]
        problems = list(found)
    files: list[DeckFile] = []
    if event is not None:
        parent = path.parent  # (a new value each time it is asked for)
        folder = os.path.realpath(parent)
        # Decklist files are named from the event's folder with ``ref`` as written: one
        # path resolved per event rather than one per decklist (hundreds in a big event).
        shown_folder = display_path(parent, project.root)
        listing = _Listing()
        for deck in refs:
            ref = deck.ref
            if deck_path_problem(ref):
                continue  # already reported by assembly
            target = parent / ref
            deck_shown = ref if shown_folder == "." else posixpath.join(shown_folder, ref)
            plain = listing.plain_file(parent, ref)  # a regular file, reached without a link
            try:
                inside = plain or _inside(folder, parent, ref)
                present = plain or not inside or target.is_file()
            except OSError as exc:  # e.g. a link loop or a folder that may not be read
                problems.append(error("io", f'decklist file "{ref}" cannot be read: {exc.strerror or exc}', deck.pos))
                continue
            if not inside:
                problems.append(
                    error(
                        "deck-path",
                        f'decklist file "{ref}" leads outside the event\'s folder',
                        deck.pos,
                        "symbolic links may not point outside the event folder",
                    )
                )
                continue
            if not present:
                problems.append(_deck_missing(event, ref, deck.pos, deck_shown))
                continue
            signature = file_signature(target, settled_before)
            deck_text, read_problems = read_text(target, deck_shown)
            problems.extend(read_problems)
            if deck_text is not None:
                files.append(DeckFile(deck.player, ref, deck_text, signature))
        if any(d.is_error for d in problems):
            event, files = None, []
    problems.sort(key=Diagnostic.sort_key)
    refs_read = tuple(deck.ref for deck in refs)
    return Loaded(path, shown, text, event, tuple(problems), refs_read, tuple(files), document if event else None)


def _deck_missing(event: Event, ref: str, pos: SourcePos, shown: str) -> Diagnostic:
    """A decklist file that is not there: an error once the lists are published, else a warning.

    Decklists are often handed in during the event; until the site would show them
    (``public``, or ``after-event`` once the event is over) a missing file stops nothing.
    """
    from ingest.planner.plan import is_finished

    policy = event.structure.decklists
    published = policy == "public" or (policy == "after-event" and bool(event.rounds) and is_finished(event))
    make = error if published else warning
    when = "" if published else " (needed before the decklists are published)"
    hint = f"create {shown} or fix the file name"
    return make("deck-missing", f'decklist file "{ref}" does not exist{when}', pos, hint)


def event_paths(paths: list[Path], project: Project) -> list[Path]:
    """The event files named by ``paths`` (folders expanded), or all of ``events/``."""
    return find_files(paths or [project.events_dir])
