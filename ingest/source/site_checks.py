"""What the site configuration (``mkdocs.yml``) asks of the site engine, checked before it runs.

The site engine reads ``mkdocs.yml`` its own way, and parts of it are code: mkdocs loads the
file with PyYAML's unsafe loader (``!!python/object/apply:os.system [...]`` runs a command),
imports the Markdown extensions and plugins it names, runs the Python files under
``hooks:``, and reads ``INHERIT:`` files that nothing here would have checked; Zensical
imports the functions named in some extension settings (``slugify: {object: ...}``). Text
settings go into every page as they are (mkdocs-material does not escape them). So
``validate`` and ``build`` refuse, each at its line, before any engine runs:

* a ``!!python/...`` tag other than ``!!python/name:`` of a function in
  :data:`~ingest.source.site_imports.ALLOWED_NAMES` (the functions Markdown extensions are
  configured with), and any tag the engine does not read (``!ENV`` and ``!relative`` are
  its own);
* ``hooks:``, ``INHERIT:`` and the macros plugin and extension, which render the pages' text
  as a template (a player's name would become code);
* a plugin, a theme or a Markdown extension that is not installed, or that would be imported
  from the project folder itself (code in the project): :mod:`ingest.source.site_imports`;
* a theme ``custom_dir`` outside the project folder (overrides inside it are templates, which
  the mkdocs build renders in Jinja's sandbox: :mod:`ingest.publish.mkdocs_plugin`);
* markup in the text settings (``site_name: <script>...``), an address that is not a web
  address (``site_url: javascript:...``), a language that is not a language code.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ingest.core.diagnostics import Diagnostic, error
from ingest.core.safetext import unsafe_character, unsafe_text_problem
from ingest.source.catalog_files import catalog_file, is_language_code, read_catalog
from ingest.source.deck_refs import deck_path_problem
from ingest.source.site_address import WEB_ADDRESS
from ingest.source.site_imports import allowed_function, entry_point_names, find_module, import_checks, setting_problem
from ingest.source.storage import is_inside, leads_outside, links_out
from ingest.source.yamldoc import SourceDocument, YamlPath, format_path

ENGINE_TAGS = frozenset({"!ENV", "!relative"})
"""The site engine's own tags that construct nothing (an environment variable, a folder)."""

TEXT_SETTINGS = ("site_name", "site_description", "site_author", "repo_name")
"""Settings shown as text on every page, which the engine puts into the HTML as they are."""
URL_SETTINGS = ("site_url", "repo_url")
"""Settings that are web addresses of every page's links."""
_MARKUP = re.compile(r"[<>\"]")


def site_checks(doc: SourceDocument, root: Path) -> list[Diagnostic]:
    """Every problem of what ``mkdocs.yml`` asks of the site engine (see the module's docstring).

    ``root``: the project folder.
    """
    data = doc.data if isinstance(doc.data, dict) else {}
    out = _tags(doc)
    out += _code_settings(doc, data)
    out += _text_settings(doc, data)
    out += _theme(doc, data, root)
    out += import_checks(doc, data, root)
    return out


# -- tags ------------------------------------------------------------------------------------------


def _tags(doc: SourceDocument) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for path, tagged in doc.tags.items():
        tag = tagged.tag
        where = doc.pos(path)
        if tag in ENGINE_TAGS:
            continue
        if tag.startswith("!!python/name:") and allowed_function(tag.removeprefix("!!python/name:")):
            name = tag.removeprefix("!!python/name:")
            if find_module(name.rpartition(".")[0]) is None:
                message = f"{tag} names a function of a package that is not installed"
                out.append(setting_problem(path, message, where, name))
            continue
        if tag.startswith("!!python/"):
            out.append(
                error(
                    "site-code",
                    f"{format_path(path)}: the tag {tag} would make the site engine run Python code at every build",
                    where,
                    "mkdocs.yml may name only the functions Markdown extensions are configured with, e.g. "
                    "!!python/name:material.extensions.emoji.twemoji (for slugs: "
                    "!!python/name:markdown.extensions.toc.slugify_unicode)",
                )
            )
        else:
            out.append(
                error(
                    "yaml-tag",
                    f"{format_path(path)}: the tag {tag} is not one the site engine reads",
                    where,
                    "remove the tag; the engine's own tags are !ENV and !relative",
                )
            )
    return out


# -- settings that are code --------------------------------------------------------------------------


