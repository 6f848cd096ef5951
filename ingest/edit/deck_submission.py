"""A player's own decklist, handed in: read, checked against the event's format on the event
date, and written beside the event through the locked edit path.

The venue's "my decklist" page, a league's issue form (``scorekeeper apply-submission``) and
the TO's ``scorekeeper submit-deck`` all call :func:`submit_deck`. It takes the text a player
pasted (the MTG Arena or MTGO export, or any list the deck files may hold:
:mod:`ingest.decks.decklist`), reads it with the reader the deck files go through and checks it
with the checker ``validate`` and ``check-decks`` use (:func:`ingest.decks.legality.check_deck`,
the format as it stood on the event date): there is no second reader and no second checker.

The outcome is a typed value, never words: :class:`Accepted`, :class:`Refused` (every line that
cannot be read and every rule broken, each a :class:`LineProblem` or a
:class:`~ingest.decks.legality.Violation`) or :class:`TooLate`. Whoever shows it words it in
the site's language (:mod:`ingest.site.submission_words`).

The policy (DESIGN §8: the player hands in, the TO decides):

- a list that cannot be read, is empty or breaks a rule of the format is refused, and
  nothing is written: the player sees why and sends a fixed list. Checks that need card facts
  nobody gave are not failures (they are reported as notes, as ``check-decks`` does). Only the
  TO records an illegal list (``accept_illegal``: ``submit-deck --accept-illegal``); ``validate``
  then warns about it and the site marks it illegal, as for any list in the event file;
- lists are taken until ``structure.decklist_deadline`` or, without one, until round 1 is
  paired; after that only the TO changes a list (``after_deadline``);
- an accepted list is written to ``decks/<event file name>/<player id>.txt`` beside the event
  file (the samples' layout), and the player's ``deck:`` is set to it in the same locked edit
  that decides the deadline: two players handing in at once both land, and a list handed in
  while round 1 is being paired is either in before the pairing or refused as late.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ingest.checks.event_files import EventData, event_data
from ingest.core.errors import IngestError
from ingest.core.ids import PlayerId
from ingest.core.model import Event, Player
from ingest.decks.card_data import CardData
from ingest.decks.decklist import Decklist, parse_decklist_text
from ingest.decks.decklist_parts import Section
from ingest.decks.event_decks import event_rules
from ingest.decks.format_registry import FormatRegistry
from ingest.decks.legality import DeckVerdict, Violation, check_deck, check_team
from ingest.edit.event_file import Checked, Edit, edit_event_file
from ingest.edit.splice import Editor
from ingest.edit.targets import find_unit
from ingest.source.project import Project
from ingest.source.storage import write_atomically

__all__ = [
    "MAX_LIST_CHARACTERS",
    "Accepted",
    "CheckedList",
    "LineProblem",
    "Refused",
    "Submission",
    "TooLate",
    "check_list",
    "deadline_passed",
    "deck_ref",
    "submit_deck",
]

MAX_LIST_CHARACTERS = 20_000
"""The longest list taken (a 75-card export with set codes is under 3,000 characters)."""


@dataclass(frozen=True, slots=True)
class LineProblem:
    """A line of the list that cannot be read (it is not ``4 Card Name`` nor a section header)."""

    line: int
    """The line's number in the text as sent (1-based)."""
    text: str
    """The line as sent, without surrounding spaces."""
    detail: str
    """What the reader says about it (English: the deck files' own error message)."""


@dataclass(frozen=True, slots=True)
class CheckedList:
    """A list read and checked (whether or not it is legal): what :func:`check_list` found."""

    text: str
    """The list as it is written to the deck file (line ends made plain, an MTG Arena
    ``About``/``Name`` block left out)."""
    decklist: Decklist
    """The cards read."""
    problems: tuple[LineProblem, ...]
    """Lines that cannot be read."""
    verdict: DeckVerdict | None
    """The format's verdict on the event date; None when the format gives no deck rules
    (``other``, or a format without construction rules): the list is taken unchecked."""
    format: str = ""
    """The event's format as its format file names it (``Modern``), or as the event writes it."""
    too_long: bool = False
    """The text is longer than :data:`MAX_LIST_CHARACTERS` (nothing else is read)."""

    @property
    def main(self) -> int:
        """Cards outside the sideboard."""
        return sum(e.count for e in self.decklist.entries if e.section is not Section.SIDEBOARD)

    @property
    def sideboard(self) -> int:
        """Cards in the sideboard."""
        return self.decklist.total(Section.SIDEBOARD)

    @property
    def empty(self) -> bool:
        """No card could be read."""
        return not self.decklist.entries

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every rule the list breaks (none when it was not checked)."""
        return self.verdict.violations if self.verdict is not None else ()

    @property
    def notes(self) -> tuple[Violation, ...]:
        """Checks not made for lack of card facts (not failures)."""
        return self.verdict.skipped if self.verdict is not None else ()

    @property
    def readable(self) -> bool:
        """Every line was read and there is at least one card."""
        return not self.too_long and not self.problems and not self.empty

    @property
    def legal(self) -> bool:
        """Readable and breaking no rule (a list of a format without deck rules is legal)."""
        return self.readable and not self.violations


@dataclass(frozen=True, slots=True)
class Accepted:
    """The list was taken: written beside the event, named by the player's ``deck:``."""

    player: PlayerId
    """Whose list it is."""
    ref: str
    """The deck file, relative to the event file's folder (``decks/<event>/<player>.txt``)."""
    checked: CheckedList
    """What was taken (legal, or illegal and taken by the TO: ``checked.violations``)."""
    changed: bool = True
    """False when this very list was already the player's (nothing was written)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The list was not taken (nothing was written): what is wrong with it."""

    player: PlayerId
    """Whose list it was."""
    checked: CheckedList
    """Its lines that cannot be read, the rules it breaks, or that it is empty or too long."""


