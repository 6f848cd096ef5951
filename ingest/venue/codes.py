"""The venue's secrets: the key in the user's data folder, the per-match codes derived from it,
the TO's token and the forms' CSRF tokens.

The key is 32 random bytes in ``<data folder>/venue.key`` (the command line passes the data
folder: ``$XDG_DATA_HOME/scorekeeper``, else ``~/.local/share/scorekeeper``), made on first
use with mode 0600 in a folder of mode 0700; it is never in the project, the build folder or
git, so nothing published can hold it or a code made from it.

A match's code is an HMAC of the event, the round, the table and the players seated there,
cut to :data:`CODE_LENGTH` characters of Crockford's base32 (no I, L, O or U: a code is typed
from paper) and shown as ``XXXX-XXXX``. Forty bits: a guess is right once in a trillion tries,
and wrong codes are rate-limited besides. The players are part of it so a round paired again
gives a re-seated table a new code (the old slip no longer opens it). Codes are compared in
constant time.

A player's own code (:meth:`VenueKeys.player_code`: their decklist) is made the same way
from the event and the player's id, under its own word, so it is never a match's code.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.core.errors import IngestError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32: digits and capitals without I, L, O and U."""
CODE_LENGTH = 8
"""Characters in a match code (40 bits)."""
KEY_FILE = "venue.key"
"""The key's file in the data folder."""
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
"""What a player may type for a digit (Crockford's decoding)."""


def private_folder(folder: Path) -> None:
    """Makes ``folder`` (mode 0700) when there is none, and checks that one already there is
    the user's alone: the venue's key and database (the TO's token is in it, and in its
    ``-wal`` file) must not be readable by another user of the computer.

    Raises:
        IngestError: the folder cannot be made, or other users can open it.
    """
    try:
        # Every folder made here is the user's alone, as the XDG base directory spec asks
        # (the data folder's parents too, when they are missing).
        for made in reversed([folder, *folder.parents]):
            if not made.is_dir():
                made.mkdir(mode=0o700, exist_ok=True)
                made.chmod(0o700)  # whatever the umask left of it
        mode = folder.stat().st_mode
    except OSError as exc:
        raise IngestError(f"{folder}: the venue's folder cannot be made ({exc.strerror or exc})") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise IngestError(
            f"{folder}: other users can open the venue's folder; make it yours alone (chmod 700 {folder})"
        )


def load_key(folder: Path) -> bytes:
    """The venue key kept in ``folder`` (made, with mode 0600, when there is none yet).

    Raises:
        IngestError: the file cannot be read or made, is not a key, or other users can read it
            or its folder (:func:`private_folder`).
    """
    path = folder / KEY_FILE
    private_folder(folder)
    try:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32) + "\n")
                f.flush()
                os.fsync(f.fileno())
        mode = path.stat().st_mode
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise IngestError(f"{path}: the venue key cannot be read or made ({exc})") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise IngestError(f"{path}: other users can read the venue key; make it yours alone (chmod 600 {path})")
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise IngestError(f"{path} is not a venue key; delete it and a new one is made (every code changes)")
    return key


def _mac(key: bytes, *parts: str) -> bytes:
    return hmac.new(key, "\x1f".join(parts).encode("utf-8"), hashlib.sha256).digest()


def _base32(digest: bytes, length: int) -> str:
    number = int.from_bytes(digest[:8], "big")
    out = []
    for _ in range(length):
        number, digit = divmod(number, 32)
        out.append(ALPHABET[digit])
    return "".join(out)


def shown_code(code: str) -> str:
    """A code as printed and typed: ``XXXX-XXXX``.

    >>> shown_code("ABCD2345")
    'ABCD-2345'
    """
    return f"{code[:4]}-{code[4:]}"


