"""The plugins, themes, Markdown extensions and functions ``mkdocs.yml`` names: installed, and not code of the project.

The site engine imports each of them when it starts: a name that is not installed ends the
engine's run (reported here instead, at its line), and a module found in the project folder
(a ``markdown_extensions`` entry a project adds beside ``mkdocs.yml``) is the project's own
code. A function is named by a ``!!python/name:`` tag or, for Zensical, as text in some
extension settings (``slugify: {object: ...}``, which it imports and calls): only those in
:data:`ALLOWED_NAMES` may be. Modules are looked up without importing them (nothing of a
package runs to find out whether it is there). Part of :mod:`ingest.source.site_checks`.
"""

from __future__ import annotations

import functools
import importlib.machinery
import os
import re
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.source.storage import is_inside
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

ALLOWED_NAMES = frozenset(
    {
        # pymdownx.emoji (Material's own icons and emoji; the older names of the same functions)
        "material.extensions.emoji.twemoji",
        "material.extensions.emoji.to_svg",
        "materialx.emoji.twemoji",
        "materialx.emoji.to_svg",
        "zensical.extensions.emoji.twemoji",
        "zensical.extensions.emoji.to_svg",
        "pymdownx.emoji.twemoji",
        "pymdownx.emoji.emojione",
        "pymdownx.emoji.gemoji",
        "pymdownx.emoji.to_svg",
        "pymdownx.emoji.to_png",
        "pymdownx.emoji.to_svg_sprite",
        "pymdownx.emoji.to_png_sprite",
        "pymdownx.emoji.to_alt",
        # pymdownx.superfences custom fences (diagrams) and pymdownx.arithmatex
        "pymdownx.superfences.fence_code_format",
        "pymdownx.superfences.fence_div_format",
        "pymdownx.superfences.default_validator",
        "pymdownx.superfences.highlight_validator",
        "pymdownx.arithmatex.arithmatex_fenced_format",
        "pymdownx.arithmatex.arithmatex_inline_format",
        # toc / pymdownx.tabbed slugs
        "pymdownx.slugs.slugify",
        "markdown.extensions.toc.slugify",
        "markdown.extensions.toc.slugify_unicode",
    }
)
"""The functions ``mkdocs.yml`` may name (``!!python/name:...``, or as text where Zensical imports
it): those the Markdown extensions' documentation configures them with. Naming a function
imports its module, which runs that module's code, so no other name is accepted."""

RUNS_PAGE_TEXT = frozenset({"macros", "zensical.extensions.macros", "simple-hooks", "mkdocs-simple-hooks"})
"""Plugins and extensions that run code the project writes, or render the pages' text as a template."""

_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_RESOLVED_KEYS = frozenset({"emoji_index", "emoji_generator", "format", "validator", "slugify"})
"""Keys of Markdown extension settings whose text (or ``object:``) Zensical imports."""


def allowed_function(name: str) -> bool:
    """Whether ``mkdocs.yml`` may name the function ``name`` (:data:`ALLOWED_NAMES`)."""
    return name in ALLOWED_NAMES


def setting_problem(path: YamlPath, message: str, where: SourcePos, name: str = "") -> Diagnostic:
    """A setting the site engine cannot use (``site-config``), e.g. what it names is not installed."""
    hint = f"install it (pip install ...) or remove {name}" if name else ""
    return error("site-config", f"{format_path(path)}: {message}", where, hint)


def import_checks(doc: SourceDocument, data: dict[str, Any], root: Path) -> list[Diagnostic]:
    """The plugins and Markdown extensions ``mkdocs.yml`` lists, and the functions their settings name."""
    return _plugins(doc, data.get("plugins")) + _extensions(doc, data.get("markdown_extensions"), root)


