"""A format file's notes: the remarks a format page shows (where a source is silent, what is
not checked), each in English and in the other languages its file gives.

A note is written in a format file as text, or as the text in each language::

    notes:
      - "No banned or restricted list is in our sources."
      - {en: "Our league plays best of one.", ja: "当リーグは1本勝負です。"}

A page in a language the note gives shows that text (a regional language such as ``pt-BR``
also takes ``pt``); otherwise the site looks the English text up in its message catalog,
where the shipped formats' notes are translated (:func:`ingest.publish.catalogs.format_notes`),
and shows it as written when the catalog has no translation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Note"]


@dataclass(frozen=True, slots=True)
class Note:
    """One remark of a format (or of a game's formats)."""

    text: str
    """The note in English (or the only language it is written in)."""
    languages: tuple[tuple[str, str], ...] = ()
    """(language code, text) for each other language the file gives, as written."""

    @classmethod
    def from_data(cls, value: str | Mapping[str, str]) -> Note:
        """A note as the format file (checked by its schema) writes it.

        >>> Note.from_data("Plain."), Note.from_data({"en": "Bo1.", "ja": "1本勝負。"}).text
        (Note(text='Plain.', languages=()), 'Bo1.')
        """
        if isinstance(value, str):
            return cls(value)
        return cls(value["en"], tuple((code, text) for code, text in value.items() if code != "en"))

    def written_in(self, language: str) -> str | None:
        """The note's text in ``language`` (or its base language) as the file gives it; None when
        the file gives none (English is :attr:`text`).

        >>> note = Note.from_data({"en": "Bo1.", "ja": "1本勝負。", "pt": "Melhor de um."})
        >>> note.written_in("ja"), note.written_in("pt-BR"), note.written_in("fr")
        ('1本勝負。', 'Melhor de um.', None)
        """
        given = dict(self.languages)
        for code in dict.fromkeys((language, language.replace("_", "-").split("-")[0])):
            if code in given:
                return given[code]
        return None
