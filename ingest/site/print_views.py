"""The round as printed for the wall while an event runs: every player once, sorted by
name, with table and opponent, and a result slip per table (Wheel of Time and team
events have their own)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ingest.core.model import Event, MatchKind, Round
from ingest.site.event_views import (
    seat_names,
)
from ingest.site.i18n import gettext as _
from ingest.wot import WotSide, cycle_of, default_bye_side


def print_label(event: Event, number: int) -> str:
    """A round's name where it is printed: "Round 3", or for Wheel of Time "Game 3 (cycle 2)".

    WoT rules, Time: an event is played in Games grouped in Cycles of two.
    """
    if event.structure.pairing == "wot-cycles":
        return _("Game %(number)s (cycle %(cycle)s)") % {"number": number, "cycle": cycle_of(number)}
    return _("Round %(number)s") % {"number": number}


def print_round(event: Event, rnd: Round, names: Mapping[str, str]) -> dict[str, Any]:
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
