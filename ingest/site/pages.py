"""The site as data: every page of ``build/docs`` rendered from event reports (and digests).

:func:`site_files` is pure: reports, players, formats and "today" in, a mapping of
relative paths to file contents out (Markdown pages, HTML fragments, the JSON API,
assets). Writing them and running the site engine is :mod:`ingest.publish.run`'s job.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.core.figures import show_points
from ingest.core.games import GAMES
from ingest.core.model import Event, Match, MatchKind, Round
from ingest.report.event_report import EventReport
from ingest.report.history import PlayerHistories, histories_from
from ingest.rules.examples import all_examples, wot_example_game
from ingest.rules.published import platform_name
from ingest.rules.rulesets import RULESETS, get_ruleset
from ingest.site import api, i18n
from ingest.site.api_mtgo import mtgo_files
from ingest.site.digest import EventDigest, event_digest, player_names, unit_url
from ingest.site.event_views import (
    Links,
    bracket_view,
    computed_label,
    deck_views,
    metagame_view,
    result_text,
    rounds_view,
    seat_names,
    seats_text,
    standings_view,
    unit_links,
)
from ingest.site.feeds import RESULTS_FEED, calendar_path, feed_files
from ingest.site.fragments import PREFIX, SEARCH_FILE, YEAR_PARAM
from ingest.site.i18n import N_, ngettext
from ingest.site.i18n import gettext as _
from ingest.site.live import VERSION_FILE, live_view, version_token
from ingest.site.page import Files, Mapper, SiteInputs, base_for, page_files
from ingest.site.player_pages import player_pages
from ingest.site.qr import QrCode, page_address, qr_code
from ingest.site.seasons import compute_seasons, event_seasons, player_seasons, season_files
from ingest.source.players import PlayerRegistry
from ingest.wot import WotSide, cycle_of, default_bye_side

# -- view models --------------------------------------------------------------------------


_PAIRINGS = {
    "swiss": N_("Swiss"),
    "round-robin": N_("Round robin"),
    "single-elimination": N_("Single elimination"),
    "double-elimination": N_("Double elimination"),
    "wot-cycles": N_("Hero/Villain cycles"),
}
"""Pairing systems as the event page names them (others: the id in words)."""


def _structure_text(report: EventReport) -> str:
    s = report.event.structure
    known = _PAIRINGS.get(s.pairing)
    parts = [_(known) if known else s.pairing.replace("-", " ").capitalize()]
    if s.swiss_rounds:
        if s.pairing == "wot-cycles":
            parts.append(ngettext("%(num)d game", "%(num)d games", s.swiss_rounds) % {"num": s.swiss_rounds})
        else:
            parts.append(ngettext("%(num)d round", "%(num)d rounds", s.swiss_rounds) % {"num": s.swiss_rounds})
    elif s.swiss_rounds_auto:
        parts.append(_("rounds by the recommended table"))
    parts.append(_("best of %(games)s") % {"games": s.best_of})
    if s.playoff:
        seeding = _("draft seats") if s.playoff.seeding == "draft-seats" else _("seeded by standings")
        parts.append(_("top %(players)s playoff (%(seeding)s)") % {"players": s.playoff.top, "seeding": seeding})
    if s.round_minutes:
        parts.append(_("%(minutes)s-minute rounds") % {"minutes": s.round_minutes})
    if s.results == "matches":
        parts.append(_("match results only (no games recorded)"))
    return _(", ").join(parts)


def _event_context(report: EventReport, inputs: SiteInputs, names: Mapping[str, str], page: str) -> dict[str, Any]:
    """Everything an event page shows; links in it are relative to the site root, and the
    templates prefix them with ``base`` (the way from ``page`` to the root)."""
    e = report.event
    base = base_for(page)
    registry = inputs.players
    links = unit_links(e, registry)
    players = []
    archetypes = report.public_archetypes()
    for p in e.players:
        players.append(
            {
                "id": p.id,
                "name": names[p.id],
                "url": links[p.id],
                "archetype": archetypes[p.id],
                "team": names.get(p.team, p.team),
                "country": p.country,
            }
        )
    return {
        "report": report,
        "e": e,
        "base": base,
        "names": names,
        "structure": _structure_text(report),
        "rules_name": report.ruleset.name,
        "source_name": platform_name(e.source) if e.source is not None else "",
        "rules_url": f"rules/{report.ruleset.id.split('-')[0]}/",
        "standings": [standings_view(report, t, names, links, registry, details=False) for t in report.standings],
        **_main_standings(report, names, links, registry),
        "bracket": bracket_view(report, names),
        "metagame": metagame_view(report),
        "decks": deck_views(report, names, links, registry),
        "wot": _wot_view(report, names, registry) if report.wot else None,
        "rounds": rounds_view(e, e.rounds, names, links, registry, playoff=False) if not report.wot else (),
        "playoff": rounds_view(e, e.playoff, names, links, registry, playoff=True),
        "cut_drops": [names.get(p, p) for p in e.cut_drops],
        "players": sorted(players, key=lambda p: str(p["name"]).casefold()),
        "teams": _teams_view(report, names, registry) if e.is_team_event else [],
        "slug": e.slug,
        "game_name": e.game_name,
        "today": inputs.today.isoformat(),
        "format_url": f"formats/{e.game}/{e.format}/" if e.format != "other" else "",
        "seasons": event_seasons(inputs.seasons, e),
        "illegal": sum(1 for d in report.decks.values() if d.legal is False),
        "print_round": _print_view(report, names, inputs.site_url),
        "qr_event": _qr(inputs.site_url, f"events/{e.slug}/", "sk-qr-event"),
        # With standings, every player is in them (with their deck); a team event lists
        # the players of each team here.
        "show_players": not (report.final or report.wot) or e.is_team_event,
    }


def _teams_view(report: EventReport, names: Mapping[str, str], registry: PlayerRegistry) -> list[dict[str, Any]]:
    """Each team: members in seat order, its standing, and every team match with the seat results."""
    e = report.event
    rows = {r.player: r for r in report.final.rows} if report.final else {}
    out = []
    for team in e.teams:
        matches = []
        for label, series in ((N_("Round %(number)s"), e.rounds), (N_("Playoff round %(number)s"), e.playoff)):
            for rnd in series:
                # Every match the team has in the round: byes and losses without an opponent
                # count in its record (MTR 8.2) as much as the team matches do.
                for m in rnd.matches:
                    if team.id in m.players:
                        matches.append(
                            {"round": _(label) % {"number": rnd.number}, **_team_match_view(e, rnd, m, team.id, names)}
                        )
        row = rows.get(team.id)
        out.append(
            {
                "id": team.id,
                "name": team.name,
                "rank": row.rank if row else "",
                "record": row.record.wld if row else "",
                "points": row.record.points if row else "",
                "place": computed_label(row.place) if row and row.place else "",
                "members": [
                    {"name": names.get(m, m), "url": unit_url(e, m, registry), "seat": label}
                    for m, label in zip(team.members, seat_names(e), strict=False)
                ],
                "matches": matches,
            }
        )
    out.sort(key=lambda t: (t["rank"] if isinstance(t["rank"], int) else 10**6, str(t["name"]).casefold()))
    return out


def _team_match_view(event: Event, rnd: Round, m: Match, team: str, names: Mapping[str, str]) -> dict[str, Any]:
    """One match of a team read from that team's side: opponent, outcome and seat results."""
    if len(m.players) == 1:
        return {"opponent": "", "opponent_url": "", "outcome": result_text(m.players, m.score, m.kind), "seats": ""}
    other = m.players[1] if m.players[0] == team else m.players[0]
    won = m.winner()
    if not m.reported:
        outcome = _("playing")
    elif m.kind is MatchKind.DOUBLE_LOSS:
        outcome = _("double loss")
    else:
        outcome = _("won") if won == team else _("drew") if won is None else _("lost")
    return {
        "opponent": names.get(other, other),
        "opponent_url": f"#{other}",
        "outcome": outcome,
        "seats": seats_text(event, rnd, m.table, names, side=team),
    }


