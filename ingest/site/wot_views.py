"""What a Wheel of Time event's pages show: each game's pairings and results, the
standings after each game, and each player's cycles (WoT rules, Final Score)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.figures import show_points
from ingest.report.event_report import EventReport
from ingest.site.digest import unit_url
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.source.players import PlayerRegistry

_WOT_HOW = {
    "goal": N_("goal"),
    "kill": N_("kill"),
    "concession": N_("concession"),
    "forfeit": N_("forfeit"),
    "time": N_("time"),
}
"""How a Wheel of Time game ended (the event file's ``by``), as the pairings show it."""


def wot_view(report: EventReport, names: Mapping[str, str], registry: PlayerRegistry) -> dict[str, Any]:
    assert report.wot is not None
    e = report.event
    games = []
    for n, rnd in enumerate(e.rounds, start=1):
        results = report.wot.games[n - 1] if n - 1 < len(report.wot.games) else ()
        by_player = {r.player: r for r in results}
        rows = []
        for g in rnd.wot_games:
            if g.hero and g.villain:
                h, v = by_player.get(g.hero), by_player.get(g.villain)
                ended = " ".join(
                    x
                    for x in (
                        _(_WOT_HOW[g.by]) if g.by in _WOT_HOW else (g.by or "").replace("-", " "),
                        _("in the Last Battle")
                        if g.ended == "last-battle"
                        else _("before the Last Battle")
                        if g.ended
                        else "",
                    )
                    if x
                )
                winner_name = {
                    "hero": names.get(g.hero, g.hero),
                    "villain": names.get(g.villain, g.villain),
                    "tie": _("tie"),
                    "both-lose": _("both lose"),
                }.get(g.winner or "", g.winner or "")
                rows.append(
                    {
                        "table": g.table or "",
                        "hero": names.get(g.hero, g.hero),
                        "villain": names.get(g.villain, g.villain),
                        "hero_url": unit_url(e, g.hero, registry),
                        "villain_url": unit_url(e, g.villain, registry),
                        "hero_won": g.winner == "hero",
                        "villain_won": g.winner == "villain",
                        "winner": winner_name,
                        "ended": ended,
                        "finals": f"{g.hero_final}–{g.villain_final}"
                        if g.hero_final is not None and g.villain_final is not None
                        else "",
                        "hero_gp": h.game_points if h else "",
                        "villain_gp": v.game_points if v else "",
                        "hero_tbp": show_points(h.tiebreak_points) if h else "",
                        "villain_tbp": show_points(v.tiebreak_points) if v else "",
                        "note": (h.note if h and h.note else "") or (g.override[2] if g.override else ""),
                    }
                )
            else:
                p = g.hero or g.villain
                assert p is not None
                r = by_player.get(p)
                on_hero = (r is not None and r.side.value == "hero") or (r is None and g.hero is not None)
                rows.append(
                    {
                        "table": "",
                        "hero_url": unit_url(e, p, registry) if on_hero else "",
                        "villain_url": "" if on_hero else unit_url(e, p, registry),
                        "hero_won": False,
                        "villain_won": False,
                        "hero": names.get(p, p) if (r and r.side.value == "hero") or (not r and g.hero) else _("bye"),
                        "villain": names.get(p, p)
                        if (r and r.side.value == "villain") or (not r and g.villain)
                        else _("bye"),
                        "winner": _("bye"),
                        "ended": "",
                        "finals": "",
                        "hero_gp": r.game_points if r and r.side.value == "hero" else "",
                        "villain_gp": r.game_points if r and r.side.value == "villain" else "",
                        "hero_tbp": show_points(r.tiebreak_points) if r and r.side.value == "hero" else "",
                        "villain_tbp": show_points(r.tiebreak_points) if r and r.side.value == "villain" else "",
                        "note": "",
                    }
                )
        games.append(
            {
                "number": n,
                "cycle": (n + 1) // 2,
                "game_in_cycle": 2 - n % 2,
                "rows": rows,
                "complete": n <= len(report.wot.games),
            }
        )
    standings = []
    for table in report.wot.standings:
        standings.append(
            [
                {
                    "rank": r.rank if r.rank is not None else "–",
                    "name": names.get(r.player, r.player),
                    "url": unit_url(e, r.player, registry),
                    "gp": r.game_points,
                    "tbp": show_points(r.tiebreak_points),
                    "removed": r.removed,
                    "byes": r.byes,
                }
                for r in table
            ]
        )
    cycles = report.wot.cycle_totals()
    n_cycles = max((len(v) for v in cycles.values()), default=0)
    cycle_rows = [
        {
            "name": names.get(p, p),
            "url": unit_url(e, p, registry),
            "cycles": [(gp, show_points(tbp)) for gp, tbp in v] + [("", "")] * (n_cycles - len(v)),
        }
        for p, v in sorted(cycles.items(), key=lambda kv: names.get(kv[0], kv[0]).casefold())
    ]
    return {"games": games, "standings": standings, "cycles": cycle_rows, "n_cycles": n_cycles}
