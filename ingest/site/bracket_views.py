"""The top-cut bracket (a column per playoff round) and the metagame breakdown of an event's
page, as typed values (see :mod:`ingest.site.event_views` for how views are made and read).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ingest.core.rounds import MatchKind
from ingest.site.event_views import result_text, round_title
from ingest.site.i18n import gettext as _
from ingest.site.i18n import listed
from ingest.summary.event_summary import EventSummary


@dataclass(frozen=True, slots=True)
class BracketSide:
    """One side of a bracket match."""

    name: str
    seed: int | str
    """The side's seed in the bracket (empty for a bye)."""
    won: bool
    games: str
    """Games won (empty when not played)."""


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of the top-cut bracket."""

    sides: tuple[BracketSide, ...]
    result: str
    """What the sides' games do not say (drawn games, a bye, a double loss)."""
    reported: bool


@dataclass(frozen=True, slots=True)
class BracketColumn:
    """One playoff round of the bracket."""

    title: str
    matches: tuple[BracketMatch, ...]


def bracket_view(report: EventSummary, names: Mapping[str, str]) -> tuple[BracketColumn, ...]:
    """The top-cut bracket, a column per playoff round (none without a playoff)."""
    event = report.event
    if not event.playoff:
        return ()
    columns = []
    for i, rnd in enumerate(event.playoff, start=1):
        title = round_title(event, i)  # from the bracket's rounds, not those recorded so far
        matches = []
        for m in rnd.matches:
            winner = m.winner()
            sides = []
            score = m.score if m.kind is MatchKind.PLAYED else None
            for j, p in enumerate(m.players):
                games = "" if score is None else str(score.first if j == 0 else score.second)
                sides.append(BracketSide(names.get(p, p), report.seeds.get(p, ""), winner == p, games))
            if m.kind is MatchKind.BYE:
                sides.append(BracketSide(_("bye"), "", False, ""))
            # Each side shows its own games won, so the result line only says what they cannot.
            if score is not None:
                result = _("%(games)s drawn") % {"games": score.drawn} if score.drawn else ""
            else:
                result = result_text(m.players, m.score, m.kind)
            matches.append(BracketMatch(tuple(sides), result, m.reported))
        columns.append(BracketColumn(title, tuple(matches)))
    return tuple(columns)


def cut_note(report: EventSummary, names: Mapping[str, str]) -> str:
    """What a correction made after the top cut would have changed in it, for the bracket's
    heading (empty when nothing): the bracket stays as it was made (Bushiroad 3.2.4)."""
    cut = report.top_cut
    if cut is None or not cut.corrected:
        return ""
    parts = []
    if cut.would_make_it:
        parts.append(
            _("With the standings as they are now, %(players)s would have made the top cut instead of %(others)s.")
            % {
                "players": listed([names.get(p, p) for p in cut.would_make_it]),
                "others": listed([names.get(p, p) for p in cut.would_miss_it]),
            }
        )
    for player, made, now in sorted(cut.reseeded, key=lambda item: item[2]):
        parts.append(
            _("%(player)s would be seed %(now)s, not %(made)s.")
            % {"player": names.get(player, player), "now": now, "made": made}
        )
    head = _(
        "The top cut was made from the standings before a correction to a Swiss result; "
        "the bracket stays as it was made."
    )
    return " ".join([head, *parts])


@dataclass(frozen=True, slots=True)
class MetagameRow:
    """One archetype's share of the field."""

    name: str
    players: int
    share: Fraction
    top: int
    """Players of it in the top cut."""
    conversion: Fraction | None
    """Top-cut share over field share (None without a cut)."""
    width: float
    """Its bar's length, the largest share being 1."""


@dataclass(frozen=True, slots=True)
class MetagameView:
    """The metagame chart."""

    rows: tuple[MetagameRow, ...]
    has_cut: bool


def metagame_view(report: EventSummary) -> MetagameView:
    """The archetypes' shares of the field (and of the top cut), as the chart shows them."""
    widest = max((r.share for r in report.metagame), default=Fraction(1))
    rows = tuple(
        MetagameRow(r.archetype, r.players, r.share, r.top, r.conversion, float(r.share / widest) if widest else 0.0)
        for r in report.metagame
    )
    return MetagameView(rows, any(r.conversion is not None for r in report.metagame))
