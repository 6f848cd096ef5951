"""What an event's pages show in their tables, as typed values: standings and pairings (the
bracket and the metagame: :mod:`ingest.site.bracket_views`; decklists:
:mod:`ingest.site.deck_views`).

Each view is a frozen dataclass made from the computed report; the templates read its
fields (``{{ row.name }}``), and nothing here renders text but the labels the site's
language gives (:mod:`ingest.site.i18n`). Links are paths from the site root; a
template puts the way to the root (``base``) in front of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ingest.core.figures import pct_of
from ingest.core.model import Event
from ingest.core.rounds import GameScore, MatchKind, Round
from ingest.rules.playoff import playoff_round_title
from ingest.rules.published import published_note
from ingest.rules.standings_values import Row, Standings
from ingest.rules.tiebreakers import get_tiebreaker
from ingest.site import i18n
from ingest.site.brief import unit_url
from ingest.site.i18n import N_
from ingest.site.i18n import gettext as _
from ingest.site.standings_details import counts_data, main_evaluation, opponents_data
from ingest.summary.event_summary import EventSummary
from ingest.summary.match_history import seat_labels

Links = Mapping[str, str]
"""Each unit's page (player, or team on a team event) by id, from the site root (:func:`unit_links`)."""


def unit_links(report: EventSummary) -> dict[str, str]:
    """The page of every player and team of an event (:func:`~ingest.site.brief.unit_url`), worked out once."""
    event = report.event
    units = [p.id for p in event.players] + [t.id for t in event.teams]
    return {unit: unit_url(report, unit) for unit in units}


def link(links: Links, report: EventSummary, unit: str) -> str:
    """The page of a unit of the event (from ``links``, else worked out)."""
    found = links.get(unit)
    return found if found is not None else unit_url(report, unit)


# -- labels -------------------------------------------------------------------------------

_LABELS = {
    "Final": N_("Final"),
    "Semifinals": N_("Semifinals"),
    "Quarterfinals": N_("Quarterfinals"),
    "Champion": N_("Champion"),
    "Finalist": N_("Finalist"),
}
_NUMBERED = {
    "Top": N_("Top %(number)s"),
    "Playoff round": N_("Playoff round %(number)s"),
    "Round": N_("Round %(number)s"),
}


def computed_label(text: str) -> str:
    """A label the engines name in English (a playoff round, a place: ``Semifinals``, ``Top 8``,
    ``Champion``, ``Round 3``) in the site's language; any other text is returned as it is.

    >>> computed_label("Top 8"), computed_label("Champion"), computed_label("Grand Final")
    ('Top 8', 'Champion', 'Grand Final')
    """
    if text in _LABELS:
        return _(_LABELS[text])
    words = text.rsplit(" ", 1)
    if len(words) == 2 and words[0] in _NUMBERED and words[1].isdigit():
        return _(_NUMBERED[words[0]]) % {"number": words[1]}
    return text


def round_title(event: Event, number: int) -> str:
    """:func:`playoff_round_title` in the site's language (a name the event file gives stays as it is,
    unless it is one of the usual English ones, such as ``Semifinals``)."""
    return computed_label(playoff_round_title(event, number))


def result_text(match_players: Sequence[str], score: Any, kind: MatchKind) -> str:
    """A match result as shown in tables."""
    if kind is MatchKind.BYE:
        return _("bye")
    if kind is MatchKind.LOSS:
        return _("loss")
    if kind is MatchKind.DOUBLE_LOSS:
        return _("double loss")
    return score.notation() if score is not None else ""


SEATS = {"first": N_("first"), "second": N_("second"), "third": N_("third")}
"""Bushiroad's seat names (:func:`ingest.summary.match_history.seat_labels`); MTR's A, B, C stay letters."""


def seat_names(event: Event) -> list[str]:
    """The seats of a team event's teams in order, in the site's language."""
    return [_(SEATS[s]) if s in SEATS else s for s in seat_labels(event).split()]


