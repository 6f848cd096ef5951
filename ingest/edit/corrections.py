"""The roster changes and corrections a TO makes on event night.

``drop`` and ``undrop`` (a player leaves, or did not leave after all), ``add-player`` (also
a late entry, with the losses the event gives for the rounds they missed), ``rename`` and
``pair --redo`` (pair the current round again while it has no result). Like
:mod:`ingest.edit.recording`, each function takes the file's text and its assembled event and
returns an :class:`~ingest.edit.event_file.Edit`; :func:`ingest.edit.event_file.edit_event_file`
locks, checks and writes. Rounds, players and drops are changed where the event says they
are written (their YAML paths).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from ingest.core.diagnostics import YamlPath
from ingest.core.errors import IngestError
from ingest.core.ids import PlayerId
from ingest.core.model import Event
from ingest.core.slug import slug
from ingest.edit.event_file import Edit
from ingest.edit.late_entry import ID_MAX_LENGTH, late_entry
from ingest.edit.new_round import RoundEdit
from ingest.edit.splice import Editor
from ingest.edit.targets import find_unit, keep_the_cut, round_label, unit_names, where
from ingest.edit.team_roster import team_drop_words
from ingest.planner.outcome import PlannedGame, PlannedGameBye
from ingest.planner.systems import system_of

if TYPE_CHECKING:
    from ingest.planner.outcome import Finished, PlannedRound


class Parse(Protocol):
    """Assembles an edited text into an event (``lenient``: even with cross-reference errors)."""

    def __call__(self, text: str, *, lenient: bool = False) -> Event: ...


def _later_rounds(event: Event, after_round: int) -> list[int]:
    return [r.number for r in event.rounds[after_round:]]


# -- drop and undrop ------------------------------------------------------------------------------


def drop_player(text: str, event: Event, player: str, *, after_round: int | None, parse: Parse | None = None) -> Edit:
    """Records that ``player`` drops after a round.

    Without ``after_round``, once the top cut is made the drop goes to ``cut_drops`` (before
    playoff round 1) or to the current playoff round: nobody replaces a finalist (MTR 2.10,
    Aequitas 2.10), see :func:`ingest.planner.bracket.drop_after_cut`. ``after_round`` names a Swiss
    round: a drop after the last one is a drop before the cut, and the next player advances.

    ``parse`` (``drop --redo``): a player who leaves before the current round starts is
    taken out of it by pairing it again (:func:`repair_round`), which ``parse`` makes
    possible; without it such a drop is refused.
    """
    from ingest.planner.bracket import drop_after_cut
    from ingest.rules.event_ruleset import ruleset_for

    pid = find_unit(event, player)
    name = unit_names(event)[pid]
    # A team event: a member's drop takes the team out (MTR 8.2, Bushiroad 5.1), once.
    team, team_words = team_drop_words(event, pid)
    target = drop_after_cut(event, team or pid) if after_round is None else None
    if target is not None:
        playoff_round, desc = target
        editor = Editor(text)
        if playoff_round is not None:
            _append_drop(editor, where(playoff_round), team or pid)
        elif editor.has(("cut_drops",)):
            editor.append_item(("cut_drops",), team or pid)
        else:
            editor.add_top_level("cut_drops", [team or pid])
        return Edit(editor.result(), f"{name}: {desc}" if team and team != pid else desc)
    noun = system_of(event).round_noun
    if not event.rounds:
        cited = ruleset_for(event).sections.drop
        raise IngestError(
            f"no {noun} has been paired yet: a player who leaves before {noun} 1 did not take part"
            f"{f' ({cited})' if cited else ''}; remove {name} from players instead"
        )
    if after_round is None:
        after_round = event.rounds[-1].number
    if not 1 <= after_round <= len(event.rounds):
        raise IngestError(f"{noun} {after_round} does not exist; the event has {len(event.rounds)} {noun}s")
    already = event.dropped_after()
    if pid in already:
        raise IngestError(f"{name} already dropped after {noun} {already[pid]}")
    later = [r.number for r in event.rounds[after_round:] if (team or pid) in r.entrants()]
    current = len(event.rounds)
    if later and (parse is None or later != [current]):
        redo = f", or pair {noun} {current} again without them (`drop ... --redo`)" if later == [current] else ""
        raise IngestError(
            f"{name} is paired in {noun} {later[0]}, after {noun} {after_round}; "
            f"drop them after {noun} {later[-1]}{redo}"
        )
    editor = Editor(text)
    _append_drop(editor, where(event.rounds[after_round - 1]), pid)
    keep_the_cut(editor, event)
    desc = f"{name} drops after {round_label(event, 'rounds', after_round)}{team_words}"
    if not later or parse is None:
        return Edit(editor.result(), desc)
    dropped = editor.result()
    redone = repair_round(dropped, parse(dropped, lenient=True), parse)
    # The round paired again is shown after the description (it is the round as written).
    return replace(redone, description=f"{desc}; {redone.description} without them:", note="")


def _append_drop(editor: Editor, path: YamlPath, player: str) -> None:
    """Adds ``player`` to the ``drops`` of the round at ``path``."""
    if editor.has((*path, "drops")):
        editor.append_item((*path, "drops"), player)
    else:
        editor.set_value(path, "drops", [player])


def undrop_player(text: str, event: Event, player: str) -> Edit:
    """Takes back a recorded drop: the player is paired again from the next round on.

    Rounds paired while they were out stay as they were (pairings are data); the edit says
    which.
    """
    pid = find_unit(event, player)
    name = unit_names(event)[pid]
    # Each list the player is in: (its round, if any; how the TO says it; every listing in it).
    places: list[tuple[int | None, str, tuple[tuple[PlayerId, YamlPath], ...]]] = []
    for n, rnd in enumerate(event.rounds, start=1):
        if pid in rnd.drops:
            places.append((n, round_label(event, "rounds", n), rnd.drop_paths))
    if pid in event.cut_drops:
        places.append((None, "the top cut was made", event.cut_drop_paths))
    for n, rnd in enumerate(event.playoff, start=1):
        if pid in rnd.drops:
            places.append((None, round_label(event, "playoff", n), rnd.drop_paths))
    if not places:
        raise IngestError(f"{name} has not dropped")
    editor = Editor(text)
    keep_the_cut(editor, event)
    for _, _, listed in places:
        mine = [path for p, path in listed if p == pid]
        seq_path = mine[0][:-1]
        if len(mine) == len(listed):  # the player is all the list holds: the key goes
            editor.remove_key(seq_path[:-1], str(seq_path[-1]))
        else:
            editor.remove_items(seq_path, [int(path[-1]) for path in mine])
    number, spot, _ = places[0]
    warnings: tuple[str, ...] = ()
    if number is not None:
        missed = _later_rounds(event, number)
        if missed:
            label = ", ".join(round_label(event, "rounds", n) for n in missed)
            warnings = (f"{name} was not paired in {label}; those pairings stay as they are",)
    return Edit(editor.result(), f"{name} no longer drops (the drop after {spot} is taken back)", "", warnings)


# -- add a player, rename one -------------------------------------------------------------------


def add_player(
    text: str,
    event: Event,
    *,
    player_id: str | None,
    name: str,
    deck: str | None = None,
    archetype: str | None = None,
    byes: int = 0,
) -> Edit:
    """Adds a player to the roster; a late entry gets the event's losses for the rounds they missed.

    Without a ``player_id`` the id is the slug of the name (``Ñandú Málaga`` -> ``nandu-malaga``);
    an id that another player already has is refused, never suffixed behind the TO's back.
    A team event takes players with their team (:func:`ingest.edit.team_roster.add_team`).
    When a player may join late is :func:`late_entry`'s.
    """
    names = unit_names(event)
    player_id = new_player_id(event, name, player_id)
    taken = [uid for uid, n in names.items() if n.casefold() == name.casefold()]
    late = late_entry(event)
    entry: dict[str, str | int] = {"id": player_id, "name": name}
    if deck:
        entry["deck"] = deck
    if archetype:
        entry["archetype"] = archetype
    if byes:
        entry["byes"] = byes
    editor = Editor(text)
    if editor.has(("players",)):
        editor.append_item(("players",), entry)
    else:
        editor.add_top_level("players", [entry], block=False)
    warnings: list[str] = []
    if taken:
        warnings.append(f'another player is also called "{name}" ({", ".join(taken)}); ids tell them apart')
    for path in late.loss_paths:
        editor.append_item((*path, "matches"), {"loss": player_id})
    return Edit(editor.result(), f"added {name} ({player_id}){late.words}", "", tuple(warnings))


def new_player_id(event: Event, name: str, player_id: str | None = None) -> str:
    """The id a new player ``name`` gets: ``player_id``, or the slug of the name; refused when
    another player has it (never suffixed behind the TO's back) or the event takes teams.

    Raises:
        IngestError: the id is taken or cannot be made, or this is a team event.
    """
    names = unit_names(event)
    if event.structure.team_kind is not None:
        size = event.structure.team_size or 2
        members = " ".join(f"--member 'Player {n}'" for n in range(1, size + 1))
        raise IngestError(f"this is a team event: add each team with its members, `scorekeeper add-team FILE "
                          f"--name 'Team Name' {members}`")  # fmt: skip
    if player_id is None:
        player_id = slug(name, fallback="", max_length=ID_MAX_LENGTH)
        if not player_id:
            raise IngestError(f"the name {name!r} has no letters or digits to make an id from; give one with --id")
        if player_id in names:
            raise IngestError(
                f'the id "{player_id}", made from the name, is taken by {names[player_id]}; give another with --id'
            )
    elif player_id in names:
        raise IngestError(f'the id "{player_id}" is taken by {names[player_id]}; choose another --id')
    return player_id


def rename_player(text: str, event: Event, player: str, new_name: str) -> Edit:
    """Changes the display name of a player (or team); the id, and every result, stay."""
    pid = find_unit(event, player)
    old = unit_names(event)[pid]
    new_name = new_name.strip()
    if not new_name:
        raise IngestError("give the new name")
    if new_name == old:
        raise IngestError(f'{pid} is already called "{old}"')
    entry = next((t for t in event.teams if t.id == pid), None) or next(p for p in event.players if p.id == pid)
    editor = Editor(text)
    editor.set_value(where(entry), "name", new_name)
    return Edit(editor.result(), f'{pid}: "{old}" is now "{new_name}"')


# -- pair the current round again -------------------------------------------------------------------


def repair_round(text: str, event: Event, parse: Parse, *, started: str = "") -> RoundEdit:
    """Pairs the current round (or playoff round) again while none of its matches has a result.

    The round is taken out and paired again by the same engine with the same seed, from the
    file as it is now: a drop or a late entry recorded since it was paired is taken into
    account; with nothing changed the pairings come out the same. Drops recorded for the
    round are kept, and so is its clock (:mod:`ingest.core.round_clock`), unless ``started``
    starts it anew. Returns the edit with the new plan and the event it was made from (to show
    the pairings).

    Args:
        text: the event file.
        event: the same file, assembled.
        parse: assembles an edited text (the round taken out) into an event.
        started: the time of day the round paired again starts (``HH:MM``); empty: the clock
            stays as it was.
    """
    from ingest.edit.new_round import apply_plan
    from ingest.planner.outcome import Finished, RoundClock
    from ingest.planner.plan import plan_next_round

    key = "playoff" if event.playoff else "rounds"
    series = event.playoff if event.playoff else event.rounds
    if not series:
        raise IngestError("no round has been paired yet; `scorekeeper pair` pairs round 1")
    current = series[-1]
    label = round_label(event, key, current.number)
    n = current.results_recorded()
    if n:
        raise IngestError(
            f"{label} already has {n} result{'s' if n != 1 else ''}; it can be paired again only before any "
            "result is recorded (`scorekeeper clear` removes a result)"
        )
    editor = Editor(text)
    path = where(current)
    editor.remove_item(path[:-1], int(path[-1]))
    without = editor.result()
    before = parse(without)
    plan = _replan(event, before) if key == "playoff" and current.number == 1 else plan_next_round(before)
    if isinstance(plan, Finished):  # the round removed was one the event did not need
        raise IngestError(plan.reason)
    clock = RoundClock(started) if started else RoundClock.of(current)
    plan = replace(plan, drops=tuple(current.drops), clock=clock)
    same = _pairings(plan) == current.pairings()
    note = "the pairings are the same as before: nothing they depend on has changed" if same else ""
    return RoundEdit(apply_plan(without, plan), f"{label} paired again", note, plan=plan, planned_on=before)


def _replan(event: Event, before: Event) -> PlannedRound | Finished:
    """Playoff round 1 paired again from the corrected standings: the cut made again, or,
    where the finalists stay as decided (Bushiroad 3.2.4), the same finalists re-seeded."""
    from ingest.planner.bracket import plan_elimination
    from ingest.planner.plan import plan_next_round
    from ingest.planner.top_cut import cut_as_made, cut_from_standings
    from ingest.rules.event_ruleset import ruleset_for
    from ingest.rules.standings import compute_standings

    ruleset = ruleset_for(event)
    if not ruleset.finalists_stay or event.structure.playoff is None:
        return plan_next_round(before)
    kept = cut_from_standings(before, compute_standings(before, ruleset), keep=cut_as_made(event, ruleset))
    return plan_elimination(before, ruleset, main=False, cut=kept)


def _pairings(plan: PlannedRound) -> list[tuple[str, ...]]:
    """The planned round's pairings as :meth:`~ingest.core.rounds.Round.pairings` gives a recorded round's."""
    out: list[tuple[str, ...]] = []
    for table in plan.tables:
        out.append((table.hero, table.villain) if isinstance(table, PlannedGame) else (table.first, table.second))
    for bye in plan.byes:
        out.append((bye.player,) if isinstance(bye, PlannedGameBye) else (bye.unit,))
    return sorted(out)
