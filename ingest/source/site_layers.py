"""A project's ``mkdocs.yml`` layered over the shipped one (:func:`layered_config`).

A community writes only what it changes (``site_name``, ``theme: {language: ja}``); every
setting it does not write is Scorekeeper's, so the site keeps our plugin, our stylesheet and
script (find my table, the round clock, the tables), search and web fonts off. The two are
merged setting by setting:

* a mapping (``theme``, ``extra``, ...) is merged key by key, at every depth; for any other
  value the project's wins (``theme.language: ja``, ``theme.palette``, ``extra.social``);
* ``plugins`` and ``markdown_extensions`` are lists of named entries: ours first, in our
  order, then the project's; a project entry with the name of one of ours takes its place
  with the project's options (``- search: {lang: ja}``);
* ``extra_css``, ``extra_javascript`` and ``theme.features``: ours, then the project's
  entries that are not ours already;
* ``nav``: ours, then the project's; a project entry for one of our pages
  (``- イベント: events/index.md``) or one of our sections takes its place; then the
  project's own pages (``pages/``, :mod:`ingest.source.own_pages`) it does not name.

An entry of ours is left out only when the project says so by name, under
``extra.scorekeeper.remove`` (a setting's key, dotted, to the entries of ours to leave out):

.. code-block:: yaml

    extra:
      scorekeeper:
        remove:
          theme.features: [navigation.tabs]
          nav: [rules/index.md]

and ``build`` and ``validate`` warn, at the line, when something the site needs is switched
off (:data:`ESSENTIAL`: search, our stylesheet or script, ``navigation.prune``) or web fonts
are turned back on (``theme.font``). Our plugin cannot be removed: without it no table
reaches the pages. Both engines are given the layered configuration
(:mod:`ingest.publish.engine_config`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ingest.core.diagnostics import Diagnostic, error, warning
from ingest.source.own_pages import own_pages
from ingest.source.project import Project, shipped
from ingest.source.site_config import config_document, site_document
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

REMOVE_KEY: tuple[str, ...] = ("extra", "scorekeeper", "remove")
"""Where a project names the entries of ours it leaves out."""

NAMED_LISTS = ("plugins", "markdown_extensions")
"""Lists of named entries (a name, or a mapping of the name to its options)."""
FILE_LISTS = ("extra_css", "extra_javascript", "theme.features")
"""Lists of values: ours, then the project's new ones."""
REMOVABLE = (*NAMED_LISTS, *FILE_LISTS, "nav")
"""The settings ``extra.scorekeeper.remove`` names entries of."""

KEPT = {("plugins", "scorekeeper"): "it puts the tables Scorekeeper renders into the pages"}
"""Entries of ours that cannot be removed, and why."""

ESSENTIAL = {
    ("plugins", "search"): "the site has no search (players, events, archetypes, formats, banned cards)",
    ("extra_css", "assets/scorekeeper.css"): "the pages lose Scorekeeper's styles (tables, brackets, print sheets)",
    ("extra_javascript", "assets/scorekeeper.js"): (
        "find my table, the round clock, the cut calculator and sortable tables stop working"
    ),
    ("theme.features", "navigation.prune"): (
        "every page carries the whole navigation: pages grow and the build slows down as the archive grows"
    ),
}
"""Entries of ours the site needs: removing one is allowed, with a warning saying what is lost."""

CODE = "site-layers"
"""The code of the problems and warnings of layering."""


@dataclass(frozen=True, slots=True)
class LayeredConfig:
    """The configuration the site engines are given."""

    data: dict[str, Any]
    """The shipped settings under the project's (the engines' own tags as :class:`Tagged` values)."""
    problems: tuple[Diagnostic, ...]
    """Errors in ``extra.scorekeeper.remove``, and warnings for what the site needs that is off."""


def entry_name(entry: Any) -> str | None:
    """The name of a named entry (``search``, ``{search: {lang: ja}}``) or of a file entry
    (``assets/x.js``, ``{path: assets/x.js, type: module}``)."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        ((key, value),) = entry.items()
        if key == "path" and isinstance(value, str):
            return value
        return str(key)
    if isinstance(entry, dict) and isinstance(entry.get("path"), str):
        return str(entry["path"])
    return None


def nav_name(entry: Any) -> str | None:
    """What a nav entry stands for: its page (``index.md``, ``{Home: index.md}``), or the
    title of a section (``{Events: [...]}``)."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        ((title, value),) = entry.items()
        return value if isinstance(value, str) else str(title)
    return None


def _tagged(doc: SourceDocument) -> dict[str, Any]:
    """The document's data with the engines' own tags put back in place."""
    data: dict[str, Any] = copy.deepcopy(doc.data) if isinstance(doc.data, dict) else {}
    for path, tag in sorted(doc.tags.items(), key=lambda item: len(item[0])):
        target: Any = data
        try:
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = tag
        except (KeyError, IndexError, TypeError):
            continue
    return data


