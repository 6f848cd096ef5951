"""A community's own pages (``pages/``: About, league rules, images), merged into the site.

The project's ``pages/`` folder is copied into ``build/docs`` beside the pages Scorekeeper
makes, before the site engine runs, as mkdocs copies its ``docs/`` folder (the folder is not
named ``docs/``: in Scorekeeper's own repository that holds Scorekeeper's documentation, and
``build/docs`` is the engine's ``docs_dir``, written by every build). A page of the
project's may not stand where Scorekeeper writes (:data:`GENERATED`: the home page, the
events, players, formats, rules and seasons pages, the API, feeds, assets and search):
such a clash is an error at the file, and nothing is written. Every Markdown page of the
folder that the ``nav`` of ``mkdocs.yml`` does not name is added to it after ours, in the
order of the files' names, under its title (front matter ``title:``, else its first
``# heading``, else its file name), so each is reachable from the navigation.

Every file is read through the one reading path (a file that a symbolic link takes out of
the project is refused, a file larger than :data:`MAX_PAGE_FILE_BYTES` too); Markdown must
be UTF-8. The pages are the community's own text, rendered by the engine as written: like
``site_templates/``, they decide what the site's pages hold (README, "Reviewing a pull
request").
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.source.project import Project
from ingest.source.reading import signature
from ingest.source.storage import decode_utf8, display_path, read_bytes

FOLDER = "pages"
"""The project's folder of its own pages."""

GENERATED = (
    "index.md",
    "404.md",
    "analytics",
    "api",
    "assets",
    "events",
    "feeds",
    "formats",
    "players",
    "rules",
    "schema",
    "search",
    "seasons",
)
"""What Scorekeeper writes at the top of ``build/docs`` (a file, or a folder and all below it)."""

MAX_PAGE_FILE_BYTES = 32 * 1024 * 1024
"""Largest file of ``pages/`` (a photo of the venue, a PDF of the league's rules)."""

_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
_TITLE = re.compile(r"\A---\s*\n(?:.*\n)*?title:\s*(.+?)\s*\n(?:.*\n)*?---\s*\n")


@dataclass(frozen=True, slots=True)
class OwnPage:
    """One file of ``pages/``, as it goes into ``build/docs``."""

    path: str
    """Its path in ``build/docs`` (and below ``pages/``), with ``/``."""
    content: bytes
    """Its bytes."""
    title: str
    """A Markdown page's title in the navigation (empty for any other file)."""


@dataclass(frozen=True, slots=True)
class OwnPages:
    """The project's own pages, and their problems."""

    files: tuple[OwnPage, ...]
    """Every file of ``pages/`` that can be published, by path."""
    problems: tuple[Diagnostic, ...]
    """Files that cannot be: unreadable, too large, not UTF-8 Markdown, or where Scorekeeper writes."""

    @property
    def nav(self) -> tuple[tuple[str, str], ...]:
        """The Markdown pages, as (title, path)."""
        return tuple((f.title, f.path) for f in self.files if f.path.endswith(".md"))


def page_title(text: str, path: str) -> str:
    """A page's title: front matter ``title:``, else its first ``# heading``, else its file name.

    >>> page_title("# About the league\\n\\nWe play...", "about.md")
    'About the league'
    >>> page_title("---\\ntitle: Rules\\n---\\n# Our rules", "rules.md")
    'Rules'
    >>> page_title("No heading", "league/code-of-conduct.md")
    'Code of conduct'
    """
    front = _TITLE.match(text)
    if front is not None:
        return front.group(1).strip("\"'")
    heading = _HEADING.search(text)
    if heading is not None:
        return heading.group(1)
    stem = path.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ").replace("_", " ")
    return stem[:1].upper() + stem[1:]


def generated_clash(path: str) -> str | None:
    """What of Scorekeeper's a page at ``path`` (in ``build/docs``) would stand in place of, or None.

    >>> generated_clash("index.md"), generated_clash("events/about.md"), generated_clash("about.md")
    ('index.md', 'events', None)
    """
    top = path.split("/", 1)[0]
    return top if top in GENERATED else None


def _files(folder: Path) -> list[Path]:
    out: list[Path] = []
    for where, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [Path(where, n) for n in sorted(names) if not n.startswith(".")]
    return sorted(out, key=lambda p: p.relative_to(folder).as_posix())


@functools.lru_cache(maxsize=4)
def _own_pages(root: Path, _signature: tuple[tuple[str, int, int], ...]) -> OwnPages:
    folder = root / FOLDER
    files: list[OwnPage] = []
    problems: list[Diagnostic] = []
    if not folder.is_dir():
        return OwnPages((), ())
    for path in _files(folder):
        rel = path.relative_to(folder).as_posix()
        shown = display_path(path, root)
        clash = generated_clash(rel)
        if clash is not None:
            problems.append(
                error(
                    "own-pages",
                    f"{FOLDER}/{rel} would stand where Scorekeeper writes {clash}"
                    f"{'' if clash.endswith('.md') else '/'} (the site's own pages)",
                    SourcePos.file_start(shown),
                    "give the page another name or folder, e.g. pages/about.md; to change the home page,"
                    " put site_templates/home.md.j2 in the project",
                )
            )
            continue
        content, found = read_bytes(path, shown, limit=MAX_PAGE_FILE_BYTES, within=root)
        problems += found
        if content is None:
            continue
        title = ""
        if rel.endswith(".md"):
            text, found = decode_utf8(content, shown)
            problems += found
            if text is None:
                continue
            title = page_title(text, rel)
        files.append(OwnPage(rel, content, title))
    return OwnPages(tuple(files), tuple(problems))


def own_pages(project: Project) -> OwnPages:
    """The project's ``pages/`` (read once per change), with the problems of its files."""
    root = project.root.resolve()
    return _own_pages(root, signature(root / FOLDER))
