"""Card names: the key cards are compared by, and the printing a written name may carry.

Decklists, banned lists, archetype rules and card data all name cards in English, written
in many ways (typographic quotes and dashes, accents, split-card slashes, a trailing set
code and collector number); :func:`normalize_card_name` gives the one key they are
compared by.
"""

from __future__ import annotations

import functools
import re
import unicodedata

__all__ = ["normalize_card_name", "split_printing"]

_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u02bc": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00e6": "ae",
        "\u00c6": "AE",
        "\u00a0": " ",
    }
)
_PRINTING = re.compile(r"^(?P<name>.*?\S)\s+(?P<printing>\([A-Z0-9]{2,6}\)(?:\s+[^\s()\[\]]+){0,2})$")
_SPLIT = re.compile(r"\s*/{1,2}\s*")


def split_printing(text: str) -> tuple[str, str | None]:
    """Splits a trailing printing (set code and collector number) off a card name.

    >>> split_printing("Lightning Bolt (M11) 149")
    ('Lightning Bolt', '(M11) 149')
    >>> split_printing("Tidal Wave - Dark Fleet (Transport)")
    ('Tidal Wave - Dark Fleet (Transport)', None)
    """
    text = text.strip()
    match = _PRINTING.match(text) if "(" in text else None  # a printing starts with "(SET)"
    if match is None:
        return text, None
    return match["name"], match["printing"]


@functools.lru_cache(maxsize=65536)
def normalize_card_name(name: str) -> str:
    """Gives the key cards are compared by: their English name, normalized.

    Case is folded, typographic quotes and dashes become ASCII, accents are dropped,
    whitespace is collapsed, split-card slashes become `` // `` and a trailing set code
    such as ``(MH3) 123`` is removed.

    >>> normalize_card_name("Troll of Khazad-dûm")
    'troll of khazad-dum'
    >>> normalize_card_name("  Sensei’s   Divining Top (EMA) 229")
    "sensei's divining top"
    >>> normalize_card_name("Fire/Ice") == normalize_card_name("Fire // Ice")
    True
    """
    text = split_printing(name)[0].translate(_TRANSLATE)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = _SPLIT.sub(" // ", text)
    return " ".join(text.split()).casefold()
