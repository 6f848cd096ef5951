"""The read -> validate -> model chain for event files.

``load_event`` returns the event (or None) and every diagnostic for the file; it reads
the event file and the decklist files it names, and writes nothing.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error, has_errors, warning
from ingest.core.model import Event, PlayerId
from ingest.core.safetext import unsafe_character, unsafe_text_problem
from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData, CardDataError
from ingest.decks.formats import FormatRegistry
from ingest.source.assemble import event_from
from ingest.source.deck_refs import deck_files, deck_path_problem
from ingest.source.format_files import FormatProblem, archetypes_from_documents, registry_from_documents
from ingest.source.players import PlayerRegistry, registry_from
from ingest.source.project import Project
from ingest.source.storage import MAX_FILE_BYTES, decode_utf8, display_path, find_files, read_bytes, read_text
from ingest.source.validation import check_document, load_schema, validate_document
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path, parse_yaml


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


def read_document(
    path: Path, shown: str, *, config: bool = False, limit: int = MAX_FILE_BYTES
) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Reads and parses one YAML file: the one reading path every project file takes.

    The size limit, encoding check, node, depth and alias limits, merge cycles, tags and
    text checks all apply (:func:`ingest.source.storage.read_text`, :func:`ingest.source.yamldoc.parse_yaml`);
    every problem is a positioned diagnostic. ``config``: the site engine's configuration,
    whose own tags are read as empty values.
    """
    text, problems = read_text(path, shown, limit=limit)
    if text is None:
        return None, problems
    return parse_yaml(text, shown, config=config)


def read_data_files(
    folder: Path, root: Path
) -> tuple[list[tuple[str, object]], dict[str, SourceDocument], list[Diagnostic]]:
    """Every ``*.yaml`` of a data folder, read safely with positions.

    Returns the (file name, data) pairs, the documents by file name (to position later
    problems), and the problems found while reading. A file with any problem is left out.
    """
    documents: list[tuple[str, object]] = []
    docs: dict[str, SourceDocument] = {}
    diags: list[Diagnostic] = []
    for path in sorted(folder.glob("*.yaml")):
        doc, problems = read_document(path, display_path(path, root))
        diags += problems
        if doc is not None and not problems:
            name = f"{folder.name}/{path.name}"
            documents.append((name, doc.data))
            docs[name] = doc
    return documents, docs, diags


def positioned(problems: Sequence[FormatProblem], docs: Mapping[str, SourceDocument]) -> list[Diagnostic]:
    """Format-file problems at the line and column of the value concerned."""
    out = []
    for p in problems:
        doc = docs.get(p.file)
        pos = doc.pos(p.path) if doc is not None else SourcePos(p.file, p.line or 0, p.column or 0)
        out.append(
            error(
                "format-file",
                f"{p.where}: {p.message}" if p.path else p.message,
                pos,
                "see schema/format.schema.json for what each field holds",
            )
        )
    return out


def signature(*paths: Path) -> tuple[tuple[str, int, int], ...]:
    """Name, modification time and size of files (folders: every file below them).

    Cached data is keyed by this, so a long-running ``serve`` notices edited data files.
    """
    out: list[tuple[str, int, int]] = []
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            try:
                st = f.stat()
            except OSError:
                continue
            out.append((f.as_posix(), st.st_mtime_ns, st.st_size))
    return tuple(out)


