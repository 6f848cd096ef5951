"""Decklist files named by an event: where they are referenced, and whether a path may be used.

A decklist path must stay inside the event's folder (no absolute paths, no ``..``, no
hidden files) and be of a sane length, whatever the file says.
"""

from __future__ import annotations

import functools
import posixpath
import re

from ingest.core.ids import PlayerId
from ingest.source.yamldoc import SourceDocument, YamlPath


def deck_files(doc: SourceDocument) -> list[tuple[YamlPath, PlayerId, str]]:
    """Decklist file references of a (schema-valid) document: (yaml path, player, file).

    WoT constructed decks ``{hero: file, villain: file}`` give two references.
    """
    refs: list[tuple[YamlPath, PlayerId, str]] = []
    players = doc.data.get("players") if isinstance(doc.data, dict) else None
    for i, p in enumerate(players or []):
        if not isinstance(p, dict):
            continue
        deck = p.get("deck")
        pid = PlayerId(str(p.get("id", "")))
        if isinstance(deck, str):
            refs.append((("players", i, "deck"), pid, deck))
        elif isinstance(deck, dict):
            for side in ("hero", "villain", "file"):
                if isinstance(deck.get(side), str):
                    refs.append((("players", i, "deck", side), pid, deck[side]))
    return refs


MAX_PATH_BYTES = 1024
"""Longest file reference accepted (a folder or file name may have at most 255 bytes)."""

_DRIVE = re.compile(r"^[A-Za-z]:")


@functools.lru_cache(maxsize=4096)  # (a pure function of the text: every event names decks/<id>.txt again)
def deck_path_problem(ref: str) -> str | None:
    """Why a decklist reference may not be used, or None when it is a safe relative path.

    >>> deck_path_problem("decks/alice.txt") is None
    True
    >>> print(deck_path_problem("../other/alice.txt"))
    it points outside the event's folder
    >>> deck_path_problem("/etc/passwd")
    'it is an absolute path'
    >>> deck_path_problem("decks/" + "x" * 300 + ".txt")
    'the name is too long for a file'
    """
    if ref.startswith(("/", "\\")) or _DRIVE.match(ref):
        return "it is an absolute path"
    norm = posixpath.normpath(ref.replace("\\", "/"))
    if norm == ".." or norm.startswith("../"):
        return "it points outside the event's folder"
    if "\0" in ref:
        return "it contains a NUL character"
    if len(ref.encode()) > MAX_PATH_BYTES or any(len(part.encode()) > 255 for part in norm.split("/")):
        return "the name is too long for a file"
    return None
