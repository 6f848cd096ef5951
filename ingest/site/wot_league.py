"""Wheel of Time's part of a league's links (:mod:`ingest.site.league_links`): the tables of
the Game being played not reported yet, each with its Hero and its Villain."""

from __future__ import annotations

from ingest.core.model import Event
from ingest.site.i18n import gettext as _
from ingest.wot.wot_entry import wot_entries


class WotLeague:
    """Unreported tables of the Game being played."""

    def unfinished(self, event: Event) -> tuple[str, int, list[tuple[int | None, tuple[str, str]]]]:
        """The Game in words, its number, and each unreported table with its Hero and Villain."""
        if not event.rounds:
            return "", 0, []
        rnd = event.rounds[-1]
        out: list[tuple[int | None, tuple[str, str]]] = [
            (g.table, (str(g.hero), str(g.villain)))
            for g in wot_entries(rnd)
            if g.hero and g.villain and not g.reported
        ]
        return _("Game %(number)s") % {"number": rnd.number}, rnd.number, out
