"""Where a table stands, from what its players and the TO sent and what the event file holds
(:func:`table_state`), and what follows from a new claim (:func:`settle`).

One player reports; the opponent confirms on their own phone, or reports something else,
which is a dispute the TO settles with both claims in view. When both sides claim the same
result they agree: the TO's setting (:data:`ACCEPT_MODES`) says whether that is accepted
at once or waits for the TO. A result in the file (from any path: a phone, ``report``, an
editor) is the table's result; only the TO changes it. Pure functions of stored submissions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ingest.venue.store import Submission, seating
from ingest.venue.tables import Claim, Table

ACCEPT_MODES = ("agreed", "to")
"""``agreed``: a result both players claim is written at once; ``to``: every result waits for the TO."""

STATES = ("missing", "reported", "agreed", "disputed", "accepted", "blocked", "recorded")
"""Where a table stands, in the order a round's overview lists them:

- ``missing``: nobody has reported;
- ``reported``: one side has, the other has not confirmed;
- ``agreed``: both sides claim the same result (waiting for the TO when the TO accepts);
- ``disputed``: the sides claim different results;
- ``accepted``: accepted, being written into the event file;
- ``blocked``: accepted, but the event file refused it (a result already there differs: the TO decides);
- ``recorded``: the event file holds the result.
"""


@dataclass(frozen=True, slots=True)
class TableState:
    """A table's claims and where it stands."""

    table: Table
    state: str
    """One of :data:`STATES`."""
    claims: tuple[Submission, ...]
    """The latest pending claim of each side that has one (first side first)."""
    waiting: tuple[Submission, ...]
    """Accepted claims not written yet (``accepted``, ``blocked``)."""
    history: tuple[Submission, ...]
    """Everything sent about the table, oldest first (for other players seated there too)."""

    @property
    def one_phone(self) -> bool:
        """Whether both sides' claims came from one phone: one session, or one address on the
        venue's network (a second browser on the same phone). Agreement from one phone is no
        agreement: it waits for the TO, whatever the TO's setting."""
        return len(self.claims) == 2 and same_phone(self.claims[0], self.claims[1])

    def claim_of(self, side: str) -> Submission | None:
        """The pending claim of ``side``, if it has one."""
        return next((c for c in self.claims if c.side == side), None)

    @property
    def differs_from_file(self) -> bool:
        """Whether a pending claim differs from the result the file holds (the TO should see it)."""
        recorded = self.table.recorded
        return recorded is not None and any(Claim.from_payload(c.payload) != recorded for c in self.claims)


LOOPBACK = ("127.0.0.1", "::1", "localhost")
"""Addresses of the laptop itself, which many phones never share (tests, a benchmark): not compared."""


def sent_from(sub: Submission, device: str, address: str) -> bool:
    """Whether ``sub`` came from the phone ``device`` at ``address``: the same session, or the
    same address on the venue's network (not the laptop's own)."""
    return sub.device == device or (bool(address) and sub.address == address and address not in LOOPBACK)


def same_phone(a: Submission, b: Submission) -> bool:
    """Whether two submissions came from one phone (:func:`sent_from`)."""
    return sent_from(a, b.device, b.address)


def for_seating(table: Table, sent: Sequence[Submission]) -> list[Submission]:
    """What was sent about ``table`` by or for the players seated there now: a round paired
    again may seat others at the same table number, and their claims are not these players'.
    (A submission stored without its seating counts for whoever sits there.)"""
    seated = seating(table.units)
    return [s for s in sent if not s.seated or s.seated == seated]


def table_state(table: Table, sent: Sequence[Submission]) -> TableState:
    """Where ``table`` stands given everything sent about it (``sent``, oldest first)."""
    current = for_seating(table, sent)
    pending = {s.side: s for s in current if s.state == "pending" and s.side}
    claims = tuple(pending[side.id] for side in table.sides if side.id in pending)
    waiting = tuple(s for s in current if s.state == "accepted" and s.applied is None)
    if waiting:
        state = "blocked" if any(s.outcome for s in waiting) else "accepted"
    elif table.recorded is not None:
        state = "recorded"
    elif len(claims) == 2:
        a, b = (Claim.from_payload(c.payload) for c in claims)
        state = "agreed" if a == b else "disputed"
    elif claims:
        state = "reported"
    else:
        state = "missing"
    return TableState(table, state, claims, waiting, tuple(sent))


def settle(state: TableState, mode: str) -> dict[int, str]:
    """What follows from where a table stands: both sides' claims accepted when they agree,
    came from two phones, and the TO's setting lets agreement through (``agreed``); nothing
    otherwise."""
    if state.state == "agreed" and mode == "agreed" and not state.one_phone:
        return {c.id: "accepted" for c in state.claims}
    return {}


def accepting(state: TableState, chosen: Submission) -> dict[int, str]:
    """The TO accepts ``chosen``: the pending claims that agree with it are accepted with it,
    the others rejected."""
    wanted = Claim.from_payload(chosen.payload)
    out = {chosen.id: "accepted"}
    for c in state.claims:
        if c.id != chosen.id:
            out[c.id] = "accepted" if Claim.from_payload(c.payload) == wanted else "rejected"
    return out