def _after_round(number: int, planned: int | None) -> str:
    """The title of standings taken after a round ("Standings after round 3 of 5")."""
    if planned:
        return _("Standings after round %(number)s of %(planned)s") % {"number": number, "planned": planned}
    return _("Standings after round %(number)s") % {"number": number}


def _main_standings(
    report: EventReport, names: Mapping[str, str], links: Links, registry: PlayerRegistry
) -> dict[str, Any]:
    """The event page's standings and their title, as the event stands.

    While a Swiss round is being played the standings are those after the last finished
    round (a round in progress changes nothing until it is over), titled "after round 2 of
    4; round 3 in progress"; once the event is over, the final standings.
    """
    from ingest.planner.field import planned_rounds

    e = report.event
    table = report.final
    planned = planned_rounds(e, report.ruleset) if e.structure.pairing == "swiss" and not report.wot else None
    title = _("Final standings")
    if report.status != "complete" and table is not None:
        title = _after_round(table.after_round, planned)
        current = e.rounds[-1] if e.rounds and not e.playoff else None
        if current is not None and not current.complete:
            done = len(e.rounds) - 1
            table = report.standings[done - 1] if done and len(report.standings) >= done else None
            title = _("%(standings)s; round %(number)s in progress") % {
                "standings": _after_round(done, planned),
                "number": current.number,
            }
    return {
        "final": standings_view(report, table, names, links, registry, details=True) if table else None,
        "standings_title": title,
        "planned_rounds": planned,
    }


