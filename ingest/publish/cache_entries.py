"""What the build cache keeps of an event (:class:`CachedEvent`), and an entry as bytes: data,
never code, written by :func:`encode_entry` and read back field by field by
:func:`decode_entry` (the store, :mod:`ingest.publish.cache`, signs and checks it first).

An entry is a JSON header (one line: the event's fields, each file's path, kind, length and
digest, and the digest of all the files' bytes), then the files' bytes one after another.
The files are most of an entry, and as JSON strings every quote of their HTML would be
escaped and unescaped again: as bytes they are only sliced and decoded. The header alone
says what the site needs of an unchanged event (its brief, warnings and the digests of its
files: :func:`decode_header`); its files are read only when one of them must be written
(:func:`decode_files`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ingest import __version__
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.site.brief import brief_from_json, brief_to_json
from ingest.site.event_pages import RenderedEvent
from ingest.site.page import Files
from ingest.source.storage import FileSignature


@dataclass(frozen=True, slots=True)
class CachedEvent:
    """An event as a build keeps it."""

    rendered: RenderedEvent
    """Its files and brief."""
    diagnostics: tuple[Diagnostic, ...]
    """The warnings found in it (reading, checks of pairings, results and decks)."""
    decks: tuple[tuple[str, str | None, FileSignature | None], ...]
    """The decklist files it names (relative to the event's folder), the digest of the text
    read from each (None: not read) and the file's signature then (None: none was taken,
    see :func:`ingest.source.storage.file_signature`)."""
    players: tuple[str, ...]
    """Its players' ids, as in the file and as published."""
    registry: str
    """Digest of what players.yaml said about them (:func:`players_digest`)."""
    listing: tuple[tuple[str, str], ...] = ()
    """Its files' paths and the digests of their bytes (:func:`content_digest`), in the order of
    ``rendered.files``."""
    key: str = ""
    """Its key in the build cache (empty until it is kept there)."""
    shown: str = ""
    """Its event file, as diagnostics name it."""
    decks_digest: str = ""
    """:func:`digest_decks` of its decklist files, kept when they are let go (empty: worked out
    from :attr:`decks`, :meth:`decks_named`)."""

    @property
    def slug(self) -> str:
        """Its address's last part (its history's)."""
        return self.rendered.brief.history.slug

    @property
    def status(self) -> str:
        """Where it stands ("complete" once its last round is recorded: its history's)."""
        return self.rendered.brief.history.status

    @property
    def loaded(self) -> bool:
        """Whether its files are in ``rendered.files`` (an entry read from the build cache
        without them has only their :attr:`listing`)."""
        return bool(self.rendered.files) or not self.listing

    def decks_named(self) -> str:
        """What its decklist files held (:func:`digest_decks`): with its key and players' digest,
        what names its content (a decklist file edited or renamed over another makes the entry
        of a key again, with other pages)."""
        return self.decks_digest or digest_decks(self.decks)

    def without_files(self) -> CachedEvent:
        """The entry with its files left in the build cache (their listing kept)."""
        return replace(self, rendered=RenderedEvent(self.rendered.brief, {}))

    def without_steps(self) -> CachedEvent:
        """The entry without its history's steps (a build whose players' blocks hold them)."""
        brief = self.rendered.brief
        history = replace(brief.history, steps=())
        return replace(self, rendered=replace(self.rendered, brief=replace(brief, history=history)))


def content_digest(content: str | bytes) -> str:
    """The digest of a file's bytes, as entries and the record of ``build/docs`` keep it."""
    return hashlib.sha256(content.encode("utf-8") if isinstance(content, str) else content).hexdigest()[:32]


def digest_decks(decks: Sequence[Sequence[Any]]) -> str:
    """One digest of decklist files' references and their texts' digests, in order (a file
    that did not exist, none), as an entry or a row's check part holds them; their
    signatures left out (a file touched or read again once settled holds the same text)."""
    text = "".join(f"{d[0]}\0{d[1] or ''}\n" for d in decks)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def listing_of(files: Files) -> tuple[tuple[str, str], ...]:
    """Each file's path and :func:`content_digest`."""
    return tuple((path, content_digest(content)) for path, content in files.items())


