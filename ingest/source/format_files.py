"""Reading and checking the format and archetype files (``formats/``) into their values.

Every file goes through the project's one reading path (:mod:`ingest.source.storage`, the
YAML limits of :mod:`ingest.source.yamldoc`, the schema validator of
:mod:`ingest.source.validation`); the rules a schema cannot state (dates in order, no card
listed twice for overlapping periods, unique aliases, the game matching the file name) are
checked here. Problems are `FormatProblem` data (file and YAML path); the pipeline adds
line and column.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match, relevance

from ingest.decks.archetypes import Archetype, ArchetypeBook
from ingest.decks.decklist import normalize_card_name
from ingest.decks.formats import FormatRegistry, FormatRules, format_from
from ingest.source.yamldoc import parse_yaml


@dataclass(frozen=True, slots=True)
class FormatProblem:
    """A problem in a format or archetype file."""

    file: str
    """The file, as the caller named it."""
    path: tuple[str | int, ...]
    """Path of the bad value inside the YAML document (keys and list indexes)."""
    message: str
    """What is wrong, in words a tournament organizer understands."""
    code: str = "schema"
    """Stable code: ``yaml``, ``schema``, ``dates``, ``duplicate``, ``file-name``."""
    line: int | None = None
    """1-based line, only where the YAML parser gave one (syntax errors)."""
    column: int | None = None
    """1-based column, only where the YAML parser gave one."""

    @property
    def where(self) -> str:
        """The path as text, e.g. ``formats.modern.banned[3].since``."""
        out = ""
        for step in self.path:
            out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
        return out or "(document)"

    def __str__(self) -> str:
        position = f":{self.line}:{self.column}" if self.line is not None else ""
        return f"{self.file}{position}: error[{self.code}]: {self.where}: {self.message}"


def parse_yaml_text(text: str, file: str) -> tuple[object, tuple[FormatProblem, ...]]:
    """Parses YAML text through the project's one reading path (:func:`ingest.source.yamldoc.parse_yaml`).

    No object tags; the node, depth and alias limits apply; dates stay ISO strings.

    Returns:
        The document (None on any problem) and the problems, positioned.
    """
    doc, found = parse_yaml(text, file)
    problems = tuple(
        FormatProblem(file, (), p.message, "yaml" if p.code.startswith("yaml") else p.code, p.pos.line, p.pos.col)
        for p in found
    )
    return (doc.data if doc is not None and not problems else None), problems


def _read(path: Path, name: str) -> tuple[object, tuple[FormatProblem, ...]]:
    """Reads and parses one data file through the one reading path (size limit included)."""
    from ingest.source.storage import read_text

    text, found = read_text(path, name)
    if text is None:
        return None, tuple(FormatProblem(name, (), p.message, p.code, p.pos.line, p.pos.col) for p in found)
    return parse_yaml_text(text, name)


def _schema_message(error: ValidationError) -> str:
    """Rewrites the commonest schema errors in plain words."""
    if error.validator == "required":
        missing = [k for k in error.validator_value if isinstance(error.instance, dict) and k not in error.instance]
        return f'"{missing[0]}" is required here' if missing else str(error.message)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in error.instance if k not in allowed)
        expected = ", ".join(sorted(allowed))
        return f'unknown field "{extra[0]}"; expected one of: {expected}' if extra else error.message
    if error.validator == "enum":
        expected = ", ".join(map(str, error.validator_value))
        return f"{json.dumps(error.instance)} is not one of: {expected}"
    if error.validator == "format" and error.validator_value == "date":
        return f'"{error.instance}" is not a date; write it as YYYY-MM-DD'
    if error.validator in ("oneOf", "anyOf") and error.context:
        # Prefer the branch the value was meant for: a string that is not a date is
        # better told "not a date" than "not null".
        meant = [e for e in error.context if e.validator != "type"] or error.context
        return _schema_message(best_match(meant))
    return str(error.message)


def _schema_problems(document: object, schema: Mapping[str, Any], file: str) -> list[FormatProblem]:
    from ingest.source.validation import SchemaValidator  # patterns match whole values, as in event files

    validator = SchemaValidator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    problems: dict[tuple[str | int, ...], FormatProblem] = {}
    for error in sorted(validator.iter_errors(document), key=relevance, reverse=True):
        path = tuple(error.absolute_path)
        problems.setdefault(path, FormatProblem(file, path, _schema_message(error)))
    return sorted(problems.values(), key=lambda p: [str(s) for s in p.path])


def validate_format_document(
    document: object, schema: Mapping[str, Any], file: str, *, expected_game: str | None = None
) -> tuple[FormatProblem, ...]:
    """Checks a parsed game file against the schema and the rules the schema cannot state.

    Beyond the schema: the game id matches the file name, every ``until`` is after its
    ``since``, a card is not listed twice for overlapping periods, aliases are unique.
    """
    problems = _schema_problems(document, schema, file)
    if problems or not isinstance(document, dict):
        return tuple(problems)
    if expected_game is not None and document["game"] != expected_game:
        problems.append(
            FormatProblem(
                file,
                ("game",),
                f'game "{document["game"]}" does not match the file name ({expected_game}.yaml)',
                "file-name",
            )
        )
    seen_ids: dict[str, str] = {}
    for fid, spec in document["formats"].items():
        for alias in spec.get("aliases", []):
            if alias in document["formats"] or alias in seen_ids:
                problems.append(
                    FormatProblem(
                        file,
                        ("formats", fid, "aliases"),
                        f'alias "{alias}" is already used',
                        "duplicate",
                    )
                )
            seen_ids[alias] = fid
        for list_name in ("banned", "restricted", "banned_categories"):
            problems.extend(_list_problems(file, ("formats", fid, list_name), spec.get(list_name, [])))
        for index, item in enumerate(spec.get("card_pool", {}).get("sets", [])):
            problems.extend(_period_problems(file, ("formats", fid, "card_pool", "sets", index), item))
    return tuple(problems)


def _period_problems(file: str, path: tuple[str | int, ...], item: Mapping[str, Any]) -> list[FormatProblem]:
    since, until = item.get("since"), item.get("until")
    if since is not None and until is not None and until <= since:
        return [FormatProblem(file, (*path, "until"), f"until ({until}) must be after since ({since})", "dates")]
    return []


def _list_problems(file: str, path: tuple[str | int, ...], items: Sequence[Mapping[str, Any]]) -> list[FormatProblem]:
    problems: list[FormatProblem] = []
    periods: dict[str, list[tuple[int, str, str]]] = {}
    for index, item in enumerate(items):
        problems.extend(_period_problems(file, (*path, index), item))
        key = normalize_card_name(item["card"]) if "card" in item else str(item["id"])
        start, end = item.get("since") or "0000-00-00", item.get("until") or "9999-99-99"
        for other, other_start, other_end in periods.get(key, []):
            if start < other_end and other_start < end:
                problems.append(
                    FormatProblem(
                        file,
                        (*path, index),
                        f"this entry's period overlaps entry {other} for the same card",
                        "duplicate",
                    )
                )
        periods.setdefault(key, []).append((index, start, end))
    return problems


def registry_from_documents(
    documents: Iterable[tuple[str, object]], schema: Mapping[str, Any], unreadable: Iterable[str] = ()
) -> tuple[FormatRegistry, tuple[FormatProblem, ...]]:
    """Validates parsed game files and builds the registry from the valid ones.

    Args:
        documents: ``(file name, parsed YAML)`` pairs; the stem of the file name must be
            the game id.
        schema: The parsed ``format.schema.json``.
        unreadable: names of game files that could not be read at all (their problems
            are reported by the caller); their games are :attr:`FormatRegistry.unreadable`.

    Returns:
        The registry (invalid files left out) and every problem found.
    """
    formats: dict[tuple[str, str], FormatRules] = {}
    aliases: dict[tuple[str, str], str] = {}
    notes: dict[str, tuple[str, ...]] = {}
    problems: list[FormatProblem] = []
    broken = {Path(file).stem for file in unreadable}
    for file, document in documents:
        found = validate_format_document(document, schema, file, expected_game=Path(file).stem)
        problems.extend(found)
        if found or not isinstance(document, dict):
            broken.add(Path(file).stem)
            continue
        game = document["game"]
        if any(g == game for g, _ in formats):
            problems.append(FormatProblem(file, ("game",), f"game {game} is defined by another file too", "duplicate"))
            continue
        notes[game] = tuple(document.get("notes", ()))
        for fid, spec in document["formats"].items():
            formats[(game, fid)] = format_from(document, fid, spec)
            for alias in spec.get("aliases", ()):
                aliases[(game, alias)] = fid
    return FormatRegistry(formats, aliases, notes, frozenset(broken - {g for g, _ in formats})), tuple(problems)


def load_formats(directory: Path, schema_path: Path) -> tuple[FormatRegistry, tuple[FormatProblem, ...]]:
    """Reads every ``<game>.yaml`` in a directory and the format schema (the only I/O here).

    Returns:
        The registry and every problem found (file names relative to ``directory``'s parent).
    """
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    documents: list[tuple[str, object]] = []
    problems: list[FormatProblem] = []
    unreadable: list[str] = []
    for path in sorted(directory.glob("*.yaml")):
        name = f"{directory.name}/{path.name}"
        document, found = _read(path, name)
        problems.extend(found)
        if found:
            unreadable.append(name)
        else:
            documents.append((name, document))
    registry, more = registry_from_documents(documents, schema, unreadable)
    return registry, (*problems, *more)


def archetypes_from_documents(
    documents: Iterable[tuple[str, object]], schema: Mapping[str, Any]
) -> tuple[ArchetypeBook, tuple[FormatProblem, ...]]:
    """Validates parsed archetype files (``<format>.yaml``) and builds the book."""
    rules: dict[tuple[str, str], tuple[Archetype, ...]] = {}
    problems: list[FormatProblem] = []
    for file, document in documents:
        found = _schema_problems(document, schema, file)
        if not found and isinstance(document, dict) and document["format"] != Path(file).stem:
            found.append(
                FormatProblem(
                    file,
                    ("format",),
                    f'format "{document["format"]}" does not match the file name ({Path(file).stem}.yaml)',
                    "file-name",
                )
            )
        problems.extend(found)
        if found or not isinstance(document, dict):
            continue
        rules[(document["game"], document["format"])] = tuple(
            Archetype(a["name"], tuple(a.get("requires", ())), tuple(a.get("any_of", ())))
            for a in document["archetypes"]
        )
    return ArchetypeBook(rules), tuple(problems)


def load_archetypes(directory: Path, schema_path: Path) -> tuple[ArchetypeBook, tuple[FormatProblem, ...]]:
    """Reads every archetype file in a directory and the archetype schema (the only I/O here)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    documents: list[tuple[str, object]] = []
    problems: list[FormatProblem] = []
    for path in sorted(directory.glob("*.yaml")):
        name = f"{directory.parent.name}/{directory.name}/{path.name}"
        document, found = _read(path, name)
        problems.extend(found)
        if not found:
            documents.append((name, document))
    book, more = archetypes_from_documents(documents, schema)
    return book, (*problems, *more)
