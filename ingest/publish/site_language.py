"""The site's language read from the project: its catalog found in the project's ``locales/``
over the shipped one, read and compiled into the :class:`~ingest.site.i18n.Language` the
site's pages are made in (:mod:`ingest.site.i18n`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from ingest.site.i18n import DEFAULT, ENGLISH, Language, compiled
from ingest.source.catalog_files import catalog_file, read_catalog
from ingest.source.project import Project, shipped


def locale_dirs(project_root: Path | None = None) -> tuple[Path, ...]:
    """Where catalogs are looked for: the project's own ``locales/``, then the shipped one."""
    if project_root is None:
        return (shipped("locales"),)
    return Project(project_root).locales_dirs


def catalog_path(code: str, dirs: Sequence[Path] | None = None) -> Path | None:
    """The ``.po`` file of a language (``ja.po``, ``pt_BR.po`` or ``pt-BR.po``), or None (also
    when ``code`` is not a language code: it never names a path)."""
    return catalog_file(code, dirs if dirs is not None else locale_dirs())


def read_language(code: str | None, dirs: Sequence[Path] | None = None) -> Language:
    """The language ``code`` with its catalog from ``dirs`` (the project's ``locales/``, then the
    shipped one; English when it is empty, unknown or has no catalog).

    A catalog that cannot be used (:func:`ingest.source.catalog_files.read_catalog`: a
    translation with a placeholder its message lacks, a link out of ``locales/``...) leaves
    the pages in English here; ``validate`` and ``build`` report why and stop before.
    """
    path = catalog_path(code, dirs) if code and code != DEFAULT else None
    if code is None or path is None:
        return ENGLISH
    try:
        stat = path.stat()
    except OSError:
        return ENGLISH
    raw = _read(str(path), stat.st_mtime_ns, stat.st_size)
    return ENGLISH if raw is None else compiled(code, raw)


@functools.lru_cache(maxsize=8)
def _read(path: str, mtime_ns: int, size: int) -> bytes | None:
    """A catalog's bytes, read again only when the file changes (page cache keys ask often)."""
    return read_catalog(Path(path))[0]
