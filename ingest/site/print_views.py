"""The round as printed for the wall while an event runs: every player once, sorted by
name, with table and opponent, and a result slip per table (Wheel of Time and team
events have their own)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ingest.core.model import Event, MatchKind, Round
from ingest.site.event_views import seat_names
from ingest.site.i18n import gettext as _
from ingest.site.qr import QrCode
from ingest.wot import cycle_of


@dataclass(frozen=True, slots=True)
class WallLine:
    """One player on the wall sheet."""

    name: str
    table: int | str
    """The table (empty for a bye or a match loss)."""
    opponent: str
    """The opponent (with the team, in a team event), or what the player has instead (a bye)."""
    deck: str = ""
    """Wheel of Time: the deck the player plays (Hero or Villain)."""
    team: str = ""
    seat: str = ""


@dataclass(frozen=True, slots=True)
class SlipSeat:
    """One seat of a team match's result slip."""

    seat: str
    a: str
    b: str


@dataclass(frozen=True, slots=True)
class Slip:
    """A result slip for one table."""

    table: int | str
    a: str
    b: str
    seats: tuple[SlipSeat, ...] = ()
    """A team match's seats (empty otherwise)."""


@dataclass(frozen=True, slots=True)
class PrintedRound:
    """The round being played, as printed: the wall sheet and the result slips."""

    number: int
    label: str
    """The round's name where it is printed (:func:`print_label`)."""
    kind: str
    """``match``, ``wot``, ``team`` or ``2hg`` (Two-Headed Giant): what the sheet and slips show."""
    lines: tuple[WallLine, ...]
    """Every player once, sorted by name."""
    slips: tuple[Slip, ...]
    """A slip per table, by table."""
    qr_round: QrCode | None = None
    """A QR code to the round's pairings, when the site's address is known."""


def print_label(event: Event, number: int) -> str:
    """A round's name where it is printed: "Round 3", or for Wheel of Time "Game 3 (cycle 2)".

    WoT rules, Time: an event is played in Games grouped in Cycles of two.
    """
    if event.structure.pairing == "wot-cycles":
        return _("Game %(number)s (cycle %(cycle)s)") % {"number": number, "cycle": cycle_of(number)}
    return _("Round %(number)s") % {"number": number}


def print_round(event: Event, rnd: Round, names: Mapping[str, str], qr_round: QrCode | None = None) -> PrintedRound:
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
    lines.sort(key=lambda line: (line.name.casefold(), line.name))
    slips.sort(key=lambda s: int(s.table) if str(s.table).isdigit() else 10**6)
    label = print_label(event, rnd.number)
    return PrintedRound(rnd.number, label, kind, tuple(lines), tuple(slips), qr_round)


def _lone_text(kind: MatchKind) -> str:
    return _("bye") if kind is MatchKind.BYE else _("match loss")


def _print_matches(rnd: Round, names: Mapping[str, str]) -> tuple[list[WallLine], list[Slip]]:
    lines: list[WallLine] = []
    slips: list[Slip] = []
    for m in rnd.matches:
        if len(m.players) == 2:
            a, b = (names.get(p, p) for p in m.players)
            lines.append(WallLine(a, m.table or "", b))
            lines.append(WallLine(b, m.table or "", a))
            slips.append(Slip(m.table or "", a, b))
        else:
            lines.append(WallLine(names.get(m.players[0], m.players[0]), "", _lone_text(m.kind)))
    return lines, slips


def _print_wot(rnd: Round, names: Mapping[str, str]) -> tuple[list[WallLine], list[Slip]]:
    """WoT: each player's table, deck (Hero or Villain) and opponent; a bye counts as one side."""
    lines: list[WallLine] = []
    slips: list[Slip] = []
    for g in rnd.wot_games:
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


def _print_teams(
    event: Event, rnd: Round, names: Mapping[str, str], *, seats: bool
) -> tuple[list[WallLine], list[Slip]]:
    """Team events: a line per player (team, table, seat, the opponent in the same seat).

    With ``seats`` the slip has a line per seat (MTR 8.2, Bushiroad 5.2); Two-Headed Giant
    teams play as one player (MTR 9), so their slip has one line per team.
    """
    members = {t.id: t.members for t in event.teams}
    labels = seat_names(event)
    lines: list[WallLine] = []
    slips: list[Slip] = []

    def together(team: str) -> str:
        return f"{names.get(team, team)} ({' & '.join(names.get(m, m) for m in members.get(team, ()))})"

    for m in rnd.matches:
        if len(m.players) != 2:
            team = m.players[0]
            for p in members.get(team, ()):
                lines.append(WallLine(names.get(p, p), "", _lone_text(m.kind), team=names.get(team, team)))
            continue
        first, second = m.players
        rows: list[SlipSeat] = []
        for me, them in ((first, second), (second, first)):
            for i, p in enumerate(members.get(me, ())):
                if seats:
                    theirs = members.get(them, ())
                    opp = theirs[i] if i < len(theirs) else None
                    opponent = f"{names.get(opp, opp)} ({names.get(them, them)})" if opp else names.get(them, them)
                else:
                    opponent = together(them)
                seat = labels[i] if seats and i < len(labels) else ""
                lines.append(WallLine(names.get(p, p), m.table or "", opponent, team=names.get(me, me), seat=seat))
        if seats:
            a_members, b_members = members.get(first, ()), members.get(second, ())
            for i in range(max(len(a_members), len(b_members))):
                a = a_members[i] if i < len(a_members) else ""
                b = b_members[i] if i < len(b_members) else ""
                rows.append(SlipSeat(labels[i] if i < len(labels) else "", names.get(a, a), names.get(b, b)))
        slips.append(
            Slip(
                m.table or "",
                together(first) if not seats else names.get(first, first),
                together(second) if not seats else names.get(second, second),
                tuple(rows),
            )
        )
    return lines, slips
