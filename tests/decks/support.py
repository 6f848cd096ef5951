"""Shared helpers for the deck tests.

Golden files: every ``data/<case>.txt`` is a decklist whose first comment lines say
what to check it against (``# game:``, ``# format:``, ``# on:``, optionally
``# card-data:``). ``data/<case>.expected.txt`` holds the exact verdict text. A
``.team.txt`` case holds several decks, each after a ``=== <label>`` line, and is checked
with Unified Deck Construction.

To regenerate the expected files after a deliberate change, run
``pytest --regen-all`` (as for every golden file) and review the diff like code.
"""

from __future__ import annotations

import json
import re
from datetime import date
from functools import cache
from pathlib import Path

from ingest.decks.archetypes import ArchetypeBook
from ingest.decks.card_data import CardData
from ingest.decks.decklist import Decklist, parse_decklist_text
from ingest.decks.format_files import format_registry, load_archetype_book, registry_from_documents
from ingest.decks.format_registry import FormatRegistry
from ingest.decks.legality import check_deck, check_team
from ingest.source.project import Project
from ingest.source.validation import Schema, load_schema
from ingest.source.yamldoc import SourceDocument, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
_META = re.compile(r"^# ([a-z-]+): (.*)$")


@cache
def registry() -> FormatRegistry:
    """The registry built from the repository's ``formats/`` as every command reads it (must load cleanly)."""
    loaded, problems = format_registry(Project(ROOT))
    assert problems == ()
    return loaded


@cache
def archetypes() -> ArchetypeBook:
    """The archetype book built from ``formats/archetypes/`` as every command reads it."""
    book, problems = load_archetype_book(Project(ROOT))
    assert problems == [] and book is not None
    return book


def schema(name: str) -> Schema:
    """``schema/<name>.schema.json``, loaded as the project loads it."""
    return load_schema(ROOT / "schema" / f"{name}.schema.json")


def document(text: str, name: str = "formats/mtg.yaml") -> SourceDocument:
    """YAML text read as every project file is (it must read cleanly)."""
    doc, problems = parse_yaml(text, name)
    assert problems == [] and doc is not None, problems
    return doc


def registry_from_text(text: str, name: str = "formats/mtg.yaml") -> FormatRegistry:
    """The registry of one game file written in a test (it must be valid)."""
    built, problems = registry_from_documents([document(text, name)], schema("format"))
    assert problems == (), problems
    return built


@cache
def card_data(name: str) -> CardData:
    """A card-data fixture from ``data/``."""
    return CardData.from_json(json.loads((DATA / name).read_text(encoding="utf-8")))


def case_meta(text: str) -> dict[str, str]:
    """The ``# key: value`` lines at the top of a golden case."""
    meta: dict[str, str] = {}
    for line in text.splitlines():
        match = _META.match(line)
        if match is None:
            break
        meta[match[1]] = match[2].strip()
    return meta


def render_case(path: Path) -> str:
    """The verdict text of one golden case, as the ``.expected.txt`` file holds it."""
    text = path.read_text(encoding="utf-8")
    meta = case_meta(text)
    rules = registry().get(meta["game"], meta["format"])
    on = date.fromisoformat(meta["on"])
    data = card_data(meta["card-data"]) if "card-data" in meta else None
    lines: list[str] = []
    if path.name.endswith(".team.txt"):
        parts = re.split(r"^=== (.+)$", text, flags=re.MULTILINE)
        decks = {label.strip(): Decklist.parse(body) for label, body in zip(parts[1::2], parts[2::2], strict=True)}
        for label, deck in decks.items():
            for line in check_deck(deck, rules, on=on, card_data=data).lines():
                lines.append(f"{label}: {line}")
        verdict = check_team(decks, rules, card_data=data)
        legal = verdict.is_legal and not any(": error[" in line for line in lines)
        lines.extend(verdict.lines())
    else:
        deck, errors = parse_decklist_text(text)
        lines.extend(f"parse-error: {error}" for error in errors)
        verdict = check_deck(deck, rules, on=on, card_data=data)
        legal = verdict.is_legal and not errors
        lines.extend(verdict.lines())
    return "\n".join(["legal" if legal else "illegal", *lines]) + "\n"
