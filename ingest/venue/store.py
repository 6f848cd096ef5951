"""What the venue is sent, kept in SQLite before anyone is told "received".

One database per project, in the user's data folder (beside the venue key, never in the
project). It runs in WAL mode with ``synchronous=FULL``: a submission's transaction is on
disk when :meth:`Store.submit` returns, so a server killed a moment later (``SIGKILL``, a
power cut) has lost nothing it acknowledged. Each submission carries the idempotency key
its form was made with (a ``UNIQUE`` column): a phone that sends it again (a retry after a
lost answer, a double tap, a replayed request) gets the first one back, never a second row.

A submission is one kind of thing sent about one subject of an event: here a result claim
(``kind`` ``result``, subject ``rounds/3/5``); registrations and decklists are further kinds
of the same table. Its life: ``pending`` until the TO (or the players' agreement) decides,
then ``accepted`` or ``rejected`` (``superseded`` when the same side sent a newer one
first); an accepted one is ``applied`` once written into the event file (the time is kept,
and what the writing said). The server writes what was accepted but not yet applied again
on restart: the writing is idempotent (:mod:`ingest.venue.apply`).

Other processes may use the database at the same time (``scorekeeper inbox``, ``accept``):
SQLite serialises their writes, and :meth:`Store.data_version` tells the server another
connection changed something.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.venue.codes import private_folder

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS submissions (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  event TEXT NOT NULL,
  subject TEXT NOT NULL,
  side TEXT NOT NULL,
  action TEXT NOT NULL,
  payload TEXT NOT NULL,
  device TEXT NOT NULL,
  received REAL NOT NULL,
  state TEXT NOT NULL,
  decided REAL,
  applied REAL,
  outcome TEXT NOT NULL DEFAULT '',
  seated TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS submissions_subject ON submissions (event, subject);
CREATE INDEX IF NOT EXISTS submissions_open ON submissions (state, applied);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sides (
  device TEXT NOT NULL,
  event TEXT NOT NULL,
  subject TEXT NOT NULL,
  side TEXT NOT NULL,
  PRIMARY KEY (device, event, subject)
);
"""

STATES = ("pending", "accepted", "rejected", "superseded")
"""What a submission can be: waiting, taken, refused by the TO, or replaced by a newer one from the same side."""


@dataclass(frozen=True, slots=True)
class Submission:
    """One thing sent to the venue, as stored."""

    id: int
    """Its number (the TO names it: ``scorekeeper accept FILE 12``)."""
    key: str
    """The idempotency key its form was made with."""
    kind: str
    """What it is: ``result``, ``registration`` or ``check-in`` (:mod:`ingest.venue.entries`)."""
    event: str
    """The event's slug."""
    subject: str
    """What it is about, e.g. ``rounds/3/5`` (stage, round, table)."""
    side: str
    """Who sent it: a player's or team's id; empty for the TO."""
    action: str
    """``report`` (a player's claim), ``confirm`` (agreeing with the other side's) or ``to`` (the TO's)."""
    payload: Mapping[str, Any]
    """What was sent, as the kind reads it (a result in the family's words)."""
    device: str
    """The session (phone) it came from."""
    received: float
    """When it was stored (seconds since the epoch)."""
    state: str
    """One of :data:`STATES`."""
    decided: float | None
    """When it was accepted or rejected."""
    applied: float | None
    """When it was written into the event file (None: not yet)."""
    outcome: str
    """What writing it said: the line recorded, or why it could not be written."""
    seated: str = ""
    """Who sat at the subject when it was sent (:func:`seating`): a claim counts only for
    the same players (a round paired again seats others at the same table number)."""
    address: str = ""
    """The network address it came from (two claims from one address are one phone's)."""

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Submission:
        return cls(
            row["id"],
            row["key"],
            row["kind"],
            row["event"],
            row["subject"],
            row["side"],
            row["action"],
            json.loads(row["payload"]),
            row["device"],
            row["received"],
            row["state"],
            row["decided"],
            row["applied"],
            row["outcome"],
            row["seated"],
            row["address"],
        )


@dataclass(frozen=True, slots=True)
class NewSubmission:
    """A submission about to be stored."""

    key: str
    kind: str
    event: str
    subject: str
    side: str
    action: str
    payload: Mapping[str, Any]
    device: str
    state: str = "pending"
    seated: str = ""
    """:attr:`Submission.seated`."""
    address: str = ""
    """:attr:`Submission.address`."""


