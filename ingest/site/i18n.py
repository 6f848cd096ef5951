"""The site in the community's language: message catalogs, dates and numbers by locale.

Every label our templates and view code put on a page is an English message id looked up
in the catalog of the site's language (``theme.language`` in ``mkdocs.yml``). Catalogs
are gettext ``.po`` files, ``locales/<language>.po``: a project's own folder first, then
the ones shipped with Scorekeeper. They are read and compiled when the site is built
(there is no separate compile step to forget), so the output depends on the ``.po``
text alone: the publishing stage reads the project's (:mod:`ingest.publish.site_language`)
and hands the pages a :class:`Language`; a language named by its code alone is the one
Scorekeeper ships (:func:`load`). Without a catalog for the language the site is in English.

The language is active for the duration of a build (:func:`use`); the templates'
``{% trans %}`` and ``_()`` and the view code's :func:`gettext` read it. Data (player,
event, game, format and card names) never goes through a catalog.

>>> with use("ja"):
...     gettext("Standings"), day(dt.date(2026, 11, 20)), month(dt.date(2026, 11, 20))
('順位', '2026/11/20', '11月')
>>> gettext("Standings"), day(dt.date(2026, 11, 20)), month(dt.date(2026, 11, 20))
('Standings', '2026-11-20', 'November')
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from gettext import NullTranslations

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol, parse_pattern
from babel.support import Translations

DEFAULT = "en"
"""The language of the message ids (and of a site without ``theme.language``)."""


def N_(message: str) -> str:
    """Marks a message for the catalogs without translating it (it is looked up later).

    >>> N_("Final")
    'Final'
    """
    return message


@dataclass(frozen=True, slots=True)
class Language:
    """The active language of a build: its translations and the locale for dates and numbers."""

    code: str
    """The language as ``theme.language`` names it (``en``, ``ja``, ``pt-BR``)."""
    translations: NullTranslations
    """The compiled catalog (English: the message ids themselves)."""
    locale: Locale
    """The Babel locale for dates and numbers."""
    key: str
    """What the pages depend on: the code and the catalog's text (for page caches)."""


ENGLISH = Language(DEFAULT, NullTranslations(), Locale.parse(DEFAULT), DEFAULT)
"""English, the message ids themselves (no catalog)."""
_active: ContextVar[Language] = ContextVar("scorekeeper_language", default=ENGLISH)


def load(code: str | None) -> Language:
    """The language ``code`` as Scorekeeper ships it (English when it is empty, unknown or has no
    shipped catalog). A project's own catalogs (its ``locales/``) are read by the publishing
    stage, which hands the site the :class:`Language` (:func:`ingest.publish.site_language.read_language`).
    """
    raw = _shipped_catalog(code) if code and code != DEFAULT else None
    return ENGLISH if code is None or raw is None else compiled(code, raw)


@functools.lru_cache(maxsize=8)
def _shipped_catalog(code: str) -> bytes | None:
    """A shipped catalog's bytes (package data, installed with this code), or None.

    The one file this package reads, and never one of the project's or the build's (see
    ``tests/site/test_no_file_io.py``).
    """
    from ingest.source.catalog_files import catalog_file, read_catalog
    from ingest.source.project import shipped

    path = catalog_file(code, (shipped("locales"),))
    return None if path is None else read_catalog(path)[0]


