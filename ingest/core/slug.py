"""Slugs: the one way a name becomes part of a file name, a URL, a player id or an HTML id.

Names come in every script. Japanese is read in Japanese and written in Hepburn romaji
(:mod:`ingest.core.romaji`: ``佐藤 健`` -> ``sato-takeshi``, ``12月`` -> ``12gatsu``,
``ヴァンガード`` -> ``vangado``); every other script is transliterated by ``python-slugify``
to lowercase ASCII words joined by hyphens, so a Chinese, Korean, Cyrillic, Greek or Arabic
name gets a readable slug of its own instead of a shared placeholder. Text it cannot spell
at all (emoji, symbols) gets the caller's fallback; the callers keep two things that
would share a slug apart (``new`` refuses an existing file, ``validate`` reports two
events with one slug, the importer numbers players with one id).

A slug made once is kept where it was written (an event's file name, a player's id), so a
change in how names are read never moves what a file already names.
"""

from __future__ import annotations

import re
from functools import lru_cache

from slugify import slugify as _transliterate

from ingest.core.romaji import japanese_words

_ALREADY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def slug(text: str, *, fallback: str = "x", max_length: int = 0) -> str:
    """Lowercase ASCII letters and digits in hyphen-separated words; ``fallback`` when none.

    ``max_length`` (0: no limit) cuts at a word boundary where it can.

    >>> slug("Friday Night Modern #42!"), slug("Ñandú Málaga"), slug("O'Brien")
    ('friday-night-modern-42', 'nandu-malaga', 'o-brien')
    >>> slug("佐藤 健"), slug("東京 ヴァンガード 12月"), slug("Москва"), slug("서울")
    ('sato-takeshi', 'tokyo-vangado-12gatsu', 'moskva', 'seoul')
    >>> slug("🎴", fallback="event"), slug("a very long name", max_length=8)
    ('event', 'a-very')
    """
    return _slug(str(text), fallback, max_length)


@lru_cache(maxsize=4096)
def _slug(text: str, fallback: str, max_length: int) -> str:
    if _ALREADY.fullmatch(text) and (not max_length or len(text) <= max_length):
        return text
    made = _transliterate(japanese_words(text), max_length=max_length, word_boundary=bool(max_length))
    return made or fallback


def transliterated(text: str) -> str:
    """``text`` as a slug was spelled before Japanese was read as Japanese (python-slugify's
    character-by-character transliteration), for a name that must stay what it was first made
    (the venue's database file); empty when nothing can be spelled.

    >>> transliterated("東京"), transliterated("Ñandú")
    ('dong-jing', 'nandu')
    """
    return _transliterate(str(text))
