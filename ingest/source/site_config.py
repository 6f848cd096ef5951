"""The site configuration (``mkdocs.yml``), read once per change.

It takes the one reading path (:func:`ingest.source.reading.read_document`); every problem
is a positioned diagnostic (the card-data files it names are the decks' to read:
:mod:`ingest.decks.card_files`). Only the values Scorekeeper reads from ``mkdocs.yml``
are checked here: the site engine checks the rest.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, error
from ingest.source.league_config import LeagueSettings, league_problems, settings_from
from ingest.source.project import Project
from ingest.source.reading import read_document, signature
from ingest.source.site_checks import named_files_checks, site_checks
from ingest.source.storage import display_path
from ingest.source.yamldoc import SourceDocument


@functools.lru_cache(maxsize=8)
def site_document_at(
    config: Path, root: Path, _signature: tuple[tuple[str, int, int], ...]
) -> tuple[SourceDocument | None, tuple[Diagnostic, ...]]:
    """The site configuration ``config`` of the project folder ``root`` as read (once per
    ``_signature``, :func:`~ingest.source.reading.signature`), and its problems."""
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
    return site_document_at(config, project.root.resolve(), signature(config))


def config_document(config: Path) -> tuple[SourceDocument | None, tuple[Diagnostic, ...]]:
    """A site configuration file read as :func:`site_document` reads the project's (the shipped
    ``mkdocs.yml``, which a project's is layered over: :mod:`ingest.source.site_layers`)."""
    named = config.absolute()
    return site_document_at(named, named.parent.resolve(), signature(named))


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