@dataclass(frozen=True, slots=True)
class TooLate:
    """Lists are locked: the deadline has passed (only the TO changes a list now)."""

    player: PlayerId
    """Who tried."""
    deadline: dt.datetime | None
    """The event's ``structure.decklist_deadline``; None: the lock came with round 1's pairing."""


Submission = Accepted | Refused | TooLate
"""What handing in a list came to."""


# -- reading and checking -------------------------------------------------------------------------

_ARENA_ABOUT = re.compile(r"\A\s*About[ \t]*\n(?:[ \t]*Name[ \t][^\n]*\n)?", re.IGNORECASE)
"""The block MTG Arena's export starts with: ``About`` and ``Name <deck name>``."""


def plain_list(text: str) -> str:
    """The list as written to the deck file: plain line ends, no byte-order mark, no trailing
    spaces, no MTG Arena ``About`` block, one final line end.

    >>> plain_list("About\\r\\nName Mono Red\\r\\n\\r\\nDeck\\r\\n4 Lightning Bolt  \\r\\n")
    'Deck\\n4 Lightning Bolt\\n'
    """
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    text = _ARENA_ABOUT.sub("", text, count=1)
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def check_list(
    text: str,
    event: Event,
    formats: FormatRegistry | None,
    card_data: CardData | None = None,
    *,
    player: str = "",
    teammates: Mapping[str, Decklist] | None = None,
) -> CheckedList:
    """Reads a pasted list and checks it against the event's format on the event date.

    The reader is the deck files' (:func:`~ingest.decks.decklist.parse_decklist_text`) and the
    checker is ``check-decks``' (:func:`~ingest.decks.legality.check_deck`): a list taken here
    is legal for ``validate`` too, and one refused here is one it would warn about.

    ``teammates``: in a team event, the lists ``player``'s teammates have on file, by player
    id; the team's decks are then checked together as ``validate`` checks them
    (:func:`~ingest.decks.legality.check_team`: unified deck construction, MTR 8.4).
    """
    if len(text) > MAX_LIST_CHARACTERS:
        return CheckedList("", Decklist(), (), None, event.format, too_long=True)
    plain = plain_list(text)
    decklist, errors = parse_decklist_text(plain)
    shown = plain.split("\n")
    problems = tuple(
        LineProblem(e.line or 0, shown[e.line - 1].strip() if e.line and e.line <= len(shown) else "", e.message)
        for e in errors
    )
    rules = event_rules(event, formats)
    verdict = None
    if rules is not None and rules.deck_rules_given:
        verdict = check_deck(decklist, rules, on=event.date, card_data=card_data)
        if teammates:
            team = check_team({**teammates, player: decklist}, rules, card_data=card_data)
            verdict = DeckVerdict(verdict.violations + team.violations, verdict.skipped + team.skipped)
    return CheckedList(plain, decklist, problems, verdict, rules.name if rules is not None else event.format)


def deadline_passed(event: Event, now: dt.datetime) -> bool:
    """Whether players may no longer hand in lists: ``structure.decklist_deadline`` has come, or,
    without one, round 1 is paired.

    ``now`` carries its time zone; a deadline without one is read on this computer's clock.
    """
    deadline = event.structure.decklist_deadline
    if deadline is None:
        return bool(event.rounds or event.playoff)
    if deadline.tzinfo is None:
        return now.astimezone().replace(tzinfo=None) >= deadline
    return now >= deadline


def deck_ref(event_path: Path, player: str) -> str:
    """Where a player's handed-in list is written, relative to the event file's folder.

    >>> deck_ref(Path("events/2026/2026-11-20-fnm.yaml"), "alice")
    'decks/2026-11-20-fnm/alice.txt'
    """
    return f"decks/{event_path.stem}/{player}.txt"


# -- handing in -----------------------------------------------------------------------------------


