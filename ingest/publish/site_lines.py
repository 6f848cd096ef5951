"""Each event's line for the pages about many events, kept in the build cache beside the
events' manifest: what a build after one result reads of the events it takes unchanged.

The home page, the events index, the feeds, ``api/events.json``, the search and the
analytics' choice of pages read a little of every event (its brief without its history's
steps), and the writing of ``build/docs`` reads its files' listing. An unchanged event comes
from its manifest row (:class:`~ingest.publish.events_manifest_rows.PackedEvent`), whose
header holds all of that with two large parts nothing here reads: its analytics record
(packed, about 2.3 KB) and every player's published archetype (about 3.3 KB; the search
takes only each archetype's first deck of an event). Decoding every row's header was the
largest cost of a new process's build after one result (7.8 KB a row, about 150 µs each at
3,000 weekly events).

A line is that brief and listing without the two: the analytics record's digest, game,
format and whether it names an archetype (the record itself read from the event's row if
a page asks for it: :class:`LaterRecord`), and each archetype's first deck in the event's
order. An event's key and the digest of what players.yaml says of its players name its
content (:mod:`ingest.publish.cache_keys`; the key alone does not: renaming or hiding a
player makes the entry of a key again, with other pages), so a line kept under both
(:func:`line_key`) never changes: the map (:mod:`ingest.publish.kept_map`, signed with the build cache's
key under the build's fingerprint) gains the lines of the events a build made and loses
those of events gone, appended to its log. A line missing or that does not decode is made
from the event's row; a map that does not check is not read. The pages are the same
whichever way the line came (the properties of ``tests/publish/test_watched_build.py``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

from ingest import __version__
from ingest.analytics.records import PACKED, KeptRecord, RecordError
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import CachedEvent, text_of
from ingest.publish.events_manifest_rows import PackedEvent
from ingest.publish.kept_map import KeptFile, file_stamps, load_map, save_map
from ingest.site.brief import BriefError, EventBrief, brief_from_json, brief_to_json
from ingest.site.event_pages import RenderedEvent
from ingest.site.feeds import FeedEvent
from ingest.summary.history import EventHistory

FILE = "site-lines.json"
"""In the build's cache folder."""

Listing = tuple[tuple[str, str], ...]
"""An event's files' paths and content digests."""

_BAD_LINE = (ValueError, KeyError, TypeError, IndexError, AttributeError, BriefError, RecursionError)


class LaterRecord(KeptRecord):
    """An event's analytics record known by its digest, game and format: its text taken from
    the event's own brief (its manifest row, or its entry) only if a page asks for it."""

    __slots__ = ("_load",)

    def __init__(self, digest: str, game: str, fmt: str, named: bool, load: Callable[[], KeptRecord | None]) -> None:
        super().__init__(None, digest, game, fmt, named, packed=PACKED)
        self._load = load

    def _whole(self) -> KeptRecord:
        kept = self._load()
        if kept is None or kept.digest != self.digest:
            raise RecordError("the event's record is not the one its line names")
        return kept

    @property
    def text(self) -> str:
        return self._whole().text

    @property
    def packed(self) -> str:
        return self._whole().packed


def first_decks(decks: Sequence[tuple[str, str, str]]) -> tuple[tuple[str, str, str], ...]:
    """Each archetype's first deck, in order: all the search takes of an event's decks (the
    newest event's first deck of an archetype)."""
    seen: set[str] = set()
    out = []
    for deck in decks:
        if deck[0] not in seen:
            seen.add(deck[0])
            out.append(deck)
    return tuple(out)