def read_code(text: str) -> str | None:
    """A code as typed (any case, with or without the dash or spaces, O for 0, I or L for 1),
    or None when it cannot be one.

    >>> read_code(" abcd-2345 "), read_code("ABCD 2345"), read_code("oI1L-ABCD"), read_code("ABCD-234")
    ('ABCD2345', 'ABCD2345', '0111ABCD', None)
    """
    cleaned = "".join(text.split()).replace("-", "").upper().translate(_LOOKALIKES)
    if len(cleaned) != CODE_LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def same(a: str, b: str) -> bool:
    """Whether two secrets are equal, compared in constant time."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


@dataclass(frozen=True, slots=True)
class VenueKeys:
    """Everything the venue derives from its key."""

    key: bytes
    """The venue key (:func:`load_key`)."""

    def match_code(self, event: str, subject: str, units: Sequence[str]) -> str:
        """The code of the match ``subject`` (``rounds/3/5``: stage, round, table) of ``event``
        (its slug) between ``units`` (player or team ids, in the order written).

        >>> keys = VenueKeys(bytes(32))
        >>> code = keys.match_code("fnm", "rounds/1/3", ["alice", "bob"])
        >>> len(code), code == keys.match_code("fnm", "rounds/1/3", ["alice", "bob"])
        (8, True)
        >>> code == keys.match_code("fnm", "rounds/1/3", ["alice", "carol"])
        False
        """
        return _base32(_mac(self.key, "match", event, subject, *units), CODE_LENGTH)

    def seat_code(self, event: str, subject: str, units: Sequence[str], unit: str) -> str:
        """The code of ``unit``'s seat at the match ``subject`` of ``event`` between ``units``: it
        opens that match for that side only (a league's report, filed in a public issue, shows
        the code it was made with: a seat's code, once seen, still speaks only for its owner).

        Made like a match code, from a message that starts with another word (``seat``), so it
        is neither the table's code nor a player's.

        >>> keys = VenueKeys(bytes(32))
        >>> a = keys.seat_code("fnm", "rounds/1/3", ["alice", "bob"], "alice")
        >>> b = keys.seat_code("fnm", "rounds/1/3", ["alice", "bob"], "bob")
        >>> len(a), a == b, a == keys.match_code("fnm", "rounds/1/3", ["alice", "bob"])
        (8, False, False)
        """
        return _base32(_mac(self.key, "seat", event, subject, unit, *units), CODE_LENGTH)

    def player_code(self, event: str, player_id: str) -> str:
        """The code of player ``player_id`` in ``event`` (its slug): it opens what is that
        player's own (their decklist), for the whole event.

        Made like a match code (same alphabet and length, shown with :func:`shown_code`,
        read with :func:`read_code`, compared with :func:`same`), from a message that starts
        with another word (``player`` where a match code's starts with ``match``), so a
        player code never opens a match and a match code never opens a player's page.

        >>> keys = VenueKeys(bytes(32))
        >>> code = keys.player_code("fnm", "alice")
        >>> len(code), read_code(shown_code(code)) == code, code == keys.player_code("fnm", "alice")
        (8, True, True)
        >>> code == keys.player_code("fnm", "bob"), code == keys.player_code("fnm-2", "alice")
        (False, False)
        """
        return _base32(_mac(self.key, "player", event, player_id), CODE_LENGTH)

    def is_player_code(self, event: str, player_id: str, typed: str) -> bool:
        """Whether ``typed`` (as the player typed it: any case, dash or not) is the code of
        ``player_id`` in ``event``, compared in constant time."""
        code = read_code(typed)
        return code is not None and same(code, self.player_code(event, player_id))

    def csrf_token(self, session: str) -> str:
        """The token a session's forms carry (a form posted without it is refused)."""
        return _mac(self.key, "csrf", session).hex()[:32]

    def session_check(self, session: str) -> str:
        """The check that makes a session cookie the server's own."""
        return _mac(self.key, "session", session).hex()[:16]


def new_token() -> str:
    """A fresh secret token (the TO's, a session's): 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)
