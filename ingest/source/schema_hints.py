"""The editor's schema hint at the top of a file Scorekeeper writes
(``# yaml-language-server: $schema=...``): VS Code and other editors with the YAML language
server complete and check the file's fields from it.

A project with the schema of its own (``schema/event.schema.json``) gets a relative path to it.
A project without (the usual case: the schemas come with the package) gets an address where
the schema is published: the project's own site when ``mkdocs.yml`` gives its ``site_url``
(every build publishes the schemas under ``schema/``, :mod:`ingest.publish.schemas`), else the
project's canonical home (:data:`ingest.HOME`), where every schema's ``$id`` resolves. Nothing
here or in validation fetches anything: only the editor does.
"""

from __future__ import annotations

import os
from pathlib import Path

from ingest import HOME
from ingest.source.project import Project
from ingest.source.site_address import WEB_ADDRESS
from ingest.source.site_config import site_config

HINT = "# yaml-language-server: $schema={schema}"
"""The first line of a file that names its schema for the editor."""


def schema_hint(project: Project, name: str, folder: Path, site_url: str | None = None) -> str:
    """Where the editor finds schema ``name`` (``event``, ``players``) for a file written into
    ``folder``; ``site_url``: the site's address in place of mkdocs.yml's (``init`` writes both).

    >>> from pathlib import Path
    >>> schema_hint(Project(Path("/nowhere/club")), "event", Path("/nowhere/club/events/2026"))
    'https://tcg-scorekeeper.github.io/scorekeeper/schema/event.schema.json'
    """
    schema = project.schema(name).resolve()
    root = project.root.resolve()
    if schema.is_relative_to(root):
        return Path(os.path.relpath(schema, folder.resolve())).as_posix()
    site = site_config(project.mkdocs_file).get("site_url") if site_url is None else site_url
    base = site if isinstance(site, str) and WEB_ADDRESS.fullmatch(site) else HOME  # ("": none)
    return f"{base.rstrip('/')}/schema/{name}.schema.json"


def hint_line(project: Project, name: str, folder: Path) -> str:
    """The hint's line (no line break) for a file written into ``folder``."""
    return HINT.format(schema=schema_hint(project, name, folder))
