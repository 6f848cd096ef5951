"""Message catalogs (``locales/<language>.po``): which file a language reads, and whether it can be used.

The site's language is ``theme.language`` in ``mkdocs.yml``; it names a catalog file, so
it must be a language code (``en``, ``ja``, ``pt-BR``, ``zh-Hant``), never a path. A
catalog is read through the one reading path (bounded, a regular file, not a link out of
its folder) and every translation is checked against its message before the site uses
it: a placeholder the message does not have (``%(playr)s`` for ``%(player)s``) or a
stray ``%`` would stop the page that shows it, so each is a positioned error here.
:mod:`ingest.site.i18n` compiles what this module read.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ingest.core.diagnostics import Diagnostic, SourcePos, error
from ingest.source.storage import display_path, read_bytes

if TYPE_CHECKING:  # Babel is imported when a catalog is read (an English site reads none)
    from babel.messages.catalog import Catalog, Message

LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")
"""A language code as ``theme.language`` writes it (BCP 47 in its common forms: a
language, then a script, a region or a variant: ``en``, ``ja``, ``pt-BR``, ``zh-Hant``,
``sr_Latn``)."""

DATE_PATTERN = "yyyy-MM-dd"
"""The message whose translation is a CLDR date pattern (:func:`ingest.site.i18n.day`)."""

_NAMED = re.compile(r"%\((\w*)\)")
_BRACED = re.compile(r"\{(\w+)\}")


def is_language_code(code: object) -> bool:
    """Whether ``code`` can name a language (and so a catalog file).

    >>> [is_language_code(c) for c in ("en", "pt-BR", "zh-Hant", "sr_Latn", "../../etc/x", "", "e")]
    [True, True, True, True, False, False, False]
    """
    return isinstance(code, str) and LANGUAGE_CODE.fullmatch(code) is not None


def languages(dirs: Sequence[Path]) -> list[str]:
    """The languages with a catalog (``<language>.po``) in ``dirs``, English (the messages' own
    language) included."""
    found = {"en"}
    for folder in dirs:
        if folder.is_dir():
            found.update(p.stem for p in folder.glob("*.po"))
    return sorted(found)


def catalog_file(code: str, dirs: Sequence[Path]) -> Path | None:
    """The ``.po`` file of a language (``ja.po``, ``pt_BR.po`` or ``pt-BR.po``) in the first
    folder that has one, or None (also for anything that is not a language code)."""
    if not is_language_code(code):
        return None
    names = dict.fromkeys((f"{code}.po", f"{code.replace('-', '_')}.po"))
    for folder in dirs:
        for name in names:
            if (folder / name).is_file():
                return folder / name
    return None


def read_catalog(
    path: Path, root: Path | None = None, *, within: Path | None = None
) -> tuple[bytes | None, list[Diagnostic]]:
    """A catalog's bytes when it can be used, and every problem of it (positioned).

    ``root``: the project folder, for the names diagnostics give; ``within``: the folder the
    file must stay in (default: its own), so a link out of ``locales/`` is refused like a
    link out of the project.
    """
    shown = display_path(path, root)
    raw, problems = read_bytes(path, shown, within=within or path.parent)
    if raw is None:
        return None, problems
    catalog, problems = parse_catalog(raw, shown)
    if catalog is None:
        return None, problems
    return (None if problems else raw), problems


def parse_catalog(raw: bytes, shown: str) -> tuple[Catalog | None, list[Diagnostic]]:
    """Reads ``.po`` text and checks every translation (:func:`translation_problem`)."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        catalog = read_po(io.BytesIO(raw), abort_invalid=True)
    except PoFileError as exc:
        line = getattr(exc, "lineno", 0) or 1
        return None, [error("catalog", f"the catalog cannot be read: {exc}", SourcePos(shown, line, 1))]
    except (ValueError, LookupError, UnicodeError) as exc:
        return None, [
            error(
                "catalog",
                f"the catalog cannot be read: {exc}",
                SourcePos.file_start(shown),
                "save it as UTF-8 with a header that says charset=UTF-8",
            )
        ]
    lines = raw.decode("utf-8", errors="replace").splitlines()
    problems: list[Diagnostic] = []
    for message in catalog:
        found = translation_problem(message)
        if found is not None:
            text, placeholder = found
            problems.append(
                error(
                    "catalog",
                    f"the translation of {_shown_id(message)}: {text}",
                    _translation_pos(lines, message, placeholder, shown),
                    "keep the placeholders of the English message as they are (write %% for a percent sign)",
                )
            )
    return catalog, problems