def _event_pages(report: EventReport, inputs: SiteInputs, templates: Path) -> Files:
    e = report.event
    names = player_names(e, inputs.players)
    prefix = f"events/{e.slug}/"
    files: Files = {}
    ctx = _event_context(report, inputs, names, prefix + "index.md")
    api_path, api_text = api.event_file(report, inputs.players)
    version = version_token(e, api_text)
    ctx["live"] = _live(report, ctx, version, inputs)
    files[prefix + VERSION_FILE] = version + "\n"
    files.update(page_files(prefix + "index.md", templates, "event.md.j2", ctx))
    if ctx["rounds"] or ctx["playoff"] or ctx["wot"]:
        files.update(
            page_files(
                prefix + "rounds.md", templates, "event_rounds.md.j2", {**ctx, "base": base_for(prefix + "rounds.md")}
            )
        )
    if ctx["decks"]:
        files.update(
            page_files(
                prefix + "decklists.md",
                templates,
                "event_decklists.md.j2",
                {**ctx, "base": base_for(prefix + "decklists.md")},
            )
        )
    if ctx["teams"]:
        files.update(
            page_files(
                prefix + "teams.md", templates, "event_teams.md.j2", {**ctx, "base": base_for(prefix + "teams.md")}
            )
        )
    files[api_path] = api_text
    files.update(mtgo_files(report, inputs.players))
    return files


def _print_view(report: EventReport, names: Mapping[str, str], site_url: str) -> dict[str, Any] | None:
    """The latest round as printed for the wall (sheet sorted by name, result slips, each
    slip with a QR code to the round when the site's address is known).

    Only while the event is in progress: that is when a TO prints the round being played.
    The rounds page carries it, shown in print (see ``print_round`` in the templates).
    """
    e = report.event
    if report.status != "in-progress" or not e.rounds or e.playoff:
        return None
    rnd = e.rounds[-1]
    qr_round = _qr(site_url, f"events/{e.slug}/rounds/#round-{rnd.number}", "sk-qr-round")
    return {**_print_round(e, rnd, names), "label": print_label(e, rnd.number), "qr_round": qr_round}


def _qr(site_url: str, path: str, ref: str) -> QrCode | None:
    """A QR code to a page of the site, or None when ``site_url`` is not set (mkdocs.yml)."""
    address = page_address(site_url, path)
    return qr_code(address, ref) if address else None


