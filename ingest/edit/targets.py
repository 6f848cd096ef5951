"""What an edit addresses, as the TO names it: a player or team, a round, and where it is written.

The TO names players by id or by name, and rounds by number (``Round 3``, ``Semifinals``);
each entry of the assembled event knows where it is written in the file (its YAML path),
so an edit changes that very entry. Shared by :mod:`ingest.edit.recording` and
:mod:`ingest.edit.corrections`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ingest.core.diagnostics import YamlPath
from ingest.core.errors import IngestError
from ingest.core.model import Event, Player, Team
from ingest.core.rounds import Match, Round, TeamMatch
from ingest.edit.splice import EditError, Editor
from ingest.planner.bracket import fits_round_one
from ingest.planner.systems import system_of
from ingest.planner.top_cut import cut_as_made
from ingest.rules.event_ruleset import ruleset_for
from ingest.wot.wot_entry import WotEntry


def where(entry: Match | WotEntry | TeamMatch | Round | Player | Team) -> YamlPath:
    """Where an entry of the event is written in its file, e.g. ``("rounds", 2, "matches", 5)``.

    Raises:
        EditError: the entry was not read from a file (an event made in code has no place to edit).
    """
    if not entry.yaml_path:
        raise EditError(f"{type(entry).__name__} was not read from the file; it has no place to edit")
    return entry.yaml_path


def unit_names(event: Event) -> dict[str, str]:
    """Display names of players and teams by id."""
    names = {p.id: p.name for p in event.players}
    names.update({t.id: t.name for t in event.teams})
    return names


def find_unit(event: Event, given: str) -> str:
    """The id of a player (or team) named by id, or by their exact name (any case).

    Raises:
        IngestError: nobody has that id or name, or the name is shared.
    """
    names = unit_names(event)
    if given in names:
        return given
    matches = [uid for uid, name in names.items() if name.casefold() == given.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise IngestError(f'{len(matches)} players are called "{given}"; give the id ({", ".join(sorted(matches))})')
    raise IngestError(f'"{given}" is not a player of this event (give the id or the name as in the players list)')


def round_label(event: Event, key: str, number: int) -> str:
    """A round as the TO says it: ``Round 3``, ``Game 3`` (Wheel of Time), ``Semifinals``."""
    if key == "playoff":
        from ingest.rules.playoff import playoff_round_title

        return playoff_round_title(event, number)
    return f"{system_of(event).round_noun.capitalize()} {number}"


@dataclass(frozen=True, slots=True)
class Target:
    """The round an edit addresses."""

    key: str
    """``rounds`` or ``playoff``: the list in the file."""
    number: int
    """1-based round number within that list."""
    round: Round
    """The round."""
    label: str
    """How the TO says it (``Round 3``, ``Semifinals``)."""
    by_default: bool
    """Whether the round was chosen for the TO (no ``--round``)."""


def pick_round(event: Event, *, round_no: int | None, playoff: bool) -> Target:
    """The round a ``report`` or ``clear`` addresses.

    ``--playoff`` or, once the playoff has started, no ``--round`` at all: the playoff (the
    current playoff round by default). Otherwise the Swiss rounds (the last one paired by
    default); a Swiss round is reached after the cut only by naming it.
    """
    in_playoff = playoff or (round_no is None and bool(event.playoff))
    key = "playoff" if in_playoff else "rounds"
    series = event.playoff if in_playoff else event.rounds
    noun = "round" if in_playoff else system_of(event).round_noun
    if not series:
        what = "playoff round" if in_playoff else noun
        raise IngestError(f"the event has no {what} yet; pair one first with `scorekeeper pair`")
    number = series[-1].number if round_no is None else round_no
    if not 1 <= number <= len(series):
        what = "playoff rounds" if in_playoff else f"{noun}s"
        raise IngestError(f"{noun} {number} does not exist; the event has {len(series)} {what}")
    return Target(key, number, series[number - 1], round_label(event, key, number), round_no is None)


def not_found(event: Event, target: Target, what: str, tables: Sequence[int | None]) -> IngestError:
    """The error for a table or player the round does not have (its tables listed)."""
    listed = sorted({t for t in tables if t is not None})
    have = f" (its tables: {', '.join(map(str, listed))})" if listed else ""
    hint = ""
    if target.key == "playoff" and target.by_default and event.rounds:
        hint = "; to correct a Swiss round, give --round N"
    return IngestError(f"{target.label} has no match for {what}{have}{hint}")


T = TypeVar("T", Match, TeamMatch, WotEntry)


def find_table(
    event: Event,
    target: Target,
    candidates: Iterable[T],
    table: int | None,
    unit: str | None,
    sides: Callable[[T], Collection[str | None]],
    tables: Iterable[int | None],
) -> T:
    """The entry of ``candidates`` at ``table``, else the one ``unit`` plays in (one of its ``sides``).

    Raises:
        IngestError: none is (:func:`not_found`, listing ``tables``).
    """
    found = next(
        (c for c in candidates if (table is not None and c.table == table) or (unit is not None and unit in sides(c))),
        None,
    )
    if found is None:
        who = f"table {table}" if table is not None else unit_names(event).get(unit or "", unit or "")
        raise not_found(event, target, who, list(tables))
    return found


def later_rounds_warning(event: Event, target: Target) -> tuple[str, ...]:
    """What a correction to ``target`` cannot change: rounds and a cut already made from it."""
    if target.key == "rounds" and target.number < len(event.rounds):
        later = round_label(event, "rounds", target.number + 1)
        return (f"{later} was already paired with the old result; its pairings stay as they are",)
    if target.key == "rounds" and event.playoff:
        return ("the top cut was already made from the standings with the old result; the bracket stays as it is",)
    if target.key == "playoff" and target.number < len(event.playoff):
        later = round_label(event, "playoff", target.number + 1)
        return (f"{later} was already paired with the old result; its pairings stay as they are",)
    return ()


def keep_the_cut(editor: Editor, event: Event) -> None:
    """Writes down the top cut as it was made on playoff round 1, before a change that can
    move the Swiss standings (a result, a drop), in a file paired before ``pair`` recorded it:
    from then on the bracket stays as it was made (DESIGN §4, Bushiroad 3.2.4). Nothing is
    written when the recorded round 1 is not the bracket the standings give (a hand-made
    pairing: ``validate`` reports it)."""
    if not event.playoff or event.playoff[0].cut or event.origin is not None:
        return
    if event.structure.playoff is None or event.structure.pairing != "swiss":
        return
    ruleset = ruleset_for(event)
    if not fits_round_one(event, ruleset):
        return
    editor.set_value(where(event.playoff[0]), "cut", list(cut_as_made(event, ruleset)))


def refuse_overwrite(target: Target, table: int | None, old: str, replace: bool) -> None:
    """Refuses to record over ``old`` unless the TO gave ``--replace``."""
    if replace:
        return
    spot = f"{target.label}, table {table}" if table is not None else target.label
    raise IngestError(
        f"{spot} already has a result: {old}. Nothing was written; "
        "to change it, give --replace (or `scorekeeper clear` to remove it)"
    )


def replaced_note(old: str | None, new: str) -> str:
    """The note for a result that replaces another one (a TO correcting a result slip).

    >>> replaced_note("2-1", "0-0-3"), replaced_note(None, "2-1"), replaced_note("2-1", "2-1")
    ('replaced 2-1 with 0-0-3', '', '')
    """
    return f"replaced {old} with {new}" if old is not None and old != new else ""