class _Probe(dict[str, object]):
    """Formats any named placeholder (as a number, which every conversion takes) and notes its name."""

    def __missing__(self, key: str) -> object:
        return 0


def _formats(text: str) -> bool:
    try:
        text % _Probe()
    except (ValueError, TypeError, KeyError):
        return False
    return True


def translation_problem(message: Message) -> tuple[str, str] | None:
    """What is wrong with a message's translation (in words, and the placeholder at fault), or None.

    A translation may use only the placeholders of its message (``%(name)s``, ``{name}``).
    A message the templates show is always formatted (``%`` must be ``%%`` there); one only
    the Python code shows is formatted when it has placeholders.

    >>> from babel.messages.catalog import Message
    >>> translation_problem(Message("won by %(player)s", "%(playr)s の勝ち"))
    ('it uses the placeholder %(playr)s, which the message does not have (it has %(player)s)', '%(playr)')
    >>> translation_problem(Message("Round %(n)s", "第%(n)s回戦")) is None
    True
    >>> translation_problem(Message("Standings", "100%", locations=[("site_templates/event.md.j2", 1)]))[0]
    'it has a % that is not a placeholder'
    """
    ids, strings = _texts(message.id), _texts(message.string)
    if not ids[0]:
        return None  # the header
    names = {n for i in ids for n in _NAMED.findall(i)}
    braced = {n for i in ids for n in _BRACED.findall(i)}
    templates = not message.locations or any(not str(f).endswith(".py") for f, _ in message.locations)
    formatted = bool(names) or (templates and all(_formats(i) for i in ids))
    for text in strings:
        if not text:
            continue  # untranslated: the English message is shown
        for name in _NAMED.findall(text):
            if name not in names:
                return _unknown(f"%({name})s", sorted(f"%({n})s" for n in names)), f"%({name})"
        for name in _BRACED.findall(text):
            if name not in braced:
                return _unknown(f"{{{name}}}", sorted(f"{{{n}}}" for n in braced)), f"{{{name}}}"
        if formatted and not _formats(text):
            return "it has a % that is not a placeholder", "%"
        if ids[0] == DATE_PATTERN:
            from babel.dates import parse_pattern

            try:
                parse_pattern(text)
            except (ValueError, TypeError, KeyError) as exc:
                return f"it is not a date pattern ({exc})", ""
    return None


def _unknown(placeholder: str, known: list[str]) -> str:
    has = f"it has {', '.join(known)}" if known else "it has none"
    return f"it uses the placeholder {placeholder}, which the message does not have ({has})"


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or translation as its forms (one, or singular and plurals)."""
    if isinstance(value, tuple | list):
        return tuple(str(v or "") for v in value)
    return (str(value or ""),)


def _shown_id(message: Message) -> str:
    first = _texts(message.id)[0]
    return '"' + (first if len(first) <= 60 else first[:57] + "...") + '"'


def _translation_pos(lines: list[str], message: Message, placeholder: str, shown: str) -> SourcePos:
    """Where the translation is: the placeholder in its ``msgstr`` lines, else the ``msgstr`` line."""
    start = (message.lineno or 1) - 1
    at = next((i for i in range(start, min(len(lines), start + 500)) if lines[i].startswith("msgstr")), None)
    if at is None:
        return SourcePos(shown, start + 1, 1)
    i = at
    while i < len(lines) and (i == at or lines[i].startswith(('"', "msgstr"))):
        col = lines[i].find(placeholder) if placeholder else -1
        if col >= 0:
            return SourcePos(shown, i + 1, col + 1)
        i += 1
    return SourcePos(shown, at + 1, 1)