def _live(report: EventReport, ctx: Mapping[str, Any], version: str, inputs: SiteInputs) -> dict[str, Any] | None:
    """The live block of an event page (:mod:`ingest.site.live`), while the event is played."""
    from ingest.planner.field import planned_rounds

    e = report.event
    planned = planned_rounds(e, report.ruleset) if e.structure.pairing == "swiss" else None
    return live_view(
        e,
        report.status,
        ctx["rounds"],
        ctx["playoff"],
        planned,
        version,
        lambda unit: unit_url(e, unit, inputs.players),
        ctx["names"],
    )


def print_label(event: Event, number: int) -> str:
    """A round's name where it is printed: "Round 3", or for Wheel of Time "Game 3 (cycle 2)".

    WoT rules, Time: an event is played in Games grouped in Cycles of two.
    """
    if event.structure.pairing == "wot-cycles":
        return _("Game %(number)s (cycle %(cycle)s)") % {"number": number, "cycle": cycle_of(number)}
    return _("Round %(number)s") % {"number": number}


def _print_round(event: Event, rnd: Round, names: Mapping[str, str]) -> dict[str, Any]:
    """The wall sheet (every player once, sorted by name, with table and opponent) and result slips.

    Wheel of Time games show each player's deck and get slips for the WoT result; team
    events list players, not teams, each with their seat (MTR 8.2, Bushiroad 5.1).
    """
    if event.structure.pairing == "wot-cycles":
        kind, (lines, slips) = "wot", _print_wot(rnd, names)
    elif event.is_team_event and event.structure.team_kind == "two-headed-giant":
        kind, (lines, slips) = "2hg", _print_teams(event, rnd, names, seats=False)
    elif event.is_team_event:
        kind, (lines, slips) = "team", _print_teams(event, rnd, names, seats=True)
    else:
        kind, (lines, slips) = "match", _print_matches(rnd, names)
    lines.sort(key=lambda line: (str(line["name"]).casefold(), str(line["name"])))
    slips.sort(key=lambda s: int(s["table"]) if str(s["table"]).isdigit() else 10**6)
    return {"lines": lines, "slips": slips, "number": rnd.number, "kind": kind}


def _lone_text(kind: MatchKind) -> str:
    return _("bye") if kind is MatchKind.BYE else _("match loss")