def _player(event: Event, given: str) -> Player:
    found = find_unit(event, given)  # an id or a name; raises with the players listed
    player = event.player_map().get(PlayerId(found))
    if player is None:
        raise IngestError(f'"{given}" is a team; a list is handed in by each of its players')
    return player


def _teammates(
    path: Path,
    project: Project,
    data: EventData,
    event: Event,
    player: PlayerId,
    card_data: Mapping[str, CardData] | None,
) -> dict[str, Decklist]:
    """The lists ``player``'s teammates have on file (read as ``validate`` reads them); empty
    outside a team event or a format without unified deck construction."""
    team = next((t for t in event.teams if player in t.members), None)
    rules = event_rules(event, data.formats)
    if team is None or rules is None or rules.team is None or not rules.team.unified_deck_construction:
        return {}
    from ingest.checks.event_files import load_event
    from ingest.decks.event_decks import event_decks

    loaded = load_event(path, project, data=data)
    if loaded.event is None:
        return {}
    decks = event_decks(loaded.event, loaded.deck_files, data.formats, None, card_data)
    return {str(m): decks[m].decklist for m in team.members if m != player and m in decks}


def _inside(path: Path, ref: str) -> Path:
    """The deck file ``ref`` of the event file at ``path``, refused when a symbolic link on the
    way would take the write out of the event's folder (DESIGN §10: paths cannot leave it).

    Raises:
        IngestError: it would.
    """
    target = path.parent / ref
    folder = os.path.realpath(path.parent)
    if target.is_symlink() or not os.path.realpath(target.parent).startswith(folder + os.sep):
        raise IngestError(f'the decklist file "{ref}" leads outside the event\'s folder; nothing was written')
    return target


@dataclass
class _Write:
    """The deck file written during the edit, and what it held before (to put back if the edit
    of the event file fails)."""

    path: Path
    before: bytes | None


def submit_deck(
    path: Path,
    project: Project,
    player: str,
    text: str,
    *,
    now: dt.datetime,
    after_deadline: bool = False,
    accept_illegal: bool = False,
    data: EventData | None = None,
    card_data: Mapping[str, CardData] | None = None,
    read_before: Callable[[str], Checked | None] | None = None,
) -> Submission:
    """Hands in ``player``'s list ``text`` for the event file at ``path``.

    Args:
        path: the event file.
        project: its project (schemas, formats).
        player: the player's id (or name, as the command line takes it).
        text: the list as pasted or read from a file.
        now: the moment it is handed in (with its time zone), for the deadline.
        after_deadline: the TO changes a list after the deadline.
        accept_illegal: the TO takes a list that breaks the format's rules (never a list that
            cannot be read).
        data: the project's formats and schemas, when the caller holds them.
        card_data: card facts by game (``extra.scorekeeper.card_data``), when the project has them.
        read_before: as for :func:`~ingest.edit.event_file.edit_event_file` (the venue's own
            reading of the file's text).

    Returns:
        What came of it; :class:`Refused` and :class:`TooLate` wrote nothing.

    Raises:
        IngestError: the event file cannot be edited, or names no such player.
    """
    data = data or event_data(project)
    decided: list[Submission] = []
    written: list[_Write] = []

    def edit(current: str, event: Event) -> Edit:
        decided.clear()
        entry = _player(event, player)
        if not after_deadline and deadline_passed(event, now):
            decided.append(TooLate(entry.id, event.structure.decklist_deadline))
            return Edit(current, "nothing written: lists are locked")
        cards = (card_data or {}).get(event.game)
        teammates = _teammates(path, project, data, event, entry.id, card_data)
        checked = check_list(text, event, data.formats, cards, player=str(entry.id), teammates=teammates)
        if not checked.readable or (checked.violations and not accept_illegal):
            decided.append(Refused(entry.id, checked))
            return Edit(current, "nothing written: the list was refused")
        ref = deck_ref(path, str(entry.id))
        target = _inside(path, ref)
        before = target.read_bytes() if target.is_file() else None
        new = checked.text.encode("utf-8")
        changed = before != new or entry.deck != ref
        if before != new:
            if not written:
                written.append(_Write(target, before))
            write_atomically(target, new)
        decided.append(Accepted(entry.id, ref, checked, changed=changed))
        if entry.deck == ref:
            return Edit(current, f"{entry.name} ({entry.id}) handed in a list: {ref}")
        editor = Editor(current)
        editor.set_value(entry.yaml_path, "deck", ref)
        return Edit(editor.result(), f"{entry.name} ({entry.id}) handed in a list: {ref}")

    try:
        edit_event_file(path, project, edit, data=data, read_before=read_before)
    except BaseException:
        for w in written:  # the event file was not changed: neither is the deck file
            if w.before is None:
                w.path.unlink(missing_ok=True)
            else:
                write_atomically(w.path, w.before)
        raise
    return decided[-1]