def encode_entry(entry: CachedEvent, key: str, shown: str) -> tuple[bytes, bytes]:
    """An entry as the bytes the store keeps: the header (one line, which the store signs) and
    the files (whose digest the header holds)."""
    listed: list[list[Any]] = []
    blobs: list[bytes] = []
    digests = dict(entry.listing)
    for path, content in entry.rendered.files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        sha = digests.get(path) or hashlib.sha256(data).hexdigest()[:32]
        listed.append([path, "text" if isinstance(content, str) else "bytes", len(data), sha])
        blobs.append(data)
    body = b"".join(blobs)
    header = {
        "format": CACHE_FORMAT,
        "version": __version__,
        "key": key,
        "path": shown,
        "decks": [list(d) for d in entry.decks],
        "players": list(entry.players),
        "registry": entry.registry,
        "diagnostics": [_diagnostic_to_json(d) for d in entry.diagnostics],
        "brief": brief_to_json(entry.rendered.brief),
        "files": listed,
        "body": hashlib.sha256(body).hexdigest(),
    }
    # Compact JSON holds no line feed (it escapes those in strings): the first one ends the header.
    return json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode(), body


def _diagnostic_to_json(d: Diagnostic) -> list[Any]:
    return [d.severity.value, d.code, d.message, d.pos.path, d.pos.line, d.pos.col, d.hint, d.settled]


def text_of(v: Any) -> str:
    """``v``, which must be a string (an entry read back is checked field by field)."""
    if not isinstance(v, str):
        raise TypeError("expected a string")
    return v


def texts_of(v: Any) -> tuple[str, ...]:
    """``v``, which must be a list of strings, as a tuple (each item checked by one ``join``,
    which takes strings only: a thousand events' players are checked at once each)."""
    if not isinstance(v, list):
        raise TypeError("expected a list")
    "".join(v)  # (TypeError unless every item is a string)
    return tuple(v)


