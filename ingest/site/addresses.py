"""Where things are on the site that more than the pages themselves name: a player's deck
(on the event's decklists page, read by the events' briefs and the MTGODecklistCache copy),
and the HTML ids made from text that those addresses end with."""

from __future__ import annotations

from ingest.core.slug import slug


def slug_id(text: str) -> str:
    """An HTML id from any text.

    >>> slug_id("Round 1 / Table 3")
    'round-1-table-3'
    """
    return slug(str(text), fallback="x")


def deck_address(event_slug: str, player: str) -> str:
    """Where a player's deck is on the site: its anchor on the event's decklists page (the
    ``id`` :func:`ingest.site.table_rows.decklist` gives it).

    >>> deck_address("2026-11-13-fnm", "Ana Lima")
    'events/2026-11-13-fnm/decklists/#deck-ana-lima'
    """
    return f"events/{event_slug}/decklists/#deck-{slug_id(player)}"
