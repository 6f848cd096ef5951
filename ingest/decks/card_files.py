"""The card-data files the site configuration names (``extra.scorekeeper.card_data`` in
``mkdocs.yml``, by game), read once per change into :class:`~ingest.decks.card_data.CardData`.

Each is read through the bounded reader of :mod:`ingest.source.storage` (held to the project
folder); every problem is a positioned diagnostic, at the configuration's value or in the
file itself for bad JSON.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.decks.card_data import CardData, CardDataError
from ingest.source.project import Project
from ingest.source.reading import signature
from ingest.source.site_checks import contained_problem
from ingest.source.site_config import site_document_at
from ingest.source.storage import decode_utf8, display_path, read_bytes
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

MAX_CARD_DATA_BYTES = 256 * 1024 * 1024
"""Largest card-data file accepted. Card data is the one file larger than an event file
may be: Scryfall's Oracle bulk file, which the README points to, is about 160 MB. It
is read through the same bounded reader, so ``/dev/zero`` or a 10 GB file is refused."""

CARD_DATA_KEY = ("extra", "scorekeeper", "card_data")
"""Where the site configuration names card-data files, by game."""


def _card_data_problem(doc: SourceDocument, path: YamlPath, message: str, hint: str = "") -> Diagnostic:
    return error(
        "card-data",
        f"{format_path(path)}: {message}",
        doc.pos(path),
        hint or "give a Scryfall or MTGJSON bulk file inside the project folder, e.g. data/cards.json",
    )


def _read_card_data(
    doc: SourceDocument, path: YamlPath, ref: str, root: Path
) -> tuple[CardData | None, list[Diagnostic]]:
    """One card-data file named in the configuration: contained, bounded, parsed."""
    problem = contained_problem(root, ref)
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
    doc, _ = site_document_at(config, root, config_signature)
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
    config = project.mkdocs_file.absolute()
    root = project.root.resolve()
    found, diags = _card_data(config, root, signature(config), _card_signature(config, root))
    return dict(found), diags


def _card_signature(config: Path, root: Path) -> tuple[tuple[str, int, int], ...]:
    """Names, times and sizes of the card-data files the configuration names (for the cache key)."""
    doc, _ = site_document_at(config, root, signature(config))
    extra = doc.data.get("extra") if doc is not None else None
    section = extra.get("scorekeeper") if isinstance(extra, dict) else None
    paths = section.get("card_data") if isinstance(section, dict) else None
    if not isinstance(paths, dict):
        return ()
    refs = [
        root / ref for ref in paths.values() if isinstance(ref, str) and ref and contained_problem(root, ref) is None
    ]
    return signature(*(p for p in refs if p.is_file()))


def card_data_files(project: Project) -> tuple[Path, ...]:
    """The card-data files mkdocs.yml names (for the build cache's key)."""
    config, root = project.mkdocs_file.absolute(), project.root.resolve()
    return tuple(Path(name) for name, _, _ in _card_signature(config, root))
