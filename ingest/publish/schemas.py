"""The JSON Schemas published with the site, under ``schema/``.

Every schema's ``$id`` is an address under the project's home (:data:`ingest.HOME`), which
publishes this repository's site, so ``https://.../schema/event.schema.json`` is the file
itself. A community's site publishes the schemas it validates with too (its own where the
project has them), so the editor hint ``new`` writes can point at the community's own
``site_url`` (:mod:`ingest.source.schema_hints`), and the JSON API's documents can be checked
against the schemas of the site that published them.
"""

from __future__ import annotations

from ingest.core.errors import IngestError
from ingest.source.project import Project, shipped
from ingest.source.storage import display_path, read_bytes

FOLDER = "schema"
"""Where the schemas are in the site (and in a project): ``schema/<name>.schema.json``."""

SUFFIX = ".schema.json"


def schema_names(project: Project) -> list[str]:
    """The names of the schemas the project validates with: the shipped ones and its own."""
    names = {p.name.removesuffix(SUFFIX) for p in shipped(FOLDER).glob(f"*{SUFFIX}")}
    own = project.root / FOLDER
    if own.is_dir():
        names |= {p.name.removesuffix(SUFFIX) for p in own.glob(f"*{SUFFIX}")}
    return sorted(names)


def schema_files(project: Project) -> dict[str, bytes]:
    """``schema/<name>.schema.json`` for every schema, as the project reads it (:meth:`Project.schema`).

    Raises:
        IngestError: a schema of the project cannot be read, or a symbolic link takes it out
            of the project folder (nothing from outside is published).
    """
    out: dict[str, bytes] = {}
    for name in schema_names(project):
        path = project.schema(name)
        if not path.exists() and not path.is_symlink():  # not one the project reads
            continue
        data, problems = read_bytes(path, display_path(path, project.root), within=project.within(path))
        if data is None:
            raise IngestError(problems)
        out[f"{FOLDER}/{name}{SUFFIX}"] = data
    return out
