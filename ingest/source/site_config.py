"""The site configuration (``mkdocs.yml``) and the card-data files it names, read once per change.

Both take the one reading path (:func:`ingest.source.reading.read_document` for the
configuration, the bounded reader of :mod:`ingest.source.storage` for card data); every
problem is a positioned diagnostic. Only the values Scorekeeper reads from ``mkdocs.yml``
are checked here: the site engine checks the rest.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.decks.card_data import CardData, CardDataError
from ingest.source.league_config import LeagueSettings, league_problems, settings_from
from ingest.source.project import Project
from ingest.source.reading import read_document, signature
from ingest.source.site_checks import contained_problem, named_files_checks, site_checks
from ingest.source.storage import decode_utf8, display_path, read_bytes
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

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
    # ``config`` as named (not resolved): the project's own mkdocs.yml may not be a link out of
    # its folder (the shipped one is a file of the package).
    doc, problems = read_document(config, display_path(config, root), config=True, within=config.parent)
    if doc is not None and isinstance(doc.data, dict):
        problems += site_checks(doc, root)
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
    """``mkdocs.yml`` read through the one reading path (read once per change), and its problems
    (:func:`ingest.source.site_checks.site_checks` included)."""
    config = project.mkdocs_file.absolute()
    return _site_document(config, project.root.resolve(), signature(config))


def config_document(config: Path) -> tuple[SourceDocument | None, tuple[Diagnostic, ...]]:
    """A site configuration file read as :func:`site_document` reads the project's (the shipped
    ``mkdocs.yml``, which a project's is layered over: :mod:`ingest.source.site_layers`)."""
    named = config.absolute()
    return _site_document(named, named.parent.resolve(), signature(named))


def site_config(config: Path) -> dict[str, Any]:
    """mkdocs.yml as plain data, for the few values Scorekeeper reads from it.

    Read through the one reading path (limits included); a missing or unreadable file, or
    one with any error (:func:`site_config_diagnostics` reports them, and ``build`` stops on
    them), is an empty configuration here: every value it would give takes its default.
    """
    doc, problems = config_document(config)
    if doc is None or any(p.is_error for p in problems):
        return {}
    data: dict[str, Any] = doc.data
    return data


def site_config_diagnostics(project: Project) -> list[Diagnostic]:
    """Problems of ``mkdocs.yml`` (:mod:`ingest.source.site_checks`: what it asks of the site
    engine, the values Scorekeeper reads from it) and of the files it names (the message
    catalog of its language, the theme overrides)."""
    doc, problems = site_document(project)
    out = list(problems)
    if doc is None:
        return out
    return out + league_problems(doc) + named_files_checks(doc, project.root, project.locales_dirs)


def league_settings(project: Project) -> LeagueSettings | None:
    """The project's league setting (``extra.scorekeeper.league``; :mod:`ingest.source.league_config`),
    None when it has none or the setting has a problem."""
    return settings_from(site_config(project.mkdocs_file))


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
    config = project.mkdocs_file.absolute()
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
    refs = [
        root / ref for ref in paths.values() if isinstance(ref, str) and ref and contained_problem(root, ref) is None
    ]
    return signature(*(p for p in refs if p.is_file()))


def card_data_files(project: Project) -> tuple[Path, ...]:
    """The card-data files mkdocs.yml names (for the build cache's key)."""
    config, root = project.mkdocs_file.absolute(), project.root.resolve()
    return tuple(Path(name) for name, _, _ in _card_signature(config, root))