def _print_matches(rnd: Round, names: Mapping[str, str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    lines: list[dict[str, Any]] = []
    slips: list[dict[str, Any]] = []
    for m in rnd.matches:
        if len(m.players) == 2:
            a, b = (names.get(p, p) for p in m.players)
            lines.append({"name": a, "table": m.table or "", "opponent": b})
            lines.append({"name": b, "table": m.table or "", "opponent": a})
            slips.append({"table": m.table or "", "a": a, "b": b})
        else:
            lines.append({"name": names.get(m.players[0], m.players[0]), "table": "", "opponent": _lone_text(m.kind)})
    return lines, slips


def _print_wot(rnd: Round, names: Mapping[str, str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """WoT: each player's table, deck (Hero or Villain) and opponent; a bye counts as one side."""
    lines: list[dict[str, Any]] = []
    slips: list[dict[str, Any]] = []
    for g in rnd.wot_games:
        if g.hero and g.villain:
            hero, villain = names.get(g.hero, g.hero), names.get(g.villain, g.villain)
            lines.append({"name": hero, "table": g.table or "", "deck": _("Hero"), "opponent": villain})
            lines.append({"name": villain, "table": g.table or "", "deck": _("Villain"), "opponent": hero})
            slips.append({"table": g.table or "", "a": hero, "b": villain})
        else:
            lone = g.hero or g.villain
            assert lone is not None
            # WoT Expanded Set-Up: unless the file says, a bye counts as Hero in a cycle's first Game.
            side = WotSide(g.bye_side) if g.bye_side else default_bye_side(rnd.number)
            counts_as = _("bye (counts as Hero)") if side.value == "hero" else _("bye (counts as Villain)")
            lines.append({"name": names.get(lone, lone), "table": "", "deck": counts_as, "opponent": ""})
    return lines, slips


def _print_teams(
    event: Event, rnd: Round, names: Mapping[str, str], *, seats: bool
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Team events: a line per player (team, table, seat, the opponent in the same seat).

    With ``seats`` the slip has a line per seat (MTR 8.2, Bushiroad 5.2); Two-Headed Giant
    teams play as one player (MTR 9), so their slip has one line per team.
    """
    members = {t.id: t.members for t in event.teams}
    labels = seat_names(event)
    lines: list[dict[str, Any]] = []
    slips: list[dict[str, Any]] = []

    def together(team: str) -> str:
        return f"{names.get(team, team)} ({' & '.join(names.get(m, m) for m in members.get(team, ()))})"

    for m in rnd.matches:
        if len(m.players) != 2:
            team = m.players[0]
            for p in members.get(team, ()):
                line = {"name": names.get(p, p), "team": names.get(team, team), "table": "", "seat": ""}
                lines.append({**line, "opponent": _lone_text(m.kind)})
            continue
        first, second = m.players
        rows = []
        for me, them in ((first, second), (second, first)):
            for i, p in enumerate(members.get(me, ())):
                if seats:
                    theirs = members.get(them, ())
                    opp = theirs[i] if i < len(theirs) else None
                    opponent = f"{names.get(opp, opp)} ({names.get(them, them)})" if opp else names.get(them, them)
                else:
                    opponent = together(them)
                seat = labels[i] if seats and i < len(labels) else ""
                lines.append(
                    {
                        "name": names.get(p, p),
                        "team": names.get(me, me),
                        "table": m.table or "",
                        "seat": seat,
                        "opponent": opponent,
                    }
                )
        if seats:
            a_members, b_members = members.get(first, ()), members.get(second, ())
            for i in range(max(len(a_members), len(b_members))):
                a = a_members[i] if i < len(a_members) else ""
                b = b_members[i] if i < len(b_members) else ""
                rows.append({"seat": labels[i] if i < len(labels) else "", "a": names.get(a, a), "b": names.get(b, b)})
        slips.append(
            {
                "table": m.table or "",
                "a": together(first) if not seats else names.get(first, first),
                "b": together(second) if not seats else names.get(second, second),
                "seats": rows,
            }
        )
    return lines, slips


_WOT_HOW = {
    "goal": N_("goal"),
    "kill": N_("kill"),
    "concession": N_("concession"),
    "forfeit": N_("forfeit"),
    "time": N_("time"),
}
"""How a Wheel of Time game ended (the event file's ``by``), as the pairings show it."""


def _wot_view(report: EventReport, names: Mapping[str, str], registry: PlayerRegistry) -> dict[str, Any]:
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


def _format_pages(inputs: SiteInputs, templates: Path) -> Files:
    files: Files = {}
    games = []
    reg = inputs.formats
    for game in reg.games():
        items = []
        for fid in reg.ids(game):
            rules = reg.formats[(game, fid)]
            items.append({"id": fid, "name": rules.name, "url": f"{game}/{fid}/"})
            files.update(
                page_files(
                    f"formats/{game}/{fid}.md",
                    templates,
                    "format.md.j2",
                    {
                        "rules": rules,
                        "game": game,
                        "game_name": GAMES.get(game, game),
                        "today": inputs.today,
                        "base": base_for(f"formats/{game}/{fid}.md"),
                        "fid": fid,
                        "notes": reg.game_notes.get(game, ()),
                    },
                )
            )
        games.append({"id": game, "name": GAMES.get(game, game), "formats": items})
    files.update(
        page_files(
            "formats/index.md", templates, "formats_index.md.j2", {"games": games, "base": base_for("formats/index.md")}
        )
    )
    return files


def _rules_pages(inputs: SiteInputs, templates: Path) -> Files:
    examples = all_examples()
    files: Files = {}
    pages = [
        ("mtr", "Magic: The Gathering"),
        ("aequitas", "Transformers TCG"),
        ("bushiroad", "Bushiroad games"),
        ("wot", "Wheel of Time"),
    ]
    for rid, title in pages:
        files.update(
            page_files(
                f"rules/{rid}.md",
                templates,
                f"rules_{rid}.md.j2",
                {
                    "ruleset": get_ruleset(rid),
                    "title": title,
                    "examples": [x for x in examples if x.ruleset == rid],
                    "wot_game": wot_example_game() if rid == "wot" else (),
                    "base": base_for(f"rules/{rid}.md"),
                    "rounds": _rounds_tables(),
                },
            )
        )
    files.update(
        page_files(
            "rules/index.md",
            templates,
            "rules_index.md.j2",
            {
                "pages": pages,
                "profiles": [RULESETS["mtr-melee"], RULESETS["mtr-manatraders"], RULESETS["mtr-topdeck"]],
                "base": base_for("rules/index.md"),
            },
        )
    )
    files.update(
        page_files("rules/diagnostics.md", templates, "diagnostics.md.j2", {"base": base_for("rules/diagnostics.md")})
    )
    return files


def _rounds_tables() -> dict[str, list[tuple[str, ...]]]:
    from ingest.rules.rounds_advice import rounds_tables

    return rounds_tables()


SEARCH_YEARS = 2
"""Years of events (the latest ones) in the main search index."""

RULES_TEXT = {
    "mtr": N_("Magic tournament rules: match points, OMW%, GW%, OGW%, byes, rounds and top cut"),
    "aequitas": N_("Transformers TCG tournament rules: points, tiebreakers, unintentional draws"),
    "bushiroad": N_("Bushiroad tournament rules: points, OMW%, OOMW%, head to head"),
    "wot": N_("Wheel of Time tournament rules: game points, tie-breaking points, cycles"),
}


def search_entries(
    inputs: SiteInputs, digests: Sequence[EventDigest], histories: PlayerHistories
) -> list[dict[str, str]]:
    """The site's search index: one short entry per thing a reader looks for.

    Players by name (their aliases and decks in the text), events by name, date and
    place, archetypes (the newest published deck of each), formats, cards on banned or
    restricted lists, seasons, and the rules pages. Round pages, per-round standings and table
    cells are not indexed: a player's page answers "how did I do" and the event page
    "where is my table".

    So that what a phone downloads does not grow with the archive's history, events of
    the two latest years are in the main index and older ones carry their ``year``:
    they go into an index of their own for that year, which the main index offers with
    one entry per year (see :func:`ingest.site.fragments.write_search_index`).
    """
    out: list[dict[str, str]] = []
    recent = max((d.history.date.year for d in digests), default=0) - SEARCH_YEARS + 1
    older: dict[int, list[str]] = defaultdict(list)
    for cid, name in sorted(histories.names.items(), key=lambda kv: (kv[1].casefold(), kv[0])):
        entries = histories.entries.get(cid, ())
        aliases = inputs.players.public_aliases(cid)
        decks = sorted({e.archetype for e in entries if e.archetype})
        text = ngettext("Player, %(num)d event", "Player, %(num)d events", len(entries)) % {"num": len(entries)}
        if aliases:
            text += _("; also %(names)s") % {"names": i18n.separated(aliases)}
        if decks:
            text += _("; decks: %(decks)s") % {"decks": i18n.separated(decks[:5])}
        out.append({"location": f"players/{cid}/", "title": name, "text": text})
    latest_deck: dict[str, tuple[str, str, str]] = {}
    for d in sorted(digests, key=lambda d: (d.history.date, d.history.slug), reverse=True):
        entry = dict(d.search)
        year = d.history.date.year
        if year < recent:
            entry["year"] = str(year)
            older[year].append(d.history.name)
        out.append(entry)
        for archetype, url, player in d.decks:
            if archetype not in latest_deck:
                latest_deck[archetype] = (url, player, d.history.name)
    for archetype, (url, player, event) in sorted(latest_deck.items(), key=lambda kv: kv[0].casefold()):
        text = _("Archetype; latest: %(player)s at %(event)s") % {"player": player, "event": event}
        out.append({"location": url, "title": archetype, "text": text})
    for year, titles in sorted(older.items(), reverse=True):
        n = len(titles)
        if n > 1:
            text = ngettext(
                "Search the %(num)d event of %(year)s: %(first)s to %(last)s",
                "Search the %(num)d events of %(year)s: %(first)s to %(last)s",
                n,
            ) % {"num": n, "year": year, "first": titles[-1], "last": titles[0]}
        else:
            text = _("Search the 1 event of %(year)s: %(first)s") % {"year": year, "first": titles[-1]}
        title = _("Events of %(year)s") % {"year": year}
        out.append({"location": f"?{YEAR_PARAM}={year}", "title": title, "text": text})
    reg = inputs.formats
    cards: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for game in reg.games():
        for fid in reg.ids(game):
            rules = reg.formats[(game, fid)]
            url = f"formats/{game}/{fid}/"
            out.append(
                {
                    "location": url,
                    "title": rules.name,
                    "text": _("%(game)s format: deck rules, banned list") % {"game": GAMES.get(game, game)},
                }
            )
            for c in rules.banned_on(inputs.today):
                cards[c.card].append((url, _("banned in %(format)s") % {"format": rules.name}))
            for c in rules.restricted_on(inputs.today):
                cards[c.card].append((url, _("restricted in %(format)s") % {"format": rules.name}))
    for card, lists in sorted(cards.items(), key=lambda kv: kv[0].casefold()):
        text = "; ".join(words for _url, words in lists)
        out.append({"location": lists[0][0], "title": card, "text": text[:1].upper() + text[1:]})
    for season in sorted(inputs.seasons, key=lambda s: s.id):
        about = season.description
        if len(about) >= 150:  # entries stay short
            about = about[:150].rsplit(" ", 1)[0] + "…"
        text = _("Season table; %(about)s") % {"about": about} if about else _("Season table")
        out.append({"location": f"seasons/{season.id}/", "title": season.name, "text": text})
    for rid, text in RULES_TEXT.items():
        out.append({"location": f"rules/{rid}/", "title": get_ruleset(rid).name, "text": _(text)})
    out.append(
        {
            "location": "rules/diagnostics/",
            "title": _("Error and warning codes"),
            "text": _("What each message of validate means and how to fix it"),
        }
    )
    return out


def templates_fingerprint(templates: Path) -> str:
    """A digest of every template and asset (rendered pages depend on all of them)."""
    import hashlib

    h = hashlib.sha256()
    for path in sorted(templates.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(templates).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class RenderedEvent:
    """One event made into its own files, and its digest for the pages about many events."""

    digest: EventDigest
    files: Files
    """Its pages, fragments and API documents (paths in ``build/docs``, fragments under
    :data:`~ingest.site.fragments.PREFIX`)."""


def render_event(report: EventReport, inputs: SiteInputs, templates: Path) -> RenderedEvent:
    """An event's files (pages, fragments, API documents) and digest, in the site's language
    (``inputs.language``)."""
    with i18n.use(inputs.lang()):
        return RenderedEvent(event_digest(report, inputs.players), _event_pages(report, inputs, templates))


def site_files(
    inputs: SiteInputs,
    templates: Path,
    page_cache: dict[Any, Files] | None = None,
    mapper: Mapper = map,
    progress: Callable[[str, int, int], None] | None = None,
    rendered: Sequence[RenderedEvent] = (),
) -> Files:
    """Every file of ``build/docs`` and ``build/fragments``: pages, fragments, API documents and assets.

    The events are ``inputs.reports``, rendered here, and ``rendered``: events made into
    their files before (:func:`render_event`; a build keeps them for unchanged events).
    The pages about many events are made from the events' digests only, so they are the
    same whichever way an event came.

    ``page_cache`` keeps each event's rendered pages between builds of one process: an
    event whose report, players' names and templates are unchanged is not rendered again.
    ``mapper`` renders the player pages (see :data:`Mapper`). Pages are in the site's
    language (``inputs.language``).
    """
    with i18n.use(inputs.lang()):
        return _site_files(inputs, templates, page_cache, mapper, progress, rendered)


def _site_files(
    inputs: SiteInputs,
    templates: Path,
    page_cache: dict[Any, Files] | None,
    mapper: Mapper,
    progress: Callable[[str, int, int], None] | None,
    rendered: Sequence[RenderedEvent],
) -> Files:
    files: Files = {}
    fingerprint = templates_fingerprint(templates) if page_cache is not None else ""
    reports = sorted(inputs.reports, key=lambda r: (r.event.date, r.event.slug))
    events = list(rendered)
    for done, report in enumerate(reports):
        if progress is not None:
            progress("rendering event pages", done, len(reports))
        events.append(render_event(report, inputs, templates))
    events.sort(key=lambda r: (r.digest.history.date, r.digest.history.slug))
    digests = [r.digest for r in events]
    histories_of = [d.history for d in digests]
    seasons = compute_seasons(inputs.seasons, histories_of, inputs.players)
    summaries = [dict(d.summary) for d in digests]
    # Sections follow the event's state, not its date: a finished event dated today is a
    # result, an event being played is "playing now" (and nowhere else).
    upcoming = [s for s in summaries if s["status"] == "upcoming"]
    recent = [s for s in reversed(summaries) if s["status"] == "complete"]
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in recent:
        by_game[s["game_name"]].append(s)
    files.update(
        page_files(
            "index.md",
            templates,
            "home.md.j2",
            {
                "upcoming": upcoming,
                "recent_by_game": sorted(by_game.items()),
                "today": inputs.today.isoformat(),
                "base": "",
                "site_name": inputs.site_name,
                "live": [s for s in summaries if s["status"] == "in-progress"],
                "feeds": _feed_links(digests),
                "seasons": [{"name": c.season.name, "url": f"seasons/{c.season.id}/"} for c in seasons],
            },
        )
    )
    files.update(
        feed_files([d.feed for d in digests], today=inputs.today, site_name=inputs.site_name, site_url=inputs.site_url)
    )
    years: dict[int, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for s in reversed(summaries):
        years[s["year"]][s["month"]].append({**s, "url": f"{s['slug']}/"})
    files.update(
        page_files(
            "events/index.md",
            templates,
            "events_index.md.j2",
            {
                "years": sorted(((y, list(m.items())) for y, m in years.items()), reverse=True),
                "games": sorted({(s["game"], s["game_name"]) for s in summaries}),
                "formats": sorted({s["format"] for s in summaries}),
                "base": base_for("events/index.md"),
            },
        )
    )
    for event in events:
        files.update(event.files)
    histories = histories_from(histories_of, inputs.players)
    if progress is not None:
        progress("rendering player pages", 0, 1)
    files.update(player_pages(inputs, templates, histories, mapper, page_cache, fingerprint, player_seasons(seasons)))
    files.update(season_files(seasons, histories.names, templates))
    files.update(_format_pages(inputs, templates))
    files.update(_rules_pages(inputs, templates))
    files.update(api.api_files([d.api_entry for d in digests], histories))
    files[PREFIX + SEARCH_FILE] = json.dumps(
        search_entries(inputs, digests, histories), ensure_ascii=False, separators=(",", ":")
    )
    for asset in sorted((templates / "assets").glob("*")):
        if asset.is_file():
            files[f"assets/{asset.name}"] = asset.read_bytes()
    return files


def _feed_links(digests: Sequence[EventDigest]) -> dict[str, Any]:
    """The home page's links to the feeds: all events, each game's events, results."""
    games = sorted({(d.game_name, d.history.game) for d in digests})
    return {
        "all": calendar_path(),
        "games": [{"name": name, "path": calendar_path(game)} for name, game in games],
        "results": RESULTS_FEED,
    }


def files_digest(files: Mapping[str, str | bytes]) -> str:
    """A stable digest of a file set (for tests and caching)."""
    import hashlib

    h = hashlib.sha256()
    for path in sorted(files):
        content = files[path]
        data = content.encode("utf-8") if isinstance(content, str) else content
        h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()