@functools.lru_cache(maxsize=8)
def compiled(code: str, text: bytes) -> Language:
    """A catalog read from its ``.po`` text and compiled in memory (fuzzy entries left out)."""
    try:
        locale = Locale.parse(code.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        locale = Locale.parse(DEFAULT)
    catalog = read_po(io.BytesIO(text), locale=locale)
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    key = f"{code}:{hashlib.sha256(text).hexdigest()[:16]}"
    return Language(code, Translations(mo), locale, key)


@contextmanager
def use(code: str | Language | None) -> Iterator[Language]:
    """Makes a language active in this context (a build, a worker's pages): a language with its
    catalog, or a code (the language as Scorekeeper ships it, :func:`load`)."""
    lang = code if isinstance(code, Language) else load(code)
    token = _active.set(lang)
    try:
        yield lang
    finally:
        _active.reset(token)


def active() -> Language:
    """The language of the pages being built."""
    return _active.get()


# -- messages --------------------------------------------------------------------------------


def gettext(message: str) -> str:
    """A message in the active language."""
    return _active.get().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A message with a number in the active language (its plural rules)."""
    return _active.get().translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose English means more than one thing, told apart by ``context``."""
    return _active.get().translations.pgettext(context, message)


_ = gettext


def ordinal(n: int) -> str:
    """A place as the language writes it (``1st``, ``22nd``; ``1位``).

    >>> ordinal(1), ordinal(12), ordinal(23)
    ('1st', '12th', '23rd')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        text = pgettext("place", "%(num)dst")
    elif suffix == "nd":
        text = pgettext("place", "%(num)dnd")
    elif suffix == "rd":
        text = pgettext("place", "%(num)drd")
    else:
        text = pgettext("place", "%(num)dth")
    return text % {"num": n}


def separated(items: Iterable[str]) -> str:
    """Items of a list in running text (``a, b, c``; ``a、b、c``)."""
    return pgettext("list separator", ", ").join(items)


def listed(names: Sequence[str]) -> str:
    """``alice, bob and carol``."""
    if len(names) == 1:
        return names[0]
    # Translators: things named together in running text: "Hero and Villain", "character and troop",
    # "alice, bob and carol".
    return gettext("%(first)s and %(second)s") % {"first": separated(names[:-1]), "second": names[-1]}


def sentence(message: str, values: Mapping[str, str]) -> str:
    """``message % values``, without a second full stop after a value that already ends one
    (:func:`unstopped`)."""
    return unstopped(message, values) % values


def unstopped(message: str, values: Mapping[str, object]) -> str:
    """``message`` without the full stop right after a placeholder whose value ends a sentence.

    A player named ``Bob, Jr.`` makes "… 2-1 Bob, Jr.. Is that right?" out of a message whose
    value is followed by its own full stop; the message's stop is dropped where the value ends
    with one (or with ``!``, ``?`` or ``…``). Other punctuation (``。``) is the language's own.
    """
    for key, value in values.items():
        if isinstance(value, str) and value.endswith((".", "!", "?", "\u2026")):
            message = message.replace(f"%({key})s.", f"%({key})s")
    return message


# -- dates and numbers ---------------------------------------------------------------------------


def day(value: dt.date) -> str:
    """A date as the language writes it in tables and lists (English: ISO, ``2026-11-20``).

    The pattern is itself a message (a CLDR date pattern), so each catalog chooses it.
    """
    # Translators: a CLDR date pattern for dates in tables, e.g. y/MM/dd or d.M.y.
    return format_date(value, gettext("yyyy-MM-dd"), locale=_active.get().locale)


def month(value: dt.date) -> str:
    """The month's name as a heading in a list of events (``November``, ``11月``)."""
    # MMMM, not the stand-alone LLLL: in Babel 2.18, once Japanese is loaded, LLLL gives
    # "11月" for German too (the stand-alone names are shared through the root locale).
    return format_date(value, "MMMM", locale=_active.get().locale)


_FIGURE = re.compile(r"^(-?)(\d+)(?:\.(\d+))?(%?)$")


def number(text: str) -> str:
    """A figure shown by :mod:`ingest.core.figures` (``66.67%``, ``4.67``) in the locale's way.

    English and Japanese write figures alike; a locale with a decimal comma or a spaced
    percent sign (``66,67 %``) gets its own. Anything else is returned as it is.
    """
    lang = _active.get()
    if lang.code == DEFAULT:
        return text
    return _localized(text, lang.locale)


@functools.lru_cache(maxsize=4096)
def _localized(text: str, locale: Locale) -> str:
    m = _FIGURE.match(text)
    if m is None:
        return text
    sign, whole, frac, percent = m.groups()
    if not percent:
        return f"{sign}{whole}{get_decimal_symbol(locale) + frac if frac else ''}"
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    digits = len(frac or "")
    pattern.frac_prec = (digits, digits)
    value = Decimal(f"{sign}{whole}.{frac or 0}") / 100
    return str(pattern.apply(value, locale))
