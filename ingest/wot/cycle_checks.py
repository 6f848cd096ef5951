"""Checks recorded Wheel of Time pairings against the cycle rules (WoT rules, seed 001).

The pairing engine (:mod:`ingest.wot.pairing`) decides what the rules ask for; this
module compares a Game as recorded (hand-made or imported) with it:

* **same-side** (error): each player plays his Hero deck once and his Villain deck once
  per Cycle (Time; a bye counts as the side it is given, Expanded Set-Up Rules), unless
  the engine's pairing of the same players has as many players on the same side again:
  drops can leave the previous Game's Hero and Villain piles two or more apart, and
  then someone must play the same deck twice (the engine moves the lowest of the larger
  pile across, and notes it).
* **repeated-bye** (error): no second bye while a player in the Game has had fewer
  (Running the Event: one bye each until everyone has had one).
* **bye-choice** (warning): the bye goes to the lowest-scoring player of the pile the
  rules name (Expanded Set-Up Rules: the previous Game's Heroes in a Cycle's second
  Game, its Villains in a later Cycle's first Game); players level on score and in
  the same position are interchangeable (the rules pick among them at random). The
  bye of Game 1 comes from the shuffle, so only its side is checked.
* **rematch**: meeting an opponent again (Between Games: "if at all possible, never the
  same opponent twice"), worst with the same decks (Expanded Set-Up Rules). An error
  when the engine's pairing of the same players has fewer same-deck repeats, or as
  many and fewer rematches; otherwise nothing (it could not be avoided).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ingest.wot.pairing import WotPairing, history_counts, pair_wot_game, previous_sides
from ingest.wot.scoring import WotTotals, wot_totals
from ingest.wot.values import (
    WotBye,
    WotInputError,
    WotRound,
    WotSeverity,
    WotSide,
    WotTable,
    cycle_of,
    is_first_game_of_cycle,
)

__all__ = ["WotPairingFinding", "WotTable", "check_wot_pairing"]


@dataclass(frozen=True, slots=True)
class WotPairingFinding:
    """One way a recorded Game breaks the pairing rules."""

    severity: WotSeverity
    """Error or warning."""
    code: str
    """``same-side``, ``repeated-bye``, ``bye-choice`` or ``rematch``."""
    message: str
    """What is wrong, in words a TO understands."""
    table: int | None
    """The table concerned; None for the bye."""


def check_wot_pairing(
    history: Sequence[WotRound],
    tables: Sequence[WotTable],
    byes: Sequence[WotBye],
    seed: int,
    names: Mapping[str, str] | None = None,
) -> tuple[WotPairingFinding, ...]:
    """Check the pairings of Game ``len(history) + 1`` as recorded.

    Args:
        history: Results of every earlier Game, in order.
        tables: The Game's tables as recorded.
        byes: The Game's byes as recorded.
        seed: The event seed (the engine's order among players level on score).
        names: How the findings name each player (default: by id).

    Returns:
        Every finding, tables in record order, then the bye.
    """
    game = len(history) + 1
    named = _Names(names or {})
    out: list[WotPairingFinding] = []
    players = [p for t in tables for p in (t.hero, t.villain)] + [b.player for b in byes]
    expected: WotPairing | None
    try:
        expected = pair_wot_game(history, players, seed, game)
    except (ValueError, WotInputError):  # the record has errors the record checks report
        expected = None
    same_side = _same_side(history, tables, byes, game, named)
    if expected is None or len(same_side) > _same_side_count(history, expected, game):
        out += same_side
    out += _repeated_byes(history, tables, byes, named)
    if expected is not None:
        out += _bye_choice(history, byes, expected, game, named)
        out += _rematches(history, tables, expected, named)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Names:
    """How the findings name players: by name where known, else by id."""

    names: Mapping[str, str]

    def __call__(self, player: str) -> str:
        return self.names.get(player, player)


def _side_of(tables: Sequence[WotTable], byes: Sequence[WotBye], game: int) -> dict[str, WotSide]:
    sides = {t.hero: WotSide.HERO for t in tables} | {t.villain: WotSide.VILLAIN for t in tables}
    return sides | {b.player: b.resolved_side(game) for b in byes}


def _same_side(
    history: Sequence[WotRound], tables: Sequence[WotTable], byes: Sequence[WotBye], game: int, name: _Names
) -> list[WotPairingFinding]:
    """Time: one Hero game and one Villain game per Cycle (a bye counts as its side)."""
    if is_first_game_of_cycle(game) or not history:
        return []
    before = previous_sides(history, game)
    table_of = {p: t.table for t in tables for p in (t.hero, t.villain)}
    out = []
    for player, side in _side_of(tables, byes, game).items():
        if before.get(player) is side:
            side_name = side.value.title()
            how = (
                f"games {game - 1} and {game}"
                if player in table_of
                else f"his bye in game {game} counts as {side_name}"
            )
            out.append(
                WotPairingFinding(
                    WotSeverity.ERROR,
                    "same-side",
                    f"{name(player)} plays {side_name} twice in cycle {cycle_of(game)} ({how})",
                    table_of.get(player),
                )
            )
    return out


def _same_side_count(history: Sequence[WotRound], pairing: WotPairing, game: int) -> int:
    """Players of the engine's pairing who play the side they played in the previous Game of
    the Cycle (none in a Cycle's first Game)."""
    if is_first_game_of_cycle(game) or not history:
        return 0
    before = previous_sides(history, game)
    sides = [(hero, WotSide.HERO) for hero, _ in pairing.tables] + [(v, WotSide.VILLAIN) for _, v in pairing.tables]
    if pairing.bye is not None:
        sides.append(pairing.bye)
    return sum(1 for player, side in sides if before.get(player) is side)


def _repeated_byes(
    history: Sequence[WotRound], tables: Sequence[WotTable], byes: Sequence[WotBye], name: _Names
) -> list[WotPairingFinding]:
    """Running the Event: nobody gets another bye while a player has had fewer."""
    counts, _, _ = history_counts(history)
    playing = [p for t in tables for p in (t.hero, t.villain)] + [b.player for b in byes]
    fewest = min((counts[p] for p in playing), default=0)
    return [
        WotPairingFinding(
            WotSeverity.ERROR,
            "repeated-bye",
            f"{name(b.player)} gets bye number {counts[b.player] + 1} while another player has had "
            f"{'no bye' if fewest == 0 else f'only {fewest}'}",
            None,
        )
        for b in byes
        if counts[b.player] > fewest
    ]


def _bye_choice(
    history: Sequence[WotRound], byes: Sequence[WotBye], expected: WotPairing, game: int, name: _Names
) -> list[WotPairingFinding]:
    """Expanded Set-Up Rules: who gets the bye, and the side it counts as."""
    if expected.bye is None or len(byes) != 1:
        return []  # a bye too many or too few is a record problem (several-byes) or a drop
    bye, (want, want_side) = byes[0], expected.bye
    if game > 1 and bye.player != want and not _interchangeable(history, bye.player, want, game):
        return [
            WotPairingFinding(
                WotSeverity.WARNING,
                "bye-choice",
                f"the bye went to {name(bye.player)}, but the rules give it to {name(want)} "
                f"(the lowest-scoring {_bye_pool(game)} of game {game - 1} with the fewest byes)",
                None,
            )
        ]
    side = bye.resolved_side(game)
    out = []
    if side is not want_side:
        out.append(
            WotPairingFinding(
                WotSeverity.WARNING,
                "bye-choice",
                f"{name(bye.player)}'s bye counts as {side.value.title()}; "
                f"the rules count it as {want_side.value.title()}",
                None,
            )
        )
    return out


def _bye_pool(game: int) -> str:
    return "Villain" if is_first_game_of_cycle(game) else "Hero"


def _interchangeable(history: Sequence[WotRound], got: str, want: str, game: int) -> bool:
    """Whether the rules could have picked either player for the bye (level on score,
    same side in the previous Game, as many byes): "chosen randomly if tied"."""
    totals = wot_totals(history)
    sides = previous_sides(history, game)
    counts, _, _ = history_counts(history)
    mine, theirs = totals.get(got, WotTotals()), totals.get(want, WotTotals())
    return (
        (mine.game_points, mine.tiebreak_points) == (theirs.game_points, theirs.tiebreak_points)
        and sides.get(got) is sides.get(want)
        and counts[got] == counts[want]
    )


def _rematches(
    history: Sequence[WotRound], tables: Sequence[WotTable], expected: WotPairing, name: _Names
) -> list[WotPairingFinding]:
    """Between Games and Expanded Set-Up Rules: no opponent twice if at all possible,
    never the same two players with the same decks."""
    _, met, decks = history_counts(history)

    def cost(pairs: Sequence[tuple[str, str]]) -> tuple[int, int]:
        return sum(decks[p] > 0 for p in pairs), sum(met[frozenset(p)] > 0 for p in pairs)

    recorded = [(t.hero, t.villain) for t in tables]
    avoidable = cost(recorded) > cost(expected.tables)
    if not avoidable:
        return []  # the rules ask to avoid a rematch "if at all possible": here it was not
    out = []
    for t in tables:
        if not met[frozenset((t.hero, t.villain))]:
            continue
        same_decks = decks[(t.hero, t.villain)] > 0
        what = f"{name(t.hero)} (Hero) and {name(t.villain)} (Villain) meet again" + (
            " with the same decks" if same_decks else ""
        )
        message = f"{what}, though a pairing with fewer rematches exists"
        out.append(WotPairingFinding(WotSeverity.ERROR, "rematch", message, t.table))
    return out
