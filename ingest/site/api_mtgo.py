"""Each event in the MTGODecklistCache JSON format: ``api/events/<slug>.mtgo.json``.

Metagame aggregators read tournaments in the open format the MTGODecklistCache archives
use for melee.gg, Topdeck, CardsRealm, ManaTraders and MTGO (``schema/api-event-mtgo.schema.json``)::

    {"Tournament": {"Date", "Name", "Uri", "Formats"},
     "Decks": [{"Date", "Player", "Result", "AnchorUri", "Mainboard": [{"Count", "CardName"}], "Sideboard"}],
     "Rounds": [{"RoundName", "Matches": [{"Player1", "Player2", "Result": "W-L-D"}]}],
     "Standings": [{"Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMWP", "GWP", "OGWP"}]}

What is written follows the conventions :mod:`ingest.importers` reads, so importing the
document gives the same standings (``tests/importers/test_export.py``): a bye is a 2-0-0 against a
null opponent, a match loss without opponent 0-2-0 against null, a double loss two records
(0-2-0 from one side, 0-0-0 from the other, as melee.gg stores a double forfeit); games
are from Player1's side; byes count as wins in ``Wins`` (MTR). Decklists appear only when
the event's policy lets the site show them, and players under the name the site gives them.
Unreported matches are left out (they are not results yet), and an event without any has
no such document; nor have Wheel of Time and team events, whose games and team matches
do not fit the format.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round
from ingest.decks.decklist_parts import Section
from ingest.report.event_report import EventReport
from ingest.site.family_views import views_of
from ingest.source.players import PlayerRegistry

PRECISION = 8
"""Decimals of OMWP, GWP and OGWP when the ruleset publishes exact values."""

_FORMAT_NAMES = {
    "standard": "Standard",
    "pioneer": "Pioneer",
    "modern": "Modern",
    "legacy": "Legacy",
    "vintage": "Vintage",
    "pauper": "Pauper",
    "sealed": "Sealed",
    "draft": "Draft",
}


def exportable(event: Event) -> bool:
    """Whether the event fits the format, by its family (not Wheel of Time games, not team matches)."""
    return views_of(event).mtgo_exportable(event)


def _result(m: Match) -> list[tuple[str, str | None, str]]:
    """The records of one entry: (Player1, Player2, Result)."""
    a = m.players[0]
    if m.kind is MatchKind.BYE:
        return [(a, None, "2-0-0")]
    if m.kind is MatchKind.LOSS:
        return [(a, None, "0-2-0")]
    b = m.players[1]
    if m.kind is MatchKind.DOUBLE_LOSS:
        return [(a, b, "0-2-0"), (b, a, "0-0-0")]
    if m.score is None:
        return []
    s = m.score
    return [(a, b, f"{s.first}-{s.second}-{s.drawn}")]


def _rounds(event: Event, series: tuple[Round, ...], names: dict[str, str], *, playoff: bool) -> list[dict[str, Any]]:
    from ingest.rules.playoff import playoff_round_title

    out = []
    for i, rnd in enumerate(series, start=1):
        # Swiss rounds are always "Round N": readers take other names for the top cut.
        title = playoff_round_title(event, i) if playoff else f"Round {rnd.number}"
        matches = [
            {"Player1": names[a], "Player2": names[b] if b is not None else None, "Result": result}
            for m in rnd.matches
            for a, b, result in _result(m)
        ]
        out.append({"RoundName": title, "Matches": matches})
    return out


def _decimal(value: Fraction, digits: int) -> float:
    return round(float(value), digits)


def mtgo_document(report: EventReport, registry: PlayerRegistry) -> dict[str, Any] | None:
    """The event in the MTGODecklistCache format, or None when it does not fit the format."""
    e = report.event
    if not exportable(e) or report.status == "upcoming":
        return None
    names = {p.id: registry.name(p.id, p.name) for p in e.players}
    url = e.source.url if e.source is not None and e.source.url else (e.url or None)
    date = f"{e.date.isoformat()}T00:00:00"
    table = report.current
    places: dict[str, str] = {}
    standings: list[dict[str, Any]] = []
    if table is not None:
        digits = table.ruleset.publish_precision or PRECISION
        for position, row in enumerate(table.rows, start=1):
            places[row.player] = _ordinal(position)
            rec = row.record
            item: dict[str, Any] = {
                "Rank": row.rank,
                "Player": names.get(row.player, row.name),
                "Points": rec.points,
                "Wins": rec.wins,
                "Losses": rec.losses,
                "Draws": rec.draws,
            }
            for key, tiebreaker in (("OMWP", "omw"), ("GWP", "gw"), ("OGWP", "ogw")):
                item[key] = _decimal(table.published(row, tiebreaker), digits) if row.has(tiebreaker) else None
            standings.append(item)
    decks = []
    if report.decklists_visible:
        for p in e.players:
            info = report.decks.get(p.id)
            if info is None:
                continue
            cards = info.decklist.entries
            main = [{"Count": c.count, "CardName": c.card} for c in cards if c.section is not Section.SIDEBOARD]
            side = [{"Count": c.count, "CardName": c.card} for c in cards if c.section is Section.SIDEBOARD]
            decks.append(
                {
                    "Date": date,
                    "Player": names[p.id],
                    "Result": f"{places[p.id]} Place" if p.id in places else None,
                    "AnchorUri": None,
                    "Mainboard": main,
                    "Sideboard": side,
                }
            )
    return {
        "Tournament": {
            "Date": date,
            "Name": e.name,
            "Uri": url,
            "Formats": _FORMAT_NAMES.get(e.format, e.format if e.format != "other" else None),
        },
        "Decks": decks,
        "Rounds": _rounds(e, finished_rounds(report), names, playoff=False)
        + _rounds(e, e.playoff, names, playoff=True),
        "Standings": standings,
    }


def finished_rounds(report: EventReport) -> tuple[Round, ...]:
    """The Swiss rounds the standings count: the round being played is left out until it is over."""
    rounds = report.event.rounds
    return rounds if report.in_progress is None else rounds[: report.in_progress - 1]


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st...

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def mtgo_files(report: EventReport, registry: PlayerRegistry) -> dict[str, str]:
    """``api/events/<slug>.mtgo.json`` and its text; nothing when the event does not fit the format.

    Rendered with the event's pages and its other API document (:func:`ingest.site.api.event_file`).
    """
    doc = mtgo_document(report, registry)
    if doc is None:
        return {}
    # Compact, in the format's own key order: deterministic, and small.
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
    return {f"api/events/{report.event.slug}.mtgo.json": text}