def line_of(entry: CachedEvent) -> str:
    """An event's line, as compact JSON (kept as text in the map: a build decodes only the
    lines it reads)."""
    brief = entry.rendered.brief
    slim = replace(brief, history=replace(brief.history, steps=()), decks=first_decks(brief.decks), analytics=None)
    obj = brief_to_json(slim)
    obj["history"] = {k: v for k, v in obj["history"].items() if k not in ("common", "steps")}
    a = brief.analytics
    obj["analytics"] = None if a is None else [a.digest, a.game, a.format, a.names_archetypes]
    obj["files"] = [list(f) for f in entry.listing]
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _decoded(text: Any, entry: CachedEvent) -> tuple[RenderedEvent, Listing]:
    """The brief (without steps, its decks each archetype's first) and the listing a line
    holds; the analytics record read from ``entry`` when asked for.

    Raises:
        ValueError, KeyError, TypeError...: the line is not one :func:`line_of` made.
    """
    line = json.loads(text_of(text))
    a = line["analytics"]
    if _straight(line):  # (this code's fields: taken as they are, as :func:`_brief` says why)
        later = None if a is None else LaterRecord(a[0], a[1], a[2], a[3], lambda: entry.rendered.brief.analytics)
        return RenderedEvent(_brief(line, later), {}), cast(Listing, tuple(map(tuple, line["files"])))
    later = None
    if a is not None:
        digest, game, fmt, named = a
        if not isinstance(named, bool):
            raise TypeError("expected a boolean")
        later = LaterRecord(text_of(digest), text_of(game), text_of(fmt), named, lambda: entry.rendered.brief.analytics)
    # (a line of other fields: checked field by field)
    obj = {**line, "history": {**line["history"], "common": [], "steps": []}, "analytics": None}
    brief = replace(brief_from_json(obj), analytics=later)
    listing = tuple((text_of(path), text_of(sha)) for path, sha in line["files"])
    return RenderedEvent(brief, {}), listing


_LINE = frozenset(
    ("history", "path", "game_name", "summary", "feed", "api_entry", "search", "decks", "analytics", "files")
)
_HISTORY = frozenset(f.name for f in fields(EventHistory)) - {"steps"}
_FEED = frozenset(f.name for f in fields(FeedEvent))
_day = dt.date.fromisoformat


def _straight(line: dict[str, Any]) -> bool:
    """Whether a line's fields are those :func:`line_of` writes of this code's brief: then it
    is read straight from its values (:func:`_brief`), its listing and its analytics record's
    digest, game and format too."""
    return line.keys() == _LINE and line["history"].keys() == _HISTORY and line["feed"].keys() == _FEED


def _brief(line: dict[str, Any], analytics: KeptRecord | None) -> EventBrief:
    """The brief of a line whose fields are those :func:`line_of` writes of this code's brief
    (:func:`_straight`; any other is read by :func:`~ingest.site.brief.brief_from_json`), made
    straight from its values, each value's type not checked again: a line is read only once
    its map's signature checks, and the map is signed under the build's fingerprint (this
    code's digest), so a line read is one this code wrote. Half the CPU of reading it field
    by field (22 µs a line, 0.2 s of a new process's build at 10,000 weekly events). Equal to
    what that gives (``tests/publish/test_site_lines_decode.py``)."""
    history, feed = line["history"], line["feed"]
    return EventBrief(
        EventHistory(
            **{
                **history,
                "date": _day(history["date"]),
                "steps": (),
                "file_ids": tuple(map(tuple, history["file_ids"])),
            }
        ),
        line["path"],
        line["game_name"],
        line["summary"],
        FeedEvent(**{**feed, "start": _day(feed["start"]), "end": _day(feed["end"])}),
        line["api_entry"],
        line["search"],
        tuple(map(tuple, line["decks"])),
        analytics,
    )


def _key(store: EventStore) -> str:
    return "site-lines:" + store.fingerprint


def line_key(entry: CachedEvent) -> str:
    """What a line is kept under: what names an entry's content. The event's key in the build
    cache does not (it is its event file's): beside it, the digest of what players.yaml said
    about its players (renaming or hiding a player makes the entry of a key again, with other
    pages) and that of what its decklist files held (a file edited, or renamed over another,
    makes it again too: :meth:`~ingest.publish.cache_entries.CachedEvent.decks_named`)."""
    return f"{entry.key} {entry.registry} {entry.decks_named()}"


