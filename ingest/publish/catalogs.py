"""The message catalogs' upkeep: which messages the site has, their template, and a language's ``.po`` file.

Messages are found where they are written: ``_("...")``, ``ngettext(...)`` and ``N_("...")``
in the site's Python modules and ``_()``/``ngettext()`` in the page templates (Babel's
extractors; Jinja's for the templates), and the notes of the shipped format files
(``formats/*.yaml``, shown on the format pages). A translator starts from them
(``scorekeeper catalogs``, :mod:`ingest.cli.catalogs`)::

    scorekeeper catalogs fr            # writes locales/fr.po: every message, untranslated
    scorekeeper catalogs ja            # brings locales/ja.po up to date (new messages added)
    scorekeeper catalogs --template    # writes locales/messages.pot, the template of every message

Only the ``.po`` file is kept: the site compiles it when it is built (:mod:`ingest.site.i18n`).
A file is written with the date it had as long as its messages are the same, so running the
command again changes nothing.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po
from jinja2.ext import babel_extract

from ingest.source.layers import SearchPath
from ingest.source.project import shipped

TEMPLATE = "messages.pot"
"""The catalog template's file name in ``locales/``."""

HEADER = """\
# Scorekeeper's messages: the site's labels, headings and sentences, and the shipped formats' notes.
# Written by `scorekeeper catalogs`; each language's translations are in locales/LANGUAGE.po.
#"""
"""The comment that heads a catalog (Babel's default names this year, and would change the file
every January)."""

_JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}
"""How :func:`ingest.site.render.environment` reads templates (newstyle gettext: ``%(name)s``)."""


def sources(templates: SearchPath | None = None) -> Iterator[tuple[str, Path]]:
    """Every file with messages: the site's Python modules, the venue's (its pages speak the
    site's language) and the page templates (a project's own over the shipped ones)."""
    code = Path(__file__).parents[1] / "site"
    for path in sorted([*code.glob("*.py"), *(code.parent / "venue").glob("*.py")]):
        yield "python", path
    for path in (templates or SearchPath((shipped("site_templates"),))).files("*.j2"):
        yield "jinja", path


def format_notes(folder: Path | None = None) -> Iterator[tuple[str, str]]:
    """Every note of the shipped format files (a game's and each format's), with its file's name:
    the format pages show them in the site's language (:func:`ingest.site.i18n.gettext`)."""
    for path in sorted((folder or shipped("formats")).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        notes = list(data.get("notes") or ())
        for spec in (data.get("formats") or {}).values():
            notes += spec.get("notes") or ()
        for note in notes:
            if isinstance(note, str):
                yield path.name, note


def messages(templates: SearchPath | None = None) -> Catalog:
    """Every message of the site, with where it is written (the catalog template)."""
    catalog = Catalog(project="Scorekeeper", fuzzy=False, header_comment=HEADER)
    for name, note in format_notes():
        catalog.add(
            note, locations=[(f"formats/{name}", 1)], auto_comments=["A note of the format data, on the format page."]
        )
    for kind, path in sources(templates):
        method: Any = "python" if kind == "python" else babel_extract
        options = {} if kind == "python" else dict(_JINJA_OPTIONS)
        found = extract_from_file(
            method, str(path), keywords=DEFAULT_KEYWORDS, comment_tags=("Translators:",), options=options
        )
        for line, message, comments, context in found:
            catalog.add(
                message,
                locations=[(f"{path.parent.name}/{path.name}", line)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def updated(language: str, po: Path, templates: SearchPath | None = None) -> Catalog:
    """The catalog of ``language``: the ``.po`` file's translations (if any) for the current messages."""
    locale = Locale.parse(language.replace("-", "_"))
    if po.is_file():
        with po.open("rb") as f:
            catalog = read_po(f, locale=locale)
    else:
        catalog = Catalog(locale=locale, project="Scorekeeper", fuzzy=False, header_comment=HEADER)
    catalog.update(messages(templates), no_fuzzy_matching=True)
    catalog.obsolete.clear()  # messages no longer used are dropped, not kept commented out
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The message ids a catalog leaves untranslated (empty or fuzzy), in catalog order."""
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.fuzzy or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def _ids(catalog: Catalog) -> list[tuple[object, str | None]]:
    return sorted(((m.id, m.context) for m in catalog if m.id), key=repr)


def rendered(catalog: Catalog, written: Path) -> bytes:
    """A catalog as its ``.po`` (or ``.pot``) text: sorted, without line numbers, so diffs stay
    small; dated as ``written`` is when that file holds the same messages."""
    if written.is_file():
        with written.open("rb") as f:
            old = read_po(f)
        if _ids(old) == _ids(catalog):
            catalog.creation_date = old.creation_date
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, omit_header=False)
    return out.getvalue()


def write(catalog: Catalog, po: Path) -> None:
    """Writes a catalog as a ``.po`` or ``.pot`` file (:func:`rendered`)."""
    text = rendered(catalog, po)
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(text)