@functools.lru_cache(maxsize=8)
def _formats(
    formats_dir: Path, schema: Path, root: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[FormatRegistry, tuple[Diagnostic, ...]]:
    documents, docs, diags = read_data_files(formats_dir, root)
    read = {name for name, _ in documents}
    unreadable = [f"{formats_dir.name}/{p.name}" for p in formats_dir.glob("*.yaml")]
    registry, problems = registry_from_documents(
        documents, json.loads(schema.read_text(encoding="utf-8")), [u for u in unreadable if u not in read]
    )
    return registry, tuple(diags + positioned(problems, docs))


MAX_CARD_DATA_BYTES = 256 * 1024 * 1024
"""Largest card-data file accepted. Card data is the one file larger than an event file
may be: Scryfall's Oracle bulk file, which the README points to, is about 160 MB. It
is read through the same bounded reader, so ``/dev/zero`` or a 10 GB file is refused."""

CARD_DATA_KEY = ("extra", "scorekeeper", "card_data")
"""Where the site configuration names card-data files, by game."""


@functools.lru_cache(maxsize=8)
def _site_document(
    config: Path, root: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[SourceDocument | None, tuple[Diagnostic, ...]]:
    if not config.is_file():
        return None, ()
    doc, problems = read_document(config, display_path(config, root), config=True)
    if doc is not None and not isinstance(doc.data, dict):
        problems.append(
            error(
                "site-config",
                "the site configuration must be a mapping of settings such as site_name:",
                doc.pos(()),
                "start from the mkdocs.yml Scorekeeper ships",
            )
        )
        doc = None
    return doc, tuple(problems)


def site_document(project: Project) -> tuple[SourceDocument | None, tuple[Diagnostic, ...]]:
    """``mkdocs.yml`` read through the one reading path (read once per change), and its problems."""
    config = project.mkdocs_file.resolve()
    return _site_document(config, project.root.resolve(), signature(config))


def site_config(config: Path) -> dict[str, Any]:
    """mkdocs.yml as plain data, for the few values Scorekeeper reads from it.

    Read through the one reading path (limits included); a missing or unreadable file is
    an empty configuration here, and its problems are reported by
    :func:`site_config_diagnostics`. Text values Scorekeeper shows are checked there too.
    """
    resolved = config.resolve()
    root = resolved.parent
    doc, problems = _site_document(resolved, root, signature(resolved))
    if doc is None or any(p.is_error for p in problems):
        return {}
    data: dict[str, Any] = doc.data
    name = data.get("site_name")
    if isinstance(name, str) and (unsafe_character(name) is not None or "\n" in name.strip("\n")):
        return {k: v for k, v in data.items() if k != "site_name"}
    return data


def site_config_diagnostics(project: Project) -> list[Diagnostic]:
    """Problems of the values Scorekeeper reads from ``mkdocs.yml`` (the site engine checks the rest)."""
    doc, problems = site_document(project)
    out = list(problems)
    if doc is None:
        return out
    name = doc.data.get("site_name")
    if isinstance(name, str) and (char := unsafe_character(name)) is not None:
        message, hint = unsafe_text_problem(char)
        out.append(error("unsafe-text", f"site_name: {message}", doc.pos(("site_name",)), hint))
    elif isinstance(name, str) and "\n" in name.strip("\n"):
        out.append(
            error(
                "unsafe-text",
                "site_name: the text is on more than one line, but it is shown on one line",
                doc.pos(("site_name",)),
                "write the site's name on one line",
            )
        )
    return out


def _card_data_problem(doc: SourceDocument, path: YamlPath, message: str, hint: str = "") -> Diagnostic:
    return error(
        "card-data",
        f"{format_path(path)}: {message}",
        doc.pos(path),
        hint or "give a Scryfall or MTGJSON bulk file inside the project folder, e.g. data/cards.json",
    )


def _contained(root: Path, ref: str) -> str | None:
    """Why a path named in the configuration may not be used, or None when it stays in the project.

    >>> _contained(Path("/p"), "../../etc/passwd")
    'it points outside the project folder'
    >>> _contained(Path("/p"), "/dev/zero")
    'it is an absolute path; name a file inside the project folder'
    """
    problem = deck_path_problem(ref)
    if problem == "it is an absolute path":
        return "it is an absolute path; name a file inside the project folder"
    if problem is not None:
        return problem.replace("the event's folder", "the project folder")
    real_root = os.path.realpath(root)
    real = os.path.realpath(root / ref)
    if real != real_root and not real.startswith(real_root + os.sep):
        return "it leads outside the project folder (through a symbolic link)"
    return None


def _read_card_data(
    doc: SourceDocument, path: YamlPath, ref: str, root: Path
) -> tuple[CardData | None, list[Diagnostic]]:
    """One card-data file named in the configuration: contained, bounded, parsed."""
    problem = _contained(root, ref)
    if problem is not None:
        return None, [_card_data_problem(doc, path, f'"{ref}" cannot be used: {problem}')]
    target = root / ref
    shown = display_path(target, root)
    if not os.path.lexists(target):
        return None, [_card_data_problem(doc, path, f'"{ref}" does not exist', f"create {shown} or fix the path")]
    raw, problems = read_bytes(target, shown, limit=MAX_CARD_DATA_BYTES)
    if raw is None:
        return None, problems
    text, problems = decode_utf8(raw, shown)
    if text is None:
        return None, problems
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [
            error(
                "card-data",
                f"the card data is not valid JSON: {exc.msg}",
                SourcePos(shown, exc.lineno, exc.colno),
                "download the bulk file again; it may be cut short",
            )
        ]
    except RecursionError:
        return None, [
            error("card-data", "the card data is nested too deeply to be card data", SourcePos.file_start(shown))
        ]
    try:
        return CardData.from_json(document), []
    except (CardDataError, RecursionError) as exc:
        message = str(exc) if isinstance(exc, CardDataError) else "the card data is nested too deeply"
        return None, [_card_data_problem(doc, path, f'"{ref}": {message}')]


@functools.lru_cache(maxsize=8)
def _card_data(
    config: Path,
    root: Path,
    config_signature: tuple[tuple[str, int, int], ...],
    _cards_signature: tuple[tuple[str, int, int], ...],
) -> tuple[tuple[tuple[str, CardData], ...], tuple[Diagnostic, ...]]:
    doc, _ = _site_document(config, root, config_signature)
    if doc is None:
        return (), ()
    extra = doc.data.get("extra")
    section = extra.get("scorekeeper") if isinstance(extra, dict) else None
    paths = section.get("card_data") if isinstance(section, dict) else None
    if paths is None:
        return (), ()
    if not isinstance(paths, dict):
        return (), (_card_data_problem(doc, CARD_DATA_KEY, "must map each game to a file, e.g. mtg: data/cards.json"),)
    out: list[tuple[str, CardData]] = []
    diags: list[Diagnostic] = []
    for game, ref in sorted(paths.items()):
        path = (*CARD_DATA_KEY, game)
        if not isinstance(ref, str) or not ref:
            diags.append(_card_data_problem(doc, path, "must be the path of a file, e.g. data/cards.json"))
            continue
        cards, problems = _read_card_data(doc, path, ref, root)
        diags += problems
        if cards is not None:
            out.append((str(game), cards))
    return tuple(out), tuple(diags)


def card_data(project: Project) -> tuple[dict[str, CardData], tuple[Diagnostic, ...]]:
    """Optional card data per game, from ``extra.scorekeeper.card_data`` in mkdocs.yml (read once).

    Each path must stay inside the project folder and the file within
    :data:`MAX_CARD_DATA_BYTES`; every problem is positioned (at the configuration value,
    or in the card-data file itself for bad JSON).
    """
    config = project.mkdocs_file.resolve()
    root = project.root.resolve()
    found, diags = _card_data(config, root, signature(config), _card_signature(config, root))
    return dict(found), diags


def _card_signature(config: Path, root: Path) -> tuple[tuple[str, int, int], ...]:
    """Names, times and sizes of the card-data files the configuration names (for the cache key)."""
    doc, _ = _site_document(config, root, signature(config))
    extra = doc.data.get("extra") if doc is not None else None
    section = extra.get("scorekeeper") if isinstance(extra, dict) else None
    paths = section.get("card_data") if isinstance(section, dict) else None
    if not isinstance(paths, dict):
        return ()
    refs = [root / ref for ref in paths.values() if isinstance(ref, str) and ref and _contained(root, ref) is None]
    return signature(*(p for p in refs if p.is_file()))


def card_data_files(project: Project) -> tuple[Path, ...]:
    """The card-data files mkdocs.yml names (for the build cache's key)."""
    config, root = project.mkdocs_file.resolve(), project.root.resolve()
    return tuple(Path(name) for name, _, _ in _card_signature(config, root))


def load_players(project: Project) -> tuple[PlayerRegistry, list[Diagnostic]]:
    """players.yaml, checked (an absent file is an empty registry).

    Read through the one reading path every time; parsed again only when its text (or the
    schema) changed, since ``serve`` asks for it at every build.
    """
    path = project.players_file
    if not path.exists():
        return PlayerRegistry(), []
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown)
    if text is None:
        return PlayerRegistry(), problems
    registry, found = _players(text, shown, project.schema("players").resolve())
    return registry, list(found)


@functools.lru_cache(maxsize=4)
def _players(text: str, shown: str, schema: Path) -> tuple[PlayerRegistry, tuple[Diagnostic, ...]]:
    doc, problems = parse_yaml(text, shown)
    if doc is None:
        return PlayerRegistry(), tuple(problems)
    problems += validate_document(doc, load_schema(schema))
    if problems:
        return PlayerRegistry(), tuple(problems)
    registry, found = registry_from(doc)
    return registry, tuple(found)


@functools.lru_cache(maxsize=8)
def _archetypes(
    folder: Path, root: Path, schema: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[ArchetypeBook | None, tuple[Diagnostic, ...]]:
    if not folder.is_dir():
        return None, ()
    documents, docs, diags = read_data_files(folder, root)
    book, problems = archetypes_from_documents(documents, json.loads(schema.read_text(encoding="utf-8")))
    return book, tuple(diags + positioned(problems, docs))


def load_archetype_book(project: Project) -> tuple[ArchetypeBook | None, list[Diagnostic]]:
    """Archetype rules from formats/archetypes/, with positioned problems (read once per change)."""
    folder, schema = (project.formats_dir / "archetypes").resolve(), project.schema("archetypes").resolve()
    book, problems = _archetypes(folder, project.root.resolve(), schema, signature(folder, schema))
    return book, list(problems)


def format_registry(project: Project) -> tuple[FormatRegistry, tuple[Diagnostic, ...]]:
    """The project's formats (read once) and any problem in the format files."""
    folder, schema = project.formats_dir.resolve(), project.schema("format").resolve()
    return _formats(folder, schema, project.root.resolve(), signature(folder, schema))


def parse_event_text(
    text: str,
    shown: str,
    project: Project,
    data: EventData | None = None,
    *,
    lenient: bool = False,
    keep_tree: bool = False,
) -> tuple[SourceDocument | None, Event | None, list[Diagnostic]]:
    """Parses, validates and assembles event text (no decklist files are read).

    Every stage runs as far as the file allows, so one run reports every problem: after a
    duplicate key the first value is kept, and after schema errors the cross-reference
    checks still run on the parts the schema accepted. The event is None on any error;
    ``lenient`` keeps it when only cross-reference checks failed (for a correction);
    ``keep_tree`` keeps the composed YAML in the document (for an edit of the text).
    """
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
    checked = check_document(doc, load_schema(project.schema("event")))
    problems.extend(checked.diagnostics)
    registry = data.formats if data is not None else format_registry(project)[0]
    event, found = event_from(doc, registry, checked.broken, lenient=lenient)
    problems.extend(found)
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


def event_data(project: Project) -> EventData:
    """The project's format and schema data as of now."""
    return EventData(signature(project.formats_dir, project.schema_dir), format_registry(project)[0])


def parse_key(text: str, shown: str, project: Project, data: EventData | None = None) -> tuple[str, str, Any]:
    """What a parsed event text is cached under: the text, its name, the format and schema data."""
    key = data.key if data is not None else signature(project.formats_dir, project.schema_dir)
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
    doc, event, problems = parse_event_text(text, shown, project, data)
    if doc is None or event is None:
        return (), event, problems
    return tuple(DeckRef(doc.pos(ypath), pid, ref) for ypath, pid, ref in deck_files(doc)), event, problems


def load_event(
    path: Path, project: Project, parsed: dict[Any, ParsedEvent] | None = None, data: EventData | None = None
) -> Loaded:
    """Reads one event file and its decklist files and checks everything.

    Args:
        path: the event file.
        project: its project.
        parsed: a cache of parsed event texts (by text, name and format data) kept by the
            caller between builds; decklist files are read again every time.
        data: the format and schema data, when the caller loads many files in one pass
            (looked up here otherwise).
    """
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown)
    if text is None:
        return Loaded(path, shown, None, None, tuple(problems))
    if parsed is None:
        refs, event, problems = parse_event(text, shown, project, data)
    else:
        key = parse_key(text, shown, project, data)
        if key not in parsed:
            parsed[key] = parse_event(text, shown, project, data)
        refs, event, found = parsed[key]
        problems = list(found)
    if event is not None:
        texts = []
        folder = os.path.realpath(path.parent)
        # Decklist files are named from the event's folder with ``ref`` as written: one
        # path resolved per event rather than one per decklist (hundreds in a big event).
        shown_folder = display_path(path.parent, project.root)
        listing = _Listing()
        for deck in refs:
            ref = deck.ref
            if deck_path_problem(ref):
                continue  # already reported by assembly
            target = path.parent / ref
            deck_shown = ref if shown_folder == "." else posixpath.join(shown_folder, ref)
            plain = listing.plain_file(path.parent, ref)  # a regular file, reached without a link
            try:
                inside = plain or _inside(folder, path.parent, ref)
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
            deck_text, read_problems = read_text(target, deck_shown)
            problems.extend(read_problems)
            if deck_text is not None:
                texts.append((deck.player, ref, deck_text))
        event = None if any(d.is_error for d in problems) else replace(event, deck_texts=tuple(texts))
    problems.sort(key=Diagnostic.sort_key)
    return Loaded(path, shown, text, event, tuple(problems), tuple(deck.ref for deck in refs))


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
