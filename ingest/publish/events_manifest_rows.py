"""The events' manifest's rows (:mod:`ingest.publish.events_manifest`) and the events they
stand for: a row made from an event's entry (:func:`row_of`), and an event given back from a
row (:func:`entry_of`) without reading its entry from the build cache.

A row is kept packed until something needs it: what a build reads of every event to take it
unchanged (its players, warnings, slug and status, its decklist files: the row's
:func:`~ingest.publish.cache_entries.check_part`) is decoded at once; the rest (its brief
and its files' listing, four fifths of the row) the first time it is asked for
(:class:`PackedEvent`), so that a build after one result decodes one row, not every row
(76 µs each, 0.75 s at 10,000 weekly events). What the row does not hold (each player's
steps of the event's history) is read from the event's entry when a page asks for it
(:class:`Later`).
"""

from __future__ import annotations

import contextlib
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from ingest.core.errors import IngestError
from ingest.publish.cache import EventStore
from ingest.publish.cache_entries import (
    CachedEvent,
    Checked,
    check_part,
    decode_check,
    decode_decks,
    decode_slim,
    slim_header,
)
from ingest.publish.later import Later as Later  # (where callers have found it)
from ingest.site.brief import BriefError
from ingest.site.event_pages import RenderedEvent
from ingest.source.storage import FileSignature

Row = tuple[FileSignature, str, str, str]
"""An event file's signature and key when a build last took it, its entry's
:func:`~ingest.publish.cache_entries.check_part` and its
:func:`~ingest.publish.cache_entries.slim_header`, each as compact JSON, not decoded until
the event is taken (the header not until something asks for more than the check part)."""

QuickPart = tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...], str]
"""An event's decklist files as its quick check reads them: its files read, as runs of names
in one folder (the folder below the event's, each file's name), in the order the entry names
them; the files it named that did not exist (references); the digest of the read files'
signatures in that order (:func:`signatures_digest`)."""


_BAD_ROW = (ValueError, KeyError, TypeError, IndexError, AttributeError, BriefError, RecursionError)


def _dumps(v: object) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def parse_row(line: str) -> tuple[str, Row]:
    """An event file (as shown) and its row, from a line of the manifest (:func:`row_line`).

    Raises:
        ValueError, TypeError, IndexError: the line is not one :func:`row_line` writes.
    """
    name, size, modified, changed, inode, key, check, header = line.split("\t", 7)
    shown = json.loads(name)
    if not isinstance(shown, str) or not check.startswith("[") or not header.startswith("{"):
        raise ValueError("not a row")
    return shown, ((int(size), int(modified), int(changed), int(inode)), key, check, header)


def row_line(shown: str, row: Row) -> str:
    """A row as a line of the manifest: the event file as shown (a JSON string, which holds
    no tab or line feed), its signature and key, its check part and its header, by tabs."""
    sig, key, check, header = row
    return "\t".join((_dumps(shown), *map(str, sig), key, check, header))


def row_texts(entry: CachedEvent) -> tuple[str, str]:
    """An entry's check part and slim header, as a row holds them."""
    return _dumps(check_part(entry)), _dumps(slim_header(entry))


def row_of(signature: FileSignature, entry: CachedEvent, texts: tuple[str, str] | None = None) -> Row:
    """An event's row, from its entry (made now, or taken from the cache), or from its check
    part and slim header as the build that made it wrote them (``texts``)."""
    check, header = texts if texts is not None else row_texts(entry)
    return signature, entry.key, check, header


