"""What a Wheel of Time event's pages show (:class:`WotViews`): each game's pairings and
results, the standings after each game, each player's cycles (WoT rules, Final Score), the
game printed for the wall with each player's deck, and the games in the API documents."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ingest.core.figures import show_points
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.rounds import Round
from ingest.site.brief import unit_url
from ingest.site.event_views import Links
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.site.page_views import PageViews
from ingest.site.print_views import PrintedRound, Slip, WallLine, printed_round
from ingest.site.qr import QrCode
from ingest.site.wot_view_values import WotCycleRow, WotGame, WotGameRow, WotStandingsRow, WotView
from ingest.summary.event_summary import EventSummary
from ingest.wot import cycle_of
from ingest.wot.wot_entry import WotEntry, wot_entries

_WOT_HOW = {
    "goal": N_("goal"),
    "kill": N_("kill"),
    "concession": N_("concession"),
    "forfeit": N_("forfeit"),
    "time": N_("time"),
}
"""How a Wheel of Time game ended (the event file's ``by``), as the pairings show it."""


def _ended(g: WotEntry) -> str:
    how = _(_WOT_HOW[g.by]) if g.by in _WOT_HOW else (g.by or "").replace("-", " ")
    when = _("in the Last Battle") if g.ended == "last-battle" else _("before the Last Battle") if g.ended else ""
    return " ".join(x for x in (how, when) if x)


def wot_view(report: EventSummary, names: Mapping[str, str]) -> WotView:
    """Each game's tables, the standings after each game and the cycles, as the pages show them."""
    assert report.wot is not None
    e = report.event
    games = []
    for n, rnd in enumerate(e.rounds, start=1):
        results = report.wot.games[n - 1] if n - 1 < len(report.wot.games) else ()
        by_player = {r.player: r for r in results}
        rows = []
        for g in wot_entries(rnd):
            if g.hero and g.villain:
                h, v = by_player.get(g.hero), by_player.get(g.villain)
                winner_name = {
                    "hero": names.get(g.hero, g.hero),
                    "villain": names.get(g.villain, g.villain),
                    "tie": _("tie"),
                    "both-lose": _("both lose"),
                }.get(g.winner or "", g.winner or "")
                rows.append(
                    WotGameRow(
                        table=g.table or "",
                        hero=names.get(g.hero, g.hero),
                        villain=names.get(g.villain, g.villain),
                        hero_url=unit_url(report, g.hero),
                        villain_url=unit_url(report, g.villain),
                        hero_won=g.winner == "hero",
                        villain_won=g.winner == "villain",
                        winner=winner_name,
                        ended=_ended(g),
                        finals=f"{g.hero_final}–{g.villain_final}"
                        if g.hero_final is not None and g.villain_final is not None
                        else "",
                        hero_gp=h.game_points if h else "",
                        villain_gp=v.game_points if v else "",
                        hero_tbp=show_points(h.tiebreak_points) if h else "",
                        villain_tbp=show_points(v.tiebreak_points) if v else "",
                        note=(h.note if h and h.note else "") or _override_note(g),
                    )
                )
            else:
                p = g.hero or g.villain
                assert p is not None
                r = by_player.get(p)
                on_hero = (r is not None and r.side.value == "hero") or (r is None and g.hero is not None)
                hero_side = r is not None and r.side.value == "hero"
                villain_side = r is not None and r.side.value == "villain"
                rows.append(
                    WotGameRow(
                        table="",
                        hero=names.get(p, p) if hero_side or (not r and g.hero) else _("bye"),
                        villain=names.get(p, p) if villain_side or (not r and g.villain) else _("bye"),
                        hero_url=unit_url(report, p) if on_hero else "",
                        villain_url="" if on_hero else unit_url(report, p),
                        hero_won=False,
                        villain_won=False,
                        winner=_("bye"),
                        ended="",
                        finals="",
                        hero_gp=r.game_points if r and hero_side else "",
                        villain_gp=r.game_points if r and villain_side else "",
                        hero_tbp=show_points(r.tiebreak_points) if r and hero_side else "",
                        villain_tbp=show_points(r.tiebreak_points) if r and villain_side else "",
                        note="",
                    )
                )
        games.append(WotGame(n, (n + 1) // 2, 2 - n % 2, tuple(rows), n <= len(report.wot.games)))
    dropped_after = e.dropped_after()
    standings = tuple(
        tuple(
            WotStandingsRow(
                rank=r.rank if r.rank is not None else "–",
                name=names.get(r.player, r.player),
                url=unit_url(report, r.player),
                gp=r.game_points,
                tbp=show_points(r.tiebreak_points),
                removed=r.removed,
                byes=r.byes,
                dropped=not r.removed and dropped_after.get(PlayerId(r.player), k + 1) <= k,
            )
            for r in table
        )
        for k, table in enumerate(report.wot.standings, start=1)
    )
    cycles = report.wot.cycle_totals()
    n_cycles = max((len(v) for v in cycles.values()), default=0)
    cycle_rows = tuple(
        WotCycleRow(
            names.get(p, p),
            unit_url(report, p),
            tuple((gp, show_points(tbp)) for gp, tbp in v) + (("", ""),) * (n_cycles - len(v)),
        )
        for p, v in sorted(cycles.items(), key=lambda kv: names.get(kv[0], kv[0]).casefold())
    )
    return WotView(tuple(games), standings, cycle_rows, n_cycles)


def _override_note(g: WotEntry) -> str:
    """The note of a judge's tie-breaking override recorded with the game."""
    game = g.game
    return game.tiebreak_override.note if game is not None and game.tiebreak_override is not None else ""


class WotViews:
    """The views of a Wheel of Time event."""

    def pages(self, report: EventSummary, names: Mapping[str, str], links: Links) -> PageViews:
        """Each game, the standings after each and the cycles (:func:`wot_view`); the standings
        list every player once the games are scored."""
        del links
        return PageViews(
            wot=wot_view(report, names) if report.wot else None,
            show_players=not report.wot,
        )

    def printed_round(
        self, event: Event, rnd: Round, names: Mapping[str, str], qr_round: QrCode | None
    ) -> PrintedRound:
        """The game as printed: each player's table, deck (Hero or Villain) and opponent, and a
        slip for the WoT result; its name says the cycle (WoT rules, Time: Games in Cycles of two)."""
        del event
        lines, slips = _print_wot(rnd, names)
        label = _("Game %(number)s (cycle %(cycle)s)") % {"number": rnd.number, "cycle": cycle_of(rnd.number)}
        return printed_round(rnd.number, label, "wot", lines, slips, qr_round)

    def live(
        self,
        report: EventSummary,
        views: PageViews,
        version: str,
        url_of: Callable[[str], str],
        names: Mapping[str, str],
    ) -> dict[str, Any] | None:
        """None: the live block's round clock and cut calculator are for rounds of matches."""
        del report, views, version, url_of, names
        return None

    def api_entries(self, rnd: Round) -> list[dict[str, Any]]:
        """Each table (Hero, Villain and the result as recorded) and each bye with its side."""
        out: list[dict[str, Any]] = []
        for g in wot_entries(rnd):
            if g.hero and g.villain:
                item: dict[str, Any] = {"hero": g.hero, "villain": g.villain}
                for key in ("table", "winner", "ended", "by", "hero_final", "villain_final"):
                    if getattr(g, key) is not None:
                        item[key] = getattr(g, key)
                out.append(item)
            else:
                out.append({"bye": g.hero or g.villain, "side": "villain" if g.villain else "hero"})
        return out

    def api_extra(self, report: EventSummary) -> dict[str, Any]:
        """The standings after each game (``wot_standings``), once the games are scored."""
        if report.wot is None:
            return {}
        return {
            "wot_standings": [
                [
                    {
                        "rank": r.rank,
                        "player": r.player,
                        "game_points": r.game_points,
                        "tbp": float(r.tiebreak_points),
                        "tbp_exact": f"{r.tiebreak_points.numerator}/{r.tiebreak_points.denominator}",
                        "removed": r.removed,
                    }
                    for r in table
                ]
                for table in report.wot.standings
            ]
        }

    def mtgo_exportable(self, event: Event) -> bool:
        """Never: the format has no Hero/Villain games."""
        del event
        return False


def _print_wot(rnd: Round, names: Mapping[str, str]) -> tuple[list[WallLine], list[Slip]]:
    """WoT: each player's table, deck (Hero or Villain) and opponent; a bye counts as one side."""
    lines: list[WallLine] = []
    slips: list[Slip] = []
    for g in wot_entries(rnd):
        if g.hero and g.villain:
            hero, villain = names.get(g.hero, g.hero), names.get(g.villain, g.villain)
            lines.append(WallLine(hero, g.table or "", villain, deck=_("Hero")))
            lines.append(WallLine(villain, g.table or "", hero, deck=_("Villain")))
            slips.append(Slip(g.table or "", hero, villain))
        else:
            assert g.bye is not None
            lone = g.bye.player
            # WoT Expanded Set-Up: unless the file says, a bye counts as Hero in a cycle's first Game.
            side = g.bye.resolved_side(rnd.number)
            counts_as = _("bye (counts as Hero)") if side.value == "hero" else _("bye (counts as Villain)")
            lines.append(WallLine(names.get(lone, lone), "", "", deck=counts_as))
    return lines, slips
