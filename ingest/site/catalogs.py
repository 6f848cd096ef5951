"""The message catalogs' upkeep: which messages the site has, and a language's ``.po`` file.

Messages are found where they are written: ``_("...")``, ``ngettext(...)`` and ``N_("...")``
in the site's Python modules and ``_()``/``ngettext()`` in the page templates (Babel's
extractors; Jinja's for the templates). A translator starts from them::

    python -m ingest.site.catalogs fr          # writes locales/fr.po: every message, untranslated
    python -m ingest.site.catalogs ja          # brings locales/ja.po up to date (new messages added)

Only the ``.po`` file is kept: the site compiles it when it is built (:mod:`ingest.site.i18n`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po
from jinja2.ext import babel_extract

from ingest.source.layers import SearchPath
from ingest.source.project import shipped

_JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}
"""How :func:`ingest.site.render.environment` reads templates (newstyle gettext: ``%(name)s``)."""


def sources(templates: SearchPath | None = None) -> Iterator[tuple[str, Path]]:
    """Every file with messages: the site's Python modules, the venue's (its pages speak the
    site's language) and the page templates (a project's own over the shipped ones)."""
    code = Path(__file__).parent
    for path in sorted([*code.glob("*.py"), *(code.parent / "venue").glob("*.py")]):
        yield "python", path
    for path in (templates or SearchPath((shipped("site_templates"),))).files("*.j2"):
        yield "jinja", path


def messages(templates: SearchPath | None = None) -> Catalog:
    """Every message of the site, with where it is written (the catalog template)."""
    catalog = Catalog(project="Scorekeeper", fuzzy=False)
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
        catalog = Catalog(locale=locale, project="Scorekeeper", fuzzy=False)
    catalog.update(messages(templates), no_fuzzy_matching=True)
    catalog.obsolete.clear()  # messages no longer used are dropped, not kept commented out
    return catalog


def write(catalog: Catalog, po: Path) -> None:
    """Writes a catalog as a ``.po`` file (sorted, without line numbers, so diffs stay small)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, omit_header=False)
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(out.getvalue())


def main(argv: list[str]) -> int:
    """``python -m ingest.site.catalogs LANGUAGE [FOLDER]``: writes or updates FOLDER/LANGUAGE.po."""
    if not argv or argv[0].startswith("-"):
        print(f"usage: python -m ingest.site.catalogs LANGUAGE [FOLDER]\n\n{__doc__}")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    folder = Path(argv[1]) if len(argv) > 1 else Path("locales")
    po = folder / f"{argv[0]}.po"
    catalog = updated(argv[0], po)
    write(catalog, po)
    missing = sum(1 for m in catalog if m.id and not m.string)
    print(f"{po}: {len(catalog)} messages, {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