class PackedEvent(CachedEvent):
    """An event taken from its manifest row: its key, players, players' digest and warnings,
    slug and status given from the row's check part (or its index line's quick part); its
    decklist files decoded when asked for (:attr:`raw_decks` is what the check of an
    unchanged event reads, :attr:`quick` what its quick check reads); its brief and files'
    listing decoded from the row's header the first time either is asked for (``unpack``).
    :func:`dataclasses.replace` on it gives a plain :class:`CachedEvent`."""

    __slots__ = ("_checked", "_decks", "_raw", "_unpack", "_whole", "quick")
    _checked: Checked
    _unpack: Callable[[], CachedEvent]
    _whole: CachedEvent | None
    _decks: tuple[tuple[str, str | None, FileSignature | None], ...] | None
    _raw: Callable[[], list[Any]] | None
    quick: QuickPart | None
    """Its decklist files as the quick check reads them (None: checked file by file)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> CachedEvent:  # type: ignore[misc]
        return CachedEvent(*args, **kwargs)  # (dataclasses.replace: an entry with the fields given)

    @classmethod
    def packed(
        cls,
        key: str,
        shown: str,
        checked: Checked,
        unpack: Callable[[], CachedEvent],
        raw: Callable[[], list[Any]] | None = None,
        quick: QuickPart | None = None,
        named: str = "",
    ) -> PackedEvent:
        """The event a row's decoded check part stands for (``unpack`` decodes the rest;
        ``raw``, when given, reads its decklist files, which ``checked`` then does not hold;
        ``named``: what they held, :func:`~ingest.publish.cache_entries.digest_decks`, when
        known without them)."""
        self = object.__new__(cls)
        registry, players, _, _, diagnostics, _ = checked
        for name, value in (
            ("key", key),
            ("shown", shown),
            ("registry", registry),
            ("players", players),
            ("diagnostics", diagnostics),
            ("_checked", checked),
            ("_unpack", unpack),
            ("_whole", None),
            ("_decks", None),
            ("_raw", raw),
            ("quick", quick),
            ("decks_digest", named),
        ):
            object.__setattr__(self, name, value)
        return self

    def _full(self) -> CachedEvent:
        whole: CachedEvent | None = self._whole
        if whole is None:
            whole = self._unpack()
            object.__setattr__(self, "_whole", whole)
        return whole

    @property
    def rendered(self) -> RenderedEvent:
        return self._full().rendered

    @property
    def listing(self) -> tuple[tuple[str, str], ...]:
        return self._full().listing

    @property
    def decks(self) -> tuple[tuple[str, str | None, FileSignature | None], ...]:
        decks: tuple[tuple[str, str | None, FileSignature | None], ...] | None = self._decks
        if decks is None:
            try:
                decks = decode_decks(self.raw_decks)
            except (ValueError, TypeError):
                decks = self._full().decks
            object.__setattr__(self, "_decks", decks)
        return decks

    @property
    def raw_decks(self) -> list[Any]:
        """Its decklist files as the row's JSON holds them (each a reference, a digest and a
        signature as a list), not checked field by field: only compared with what is found."""
        raw = self._raw
        if raw is not None:
            object.__setattr__(self, "_checked", (*self._checked[:5], raw()))
            object.__setattr__(self, "_raw", None)
        return self._checked[5]

    @property
    def slug(self) -> str:
        return self._checked[2]

    @property
    def status(self) -> str:
        return self._checked[3]

    @property
    def loaded(self) -> bool:
        return False  # (a row holds no files: its entry in the build cache does)

    @property
    def unpacked(self) -> bool:
        """Whether its brief and listing were decoded."""
        return self._whole is not None

    def without_steps(self) -> CachedEvent:
        """Itself without its history's steps, still packed: its decklist files are not decoded
        (as :func:`dataclasses.replace` would) for an entry whose brief is all a page reads."""
        outer = self

        def unpack() -> CachedEvent:
            return CachedEvent.without_steps(outer._full())

        lean = PackedEvent.packed(self.key, self.shown, self._checked, unpack, self._raw, self.quick, self.decks_digest)
        object.__setattr__(lean, "_decks", self._decks)
        return lean


def entry_of(
    store: EventStore,
    row: Row,
    shown: str,
    read: list[str] | None = None,
    remake: Callable[[], CachedEvent | None] | None = None,
    unpacked: list[str] | None = None,
) -> CachedEvent | None:
    """The event a row stands for (:class:`PackedEvent`), without its files, its brief decoded
    when first asked for (``unpacked`` notes the event), its history's steps read until asked
    for (then from the entry, once: ``read`` notes the event); None when the row's check
    part is not one :func:`row_of` wrote.

    An entry that cannot be read back when needed (removed, truncated, edited since the
    manifest was written) is never used: the event is made again (``remake``), and must come
    out under the same key; else the build stops and asks to be run again. A header that
    cannot be decoded is replaced by the entry's own."""
    _, key, check, header = row
    try:
        checked = decode_check(json.loads(check))
    except _BAD_ROW:
        return None
    return packed_entry(store, key, shown, checked, lambda: (check, header), None, read, remake, unpacked)