@dataclass
class SiteLines:
    """The lines a build reads (loaded the first time an event taken from its manifest row
    asks for one) and the lines it keeps."""

    store: EventStore
    lines: dict[str, str] | None = None
    """By :func:`line_key`, as read (None: not read yet)."""
    file: KeptFile | None = None
    """The map's files as read or left."""
    decoded: dict[str, tuple[RenderedEvent, Listing]] = field(default_factory=dict)
    """Lines decoded, by :func:`line_key` (a process that builds again decodes each once)."""
    changes: dict[str, str | None] = field(default_factory=dict)
    """Lines to keep (None: to remove), by :func:`line_key`, until :meth:`save`."""
    keys: dict[int, tuple[CachedEvent, str]] = field(default_factory=dict)
    """:func:`line_key` of the entries asked about, by the entry's identity (the entry kept
    beside its key: an identity is not reused while it is held)."""

    def key(self, entry: CachedEvent) -> str:
        """:func:`line_key` of ``entry``, worked out once while the entry is held."""
        found = self.keys.get(id(entry))
        if found is not None and found[0] is entry:
            return found[1]
        key = line_key(entry)
        self.keys[id(entry)] = (entry, key)
        return key

    def _loaded(self) -> dict[str, str]:
        if self.lines is None:
            self.lines = {}
            loaded = None if self.store.folder is None else load_map(self._path(), _key(self.store), self.store.sign)
            if loaded is not None and loaded[0] == {"version": __version__}:
                self.lines, self.file = {k: v for k, v in loaded[1].items() if isinstance(v, str)}, loaded[2]
        return self.lines

    def _path(self) -> Any:
        assert self.store.folder is not None
        return self.store.folder.parent / FILE

    def _of(self, entry: CachedEvent) -> tuple[RenderedEvent, Listing]:
        found = self.decoded.get(self.key(entry))
        if found is not None:
            return found
        if isinstance(entry, PackedEvent) and not entry.unpacked and entry.key:
            line = self._loaded().get(self.key(entry))
            if line is not None:
                try:
                    found = _decoded(line, entry)
                except _BAD_LINE:
                    found = None
        if found is None:
            return entry.rendered, entry.listing
        self.decoded[self.key(entry)] = found
        return found

    def rendered(self, entry: CachedEvent) -> RenderedEvent:
        """What the pages about many events read of ``entry``: from its line while its brief
        is packed, else its own."""
        return self._of(entry)[0]

    def listing(self, entry: CachedEvent) -> Listing:
        """``entry``'s files' listing: from its line while its brief is packed, else its own."""
        return self._of(entry)[1]

    def for_files(self, entry: CachedEvent) -> CachedEvent:
        """``entry`` as the writing of ``build/docs`` takes it (its files read from the build
        cache when one must be written, :func:`~ingest.publish.event_build.cached_files`):
        while its brief is packed, made from its line (its brief and listing; its decklist
        files left out, which nothing there reads), else itself."""
        self._of(entry)
        found = self.decoded.get(self.key(entry)) if isinstance(entry, PackedEvent) else None
        if found is None:
            return entry
        rendered, listing = found
        return CachedEvent(
            rendered, entry.diagnostics, (), entry.players, entry.registry, listing, entry.key, entry.shown
        )

    def note(self, entries: Sequence[CachedEvent], *, lasting: bool) -> None:
        """Notes what :meth:`save` keeps of ``entries`` (each event of the build): the lines
        not kept yet (the events it made, or whose line was missing), and those of the events
        gone, to remove. ``lasting``: the process builds again with these entries (their keys
        are kept; else no entry is held once this returns)."""
        lines = self._loaded()
        keys = {self.key(c) for c in entries if c.key}
        self.changes = {self.key(c): line_of(c) for c in entries if c.key and self.key(c) not in lines}
        self.changes.update((k, None) for k in lines if k not in keys)
        self.decoded = {k: v for k, v in self.decoded.items() if k in keys}
        self.keys = {id(c): (c, self.key(c)) for c in entries} if lasting else {}

    def save(self, *, let_go: bool = False) -> None:
        """Keeps the lines as :meth:`note` left them: the changes appended to the map's log
        (a whole build writes the whole map: called once the build let its events go, the
        map's text is not held beside them). ``let_go``: the lines are not read again (a
        process that builds no other): what was read and decoded is let go."""
        changes, self.changes = self.changes, {}
        if self.store.folder is not None and (changes or self.file is None):
            self._write(changes)
        if let_go:
            self.lines, self.decoded, self.keys = None, {}, {}

    def _write(self, changes: dict[str, str | None]) -> None:
        lines = self._loaded()
        for k, v in changes.items():
            if v is None:
                lines.pop(k, None)
            else:
                lines[k] = v
        self.file = save_map(
            self._path(), _key(self.store), self.store.sign, {"version": __version__}, changes, lambda: lines, self.file
        )


def site_lines(store: EventStore, kept: SiteLines | None) -> SiteLines:
    """The lines a process kept (``kept``: a watching process decodes each line once) while
    the build's fingerprint is theirs and the map's files are as it left them (another process
    may have built beside it), else the build cache's (read when first asked for)."""
    if (
        kept is not None
        and kept.store.fingerprint == store.fingerprint
        and kept.store.folder == store.folder
        and (kept.lines is None or (kept.file is not None and file_stamps(kept._path()) == kept.file.stamps))
    ):
        kept.store = store
        return kept
    return SiteLines(store)
