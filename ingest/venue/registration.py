"""What a registration says: the name as typed (:func:`clean_name`), who the player is in
``players.yaml`` or how a new player is to be named, and the id they enter under
(:func:`registration_for`: ``add-player``'s id from the name, or, for a player not named in
full, an id that does not spell their name, since a player page's address is its id)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ingest.core.errors import IngestError
from ingest.core.model import Event
from ingest.core.safetext import unsafe_character
from ingest.core.slug import slug
from ingest.edit.corrections import add_player, new_player_id
from ingest.edit.event_file import Edit
from ingest.edit.late_entry import ID_MAX_LENGTH
from ingest.site.i18n import gettext as _
from ingest.source.naming import DISPLAYS
from ingest.source.players import PlayerRegistry
from ingest.venue.desk import Refused

NAME_MAX = 120
"""The longest name (the event schema's)."""
HANDLE_MAX = 40


def clean_name(text: str) -> str:
    """A typed name as it is stored: spaces folded, ends trimmed.

    Raises:
        Refused: empty, too long, or holding characters a name may not hold.
    """
    name = " ".join(text.split())
    if not name:
        raise Refused(_("Write your name."))
    if len(name) > NAME_MAX:
        raise Refused(_("That name is too long: at most %(n)s characters.") % {"n": NAME_MAX})
    if unsafe_character(name) is not None:
        raise Refused(_("That name holds a character a name cannot have; write it with letters, digits and spaces."))
    return name


@dataclass(frozen=True, slots=True)
class Registration:
    """What a registration says (its stored payload)."""

    id: str
    name: str
    display: str = "full"
    """How the player chose to be named (a new player of a community with ``players.yaml``)."""
    handle: str = ""
    known: bool = False
    """Picked from ``players.yaml`` (nothing is added to it)."""

    def payload(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "display": self.display, "handle": self.handle, "known": self.known}

    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> Registration:
        return cls(
            str(data["id"]),
            str(data["name"]),
            str(data.get("display") or "full"),
            str(data.get("handle") or ""),
            bool(data.get("known")),
        )

    def add(self, text: str, event: Event) -> Edit:
        """The registration as ``add-player`` writes it."""
        return add_player(text, event, player_id=self.id, name=self.name)


def registration_for(
    event: Event, registry: PlayerRegistry | None, name: str, known: str, display: str, handle: str
) -> Registration:
    """The registration of ``name`` at ``event``: as the person ``known`` of ``players.yaml``
    (``registry``; None: the community keeps none), or as a new player named as ``display``
    says (``handle``: the one chosen).

    Raises:
        Refused: the person is not the one typed, the handle is missing, or the id is taken.
    """
    if known:
        typed = name.casefold()
        person = registry.players.get(known) if registry is not None else None
        if person is None or typed not in (person.name.casefold(), person.handle.casefold()):
            raise Refused(_("Choose yourself from the list again."))
        return Registration(person.id, person.name, person.display, person.handle, known=True)
    if registry is None or display not in DISPLAYS:
        display, handle = "full", ""
    handle = " ".join(handle.split())
    if display == "handle" and (not handle or len(handle) > HANDLE_MAX or unsafe_character(handle) is not None):
        raise Refused(_("Write the handle to be shown (at most %(n)s characters).") % {"n": HANDLE_MAX})
    # The id is add-player's (the slug of the name); a player not named in full gets an id
    # that does not spell their name (their page's address is their id).
    wanted: str | None = None
    if display == "handle":
        wanted = slug(handle, fallback="", max_length=ID_MAX_LENGTH) or None
    if display in ("initials", "hidden") or (display == "handle" and wanted is None):
        wanted = f"p-{secrets.token_hex(3)}"
    if wanted is None and not slug(name, fallback="", max_length=ID_MAX_LENGTH):
        wanted = f"p-{secrets.token_hex(3)}"  # a name with nothing to make an id from
    try:
        pid = new_player_id(event, name, wanted)
    except IngestError:
        raise Refused(taken_sentence(name)) from None
    if registry is not None and registry.canonical(pid) in registry.players:
        raise Refused(taken_sentence(name))
    return Registration(pid, name, display, handle if display == "handle" else "")


def taken_sentence(name: str) -> str:
    """Why a registration of a name already registered is refused (in the site's language)."""
    return _(
        "A player with a name like %(name)s is already registered. If that is you, ask the TO for your "
        "player code; if not, ask the TO to register you."
    ) % {"name": name}
