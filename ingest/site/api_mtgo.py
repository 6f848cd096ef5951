"""Each Magic event in the MTGODecklistCache JSON format: ``api/events/<slug>.mtgo.json``.

Metagame aggregators read tournaments in the open format the MTGODecklistCache archives
use for melee.gg, Topdeck, CardsRealm, ManaTraders and MTGO (``schema/api-event-mtgo.schema.json``),
whose readers deserialise it into the archive's C# model (``CacheItem``)::

    {"Tournament": {"Date", "Name", "Uri", "Formats"},
     "Decks": [{"Date", "Player", "Result", "AnchorUri", "Mainboard": [{"Count", "CardName"}], "Sideboard"}],
     "Rounds": [{"RoundName", "Matches": [{"Player1", "Player2", "Result": "W-L-D"}]}],
     "Standings": [{"Rank", "Player", "Points", "Wins", "Losses", "Draws", "OMWP", "GWP", "OGWP"}]}

Written field for field as the archive's real files are (``tests/importers/test_export_shape.py``
reads them and ours with that model's types): ``Uri`` is the event's page on the site (its
absolute address when ``site_url`` is set, else the address the event itself records, else
null) and ``AnchorUri`` the deck's anchor on the event's decklists page (null without
``site_url``); ``Decks`` come by finish, each ``Result`` the place as the archive writes it
(``1st``, ``2nd``, ``3rd``, then ``Nth Place``; the top cut placed by the bracket, as
in every real file); ranks are the standings' places 1..N, never shared;
``OMWP``, ``GWP`` and ``OGWP`` are C# ``double`` values, never null: 0 where the ruleset
has no such figure (an event recording match results only has no game figures), as the C#
model's default; the top cut's rounds are ``Quarterfinals``, ``Semifinals`` and ``Finals``.

What is written follows the conventions :mod:`ingest.importers` reads, so importing the
document gives the same standings (``tests/importers/test_export.py``): a bye is a 2-0-0 against a
null opponent, a match loss without opponent 0-2-0 against null, a double loss two records
(0-2-0 from one side, 0-0-0 from the other, as melee.gg stores a double forfeit); games
are from Player1's side; byes count as wins in ``Wins`` (MTR). Decklists appear only when
the event's policy lets the site show them, and players under the name the site gives them.
This document is where a Magic event's decklists are published, once: the event's API
document gives each deck's place in ``Decks`` (:func:`deck_order`), and the decklists page
draws the cards from here.
Unreported matches are left out (they are not results yet), and an event without standings
yet has no such document; nor have other games than Magic (the format is Magic's: card
names, formats, MTR tiebreakers), Wheel of Time and team events, whose games and team
matches do not fit the format.
"""

from __future__ import annotations

import re
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.json_text import compact_json
from ingest.core.model import Event
from ingest.core.rounds import Match, MatchKind, Round
from ingest.decks.decklist_parts import Section
from ingest.rules.standings_values import Row, Standings, round_half_up
from ingest.site.addresses import deck_address
from ingest.site.family_views import views_of
from ingest.site.qr import page_address
from ingest.summary.event_summary import EventSummary

PRECISION = 4
"""Decimals of OMWP, GWP and OGWP when the ruleset publishes exact values: four, as the
archive's real files give them (MTGO, melee.gg); the exact fractions are in the event's API
document, and the ranks are in Rank."""

UNKNOWN = 0.0
"""OMWP, GWP or OGWP the ruleset does not have: the C# model's ``double`` cannot be null,
and 0 is its default (what the archive's readers get for a figure a file leaves out)."""

GAME = "mtg"
"""The only game the format carries."""

_PLACEMENT = re.compile(r"^match for (\d+)\w* and (\d+)\w* places?$", re.IGNORECASE)
"""A placement match's round (ManaTraders: ``Match for 3rd and 4th places``)."""

_ARCHIVE_NAMES = {"Final": "Finals"}
"""The site's names of top-cut rounds that the archive writes otherwise: its real files name
them ``Quarterfinals``, ``Semifinals`` and ``Finals`` (MTGO, ManaTraders)."""

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
    """Whether the event fits the format: a Magic event (the format's cards, formats and
    tiebreakers are Magic's), by its family (not Wheel of Time games, not team matches)."""
    return event.game == GAME and views_of(event).mtgo_exportable(event)


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
    out = []
    for i, rnd in enumerate(series, start=1):
        # Swiss rounds are always "Round N": readers take other names for the top cut.
        title = _playoff_title(event, i) if playoff else f"Round {rnd.number}"
        matches = [
            {"Player1": names[a], "Player2": names[b] if b is not None else None, "Result": result}
            for m in rnd.matches
            for a, b, result in _result(m)
        ]
        out.append({"RoundName": title, "Matches": matches})
    return out


