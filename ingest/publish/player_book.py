"""The players' book: each player's share of the archive, kept between builds and patched per event.

A player's page and API document are made from the player's history, which comes from every
event they played; the players' index and the search list every player. Worked out from
every event on every build, that is work over the whole archive for a one-result change. The
book keeps instead, for one build fingerprint and one ``players.yaml``:

- for each event (by its build cache key), the players whose history it adds to;
- for each player, a :class:`~ingest.site.player_pages.PlayerLine` (what the index and the
  search read), the players whose names their page shows, their season rows' digest, and
  the listing of their files (page, fragments, API document);
- for each player, their *blocks*: each event's share of their page and API document
  (:class:`~ingest.site.player_shares.EventShare`: the document's row as text, what the page
  shows of the event, the matches against each opponent), made once from the event's steps
  that are theirs, one file each on disk.

A build compares the events it has with the book's: the players an event gone or new names
(before and after a change: a player removed from an event loses it) are *touched*, and so
are those whose season rows changed and those whose page shows a player whose name changed.
Only their files are made, joined from their blocks' shares (a changed event's share made
again, every other taken as kept: no event of theirs is replayed); every other player's files
stand as listed (:class:`~ingest.publish.sync.FileGroup`).

On disk (the build's cache folder: :mod:`ingest.publish.player_book_files`) the book is data,
signed with the build cache's key (:meth:`~ingest.publish.cache.EventStore.signed`): the index
in :data:`BOOK_FILE`, each player's blocks in :data:`BLOCKS_FOLDER`. A file that is missing, tampered with or of another
fingerprint is never used: the book is made again from every event.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ingest import __version__
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.publish.kept_map import KeptFile
from ingest.site.player_pages import PlayerLine
from ingest.site.player_shares import EventShare, share_of
from ingest.source.naming import is_unnamed
from ingest.source.players import PlayerRegistry
from ingest.summary.history import EventHistory, HistoryEntry, Step

BOOK_FILE = "player-book.json"
"""The book's index, in the build's cache folder."""

BLOCKS_FOLDER = "player-blocks"
"""Each player's blocks, one file a player, in the build's cache folder."""

EVENT = "e\0"
"""The name of an event's entry in the index: this, then its key."""

PLAYER = "p\0"
"""The name of a player's entry in the index: this, then their id."""

Listing = tuple[tuple[str, str], ...]
"""Files' paths and content digests (:func:`~ingest.publish.cache_entries.content_digest`)."""


@dataclass(frozen=True, slots=True)
class Block:
    """One event's share of one player's page and document (made from the event's steps that
    add to the player's history: :func:`~ingest.site.player_shares.share_of`)."""

    date: str
    slug: str
    share: EventShare | None
    """None: not made yet. A new event's block holds its steps until its share is kept (a
    build makes it when it keeps the block and when it makes the player's files, one player at
    a time, rather than holding every player's share of every event at once: the events'
    steps are held anyway); a process that keeps the book then keeps the share instead."""
    steps: tuple[Step, ...] = ()
    """The event's steps that are the player's, while :attr:`share` is not made."""
    format_name: str = ""
    """The event's format as its page names it, while :attr:`share` is not made."""
    kept: Any = field(default=None, compare=False)
    """The share as JSON values, as read from the book (written back as they are, not encoded again)."""

    def made(self, registry: PlayerRegistry) -> EventShare:
        """The block's share (made from its steps if not made yet: the same share)."""
        return self.share if self.share is not None else share_of(self.steps, registry, self.format_name)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What the book keeps of a player besides their blocks."""

    line: PlayerLine
    shows: tuple[str, ...]
    """The players whose names the player's page shows (opponents, the opponent at the table now)."""
    seasons: str
    """Digest of the player's season rows."""
    listing: Listing
    """The player's files, as last made."""


