"""Where a Scorekeeper project keeps its files.

A project is a folder (usually a git repository) with ``events/``, ``formats/``,
``site_templates/``, ``schema/``, ``players.yaml`` and ``mkdocs.yml``. Folders the
project does not have (``schema/``, ``formats/``, ``site_templates/``) fall back to the
ones shipped next to the ``ingest`` package, so a community repository only needs what
it changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

_SHIPPED = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, slots=True)
class Project:
    """Paths of one project."""

    root: Path
    """The project folder."""

    @classmethod
    def find(cls, start: Path | None = None) -> Project:
        """The nearest folder at or above ``start`` that has ``mkdocs.yml`` or ``events/``."""
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / "mkdocs.yml").is_file() or (folder / "events").is_dir():
                return cls(folder)
        return cls(here)

    def _dir(self, name: str) -> Path:
        own = self.root / name
        return own if own.is_dir() else _SHIPPED / name

    @property
    def events_dir(self) -> Path:
        """Event files: ``events/<year>/<date>-<slug>.yaml``."""
        return self.root / "events"

    @property
    def schema_dir(self) -> Path:
        """JSON Schemas."""
        return self._dir("schema")

    @property
    def formats_dir(self) -> Path:
        """Format definitions."""
        return self._dir("formats")

    @property
    def templates_dir(self) -> Path:
        """Jinja2 page templates."""
        return self._dir("site_templates")

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
        own, shipped = self.root / "presets", _SHIPPED / "presets"
        return (own,) if own.resolve() == shipped.resolve() else (own, shipped)

    @property
    def mkdocs_file(self) -> Path:
        """The site configuration."""
        own = self.root / "mkdocs.yml"
        return own if own.is_file() else _SHIPPED / "mkdocs.yml"

    @property
    def build_dir(self) -> Path:
        """Generated output (never committed)."""
        return self.root / "build"

    def schema(self, name: str) -> Path:
        """Path of ``schema/<name>.schema.json``."""
        return self.schema_dir / f"{name}.schema.json"