def seating(units: Sequence[str]) -> str:
    """Who sits at a subject, in order, as a submission stores it.

    >>> seating(("alice", "bob"))
    'alice|bob'
    """
    return "|".join(units)


class Store:
    """The venue's database (one connection, used by one thread at a time)."""

    def __init__(self, path: Path) -> None:
        """Opens (or makes) the database at ``path``.

        Raises:
            IngestError: its folder is not the user's alone (:func:`~ingest.venue.codes.private_folder`).
        """
        private_folder(path.parent)
        self.path = path
        # The database and its -wal and -shm files (SQLite makes them later with the mode of the
        # database) are made for the user alone. The umask is the process's: it is set back at
        # once, and nothing else makes files while a venue or a command opens its store.
        umask = os.umask(0o077)
        try:
            self.db = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
            self.db.row_factory = sqlite3.Row
            self.lock = threading.RLock()
            with self.lock:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.execute("PRAGMA busy_timeout=30000")
                self.db.executescript(_SCHEMA)
                # A database made by a venue before these columns existed gains them, empty.
                columns = {row["name"] for row in self.db.execute("PRAGMA table_info(submissions)")}
                for column in ("seated", "address"):
                    if column not in columns:
                        self.db.execute(f"ALTER TABLE submissions ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")
                self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        finally:
            os.umask(umask)
        for made in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            with contextlib.suppress(OSError):  # files an earlier version made for everyone to read
                made.chmod(0o600)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``: the database's write lock from the start)."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def data_version(self) -> int:
        """A number that changes when another connection commits (``PRAGMA data_version``)."""
        with self.lock:
            return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    # -- submissions --------------------------------------------------------------------------

    def submit(self, new: NewSubmission, decisions: Mapping[int, str] | None = None) -> tuple[Submission, bool]:
        """Stores ``new`` (on disk when this returns), unless its key was stored already.

        A pending submission from the same side about the same subject is superseded by it,
        and ``decisions`` (accepted or rejected, by id) are made in the same transaction (the
        TO's own result settles what the players sent). Returns the submission as stored and
        whether it is new (False: the first one sent with this key, whatever this one holds;
        nothing else changes then).
        """
        with self._transaction() as db:
            found = db.execute("SELECT * FROM submissions WHERE key = ?", (new.key,)).fetchone()
            if found is not None:
                return Submission.from_row(found), False
            now = time.time()
            db.execute(
                "UPDATE submissions SET state = 'superseded', decided = ? "
                "WHERE event = ? AND subject = ? AND kind = ? AND side = ? AND state = 'pending'",
                (now, new.event, new.subject, new.kind, new.side),
            )
            cursor = db.execute(
                "INSERT INTO submissions (key, kind, event, subject, side, action, payload, device, received, state, "
                "decided, seated, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new.key,
                    new.kind,
                    new.event,
                    new.subject,
                    new.side,
                    new.action,
                    json.dumps(new.payload, sort_keys=True),
                    new.device,
                    now,
                    new.state,
                    now if new.state != "pending" else None,
                    new.seated,
                    new.address,
                ),
            )
            self._decide(db, decisions or {}, now)
            row = db.execute("SELECT * FROM submissions WHERE id = ?", (cursor.lastrowid,)).fetchone()
        return Submission.from_row(row), True

    def get(self, sid: int) -> Submission | None:
        with self.lock:
            row = self.db.execute("SELECT * FROM submissions WHERE id = ?", (sid,)).fetchone()
        return Submission.from_row(row) if row is not None else None

    def by_key(self, key: str) -> Submission | None:
        with self.lock:
            row = self.db.execute("SELECT * FROM submissions WHERE key = ?", (key,)).fetchone()
        return Submission.from_row(row) if row is not None else None

    def about(self, event: str, subject: str, kind: str = "result") -> list[Submission]:
        """Every submission about one subject, oldest first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT * FROM submissions WHERE event = ? AND subject = ? AND kind = ? ORDER BY id",
                (event, subject, kind),
            ).fetchall()
        return [Submission.from_row(r) for r in rows]

    def of_event(self, event: str, kind: str = "result") -> list[Submission]:
        """Every submission about an event, oldest first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT * FROM submissions WHERE event = ? AND kind = ? ORDER BY id", (event, kind)
            ).fetchall()
        return [Submission.from_row(r) for r in rows]

    def unapplied(self) -> list[Submission]:
        """Accepted submissions not written into their event file yet, oldest first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT * FROM submissions WHERE state = 'accepted' AND applied IS NULL ORDER BY id"
            ).fetchall()
        return [Submission.from_row(r) for r in rows]

    def decide(self, decisions: Mapping[int, str], *, outcome: str = "") -> None:
        """Accepts or rejects submissions (by id) in one transaction; only pending ones change.
        ``outcome``: why (a refused registration's reason, shown to the player)."""
        with self._transaction() as db:
            self._decide(db, decisions, time.time(), outcome)

    @staticmethod
    def _decide(db: sqlite3.Connection, decisions: Mapping[int, str], now: float, outcome: str = "") -> None:
        for sid, state in decisions.items():
            if state not in ("accepted", "rejected", "superseded"):
                raise ValueError(f"not a decision: {state}")
            db.execute(
                "UPDATE submissions SET state = ?, decided = ?, outcome = ? WHERE id = ? AND state = 'pending'",
                (state, now, outcome, sid),
            )

    def applied(self, ids: list[int], outcome: str) -> None:
        """Marks accepted submissions as written into the event file."""
        now = time.time()
        with self._transaction() as db:
            for sid in ids:
                db.execute(
                    "UPDATE submissions SET applied = ?, outcome = ? WHERE id = ? AND applied IS NULL",
                    (now, outcome, sid),
                )

    def not_applied(self, ids: list[int], outcome: str) -> None:
        """Notes why accepted submissions could not be written (they wait for the TO)."""
        with self._transaction() as db:
            for sid in ids:
                db.execute("UPDATE submissions SET outcome = ? WHERE id = ? AND applied IS NULL", (outcome, sid))

    def withdraw(self, ids: list[int], outcome: str) -> None:
        """Takes accepted submissions that could not be written back out (the TO rejected them)."""
        now = time.time()
        with self._transaction() as db:
            for sid in ids:
                db.execute(
                    "UPDATE submissions SET state = 'rejected', decided = ?, outcome = ? "
                    "WHERE id = ? AND state = 'accepted' AND applied IS NULL",
                    (now, outcome, sid),
                )

    def settle(self, sid: int, state: str, outcome: str) -> None:
        """Settles a submission handed in at once (a decklist): its state, when it was decided,
        what came of it and, when accepted, that it is written, in one transaction (so no
        accepted submission waits to be written by :mod:`ingest.venue.apply`). ``pending``
        keeps it waiting for the TO, with why."""
        if state not in STATES:
            raise ValueError(f"not a state: {state}")
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "UPDATE submissions SET state = ?, outcome = ?, decided = ?, applied = ? WHERE id = ?",
                (
                    state,
                    outcome,
                    now if state != "pending" else None,
                    now if state == "accepted" else None,
                    sid,
                ),
            )

    # -- settings and the sides phones chose -------------------------------------------------

    def setting(self, name: str, default: str = "") -> str:
        with self.lock:
            row = self.db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return str(row["value"]) if row is not None else default

    def set_setting(self, name: str, value: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) "
                "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                (name, value),
            )

    def setting_once(self, name: str, value: str) -> str:
        """The setting ``name``, set to ``value`` first if it has none (the TO's token)."""
        with self._transaction() as db:
            db.execute("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING", (name, value))
            row = db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return str(row["value"])

    def choose_side(self, device: str, event: str, subject: str, side: str) -> None:
        """Remembers who a phone said it is at a match ("I am Alice")."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO sides (device, event, subject, side) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(device, event, subject) DO UPDATE SET side = excluded.side",
                (device, event, subject, side),
            )

    def side_of(self, device: str, event: str, subject: str) -> str:
        """Who a phone said it is at a match (empty: it has not said)."""
        with self.lock:
            row = self.db.execute(
                "SELECT side FROM sides WHERE device = ? AND event = ? AND subject = ?", (device, event, subject)
            ).fetchone()
        return str(row["side"]) if row is not None else ""

    def sides_chosen(self, device: str, event: str) -> set[str]:
        """Everyone a phone has said it is at an event's tables (a player's phone, round after round)."""
        with self.lock:
            rows = self.db.execute("SELECT DISTINCT side FROM sides WHERE device = ? AND event = ?", (device, event))
            return {str(r["side"]) for r in rows.fetchall()}
