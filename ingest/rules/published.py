"""The standings a platform published, kept as recorded facts (``source`` in an event file).

An event imported from another platform records where it comes from
(:class:`~ingest.core.model.EventOrigin`) and the standings that platform published. Where the
platform published every match (``rounds: complete``), the event's standings are computed
from its rounds as always, with the profile that reproduces the platform, and the published
rows only serve to check that they do. Where it did not (MTGO Challenges publish the top-8
bracket only), the published rows *are* the standings: :func:`published_standings` turns
them into a :class:`~ingest.rules.standings_values.Standings` that says whose figures they are, and
nothing recomputes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ingest.core.ids import PlayerId
from ingest.core.model import Event, EventOrigin, PublishedRow
from ingest.rules.rulesets import Ruleset, get_ruleset

if TYPE_CHECKING:
    from ingest.rules.standings_values import Standings

PLATFORM_NAMES: dict[str, str] = {
    "melee.gg": "melee.gg",
    "topdeck.gg": "Topdeck",
    "cardsrealm.com": "CardsRealm",
    "manatraders.com": "ManaTraders",
    "mtgo.com": "MTGO",
    "spreadsheet": "the spreadsheet",
    "other": "the source",
}
"""How each platform is named in sentences."""

SWISS_ORDER: frozenset[str] = frozenset({"mtgo.com", "manatraders.com"})
"""Platforms whose published standings stay in Swiss order after the top cut (their real
files rank the Swiss and list the decks by the bracket, the champion's first); the others'
put the top cut in playoff order (melee.gg, Topdeck)."""

_TIEBREAKERS = (("omw", "omw"), ("gw", "gw"), ("ogw", "ogw"))
"""Published columns and the tiebreaker ids they are shown as."""


def decimal(value: Any) -> Fraction:
    """A decimal read from a file, exactly as written (a float's shortest text).

    >>> decimal(0.5416667), decimal(1)
    (Fraction(5416667, 10000000), Fraction(1, 1))
    """
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def source_from(
    raw: Mapping[str, Any],
    players: Mapping[PlayerId, Any],
    report: Callable[[tuple[str | int, ...], str, str], None],
    pos: Callable[[tuple[str | int, ...]], Any],
) -> EventOrigin:
    """The ``source`` block of a (schema-valid) event as a :class:`~ingest.core.model.EventOrigin`.

    Args:
        raw: the block.
        players: the event's player ids.
        report: called with (path, message, hint) for each published row that names a
            player the event does not have, or a player twice.
        pos: the position of a path (kept on each row).
    """
    rows: list[PublishedRow] = []
    seen: dict[PlayerId, int] = {}
    for i, r in enumerate(raw.get("standings") or []):
        path = ("source", "standings", i)
        pid = PlayerId(str(r["player"]))
        if pid not in players:
            report((*path, "player"), f'"{pid}" is not a player of this event', "list the player under players")
            continue
        if pid in seen:
            report((*path, "player"), f'"{pid}" has two rows (first at row {seen[pid] + 1})', "keep one row per player")
            continue
        seen[pid] = i
        rows.append(
            PublishedRow(
                rank=int(r["rank"]),
                player=pid,
                points=int(r["points"]),
                wins=_int(r.get("wins")),
                losses=_int(r.get("losses")),
                draws=_int(r.get("draws")),
                omw=decimal(r["omw"]) if r.get("omw") is not None else None,
                gw=decimal(r["gw"]) if r.get("gw") is not None else None,
                ogw=decimal(r["ogw"]) if r.get("ogw") is not None else None,
                pos=pos(path),
            )
        )
    return EventOrigin(
        platform=str(raw["platform"]),
        url=str(raw.get("url") or ""),
        rounds=str(raw.get("rounds") or "complete"),
        standings=tuple(rows),
        notes=tuple(str(n) for n in raw.get("notes") or ()),
    )


def _int(value: Any) -> int | None:
    return int(value) if value is not None else None


def platform_name(source: EventOrigin) -> str:
    """The platform as a sentence names it.

    >>> platform_name(EventOrigin("mtgo.com"))
    'MTGO'
    """
    return PLATFORM_NAMES.get(source.platform, source.platform)


def uses_published_standings(event: Event) -> bool:
    """Whether the event's standings are the platform's published ones (its rounds are not all known)."""
    return event.origin is not None and event.origin.standings_are_published


def placed_by_playoff(event: Event, ruleset: Ruleset) -> bool:
    """Whether the event's standings put the top cut in playoff order: the platform's own
    order for published standings (:data:`SWISS_ORDER`), else the ruleset's ``playoff_places``."""
    if event.origin is not None and uses_published_standings(event):
        return event.origin.platform not in SWISS_ORDER
    return ruleset.platform.playoff_places


def published_note(event: Event) -> str:
    """One sentence saying whose standings these are, for the site and the terminal ("" if ours)."""
    if not uses_published_standings(event):
        return ""
    assert event.origin is not None
    name = platform_name(event.origin)
    what = (
        "only the top-cut bracket was published"
        if event.origin.rounds == "top-cut-only"
        else "not every match was published"
    )
    return (
        f"These are the standings {name} published: {what}, so Scorekeeper keeps them as recorded "
        "and does not compute them."
    )


def published_ruleset(event: Event) -> Ruleset:
    """A ruleset that only labels and prints published figures (it computes nothing)."""
    assert event.origin is not None
    base = get_ruleset("mtr")
    digits = event.structure.published_precision
    return replace(
        base,
        id=event.rules,
        name=f"as published by {platform_name(event.origin)}",
        source=event.origin.url or platform_name(event.origin),
        platform=replace(base.platform, publish_precision=digits),
        tiebreakers=tuple(
            t for column, t in _TIEBREAKERS if any(getattr(r, column) is not None for r in event.origin.standings)
        ),
        eras=(),
    )


def published_standings(event: Event, *, final: bool = False) -> Standings:
    """The published standings as a :class:`~ingest.rules.standings_values.Standings` (in published order).

    Players of the event without a published row (MTGO publishes the top 32) follow, unranked
    figures at zero, so every player has a row. ``final``: the top-cut players' places from
    the bracket as played are added (their published ranks and figures stay as they are).
    """
    from ingest.rules.playoff import playoff_places
    from ingest.rules.standings_values import Record, Row, Standings

    assert event.origin is not None
    ruleset = published_ruleset(event)
    names = {p.id: p.name for p in event.players}
    dropped = set(event.dropped_after())
    places = playoff_places(event) if final and event.playoff else {}
    rows: list[Row] = []
    ranks = [r.rank for r in event.origin.standings]
    for r in event.origin.standings:
        wins, losses, draws = r.wins or 0, r.losses or 0, r.draws or 0
        record = Record(r.points, wins, losses, draws, 0, wins + losses + draws, 0, 0, ())
        values = tuple(
            (t, value.numerator, value.denominator)
            for column, t in _TIEBREAKERS
            if t in ruleset.tiebreakers and (value := getattr(r, column)) is not None
        )
        place = places[r.player][1] if r.player in places else ""
        rows.append(
            Row(
                r.rank,
                r.player,
                names.get(r.player, r.player),
                record,
                values,
                r.player in dropped,
                0,
                place,
                ranks.count(r.rank) > 1,
            )
        )
    listed = {r.player for r in rows}
    last = max(ranks, default=0)
    for p in event.players:
        if p.id not in listed:
            last += 1
            empty = Record(0, 0, 0, 0, 0, 0, 0, 0, ())
            zero = tuple((t, 0, 1) for t in ruleset.tiebreakers)
            rows.append(Row(last, p.id, p.name, empty, zero, p.id in dropped, 0, "", False))
    swiss = event.structure.swiss_rounds or 0
    return Standings(ruleset, swiss, tuple(rows), final=final, complete=True)
