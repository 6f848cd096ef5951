"""How players are named in what Scorekeeper publishes (``display`` in ``players.yaml``).

A player may be shown by full name (the default), by initials, by a chosen handle, or not
at all: a hidden player is listed as "Player 17" of each event (their place in the
event's roster), under the id ``P17``, and has no player page. Ids written in lowercase
(every id an event file may use) never look like that, so the two cannot be confused.

:func:`public_event` makes the copy of an event that the site, the JSON API, the exports
and the terminal standings are computed from: names replaced, and the ids of players who
chose not to be named in full replaced by their canonical id (initials, handle) or their
number (hidden). Each renamed player keeps their id in the file as
:attr:`~ingest.core.model.Player.file_id`, which the standings draw their seeded random
order with, so the standings are exactly those of the file. :func:`public_deck_files`
gives the decklist files read beside the event the same ids, so a hidden player's deck
stays theirs, under their number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player
from ingest.decks.deck_file import DeckFile
from ingest.source.players import PlayerRegistry

DISPLAYS = ("full", "initials", "handle", "hidden")
"""The choices a player has in ``players.yaml``."""

_UNNAMED = re.compile(r"P[0-9]+")


def unnamed_id(number: int) -> PlayerId:
    """The id a hidden player is published under in an event (by their place in the roster).

    >>> unnamed_id(17), is_unnamed("P17"), is_unnamed("p17"), is_unnamed("alice")
    ('P17', True, False, False)
    """
    return PlayerId(f"P{number}")


def is_unnamed(pid: str) -> bool:
    """Whether an id is a hidden player's (such a player has no page)."""
    return _UNNAMED.fullmatch(pid) is not None


def unnamed_name(number: int) -> str:
    """How a hidden player is listed."""
    return f"Player {number}"


def published_names(event: Event, registry: PlayerRegistry) -> tuple[dict[PlayerId, PlayerId], dict[PlayerId, str]]:
    """The ids and names to publish for the players of ``event`` who chose not to be named in full.

    Returns (file id -> published id, file id -> published name); players named in full
    are in neither.
    """
    ids: dict[PlayerId, PlayerId] = {}
    names: dict[PlayerId, str] = {}
    taken = {p.id for p in event.players}
    for number, p in enumerate(event.players, start=1):
        cid = registry.canonical(p.id)
        reg = registry.players.get(cid)
        if reg is None or reg.display == "full":
            continue
        if reg.display == "hidden":
            ids[p.id], names[p.id] = unnamed_id(number), unnamed_name(number)
            continue
        names[p.id] = reg.shown
        if cid != p.id and cid not in taken:
            ids[p.id] = PlayerId(cid)  # the alias in the file may spell the name
    return ids, names


def public_event(event: Event, registry: PlayerRegistry) -> Event:
    """The event as it may be published (the event itself when everyone is named in full)."""
    ids, names = published_names(event, registry)
    if not ids and not names:
        return event

    def to(pid: PlayerId) -> PlayerId:
        return ids.get(pid, pid)

    def player(p: Player) -> Player:
        if p.id not in ids and p.id not in names:
            return p
        return replace(p, id=to(p.id), name=names.get(p.id, p.name), file_id=p.id if p.id in ids else "")

    source = event.origin
    if source is not None:
        source = replace(source, standings=tuple(replace(row, player=to(row.player)) for row in source.standings))
    return replace(
        event,
        players=tuple(player(p) for p in event.players),
        rounds=tuple(r.renamed(to) for r in event.rounds),
        playoff=tuple(r.renamed(to) for r in event.playoff),
        cut_drops=tuple(to(x) for x in event.cut_drops),
        teams=tuple(replace(t, members=tuple(to(m) for m in t.members)) for t in event.teams),
        origin=source,
    )


def naming_key(event: Event, registry: PlayerRegistry) -> str:
    """What the published copy of ``event`` depends on in ``players.yaml`` (for caches)."""
    ids, names = published_names(event, registry)
    return repr((sorted(ids.items()), sorted(names.items()))) if ids or names else ""


def public_deck_files(event: Event, deck_files: Sequence[DeckFile], registry: PlayerRegistry) -> tuple[DeckFile, ...]:
    """The decklist files read beside ``event``, each under its player's id in :func:`public_event`."""
    ids, _ = published_names(event, registry)
    return tuple(f.renamed(lambda pid: ids.get(pid, pid)) for f in deck_files)


def publishable(
    event: Event,
    deck_files: Sequence[DeckFile],
    registry: PlayerRegistry,
    compute: Callable[[Event, tuple[DeckFile, ...]], Any],
) -> Any:
    """``compute`` over the published copy of ``event`` and of its decklist files (as read
    beside it); problems found are those of the file.

    The checks of pairings, game records and decks are worked out on the event as written,
    so ``build`` reports exactly what ``validate`` does, with the ids the file uses.
    """
    public = public_event(event, registry)
    report = compute(public, public_deck_files(event, deck_files, registry))
    if public is event:
        return report
    return replace(report, checks=compute(event, tuple(deck_files)).checks)
