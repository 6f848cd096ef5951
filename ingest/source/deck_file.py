"""A decklist file as the source stage read it: whose deck it is, the file the event names, its text.

The event says which file holds each player's list (``players[].deck``); the model keeps
what the event writes there (:attr:`ingest.core.model.Player.deck`), never a file's text.
Reading the files is the source stage's work (:func:`ingest.checks.event_files.load_event`),
which hands them on as these values, beside the event, to what parses and checks the
decks (:func:`ingest.decks.event_decks.event_decks`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ingest.core.ids import PlayerId


@dataclass(frozen=True, slots=True)
class DeckFile:
    """One decklist file an event names, with the text read from it."""

    player: PlayerId
    """Whose deck it is (a Wheel of Time player has two files, Hero and Villain)."""
    ref: str
    """The file, relative to the event's folder, as the event file writes it."""
    text: str
    """The file's text."""
    signature: tuple[int, int, int, int] | None = None
    """The file's size, times and inode just before it was read (None: changed too recently
    to tell a later change by them); lets the build cache see it unchanged without reading it
    (:func:`ingest.source.storage.file_signature`)."""

    def renamed(self, to: Callable[[PlayerId], PlayerId]) -> DeckFile:
        """The same file under the player id ``to`` gives for its player."""
        return replace(self, player=to(self.player))
