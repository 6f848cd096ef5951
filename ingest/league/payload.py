"""The GitHub ``issues`` event a workflow run is given (the file ``$GITHUB_EVENT_PATH``).

Its shape (GitHub's webhook ``issues`` event): ``action`` (``opened``, ``edited``, ...),
``issue`` with ``number``, ``title``, ``body`` (None when empty), ``user.login`` (the author),
``labels`` (each with a ``name``) and ``state``; ``repository.full_name``; ``sender.login``
(who acted: the author, or a maintainer who edited the issue). Only what a submission needs
is read, each value checked for its type; the file is read within :data:`MAX_PAYLOAD` bytes.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

MAX_PAYLOAD = 1024 * 1024
"""The largest event file read (an issue event with a full 65,536-character body is about 80 KB)."""


class BadPayload(ValueError):
    """The file is not an ``issues`` event (the message says why)."""


@dataclass(frozen=True, slots=True)
class IssueEvent:
    """What a submission needs of an ``issues`` event."""

    action: str
    number: int
    """The issue's number: the submission's key (an issue delivered or edited again is the same submission)."""
    body: str
    author: str
    """The issue author's GitHub login (whose account the submission comes from)."""
    labels: tuple[str, ...]
    repository: str
    """``owner/name``."""
    private: bool = False
    """Whether the repository is private (its issues are not public)."""
    at: dt.datetime | None = None
    """When the issue was last changed, by GitHub's clock (``issue.updated_at``): the moment a
    decklist was handed in, for the deadline."""


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise BadPayload(f"{what} is not text")
    return value


def parse_event(data: object) -> IssueEvent:
    """The issue event in ``data`` (the JSON document).

    Raises:
        BadPayload: a value the event must have is missing or of another type.
    """
    if not isinstance(data, dict):
        raise BadPayload("the event is not a JSON object")
    issue = data.get("issue")
    if not isinstance(issue, dict):
        raise BadPayload("the event has no issue (is it an issues event?)")
    number = issue.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise BadPayload("issue.number is not an issue number")
    user = issue.get("user")
    author = _text(user.get("login") if isinstance(user, dict) else None, "issue.user.login")
    body = issue.get("body")
    labels = issue.get("labels") or []
    if not isinstance(labels, list):
        raise BadPayload("issue.labels is not a list")
    names = tuple(str(label.get("name")) for label in labels if isinstance(label, dict) and label.get("name"))
    repo = data.get("repository")
    return IssueEvent(
        _text(data.get("action", ""), "action"),
        number,
        "" if body is None else _text(body, "issue.body"),
        author,
        names,
        _text(repo.get("full_name", "") if isinstance(repo, dict) else "", "repository.full_name"),
        isinstance(repo, dict) and repo.get("private") is True,
        _moment(issue.get("updated_at") or issue.get("created_at")),
    )


def _moment(value: object) -> dt.datetime | None:
    """A GitHub timestamp (``2026-11-04T19:42:11Z``), None when there is none or it is not one."""
    if not isinstance(value, str):
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def read_event(path: Path) -> IssueEvent:
    """The issue event in the file at ``path``.

    Raises:
        BadPayload: the file cannot be read, is larger than :data:`MAX_PAYLOAD`, is not JSON or not an issue event.
    """
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_PAYLOAD + 1)
    except OSError as exc:
        raise BadPayload(f"cannot read {path.name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_PAYLOAD:
        raise BadPayload(f"the event is larger than {MAX_PAYLOAD // 1024} KB")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadPayload("the event is not JSON") from None
    return parse_event(data)
