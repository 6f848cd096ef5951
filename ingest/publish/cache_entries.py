"""What the build cache keeps of an event (:class:`CachedEvent`), and an entry as bytes: data,
never code, written by :func:`encode_entry` and read back field by field by
:func:`decode_entry` (the store, :mod:`ingest.publish.cache`, signs and checks it first).

An entry is a JSON header (one line: the event's fields, and each file's path, kind and
length), then the files' bytes one after another. The files are most of an entry, and as
JSON strings every quote of their HTML would be escaped and unescaped again: as bytes they
are only sliced and decoded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ingest import __version__
from ingest.core.diagnostics import Diagnostic, Severity, SourcePos
from ingest.publish.cache_keys import CACHE_FORMAT
from ingest.site.digest import digest_from_json, digest_to_json
from ingest.site.event_pages import RenderedEvent
from ingest.site.page import Files
from ingest.source.storage import FileSignature


@dataclass(frozen=True, slots=True)
class CachedEvent:
    """An event as a build keeps it."""

    rendered: RenderedEvent
    """Its files and digest."""
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


def encode_entry(entry: CachedEvent, key: str, shown: str) -> bytes:
    """An entry as the bytes the store signs and keeps: the header, a line feed, the files."""
    listed: list[list[Any]] = []
    blobs: list[bytes] = []
    for path, content in entry.rendered.files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        listed.append([path, "text" if isinstance(content, str) else "bytes", len(data)])
        blobs.append(data)
    header = {
        "format": CACHE_FORMAT,
        "version": __version__,
        "key": key,
        "path": shown,
        "decks": [list(d) for d in entry.decks],
        "players": list(entry.players),
        "registry": entry.registry,
        "diagnostics": [_diagnostic_to_json(d) for d in entry.diagnostics],
        "digest": digest_to_json(entry.rendered.digest),
        "files": listed,
    }
    # Compact JSON holds no line feed (it escapes those in strings): the first one ends the header.
    return json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" + b"".join(blobs)


def _diagnostic_to_json(d: Diagnostic) -> list[Any]:
    return [d.severity.value, d.code, d.message, d.pos.path, d.pos.line, d.pos.col, d.hint, d.settled]


def text_of(v: Any) -> str:
    """``v``, which must be a string (an entry read back is checked field by field)."""
    if not isinstance(v, str):
        raise TypeError("expected a string")
    return v


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


def decode_entry(data: bytes, key: str, shown: str, start: int = 0) -> CachedEvent | None:
    """The entry ``data`` holds from ``start`` on; None when it is of another format, version,
    key or file.

    Raises:
        TypeError, ValueError, KeyError: the data is not what :func:`encode_entry` writes.
    """
    end = data.find(b"\n", start)
    if end < 0:
        raise ValueError("no header")
    obj = json.loads(data[start:end])
    body = memoryview(data)[end + 1 :]  # the files: sliced without copying, then decoded
    if not isinstance(obj, dict):
        return None
    if obj.get("format") != CACHE_FORMAT or obj.get("version") != __version__:
        return None
    if obj.get("key") != key or obj.get("path") != shown:
        return None
    files: Files = {}
    at = 0
    for path, kind, length in obj["files"]:
        stop = at + _number(length)
        if kind not in ("text", "bytes") or length < 0 or stop > len(body):
            raise ValueError("not a file of an entry")
        files[text_of(path)] = str(body[at:stop], "utf-8") if kind == "text" else bytes(body[at:stop])
        at = stop
    if at != len(body):
        raise ValueError("bytes after the last file")
    decks: Sequence[Any] = obj["decks"]
    return CachedEvent(
        RenderedEvent(digest_from_json(obj["digest"]), files),
        tuple(_diagnostic(d) for d in obj["diagnostics"]),
        tuple(
            (text_of(ref), None if digest is None else text_of(digest), _signature(signature))
            for ref, digest, signature in decks
        ),
        tuple(text_of(p) for p in obj["players"]),
        text_of(obj["registry"]),
    )