# -- standings ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One row of a standings table."""

    rank: int
    shared: bool
    """Tied with the row before or after (shown as ``=``)."""
    player: str
    """The unit's id (player, or team)."""
    name: str
    points: int
    wld: str
    """Wins-losses-draws."""
    cells: tuple[str, ...]
    """The tiebreakers as shown, in the table's order."""
    dropped: bool
    place: str | None
    """The playoff place (``Champion``...), in the site's language."""
    url: str
    opponents: str = ""
    """The opponents' percentages for the detail a tap opens
    (:func:`~ingest.site.standings_details.opponents_data`); only on the main table."""
    counts: str = ""
    """This row's percentages as they count for its opponents
    (:func:`~ingest.site.standings_details.counts_data`), which their details read instead of
    repeating them; only on the main table."""
    deck: str = ""
    """The public archetype; only on the main table."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    """A standings table: after a round, or as the event stands."""

    rows: tuple[StandingsRow, ...]
    unit: str
    """The heading of the names column (Player or Team)."""
    decks: bool
    """Whether any row shows a deck."""
    heads: tuple[str, ...]
    """The tiebreakers' column headings."""
    note: str
    published: bool
    """The values are a platform's published ones."""
    game_wins: bool
    final: bool
    after: int
    """The rounds counted."""
    complete: bool
    """Every counted round is reported."""


def standings_view(
    report: EventSummary,
    table: Standings,
    names: Mapping[str, str],
    links: Links,
    *,
    details: bool,
) -> StandingsView:
    """A standings table as the site shows it; ``details``: with each row's opponents and deck."""
    shown = ShownTiebreakers(table)
    position = {row.player: i for i, row in enumerate(table.rows, start=1)}
    archetypes = report.public_archetypes() if details else {}
    main = main_evaluation(table) if details else None
    rows = []
    for row in table.rows:
        rows.append(
            StandingsRow(
                rank=row.rank,
                shared=row.shared,
                player=row.player,
                name=names.get(row.player, row.name),
                points=row.record.points,
                wld=row.record.wld,
                cells=shown.cells(row),
                dropped=row.dropped,
                place=computed_label(row.place) if row.place else row.place,
                url=link(links, report, row.player),
                opponents=opponents_data(table, row, position, main, game_wins=shown.game_wins) if details else "",
                counts=counts_data(table, row.player, main, game_wins=shown.game_wins) if details else "",
                deck=archetypes.get(row.player, "") if details else "",
            )
        )
    return table_view(report, table, shown, tuple(rows))


def table_view(
    report: EventSummary, table: Standings, shown: ShownTiebreakers, rows: tuple[StandingsRow, ...]
) -> StandingsView:
    event = report.event
    if "h2h" in table.tiebreakers:
        heads_note = _("Ties on points, OMW% and OOMW% are decided by head to head, then at random (seeded).")
    else:
        heads_note = ""
    note = published_note(event)
    return StandingsView(
        rows=rows,
        unit=_("Team") if event.is_team_event else _("Player"),
        decks=any(r.deck for r in rows),
        heads=tuple(get_tiebreaker(t).short for t in shown.tiebreakers),
        note=note or heads_note,
        published=bool(note),
        game_wins=shown.game_wins,
        final=table.final,
        after=table.after_round,
        complete=table.complete,
    )


class ShownTiebreakers:
    """How a standings table's tiebreakers are shown: which ones (head to head is not a
    column), as percentages or fractions, and with the platform's published precision."""

    def __init__(self, table: Standings) -> None:
        self.table = table
        self.tiebreakers = [t for t in table.tiebreakers if t != "h2h"]
        # Team standings (MTR Appendix C, 8) and Bushiroad standings (3.2.1.2) use match results
        # only: an opponent's game-win percentage means nothing there, so it is not shown.
        self.game_wins = any(get_tiebreaker(t).game_wins for t in table.tiebreakers)
        self.digits = table.ruleset.platform.publish_precision
        self.percent = [get_tiebreaker(t).percentage for t in self.tiebreakers]

    def fractions(self, row: Row) -> list[tuple[int, int]]:
        """The row's tiebreakers as ``(numerator, denominator)``, in the table's order: the
        platform's published values when it publishes them rounded."""
        if self.digits is not None:
            published = [self.table.published(row, t) for t in self.tiebreakers]
            return [(v.numerator, v.denominator) for v in published]
        values = {tid: (n, d) for tid, n, d in row.values}
        return [values[t] for t in self.tiebreakers]

    def cells(self, row: Row) -> tuple[str, ...]:
        """The row's tiebreakers as shown, in the table's order."""
        return tuple(
            i18n.number(pct_of(n, d)) if is_percent else str(Fraction(n, d))
            for (n, d), is_percent in zip(self.fractions(row), self.percent, strict=True)
        )