def _code_settings(doc: SourceDocument, data: dict[str, Any]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    hooks = data.get("hooks")
    if "hooks" in data:
        items = list(enumerate(hooks)) if isinstance(hooks, list) and hooks else [(None, hooks)]
        for i, ref in items:
            path: YamlPath = ("hooks",) if i is None else ("hooks", i)
            shown = f'"{ref}" ' if isinstance(ref, str) else ""
            out.append(
                error(
                    "site-code",
                    f"{format_path(path)}: the hook {shown}is Python code that mkdocs would run at every build "
                    "(Zensical runs none); Scorekeeper does not run code from the project",
                    doc.pos(path),
                    "remove hooks:; the pages are Scorekeeper's templates (site_templates/), which a project may "
                    "replace, and theme overrides (theme.custom_dir)",
                )
            )
    if "INHERIT" in data:
        out.append(
            error(
                "site-code",
                "INHERIT: the site engine would read another configuration file that Scorekeeper does not check",
                doc.pos(("INHERIT",)),
                "copy the settings you need into mkdocs.yml",
            )
        )
    return out


# -- text and addresses ------------------------------------------------------------------------------


def _text_settings(doc: SourceDocument, data: dict[str, Any]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for key in TEXT_SETTINGS:
        text = data.get(key)
        if not isinstance(text, str):
            continue
        where = doc.pos((key,))
        if (char := unsafe_character(text)) is not None:
            message, hint = unsafe_text_problem(char)
            out.append(error("unsafe-text", f"{key}: {message}", where, hint))
        elif key == "site_name" and "\n" in text.strip("\n"):
            out.append(
                error(
                    "unsafe-text",
                    f"{key}: the text is on more than one line, but it is shown on one line",
                    where,
                    "write the site's name on one line",
                )
            )
        elif (m := _MARKUP.search(text)) is not None:
            out.append(
                error(
                    "unsafe-text",
                    f"{key}: the text holds {m.group()}, which the site engine would put into every page as markup",
                    where,
                    "write plain text without <, > or double quotes (“ ” are fine)",
                )
            )
    for key in URL_SETTINGS:
        url = data.get(key)
        if url is not None and not (isinstance(url, str) and WEB_ADDRESS.fullmatch(url)):
            out.append(
                error(
                    "site-config",
                    f"{key}: must be a web address starting with https:// or http://",
                    doc.pos((key,)),
                    f"e.g. {key}: https://example.org/results/",
                )
            )
    return out


# -- the theme and its language ----------------------------------------------------------------------


def _theme(doc: SourceDocument, data: dict[str, Any], root: Path) -> list[Diagnostic]:
    theme = data.get("theme")
    out: list[Diagnostic] = []
    if isinstance(theme, str):
        theme = {"name": theme}
        where_name: YamlPath = ("theme",)
    else:
        where_name = ("theme", "name")
    if not isinstance(theme, dict):
        return out
    name = theme.get("name")
    if isinstance(name, str) and name not in entry_point_names("mkdocs.themes"):
        known = ", ".join(sorted(entry_point_names("mkdocs.themes")))
        message = f'the theme "{name}" is not installed (installed: {known})'
        out.append(setting_problem(where_name, message, doc.pos(where_name)))
    custom = theme.get("custom_dir")
    if custom is not None:
        problem = contained_problem(root, custom) if isinstance(custom, str) and custom else "it must be a folder"
        if problem is None and not (root / str(custom)).is_dir():
            problem = "the folder does not exist"
        if problem is not None:
            path = ("theme", "custom_dir")
            out.append(
                error(
                    "site-config",
                    f'theme.custom_dir "{custom}" cannot be used: {problem}',
                    doc.pos(path),
                    "name a folder of theme overrides inside the project, e.g. custom_dir: overrides",
                )
            )
    if "language" in theme and not is_language_code(theme["language"]):
        out.append(
            error(
                "site-config",
                f'theme.language: "{theme["language"]}" is not a language code',
                doc.pos(("theme", "language")),
                "write a language code such as en, ja, fr, pt-BR or zh-Hant",
            )
        )
    return out


def site_language(data: Any) -> str | None:
    """``theme.language`` when it is a language code (else None)."""
    theme = data.get("theme") if isinstance(data, dict) else None
    language = theme.get("language") if isinstance(theme, dict) else None
    return language if is_language_code(language) else None


def named_files_checks(doc: SourceDocument, root: Path, locales: tuple[Path, ...]) -> list[Diagnostic]:
    """The problems of the files the configuration names, read at every check (they change
    without ``mkdocs.yml`` changing): the message catalog of the site's language (``locales``:
    where catalogs are looked for, the project's own first), and the theme overrides, none of
    which may be a link out of the project."""
    out: list[Diagnostic] = []
    language = site_language(doc.data)
    po = catalog_file(language, locales) if language is not None else None
    if po is not None:
        out += read_catalog(po, root, within=root if is_inside(po, root) else po.parent)[1]
    theme = doc.data.get("theme") if isinstance(doc.data, dict) else None
    custom = theme.get("custom_dir") if isinstance(theme, dict) else None
    if isinstance(custom, str) and custom and contained_problem(root, custom) is None:
        out += links_out(root / custom, root)
    return out


def contained_problem(root: Path, ref: str) -> str | None:
    """Why a path named in the configuration may not be used, or None when it stays in the project.

    >>> contained_problem(Path("/p"), "../../etc/passwd")
    'it points outside the project folder'
    >>> contained_problem(Path("/p"), "/dev/zero")
    'it is an absolute path; name a file inside the project folder'
    """
    problem = deck_path_problem(ref)
    if problem == "it is an absolute path":
        return "it is an absolute path; name a file inside the project folder"
    if problem is not None:
        return problem.replace("the event's folder", "the project folder")
    if leads_outside(root / ref, root):
        return "it leads outside the project folder (through a symbolic link)"
    return None