@dataclass
class PlayerBook:
    """The book of one build fingerprint and ``players.yaml`` (:attr:`basis`)."""

    basis: str
    events: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Event key -> the players whose blocks hold its steps."""
    players: dict[str, PlayerState] = field(default_factory=dict)
    blocks: dict[str, dict[str, Block]] = field(default_factory=dict)
    """Player -> event key -> block: the players whose blocks this process holds."""
    owners: set[str] = field(default_factory=set)
    """The players who have blocks (on disk, or in :attr:`blocks`)."""
    on_disk: KeptFile | None = None
    """The index's files in the build cache as this process last read or wrote them, which
    hold the book but for the entries :attr:`changed` names (the next save appends those:
    :mod:`ingest.publish.kept_map`); None: the next save writes the whole index."""
    changed: set[str] = field(default_factory=set)
    """The index's entries changed since it was read or saved (:data:`~ingest.publish.player_book_files.EVENT`
    or :data:`~ingest.publish.player_book_files.PLAYER` and the event's key or the player's id)."""
    block_files: dict[str, KeptFile] = field(default_factory=dict)
    """Each player's blocks file as this process last read or wrote it (the next save appends
    the blocks that changed)."""
    block_changes: dict[str, set[str]] = field(default_factory=dict)
    """Player -> the events whose block was added or removed since their blocks were read or saved."""


@dataclass(frozen=True, slots=True)
class BookUpdate:
    """What a build takes from the book: the players whose files it must make again.

    No player's history is here: each is worked out from the player's blocks when their
    files are made and written, one player at a time (:mod:`ingest.publish.player_build`),
    so that a build never holds every player's history or document at once (issue 38)."""

    names: Mapping[str, str]
    """Every player with a page, by id: the name their page and the others' show."""
    touched: frozenset[str]
    """The players whose files are made in this build (the others stand as listed)."""
    lines: tuple[PlayerLine, ...]
    """Every player with a page."""
    changed_blocks: frozenset[str]
    """The players whose blocks changed (written back to disk)."""


def book_basis(fingerprint: str, registry: PlayerRegistry) -> str:
    """What the whole book depends on besides the events: the build's fingerprint (code,
    configuration, templates, date: :func:`~ingest.publish.cache_keys.build_fingerprint`) and ``players.yaml``."""
    return hashlib.sha256(f"{CACHE_FORMAT}\0{__version__}\0{fingerprint}\0{registry!r}".encode()).hexdigest()


def owners(history: EventHistory, registry: PlayerRegistry) -> dict[str, list[Step]]:
    """An event's steps by the player whose history each adds to (as
    :func:`~ingest.summary.history.histories_from` counts them: a player who chose not to
    be named has none)."""
    out: dict[str, list[Step]] = {}
    for step in history.steps:
        pid = step[1]
        if is_unnamed(pid):
            continue
        out.setdefault(registry.canonical(pid), []).append(step)
    return out


def update_book(
    book: PlayerBook,
    events: Mapping[str, EventHistory],
    registry: PlayerRegistry,
    seasons: Mapping[str, str],
    load_blocks: Any,
    format_name: Callable[[EventHistory], str],
) -> BookUpdate | None:
    """Patches ``book`` to ``events`` (each event's history by its key); returns what the build
    must make, or None when a player's blocks cannot be had (``load_blocks(cid)`` gives them
    or None): the caller starts a new book. Only the histories of the events the book does
    not hold are asked of ``events``; a new event's block of each of its players holds its
    steps and its format as its page names it (``format_name``), its share made when asked
    for (:meth:`Block.made`).

    ``seasons``: each player's season rows' digest (players without rows: absent).
    """
    now = events
    gone = [k for k in book.events if k not in now]
    new = [k for k in now if k not in book.events]
    touched: set[str] = set()
    changed: set[str] = set()

    def blocks_of(cid: str) -> dict[str, Block] | None:
        held = book.blocks.get(cid)
        if held is None:
            held = load_blocks(cid) if cid in book.owners else {}
            if held is None:
                return None
            book.blocks[cid] = held
        return held

    for key in gone:
        book.changed.add(EVENT + key)
        for cid in book.events.pop(key):
            held = blocks_of(cid)
            if held is None:
                return None
            held.pop(key, None)
            book.block_changes.setdefault(cid, set()).add(key)
            if not held:
                book.owners.discard(cid)
            touched.add(cid)
            changed.add(cid)
    for key in new:
        h = now[key]
        mine = owners(h, registry)
        shown = format_name(h)
        for cid, steps in mine.items():
            held = blocks_of(cid)
            if held is None:
                return None
            held[key] = Block(h.date.isoformat(), h.slug, None, tuple(steps), shown)
            book.block_changes.setdefault(cid, set()).add(key)
            book.owners.add(cid)
            touched.add(cid)
            changed.add(cid)
        book.events[key] = tuple(sorted(mine))
        book.changed.add(EVENT + key)
    for cid in set(seasons) | {c for c, s in book.players.items() if s.seasons}:
        if book.players.get(cid) is None or book.players[cid].seasons != seasons.get(cid, ""):
            touched.add(cid)
    # Registered players without events have a page too (histories_from names them).
    registered = {cid for cid, reg in registry.players.items() if reg.display != "hidden"}
    touched |= {cid for cid in registered if cid not in book.players}
    made = lines_of_players(touched, registry, blocks_of)
    if made is None:
        return None
    renamed = {
        cid
        for cid in touched
        if (cid in made) != (cid in book.players)
        or (cid in book.players and book.players[cid].line.name != made[cid].name)
    }
    if renamed:
        more = {cid for cid, s in book.players.items() if cid not in touched and renamed.intersection(s.shows)}
        if more:
            touched |= more
            also = lines_of_players(more, registry, blocks_of)
            if also is None:
                return None
            made.update(also)
    for cid in touched:
        if cid not in made and book.players.pop(cid, None) is not None:  # no page any more
            book.changed.add(PLAYER + cid)
    lines = {cid: s.line for cid, s in book.players.items() if cid not in touched}
    lines.update(made)
    return BookUpdate(
        {cid: lines[cid].name for cid in sorted(lines)},
        frozenset(c for c in touched if c in made),
        tuple(lines[c] for c in sorted(lines)),
        frozenset(changed),
    )


