"""A project's own files layered over the shipped ones, file by file.

A community project keeps only what it changes: its ``site_templates/event.md.j2``, its
``formats/mtg.yaml``, its ``schema/event.schema.json``, a preset or a catalog. Each such
folder is a :class:`SearchPath`, the project's folder first and the shipped one second (as
mkdocs looks for a theme's templates in ``theme.custom_dir`` first): a file is taken from the
first folder that has it, so the project's ``formats/mtg.yaml`` replaces Magic's formats
and every other game's file still comes from Scorekeeper.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class SearchPath:
    """Folders looked in for a file, in order; the first that has a file gives it."""

    folders: tuple[Path, ...]
    """The project's own folder first (it may not exist), then the shipped one."""

    @classmethod
    def of(cls, own: Path, default: Path) -> SearchPath:
        """The project's ``own`` folder over the shipped ``default`` (one folder when they are the same,
        as in a checkout of Scorekeeper itself)."""
        try:
            same = own.resolve() == default.resolve()
        except OSError:
            same = False
        return cls((default,) if same else (own, default))

    @property
    def own(self) -> Path | None:
        """The project's folder (None when the project is Scorekeeper's own checkout)."""
        return self.folders[0] if len(self.folders) > 1 else None

    @property
    def default(self) -> Path:
        """The shipped folder."""
        return self.folders[-1]

    def __iter__(self) -> Iterator[Path]:
        return iter(self.folders)

    def find(self, name: str) -> Path | None:
        """The file ``name`` (a path relative to the folders) from the first folder that has it."""
        for folder in self.folders:
            path = folder / name
            if path.is_file():
                return path
        return None

    def file(self, name: str) -> Path:
        """``name`` from the first folder that has it, else where the shipped folder would have it
        (so a message can name the missing file)."""
        return self.find(name) or self.default / name

    def files(self, pattern: str = "*", under: str = "") -> list[Path]:
        """The files of the folders ``under`` a subfolder matching ``pattern`` (one level), each
        name once, from the first folder that has it, sorted by name."""
        chosen: dict[str, Path] = {}
        for folder in self.folders:
            base = folder / under if under else folder
            if not base.is_dir():
                continue
            for path in base.glob(pattern):
                if path.is_file() or path.is_symlink():
                    chosen.setdefault(path.name, path)
        return [chosen[name] for name in sorted(chosen)]

    def below(self, sub: str) -> SearchPath:
        """The search path of a subfolder (``formats`` -> ``formats/archetypes``)."""
        return SearchPath(tuple(folder / sub for folder in self.folders))

    def all_files(self) -> list[tuple[str, Path]]:
        """Every file below the folders, by its path relative to them (``assets/x.js``), each once,
        from the first folder that has it, sorted (what a fingerprint of the folders covers)."""
        chosen: dict[str, Path] = {}
        for folder in self.folders:
            if not folder.is_dir():
                continue
            for path in folder.rglob("*"):
                if path.is_file():
                    chosen.setdefault(path.relative_to(folder).as_posix(), path)
        return sorted(chosen.items())
