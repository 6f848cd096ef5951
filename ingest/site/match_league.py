"""The MTR-style family's part of a league's links (:mod:`ingest.site.league_links`): the
unfinished matches of the round being played (team matches in a team event), each side by
its player's or team's id."""

from __future__ import annotations

from ingest.core.model import Event
from ingest.core.rounds import MatchKind
from ingest.site.i18n import gettext as _


class MatchLeague:
    """Unfinished matches of the round being played (the playoff's, once it started)."""

    def unfinished(self, event: Event) -> tuple[str, int, list[tuple[int | None, tuple[str, str]]]]:
        """The round in words, its number, and each unfinished match's table and sides."""
        if event.playoff:
            rnd, words = event.playoff[-1], _("playoff round %(number)s")
        elif event.rounds:
            rnd, words = event.rounds[-1], _("round %(number)s")
        else:
            return "", 0, []
        out: list[tuple[int | None, tuple[str, str]]] = []
        if event.is_team_event:
            for tm in rnd.team_matches:
                if tm.score is None and not any(s.score is not None or s.double_loss for s in tm.seats):
                    out.append((tm.table, (str(tm.teams[0]), str(tm.teams[1]))))
        else:
            for m in rnd.matches:
                if m.kind is MatchKind.PLAYED and m.score is None and len(m.players) == 2:
                    out.append((m.table, (str(m.players[0]), str(m.players[1]))))
        return words % {"number": rnd.number}, rnd.number, out
