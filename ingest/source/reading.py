"""The one reading path every project file takes: a YAML file read and parsed with its
positions (:func:`read_document`), the data files a search path finds, the signature that
keys what is read once per change, and ``players.yaml`` checked into its registry.

Everything here reads and checks one file at a time against its schema; nothing asks the
compute packages (an event file checked against the project's formats and decklist files
is :mod:`ingest.checks.event_files`' work).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

from ingest.core.diagnostics import Diagnostic
from ingest.source.players import PlayerRegistry, registry_from
from ingest.source.project import Project
from ingest.source.storage import MAX_FILE_BYTES, display_path, is_inside, read_text
from ingest.source.storage import signature as signature  # where the readers of data files find it
from ingest.source.validation import load_schema, validate_document
from ingest.source.yamldoc import SourceDocument, parse_yaml


def read_document(
    path: Path, shown: str, *, config: bool = False, limit: int = MAX_FILE_BYTES, within: Path | None = None
) -> tuple[SourceDocument | None, list[Diagnostic]]:
    """Reads and parses one YAML file: the one reading path every project file takes.

    The size limit, encoding check, node, depth and alias limits, merge cycles, tags and
    text checks all apply (:func:`ingest.source.storage.read_text`, :func:`ingest.source.yamldoc.parse_yaml`);
    every problem is a positioned diagnostic. ``config``: the site engine's configuration,
    whose own tags are read as empty values (:attr:`~ingest.source.yamldoc.SourceDocument.tags`
    says which). ``within``: the project folder, for a project file (a symbolic link out of
    it is refused, :func:`~ingest.source.storage.read_bytes`).
    """
    text, problems = read_text(path, shown, limit=limit, within=within)
    if text is None:
        return None, problems
    return parse_yaml(text, shown, config=config)


def read_data_files(paths: Iterable[Path], root: Path) -> tuple[list[SourceDocument], list[str], list[Diagnostic]]:
    """Data files (the ``*.yaml`` a :class:`~ingest.source.layers.SearchPath` finds), read
    through :func:`read_document`: a project's own file is held to the project folder, a
    shipped one is not the project's.

    Returns the documents read, the names (as diagnostics show them) of the files that could
    not be, and the problems found while reading. A file with any problem is left out.
    """
    docs: list[SourceDocument] = []
    unreadable: list[str] = []
    diags: list[Diagnostic] = []
    for path in paths:
        within = root if is_inside(path, root) else None  # the shipped defaults are not the project's
        shown = display_path(path, root)
        doc, problems = read_document(path, shown, within=within)
        diags += problems
        if doc is not None and not problems:
            docs.append(doc)
        else:
            unreadable.append(shown)
    return docs, unreadable, diags


def load_players(project: Project) -> tuple[PlayerRegistry, list[Diagnostic]]:
    """players.yaml, checked (an absent file is an empty registry).

    Read through the one reading path every time; parsed again only when its text (or the
    schema) changed, since ``serve`` asks for it at every build.
    """
    path = project.players_file
    if not path.exists():
        return PlayerRegistry(), []
    shown = display_path(path, project.root)
    text, problems = read_text(path, shown, within=project.root)
    if text is None:
        return PlayerRegistry(), problems
    registry, found = _players(text, shown, project.schema("players").resolve())
    return registry, list(found)


def players_from_text(text: str, shown: str, project: Project) -> tuple[PlayerRegistry, tuple[Diagnostic, ...]]:
    """A ``players.yaml`` text, checked as :func:`load_players` checks the file (an edit's new text)."""
    return _players(text, shown, project.schema("players").resolve())


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
