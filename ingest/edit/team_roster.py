"""A team event's roster from the command line: a team added with its members
(``scorekeeper add-team``), and which team a drop takes out.

A team's members play in a fixed order (MTR 8.2: seats A, B, C; Bushiroad 5.1: first,
second, third), and a member who leaves takes the whole team out of the event (MTR 8.2;
Bushiroad 5.1.1 and 5.1.2). Nothing here touches the disk; each function returns an
:class:`~ingest.edit.event_file.Edit` or raises :class:`~ingest.core.errors.IngestError`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ingest.core.errors import IngestError
from ingest.core.ids import PlayerId
from ingest.core.model import Event, Team
from ingest.core.slug import slug
from ingest.edit.event_file import Edit
from ingest.edit.late_entry import ID_MAX_LENGTH, late_entry
from ingest.edit.splice import Editor
from ingest.edit.targets import round_label, unit_names

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""An id as the schema writes it: lower-case words joined by single hyphens."""


@dataclass(frozen=True, slots=True)
class Member:
    """A member as given on the command line: a name, and the id to give them."""

    id: str
    name: str

    @classmethod
    def parse(cls, given: str) -> Member:
        """``Alice Example`` (the id made from the name, ``alice-example``) or
        ``alice=Alice Example`` (the id chosen).

        >>> Member.parse("Alice Example"), Member.parse("al=Alice Example")
        (Member(id='alice-example', name='Alice Example'), Member(id='al', name='Alice Example'))

        Raises:
            IngestError: no name, or a name with nothing to make an id from.
        """
        head, sep, rest = given.partition("=")
        if sep and _ID.fullmatch(head.strip()) and rest.strip():
            return cls(head.strip(), rest.strip())
        name = given.strip()
        if not name:
            raise IngestError("a --member needs a name")
        made = slug(name, fallback="", max_length=ID_MAX_LENGTH)
        if not made:
            raise IngestError(f"the name {name!r} has no letters or digits to make an id from; write --member ID=NAME")
        return cls(made, name)


def seat_words(event: Event) -> list[str]:
    """How the rules name the seats: A, B, C (MTR 8.2) or first, second, third (Bushiroad 5.1)."""
    from ingest.summary.match_history import seat_labels

    return seat_labels(event).split()


def add_team(text: str, event: Event, *, team_id: str | None, name: str, members: Sequence[str]) -> Edit:
    """Adds a team with its members in seat order: the team to ``teams``, each member to
    ``players``. The team and every member need an id no one else has (the team's made from
    its name unless given). A late team in a Swiss event joins as a late player does: a match
    loss for each round paired so far (``late_entries: loss``, the default).

    Raises:
        IngestError: not a team event, the wrong number of members, a taken id, or a bracket
            or schedule that was made before the team came.
    """
    kind, size = event.structure.team_kind, event.structure.team_size
    if kind is None:
        raise IngestError(
            "this is not a team event: add players with add-player, or start a team event with "
            "`scorekeeper new ... --teams KIND`"
        )
    name = name.strip()
    if not name:
        raise IngestError("give the team's name with --name")
    people = [Member.parse(m) for m in members]
    if size is not None and len(people) != size:
        raise IngestError(
            f"a {kind} team has {size} members, in seat order ({', '.join(seat_words(event)[:size])}); "
            f"give --member {size} times, not {len(people)}"
        )
    if team_id is None:
        team_id = slug(name, fallback="", max_length=ID_MAX_LENGTH)
        if not team_id:
            raise IngestError(f"the name {name!r} has no letters or digits to make an id from; give one with --id")
    names = unit_names(event)
    wanted = [(team_id, "the team", "give the team another with --id")]
    wanted += [(m.id, m.name, f"write --member ID={m.name} with another id") for m in people]
    seen: dict[str, str] = {}
    for uid, who, how in wanted:
        if uid in names:
            raise IngestError(f'the id "{uid}" of {who} is taken by {names[uid]}; {how}')
        if uid in seen:
            raise IngestError(f'{seen[uid]} and {who} would both get the id "{uid}"; write --member ID=NAME')
        seen[uid] = who
    late = late_entry(event)
    editor = Editor(text)
    entry: dict[str, Any] = {"id": team_id, "name": name, "members": [m.id for m in people]}
    _append(editor, "teams", [entry])
    _append(editor, "players", [{"id": m.id, "name": m.name} for m in people])
    for path in late.loss_paths:
        editor.append_item((*path, "matches"), {"loss": team_id})
    if kind == "two-headed-giant":  # the team plays as one (MTR 9.1): no seats
        seats = " and ".join(m.name for m in people)
    else:
        seats = ", ".join(f"{seat}: {m.name}" for seat, m in zip(seat_words(event), people, strict=False))
    warnings: list[str] = []
    same = [t.id for t in event.teams if t.name.casefold() == name.casefold()]
    if same:
        warnings.append(f'another team is also called "{name}" ({", ".join(same)}); ids tell them apart')
    return Edit(editor.result(), f"added team {name} ({team_id}): {seats}{late.words}", "", tuple(warnings))


def _append(editor: Editor, key: str, entries: list[dict[str, Any]]) -> None:
    if editor.has((key,)):
        editor.append_items((key,), entries)
    else:
        editor.add_top_level(key, entries, block=False)


def team_of(event: Event, unit: str) -> Team | None:
    """The team ``unit`` is, or is a member of (None outside a team event)."""
    for team in event.teams:
        if team.id == unit or unit in team.members:
            return team
    return None


def team_drop_words(event: Event, unit: str) -> tuple[PlayerId | None, str]:
    """For a drop of ``unit`` in a team event: the team that leaves (None outside one) and,
    when a member is named, what their leaving means (MTR 8.2, Bushiroad 5.1).

    Raises:
        IngestError: the team has dropped already (through this member or another).
    """
    team = team_of(event, unit) if event.is_team_event else None
    if team is None:
        return None, ""
    names = unit_names(event)
    left = event.unit_drops().get(PlayerId(team.id))
    if left is not None:
        by = [m for m in (team.id, *team.members) if m in event.dropped_after()]
        who = "" if by == [team.id] else f" ({', '.join(names[m] for m in by if m != team.id)} left)"
        raise IngestError(
            f"team {team.name} already dropped after {round_label(event, 'rounds', left)}{who}; "
            f"nothing was written (`scorekeeper undrop FILE {by[0]}` takes the drop back)"
        )
    if unit == team.id:
        return PlayerId(team.id), ""
    cited = _team_rule(event)
    return PlayerId(team.id), f"; team {team.name} drops with them{cited}"


def _team_rule(event: Event) -> str:
    from ingest.rules.event_ruleset import ruleset_for

    cited = ruleset_for(event).sections.teams
    return f" (a member who leaves takes the team out, {cited})" if cited else ""
