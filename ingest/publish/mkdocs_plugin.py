"""The ``scorekeeper`` mkdocs plugin: our rendered HTML goes past Python-Markdown.

Registered through the ``mkdocs.plugins`` entry point and listed in ``mkdocs.yml``
(``scorekeeper build`` adds it when a project's configuration does not). For each page it
puts the stored HTML fragments after their headings in the finished page (``on_post_page``:
headings, table of contents and permalinks are the engine's), keeps
the pages out of the search plugin's index and writes the designed index instead, and
adds the script that fetches the index only when the search is opened. See :mod:`ingest.site.fragments`.
It puts Scorekeeper's theme templates (:data:`THEME`) under the project's overrides.
The theme's templates, the project's overrides included, are rendered in Jinja's sandbox
(:func:`ingest.publish.engine_config.sandboxed`).

The fragments are read from the ``fragments`` folder next to the docs folder
(``build/fragments`` beside ``build/docs``), or from the folder the ``fragments`` option
names (relative to ``mkdocs.yml``); ``scorekeeper build`` hands them over in memory
instead. A whole build of many pages may make them in two processes
(:mod:`ingest.publish.page_split`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from ingest.publish import page_finish as pf
from ingest.publish import search_index as search
from ingest.publish.engine_config import sandboxed
from ingest.publish.page_split import MIN_PAGES, PageSplit, SplitError, modified, not_modified
from ingest.site import fragments as fr
from ingest.source.project import shipped

THEME = shipped("theme")
"""Scorekeeper's own theme templates (``theme/main.html``: the page around the content without
the sidebars), looked up after the project's ``theme.custom_dir`` and before the theme's."""


class ScorekeeperConfig(Config):  # type: ignore[no-untyped-call]
    fragments = c.Optional(c.Type(str))
    """The folder of the pages' fragments (default: ``fragments`` next to the docs folder)."""


class ScorekeeperPlugin(BasePlugin[ScorekeeperConfig]):  # type: ignore[no-untyped-call]
    """Puts stored HTML fragments into the pages and writes the designed search index."""

    folder: Path = Path()
    progress: Callable[[str, int, int], None] | None = None
    """Told how many pages are done (``scorekeeper build`` shows it on a terminal)."""
    pages = 0
    done = 0
    kept: frozenset[str] | None = None
    """Set for a build of some pages: the site's files that are up to date (linked from the
    previous site). Only the other files are made (mkdocs' ``dirty`` build, told exactly
    which files are up to date rather than guessing from times)."""
    stored: pf.Stored | None = None
    """The build's fragments files in memory (``scorekeeper build`` gives them): read from
    there rather than from the fragments folder."""
    split: PageSplit | None = None
    """Set for a whole build that may share its pages with a forked process (see
    :mod:`ingest.publish.page_split`); mkdocs then runs a build of some pages in each."""

    def on_config(self, config: Any) -> Any:
        # Scorekeeper's theme folder after the project's theme.custom_dir, before the theme's own.
        dirs = config.theme.dirs
        theme = str(THEME)
        if theme not in dirs:
            dirs.insert(1 if config.theme.custom_dir else 0, theme)
        if self.config.fragments:
            self.folder = Path(config.config_file_path or ".").parent / self.config.fragments
        else:
            self.folder = Path(config.docs_dir).parent / pf.FOLDER
        return config

    def on_files(self, files: Any, *, config: Any) -> Any:
        kept = self.kept
        if kept is not None:
            for f in files:
                f.is_modified = not_modified if f.dest_uri in kept else modified
        elif self.split is not None:
            for f in files:
                f.is_modified = modified
        self.pages = sum(1 for f in files if f.is_documentation_page() and (kept is None or f.dest_uri not in kept))
        self.done = 0
        if self.split is not None and (kept is not None or self.pages < MIN_PAGES):
            self.split = None  # every page here
        return files

    @event_priority(-100)  # the navigation as every plugin leaves it; no page read yet
    def on_nav(self, nav: Any, *, config: Any, files: Any) -> Any:
        if self.split is not None:
            self.split.fork(files, read_by_both={page.file.src_uri for page in nav.pages})
            if self.split.in_child:
                self.progress = None
        return nav

    @event_priority(-100)  # every page of this process read and converted; after other plugins' env
    def on_env(self, env: Any, *, config: Any, files: Any) -> Any:
        if self.split is not None:
            self.split.settle()
            self.pages = sum(1 for f in files if f.is_documentation_page() and f.is_modified())
        return sandboxed(env)  # the theme and the project's overrides cannot reach Python

    def on_page_markdown(self, markdown: str, *, page: Any, config: Any, files: Any) -> str:
        # The designed index replaces the search plugin's: it need not parse any page.
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
        return markdown

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        # The fragments go into the finished page, not into ``page.content``: what runs on
        # the content before the theme renders it (the search plugin's clean-up pass over
        # every page, the compaction of the theme's indentation) then sees only the
        # headings and prose, never our tables.
        self.done += 1
        if self.progress is not None:
            self.progress("mkdocs: rendering pages", self.done, self.pages)
        try:
            anchors = fr.Anchors.from_meta(page.meta, page.file.src_uri)
            return pf.finish_page(output, self.folder, page.file.src_uri, self.stored, anchors)
        except fr.FragmentError as exc:
            raise PluginError(str(exc)) from None

    def on_post_template(self, output_content: str, *, template_name: str, config: Any) -> str:
        if template_name == "404.html":  # served at any depth: the theme links it from the root
            return pf.compact(output_content)
        return output_content

    @event_priority(100)  # before any other plugin's last step: every page is written
    def _join_split(self, *, config: Any) -> None:
        split = self.split
        if split is None:
            return
        if split.in_child:
            split.finish_child()
        try:
            split.join()
        except SplitError as exc:
            raise PluginError(str(exc)) from None

    @event_priority(-100)  # after the search plugin has written its (empty) index
    def _write_search_index(self, *, config: Any) -> None:
        if "search" not in config.plugins and "material/search" not in config.plugins:
            return
        try:
            entries = search.read_search_entries(self.folder, self.stored)
        except fr.FragmentError as exc:
            raise PluginError(str(exc)) from None
        search.write_search_index(Path(config.site_dir), entries, "mkdocs")

    on_post_build = CombinedEvent(_join_split, _write_search_index)