def packed_entry(
    store: EventStore,
    key: str,
    shown: str,
    checked: Checked,
    texts: Callable[[], tuple[str, str] | None],
    quick: QuickPart | None,
    read: list[str] | None = None,
    remake: Callable[[], CachedEvent | None] | None = None,
    unpacked: list[str] | None = None,
    indexed: str | None = None,
) -> PackedEvent:
    """The event of :func:`entry_of`, from its check part decoded (``checked``) and its row's
    texts (check part and header) as ``texts`` gives them when first asked for (None: they
    cannot be read; the event's own entry stands for them). ``indexed`` is given for an index
    line's (:mod:`ingest.publish.events_manifest_index`: the digest of what its decklist files
    held): ``checked`` then holds no decklist files, they are read from the row when asked
    for (``quick``, the line's quick part, if any, stands for them in the check)."""
    whole: list[CachedEvent] = []
    given: list[tuple[str, str] | None] = []

    def full() -> CachedEvent:
        if not whole:
            if read is not None:
                read.append(shown)
            entry = store.load(key, shown, files=False)
            if entry is None and remake is not None:
                entry = remake()
            if entry is None or entry.key != key:
                raise IngestError(f"{shown}: its build cache entry cannot be read back; build again")
            whole.append(entry)
        return whole[0]

    def row_texts() -> tuple[str, str] | None:
        if not given:
            given.append(texts())
        return given[0]

    def unpack() -> CachedEvent:
        if unpacked is not None:
            unpacked.append(shown)
        got = row_texts()
        if got is None:
            return full()
        try:
            return _unpacked(got[1], checked, key, shown, full)
        except _BAD_ROW:
            return full()

    def raw() -> list[Any]:
        got = row_texts()
        if got is not None:
            with contextlib.suppress(*_BAD_ROW):
                decks = json.loads(got[0])[5]
                if isinstance(decks, list):
                    return decks
        return [[ref, digest, None if sig is None else list(sig)] for ref, digest, sig in full().decks]

    if indexed is None:
        return PackedEvent.packed(key, shown, checked, unpack)
    return PackedEvent.packed(key, shown, checked, unpack, raw, quick, indexed)


def _unpacked(header: str, checked: Checked, key: str, shown: str, full: Callable[[], CachedEvent]) -> CachedEvent:
    """The entry a row's header and check part describe, its steps and archetypes left to read."""
    obj = json.loads(header)
    entry = decode_slim(obj, (*checked[:5], []), key, shown)  # (its decklist files: the packed event's own)
    listed = obj["brief"]["decks"]
    if not isinstance(listed, list):
        raise TypeError("not a list of archetypes")

    def archetypes() -> tuple[tuple[str, str, str], ...]:
        """The published archetypes, from the row (the search's latest decks read them)."""
        try:
            triples = tuple((a, u, p) for a, u, p in listed)
            "".join(itertools.chain.from_iterable(triples))  # (TypeError unless each is a string)
            return triples
        except (ValueError, TypeError):
            raise IngestError(f"{shown}: its build cache entry cannot be read back; build again") from None

    brief = entry.rendered.brief
    steps = Later(lambda: tuple(full().rendered.brief.history.steps))
    decks = Later(archetypes)
    history = replace(brief.history, steps=cast(tuple[Any, ...], steps))
    lazy = replace(brief, history=history, decks=cast(tuple[tuple[str, str, str], ...], decks))
    return replace(entry, rendered=replace(entry.rendered, brief=lazy))


def same_decks(
    entry_decks: Sequence[tuple[str, str | None, FileSignature | None]], refreshed: Mapping[str, FileSignature]
) -> tuple[tuple[str, str | None, FileSignature | None], ...]:
    """``entry_decks`` with the signatures of the files read again and found the same (``refreshed``)."""
    return tuple((ref, digest, refreshed.get(ref, sig)) for ref, digest, sig in entry_decks)
