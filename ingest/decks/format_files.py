"""Checking the format and archetype files (``formats/``) and turning them into their values.

The files are read like every project file (:func:`ingest.source.reading.read_document`) and
validated like event files (:func:`ingest.source.validation.check_document`: the same
messages, relevance and positions). The rules a schema cannot state (the game or format
matching the file name, every ``until`` after its ``since``, no card listed twice for
overlapping periods, unique aliases) are checked here on the parts the schema accepted, so
one run reports every problem of a file. Every problem is a positioned
:class:`~ingest.core.diagnostics.Diagnostic`; a file with an error is left out.

A project's formats and archetype rules are read here once per change
(:func:`format_registry`, :func:`load_archetype_book`: a project's file for a game or format
over the shipped one).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, error
from ingest.decks.archetypes import Archetype, ArchetypeBook
from ingest.decks.card_names import normalize_card_name
from ingest.decks.format_notes import Note
from ingest.decks.format_registry import FormatRegistry, format_from
from ingest.decks.format_rules import FormatRules
from ingest.source.layers import SearchPath
from ingest.source.project import Project
from ingest.source.reading import read_data_files, signature
from ingest.source.validation import Schema, check_document, load_schema
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

CODE = "format-file"
"""The code of a broken rule the schema cannot state (schema problems keep the schema's codes)."""

_LISTS = ("banned", "restricted", "banned_categories")
"""The dated lists of a format."""


class _Findings:
    """The problems of one file, positioned as they are found; skips what the schema refused."""

    def __init__(self, doc: SourceDocument, broken: frozenset[YamlPath]) -> None:
        self.doc = doc
        self.broken = broken
        self.out: list[Diagnostic] = []

    def held(self, path: YamlPath) -> bool:
        """Whether the schema accepted the value at ``path`` and what holds it (not what it holds)."""
        return not any(path[: len(b)] == b for b in self.broken)

    def accepted(self, path: YamlPath) -> bool:
        """Whether the schema accepted the value at ``path``, everything in it and what holds it."""
        return self.held(path) and not any(b[: len(path)] == path for b in self.broken)

    def err(self, path: YamlPath, message: str, hint: str) -> None:
        self.out.append(error(CODE, f"{format_path(path)}: {message}", self.doc.pos(path), hint))


def check_game_file(doc: SourceDocument, schema: Schema) -> tuple[Diagnostic, ...]:
    """Checks a game file (``formats/<game>.yaml``) against the schema and the rules it cannot state.

    Beyond the schema: the game id matches the file name, every ``until`` is after its
    ``since``, a card is not listed twice for overlapping periods, aliases are unique.
    """
    checked = check_document(doc, schema)
    found = _Findings(doc, checked.broken)
    data = doc.data
    if not isinstance(data, dict):
        return checked.diagnostics
    expected = Path(doc.path).stem
    if found.accepted(("game",)) and data.get("game") != expected:
        found.err(
            ("game",),
            f'game "{data["game"]}" does not match the file name ({expected}.yaml)',
            f"a game's formats live in formats/<game>.yaml: rename the file to {data['game']}.yaml or fix the id",
        )
    formats = data.get("formats")
    if isinstance(formats, dict):
        _check_formats(found, formats)
    return (*checked.diagnostics, *found.out)


def _check_formats(found: _Findings, formats: Mapping[str, Any]) -> None:
    aliased: dict[str, str] = {}
    for fid, spec in formats.items():
        path: YamlPath = ("formats", fid)
        if not isinstance(spec, dict) or not found.held(path):
            continue
        aliases = spec.get("aliases")
        if isinstance(aliases, list) and found.accepted((*path, "aliases")):
            for index, alias in enumerate(aliases):
                if alias in formats or alias in aliased:
                    known = "is a format's id" if alias in formats else f"is an alias of {aliased[alias]} already"
                    found.err((*path, "aliases", index), f'alias "{alias}" is already used', f"{alias} {known}")
                aliased.setdefault(alias, fid)
        for list_name in _LISTS:
            _check_list(found, (*path, list_name), spec.get(list_name))
        pool = spec.get("card_pool")
        if isinstance(pool, dict):
            _check_list(found, (*path, "card_pool", "sets"), pool.get("sets"), by_card=False)


def _check_period(found: _Findings, path: YamlPath, item: Mapping[str, Any]) -> None:
    since, until = item.get("since"), item.get("until")
    if since is not None and until is not None and until <= since:
        found.err(
            (*path, "until"),
            f"until ({until}) must be after since ({since})",
            "until is the first day the entry no longer applies; leave it out while it still does",
        )


def _check_list(found: _Findings, path: YamlPath, items: object, *, by_card: bool = True) -> None:
    """The entries of a dated list: each period in order and, ``by_card``, no card twice at once."""
    if not isinstance(items, list):
        return
    periods: dict[str, list[tuple[int, str, str]]] = {}
    for index, item in enumerate(items):
        if not found.accepted((*path, index)):
            continue
        _check_period(found, (*path, index), item)
        if not by_card:
            continue
        key = normalize_card_name(item["card"]) if "card" in item else str(item["id"])
        start, end = item.get("since") or "0000-00-00", item.get("until") or "9999-99-99"
        for other, other_start, other_end in periods.get(key, []):
            if start < other_end and other_start < end:
                found.err(
                    (*path, index),
                    f"this entry's period overlaps entry {other} for the same card",
                    f"end entry {other} (until:) on or before this entry's since: date, or merge the two",
                )
        periods.setdefault(key, []).append((index, start, end))


def registry_from_documents(
    docs: Iterable[SourceDocument], schema: Schema, unreadable: Iterable[str] = ()
) -> tuple[FormatRegistry, tuple[Diagnostic, ...]]:
    """Checks read game files and builds the registry from the valid ones.

    Args:
        docs: the game files as read; the stem of each file's name must be the game id.
        schema: ``format.schema.json``, loaded (:func:`ingest.source.validation.load_schema`).
        unreadable: names of game files that could not be read at all (their problems
            are reported by the caller); their games are :attr:`FormatRegistry.unreadable`.

    Returns:
        The registry (files with errors left out) and every problem found.
    """
    formats: dict[tuple[str, str], FormatRules] = {}
    aliases: dict[tuple[str, str], str] = {}
    notes: dict[str, tuple[Note, ...]] = {}
    problems: list[Diagnostic] = []
    broken = {Path(file).stem for file in unreadable}
    for doc in docs:
        found = check_game_file(doc, schema)
        problems.extend(found)
        if any(d.is_error for d in found):
            broken.add(Path(doc.path).stem)
            continue
        document = doc.data
        game = document["game"]
        if game in notes:
            problems.append(
                error(
                    CODE,
                    f"game: the game {game} is defined by another file too",
                    doc.pos(("game",)),
                    "keep one file per game",
                )
            )
            continue
        notes[game] = tuple(Note.from_data(n) for n in document.get("notes", ()))
        for fid, spec in document["formats"].items():
            formats[(game, fid)] = format_from(document, fid, spec)
            for alias in spec.get("aliases", ()):
                aliases[(game, alias)] = fid
    return FormatRegistry(formats, aliases, notes, frozenset(broken - set(notes))), tuple(problems)


def check_archetype_file(doc: SourceDocument, schema: Schema) -> tuple[Diagnostic, ...]:
    """Checks an archetype file (``formats/archetypes/<format>.yaml``): the schema, and the
    format id matching the file name."""
    checked = check_document(doc, schema)
    found = _Findings(doc, checked.broken)
    expected = Path(doc.path).stem
    if isinstance(doc.data, dict) and found.accepted(("format",)) and doc.data.get("format") != expected:
        fmt = doc.data["format"]
        found.err(
            ("format",),
            f'format "{fmt}" does not match the file name ({expected}.yaml)',
            f"a format's archetypes live in formats/archetypes/<format>.yaml: rename the file to {fmt}.yaml"
            " or fix the id",
        )
    return (*checked.diagnostics, *found.out)


def archetypes_from_documents(
    docs: Iterable[SourceDocument], schema: Schema
) -> tuple[ArchetypeBook, tuple[Diagnostic, ...]]:
    """Checks read archetype files and builds the book from the valid ones."""
    rules: dict[tuple[str, str], tuple[Archetype, ...]] = {}
    problems: list[Diagnostic] = []
    for doc in docs:
        found = check_archetype_file(doc, schema)
        problems.extend(found)
        if any(d.is_error for d in found):
            continue
        document = doc.data
        rules[(document["game"], document["format"])] = tuple(
            Archetype(a["name"], tuple(a.get("requires", ())), tuple(a.get("any_of", ())))
            for a in document["archetypes"]
        )
    return ArchetypeBook(rules), tuple(problems)


@functools.lru_cache(maxsize=8)
def _formats(
    formats: SearchPath, schema: Path, root: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[FormatRegistry, tuple[Diagnostic, ...]]:
    docs, unreadable, diags = read_data_files(formats.files("*.yaml"), root)
    registry, problems = registry_from_documents(docs, load_schema(schema), unreadable)
    return registry, (*diags, *problems)


@functools.lru_cache(maxsize=8)
def _archetypes(
    folders: SearchPath, root: Path, schema: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[ArchetypeBook | None, tuple[Diagnostic, ...]]:
    paths = folders.files("*.yaml")
    if not paths:
        return None, ()
    docs, _, diags = read_data_files(paths, root)
    book, problems = archetypes_from_documents(docs, load_schema(schema))
    return book, (*diags, *problems)


def load_archetype_book(project: Project) -> tuple[ArchetypeBook | None, list[Diagnostic]]:
    """Archetype rules from formats/archetypes/ (a project's file for a format over the shipped
    one), with positioned problems (read once per change)."""
    folders, schema = _resolved(project.archetypes), project.schema("archetypes").resolve()
    book, problems = _archetypes(folders, project.root.resolve(), schema, signature(*folders, schema))
    return book, list(problems)


def format_registry(project: Project) -> tuple[FormatRegistry, tuple[Diagnostic, ...]]:
    """The project's formats (read once) and any problem in the format files: a game's file from
    the project's ``formats/`` when it has one (``formats/mtg.yaml`` replaces Magic's formats),
    else the shipped one."""
    folders, schema = _resolved(project.formats), project.schema("format").resolve()
    return _formats(folders, schema, project.root.resolve(), signature(*folders, schema))


def _resolved(layers: SearchPath) -> SearchPath:
    return SearchPath(tuple(folder.resolve() for folder in layers))
