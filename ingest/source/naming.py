"""How players are named in what Scorekeeper publishes (``display`` in ``players.yaml``).

A player may be shown by full name (the default), by initials, by a chosen handle, or not
at all: a hidden player is listed as "Player 17" of each event (their place in the
event's roster), under the id ``P17``, and has no player page. Ids written in lowercase
(every id an event file may use) never look like that, so the two cannot be confused.

``players.yaml`` is applied to an event once, by :func:`naming_of`: its
:class:`EventNaming` makes the copy of the event that the site, the JSON API, the exports
and the terminal standings are made from (:meth:`EventNaming.published`): every
registered player named as they chose, and the ids of players who chose not to be named in
full replaced by their canonical id (initials, handle) or their number (hidden). Each
renamed player keeps their id in the file as :attr:`~ingest.core.model.Player.file_id`,
which the standings draw their seeded random order with, so the standings are exactly
those of the file. The naming also says under which canonical id each player's page is
(:attr:`EventNaming.canonical`), the one thing of ``players.yaml`` the event's pages link
by; the summary carries it (:attr:`ingest.summary.summary_values.EventSummary.canonical`), so
rendering never consults ``players.yaml`` again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player
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


@dataclass(frozen=True, slots=True)
class EventNaming:
    """``players.yaml`` applied to one event: how each of its players is published.

    Keys are the ids of the event file, except :attr:`canonical`'s (the published ids).
    """

    ids: Mapping[PlayerId, PlayerId] = field(default_factory=dict)
    """The players published under another id: file id -> published id (their number when
    hidden, else their canonical id)."""
    names: Mapping[PlayerId, str] = field(default_factory=dict)
    """The players published under another name than the file's: file id -> the name as they
    chose (players.yaml's, by their choice of display; "Player 17" when hidden)."""
    canonical: Mapping[PlayerId, str] = field(default_factory=dict)
    """Published id -> the player's canonical id across events (their player page), for the
    players whose published id is not it (an alias the file uses)."""

    def published_id(self, pid: PlayerId) -> PlayerId:
        """The id ``pid`` of the file is published under."""
        return self.ids.get(pid, pid)

    def published(self, event: Event) -> Event:
        """The event as it may be published (the event itself when nothing changes)."""
        ids, names = self.ids, self.names
        if not ids and not names:
            return event
        to = self.published_id

        def player(p: Player) -> Player:
            if p.id not in ids and p.id not in names:
                return p
            return replace(p, id=to(p.id), name=names.get(p.id, p.name), file_id=p.id if p.id in ids else "")

        if not ids:
            return replace(event, players=tuple(player(p) for p in event.players))
        origin = event.origin
        if origin is not None:
            origin = replace(origin, standings=tuple(replace(row, player=to(row.player)) for row in origin.standings))
        return replace(
            event,
            players=tuple(player(p) for p in event.players),
            rounds=tuple(r.renamed(to) for r in event.rounds),
            playoff=tuple(r.renamed(to) for r in event.playoff),
            cut_drops=tuple(to(x) for x in event.cut_drops),
            teams=tuple(replace(t, members=tuple(to(m) for m in t.members)) for t in event.teams),
            origin=origin,
        )


def naming_of(event: Event, registry: PlayerRegistry) -> EventNaming:
    """How the players of ``event`` are published, as ``players.yaml`` (``registry``) says."""
    ids: dict[PlayerId, PlayerId] = {}
    names: dict[PlayerId, str] = {}
    canonical: dict[PlayerId, str] = {}
    taken = {p.id for p in event.players}
    for number, p in enumerate(event.players, start=1):
        cid = registry.canonical(p.id)
        reg = registry.players.get(cid)
        if reg is not None and reg.display == "hidden":
            ids[p.id], names[p.id] = unnamed_id(number), unnamed_name(number)
            continue
        if reg is not None and reg.shown != p.name:
            names[p.id] = reg.shown
        if reg is not None and reg.display != "full" and cid != p.id and cid not in taken:
            ids[p.id] = PlayerId(cid)  # the alias in the file may spell the name
        elif cid != p.id:
            canonical[p.id] = cid
    return EventNaming(ids, names, canonical)


def public_event(event: Event, registry: PlayerRegistry) -> Event:
    """The event as it may be published (the event itself when everyone is named as in the file)."""
    return naming_of(event, registry).published(event)
