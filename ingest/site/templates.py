"""The page templates and assets a site is rendered with, as a value.

The templates may be the project's (``site_templates/``, a file of its own over the shipped
one of the same name); reading them is the publishing stage's work
(:func:`ingest.publish.template_files.read_templates`), which hands the site this value:
every file's bytes by its path relative to the template folders, how messages name each
file, and whether the sandbox renders them (:mod:`ingest.site.render`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, eq=False)
class Templates:
    """Every file of the template folders, each from the first folder that has it."""

    files: Mapping[str, bytes]
    """Each file's bytes by its path relative to the folders (``event.md.j2``, ``assets/x.js``)."""
    shown: Mapping[str, str]
    """How a message names each file (relative to the project: ``site_templates/event.md.j2``)."""
    sandboxed: bool
    """Whether the templates are rendered in Jinja's sandbox (any file the project's own)."""
    fingerprint: str
    """A digest of every file's path and bytes (rendered pages depend on all of them)."""
    key: str
    """What tells two values apart: the fingerprint, where the files are and the sandbox."""

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Templates) and other.key == self.key

    def source(self, name: str) -> tuple[str, str] | None:
        """The template ``name`` as text, with how messages name its file (None: no such file)."""
        data = self.files.get(name)
        if data is None:
            return None
        return data.decode("utf-8"), self.shown[name]

    def assets(self) -> list[tuple[str, bytes]]:
        """The assets (``assets/<name>``, one level), sorted by name: what the site copies as they are."""
        return [
            (name, data)
            for name, data in sorted(self.files.items())
            if name.startswith("assets/") and name.count("/") == 1
        ]