def _playoff_title(event: Event, number: int) -> str:
    """A top-cut round's name as the archive writes it: the site's (the one the round was
    paired or imported with, else by the players left), ``Final`` written ``Finals``."""
    from ingest.rules.playoff import playoff_round_title

    title = playoff_round_title(event, number)
    return _ARCHIVE_NAMES.get(title, title)


def _decimals(row: Row, precision: int | None, digits: int) -> list[float]:
    """A row's OMWP, GWP and OGWP with ``digits`` decimals (:data:`UNKNOWN` for one it does
    not carry): as published (:meth:`~ingest.rules.standings_values.Standings.published`,
    rounded half up to the ruleset's ``precision`` first where it has one), each worked out
    from its numerator and denominator, the float ``float(Fraction(n, d))`` gives (a
    quotient of integers is correctly rounded) and never -0.0."""
    values: dict[str, tuple[int, int]] = {}
    for tid, n, d in row.values:
        values.setdefault(tid, (n, d))  # (the first, as Row.value reads it)
    out = []
    for tiebreaker in _TIEBREAKERS:
        found = values.get(tiebreaker)
        if found is None:
            out.append(UNKNOWN)
            continue
        n, d = found
        if precision is not None:
            n, d = round_half_up(n, d, precision), 10**precision
        out.append(round(n / d or 0.0, digits))
    return out


_TIEBREAKERS = ("omw", "gw", "ogw")
"""The tiebreakers of OMWP, GWP and OGWP, in that order."""


