"""The round as printed for the wall while an event runs: every player once, sorted by
name, with table and opponent, and a result slip per table.

What a family prints is its own (:meth:`ingest.site.family_views.FamilyViews.printed_round`):
matches, team matches and Two-Headed Giant (:mod:`ingest.site.match_print`), or Wheel of
Time games with each player's deck (:mod:`ingest.site.wot_views`). The templates show a
:class:`PrintedRound` by its ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.site.qr import QrCode


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
    code: str = ""
    """The table's report code, on slips printed from the venue (``scorekeeper venue``); never
    on the published site's."""
    report_url: str = ""
    """Where the code is typed (the venue's report form), with the code."""
    qr: QrCode | None = None
    """A QR code to ``report_url`` (the slip's own; the venue's only)."""


@dataclass(frozen=True, slots=True)
class PrintedRound:
    """The round being played, as printed: the wall sheet and the result slips."""

    number: int
    label: str
    """The round's name where it is printed: "Round 3", or for Wheel of Time "Game 3 (cycle 2)"."""
    kind: str
    """``match``, ``wot``, ``team`` or ``2hg`` (Two-Headed Giant): what the sheet and slips show."""
    lines: tuple[WallLine, ...]
    """Every player once, sorted by name."""
    slips: tuple[Slip, ...]
    """A slip per table, by table."""
    qr_round: QrCode | None = None
    """A QR code to the round's pairings, when the site's address is known."""


def printed_round(
    number: int, label: str, kind: str, lines: list[WallLine], slips: list[Slip], qr_round: QrCode | None
) -> PrintedRound:
    """The round as printed: the wall sheet sorted by name, the slips by table (no number last)."""
    lines.sort(key=lambda line: (line.name.casefold(), line.name))
    slips.sort(key=lambda s: int(s.table) if str(s.table).isdigit() else 10**6)
    return PrintedRound(number, label, kind, tuple(lines), tuple(slips), qr_round)
