"""A result typed in an issue of a Wheel of Time event: who won (``hero``, ``villain``,
``tie`` or ``both-lose``), when the game ended (``last-battle`` or ``before-last-battle``),
how (``goal``, ``kill``, ``concession``...) and, for a game decided in the Last Battle, the
Hero's final support and the Villain's final opposition (``7-3``), as the venue's form takes
them (:class:`ingest.venue.wot_form.WotForm`)."""

from __future__ import annotations

from ingest.core.model import Event
from ingest.league.match_words import DASHES
from ingest.venue.tables import Side, Table


class WotWords:
    """Wheel of Time's typed results."""

    def fields(self, table: Table, text: str) -> dict[str, str]:
        """``winner``, ``ended``, ``by`` and the finals.

        >>> t = Table("e", "rounds", 1, 1, "Game 1", (Side("a", "A"), Side("b", "B")), "wot", None)
        >>> WotWords().fields(t, "Hero, last-battle, goal, 7–3")
        {'winner': 'hero', 'ended': 'last-battle', 'by': 'goal', 'hero_final': '7', 'villain_final': '3'}
        """
        del table
        words = text.translate(DASHES).lower().replace(",", " ").split()
        out = dict(zip(("winner", "ended", "by"), words[:3], strict=False))
        if len(words) > 3 and "-" in words[3]:
            out["hero_final"], _, out["villain_final"] = words[3].partition("-")
        return out

    def how(self, event: Event, table: Table, side: Side, offered: str) -> str:
        del event, table, side, offered
        return "Write who won, when and how the game ended, and the finals: e.g. `hero last-battle goal 7-3`."