def mtgo_document(report: EventSummary, site_url: str = "") -> dict[str, Any] | None:
    """The event in the MTGODecklistCache format, or None when it does not fit the format or
    has no standings yet.

    ``site_url`` (mkdocs.yml) makes ``Uri`` the event's page and ``AnchorUri`` each deck's
    anchor on the site; without it ``Uri`` is the address the event records (its source's
    or announcement's) and ``AnchorUri`` null.
    """
    e = report.event
    table = report.current
    if not exportable(e) or report.status == "upcoming" or table is None:
        return None
    names = {p.id: p.name for p in e.players}
    recorded = e.origin.url if e.origin is not None and e.origin.url else e.url
    url = page_address(site_url, f"events/{e.slug}/") or recorded or None
    date = f"{e.date.isoformat()}T00:00:00"
    precision = table.ruleset.platform.publish_precision
    digits = precision or PRECISION
    standings: list[dict[str, Any]] = []
    # The rows are in final order (the top cut placed by the playoff); players tied on
    # everything share a rank there, but the format's ranks are places: 1..N, one each.
    for position, row in enumerate(table.rows, start=1):
        rec = row.record
        item: dict[str, Any] = {
            "Rank": position,
            "Player": names.get(row.player, row.name),
            "Points": rec.points,
            "Wins": rec.wins,
            "Losses": rec.losses,
            "Draws": rec.draws,
        }
        item["OMWP"], item["GWP"], item["OGWP"] = _decimals(row, precision, digits)
        standings.append(item)
    decks = []
    if report.decklists_visible:
        places = _finish(e, table)
        for pid in _deck_order(report, places):
            place = places[pid]
            cards = report.decks[pid].decklist.entries
            main = [{"Count": c.count, "CardName": c.card} for c in cards if c.section is not Section.SIDEBOARD]
            side = [{"Count": c.count, "CardName": c.card} for c in cards if c.section is Section.SIDEBOARD]
            decks.append(
                {
                    "Date": date,
                    "Player": names[pid],
                    "Result": f"{_ordinal(place)} Place",
                    "AnchorUri": page_address(site_url, deck_address(e.slug, pid)) or None,
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


def _deck_order(report: EventSummary, places: dict[PlayerId, int]) -> list[PlayerId]:
    """The players whose decks the document lists, in its order (by finish)."""
    return [pid for _place, pid in sorted((places[p], p) for p in report.decks if p in places)]


def deck_order(report: EventSummary) -> tuple[PlayerId, ...] | None:
    """Whose decks ``api/events/<slug>.mtgo.json`` lists, in the order of its ``Decks``, or
    None when the event has no such document (:func:`mtgo_document`).

    When it has one, that document is where the event's decklists are published: the event's
    API document and its decklists page refer to a deck by its place in ``Decks``
    (:func:`ingest.site.api.event_document`, :mod:`ingest.site.deck_views`).
    """
    e = report.event
    table = report.current
    if not exportable(e) or report.status == "upcoming" or table is None:
        return None
    if not report.decklists_visible:
        return ()
    return tuple(_deck_order(report, _finish(e, table)))


def _finish(event: Event, table: Standings) -> dict[PlayerId, int]:
    """Each player's place at the end: the standings' order where the standings place the
    top cut by the playoff (the engine's final standings, melee.gg's and Topdeck's
    published ones); else the top cut by how far each went in the playoff and the rest in
    the standings' order (:func:`ingest.rules.published.placed_by_playoff`).

    The latter are an imported MTGO Challenge, which keeps MTGO's Swiss standings, and a
    ManaTraders event, whose ruleset does not place the top cut (``playoff_places`` off):
    their real files' decks come by the bracket (the champion's first). Within a
    playoff round players keep the standings' order; placement matches (ManaTraders' ``Match
    for 3rd and 4th places``) and the final place their players outright.
    """
    from ingest.rules.playoff import playoff_places
    from ingest.rules.published import placed_by_playoff

    if not event.playoff or placed_by_playoff(event, table.ruleset):
        return {row.player: place for place, row in enumerate(table.rows, start=1)}
    depth = {p: d for p, (d, _label) in playoff_places(event).items()}
    order = [
        row.player
        for _position, row in sorted(
            enumerate(table.rows),
            key=lambda item: (0, -depth[item[1].player], item[0]) if item[1].player in depth else (1, 0, item[0]),
        )
    ]
    ranked = set(order)
    fixed = {p: n for p, n in _placement_matches(event, len(order)).items() if p in ranked}
    rest = iter(p for p in order if p not in fixed)
    by_place = {place: player for player, place in fixed.items()}
    return {by_place.get(n) or next(rest): n for n in range(1, len(order) + 1)}


def _placement_matches(event: Event, field: int) -> dict[PlayerId, int]:
    """Places decided by a match: the final's (1 and 2) and placement matches' (``Match for
    5th and 6th places``); none when they do not give distinct places within the field."""
    out: dict[PlayerId, int] = {}
    for number, rnd in enumerate(event.playoff, start=1):
        m = _PLACEMENT.match(rnd.name or "")
        if m:
            places = (int(m[1]), int(m[2]))
        elif _playoff_title(event, number) == "Finals" and number == len(event.playoff):
            places = (1, 2)
        else:
            continue
        for match in rnd.matches:
            winner = match.winner()
            if winner is None or len(match.players) != 2:
                continue
            loser = match.players[1] if winner == match.players[0] else match.players[0]
            out[winner], out[loser] = places
    taken = list(out.values())
    return out if len(set(taken)) == len(taken) and all(1 <= n <= field for n in taken) else {}


def finished_rounds(report: EventSummary) -> tuple[Round, ...]:
    """The Swiss rounds the standings count: the round being played is left out until it is over."""
    rounds = report.event.rounds
    return rounds if report.in_progress is None else rounds[: report.in_progress - 1]


def _ordinal(n: int) -> str:
    """A place as the archive writes it: 1st, 2nd, 3rd, then 4th, 11th, 21th, 22th...

    Every real file of the archive (MTGO, ManaTraders, CardsRealm, melee.gg, Topdeck) gives
    places from the 4th on a plain "th" (``21th Place``); readers match what they write.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21th', '22th', '103th']
    """
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def mtgo_files(report: EventSummary, site_url: str = "") -> dict[str, str]:
    """``api/events/<slug>.mtgo.json`` and its text; nothing when the event does not fit the format.

    Rendered with the event's pages and its other API document (:func:`ingest.site.api.event_file`).
    """
    doc = mtgo_document(report, site_url)
    if doc is None:
        return {}
    # Compact, in the format's own key order: deterministic, and small.
    text = compact_json(doc) + "\n"
    return {f"api/events/{report.event.slug}.mtgo.json": text}