# -- pairings -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One table of a round: the two sides, the winner and the result."""

    table: int | str
    """The table number (empty for a bye or a loss without opponent)."""
    a: str
    b: str
    """Empty for a bye or a loss without opponent."""
    result: str
    reported: bool
    a_won: bool
    b_won: bool
    note: str
    """A judge's note, or a team match's seat results."""
    a_url: str
    b_url: str


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round's pairings and results."""

    number: int
    label: str
    rows: tuple[PairingRow, ...]
    complete: bool
    unit: str
    """The heading of the names column (Player or Team)."""
    drops: tuple[str, ...]
    """Who dropped after the round (names)."""
    notes: str


def seats_text(event: Event, rnd: Round, table: int | None, names: Mapping[str, str], side: str | None = None) -> str:
    """A team match's seat results in words: "Ana 2-1 Bo; Cy 0-2 Di; ...".

    With ``side`` (a team id), that team's members come first and the scores read from its side.
    """
    tm = next((t for t in rnd.team_matches if t.table == table), None)
    if tm is None or not tm.seats:
        return ""
    members = {t.id: t.members for t in event.teams}
    flip = side is not None and side == tm.teams[1]
    parts = []
    for i, seat in enumerate(tm.seats):
        a = members.get(tm.teams[0], ())[i] if i < len(members.get(tm.teams[0], ())) else "?"
        b = members.get(tm.teams[1], ())[i] if i < len(members.get(tm.teams[1], ())) else "?"
        score = seat.score
        if score is not None and flip:
            score = GameScore(score.second, score.first, score.drawn)
        shown = _("double loss") if seat.double_loss else (score.notation() if score else _("playing"))
        if flip:
            a, b = b, a
        parts.append(f"{names.get(a, a)} {shown} {names.get(b, b)}")
    return "; ".join(parts)


def rounds_view(
    report: EventSummary,
    rounds: Sequence[Round],
    names: Mapping[str, str],
    links: Links,
    *,
    playoff: bool,
) -> tuple[RoundView, ...]:
    """Each round's pairings and results (``rounds``: the event's Swiss rounds or its
    playoff), as the rounds page shows them."""
    event = report.event
    out = []
    team = event.is_team_event and event.structure.team_kind != "two-headed-giant"
    unit = _("Team") if event.is_team_event else _("Player")
    for rnd in rounds:
        rows = []
        for m in sorted(rnd.matches, key=lambda m: (m.table is None, m.table or 0)):
            a = m.players[0]
            b = m.players[1] if len(m.players) > 1 else None
            winner = m.winner()
            result = result_text(m.players, m.score, m.kind)
            if team and m.score is not None:
                result = _("%(score)s seats") % {"score": result}
            rows.append(
                PairingRow(
                    table=m.table or "",
                    a=names.get(a, a),
                    b=names.get(b, b) if b else "",
                    result=result,
                    reported=m.reported,
                    a_won=winner == a,
                    b_won=winner is not None and winner == b,
                    note=m.note if not team else seats_text(event, rnd, m.table, names),
                    a_url=link(links, report, a),
                    b_url=link(links, report, b) if b else "",
                )
            )
        label = computed_label(rnd.name) or (_("Playoff round %(number)s") if playoff else _("Round %(number)s")) % {
            "number": rnd.number
        }
        out.append(
            RoundView(
                number=rnd.number,
                label=label,
                rows=tuple(rows),
                complete=rnd.complete,
                unit=unit,
                drops=tuple(names.get(p, p) for p in rnd.drops),
                notes=rnd.notes,
            )
        )
    return tuple(out)
