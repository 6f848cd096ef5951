"""What a league's submissions leave behind for the next ones, kept in the repository:
``.scorekeeper/league/<event slug>.json``, committed by the workflow with the event file.

A workflow run has no venue database, so two things are kept here:

- the results waiting for the opponent's report (``accept: agreed``): what one player reported
  must still be there when the opponent's issue arrives, on another runner. Each claim names
  the issue it came from (its key: an issue delivered or edited again replaces its own claim,
  never adds one), the GitHub account that filed it, the side and table, and the result in
  the family's words. Claims of a table whose result the event file holds are dropped;
- each player's (or team's) GitHub account in the event: the first account that used one of
  their codes. An issue is public, and so is the code typed in it; from then on, their codes
  are taken only from that account (the TO changes it in this file).

Never a code. The file is read and written under the same kind of lock as an event file, for
the whole read, decide, record and write, so submissions processed at the same moment see
each other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.core.errors import IngestError
from ingest.edit.locking import edit_lock
from ingest.source.project import Project
from ingest.source.storage import display_path, read_bytes, write_atomically
from ingest.venue.store import Submission

FOLDER = ".scorekeeper/league"
"""Where the league's files are, under the project folder."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A result one side reported and the other has not confirmed yet."""

    issue: int
    account: str
    """The GitHub login that filed the issue."""
    subject: str
    """The table (``rounds/3/5``)."""
    side: str
    """The reporting side's player or team id."""
    claim: dict[str, Any]
    """The result, from the first side's view (:meth:`ingest.venue.tables.Claim.payload`)."""

    def as_submission(self, event: str) -> Submission:
        """As the venue's rules read a claim (:func:`ingest.venue.claims.table_state`): the
        account is the claim's device, so a confirmation must come from another account."""
        return Submission(
            self.issue,
            f"issue-{self.issue}",
            "result",
            event,
            self.subject,
            self.side,
            "report",
            self.claim,
            self.account,
            float(self.issue),
            "pending",
            None,
            None,
            "",
        )


def claims_file(project: Project, slug: str) -> Path:
    """The league file of the event ``slug``."""
    return project.root / FOLDER / f"{slug}.json"


def _read(path: Path, shown: str) -> tuple[list[Pending], dict[str, str]]:
    if not path.exists():
        return [], {}
    raw, problems = read_bytes(path, shown)
    if raw is None:
        raise IngestError(problems[0].message if problems else f"{shown} cannot be read")
    try:
        data = json.loads(raw.decode("utf-8"))
        claims = [
            Pending(int(c["issue"]), str(c["account"]), str(c["subject"]), str(c["side"]), dict(c["claim"]))
            for c in data.get("claims", [])
        ]
        accounts = {str(k): str(v) for k, v in dict(data.get("accounts", {})).items()}
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        raise IngestError(f"{shown} is not a league file; fix it or delete it (what it holds is lost)") from None
    return claims, accounts


def _text(claims: Sequence[Pending], accounts: dict[str, str]) -> str:
    rows = [
        {"issue": c.issue, "account": c.account, "subject": c.subject, "side": c.side, "claim": c.claim}
        for c in sorted(claims, key=lambda c: c.issue)
    ]
    doc = {"accounts": dict(sorted(accounts.items())), "claims": rows}
    return json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


class Claims:
    """An event's league file, read and written under its lock (:func:`held`)."""

    def __init__(self, path: Path, shown: str) -> None:
        self.path, self.shown = path, shown
        self.claims, self.accounts = _read(path, shown)
        self.changed = False

    def bind(self, unit: str, account: str) -> str | None:
        """Makes ``account`` ``unit``'s account if it has none; returns the account it has when
        that is another one (the submission is then refused), else None."""
        known = self.accounts.get(unit)
        if known is not None and known.casefold() != account.casefold():
            return known
        if known is None:
            self.accounts[unit] = account
            self.changed = True
        return None

    def put(self, claim: Pending) -> None:
        """Adds ``claim``, replacing the one its issue made before."""
        self.claims = [c for c in self.claims if c.issue != claim.issue] + [claim]
        self.changed = True

    def drop(self, issues: Sequence[int] = (), subject: str | None = None) -> None:
        """Removes the claims of ``issues`` and every claim about ``subject``."""
        kept = [c for c in self.claims if c.issue not in issues and c.subject != subject]
        self.changed |= len(kept) != len(self.claims)
        self.claims = kept

    def about(self, subject: str) -> list[Pending]:
        """The claims about the table ``subject``, oldest issue first."""
        return sorted((c for c in self.claims if c.subject == subject), key=lambda c: c.issue)

    def save(self) -> bool:
        """Writes the file when something changed (removes it when nothing is left); returns whether it did."""
        if not self.changed:
            return False
        try:
            if self.claims or self.accounts:
                write_atomically(self.path, _text(self.claims, self.accounts))
            else:
                self.path.unlink(missing_ok=True)
        except OSError as exc:
            raise IngestError(f"{self.shown} cannot be written: {exc.strerror or exc}") from None
        return True


WAIT = 120.0
"""Seconds a submission waits for the others being processed (a workflow run is not a person
at a terminal: it waits rather than fails)."""


@contextmanager
def held(project: Project, slug: str) -> Iterator[Claims]:
    """The event's claims, locked until the block ends (written only by :meth:`Claims.save`)."""
    path = claims_file(project, slug)
    shown = display_path(path, project.root)
    with edit_lock(path, shown, timeout=WAIT):
        yield Claims(path, shown)
