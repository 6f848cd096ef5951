"""Where a Scorekeeper project keeps its files.

A project is a folder (usually a git repository) with ``events/``, ``formats/``,
``site_templates/``, ``schema/``, ``players.yaml`` and ``mkdocs.yml``. The shipped defaults
are layered under the project's files, file by file (:class:`~ingest.source.layers.SearchPath`):
a template, format file, schema, preset or catalog the project does not have comes from the
package, so a community repository only needs what it changes (its ``mkdocs.yml`` is
layered over the shipped one setting by setting: :mod:`ingest.source.site_layers`).

The defaults are the repository's own top-level folders: a wheel carries them as package
data under ``ingest/_shipped/`` (``pyproject.toml`` maps them there), read through
:mod:`importlib.resources`; a source checkout (``pip install -e .``) reads them where they
are.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from ingest.source.layers import SearchPath
from ingest.source.storage import is_inside


def shipped(name: str) -> Path:
    """Path of a shipped default: ``schema``, ``formats``, ``site_templates``, ``presets``, ``locales``,
    ``theme`` (the engines' page templates, under a project's ``theme.custom_dir``) or ``mkdocs.yml``."""
    packaged = files("ingest") / "_shipped" / name
    if packaged.is_dir() or packaged.is_file():
        # Installed packages are unpacked on disk (pip never installs a zipped wheel).
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / name


@dataclass(frozen=True, slots=True)
class Project:
    """Paths of one project."""

    root: Path
    """The project folder."""

    site_url: str = ""
    """The site's address given for this build (``build --site-url``, e.g. from GitHub's
    ``configure-pages``), in place of ``mkdocs.yml``'s ``site_url``; empty: mkdocs.yml's."""

    @classmethod
    def find(cls, start: Path | None = None) -> Project:
        """The nearest folder at or above ``start`` that has ``mkdocs.yml`` or ``events/``."""
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / "mkdocs.yml").is_file() or (folder / "events").is_dir():
                return cls(folder)
        return cls(here)

    def _layers(self, name: str) -> SearchPath:
        return SearchPath.of(self.root / name, shipped(name))

    @property
    def events_dir(self) -> Path:
        """Event files: ``events/<year>/<date>-<slug>.yaml``."""
        return self.root / "events"

    @property
    def schemas(self) -> SearchPath:
        """JSON Schemas: the project's ``schema/``, then the shipped ones."""
        return self._layers("schema")

    @property
    def formats(self) -> SearchPath:
        """Format definitions, one file per game: the project's ``formats/``, then the shipped ones."""
        return self._layers("formats")

    @property
    def archetypes(self) -> SearchPath:
        """Archetype rules, one file per format: the project's ``formats/archetypes/``, then the shipped ones."""
        return self.formats.below("archetypes")

    @property
    def templates(self) -> SearchPath:
        """Jinja2 page templates and assets: the project's ``site_templates/``, then the shipped ones."""
        return self._layers("site_templates")

    @property
    def players_file(self) -> Path:
        """The registry of players across events."""
        return self.root / "players.yaml"

    @property
    def seasons_dir(self) -> Path:
        """Season files: ``seasons/<id>.yaml``."""
        return self.root / "seasons"

    @property
    def presets_dirs(self) -> tuple[Path, ...]:
        """Season presets: the project's own ``presets/``, then the shipped ones (an own
        preset replaces a shipped one of the same id)."""
        return self._layers("presets").folders

    @property
    def locales_dirs(self) -> tuple[Path, ...]:
        """Message catalogs: the project's own ``locales/``, then the shipped ones."""
        return self._layers("locales").folders

    @property
    def mkdocs_file(self) -> Path:
        """The site configuration."""
        own = self.root / "mkdocs.yml"
        return own if own.is_file() else shipped("mkdocs.yml")

    @property
    def build_dir(self) -> Path:
        """Generated output (never committed)."""
        return self.root / "build"

    def within(self, path: Path) -> Path | None:
        """The folder a file the project reads must stay in: the project folder for one of
        the project's own files (named inside it), None for a shipped default or a file
        named elsewhere on the command line. A project file that a symbolic link takes
        outside the project is refused (``read_text(..., within=...)``), as a decklist
        reference that leaves its event's folder is."""
        return self.root if is_inside(path, self.root) else None

    def schema(self, name: str) -> Path:
        """Path of ``schema/<name>.schema.json``: the project's own, else the shipped one."""
        return self.schemas.file(f"{name}.schema.json")