def _number(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError("expected an integer")
    return v


def _signature(v: Any) -> FileSignature | None:
    if v is None:
        return None
    size, modified, changed, inode = v
    return (_number(size), _number(modified), _number(changed), _number(inode))


def _diagnostic(v: Any) -> Diagnostic:
    severity, code, message, path, line, col, hint, settled = v
    if not isinstance(settled, bool):
        raise TypeError("expected a boolean")
    pos = SourcePos(text_of(path), _number(line), _number(col))
    return Diagnostic(Severity(severity), text_of(code), text_of(message), pos, text_of(hint), settled)


def decode_header(header: bytes, key: str, shown: str) -> tuple[CachedEvent, dict[str, Any]] | None:
    """The entry a header describes, without its files (:attr:`CachedEvent.loaded` is false
    when it has any), and the header as read (for :func:`decode_files`); None when it is of
    another format, version, key or file.

    Raises:
        TypeError, ValueError, KeyError: the data is not what :func:`encode_entry` writes.
    """
    obj = json.loads(header)
    if not isinstance(obj, dict):
        return None
    if obj.get("format") != CACHE_FORMAT or obj.get("version") != __version__:
        return None
    if obj.get("key") != key or obj.get("path") != shown:
        return None
    listing = []
    for path, kind, length, sha in obj["files"]:
        if kind not in ("text", "bytes") or _number(length) < 0:
            raise ValueError("not a file of an entry")
        listing.append((text_of(path), text_of(sha)))
    text_of(obj["body"])
    entry = CachedEvent(
        RenderedEvent(brief_from_json(obj["brief"]), {}),
        tuple(_diagnostic(d) for d in obj["diagnostics"]),
        decode_decks(obj["decks"]),
        texts_of(obj["players"]),
        text_of(obj["registry"]),
        tuple(listing),
        key,
        shown,
    )
    return entry, obj


def slim_header(entry: CachedEvent) -> dict[str, Any]:
    """What the events' manifest keeps of an entry besides its :func:`check_part`
    (:mod:`ingest.publish.events_manifest`): its files' paths and digests, and its brief
    without its history's steps, which stay in the entry (:func:`decode_slim`)."""
    whole = entry.rendered.brief
    brief = brief_to_json(replace(whole, history=replace(whole.history, steps=())))  # (its steps not written out)
    history = {k: v for k, v in brief["history"].items() if k not in ("common", "steps")}
    return {"brief": {**brief, "history": history}, "files": [list(f) for f in entry.listing]}


def check_part(entry: CachedEvent) -> list[Any]:
    """What a build reads of every event the events' manifest holds, to take it unchanged: its
    players' digest and ids, its slug and status, its warnings and its decklist files (each
    with its digest and signature). The rest of its row (:func:`slim_header`) is decoded only
    for what asks for it."""
    history = entry.rendered.brief.history
    return [
        entry.registry,
        list(entry.players),
        history.slug,
        history.status,
        [_diagnostic_to_json(d) for d in entry.diagnostics],
        [list(d) for d in entry.decks],
    ]


Checked = tuple[str, tuple[str, ...], str, str, tuple[Diagnostic, ...], list[Any]]
"""A :func:`check_part` read back (:func:`decode_check`): its decklist files as JSON read them."""


def decode_check(part: list[Any]) -> Checked:
    """A :func:`check_part` read back, field by field but for its decklist files (what
    :func:`decode_decks` reads, when they are asked for).

    Raises:
        TypeError, ValueError: the data is not what :func:`check_part` writes.
    """
    registry, players, slug, status, diagnostics, decks = part
    if not isinstance(decks, list):
        raise TypeError("expected a list")
    return (
        text_of(registry),
        texts_of(players),
        text_of(slug),
        text_of(status),
        tuple(_diagnostic(d) for d in diagnostics),
        decks,
    )


def decode_decks(decks: Sequence[Any]) -> tuple[tuple[str, str | None, FileSignature | None], ...]:
    """An entry's decklist files as :func:`check_part` writes them, read back.

    Raises:
        TypeError, ValueError: the data is not what :func:`check_part` writes.
    """
    return tuple(
        (text_of(ref), None if digest is None else text_of(digest), _signature(signature))
        for ref, digest, signature in decks
    )


def decode_slim(header: dict[str, Any], checked: Checked, key: str, shown: str) -> CachedEvent:
    """The entry :func:`slim_header` and :func:`check_part` describe, without its files, its
    history's steps and its brief's published archetypes (empty: the events' manifest's rows
    put back what reads the steps from the entry, and the archetypes from the header when
    asked: :mod:`ingest.publish.events_manifest_rows`).

    Raises:
        TypeError, ValueError, KeyError: the data is not what :func:`slim_header` writes.
    """
    brief = header["brief"]
    if not isinstance(brief, dict) or not isinstance(brief["history"], dict):
        raise TypeError("not a brief")
    whole = {**brief, "history": {**brief["history"], "common": [], "steps": []}, "decks": []}
    registry, players, _, _, diagnostics, decks = checked
    return CachedEvent(
        RenderedEvent(brief_from_json(whole), {}),
        diagnostics,
        decode_decks(decks),
        players,
        registry,
        tuple((text_of(path), text_of(sha)) for path, sha in header["files"]),
        key,
        shown,
    )


def decode_files(header: dict[str, Any], body: bytes | memoryview) -> Files:
    """The files of an entry, from the bytes after its header (checked against the header's digest).

    Raises:
        ValueError: the bytes are not those the header describes.
    """
    if hashlib.sha256(body).hexdigest() != header["body"]:
        raise ValueError("the files are not those of the header")
    view = memoryview(body)
    files: Files = {}
    at = 0
    for path, kind, length, _ in header["files"]:
        stop = at + length
        if stop > len(view):
            raise ValueError("not a file of an entry")
        files[path] = str(view[at:stop], "utf-8") if kind == "text" else bytes(view[at:stop])
        at = stop
    if at != len(view):
        raise ValueError("bytes after the last file")
    return files
