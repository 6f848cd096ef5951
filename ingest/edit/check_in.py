"""Check-in before round 1 (``structure.check_in: true``).

A player checks in at the venue's join page or at the desk (``scorekeeper check-in FILE
PLAYER``), which writes ``checked_in: true`` on their entry. Round 1 is then paired with the
checked-in players only (:func:`round_one_field`): the others are taken off the roster in the
same edit. The rule documents say so: a player who drops before the first round has started
is considered not to have taken part and is not listed in the finish order (MTR 2.10,
Aequitas 2.10), so a player who did not come is not paired, given no loss and not ranked.
One who arrives after round 1 is paired enters as a late entry, with the event's losses
for the rounds missed (:func:`ingest.edit.corrections.add_player`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ingest.core.errors import IngestError
from ingest.core.model import Event, Player
from ingest.edit.corrections import Parse
from ingest.edit.event_file import Edit
from ingest.edit.splice import Editor
from ingest.edit.targets import find_unit, unit_names, where


def check_in_player(text: str, event: Event, player: str) -> Edit:
    """Records that ``player`` (id or name) is here for round 1: ``checked_in: true``.

    A player checked in already is left as they are (the edit changes nothing).

    Raises:
        IngestError: the event has no check-in, is a team event, or round 1 is paired already.
    """
    if not event.structure.check_in:
        raise IngestError(
            "this event has no check-in; write check_in: true under structure: to have players check in before round 1"
        )
    if event.is_team_event:
        raise IngestError("check-in is for the players of an individual event; a team event pairs every team")
    pid = find_unit(event, player)
    name = unit_names(event)[pid]
    if event.rounds or event.playoff:
        raise IngestError(
            f"round 1 is paired already: check-in is over, and {name} is on the roster and paired; "
            "a player who arrives now joins with `scorekeeper add-player` (a late entry)"
        )
    entry = next(p for p in event.players if p.id == pid)
    if entry.checked_in:
        return Edit(text, f"{name} ({pid}) is checked in already")
    editor = Editor(text)
    editor.set_value(where(entry), "checked_in", True)
    here = sum(1 for p in event.players if p.checked_in) + 1
    return Edit(editor.result(), f"{name} ({pid}) checked in ({here} of {len(event.players)} players)")


def absent_players(event: Event) -> tuple[Player, ...]:
    """The players round 1 leaves out: those not checked in, when the event has check-in and
    round 1 is not paired yet (none otherwise)."""
    if not event.structure.check_in or event.rounds or event.playoff or event.is_team_event:
        return ()
    return tuple(p for p in event.players if not p.checked_in)


@dataclass(frozen=True, slots=True)
class LeftOut:
    """Who round 1 leaves out, and that in words for the TO."""

    players: tuple[Player, ...]
    words: str


def round_one_field(text: str, event: Event, parse: Parse) -> tuple[str, Event, LeftOut | None]:
    """The text and event round 1 is paired from: with check-in, the players who did not check
    in taken off the roster (MTR 2.10, Aequitas 2.10: they did not take part), else as they are.

    Raises:
        IngestError: nobody has checked in.
    """
    from ingest.rules.event_ruleset import ruleset_for

    absent = absent_players(event)
    if not absent:
        return text, event, None
    if len(absent) == len(event.players):
        raise IngestError(
            "nobody has checked in for round 1; players check in at the venue's join page, or at the desk with "
            "`scorekeeper check-in FILE PLAYER`"
        )
    editor = Editor(text)
    editor.remove_items(("players",), [int(where(p)[-1]) for p in absent])
    new_text = editor.result()
    cited = ruleset_for(event).sections.drop or "MTR 2.10"
    listed = ", ".join(f"{p.name} ({p.id})" for p in absent)
    words = (
        f"not checked in, so not paired and taken off the roster ({cited}: a player who leaves before round 1 "
        f"did not take part): {listed}; one who comes later joins as a late entry (the venue's join page, or "
        "`scorekeeper add-player`)"
    )
    return new_text, parse(new_text), LeftOut(absent, words)
