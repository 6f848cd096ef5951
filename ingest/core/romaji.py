"""Japanese in Hepburn romaji, for slugs (:mod:`ingest.core.slug`).

Kanji are read in Japanese with pykakasi's dictionary (the KAKASI dictionary: ``佐藤`` is
*satō*, not the Chinese *zuo teng* a character-by-character transliteration gives) and kana
are spelled in Hepburn. What a web address can carry is ASCII without macrons, so long
vowels are written as Japanese passports write them: ``ou``, ``oo`` and ``uu`` become ``o``
and ``u`` (``satou`` -> ``sato``, ``oono`` -> ``ono``, ``yuuko`` -> ``yuko``), the
katakana length mark adds nothing (``ヴァンガード`` -> ``vangado``), and ``n`` before a
vowel takes no apostrophe (``ken'ichi`` -> ``kenichi``). A reading written right after
digits joins them (``12月`` -> ``12gatsu``, ``第3回`` -> ``dai 3kai``). The dictionary gives one
reading per word, the commonest; a name read otherwise (``健`` as *Ken*, not *Takeshi*) is
given its id by the organizer (``--id``).

Kanji alone do not tell Japanese from Chinese: text with kana (or the iteration mark ``々``)
is Japanese; text in kanji only is read in Japanese when Japanese writes every one of its
characters (each is in JIS X 0213 or Windows' Japanese code page), and otherwise (a
simplified character such as ``赛`` or ``东``) is left to the caller's transliteration, as
every other script is. A kanji the dictionary cannot read (a rare variant such as ``髙``)
is left to that transliteration on its own.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

_KANA = "\u3041-\u309f\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
_HAN = "\u3005-\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_JAPANESE = re.compile(f"[{_KANA}{_HAN}]+")
_HAS_KANA = re.compile(f"[{_KANA}\u3005\u3006]")
_HAN_CHAR = re.compile(f"[{_HAN}]")
_HIRAGANA = re.compile("[\u3041-\u309f]+")
_LONG_MARKS = re.compile("[\u30fc\uff70]")
_LONG_VOWEL = re.compile(r"(?<=o)[ou]+|(?<=u)u+")


@cache
def _kakasi() -> Any:
    # Half a second of dictionary: loaded for the first Japanese text only.
    import pykakasi

    return pykakasi.kakasi()  # type: ignore[no-untyped-call]


def hepburn(kana_reading: str) -> str:
    """A word's Hepburn spelling (pykakasi's) without apostrophes, its long vowels shortened.

    >>> hepburn("satou"), hepburn("toukyou"), hepburn("ken'ichi"), hepburn("oono"), hepburn("niigata")
    ('sato', 'tokyo', 'kenichi', 'ono', 'niigata')
    """
    return _LONG_VOWEL.sub("", kana_reading.lower().replace("'", ""))


def _written_in_japanese(char: str) -> bool:
    for codec in ("euc_jis_2004", "cp932"):
        try:
            char.encode(codec)
        except UnicodeEncodeError:
            continue
        return True
    return False


def _readings(run: str) -> Iterator[tuple[str, str | None]]:
    """Each word of a run of kana and kanji with its romaji, None for a character the
    dictionary cannot read (pykakasi drops what follows such a character: the rest is read
    again on its own)."""
    at = 0
    while at < len(run):
        moved = False
        for seg in _kakasi().convert(run[at:]):
            orig = seg["orig"]
            if not orig or not run.startswith(orig, at):
                break
            read = _HIRAGANA.fullmatch(seg["hira"]) is not None
            yield orig, (hepburn(seg["hepburn"]) if read else None)
            at += len(orig)
            moved = True
        if not moved:
            yield run[at], None
            at += 1


def japanese_words(text: str) -> str:
    """``text`` with its Japanese in romaji words separated by spaces, the rest as it is;
    ``text`` itself when it holds no Japanese (or kanji only, one of them not Japanese).

    >>> japanese_words("佐藤 健"), japanese_words("渋谷ショップ大会 12月"), japanese_words("FNM 東京")
    ('sato takeshi', 'shibuya shoppu taikai 12gatsu', 'FNM tokyo')
    >>> japanese_words("北京卡牌大赛"), japanese_words("Ñandú")
    ('北京卡牌大赛', 'Ñandú')
    """
    if not _JAPANESE.search(text):
        return text
    if not _HAS_KANA.search(text) and not all(map(_written_in_japanese, _HAN_CHAR.findall(text))):
        return text  # Chinese: transliterated as before
    text = unicodedata.normalize("NFKC", _LONG_MARKS.sub("", text))
    out: list[str] = []
    last = 0
    for run in _JAPANESE.finditer(text):
        out.append(text[last : run.start()])
        last = run.end()
        for orig, reading in _readings(run.group()):
            word = orig if reading is None else reading
            glued = bool(out) and out[-1][-1:].isdigit()
            out.append(word if glued else f" {word} ")
    out.append(text[last:])
    return re.sub(r" +", " ", "".join(out)).strip()


def has_japanese(text: str) -> bool:
    """Whether ``text`` has kana or kanji.

    >>> has_japanese("Alice"), has_japanese("佐藤")
    (False, True)
    """
    return _JAPANESE.search(text) is not None