def lines_of_players(touched: Iterable[str], registry: PlayerRegistry, blocks_of: Any) -> dict[str, PlayerLine] | None:
    """The lines (name, events, decks) of the ``touched`` players who have a page, as their
    histories would give them (:func:`~ingest.summary.history.histories_from`: the newest
    event's name unless ``players.yaml`` gives one; a registered player without events has a
    page, unless hidden), from the entries of their blocks' shares, one player at a time;
    None when a player's blocks cannot be had."""
    out: dict[str, PlayerLine] = {}
    for cid in sorted(touched):
        held = blocks_of(cid)
        if held is None:
            return None
        name: str | None = None
        events = 0
        decks: set[str] = set()
        for block in in_order(held):
            for shown, archetype in _entries(block, registry):
                name = shown  # the newest event's wins
                events += 1
                if archetype:
                    decks.add(archetype)
        if name is None:
            reg = registry.players.get(cid)
            if reg is None or reg.display == "hidden":
                continue  # no page
            name = reg.shown
        out[cid] = PlayerLine(cid, name, events, tuple(sorted(decks)))
    return out


def _entries(block: Block, registry: PlayerRegistry) -> Iterator[tuple[str, str]]:
    """Each entry of a block: the player's name as this event gives it (``players.yaml``'s,
    else the event's) and their deck's archetype, from its share or, not made yet, its steps."""
    if block.share is not None:
        for entry in block.share.entries:
            yield entry.name, entry.archetype
        return
    for kind, pid, other, value in block.steps:
        if kind == "add":
            assert isinstance(value, HistoryEntry)
            yield registry.name(pid, other), value.archetype


def make_shares(held: dict[str, Block], registry: PlayerRegistry) -> None:
    """Makes the share of each of a player's blocks that holds its steps still (in place: the
    block then holds its share, not the steps)."""
    for key, block in held.items():
        if block.share is None:
            held[key] = Block(block.date, block.slug, block.made(registry))


def in_order(blocks: Mapping[str, Block]) -> list[Block]:
    """A player's blocks in the order of their history (:func:`~ingest.summary.history.histories_from`:
    by the event's date, then its slug)."""
    return sorted(blocks.values(), key=lambda b: (b.date, b.slug))


def record_made(
    book: PlayerBook,
    update: BookUpdate,
    seasons: Mapping[str, str],
    listings: Mapping[str, Listing],
    shows: Mapping[str, tuple[str, ...]],
) -> None:
    """Notes the files made for the touched players (their listing, and the players their
    page shows) in the book."""
    lines = {line.id: line for line in update.lines}
    for cid in update.touched:
        book.players[cid] = PlayerState(lines[cid], shows.get(cid, ()), seasons.get(cid, ""), listings.get(cid, ()))
        book.changed.add(PLAYER + cid)


# -- on disk ------------------------------------------------------------------------------------