def _named(value: Any, key: str) -> Iterator[tuple[YamlPath, str, Any]]:
    """The (path, name, settings) of each entry of a plugins or markdown_extensions list (or mapping)."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, str):
                yield (key, i), item, None
            elif isinstance(item, dict) and len(item) == 1:
                name, settings = next(iter(item.items()))
                yield (key, i, name), str(name), settings
    elif isinstance(value, dict):
        for name, settings in value.items():
            yield (key, name), str(name), settings


def _plugins(doc: SourceDocument, plugins: Any) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    installed = entry_point_names("mkdocs.plugins")
    for path, name, _ in _named(plugins, "plugins"):
        where = doc.pos(path, key=isinstance(path[-1], str))
        if name in RUNS_PAGE_TEXT:
            out.append(_runs_code(path, f'the plugin "{name}"', where))
        elif name not in installed:
            out.append(setting_problem(path, f'the plugin "{name}" is not installed', where, name))
    return out


def _extensions(doc: SourceDocument, extensions: Any, root: Path) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    builtin = entry_point_names("markdown.extensions")
    for path, name, settings in _named(extensions, "markdown_extensions"):
        where = doc.pos(path, key=isinstance(path[-1], str))
        if name in RUNS_PAGE_TEXT:
            out.append(_runs_code(path, f'the Markdown extension "{name}"', where))
            continue
        if name not in builtin:
            module = name.partition(":")[0]
            spec = find_module(module)
            if spec is None:
                out.append(setting_problem(path, f'the Markdown extension "{name}" is not installed', where, name))
                continue
            if spec.origin and is_inside(Path(spec.origin), root):
                out.append(_runs_code(path, f'the Markdown extension "{name}" (a Python file of the project)', where))
                continue
        out += _engine_references(doc, path, settings)
    return out


def _runs_code(path: YamlPath, what: str, where: SourcePos) -> Diagnostic:
    return error(
        "site-code",
        f"{format_path(path)}: {what} runs code from the project, or the pages' text as a template "
        "(a player's name could become code)",
        where,
        "remove it; a project changes its pages through site_templates/ and theme overrides",
    )


def _engine_references(doc: SourceDocument, path: YamlPath, settings: Any) -> Iterator[Diagnostic]:
    """Functions named as text in an extension's settings (Zensical imports and calls them)."""
    if isinstance(settings, dict):
        for key, value in settings.items():
            here = (*path, key)
            named = value.get("object") if key in _RESOLVED_KEYS and isinstance(value, dict) else None
            if key in _RESOLVED_KEYS and isinstance(value, str) and _DOTTED.fullmatch(value):
                named = value
            if isinstance(named, str) and not allowed_function(named):
                yield error(
                    "site-code",
                    f'{format_path(here)}: "{named}" would be imported and run by the site engine',
                    doc.pos(here),
                    "name one of the functions the extension's documentation gives, e.g. pymdownx.slugs.slugify",
                )
            elif not isinstance(named, str):
                yield from _engine_references(doc, here, value)
    elif isinstance(settings, list):
        for i, item in enumerate(settings):
            yield from _engine_references(doc, (*path, i), item)


@functools.cache
def entry_point_names(group: str) -> frozenset[str]:
    """What is installed of a kind (``mkdocs.plugins``, ``mkdocs.themes``, ``markdown.extensions``)."""
    return frozenset(e.name for e in entry_points(group=group))


@functools.cache
def find_module(name: str) -> importlib.machinery.ModuleSpec | None:
    """Where the module ``name`` would be imported from, found without running any of its code (or
    of its packages'), or None when it is not installed."""
    parts = name.split(".")
    if not all(p.isidentifier() for p in parts):
        return None
    spec = None
    search: list[str] | None = None
    for i in range(len(parts)):
        try:
            spec = importlib.machinery.PathFinder.find_spec(".".join(parts[: i + 1]), search)
        except (ImportError, ValueError):
            return None
        if spec is None:
            return None
        locations = spec.submodule_search_locations
        search = [os.fspath(p) for p in locations] if locations is not None else None
        if search is None and i < len(parts) - 1:
            return None
    return spec
