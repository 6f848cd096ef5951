"""The ``scorekeeper`` mkdocs plugin: our rendered HTML goes past Python-Markdown.

Registered through the ``mkdocs.plugins`` entry point and listed in ``mkdocs.yml``
(``scorekeeper build`` adds it when a project's configuration does not). For each page it
puts the stored HTML fragments in place of their placeholders once the engine has
converted the page's Markdown (``on_page_content``: headings, table of contents and
permalinks are the engine's), keeps the pages out of the search plugin's index and
writes the designed index instead, and adds the script that fetches the index only when
the search is opened. See :mod:`ingest.site.fragments`.

The fragments are read from the ``fragments`` folder next to the docs folder
(``build/fragments`` beside ``build/docs``), or from the folder the ``fragments`` option
names (relative to ``mkdocs.yml``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from ingest.site import fragments as fr


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

    def on_config(self, config: Any) -> Any:
        if self.config.fragments:
            self.folder = Path(config.config_file_path or ".").parent / self.config.fragments
        else:
            self.folder = Path(config.docs_dir).parent / fr.FOLDER
        return config

    def on_files(self, files: Any, *, config: Any) -> Any:
        self.pages = sum(1 for f in files if f.is_documentation_page())
        self.done = 0
        return files

    def on_page_markdown(self, markdown: str, *, page: Any, config: Any, files: Any) -> str:
        # The designed index replaces the search plugin's: it need not parse any page.
        page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
        return markdown

    def on_page_content(self, html: str, *, page: Any, config: Any, files: Any) -> str:
        try:
            return fr.substitute(html, fr.read_fragments(self.folder, page.file.src_uri), page.file.src_uri)
        except fr.FragmentError as exc:
            raise PluginError(str(exc)) from None

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        self.done += 1
        if self.progress is not None:
            self.progress("mkdocs: rendering pages", self.done, self.pages)
        return fr.inject_head(fr.compact(output), page.file.dest_uri)

    def on_post_template(self, output_content: str, *, template_name: str, config: Any) -> str:
        if template_name == "404.html":  # served at any depth: the theme links it from the root
            return fr.compact(output_content)
        return output_content

    @event_priority(-100)  # after the search plugin has written its (empty) index
    def on_post_build(self, *, config: Any) -> None:
        if "search" not in config.plugins and "material/search" not in config.plugins:
            return
        try:
            entries = fr.read_search_entries(self.folder)
        except fr.FragmentError as exc:
            raise PluginError(str(exc)) from None
        fr.write_search_index(Path(config.site_dir), entries, "mkdocs")
