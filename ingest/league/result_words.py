"""A result typed in an issue, read as each family's report form takes it (the venue's form
fields: :mod:`ingest.venue.result_forms`), looked up by the event's family id
(:data:`WORDS`): :class:`~ingest.league.match_words.MatchWords` for the MTR-style family,
:class:`~ingest.league.wot_words.WotWords` for Wheel of Time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from ingest.core.families import family_of
from ingest.core.model import Event
from ingest.league.match_words import MatchWords
from ingest.league.wot_words import WotWords
from ingest.venue.tables import Side, Table


class ResultWords(Protocol):
    """One family's reading of a typed result."""

    def fields(self, table: Table, text: str) -> dict[str, str]:
        """The result typed in an issue as the venue's form fields of ``table``."""
        ...

    def how(self, event: Event, table: Table, side: Side, offered: str) -> str:
        """How a result of ``table`` is written (``offered``: the scores the form offers, as code)."""
        ...


WORDS: Mapping[str, ResultWords] = {"mtr": MatchWords(), "wot": WotWords()}
"""Each family's reading of a typed result, by the family's id."""


def words_of(event: Event) -> ResultWords:
    """The reading of ``event``'s family."""
    return WORDS[family_of(event).id]