def _merge_list(ours: list[Any], theirs: list[Any], name: Callable[[Any], str | None]) -> list[Any]:
    """Ours, a project entry of the same name in its place, then the project's others."""
    by_name = {name(e): e for e in theirs if name(e) is not None}
    out = [by_name.get(name(e), e) if name(e) is not None else e for e in ours]
    taken = {name(e) for e in ours} - {None}
    out += [e for e in theirs if name(e) is None or name(e) not in taken]
    return out


def merged(ours: Any, theirs: Any, key: str = "") -> Any:
    """The project's value ``theirs`` layered over ``ours`` at the dotted ``key`` (see the module)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        out = dict(ours)
        for k, v in theirs.items():
            sub = f"{key}.{k}" if key else str(k)
            out[k] = merged(ours[k], v, sub) if k in ours else v
        return out
    if isinstance(ours, list) and isinstance(theirs, list):
        if key in NAMED_LISTS or key in FILE_LISTS:
            return _merge_list(ours, theirs, entry_name)
        if key == "nav":
            return _merge_list(ours, theirs, nav_name)
    return theirs


def _get(data: Any, dotted: str) -> Any:
    for step in dotted.split("."):
        data = data.get(step) if isinstance(data, dict) else None
    return data


def _set(data: dict[str, Any], dotted: str, value: Any) -> None:
    *steps, last = dotted.split(".")
    for step in steps:
        data = data.setdefault(step, {})
    data[last] = value


def _removals(
    doc: SourceDocument, ours: Mapping[str, Any]
) -> tuple[dict[str, list[tuple[str, YamlPath]]], list[Diagnostic]]:
    """``extra.scorekeeper.remove`` as checked: the setting, the names of ours to leave out, each with its place."""
    out: dict[str, list[tuple[str, YamlPath]]] = {}
    problems: list[Diagnostic] = []
    spec = _get(doc.data, ".".join(REMOVE_KEY))
    if spec is None:
        return out, problems
    hint = "e.g. remove: {theme.features: [navigation.tabs], nav: [rules/index.md]}"
    if not isinstance(spec, dict):
        problems.append(
            error(
                CODE,
                f"{format_path(REMOVE_KEY)}: must map settings to the entries of ours to leave out",
                doc.pos(REMOVE_KEY),
                hint,
            )
        )
        return out, problems
    for setting, names in spec.items():
        at: YamlPath = (*REMOVE_KEY, setting)
        if setting not in REMOVABLE:
            problems.append(
                error(
                    CODE,
                    f'{format_path(at)}: "{setting}" is not a list of ours;'
                    f" entries can be removed from {', '.join(REMOVABLE)}",
                    doc.pos(at),
                    hint,
                )
            )
            continue
        if not isinstance(names, list):
            problems.append(error(CODE, f"{format_path(at)}: must be a list of entries of ours", doc.pos(at), hint))
            continue
        name = nav_name if setting == "nav" else entry_name
        known = [n for n in (name(e) for e in (_get(ours, setting) or [])) if n is not None]
        for index, entry in enumerate(names):
            where: YamlPath = (*at, index)
            if not isinstance(entry, str) or entry not in known:
                problems.append(
                    error(
                        CODE,
                        f'{format_path(where)}: "{entry}" is not one of ours (ours: {", ".join(known)})',
                        doc.pos(where),
                        "only the shipped entries need removing; a setting of the project's own is simply not written",
                    )
                )
            elif (setting, entry) in KEPT:
                problems.append(
                    error(
                        CODE,
                        f"{format_path(where)}: {entry} cannot be removed: {KEPT[(setting, entry)]}",
                        doc.pos(where),
                        "leave it out of remove:",
                    )
                )
            else:
                out.setdefault(setting, []).append((entry, where))
    return out, problems


def layered(doc: SourceDocument, ours_doc: SourceDocument | None) -> LayeredConfig:
    """``doc`` (the project's checked ``mkdocs.yml``) layered over ``ours_doc`` (the shipped one)."""
    ours = _tagged(ours_doc) if ours_doc is not None else {}
    theirs = _tagged(doc)
    if isinstance(theirs.get("theme"), str):  # theme: material is short for theme: {name: material}
        theirs["theme"] = {"name": theirs["theme"]}
    removals, problems = _removals(doc, ours)
    for setting, entries in removals.items():
        # Left out of ours before the project's settings are layered over them: an entry the
        # project lists itself is the project's.
        name = nav_name if setting == "nav" else entry_name
        gone = {entry for entry, _ in entries}
        _set(ours, setting, [e for e in _get(ours, setting) if name(e) not in gone])
        for entry, where in entries:
            lost = ESSENTIAL.get((setting, entry))
            if lost is not None:
                problems.append(
                    warning(
                        CODE,
                        f"{format_path(where)}: {entry} is removed from {setting}: {lost}",
                        doc.pos(where),
                        "take it out of extra.scorekeeper.remove to have it back",
                    )
                )
    data = merged(ours, theirs)
    problems += _disabled(doc, theirs)
    font = _get(theirs, "theme.font")
    if isinstance(theirs.get("theme"), dict) and "font" in theirs["theme"] and font is not False:
        problems.append(
            warning(
                CODE,
                "theme.font: web fonts are turned back on: every page fetches them from Google Fonts"
                " (slower on venue Wi-Fi, missing offline, and the readers' addresses go to Google)",
                doc.pos(("theme", "font")),
                "font: false (Scorekeeper's setting) shows the system's fonts",
            )
        )
    return LayeredConfig(data, tuple(problems))


def _disabled(doc: SourceDocument, theirs: Mapping[str, Any]) -> list[Diagnostic]:
    """Warnings for an essential plugin of ours the project lists with ``enabled: false``."""
    out: list[Diagnostic] = []
    plugins = theirs.get("plugins")
    for index, entry in enumerate(plugins if isinstance(plugins, list) else []):
        name = entry_name(entry)
        options = entry.get(name) if isinstance(entry, dict) and name is not None else None
        lost = ESSENTIAL.get(("plugins", name or ""))
        if lost is not None and isinstance(options, dict) and options.get("enabled") is False:
            where: YamlPath = ("plugins", index, str(name), "enabled")
            out.append(
                warning(CODE, f"{format_path(where)}: the {name} plugin is switched off: {lost}", doc.pos(where))
            )
    return out


def layered_config(project: Project) -> tuple[LayeredConfig | None, tuple[Diagnostic, ...]]:
    """The project's ``mkdocs.yml`` layered over the shipped one, and the problems of both
    (``mkdocs.yml``'s own first); None when the project's file has an error."""
    doc, problems = site_document(project)
    if doc is None or any(p.is_error for p in problems):
        return None, problems
    config = layered(doc, config_document(shipped("mkdocs.yml"))[0])
    pages = own_pages(project)
    there = {page.path for page in pages.files} | {f"assets/{p.name}" for p in project.templates.files(under="assets")}
    missing = missing_files(doc, there)
    config = LayeredConfig(config.data, (*config.problems, *missing))
    return with_pages(config, pages.nav), (*problems, *config.problems)


DOCS_PATHS = ("extra_css", "extra_javascript", "theme.logo", "theme.favicon")
"""Settings that name files of the site (relative to ``docs_dir``): the project's ``pages/``
or the assets of ``site_templates/assets/``."""


def missing_files(doc: SourceDocument, there: set[str]) -> list[Diagnostic]:
    """A warning for each file of the site the project's ``mkdocs.yml`` names that the build
    does not write (``there``: the paths it writes of the project's pages and assets); a web
    address is not checked."""
    out: list[Diagnostic] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    for setting in DOCS_PATHS:
        value = _get(data, setting)
        key: YamlPath = tuple(setting.split("."))
        named = [((*key, i), entry_name(e)) for i, e in enumerate(value)] if isinstance(value, list) else [(key, value)]
        for where, name in named:
            if not isinstance(name, str) or not name or "//" in name or name in there or name.startswith("/"):
                continue
            out.append(
                warning(
                    CODE,
                    f"{format_path(where)}: {name} is not a file of pages/ or of site_templates/assets/:"
                    " every page would link to a file that is not there",
                    doc.pos(where),
                    f"put the file at pages/{name} (paths here are relative to the site, as mkdocs' docs_dir)",
                )
            )
    return out


def nav_pages(nav: Any) -> set[str]:
    """Every page a nav names, at any depth."""
    if isinstance(nav, str):
        return {nav}
    if isinstance(nav, list):
        return {page for entry in nav for page in nav_pages(entry)}
    if isinstance(nav, dict):
        return {page for value in nav.values() for page in nav_pages(value)}
    return set()


def with_pages(config: LayeredConfig, pages: tuple[tuple[str, str], ...]) -> LayeredConfig:
    """The configuration with the project's own pages (title, path) that its nav does not name
    added at the end of it (:mod:`ingest.source.own_pages`)."""
    nav = config.data.get("nav")
    if not pages or not isinstance(nav, list):
        return config
    named = nav_pages(nav)
    added = [{title: path} for title, path in pages if path not in named]
    return LayeredConfig({**config.data, "nav": [*nav, *added]}, config.problems) if added else config


def layering_problems(project: Project) -> tuple[Diagnostic, ...]:
    """The problems of layering the project's ``mkdocs.yml`` over the shipped one (none when the
    file has an error of its own: :func:`~ingest.source.site_config.site_config_diagnostics`
    reports those)."""
    config, _ = layered_config(project)
    return config.problems if config is not None else ()
